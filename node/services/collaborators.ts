/**
 * The small interfaces the services are handed. Each service factory takes an object of the
 * few collaborators it uses (its `…Deps` type, beside the factory), typed by these names or by
 * `Pick`s of the classes context.ts builds; app-services.ts `createHandlers` gives each
 * service its own. So a factory's signature says what the service depends on, and a test
 * can hand it a stand-in for any one of them.
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import type { ProjectInfo } from '../../contract/contract.js';
import type { TerrainCatalogue } from '../../core/terrain/catalogue.js';
import type { FileCapabilities } from './file-capabilities.js';
import type { ProjectSession } from './project-session.js';
import type { OperationQueue } from './router.js';
import type { UserLibrary } from './user-library.js';

/** The queue every project operation runs in, one at a time (router.ts). */
export type Queue = Pick<OperationQueue, 'exclusive'>;

/** The catalogue in use; call it afresh on every operation: `catalogue.update` replaces it. */
export type CurrentCatalogue = () => TerrainCatalogue;

/** The app's library (substitutes, vector tiles), opened — and on first use created and seeded — when first needed. */
export type AppLibrary = () => UserLibrary;

/** The open project, for journalling and reading its tables. */
export type CurrentProject = Pick<ProjectSession, 'current'>;

/** Paths from callers resolve against the project (relative ones in the default project folder). */
export type PathResolver = Pick<ProjectSession, 'resolvePath'>;

/** Which paths callers may name (file-capabilities.ts). */
export type PathCheck = Pick<FileCapabilities, 'check'>;

/** What a service that draws with the catalogue and writes files for the user is handed (exports, tile sheets). */
export interface FileOutputDeps {
  readonly queue: Queue;
  readonly session: PathResolver;
  readonly files: PathCheck;
  readonly catalogue: CurrentCatalogue;
}

/** Tells the renderer what the project looks like now (context.ts). */
export interface ProjectAnnouncer {
  /** Runs `fn` in the queue, then announces the project. */
  projectChange(fn: () => void | Promise<void>): Promise<ProjectInfo>;
  /** Announces the project after work that ran partly outside the queue. */
  announceProject(): Promise<void>;
}
