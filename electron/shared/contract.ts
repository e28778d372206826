/**
 * THE contract between the renderer and the main process (STYLE.md: one typed contract,
 * imported by main, preload and renderer alike). Every operation the renderer may ask for is
 * listed here once: its argument schema (validated in the main process on every call, in
 * Electron IPC and in browser mode alike) and its result type. The preload exposes exactly
 * one function per operation; the browser-mode server routes exactly these names.
 *
 * Pure TypeScript: no Electron, no Node, no DOM.
 */
import { GRID_KINDS } from '../../core/grid/types.js';
import type { MapJson } from '../../core/map/map-json.js';
import { InputError } from '../../core/util/input-error.js';
import { MAX_SEED } from '../../core/derive/options.js';
import { ASSEMBLY_MODE_NAMES } from '../../core/assemble/modes.js';
import { EXPORT_LIMITS } from '../../core/util/limits.js';
import { PAPER_NAMES } from '../../core/export/options.js';
import { s, type Infer, type Schema } from './schema.js';

const id = s.string({ min: 1, max: 200 });
const path = s.string({ min: 1, max: 4096 });
/** A tile is addressed by its dense index; the renderer gets coordinates from core. */
const tile = s.int(0, 2 ** 31 - 2);
const mode = s.string({ min: 1, max: 100, pattern: /^[a-z0-9-]+$/ });
const terrainId = s.string({ min: 0, max: 100, pattern: /^[a-z0-9-]*$/ });
const exportFormatId = s.string({ min: 1, max: 40, pattern: /^[a-z0-9-]+$/ });
/** core/export/options.ts ExportOptions; core checks the same ranges again (EXPORT_LIMITS). */
const exportOptions = s.object({
  region: s.optional(s.object({ from: tile, to: tile })),
  grid: s.optional(s.boolean()),
  numbers: s.optional(s.boolean()),
  symbols: s.optional(s.boolean()),
  legend: s.optional(s.boolean()),
  size: s.optional(s.int(16, EXPORT_LIMITS.maxSide)),
  dpi: s.optional(s.number(10, EXPORT_LIMITS.maxDpi)),
  tileMm: s.optional(s.number(EXPORT_LIMITS.minTileMm, EXPORT_LIMITS.maxTileMm)),
  paper: s.optional(s.literal(...PAPER_NAMES)),
  landscape: s.optional(s.boolean()),
  overlapMm: s.optional(s.number(0, EXPORT_LIMITS.maxOverlapMm)),
  bleedMm: s.optional(s.number(0, EXPORT_LIMITS.maxBleedMm)),
  textAsPaths: s.optional(s.boolean()),
  tileCells: s.optional(s.int(16, EXPORT_LIMITS.maxSide)),
  metresPerTile: s.optional(s.number(EXPORT_LIMITS.minMetresPerTile, EXPORT_LIMITS.maxMetresPerTile)),
});

/** Largest selection a derivation takes: 10 000 strategic tiles is already a huge tactical map. */
export const MAX_DERIVE_TILES = 10_000;
/** SCALE-RATIO bounds of `maps.derive` (admissibility per grid kind is checked by the service: square even, offset-square ×4, hex ×6). */
export const DERIVE_RATIO_MIN = 2;
export const DERIVE_RATIO_MAX = 120;

/** Most tiles one instance edit or assembly names. */
export const MAX_PLACEMENTS = 1_000_000;

/** A list of at least one item: an empty selection has no reference tile. */
function nonEmpty<T>(list: Schema<T[]>): Schema<T[]> {
  const expected = `${list.expected}, not empty`;
  return {
    expected,
    parse(value, path, source) {
      const out = list.parse(value, path, source);
      if (out.length === 0) throw new InputError(source, path, `expected ${expected}, got an empty array`);
      return out;
    },
  };
}

/** How a window opens a project (node/store/writer-lock.ts). */
export const PROJECT_ACCESS = ['exclusive', 'read-only', 'take-over'] as const;
export type ProjectAccess = (typeof PROJECT_ACCESS)[number];
/**
 * The words a refused exclusive open ends with; the renderer offers the two choices when a
 * `project.open` error carries them (errors cross the bridge as one line of text).
 */
export const PROJECT_LOCKED_CHOICE = 'open it read-only, or take over';

export const OPERATIONS = {
  /** Version and where the app runs. */
  'app.info': { args: s.object({}) },
  /** The terrain catalogue in use (default catalogue unless the project has its own). */
  'catalogue.get': { args: s.object({}) },

  /** Project files (SQLite): the open project holds maps and their undo journals. */
  'project.new': { args: s.object({}) },
  /**
   * `access` (node/store/writer-lock.ts): `exclusive` (default) is refused with "…open it
   * read-only, or take over" while another live window edits the project; the designer's
   * answer comes back as `read-only` or `take-over`.
   */
  'project.open': { args: s.object({ path, access: s.optional(s.literal(...PROJECT_ACCESS)) }) },
  'project.save': { args: s.object({ path: s.optional(path) }) },
  'project.info': { args: s.object({}) },
  'project.recent': { args: s.object({}) },
  /** Untitled projects a crashed or killed session left in the recovery folder (SPEC §10 crash recovery); open one with project.open. */
  'project.recovery': { args: s.object({}) },
  /** Deletes a recovery file the designer does not want back. */
  'project.discardRecovery': { args: s.object({ path }) },

  /** Native file dialogs (Electron only; browser mode answers with an error: ask for a path in the page instead). */
  'dialog.open': { args: s.object({ purpose: s.literal('project', 'import') }) },
  'dialog.save': { args: s.object({ purpose: s.literal('project', 'export'), defaultName: s.optional(s.string({ min: 1, max: 255 })) }) },

  /** Maps of the open project. */
  'maps.list': { args: s.object({}) },
  'maps.create': {
    args: s.object({
      name: s.string({ min: 1, max: 200 }),
      kind: s.literal(...GRID_KINDS),
      size: s.string({ min: 1, max: 20, pattern: /^\d+(x\d+)?$/ }),
      wrap: s.optional(s.literal('none', 'x', 'y', 'x,y')),
      alform: s.boolean(),
      fill: s.optional(terrainId),
    }),
  },
  'maps.load': { args: s.object({ id }) },
  'maps.delete': { args: s.object({ id }) },
  /** Paint: set the terrain of tiles (AL-FORM class rules are checked). One undo step. */
  'maps.paint': { args: s.object({ id, tiles: s.array(tile, 1_000_000), terrain: terrainId }) },
  /** Classic maps: terrain on the edge between a tile and its neighbour in `dir`. */
  'maps.paintEdge': { args: s.object({ id, tile, dir: s.int(0, 7), terrain: terrainId }) },
  'maps.undo': { args: s.object({ id }) },
  'maps.redo': { args: s.object({ id }) },
  /**
   * Maps made of vector tile instances (core/assemble): place (`vectorTile` an id of the app
   * library's vector tiles, `placement` its placement code, core/assemble orientation-code.ts)
   * or clear (`vectorTile: null`) instances on tiles of a classic map; the terrain of each
   * placed tile is derived from its instance. One undo step.
   */
  'maps.placeInstances': {
    args: s.object({
      id,
      placements: nonEmpty(s.array(s.object({ tile, vectorTile: s.nullable(s.string({ min: 1, max: 200 })), placement: s.optional(s.int(0, 255)) }), MAX_PLACEMENTS)),
    }),
  },
  /**
   * Fills `tiles` (default: every tile) of a classic map with fitting vector tiles of the app
   * library, seeded and deterministic, keeping the instances already placed; `connected`:
   * the network of these terrains must be one piece; `mode: 'geomorph'` (seed 002). The
   * result is stored into the map as one undo step; an unsatisfiable request changes nothing
   * and answers with the conflicting tiles.
   */
  'maps.assemble': {
    args: s.object({
      id,
      tiles: s.optional(nonEmpty(s.array(tile, MAX_PLACEMENTS))),
      seed: s.optional(s.int(0, MAX_SEED)),
      connected: s.optional(s.array(terrainId, 20)),
      mode: s.optional(s.literal(...ASSEMBLY_MODE_NAMES)),
    }),
  },
  /** Classic → AL-FORM: a new map in the project. */
  'maps.convert': { args: s.object({ id }) },
  /**
   * Import a Tiled (.tmx/.tmj) or Wesnoth (.map) file given as text; runs as a job. `tilesets`:
   * the external tilesets (.tsx/.tsj) chosen with the map, for browser mode, where no file
   * beside the map can be read.
   */
  'maps.import': {
    args: s.object({
      fileName: s.string({ min: 1, max: 500 }),
      text: s.string({ min: 1, max: 64 * 1024 * 1024 }),
      mapping: s.optional(s.json()),
      tilesets: s.optional(s.array(s.object({ name: s.string({ min: 1, max: 500 }), text: s.string({ min: 1, max: 64 * 1024 * 1024 }) }), 256)),
    }),
  },
  /** Import a file by path (Tiled external tilesets are read from beside it); runs as a job. */
  'maps.importFile': { args: s.object({ path, mapping: s.optional(s.json()) }) },
  'maps.export': { args: s.object({ id, format: s.literal('json', 'tmx', 'tmj') }) },
  /**
   * Picture and data exports (core/export/registry.ts: png, svg, pdf, geojson, …): renders map
   * `id` and writes it to `path` (a path the user chose in the Save dialog, or one inside the
   * allowed folders; the format's extension is added unless the path ends in it). Same code as `sandtable export`.
   */
  'maps.exportFile': { args: s.object({ id, format: exportFormatId, path, options: exportOptions }) },
  /** A small PNG of what the export will show (the dialog's preview), at most `size` pixels a side. */
  'maps.exportPreview': { args: s.object({ id, options: exportOptions, size: s.int(64, 1024) }) },
  /** The picture and data formats the main process can write, for the Export dialog. */
  'export.formats': { args: s.object({}) },
  /**
   * Derive a tactical map from tiles of map `id` (SPEC §7): `tiles` is the selection, the
   * reference tile first (AL-FORM maps: area tiles). Runs as a job ("Deriving tactical map");
   * the same ground, selection, ratio and seed give back the stored map (`cached`), and a
   * stale one (its parent's ground or a substitute changed) is derived again into the same
   * map as one undo step. `ratio` defaults to the admissible ratio nearest 10, `seed` to 0.
   */
  'maps.derive': {
    args: s.object({
      id,
      tiles: nonEmpty(s.array(tile, MAX_DERIVE_TILES)),
      ratio: s.optional(s.int(DERIVE_RATIO_MIN, DERIVE_RATIO_MAX)),
      seed: s.optional(s.int(0, MAX_SEED)),
    }),
  },
  /** Where a map comes from (the breadcrumb, root first) and the maps derived from it. */
  'maps.lineage': { args: s.object({ id }) },

  /** Analysis on a map for a movement mode. */
  'analysis.path': { args: s.object({ id, mode, from: tile, to: tile }) },
  'analysis.reach': { args: s.object({ id, mode, from: tile, budget: s.number(0, 1e6) }) },
  /**
   * `rayCast`: answer on the map's raster (core/raster, flat maps) instead of tile to tile —
   * the tile's centre cell stands for it; `curvature` lowers distant ground (refracted).
   */
  'analysis.los': {
    args: s.object({
      id,
      from: tile,
      to: tile,
      observerHeight: s.optional(s.number(0, 1e4)),
      targetHeight: s.optional(s.number(0, 1e4)),
      rayCast: s.optional(s.boolean()),
      curvature: s.optional(s.boolean()),
    }),
  },
  'analysis.fov': {
    args: s.object({ id, from: tile, radius: s.int(0, 200), observerHeight: s.optional(s.number(0, 1e4)), rayCast: s.optional(s.boolean()), curvature: s.optional(s.boolean()) }),
  },

  /** Long work. */
  'jobs.cancel': { args: s.object({ jobId: id }) },
} as const satisfies Record<string, { args: Schema<unknown> }>;

export type OperationName = keyof typeof OPERATIONS;
export type ArgsOf<N extends OperationName> = Infer<(typeof OPERATIONS)[N]['args']>;

export interface MapSummary {
  id: string;
  name: string;
  kind: string;
  size: string;
  alform: boolean;
  tileCount: number;
  updatedAt: string;
  /** Present on maps derived by `maps.derive`. */
  derived?: DerivedSummary;
}

/** What a derived map records about its origin. */
export interface DerivedSummary {
  /** The map it was derived from; null once that map was deleted (the derived map stays). */
  parent: string | null;
  ratio: number;
  seed: number;
  /** The parent's ground or a substitute changed since: deriving again would give other terrain. */
  stale: boolean;
}

export interface LineageLink {
  id: string;
  name: string;
}

export interface LineageChild extends LineageLink {
  /** The selection on the parent (tile indices of the parent), reference first. */
  tiles: number[];
  stale: boolean;
}

export interface Lineage {
  /** Root … this map, for the breadcrumb (just this map when it was not derived). */
  chain: LineageLink[];
  /** Maps derived from this one, with their selection on it. */
  children: LineageChild[];
}

export interface MapPayload {
  summary: MapSummary;
  /** The map in the native interchange form (core/map/map-json.ts). */
  map: MapJson;
  /**
   * --- maps drawn as maps (issue 13): the vector tiles (core/vector JSON form) of the app
   * library that the map's instances name, so the view draws them; absent when it has none.
   */
  vectorTiles?: unknown[];
}

export interface RecoveryEntry {
  path: string;
  mapCount: number;
  mapNames: string[];
  modifiedAt: string;
}

export interface ProjectInfo {
  path: string | null;
  dirty: boolean;
  maps: MapSummary[];
  /** True when this window may not change the project: opened read-only, or another window took it over. */
  readOnly?: boolean;
}

/** A change to apply to the renderer's copy after paint/undo/redo: tile → new layer value. */
export interface TileChange {
  layer: 'terrain' | 'edges';
  index: number;
  value: number;
}

/** A tile's vector tile instance after an edit: tile id and placement code, or `vectorTile: null` for none. */
export interface InstancePatch {
  tile: number;
  vectorTile: string | null;
  placement: number;
}

export interface EditResult {
  changes: TileChange[];
  /** Instances placed or cleared by the edit (absent when it changed none). */
  instances?: InstancePatch[];
  /** The palette after the edit (new terrains may have been added). */
  palette: string[];
  canUndo: boolean;
  canRedo: boolean;
  /**
   * True when undo/redo also changed layers `changes` does not carry (a re-derived map's
   * elevation or vertices): load the map again (`maps.load`) instead of patching it.
   */
  reload?: boolean;
}

/** What each operation resolves to. */
export interface Results {
  /** `defaultProjectDir`: where relative project paths given to project.open/save resolve. */
  'app.info': { version: string; mode: 'electron' | 'browser'; defaultProjectDir: string };
  'catalogue.get': unknown;
  'project.new': ProjectInfo;
  'project.open': ProjectInfo;
  'project.save': ProjectInfo;
  'project.info': ProjectInfo;
  'project.recent': string[];
  'project.recovery': RecoveryEntry[];
  'project.discardRecovery': RecoveryEntry[];
  'dialog.open': { path: string | null };
  'dialog.save': { path: string | null };
  'maps.list': MapSummary[];
  'maps.create': MapPayload;
  'maps.load': MapPayload;
  'maps.delete': ProjectInfo;
  'maps.paint': EditResult;
  'maps.paintEdge': EditResult;
  'maps.undo': EditResult;
  'maps.redo': EditResult;
  'maps.placeInstances': EditResult;
  /** `tiles`: instances placed; `backtracks`: the solver's backjumps. Unsatisfiable: `ok: false` with the smallest conflicting region found (tile indices). */
  'maps.assemble':
    | { ok: true; edit: EditResult; tiles: number; backtracks: number }
    | { ok: false; reason: 'unsatisfiable' | 'work-bound'; region: number[]; message: string };
  'maps.convert': MapPayload;
  'maps.import': { jobId: string; map: MapPayload };
  'maps.importFile': { jobId: string; map: MapPayload };
  /** Tiled exports also return the terrain tileset image the map refers to. */
  'maps.export': { fileName: string; mime: string; text: string; image?: { fileName: string; mime: 'image/png'; base64: string } };
  'maps.exportFile': { path: string; bytes: number; format: string };
  'maps.exportPreview': { base64: string; width: number; height: number };
  'export.formats': { id: string; label: string; extension: string; mime: string }[];
  /** `cached`: nothing changed since the map was derived, so no job ran and `jobId` is ''. */
  'maps.derive': { jobId: string; map: MapPayload; cached: boolean };
  'maps.lineage': Lineage;
  'analysis.path': { cost: number; tiles: number[] } | { cost: null; tiles: []; reason: string };
  'analysis.reach': { tiles: number[]; costs: number[] };
  'analysis.los': { visible: boolean; blockedAt: number };
  'analysis.fov': { tiles: number[] };
  'jobs.cancel': { cancelled: boolean };
}

/** Events the main process pushes to the renderer. */
export type AppEvent =
  /** `stage`: the step the job is in, where it has several (a derivation: 'placing substitutes', 'routing linear features', 'blending', 'storing'); done / total count within it. */
  | { type: 'job.progress'; jobId: string; label: string; done: number; total: number; stage?: string }
  | { type: 'job.done'; jobId: string }
  | { type: 'job.failed'; jobId: string; message: string }
  /** The open project or its list of maps changed (also when the main process opened a file: command line, Open Recent). */
  | { type: 'project.changed'; project: ProjectInfo }
  | { type: 'menu'; command: 'new' | 'open' | 'save' | 'saveAs' | 'import' | 'export' | 'undo' | 'redo' | 'toggleTheme' | 'fit' | 'derive' };

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
