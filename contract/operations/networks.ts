/**
 * Through-tile networks (issue 26): draw and erase a road, railroad or trail as a chain of
 * adjoining area tiles from centre to centre (one undo step each), and list what a network is
 * made of (components, dead ends, crossings) — core/map network-edit.ts and network-query.ts.
 *
 * Part of the renderer ↔ main contract (../contract.ts): imported by both sides; no Node, no DOM.
 */
import { s } from '../schema.js';
import { id, nonEmpty, terrainId, tile, type OperationTable } from './fields.js';
import type { EditResult } from './maps.js';
import type { NetworkReport } from '../../core/map/network-report.js';

export type { NetworkReport, NetworkKindInfo, NetworkDeadEndInfo, NetworkCrossingInfo } from '../../core/map/network-report.js';

export const NETWORK_OPERATIONS = {
  /**
   * Draws network terrain `terrain` (a linear terrain the catalogue runs `through` tiles) along
   * `tiles`, a chain of area tiles each adjoining the next (repeats skipped), centre to centre.
   * `level` (0…3, default 0) orders it over crossing connections. One undo step.
   */
  'maps.drawNetwork': { args: s.object({ id, tiles: nonEmpty(s.array(tile, 1_000_000)), terrain: terrainId, level: s.optional(s.int(0, 3)) }) },
  /**
   * Erases network `terrain` ('' or absent: every network) along the chain `tiles` (the links
   * between consecutive tiles), or with `whole` from the tiles themselves and the links that
   * reach them. One undo step.
   */
  'maps.eraseNetwork': { args: s.object({ id, tiles: nonEmpty(s.array(tile, 1_000_000)), terrain: s.optional(terrainId), whole: s.optional(s.boolean()) }) },
  /** The map's networks (or the one of `terrain`): components, dead ends and crossings. */
  'maps.network': { args: s.object({ id, terrain: s.optional(terrainId) }) },
} as const satisfies OperationTable;

export interface NetworkResults {
  'maps.drawNetwork': EditResult;
  'maps.eraseNetwork': EditResult;
  'maps.network': NetworkReport;
}
