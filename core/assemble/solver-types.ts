/**
 * What the solver (solver.ts) is asked and what it answers: the options of `assemble`, its
 * statistics and its result. Their own module so the search (search.ts) and the solver's
 * entry point share them without importing each other.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { InstanceLayer } from '../map/instance-layer.js';
import type { NetworkRoles } from './network-ends.js';
import type { TileCounts } from './quantities.js';
import type { Topology } from './topology.js';

export type BoundaryRule = 'closed' | 'open' | 'any';

/** Which candidates each cell may take (painted.ts `paintedConstraint`: the painting as the constraint). */
export interface CandidateFilter {
  /** Whether candidate `a` of the cell's shape class may stand on `cell`. */
  allows(cell: number, a: number): boolean;
}

export interface NetworkRules {
  readonly roles: NetworkRoles;
  readonly ends?: boolean;
  readonly acyclic?: boolean;
}

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
  /** Candidates each cell of the region may take (the painting, painted.ts); absent: every candidate. */
  readonly allowed?: CandidateFilter;
  /**
   * How line networks run (issue 25; roles from the catalogue, network-ends.ts `networkRolesOf`):
   * `ends` (default true) — no dead end inside the region (network-filter.ts): a river rises on
   * high ground or a lake, a road ends at a settlement, or the line runs off the region's border;
   * `acyclic` (default true) — no river or road network closes a loop (network-loops.ts).
   */
  readonly networks?: NetworkRules;
  /**
   * Patches, not vignettes (patch-bias.ts): a candidate's weight times 1 + patches × the decided
   * neighbours whose tile has its dominant area terrain. 0 or absent: no bias.
   */
  readonly patches?: number;
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
