/**
 * Maps made of vector tile instances (issue 13): place and clear instances, what fits where
 * (core/assemble fit.ts), place one tile, and auto-assemble a region as a job.
 *
 * Part of the renderer ↔ main contract (../contract.ts): imported by both sides; no Node, no DOM.
 */

import { ASSEMBLY_MODE_NAMES } from '../../core/assemble/modes.js';
import { MAX_SEED } from '../../core/derive/options.js';
import type { VectorTileJson } from '../../core/vector/json.js';
import { s } from '../schema.js';
import { id, nonEmpty, terrainId, tile, type OperationTable } from './fields.js';
import type { EditResult } from './maps.js';

/** Most tiles one instance edit or assembly names. */
export const MAX_PLACEMENTS = 1_000_000;

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
      geometry: VectorTileJson;
      places: FitPlace[];
      /** The `offset` to ask for the next page; null when every tile was looked at. */
      next: number | null;
    };

export const PLACING_OPERATIONS = {
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
   * and answers with the conflicting tiles. The painting is the constraint: painted tiles take
   * only library tiles that honour it (core/assemble painted.ts); painted tiles none honours
   * are answered with the reason (`reason: 'painting'`) before anything is solved.
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
      /** Only what is painted (core/assemble painted.ts `strict`): no line where none is painted, no village mark on unpainted ground. */
      strict: s.optional(s.boolean()),
    }),
  },
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
} as const satisfies OperationTable;

export interface PlacingResults {
  'maps.placeInstances': EditResult;
  /** `tiles`: instances placed; `backtracks`: the solver's backjumps. Unsatisfiable: `ok: false` with the smallest conflicting region found (tile indices). `jobId`: the job that ran it. */
  'maps.assemble':
    | { ok: true; jobId: string; edit: EditResult; tiles: number; backtracks: number }
    | { ok: false; jobId: string; reason: 'unsatisfiable' | 'work-bound'; region: number[]; message: string }
    /** Painted tiles of the region no library tile honours (core/assemble painted.ts), each with why; nothing was solved. `region`: their indices. */
    | { ok: false; jobId: string; reason: 'painting'; region: number[]; message: string; refused: { tile: number; reason: string }[] };
  'maps.fitting': FittingAnswer;
  'maps.placeTile': EditResult;
}
