/**
 * Automatic assembly (SPEC §6 "a seeded constraint solver fills a region (with backtracking
 * — no contradictions left — boundary conditions, weights, and an optional requirement that
 * the result is connected"); patent MAP ASSEMBLY): fills a region of an instance layer with
 * tile instances whose every shared edge matches. The public entry point and its options;
 * the solver itself is in these modules:
 *
 *   state.ts         domains (bitsets), AC-4 support counts per signature, remove / undo
 *   trail.ts         the undo log with each removal's cause
 *   propagate.ts     support propagation and the global constraints, to a fixpoint
 *   quantities.ts    minimum and maximum counts per tile, with their explanations
 *   network-state.ts the may/must network counters the connectivity pass reads
 *   connectivity.ts  one connected network (articulation points, after DeBroglie)
 *   choice.ts        least weighted entropy cell, candidate by weight
 *   explain.ts       conflict explanations (the cause graph walked back to decisions)
 *   conflict-set.ts  the decision levels an explanation rests on
 *   search.ts        decide / propagate / backjump (MAC-CBJ), the work bound
 *
 * Deterministic: one seeded random stream (core/util/random.ts), fixed iteration orders.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { InstanceLayer } from './instance-layer.js';
import type { AssemblyLibrary } from './library.js';
import type { TileCounts } from './quantities.js';
import { Search } from './search.js';
import type { Topology } from './topology.js';

export type { TileCounts } from './quantities.js';

export type BoundaryRule = 'closed' | 'open' | 'any';

export interface AssembleOptions {
  readonly seed: number;
  /** Cells to fill (any set; default the whole map). Instances outside it are fixed neighbours. */
  readonly region?: ArrayLike<number>;
  /** The map's outer edges: nothing may cross them (`closed`), something must (`open`), or `any` (default). */
  readonly boundary?: BoundaryRule;
  /** Keep the instances already placed inside the region (the user's fixed tiles). Default true. */
  readonly keepPlaced?: boolean;
  /**
   * Instances of a tile on the whole map (18xx manifests), by tile id: a number is the most
   * allowed; `{ min, max }` bounds both ways.
   */
  readonly counts?: TileCounts;
  /** The network of these terrains must be one connected component. */
  readonly connectivity?: { readonly terrains: readonly string[] };
  /** Removals + decisions before giving up (default 20 million). */
  readonly maxWork?: number;
  /** A prebuilt topology of the layer's grid (buildTopology), to reuse between calls. */
  readonly topology?: Topology;
  /**
   * Told now and then (every PROGRESS_EVERY decisions, and once at the end) how many decisions
   * are in force out of the cells being filled — a lower bound of the cells decided, as
   * propagation decides cells too. A job reports it (node/services assemble-task.ts).
   */
  readonly onProgress?: (decided: number, cells: number) => void;
}

export { PROGRESS_EVERY } from './search.js';

export interface AssembleStats {
  readonly decisions: number;
  readonly backjumps: number;
  /** Levels skipped by backjumps beyond plain backtracking. */
  readonly levelsSkipped: number;
  readonly work: number;
  /** Partial restarts after a thrash (search.ts `unwind`). */
  readonly unwinds: number;
  /** Cells and heap entries the choice heuristic looked at (choice.ts): about the cells that changed, not the map per decision. */
  readonly cellsExamined: number;
  /** The conflict explanations' walks over the trail: how many, how many were cut short (explain.ts WalkBudget), entries walked. */
  readonly explanations: { readonly walks: number; readonly cut: number; readonly walked: number };
  /** The connectivity passes (when asked for): how many, how many over the whole map, cells they visited. */
  readonly connectivity?: { readonly passes: number; readonly wholeMapPasses: number; readonly cellsVisited: number };
}

export type AssembleResult =
  | { readonly ok: true; readonly layer: InstanceLayer; readonly stats: AssembleStats }
  | {
      readonly ok: false;
      readonly reason: 'unsatisfiable' | 'work-bound';
      /** The smallest conflicting region found (cells). */
      readonly region: readonly number[];
      readonly message: string;
      readonly stats: AssembleStats;
    };

/** Fills `options.region` of `layer` (a copy is returned; the input is not changed). */
export function assemble(layer: InstanceLayer, library: AssemblyLibrary, options: AssembleOptions): AssembleResult {
  return new Search(layer, library, options).run();
}
