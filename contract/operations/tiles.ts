/**
 * A library's vector tiles (issue 13): search them (with "fits the selected position"), their
 * geometry and thumbnails, save what the tile editor drew, rename, duplicate, delete, tag,
 * import as a job and export packs; print tile sheets (issue 29: a game's manifest or vector
 * tiles in counts, laid out by core/sheets).
 *
 * Part of the renderer ↔ main contract (../contract.ts): imported by both sides; no Node, no DOM.
 */

import { VECTOR_LIMITS, type VectorTileJson } from '../../core/vector/json.js';
import { SHEET_LAYOUTS, SHEET_PAPER_NAMES } from '../../core/sheets/options.js';
import { DRAWN_SHAPES, type DrawnShapeName } from '../../core/vector/shape.js';
import { s } from '../schema.js';
import { id, nonEmpty, path, terrainId, tile, type OperationTable } from './fields.js';
import { libraryId, type LibraryEdit } from './library.js';

/** A vector tile id (core/vector VECTOR_LIMITS.idLength). */
const tileId = s.string({ min: 1, max: 200 });

const tagName = s.string({ min: 1, max: 100 });

/** The shapes library tiles are drawn on: core/vector's DRAWN_SHAPES (defined there only), under the contract's name. */
export const LIBRARY_SHAPES = DRAWN_SHAPES;

export type LibraryShape = DrawnShapeName;

/** Most tiles one page or one thumbnail call covers; most tiles one edit names. */
export const MAX_TILE_PAGE = 500;

export const MAX_TILE_EDIT = 10_000;

/** `tiles.export`: a new library file, or a folder of SVG or JSON tile files. */
export const TILE_PACK_FORMATS = ['library', 'svg', 'json'] as const;

/** The progress label of a `tiles.import` job (the panel finds its job by it). */
export const TILE_IMPORT_LABEL = 'Importing tiles';

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

/** `tiles.exportSheets`: one PDF, or one SVG or PNG file per page (`out-1.svg` …). */
export const SHEET_FORMATS = ['pdf', 'svg', 'png'] as const;

/**
 * What a tile-sheet print shows: a game's manifest (`game`) or vector tiles in counts
 * (`tiles`), and optionally a vector tile drawn on every back (`backTile`).
 */
const sheetSource = s.object({
  library: libraryId,
  game: s.optional(s.string({ min: 1, max: 200 })),
  tiles: s.optional(nonEmpty(s.array(s.object({ id: tileId, count: s.int(0, 1000) }), MAX_TILE_PAGE))),
  backTile: s.optional(tileId),
});

/**
 * The layout choices (core/sheets SheetOptions): only their types here; the ranges are
 * core's (checkSheetOptions), whose one-line refusals the dialog shows.
 */
const sheetOptions = s.object({
  layout: s.optional(s.literal(...SHEET_LAYOUTS)),
  tileMm: s.optional(s.number()),
  paper: s.optional(s.literal(...SHEET_PAPER_NAMES)),
  landscape: s.optional(s.boolean()),
  marginMm: s.optional(s.number()),
  bleedMm: s.optional(s.number()),
  cut: s.optional(s.literal('lines', 'marks')),
  dieTemplate: s.optional(s.boolean()),
  pageNumbers: s.optional(s.boolean()),
  manifestPage: s.optional(s.boolean()),
  backColour: s.optional(s.string({ min: 1, max: 40 })),
  duplex: s.optional(s.literal('long', 'short')),
  /** X, Y in mm. */
  backOffsetMm: s.optional(s.array(s.number(), 2)),
  dpi: s.optional(s.number()),
  unlimitedCount: s.optional(s.number()),
});

export const TILES_OPERATIONS = {
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
   * `tags` (kept from the replaced tile when absent). One library undo step. Starter tiles
   * are read-only (core/vector starter.ts): saving over one stores a copy under a new id
   * (`<id>-copy`, `-copy-2`…) and the answer's `tile` is the copy.
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
  /** The 18xx games in a library, for the tile-sheet dialog: each with the tiles its manifest prints. */
  'tiles.games': { args: s.object({ library: libraryId }) },
  /**
   * Page `page` (from 1) of a tile-sheet print as a small PNG, at most `size` pixels on its
   * longer side: the same layout and drawing as `tiles.exportSheets` writes.
   */
  'tiles.sheetsPreview': { args: s.object({ source: sheetSource, options: sheetOptions, page: s.int(1, 10_000), size: s.int(64, 1600) }) },
  /**
   * Writes a tile-sheet print (core/sheets, the same sequence as `sandtable sheets`) to
   * `path` (as for `maps.exportFile`): a PDF, or one SVG or PNG per page beside it
   * (`sheets-1.png` …), each written whole or not at all.
   */
  'tiles.exportSheets': { args: s.object({ source: sheetSource, options: sheetOptions, format: s.literal(...SHEET_FORMATS), path }) },
} as const satisfies OperationTable;

export interface TilesResults {
  /** `more`: tiles after this page; `fits`: with the `fits` filter, the orientations each tile fits in. */
  'tiles.list': { tiles: LibraryTile[]; more: boolean; fits?: Record<string, string[]> };
  'tiles.get': { tile: LibraryTile; json: VectorTileJson };
  'tiles.thumbnails': { size: number; thumbnails: { tile: string; svg: string }[] };
  'tiles.save': LibraryEdit & { tile: LibraryTile };
  'tiles.rename': LibraryEdit & { tile: LibraryTile };
  'tiles.duplicate': LibraryEdit & { tile: LibraryTile };
  'tiles.delete': LibraryEdit & { deleted: number };
  'tiles.tag': LibraryEdit & { tiles: LibraryTile[] };
  /**
   * Vector tiles `added`/`replaced` (ids in `tiles`); `trackTiles`: 18xx track tiles
   * written; `rasterTiles`: raster tiles cut from Tiled tilesets; `games`: Rails games
   * imported; `skipped`: every item of the files not imported (vector, track and raster tiles,
   * games), each with why; `warnings`: what the readers ignored inside tiles, one line each.
   */
  'tiles.import': LibraryEdit & { jobId: string; added: number; replaced: number; skipped: { id: string; reason: string }[]; tiles: string[]; trackTiles: number; rasterTiles: number; games: string[]; warnings: string[] };
  'tiles.export': { path: string; tiles: number; format: (typeof TILE_PACK_FORMATS)[number] };
  'tiles.games': { games: { id: string; name: string; kinds: number }[] };
  /** `pages`: pages in all (fronts, backs, manifest); `sheets`: sheets of tiles; `tiles`: tiles printed. */
  'tiles.sheetsPreview': SheetsSummary & { base64: string; width: number; height: number; page: number };
  'tiles.exportSheets': SheetsSummary & { paths: string[]; bytes: number; format: (typeof SHEET_FORMATS)[number] };
}

/** The size of a tile-sheet print. */
export interface SheetsSummary {
  pages: number;
  sheets: number;
  perSheet: number;
  tiles: number;
}
