/**
 * Everyday editing (issue 14): rename, duplicate and resize a map; cut and paste regions.
 *
 * Part of the renderer ↔ main contract (../contract.ts): imported by both sides; no Node, no DOM.
 */

import { MAX_MAP_NAME } from '../../core/derive/options.js';
import { regionFromJson, type RegionJson } from '../../core/map/region-json.js';
import { RESIZE_ANCHORS } from '../../core/map/resize.js';
import { guardJson } from '../guard.js';
import { JsonReader } from '../../core/util/input-error.js';
import type { LabelAnchor, MapLabel } from '../../core/map/labels.js';
import { LABEL_STYLES, MAX_ALONG, MAX_LABEL_SIZE, MAX_LABEL_TEXT, MIN_LABEL_SIZE } from '../../core/map/labels.js';
import { s, type Schema } from '../schema.js';
import { id, nonEmpty, terrainId, tile, type OperationTable } from './fields.js';
import type { EditResult, MapPayload } from './maps.js';
import type { ProjectInfo } from './project.js';

/** A label's anchor (core/map/labels.ts): a tile, a model point (3-D on a globe) or a chain of tiles; the service checks them against the map. */
const labelAnchor: Schema<LabelAnchor> = {
  expected: 'a label anchor: {"tile"}, {"point": [x, y]} ([x, y, z] on a globe) or {"along": [tiles]}',
  parse(value, path, source) {
    guardJson(value, path, source);
    const r = new JsonReader(source);
    const o = r.object(value, path);
    const keys = Object.keys(o);
    if (keys.length !== 1) r.fail(path, this.expected, value);
    if ('tile' in o) return { tile: tile.parse(o.tile, `${path}.tile`, source) };
    if ('point' in o) {
      // Two numbers on a flat map, a unit-sphere [x, y, z] on a globe: the service checks which against the map.
      const p = s.array(s.number(-1e9, 1e9), 3).parse(o.point, `${path}.point`, source);
      if (p.length !== 2 && p.length !== 3) r.fail(`${path}.point`, 'two numbers [x, y] or three [x, y, z]', p);
      return { point: p.length === 3 ? [p[0]!, p[1]!, p[2]!] : [p[0]!, p[1]!] };
    }
    if ('along' in o) return { along: s.array(tile, MAX_ALONG).parse(o.along, `${path}.along`, source) };
    return r.fail(path, this.expected, value);
  },
};

const labelText = s.string({ min: 1, max: MAX_LABEL_TEXT });
const labelSize = s.number(MIN_LABEL_SIZE, MAX_LABEL_SIZE);
const labelRotation = s.number(-360, 360);
const labelId = s.string({ min: 1, max: 40, pattern: /^[A-Za-z0-9_-]+$/ });

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
  /** Puts a label on map `id` (core/map/labels.ts; size and rotation default by style). One undo step. */
  'maps.addLabel': {
    args: s.object({ id, text: labelText, anchor: labelAnchor, style: s.literal(...LABEL_STYLES), size: s.optional(labelSize), rotation: s.optional(labelRotation) }),
  },
  /** Changes label `label` of map `id`: moves it (`anchor`), retypes, restyles, resizes or turns it. One undo step. */
  'maps.editLabel': {
    args: s.object({
      id,
      label: labelId,
      text: s.optional(labelText),
      anchor: s.optional(labelAnchor),
      style: s.optional(s.literal(...LABEL_STYLES)),
      size: s.optional(labelSize),
      rotation: s.optional(labelRotation),
    }),
  },
  /** Deletes label `label` of map `id`. One undo step. */
  'maps.deleteLabel': { args: s.object({ id, label: labelId }) },
} as const satisfies OperationTable;

/** A label edit's answer: the map's labels after it (the renderer replaces its list). */
export type LabelsResult = EditResult & { labels: MapLabel[] };

export interface EditingResults {
  'maps.rename': ProjectInfo;
  'maps.duplicate': MapPayload;
  /** `lost`: tiles of the old map that fall outside (`lostPainted` of them carried terrain); `added`: new tiles. `map` unless `preview`. */
  'maps.resize': { lost: number; lostPainted: number; added: number; map?: MapPayload };
  /** `placed`: tiles written; `outside`: region tiles off the map; `misfits`: tiles whose class did not fit (globe seams). */
  'maps.paste': EditResult & { placed: number; outside: number; misfits: number };
  'maps.cut': EditResult;
  /** `created`: the new label's id. */
  'maps.addLabel': LabelsResult & { created: string };
  'maps.editLabel': LabelsResult;
  'maps.deleteLabel': LabelsResult;
}
