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
import { MAX_MAP_NAME, MAX_SEED } from '../../core/derive/options.js';
import { ASSEMBLY_MODE_NAMES } from '../../core/assemble/modes.js';
import { EXPORT_LIMITS } from '../../core/util/limits.js';
import { PAPER_NAMES } from '../../core/export/options.js';
import { VECTOR_LIMITS } from '../../core/vector/json.js';
import { SUBSTITUTE_LATTICES } from '../../core/derive/geometry/ratios.js';
import { NUMBERING_SYSTEMS, type NumberingSystem } from '../../core/map/numbering.js';
import { s, type Infer, type Schema } from './schema.js';
import { regionFromJson, type RegionJson } from '../../core/map/region-json.js';
import { RESIZE_ANCHORS } from '../../core/map/resize.js';

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

/** A copied region (core/map/region-json.ts), checked field by field at the boundary. */
const regionJson: Schema<RegionJson> = {
  expected: 'a copied region',
  parse(value, path, source) {
    regionFromJson(value, source, path);
    return value as RegionJson;
  },
};

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

// --- library (issue 13)
/** `user` (the app's library) or the id `library.open` gave an opened file. */
const libraryId = s.string({ min: 1, max: 40, pattern: /^[a-z0-9-]+$/ });
/** A vector tile id (core/vector VECTOR_LIMITS.idLength). */
const tileId = s.string({ min: 1, max: 200 });
const tagName = s.string({ min: 1, max: 100 });
/** The shapes library tiles are drawn on (core/vector DRAWN_SHAPES). */
export const LIBRARY_SHAPES = ['square', 'offset-square', 'hex', 'pentagon'] as const;
export type LibraryShape = (typeof LIBRARY_SHAPES)[number];
/** The id of the app's own library in `library.*` and `tiles.*`. */
export const USER_LIBRARY_ID = 'user';
/** Most tiles one page or one thumbnail call covers; most tiles one edit names. */
export const MAX_TILE_PAGE = 500;
export const MAX_TILE_EDIT = 10_000;
/** `tiles.export`: a new library file, or a folder of SVG or JSON tile files. */
export const TILE_PACK_FORMATS = ['library', 'svg', 'json'] as const;
/** The progress label of a `tiles.import` job (the panel finds its job by it). */
export const TILE_IMPORT_LABEL = 'Importing tiles';
// --- end library (issue 13)

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
  /** The terrain catalogue in use: the app library's (node/services/user-library.ts), the shipped default until the designer edits it. */
  'catalogue.get': { args: s.object({}) },

  // --- catalogue and substitutes (issue 13)
  /** The catalogue in use with whether `catalogue.undo` / `catalogue.redo` have a step. */
  'catalogue.state': { args: s.object({}) },
  /**
   * Changes the catalogue in use: the whole catalogue JSON, or a list of edits
   * (core/terrain/edit-list.ts: addTerrain, updateTerrain, removeTerrain, addMode, updateMode,
   * removeMode). Validated by core, written in one library transaction, one undo step; open
   * maps and analysis follow (event `catalogue.changed`).
   */
  'catalogue.update': { args: s.object({ catalogue: s.optional(s.json()), edits: s.optional(s.array(s.json(), 1000)) }) },
  'catalogue.undo': { args: s.object({}) },
  'catalogue.redo': { args: s.object({}) },
  /** The substitute-map slots of the catalogue in use (of one terrain when `terrain` is given). */
  'catalogue.substitutes': { args: s.object({ terrain: s.optional(terrainId) }) },
  /** Opens a slot's substitute map as a map of the project (the copy already there, else a new one). */
  'catalogue.openSubstitute': { args: s.object({ terrain: terrainId, lattice: s.literal(...SUBSTITUTE_LATTICES), ratio: s.int(2, 1000) }) },
  /** Writes project map `id`, a substitute opened with catalogue.openSubstitute, back into its slot; derived maps that used it go stale. */
  'catalogue.saveSubstitute': { args: s.object({ id }) },
  // --- end catalogue and substitutes (issue 13)

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
   * the network of these terrains must be one piece; `mode: 'geomorph'` (seed 002). Runs as a
   * job ("Assembling tiles", progress and `jobs.cancel`; a cancelled job changes nothing). The
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
      /** Relative weight per vector tile id (default 1; 0 leaves the tile out). */
      weights: s.optional(s.array(s.object({ vectorTile: s.string({ min: 1, max: 200 }), weight: s.number(0, 1000) }), 10_000)),
    }),
  },
  // --- placing tiles (issue 13)
  /**
   * What fits where (SPEC §6 assembly by hand), by core/assemble's one fit rule (fit.ts): with
   * `at`, the library tiles that fit that tile of the map and in which placements, heaviest
   * first, paged by tile (`offset`, `limit`); with `vectorTile`, every empty tile of the map
   * where that tile fits and in which placements, in tile order from `offset` (a tile index),
   * at most `limit` tiles; with neither, every library tile the map's tile shapes take.
   * `library`: 'user' (the app library, the default).
   */
  'maps.fitting': {
    args: s.object({
      id,
      library: s.optional(s.string({ min: 1, max: 4096 })),
      at: s.optional(tile),
      vectorTile: s.optional(s.string({ min: 1, max: 200 })),
      offset: s.optional(s.int(0, 2 ** 31 - 2)),
      limit: s.optional(s.int(1, 100_000)),
    }),
  },
  /**
   * Places one instance of `vectorTile` on `tile` in `placement` (core/assemble
   * orientation-code.ts) — refused with one line naming the edge that does not match when it
   * does not fit its placed neighbours; curves are snapped to theirs where the map is drawn
   * (core/assemble fit.ts `snappedTile`). One undo step.
   */
  'maps.placeTile': {
    args: s.object({ id, tile, library: s.optional(s.string({ min: 1, max: 4096 })), vectorTile: s.string({ min: 1, max: 200 }), placement: s.int(0, 255) }),
  },
  // --- end placing tiles (issue 13)
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

  // --- everyday editing: regions and map management (issue 14, wt-regions)
  /** Renames map `id`. */
  'maps.rename': { args: s.object({ id, name: s.string({ min: 1, max: MAX_MAP_NAME }) }) },
  /** A copy of map `id` as a new map (`name` defaults to "… copy"); a copy of a derived map is a plain map: no lineage. */
  'maps.duplicate': { args: s.object({ id, name: s.optional(s.string({ min: 1, max: MAX_MAP_NAME })) }) },
  /**
   * Resizes map `id` to `size` (the kind's size text, "40x30" or a diameter) keeping the side or
   * corner `anchor` in place (core/map/resize.ts); new area tiles get `fill`. `preview`: only
   * count what would be lost and added, change nothing. The resized map replaces the old one
   * in one transaction; its undo history goes with the old tiles.
   */
  'maps.resize': {
    args: s.object({
      id,
      size: s.string({ min: 1, max: 20, pattern: /^\d+(x\d+)?$/ }),
      anchor: s.literal(...RESIZE_ANCHORS),
      fill: s.optional(terrainId),
      preview: s.optional(s.boolean()),
    }),
  },
  /** Pastes a copied region with its anchor on tile `anchor` (core/map/region.ts). One undo step. */
  'maps.paste': { args: s.object({ id, region: regionJson, anchor: tile }) },
  /** Clears the terrain of `tiles` (and classic edges between two of them): the "cut" of cut and paste. One undo step. */
  'maps.cut': { args: s.object({ id, tiles: nonEmpty(s.array(tile, 1_000_000)) }) },
  // --- end everyday editing
  // --- interchange: mapping placeholder terrain (issue 14)
  /**
   * Every tile (and classic edge) holding terrain `from` gets terrain `to`, for every pair, as
   * ONE undo step (core/map/remap.ts planRemap: `to` a catalogue terrain of `from`'s class).
   * The mapping dialog assigns real terrain to the placeholders a Tiled import gave unknown tiles.
   */
  'maps.remapTerrain': { args: s.object({ id, pairs: nonEmpty(s.array(s.object({ from: terrainId, to: terrainId }), 1000)) }) },
  // --- end interchange

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

  // --- library (issue 13): the user library and library files the user opened; their vector tiles
  /** The user library first, then the library files opened this session. */
  'library.list': { args: s.object({}) },
  /**
   * Opens a library file: `path` must be one the user chose (Open dialog, drag and drop, the
   * command line) or lie in an allowed folder (node/services/file-capabilities.ts);
   * `create`: make a new, empty library there when no file is.
   */
  'library.open': { args: s.object({ path, create: s.optional(s.boolean()) }) },
  'library.close': { args: s.object({ library: libraryId }) },
  /** Library-level undo/redo of tile edits (rename, duplicate, delete, tag, import), in this session. */
  'library.undo': { args: s.object({ library: libraryId }) },
  'library.redo': { args: s.object({ library: libraryId }) },
  /**
   * A page of a library's vector tiles: `text` matches name or id (case and accents
   * ignored), `tag`, `terrain` (any element uses it), `shape`; `fits`: only tiles that fit
   * tile `tile` of map `id` in some allowed orientation, against its placed neighbours (the
   * library's fit index).
   */
  'tiles.list': {
    args: s.object({
      library: libraryId,
      text: s.optional(s.string({ min: 0, max: 200 })),
      tag: s.optional(tagName),
      terrain: s.optional(terrainId),
      shape: s.optional(s.literal(...LIBRARY_SHAPES)),
      fits: s.optional(s.object({ id, tile })),
      limit: s.optional(s.int(1, MAX_TILE_PAGE)),
      offset: s.optional(s.int(0, 2 ** 31 - 1)),
    }),
  },
  /** One tile with its geometry in the native JSON form (docs/vector-tiles.md). */
  'tiles.get': { args: s.object({ library: libraryId, tile: tileId }) },
  /** Small SVG pictures drawn from the tiles' geometry (core/vector/thumbnail.ts), `size` pixels a side. */
  'tiles.thumbnails': { args: s.object({ library: libraryId, tiles: s.array(tileId, MAX_TILE_PAGE), size: s.int(16, 512) }) },
  /**
   * Saves a vector tile drawn in the tile editor into library `library` (default: the user
   * library; the library file it was opened from), replacing the tile with its id: `tile`
   * is the text of the native JSON form (docs/vector-tiles.md), read and validated by core
   * against the catalogue in use; `orientations` the allowed ones by name (all when absent);
   * `tags` (kept from the replaced tile when absent). One library undo step.
   */
  'tiles.save': {
    args: s.object({
      library: s.optional(libraryId),
      tile: s.string({ min: 2, max: VECTOR_LIMITS.textLength }),
      orientations: s.optional(s.array(s.string({ min: 1, max: 8, pattern: /^[rm][0-9]{1,3}$/ }), 16)),
      tags: s.optional(s.array(tagName, 100)),
    }),
  },
  'tiles.rename': { args: s.object({ library: libraryId, tile: tileId, name: s.string({ min: 1, max: 500 }) }) },
  /** A copy of the tile under a new id (`id`, or the tile's id with the first free `-copy-N`). */
  'tiles.duplicate': { args: s.object({ library: libraryId, tile: tileId, id: s.optional(tileId) }) },
  'tiles.delete': { args: s.object({ library: libraryId, tiles: nonEmpty(s.array(tileId, MAX_TILE_EDIT)) }) },
  'tiles.tag': { args: s.object({ library: libraryId, tiles: nonEmpty(s.array(tileId, MAX_TILE_EDIT)), add: s.optional(s.array(tagName, 50)), remove: s.optional(s.array(tagName, 50)) }) },
  /**
   * Imports tiles into a library as a job ("Importing tiles", progress per file,
   * `jobs.cancel`): vector tiles (.svg, .json), 18xx track tiles (Rails Tiles.xml,
   * 18xx.games .dsl/.txt/.rb), Rails game folders and Tiled tilesets (.tsx/.tsj by path, as
   * raster tiles with Wang edge labels) — from `path` (a file or folder chosen
   * by the user) or from `files` given as text (browser mode's upload). All or nothing: a bad
   * file or a cancel leaves the library as it was. One library undo step.
   */
  'tiles.import': {
    args: s.object({
      library: libraryId,
      path: s.optional(path),
      files: s.optional(nonEmpty(s.array(s.object({ name: s.string({ min: 1, max: 500 }), text: s.string({ min: 1, max: 20_000_000 }) }), 1000))),
      onConflict: s.optional(s.literal('error', 'replace', 'skip')),
    }),
  },
  /**
   * Exports tiles (default: all) as a pack: a new library file (`library`), or a folder of
   * `.svg` or `.json` tile files; `path` as for `maps.exportFile`. Written whole or not at all.
   */
  'tiles.export': { args: s.object({ library: libraryId, tiles: s.optional(nonEmpty(s.array(tileId, MAX_TILE_EDIT))), path, format: s.literal(...TILE_PACK_FORMATS) }) },
  // --- end library (issue 13)

  /** Long work. */
  'jobs.cancel': { args: s.object({ jobId: id }) },

  // --- numbers designers use (issue 14): the tile numbering chosen per map, stored in its meta
  'maps.setNumbering': { args: s.object({ id, numbering: s.nullable(s.literal(...NUMBERING_SYSTEMS)) }) },
  // --- linear strokes (issue 14)
  /**
   * AL-FORM maps: a drawn stroke's chain of linear tiles (stroke order, each joined to the
   * next: core/alform/linear-stroke.ts) in linear `terrain`; crossings become the catalogue's
   * composites (core/map/draw-linear.ts). One undo step.
   */
  'maps.drawLinear': { args: s.object({ id, tiles: s.array(tile, 1_000_000), terrain: terrainId }) },
  /** Classic maps: the same along a run of tile edges (edge slots in stroke order: core/alform/classic-stroke.ts). One undo step. */
  'maps.drawEdges': { args: s.object({ id, slots: s.array(tile, 1_000_000), terrain: terrainId }) },
  /** AL-FORM maps: the whole linear feature through `tile`, through its crossings, becomes linear `terrain` (core/map/feature-fill.ts). One undo step. */
  'maps.fillFeature': { args: s.object({ id, tile, terrain: terrainId }) },
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
  /** Present on a substitute map opened from the catalogue (`catalogue.openSubstitute`): the slot it saves back to. */
  substitute?: SubstituteSlotRef;
}

// --- catalogue and substitutes (issue 13)
/** A substitute-map slot of a terrain (SPEC §7): lattice and SCALE-RATIO. */
export interface SubstituteSlotRef {
  terrain: string;
  lattice: (typeof SUBSTITUTE_LATTICES)[number];
  ratio: number;
}

export interface SubstituteEntry extends SubstituteSlotRef {
  /** The library map in the slot. */
  mapId: string;
  name: string;
  /** The project map that is an open copy of it, if any. */
  openAs: string | null;
}

/** The catalogue in use (its JSON) and the catalogue's undo state. */
export interface CatalogueState {
  catalogue: unknown;
  canUndo: boolean;
  canRedo: boolean;
}
// --- end catalogue and substitutes (issue 13)

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
  /** Whether the map's journal has a step to undo / redo (the journal outlives the session, so a reopened map keeps its history). */
  history: UndoState;
  /**
   * --- maps drawn as maps (issue 13): the vector tiles (core/vector JSON form) of the app
   * library that the map's instances name, so the view draws them; absent when it has none.
   */
  vectorTiles?: unknown[];
}

/** Whether map's journal holds a step to undo and one to redo. */
export interface UndoState {
  canUndo: boolean;
  canRedo: boolean;
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
  canUndo: UndoState['canUndo'];
  canRedo: UndoState['canRedo'];
  /**
   * True when undo/redo also changed layers `changes` does not carry (a re-derived map's
   * elevation or vertices): load the map again (`maps.load`) instead of patching it.
   */
  reload?: boolean;
}

// --- placing tiles (issue 13)
/** A library tile that fits (`maps.fitting` with `at`, or with neither): its placements there (orientation codes). */
export interface FitChoice {
  vectorTile: string;
  name: string;
  shape: string;
  placements: number[];
  /** The tile's picture, drawn as `tiles.thumbnails` draws it (core/vector/thumbnail.ts: the catalogue's colours and symbols). */
  thumbnail: string;
}

/** A map tile where the chosen tile fits, and its placements there. */
export interface FitPlace {
  tile: number;
  placements: number[];
}

export type FittingAnswer =
  | { kind: 'position'; at: number; total: number; fits: FitChoice[] }
  | { kind: 'library'; total: number; fits: FitChoice[] }
  | {
      kind: 'tile';
      vectorTile: string;
      /** The tile's geometry (core/vector JSON form), for drawing its ghost. */
      geometry: unknown;
      places: FitPlace[];
      /** The `offset` to ask for the next page; null when every tile was looked at. */
      next: number | null;
    };
// --- end placing tiles (issue 13)
// --- library (issue 13)
/** A library as the panel lists it. */
export interface LibraryEntry {
  /** `user` for the app's library. */
  id: string;
  name: string;
  /** The file; null for the user library (it lives in the app's data folder). */
  path: string | null;
  tiles: number;
  canUndo: boolean;
  canRedo: boolean;
  /** What undo/redo would undo or redo ("rename “Ford”"), for the buttons' titles. */
  undoLabel: string | null;
  redoLabel: string | null;
}

/** A vector tile without its geometry. */
export interface LibraryTile {
  id: string;
  name: string;
  shape: LibraryShape;
  tags: string[];
  terrains: string[];
  /** Allowed orientations by name (`r60`, `m0`…). */
  orientations: string[];
  elements: number;
  updatedAt: string;
}

/** What a library edit answers: the library after it (its undo state). */
export interface LibraryEdit {
  library: LibraryEntry;
  /** The step's label ("delete 3 tiles"); null when nothing was undone or redone. */
  label: string | null;
}
// --- end library (issue 13)

/** What each operation resolves to. */
export interface Results {
  /** `defaultProjectDir`: where relative project paths given to project.open/save resolve. */
  'app.info': { version: string; mode: 'electron' | 'browser'; defaultProjectDir: string };
  'catalogue.get': unknown;
  // --- catalogue and substitutes (issue 13)
  'catalogue.state': CatalogueState;
  'catalogue.update': CatalogueState;
  'catalogue.undo': CatalogueState;
  'catalogue.redo': CatalogueState;
  'catalogue.substitutes': SubstituteEntry[];
  'catalogue.openSubstitute': MapPayload;
  /** `stale`: the project's derived maps that went stale by this change. */
  'catalogue.saveSubstitute': { slot: SubstituteEntry; stale: string[] };
  // --- end catalogue and substitutes (issue 13)
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
  /** `tiles`: instances placed; `backtracks`: the solver's backjumps. Unsatisfiable: `ok: false` with the smallest conflicting region found (tile indices). `jobId`: the job that ran it. */
  'maps.assemble':
    | { ok: true; jobId: string; edit: EditResult; tiles: number; backtracks: number }
    | { ok: false; jobId: string; reason: 'unsatisfiable' | 'work-bound'; region: number[]; message: string };
  // --- placing tiles (issue 13)
  'maps.fitting': FittingAnswer;
  'maps.placeTile': EditResult;
  // --- end placing tiles (issue 13)
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
  // --- everyday editing: regions and map management (issue 14, wt-regions)
  'maps.rename': ProjectInfo;
  'maps.duplicate': MapPayload;
  /** `lost`: tiles of the old map that fall outside (`lostPainted` of them carried terrain); `added`: new tiles. `map` unless `preview`. */
  'maps.resize': { lost: number; lostPainted: number; added: number; map?: MapPayload };
  /** `placed`: tiles written; `outside`: region tiles off the map; `misfits`: tiles whose class did not fit (globe seams). */
  'maps.paste': EditResult & { placed: number; outside: number; misfits: number };
  'maps.cut': EditResult;
  // --- end everyday editing
  // --- interchange: mapping placeholder terrain (issue 14)
  'maps.remapTerrain': EditResult;
  // --- end interchange
  'analysis.path': { cost: number; tiles: number[] } | { cost: null; tiles: []; reason: string };
  'analysis.reach': { tiles: number[]; costs: number[] };
  'analysis.los': { visible: boolean; blockedAt: number };
  'analysis.fov': { tiles: number[] };
  // --- library (issue 13)
  'library.list': LibraryEntry[];
  'library.open': LibraryEntry;
  'library.close': LibraryEntry[];
  'library.undo': LibraryEdit;
  'library.redo': LibraryEdit;
  /** `more`: tiles after this page; `fits`: with the `fits` filter, the orientations each tile fits in. */
  'tiles.list': { tiles: LibraryTile[]; more: boolean; fits?: Record<string, string[]> };
  'tiles.get': { tile: LibraryTile; json: unknown };
  'tiles.thumbnails': { size: number; thumbnails: { tile: string; svg: string }[] };
  'tiles.save': LibraryEdit & { tile: LibraryTile };
  'tiles.rename': LibraryEdit & { tile: LibraryTile };
  'tiles.duplicate': LibraryEdit & { tile: LibraryTile };
  'tiles.delete': LibraryEdit & { deleted: number };
  'tiles.tag': LibraryEdit & { tiles: LibraryTile[] };
  /**
   * Vector tiles `added`/`replaced`/`skipped` (ids in `tiles`); `trackTiles`: 18xx track tiles
   * written; `rasterTiles`: raster tiles cut from Tiled tilesets; `games`: Rails games
   * imported; `warnings`: what the readers ignored, one line each.
   */
  'tiles.import': LibraryEdit & { jobId: string; added: number; replaced: number; skipped: number; tiles: string[]; trackTiles: number; rasterTiles: number; games: string[]; warnings: string[] };
  'tiles.export': { path: string; tiles: number; format: (typeof TILE_PACK_FORMATS)[number] };
  // --- end library (issue 13)
  'jobs.cancel': { cancelled: boolean };

  // --- numbers designers use (issue 14)
  /** The numbering now stored with the map (null: none). */
  'maps.setNumbering': { numbering: NumberingSystem | null };
  // --- linear strokes (issue 14)
  'maps.drawLinear': EditResult;
  'maps.drawEdges': EditResult;
  'maps.fillFeature': EditResult;
}

/** Events the main process pushes to the renderer. */
export type AppEvent =
  /** `stage`: the step the job is in, where it has several (a derivation: 'placing substitutes', 'routing linear features', 'blending', 'storing'); done / total count within it. */
  | { type: 'job.progress'; jobId: string; label: string; done: number; total: number; stage?: string }
  | { type: 'job.done'; jobId: string }
  | { type: 'job.failed'; jobId: string; message: string }
  /** The open project or its list of maps changed (also when the main process opened a file: command line, Open Recent). */
  | { type: 'project.changed'; project: ProjectInfo }
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
