/**
 * What the global constraints (quantities.ts, network-state.ts) use of the solver's search
 * state (state.ts): the cells and their edges, each cell's candidates, the removal that keeps
 * every counter in step, and where a contradiction is reported. SearchState implements it;
 * the constraints name this view rather than the class, so state.ts can hold them without an
 * import circle (core/README.md's floor plan: no circles in core).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { ClassCandidates } from './library.js';

export interface CellDomains {
  readonly cellCount: number;
  readonly maxSlots: number;
  /** Neighbour cell across each slot (−1 none), the slot it sees back, and each cell's slot count. */
  readonly neighbour: Int32Array;
  readonly backSlot: Int8Array;
  readonly slotCount: Uint8Array;
  /** Each cell's shape class, an index into `classes`. */
  readonly cls: Uint8Array;
  readonly classes: readonly ClassCandidates[];
  /** 1 for the cells being filled. */
  readonly active: Uint8Array;
  /** Candidate offset of each cell (into `removedAt`). */
  readonly base: Int32Array;
  /** Candidates left per cell. */
  readonly size: Int32Array;
  /** [base[cell] + candidate] → trail position of its latest removal. */
  readonly removedAt: Int32Array;
  conflictCell: number;
  conflictTile: number;
  conflictMinTile: number;
  has(c: number, a: number): boolean;
  forEachIn(c: number, f: (a: number) => void): void;
  /** The candidate a decided cell holds (its domain's only member). */
  single(c: number): number;
  /** Removes candidate `a` of cell `c`, logged with its cause on the trail. */
  remove(c: number, a: number, cause: number): void;
}
