/**
 * Seed 004's straight-line rule: no border between two terrains (or land and water) may run
 * straight for more than 2 tiles. A STRAIGHT RUN is three collinear area tiles t0, t1, t2 of
 * one label A whose neighbours on one side (the same turn from the line at each of the three:
 * 90° on square lattices, 60° or 120° on hexagonal ones) all carry one label B ≠ A — a ruler-straight stretch of border 3 tiles long. Collinear means
 * t2 is opposite t0 around t1 in the cyclic neighbour order, which holds on every kind,
 * across the globe's seams too; pentagons have no opposite and start no run.
 *
 * `straightRunTiles` counts the middle tiles of such runs (check-world's count);
 * `breakStraightRuns` is the safety net of seed 004's validation pass: a flagged middle tile
 * takes the other side's label, or the tile beside it takes its label — whichever leaves
 * fewer runs nearby — pass after pass until none is left (or a pass changes nothing).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { AreaLattice } from './lattice.js';
import { randomInt, seededRandom } from '../util/random.js';

/** Tiles whose label never counts (settlements, which the rule exempts). */
export type Exempt = (a: number) => boolean;
const NONE: Exempt = () => false;

/**
 * The side tile of t1 in the first straight run through t1, or −1 when t1 is in none; `run`,
 * when given, receives the run's tiles t0, t1, t2, s0, s1, s2.
 */
export function straightRunAt(lat: AreaLattice, label: ArrayLike<number>, t1: number, exempt: Exempt = NONE, run?: Int32Array): number {
  const D = lat.degree[t1]!;
  if (D !== 6 && D !== 8) return -1;
  if (exempt(t1)) return -1;
  const S = lat.slots;
  const A = label[t1]!;
  // Inside one label (most tiles): no border, no run.
  let border = false;
  for (let k = 0; k < D && !border; k++) {
    const b = lat.nbr[t1 * S + k]!;
    border = b >= 0 && label[b] !== A;
  }
  if (!border) return -1;
  const half = D / 2;
  for (let f = 0; f < half; f++) {
    const t2 = lat.nbr[t1 * S + f]!;
    const t0 = lat.nbr[t1 * S + f + half]!;
    if (t0 < 0 || t2 < 0 || label[t0] !== A || label[t2] !== A || exempt(t0) || exempt(t2)) continue;
    const d0 = lat.degree[t0]!;
    const d2 = lat.degree[t2]!;
    if (d0 !== D || d2 !== D) continue;
    // Forward slot at each tile: toward t1 from t0; away from t1 at t2.
    const f0 = lat.back[t1 * S + f + half]!;
    const f2 = (lat.back[t1 * S + f]! + half) % D;
    // The row beside the line: at 90° on square lattices (45° and 135° read the same row
    // shifted by one), at 60° and 120° on hexagonal ones (no 90° there).
    for (let s = D === 8 ? 2 : 1; s < (D === 8 ? 3 : half); s++) {
      for (let sign = 1; sign >= -1; sign -= 2) {
        const s1 = lat.nbr[t1 * S + ((f + sign * s + D) % D)]!;
        if (s1 < 0 || exempt(s1)) continue;
        const B = label[s1]!;
        if (B === A) continue;
        const s0 = lat.nbr[t0 * S + ((f0 + sign * s + D) % D)]!;
        const s2 = lat.nbr[t2 * S + ((f2 + sign * s + D) % D)]!;
        if (s0 < 0 || s2 < 0 || label[s0] !== B || label[s2] !== B || exempt(s0) || exempt(s2)) continue;
        if (run) run.set([t0, t1, t2, s0, s1, s2]);
        return s1;
      }
    }
  }
  return -1;
}

/** Middle tiles of straight runs (check-world's "straight border runs > 2"). */
export function straightRunTiles(lat: AreaLattice, label: ArrayLike<number>, exempt: Exempt = NONE): number[] {
  const out: number[] = [];
  for (let a = 0; a < lat.tiles.length; a++) if (straightRunAt(lat, label, a, exempt) >= 0) out.push(a);
  return out;
}

/** Straight runs through `a` or any of its neighbours. */
function runsNear(lat: AreaLattice, label: ArrayLike<number>, a: number, exempt: Exempt): number {
  let n = straightRunAt(lat, label, a, exempt) >= 0 ? 1 : 0;
  for (let k = 0; k < lat.slots; k++) {
    const b = lat.nbr[a * lat.slots + k]!;
    if (b >= 0 && straightRunAt(lat, label, b, exempt) >= 0) n++;
  }
  return n;
}

/**
 * Breaks every straight run by changing labels in place; `allowed(tile, newLabel)` says which
 * changes the stage permits (land/water only before drainage, same kind of ground after).
 * Returns the tiles changed, in order. At most `maxPasses` passes.
 */
export function breakStraightRuns(lat: AreaLattice, label: Int32Array, allowed: (a: number, to: number) => boolean, exempt: Exempt = NONE, maxPasses = 40): number[] {
  const changed: number[] = [];
  const run = new Int32Array(6);
  const random = seededRandom(0x57a1647);
  const n = lat.tiles.length;
  // Each pass looks only where the last pass changed something (a run's middle tile lies
  // within two steps of any of its six tiles); the first pass looks everywhere.
  let todo: Int32Array = Int32Array.from({ length: n }, (_, a) => a);
  const mark = new Int32Array(n).fill(-1);
  for (let pass = 0; pass < maxPasses && todo.length > 0; pass++) {
    const touched: number[] = [];
    for (const t1 of todo) {
      if (straightRunAt(lat, label, t1, exempt, run) < 0) continue;
      const A = label[t1]!;
      const B = label[run[4]!]!;
      const around = (): number => runsNear(lat, label, run[1]!, exempt) + runsNear(lat, label, run[4]!, exempt);
      const before = around();
      let best = -1;
      let bestTo = 0;
      let bestScore = Infinity;
      // Any of the run's six tiles may cross over; the middle pair first (ties keep them).
      for (const k of [1, 4, 0, 2, 3, 5]) {
        const tile = run[k]!;
        const to = k < 3 ? B : A;
        if (!allowed(tile, to)) continue;
        const old = label[tile]!;
        label[tile] = to;
        const score = around();
        label[tile] = old;
        if (score < bestScore) {
          bestScore = score;
          best = tile;
          bestTo = to;
        }
      }
      if (best < 0) continue;
      if (bestScore >= before) {
        // No change helps: early passes wait for neighbours to move; late ones move one of
        // the six at random (seeded), which walks out of cycles the greedy choice repeats.
        if (pass < maxPasses / 4) {
          touched.push(t1);
          continue;
        }
        const k = randomInt(random, 6);
        const to = k < 3 ? B : A;
        if (!allowed(run[k]!, to)) continue;
        best = run[k]!;
        bestTo = to;
      }
      label[best] = bestTo;
      changed.push(best);
      touched.push(best);
    }
    // Next pass: every tile within two steps of a change, in ascending order.
    const next: number[] = [];
    for (const c of touched) {
      for (const x of within2(lat, c)) {
        if (mark[x] === pass) continue;
        mark[x] = pass;
        next.push(x);
      }
    }
    todo = Int32Array.from(next).sort();
  }
  return changed;
}

/** `a` and the tiles within two steps of it. */
function within2(lat: AreaLattice, a: number): number[] {
  const out = [a];
  const S = lat.slots;
  for (let k = 0; k < S; k++) {
    const b = lat.nbr[a * S + k]!;
    if (b < 0) continue;
    out.push(b);
    for (let j = 0; j < S; j++) {
      const c = lat.nbr[b * S + j]!;
      if (c >= 0) out.push(c);
    }
  }
  return out;
}
