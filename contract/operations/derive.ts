/**
 * Tactical maps derived from strategic ones (SPEC §7) and where a map comes from (lineage).
 *
 * Part of the renderer ↔ main contract (../contract.ts): imported by both sides; no Node, no DOM.
 */

import { MAX_SEED } from '../../core/derive/options.js';
import { s } from '../schema.js';
import { id, nonEmpty, tile, type OperationTable } from './fields.js';
import type { MapPayload } from './maps.js';

/** Largest selection a derivation takes: 10 000 strategic tiles is already a huge tactical map. */
export const MAX_DERIVE_TILES = 10_000;

/** SCALE-RATIO bounds of `maps.derive` (admissibility per grid kind is checked by the service: square even, offset-square ×4, hex ×6). */
export const DERIVE_RATIO_MIN = 2;

export const DERIVE_RATIO_MAX = 120;

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

export const DERIVE_OPERATIONS = {
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
} as const satisfies OperationTable;

export interface DeriveResults {
  /** `cached`: nothing changed since the map was derived, so no job ran and `jobId` is ''. */
  'maps.derive': { jobId: string; map: MapPayload; cached: boolean };
  'maps.lineage': Lineage;
}
