/**
 * What the services share: the catalogue, the project session, the queue, the events,
 * the open maps, derived-map status, jobs and the app's library — built once per app
 * session by `createContext`. The context is the composition root's (app-services.ts): it
 * hands each service factory only the collaborators that service names (its `…Deps`,
 * collaborators.ts), never the context whole. A service holds no state of its own beyond
 * what it is given.
 *
 * Plain Node: must not depend on Electron or DOM (Electron-only features, the native file
 * dialogs, come in through `DialogHost`).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import catalogueJson from '../../resources/terrain/default.json' with { type: 'json' };
import type { ProjectInfo } from '../../contract/contract.js';
import type { TerrainCatalogue } from '../../core/terrain/catalogue.js';
import { parseCatalogue } from '../../core/terrain/catalogue.js';
import { ProjectSession } from './project-session.js';
import { RecentFiles } from './recent-files.js';
import { JobRunner, sourceWorkerUrl } from './jobs.js';
import type { UserLibrary } from './user-library.js';
import { USER_LIBRARY_FILE, openUserLibrary } from './user-library.js';
import { EventHub } from './events.js';
import { OperationQueue } from './router.js';
import { DerivedStatus } from './derived-status.js';
import { OpenMaps } from './open-maps.js';
import { ProjectJobs } from './project-jobs.js';
import { FileCapabilities } from './file-capabilities.js';
import { LibraryHandles } from './library-handles.js';
import { TileThumbnails } from './tile-thumbnails.js';

/** Native file dialogs; only the Electron shell has them. */
export interface DialogHost {
  open(purpose: 'project' | 'import'): Promise<string | null>;
  save(purpose: 'project' | 'export', defaultName?: string): Promise<string | null>;
}

export interface AppServicesOptions {
  mode: 'electron' | 'browser';
  version: string;
  /** Recent files, the recovery folder and the app's library live here. */
  userDataDir: string;
  /** The library whose substitutes derivations use; defaults to `<userDataDir>/library.sandtable-library` (created and seeded on first use). */
  libraryPath?: string;
  /** The starter vector tiles seeded into that library (default resources/tiles/starter beside the source; the packaged app passes its resources folder). */
  starterTilesDir?: string;
  /** Where relative project paths resolve; defaults to `<userDataDir>/projects`. */
  defaultProjectDir?: string;
  /** Entry file of the job worker; defaults to the source bootstrap (jobs.ts). */
  workerUrl?: URL;
  dialogs?: DialogHost;
  catalogue?: TerrainCatalogue;
  /** Clock for the store's timestamps. */
  now?: () => string;
  /** Maps with at least this many tiles are created and converted in a worker (default 250 000). */
  jobThresholdTiles?: number;
  /** Test hook: pause between a job's steps so it can be cancelled at a known point. */
  jobStepDelayMs?: number;
  /** A job worker's heap budget in MiB (default DEFAULT_LIMITS.jobHeapMiB, core/util/limits.ts). */
  jobHeapMiB?: number;
  /**
   * Folders (and everything below them) where callers may name any path
   * (file-capabilities.ts); default: the default project folder. Browser mode passes its
   * `--allow-root` list.
   */
  allowedRoots?: readonly string[];
  /** How often a read-only window looks for another window's commits, in ms (project-follow.ts; default 1000, 0: never). */
  followIntervalMs?: number;
}

export interface ServiceContext {
  readonly options: AppServicesOptions;
  /**
   * The catalogue in use: the app library's once it exists (the designer may have edited it),
   * else the one the app ships. Read it afresh on every operation: `catalogue.update` replaces it.
   */
  readonly catalogue: TerrainCatalogue;
  /** Makes `next` the catalogue in use for the services (the library is written by the caller): open maps rebuild their analysis. */
  useCatalogue(next: TerrainCatalogue): void;
  readonly defaultProjectDir: string;
  readonly session: ProjectSession;
  readonly recent: RecentFiles;
  readonly queue: OperationQueue;
  readonly events: EventHub;
  readonly maps: OpenMaps;
  readonly status: DerivedStatus;
  readonly jobs: ProjectJobs;
  /** Which paths callers may name (file-capabilities.ts). */
  readonly files: FileCapabilities;
  /** The app's library (substitutes for derivations), opened — and on first use created and seeded — when first needed. */
  library(): UserLibrary;
  /** Closes the app's library if it was opened (the next `library()` opens it again), and the library files opened with `library.open`. */
  closeLibrary(): void;
  /** The user library and the library files the designer opened (`library.*`, `tiles.*`; issue 13). */
  readonly libraries: LibraryHandles;
  /** Pictures of vector tiles (library and placing panels), drawn by core and cached (tile-thumbnails.ts). */
  readonly thumbnails: TileThumbnails;
  /** Runs `fn` in the queue, then tells the renderer what the project looks like now. */
  projectChange(fn: () => void | Promise<void>): Promise<ProjectInfo>;
  /** Tells the renderer what the project looks like now (after work that ran partly outside the queue). */
  announceProject(): Promise<void>;
}

export function createContext(options: AppServicesOptions): ServiceContext {
  const shipped = options.catalogue ?? parseCatalogue(structuredClone(catalogueJson), 'resources/terrain/default.json');
  const libraryPath = options.libraryPath ?? join(options.userDataDir, USER_LIBRARY_FILE);
  let inUse: TerrainCatalogue | null = null;
  const recent = new RecentFiles(options.userDataDir);
  const defaultProjectDir = options.defaultProjectDir ?? join(options.userDataDir, 'projects');
  const session = new ProjectSession({ userDataDir: options.userDataDir, defaultProjectDir, recent, ...(options.now ? { now: options.now } : {}) });
  const queue = new OperationQueue();
  const events = new EventHub();
  let userLibrary: UserLibrary | null = null;
  const library = (): UserLibrary => {
    if (!userLibrary) {
      userLibrary = openUserLibrary(libraryPath, shipped, { ...(options.now ? { now: options.now } : {}), ...(options.starterTilesDir ? { starterTilesDir: options.starterTilesDir } : {}) });
      inUse = userLibrary.catalogue;
    }
    return userLibrary;
  };
  // No library file yet means nothing was edited: the shipped catalogue, without creating the library.
  const catalogue = (): TerrainCatalogue => (inUse ??= existsSync(libraryPath) ? library().catalogue : shipped);
  const status = new DerivedStatus(library, { current: () => catalogue(), shipped });
  const maps = new OpenMaps(session, catalogue, status);
  const runner = new JobRunner({
    workerUrl: options.workerUrl ?? sourceWorkerUrl(),
    emit: (e) => events.emit(e),
    stepDelayMs: options.jobStepDelayMs ?? 0,
    ...(options.jobHeapMiB !== undefined ? { heapMiB: options.jobHeapMiB } : {}),
  });
  const files = new FileCapabilities({
    roots: options.allowedRoots ?? [defaultProjectDir],
    chosen: () => recent.list(),
    projectFile: () => session.titledPath,
    readOnlyFolders: [session.recoveryDir],
  });
  const jobs = new ProjectJobs(runner, session, queue, events);
  const libraries = new LibraryHandles(() => library().library, options.now);
  return {
    options,
    get catalogue() {
      return catalogue();
    },
    useCatalogue(next) {
      inUse = next;
    },
    defaultProjectDir,
    session,
    recent,
    queue,
    events,
    maps,
    status,
    jobs,
    files,
    library,
    libraries,
    thumbnails: new TileThumbnails(),
    closeLibrary() {
      libraries.closeAll();
      userLibrary?.library.close();
      userLibrary = null;
    },
    async projectChange(fn) {
      const info = await queue.exclusive(async () => {
        await fn();
        return maps.projectInfo();
      });
      events.emit({ type: 'project.changed', project: info });
      return info;
    },
    async announceProject() {
      events.emit({ type: 'project.changed', project: await queue.exclusive(() => maps.projectInfo()) });
    },
  };
}
