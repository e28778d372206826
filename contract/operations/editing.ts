/**
 * Everyday editing (issue 14): rename, duplicate and resize a map; cut and paste regions.
 *
 * Part of the renderer ↔ main contract (../contract.ts): imported by both sides; no Node, no DOM.
 */

import { MAX_MAP_NAME } from '../../core/derive/options.js';
import { regionFromJson, type RegionJson } from '../../core/map/region-json.js';
import { RESIZE_ANCHORS } from '../../core/map/resize.js';
import { guardJson } from '../guard.js';
import { s, type Schema } from '../schema.js';
import { id, nonEmpty, terrainId, tile, type OperationTable } from './fields.js';
import type { EditResult, MapPayload } from './maps.js';
import type { ProjectInfo } from './project.js';

/** A copied region (core/map/region-json.ts), checked field by field at the boundary (and, like any JSON argument, for prototype-name keys and NUL: ../guard.ts). */
const regionJson: Schema<RegionJson> = {
  expected: 'a copied region',
  parse(value, path, source) {
    guardJson(value, path, source);
    regionFromJson(value, source, path);
    return value as RegionJson;
  },
};

export const EDITING_OPERATIONS = {
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
} as const satisfies OperationTable;

export interface EditingResults {
  'maps.rename': ProjectInfo;
  'maps.duplicate': MapPayload;
  /** `lost`: tiles of the old map that fall outside (`lostPainted` of them carried terrain); `added`: new tiles. `map` unless `preview`. */
  'maps.resize': { lost: number; lostPainted: number; added: number; map?: MapPayload };
  /** `placed`: tiles written; `outside`: region tiles off the map; `misfits`: tiles whose class did not fit (globe seams). */
  'maps.paste': EditResult & { placed: number; outside: number; misfits: number };
  'maps.cut': EditResult;
}
