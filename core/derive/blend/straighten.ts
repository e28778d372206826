/**
 * Straightening (seed 004, "Step 5 — Validation Pass"): wherever 3 natural border edges line
 * up along a family of the lattice (lattice.ts), one edge of the run is removed by pushing
 * one of its two cells across the border (the cell takes the other side's terrain).
 *
 * A pass is one SUB-PASS per family and line class. A sub-pass looks at the edges of one
 * family on lines of one class, at the positions p ≡ phase (mod 3) of each line (the phase
 * is a hash of the line, the family and the pass): every window of 3 consecutive edges holds
 * exactly one such position, so every run of 3 on those lines is hit. Lines of one class
 * share no cell, and edges 3 apart on a line share none either, so no two pushes of a
 * sub-pass write the same cell. Of the two pushes, the one leaving fewer runs through the
 * pushed cell wins, then the one its other neighbours agree with (it smooths rather than
 * speckles), then a coin. Pushes read the field as it was before the sub-pass, so the
 * result does not depend on the order cells are visited in.
 *
 * Locality: a push of cell A (or of B, A's neighbour across the edge) is decided from cells
 * within `reach` (box distance |du|, |dv|) of A; `reach` is computed from the stencils below,
 * so it always bounds what the code reads. A sub-pass whose output must be exact on a box
 * needs its input exact on that box grown by 1 + reach (see `subPassMargin`).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { LatticeGeometry } from './lattice.js';
import { hash2, noise2 } from './noise.js';

/** An edge relative to a cell: [du, dv, slot]. */
type RelEdge = readonly [number, number, number];

interface Stencils {
  /** Per family, per slot: the windows of 3 consecutive edges that contain edge (0, 0, slot). */
  readonly windowsThrough: readonly (readonly (RelEdge[][] | undefined)[])[];
  /** Every distinct window (any family) holding an edge that touches cell (0, 0). */
  readonly windowsAround: readonly RelEdge[][];
  /** Largest box distance from a target edge's first cell to a cell its decision reads. */
  readonly reach: number;
}

const stencilCache = new WeakMap<LatticeGeometry, Stencils>();

function stencils(geo: LatticeGeometry): Stencils {
  let s = stencilCache.get(geo);
  if (s !== undefined) return s;
  const windowsThrough: (RelEdge[][] | undefined)[][] = [];
  const around = new Map<string, RelEdge[]>();
  geo.families.forEach((fam, f) => {
    windowsThrough[f] = [];
    const n = fam.window;
    for (const slot of fam.slots) {
      // Walk n − 1 edges back and n − 1 forward from (0, 0, slot).
      const line: RelEdge[] = [[0, 0, slot]];
      for (let k = 0; k < n - 1; k++) {
        const [u, v, sl] = line[0]!;
        const [ps, du, dv] = fam.prev(sl);
        line.unshift([u + du, v + dv, ps]);
      }
      for (let k = 0; k < n - 1; k++) {
        const [u, v, sl] = line[line.length - 1]!;
        const [ns, du, dv] = fam.next(sl);
        line.push([u + du, v + dv, ns]);
      }
      windowsThrough[f]![slot] = Array.from({ length: n }, (_, k) => line.slice(k, k + n));
    }
  });
  // Edges touching cell (0, 0): (0, 0, slot) and (−step, slot) for every slot.
  geo.families.forEach((fam, f) => {
    for (const slot of fam.slots) {
      const [su, sv] = geo.slotSteps[slot]!;
      for (const [ou, ov] of [
        [0, 0],
        [-su, -sv],
      ] as const) {
        for (const win of windowsThrough[f]![slot]!) {
          const shifted = win.map(([u, v, sl]) => [u + ou, v + ov, sl] as const);
          around.set(`${f}:${shifted.map((e) => e.join(',')).join(';')}`, shifted);
        }
      }
    }
  });
  const windowsAround = [...around.values()];
  // Cells read by a decision at target edge (0, 0, slot), A = (0, 0), B = A + step.
  let reach = 0;
  const read = (u: number, v: number): void => {
    reach = Math.max(reach, Math.abs(u), Math.abs(v));
  };
  const readEdge = ([u, v, sl]: RelEdge): void => {
    read(u, v);
    read(u + geo.slotSteps[sl]![0], v + geo.slotSteps[sl]![1]);
  };
  geo.families.forEach((_fam, f) => {
    for (const slot of geo.families[f]!.slots) {
      const [su, sv] = geo.slotSteps[slot]!;
      for (const win of windowsThrough[f]![slot]!) win.forEach(readEdge);
      for (const win of windowsAround) {
        for (const [u, v, sl] of win) {
          readEdge([u, v, sl]);
          readEdge([u + su, v + sv, sl]);
        }
      }
      for (const [du, dv] of geo.dirs) {
        read(du, dv);
        read(su + du, sv + dv);
      }
    }
  });
  s = { windowsThrough, windowsAround, reach };
  stencilCache.set(geo, s);
  return s;
}

/** How far beyond its output box a sub-pass reads: a written cell is A or A's neighbour. */
export function subPassMargin(geo: LatticeGeometry): number {
  return 1 + stencils(geo).reach;
}

/** Sub-passes in one pass: one per family and line class. */
export function subPassesPerPass(geo: LatticeGeometry): number {
  return 2 * geo.families.length;
}

/** A box of array cells, half-open: i0 ≤ i < i1, j0 ≤ j < j1. */
export interface Box {
  readonly i0: number;
  readonly j0: number;
  readonly i1: number;
  readonly j1: number;
}

export function growBox(b: Box, by: number): Box {
  return { i0: b.i0 - by, j0: b.j0 - by, i1: b.i1 + by, j1: b.j1 + by };
}

/** The plane a blend works on: cells (u0 + i, v0 + j), stored at j·w + i. */
export interface Plane {
  readonly geo: LatticeGeometry;
  readonly u0: number;
  readonly v0: number;
  readonly w: number;
  readonly h: number;
}

/**
 * Compiled stencils: cell-index offsets for one plane width. A list of windows is flat:
 * per window its edge count n, then n × (cell offset, slot).
 */
interface Compiled {
  readonly slotOffset: Int32Array;
  /** Per family, per slot: the windows through edge (0, 0, slot). */
  readonly through: (Int32Array | undefined)[][];
  readonly around: Int32Array;
  readonly dirOffset: Int32Array;
}

function compile(plane: Plane): Compiled {
  const { geo, w } = plane;
  const st = stencils(geo);
  const slotOffset = Int32Array.from(geo.slotSteps, ([du, dv]) => du + dv * w);
  const flat = (win: readonly RelEdge[]): number[] => [win.length, ...win.flatMap(([u, v, sl]) => [u + v * w, sl])];
  const through = st.windowsThrough.map((bySlot) => bySlot.map((wins) => (wins === undefined ? undefined : Int32Array.from(wins.flatMap(flat)))));
  const around = Int32Array.from(st.windowsAround.flatMap(flat));
  const dirOffset = Int32Array.from(geo.dirs, ([du, dv]) => du + dv * w);
  return { slotOffset, through, around, dirOffset };
}

/**
 * Straightening passes over `field` (natural flags per terrain in `natural`). `out` is the box
 * that must come out exact; `field` must be exact on `out` grown by passes × sub-passes ×
 * subPassMargin. Returns the straightened field (a new array; `field` is left as it was).
 */
export function straighten(plane: Plane, field: Uint8Array, natural: Uint8Array, seed: number, passes: number, out: Box): Uint8Array {
  const { geo } = plane;
  const margin = subPassMargin(geo);
  const c = compile(plane);
  const total = passes * subPassesPerPass(geo);
  let cur: Uint8Array = field;
  let next: Uint8Array = field.slice();
  const writes: number[] = [];
  let k = 0;
  for (let pass = 0; pass < passes; pass++) {
    for (let f = 0; f < geo.families.length; f++) {
      for (let cls = 0; cls < 2; cls++) {
        k++;
        // This sub-pass must be exact on `out` grown by the margins of the sub-passes after it.
        const box = growBox(out, (total - k) * margin);
        subPass(plane, c, cur, natural, seed, pass, f, cls, box, writes);
        next.set(cur);
        for (let n = 0; n < writes.length; n += 2) next[writes[n]!] = writes[n + 1]!;
        writes.length = 0;
        const t = cur === field ? new Uint8Array(cur.length) : cur;
        cur = next;
        next = t;
      }
    }
  }
  return cur === field ? field.slice() : cur;
}

function subPass(
  plane: Plane,
  c: Compiled,
  f: Uint8Array,
  natural: Uint8Array,
  seed: number,
  pass: number,
  famIndex: number,
  cls: number,
  box: Box,
  writes: number[],
): void {
  const { geo, w, u0, v0 } = plane;
  const fam = geo.families[famIndex]!;
  const period = fam.window;
  const sPhase = seed ^ Math.imul(pass + 1, 0x632be5ab) ^ Math.imul(famIndex + 1, 0x2c1b3c6d);
  const sSide = seed ^ Math.imul(pass + 1, 0x1d8e4e27) ^ Math.imul(famIndex + 1, 0x297a2d39);
  const isBorder = (p: number, slot: number): boolean => {
    const a = f[p]!;
    const b = f[p + c.slotOffset[slot]!]!;
    return a !== b && natural[a] === 1 && natural[b] === 1;
  };
  /** How many of the windows in `wins` (flat, see Compiled) are all border, placed at cell `base`. */
  const windowRuns = (base: number, wins: Int32Array): number => {
    let n = 0;
    for (let k = 0; k < wins.length; ) {
      const len = wins[k]!;
      const end = k + 1 + 2 * len;
      let all = true;
      for (let e = k + 1; e < end; e += 2) {
        if (!isBorder(base + wins[e]!, wins[e + 1]!)) {
          all = false;
          break;
        }
      }
      if (all) n++;
      k = end;
    }
    return n;
  };
  const runsAround = (p: number, value: number): number => {
    const old = f[p]!;
    f[p] = value;
    const n = windowRuns(p, c.around);
    f[p] = old;
    return n;
  };
  const agree = (p: number, skip: number, value: number): number => {
    let n = 0;
    for (let d = 0; d < c.dirOffset.length; d++) {
      const q = p + c.dirOffset[d]!;
      if (q !== skip && f[q] === value) n++;
    }
    return n;
  };
  // A target's first cell may lie one step outside the box when its second is inside.
  const i0 = box.i0 - 1;
  const i1 = box.i1 + 1;
  const j0 = box.j0 - 1;
  const j1 = box.j1 + 1;
  for (const slot of fam.slots) {
    const off = c.slotOffset[slot]!;
    const through = c.through[famIndex]![slot]!;
    for (let j = j0; j < j1; j++) {
      const v = v0 + j;
      for (let i = i0; i < i1; i++) {
        const p = j * w + i;
        const a = f[p]!;
        const b = f[p + off]!;
        if (a === b || natural[a] !== 1 || natural[b] !== 1) continue;
        const u = u0 + i;
        const line = fam.line(u, v, slot);
        if (fam.lineClass(line) !== cls) continue;
        const phase = hash2(sPhase, line, 0) % period;
        if ((((fam.pos(u, v, slot) + phase) % period) + period) % period !== 0) continue;
        if (windowRuns(p, through) === 0) continue;
        const q = p + off;
        const runsA = runsAround(p, b);
        const runsB = runsAround(q, a);
        const agreeA = agree(p, q, b);
        const agreeB = agree(q, p, a);
        const pushA = runsA !== runsB ? runsA < runsB : agreeA !== agreeB ? agreeA > agreeB : noise2(sSide, line, fam.pos(u, v, slot)) < 0.5;
        if (pushA) writes.push(p, b);
        else writes.push(q, a);
      }
    }
  }
}

/** Counts the runs of border edges that are too long (every family, windows starting in the box), for tests and tuning. */
export function countRuns(plane: Plane, field: Uint8Array, natural: Uint8Array, box: Box): number {
  const c = compile(plane);
  const st = stencils(plane.geo);
  let n = 0;
  const isBorder = (p: number, slot: number): boolean => {
    const a = field[p]!;
    const b = field[p + c.slotOffset[slot]!]!;
    return a !== b && natural[a] === 1 && natural[b] === 1;
  };
  plane.geo.families.forEach((fam, f) => {
    for (const slot of fam.slots) {
      // The last window through an edge is the one that starts at it.
      const win = st.windowsThrough[f]![slot]![fam.window - 1]!;
      for (let j = box.j0; j < box.j1; j++) {
        for (let i = box.i0; i < box.i1; i++) {
          const p = j * plane.w + i;
          if (win.every(([du, dv, sl]) => isBorder(p + du + dv * plane.w, sl))) n++;
        }
      }
    }
  });
  return n;
}
