/**
 * Maps in and out: import Tiled and Wesnoth maps (as jobs), export them, picture and data
 * exports with their preview, and mapping an import's placeholder terrain (issue 14).
 *
 * Part of the renderer ↔ main contract (../contract.ts): imported by both sides; no Node, no DOM.
 */

import { PAPER_NAMES } from '../../core/export/options.js';
import { EXPORT_LIMITS } from '../../core/util/limits.js';
import { s } from '../schema.js';
import { id, nonEmpty, path, terrainId, tile, type OperationTable } from './fields.js';
import type { EditResult, MapPayload } from './maps.js';

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

export const INTERCHANGE_OPERATIONS = {
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
  /**
   * Import a file by path; runs as a job. Tiled external tilesets are read relative to it: in
   * its folder tree and the folders granted for the project; one elsewhere is not read, and the
   * answer is `needsGrant` naming its folders (ask, `project.grantFolder`, import again).
   */
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
   * Every tile (and classic edge) holding terrain `from` gets terrain `to`, for every pair, as
   * ONE undo step (core/map/remap.ts planRemap: `to` a catalogue terrain of `from`'s class).
   * The mapping dialog assigns real terrain to the placeholders a Tiled import gave unknown tiles.
   */
  'maps.remapTerrain': { args: s.object({ id, pairs: nonEmpty(s.array(s.object({ from: terrainId, to: terrainId }), 1000)) }) },
} as const satisfies OperationTable;

/** An import that needs to read folders outside the chosen file's own first (node/files/path-capability.ts). */
export interface FolderGrantQuestion {
  needsGrant: {
    /** Real paths of the folders, each to be granted with `project.grantFolder`. */
    folders: string[];
    /** "This map uses tilesets in …/tilesets — allow reading that folder?" */
    question: string;
  };
}

export interface InterchangeResults {
  'maps.import': { jobId: string; map: MapPayload };
  'maps.importFile': { jobId: string; map: MapPayload } | FolderGrantQuestion;
  /** Tiled exports also return the terrain tileset image the map refers to. */
  'maps.export': { fileName: string; mime: string; text: string; image?: { fileName: string; mime: 'image/png'; base64: string } };
  'maps.exportFile': { path: string; bytes: number; format: string };
  'maps.exportPreview': { base64: string; width: number; height: number };
  'export.formats': { id: string; label: string; extension: string; mime: string }[];
  'maps.remapTerrain': EditResult;
}
