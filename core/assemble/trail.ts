/**
 * The solver's trail (undo log): one entry per candidate removal, in order — the cell, the
 * candidate, its CAUSE and the decision level it happened at — so undoing is popping, never
 * copying, and a contradiction can be explained by walking causes back (explain.ts).
 * Growable typed arrays, no object per entry.
 *
 * Causes: ≥ 0 the candidate lost its support across that edge slot; the negative codes
 * below; ≤ CAUSE_MIN_BASE a minimum count of tile (CAUSE_MIN_BASE − cause) forced it.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { doubled } from '../util/doubled.js';

/** Removed because another candidate of the cell was decided. */
export const CAUSE_DECISION = -1;
/** Removed because the decision to take it was refuted (its explanation is kept aside). */
export const CAUSE_REFUTE = -2;
/** Removed by the connectivity requirement (depends on every decision up to its level). */
export const CAUSE_GLOBAL = -3;
/** Removed before the search: fixed tiles, the map's outer edges, fixed neighbours. */
export const CAUSE_INIT = -4;
/** Removed because its tile reached its maximum count. */
export const CAUSE_COUNT = -5;
/** Removed because a tile's minimum count needs every cell that can still hold it. */
export const CAUSE_MIN_BASE = -16;

export const minCause = (tile: number): number => CAUSE_MIN_BASE - tile;

export class Trail {
  cell = new Int32Array(1024);
  cand = new Int32Array(1024);
  cause = new Int32Array(1024);
  level = new Int32Array(1024);
  /** Per entry: the stamp of the last analysis that visited it (explain.ts). */
  visit = new Int32Array(1024);
  length = 0;
  stamp = 0;

  push(cell: number, cand: number, cause: number, level: number): number {
    if (this.length === this.cell.length) this.grow();
    const t = this.length++;
    this.cell[t] = cell;
    this.cand[t] = cand;
    this.cause[t] = cause;
    this.level[t] = level;
    return t;
  }

  private grow(): void {
    this.cell = grow(this.cell);
    this.cand = grow(this.cand);
    this.cause = grow(this.cause);
    this.level = grow(this.level);
    this.visit = grow(this.visit);
  }
}

/** The solver's queues grow as the trail does (core/util/doubled.ts). */
export const grow = doubled<Int32Array<ArrayBuffer>>;
