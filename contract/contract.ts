/**
 * THE contract between the renderer and the main process (STYLE.md: one typed contract,
 * imported by main, preload and renderer alike). Every operation the renderer may ask for is
 * listed once, in its group's module under contract/ (app, project, maps, interchange,
 * derive, editing, placing, analysis, catalogue, library, tiles, networks): its argument schema
 * (validated in the main process on every call, in Electron IPC and in browser mode alike)
 * and its result type. This module joins the groups into the one OPERATIONS table and the
 * one Results type, and re-exports every group's types and constants, so importers name
 * only this module. The preload exposes exactly one function per operation; the
 * browser-mode server routes exactly these names.
 *
 * A new operation goes into its group's table and results (or a new group module, added to
 * OPERATION_GROUPS and Results below); contract.test.ts checks no name is in two groups.
 *
 * Pure TypeScript: no Electron, no Node, no DOM.
 */
import type { Infer } from './schema.js';
import { ANALYSIS_OPERATIONS, type AnalysisResults } from './operations/analysis.js';
import { APP_OPERATIONS, type AppResults } from './operations/app.js';
import { CATALOGUE_OPERATIONS, type CatalogueResults, type CatalogueState } from './operations/catalogue.js';
import { DERIVE_OPERATIONS, type DeriveResults } from './operations/derive.js';
import { EDITING_OPERATIONS, type EditingResults } from './operations/editing.js';
import { INTERCHANGE_OPERATIONS, type InterchangeResults } from './operations/interchange.js';
import { LIBRARY_OPERATIONS, type LibraryResults } from './operations/library.js';
import { MAPS_OPERATIONS, type MapsResults } from './operations/maps.js';
import { NETWORK_OPERATIONS, type NetworkResults } from './operations/networks.js';
import { PLACING_OPERATIONS, type PlacingResults } from './operations/placing.js';
import { PROJECT_OPERATIONS, type ProjectInfo, type ProjectResults } from './operations/project.js';
import { TILES_OPERATIONS, type TilesResults } from './operations/tiles.js';

export * from './operations/analysis.js';
export * from './operations/app.js';
export * from './operations/catalogue.js';
export * from './operations/derive.js';
export * from './operations/editing.js';
export * from './operations/interchange.js';
export * from './operations/library.js';
export * from './operations/maps.js';
export * from './operations/networks.js';
export * from './operations/placing.js';
export * from './operations/project.js';
export * from './operations/tiles.js';

/** Every group's table, by group name (contract.test.ts checks each name is in exactly one). */
export const OPERATION_GROUPS = {
  app: APP_OPERATIONS,
  project: PROJECT_OPERATIONS,
  catalogue: CATALOGUE_OPERATIONS,
  maps: MAPS_OPERATIONS,
  interchange: INTERCHANGE_OPERATIONS,
  derive: DERIVE_OPERATIONS,
  editing: EDITING_OPERATIONS,
  placing: PLACING_OPERATIONS,
  analysis: ANALYSIS_OPERATIONS,
  library: LIBRARY_OPERATIONS,
  tiles: TILES_OPERATIONS,
  networks: NETWORK_OPERATIONS,
} as const;

export const OPERATIONS = {
  ...APP_OPERATIONS,
  ...PROJECT_OPERATIONS,
  ...CATALOGUE_OPERATIONS,
  ...MAPS_OPERATIONS,
  ...INTERCHANGE_OPERATIONS,
  ...DERIVE_OPERATIONS,
  ...EDITING_OPERATIONS,
  ...PLACING_OPERATIONS,
  ...ANALYSIS_OPERATIONS,
  ...LIBRARY_OPERATIONS,
  ...TILES_OPERATIONS,
  ...NETWORK_OPERATIONS,
} as const;

export type OperationName = keyof typeof OPERATIONS;
export type ArgsOf<N extends OperationName> = Infer<(typeof OPERATIONS)[N]['args']>;

/** What each operation resolves to. */
export interface Results
  extends AppResults,
    ProjectResults,
    CatalogueResults,
    MapsResults,
    InterchangeResults,
    DeriveResults,
    EditingResults,
    PlacingResults,
    AnalysisResults,
    LibraryResults,
    TilesResults,
    NetworkResults {}

/** Events the main process pushes to the renderer. */
export type AppEvent =
  /** `stage`: the step the job is in, where it has several (a derivation: 'placing substitutes', 'routing linear features', 'blending', 'storing'); done / total count within it. */
  | { type: 'job.progress'; jobId: string; label: string; done: number; total: number; stage?: string }
  | { type: 'job.done'; jobId: string }
  | { type: 'job.failed'; jobId: string; message: string }
  /** The open project or its list of maps changed (also when the main process opened a file: command line, Open Recent). */
  | { type: 'project.changed'; project: ProjectInfo }
  /** This window is read-only and another window's committed edits were read (node/services/project-follow.ts): the project as it is now; load the open map again. */
  | { type: 'project.followed'; project: ProjectInfo }
  /** The catalogue in use changed (catalogue.update/undo/redo): reload it and redraw open maps. */
  | ({ type: 'catalogue.changed' } & CatalogueState)
  | {
      type: 'menu';
      command:
        | 'new'
        | 'open'
        | 'save'
        | 'saveAs'
        | 'import'
        | 'export'
        | 'undo'
        | 'redo'
        | 'toggleTheme'
        | 'fit'
        | 'derive'
        | 'assemble'
        // --- everyday editing (issue 14, wt-regions): the Map menu's whole-map commands
        | 'renameMap'
        | 'duplicateMap'
        | 'resizeMap'
        | 'deleteMap';
    };

/**
 * How a call is answered over Electron IPC and over browser mode's POST /api/call alike:
 * errors travel as one line of text, never as a thrown remote error.
 */
export type CallReply = { ok: true; value: unknown } | { ok: false; error: string };

/** Electron IPC channels: one invoke channel `(name, args) → CallReply`, one event channel main → renderer. */
export const IPC_CALL_CHANNEL = 'sandtable:call';

export const IPC_EVENT_CHANNEL = 'sandtable:event';

/** The API object the preload exposes (and browser mode imitates): one function per operation. */
export type SandtableApi = {
  [N in OperationName]: (args: ArgsOf<N>) => Promise<Results[N]>;
} & { onEvent(listener: (event: AppEvent) => void): () => void };

/** Validates the arguments of a call by operation name, as the main process must on every call. */
export function validateCall(name: unknown, args: unknown): { name: OperationName; args: unknown } {
  if (typeof name !== 'string' || !Object.prototype.hasOwnProperty.call(OPERATIONS, name)) {
    throw new Error(`unknown operation ${JSON.stringify(name)}; expected one of ${Object.keys(OPERATIONS).join(', ')}`);
  }
  const op = OPERATIONS[name as OperationName];
  return { name: name as OperationName, args: op.args.parse(args, '$', name) };
}

export const OPERATION_NAMES = Object.keys(OPERATIONS) as OperationName[];
