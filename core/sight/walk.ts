/**
 * The cells a straight sight line passes through, in order — an exact traversal, not
 * sampling. A tile counts as the region nearer its centre than any other centre (its
 * Voronoi cell): on square, hex and globe maps that is the tile itself; on offset-square
 * (brick) maps it is the hexagon with the same six neighbours, which keeps the brick
 * topology. From the cell it is in, the line leaves through the neighbour whose bisector it
 * crosses first; every step is one neighbour test per direction, no allocation.
 *
 * - Flat maps walk the infinite lattice of the kind (square: cartesian; hex kinds and
 *   offset-square: 120° axial), so a line may pass cells off a ragged map edge (they are
 *   recorded as tile −1) and wrapped maps need nothing special: the line goes to the nearest
 *   image of the target and lattice cells map back to tiles through the grid's index.
 * - The globe walks the chord between the two unit-sphere centres. "Nearer" on the sphere
 *   is a larger dot product, which is scale-free, so the straight chord passes exactly the
 *   cells its radial projection (the great-circle arc) passes.
 *
 * Degenerate geometry is decided the same way every time: where the line passes exactly
 * through a corner, the cell it continues into is kept and the others touching that point
 * are recorded as GRAZED (they matter only to thin linear features); where it runs exactly
 * along the boundary of two cells, both are recorded as a PAIR. Those decisions are made
 * on the geometry alone (ties within 1e-9 of the segment), so a→b and b→a record the same
 * cells, and a caller may walk from the observer and stop at the first blocker.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Grid } from '../grid/types.js';
import { globeGeometry } from '../movement/heuristic.js';
import { latticeCoords, unitLength2, type Lattice } from './lattice.js';

export { latticeCoords, latticeOf, type Lattice } from './lattice.js';

export const CELL = 0;
export const GRAZED = 1;
/** First of a PAIR (the cell the walk continues from); its partner follows as PAIR_PARTNER. */
export const PAIR = 2;
export const PAIR_PARTNER = 3;

const EPS = 1e-9;

/** The recorded cells of one walk, in order from the start tile to the end tile. */
export class SightWalk {
  count = 0;
  tile = new Int32Array(64);
  kind = new Uint8Array(64);
  /** Direction index of the step from the previous CELL/PAIR into this one (−1 for GRAZED / PAIR_PARTNER). */
  dir = new Int8Array(64);
  /** 1 where this CELL/PAIR was entered through a corner (several cells met at the exit point). */
  corner = new Uint8Array(64);
  /** Lattice coordinates (flat maps). */
  a = new Int32Array(64);
  b = new Int32Array(64);
  /** Cell centre: unit frame (z = 0) on flat maps, unit sphere on the globe; unwrapped. */
  cx = new Float64Array(64);
  cy = new Float64Array(64);
  cz = new Float64Array(64);
  /** Where the cell centre projects onto the segment, clamped to [0, 1]. */
  s = new Float64Array(64);
  /** The segment: start A and direction V (end = A + V). */
  ax = 0;
  ay = 0;
  az = 0;
  vx = 0;
  vy = 0;
  vz = 0;
  /** False when the segment is degenerate (the globe's antipodes: the chord passes the centre). */
  ok = true;

  private readonly cand = new Int32Array(8);
  private readonly candVD = new Float64Array(8);
  private readonly tie = new Int32Array(8);

  private grow(): void {
    const n = this.tile.length * 2;
    const grow = <T extends Int32Array | Uint8Array | Int8Array | Float64Array>(old: T, make: (n: number) => T): T => {
      const t = make(n);
      t.set(old as never);
      return t;
    };
    this.tile = grow(this.tile, (k) => new Int32Array(k));
    this.kind = grow(this.kind, (k) => new Uint8Array(k));
    this.dir = grow(this.dir, (k) => new Int8Array(k));
    this.corner = grow(this.corner, (k) => new Uint8Array(k));
    this.a = grow(this.a, (k) => new Int32Array(k));
    this.b = grow(this.b, (k) => new Int32Array(k));
    this.cx = grow(this.cx, (k) => new Float64Array(k));
    this.cy = grow(this.cy, (k) => new Float64Array(k));
    this.cz = grow(this.cz, (k) => new Float64Array(k));
    this.s = grow(this.s, (k) => new Float64Array(k));
  }

  private record(tile: number, kind: number, dir: number, a: number, b: number, x: number, y: number, z: number): void {
    if (this.count === this.tile.length) this.grow();
    const i = this.count++;
    this.tile[i] = tile;
    this.kind[i] = kind;
    this.dir[i] = dir;
    this.corner[i] = 0;
    this.a[i] = a;
    this.b[i] = b;
    this.cx[i] = x;
    this.cy[i] = y;
    this.cz[i] = z;
    const vv = this.vx * this.vx + this.vy * this.vy + this.vz * this.vz;
    const t = vv > 0 ? ((x - this.ax) * this.vx + (y - this.ay) * this.vy + (z - this.az) * this.vz) / vv : 0;
    this.s[i] = t < 0 ? 0 : t > 1 ? 1 : t;
  }

  // ── the walk in progress (resumable, so a caller can stop at the first blocker) ──
  private lat: Lattice | null = null;
  private globeGrid: Grid | null = null;
  private centers: Float64Array | null = null;
  private nb: Int32Array | null = null;
  private curA = 0;
  private curB = 0;
  private endA = 0;
  private endB = 0;
  private cur = 0;
  private end = 0;
  private vlen = 0;
  private nc = 0;
  private steps = 0;
  private cap = 0;
  /** True once the end tile has been recorded (or the walk was refused). */
  done = true;

  /** Walks a flat map's lattice from tile `from` to the nearest image of tile `to` in one go. */
  walkFlat(lat: Lattice, from: number, to: number): void {
    this.startFlat(lat, from, to);
    while (this.advance());
  }

  /** Walks the globe's chord from tile `from` to tile `to` in one go. */
  walkGlobe(grid: Grid, from: number, to: number, nb: Int32Array): void {
    this.startGlobe(grid, from, to, nb);
    while (this.advance());
  }

  /** Starts a flat walk: records the start cell; `advance` records the rest, one exit at a time. */
  startFlat(lat: Lattice, from: number, to: number): void {
    this.count = 0;
    this.ok = true;
    this.lat = lat;
    this.globeGrid = null;
    latticeCoords(lat, from);
    latticeCoords(lat, to);
    const a0 = lat.coords[2 * from]!;
    const b0 = lat.coords[2 * from + 1]!;
    let da = lat.coords[2 * to]! - a0;
    let db = lat.coords[2 * to + 1]! - b0;
    for (let p = 0; p < lat.periods.length; p++) {
      const pa = lat.periods[p]![0];
      const pb = lat.periods[p]![1];
      // Nearest image along this seam; an exact tie (the target half a period away) takes
      // the image in the +period direction from the lower-indexed tile, the same image both ways.
      const here = unitLength2(lat, da, db);
      const plus = unitLength2(lat, da + pa, db + pb);
      const minus = unitLength2(lat, da - pa, db - pb);
      const k = plus < here - EPS && plus < minus - EPS ? 1 : minus < here - EPS && minus < plus - EPS ? -1 : 0;
      const tie = k === 0 && (Math.abs(plus - here) <= EPS || Math.abs(minus - here) <= EPS);
      if (tie) {
        const sign = Math.abs(plus - here) <= EPS ? 1 : -1;
        // Both images are as near: pick by tile order, so from the other end the mirror image is picked.
        if (from < to === sign > 0) {
          da += sign * pa;
          db += sign * pb;
        }
      } else {
        da += k * pa;
        db += k * pb;
      }
    }
    this.beginFlat(lat, from, a0, b0, da, db);
  }

  /**
   * Starts a flat walk from lattice cell (a0, b0) along the lattice vector (da, db), as
   * `startFlat` does once it has picked the target's image. The walk's cells depend only on
   * (da, db): ray trees (fov-tree.ts) record them once per offset.
   */
  beginFlat(lat: Lattice, from: number, a0: number, b0: number, da: number, db: number): void {
    this.count = 0;
    this.ok = true;
    this.lat = lat;
    this.globeGrid = null;
    this.curA = a0;
    this.curB = b0;
    this.endA = a0 + da;
    this.endB = b0 + db;
    const { e1x, e1y, e2x, e2y, dx, dy, dd } = lat;
    this.ax = a0 * e1x + b0 * e2x;
    this.ay = a0 * e1y + b0 * e2y;
    this.az = 0;
    this.vx = da * e1x + db * e2x;
    this.vy = da * e1y + db * e2y;
    this.vz = 0;
    this.vlen = Math.sqrt(this.vx * this.vx + this.vy * this.vy);
    // Directions the line can leave a cell by: those it heads into.
    let nc = 0;
    for (let d = 0; d < lat.dirs; d++) {
      const vd = this.vx * dx[d]! + this.vy * dy[d]!;
      if (vd > EPS * this.vlen * Math.sqrt(dd[d]!)) {
        this.cand[nc] = d;
        this.candVD[nc++] = vd;
      }
    }
    this.nc = nc;
    this.steps = 0;
    this.cap = 4 * (Math.abs(da) + Math.abs(db)) + 8;
    this.record(from, CELL, -1, a0, b0, this.ax, this.ay, 0);
    this.done = da === 0 && db === 0;
  }

  /** Starts a globe walk along the chord from `from` to `to`. */
  startGlobe(grid: Grid, from: number, to: number, nb: Int32Array): void {
    this.count = 0;
    this.ok = true;
    this.lat = null;
    this.globeGrid = grid;
    this.nb = nb;
    const c = globeGeometry(grid).centers;
    this.centers = c;
    this.ax = c[3 * from]!;
    this.ay = c[3 * from + 1]!;
    this.az = c[3 * from + 2]!;
    this.vx = c[3 * to]! - this.ax;
    this.vy = c[3 * to + 1]! - this.ay;
    this.vz = c[3 * to + 2]! - this.az;
    this.vlen = Math.sqrt(this.vx * this.vx + this.vy * this.vy + this.vz * this.vz);
    this.cur = from;
    this.end = to;
    this.steps = 0;
    this.cap = 4 * grid.tileCount;
    const mx = this.ax + this.vx / 2;
    const my = this.ay + this.vy / 2;
    const mz = this.az + this.vz / 2;
    if (from !== to && mx * mx + my * my + mz * mz < 1e-18) {
      // Antipodes: the chord passes through the planet's centre.
      this.ok = false;
      this.done = true;
      return;
    }
    this.record(from, CELL, -1, 0, 0, this.ax, this.ay, this.az);
    this.done = from === to;
  }

  /** Records the next exit's cells (grazed ones, the cell entered, a pair partner); false once done. */
  advance(): boolean {
    if (this.done) return false;
    if (++this.steps > this.cap) {
      this.ok = false; // cannot happen for a sound grid; refuse rather than loop
      this.done = true;
      return false;
    }
    if (this.lat) this.advanceFlat(this.lat);
    else this.advanceGlobe();
    return true;
  }

  /** From the ties at an exit, the cell the line continues into and a pair partner (or −1). */
  private chooseExit(nt: number): void {
    let first = -1;
    let second = -1;
    for (let k = 0; k < nt; k++) {
      const c = this.tie[k]!;
      if (first < 0 || this.candVD[c]! > this.candVD[first]!) {
        second = first;
        first = c;
      } else if (second < 0 || this.candVD[c]! > this.candVD[second]!) second = c;
    }
    this.first = first;
    this.second = second >= 0 && this.candVD[first]! - this.candVD[second]! <= EPS * this.vlen ? second : -1;
  }
  private first = -1;
  private second = -1;

  private advanceFlat(lat: Lattice): void {
    const { e1x, e1y, e2x, e2y, dx, dy, dd } = lat;
    const grid = lat.grid;
    const a = this.curA;
    const b = this.curB;
    const rx = a * e1x + b * e2x - this.ax;
    const ry = a * e1y + b * e2y - this.ay;
    let best = Infinity;
    let nt = 0;
    for (let c = 0; c < this.nc; c++) {
      const d = this.cand[c]!;
      const s = (rx * dx[d]! + ry * dy[d]! + dd[d]! / 2) / this.candVD[c]!;
      if (s < best - EPS) {
        best = s;
        nt = 0;
        this.tie[nt++] = c;
      } else if (s <= best + EPS) this.tie[nt++] = c;
    }
    // Among cells meeting at the exit point, the line continues into the one it heads into most.
    this.chooseExit(nt);
    const first = this.first;
    const second = this.second;
    for (let k = 0; k < nt; k++) {
      const c = this.tie[k]!;
      if (c === first || c === second) continue;
      const d = this.cand[c]!;
      const ga = a + lat.da[d]!;
      const gb = b + lat.db[d]!;
      this.record(grid.indexXY(ga, gb), GRAZED, -1, ga, gb, ga * e1x + gb * e2x, ga * e1y + gb * e2y, 0);
    }
    const d1 = this.cand[first]!;
    const na = a + lat.da[d1]!;
    const nb = b + lat.db[d1]!;
    this.record(grid.indexXY(na, nb), second >= 0 ? PAIR : CELL, d1, na, nb, na * e1x + nb * e2x, na * e1y + nb * e2y, 0);
    if (nt > 1) this.corner[this.count - 1] = 1;
    if (second >= 0) {
      const d2 = this.cand[second]!;
      const pa = a + lat.da[d2]!;
      const pb = b + lat.db[d2]!;
      this.record(grid.indexXY(pa, pb), PAIR_PARTNER, -1, pa, pb, pa * e1x + pb * e2x, pa * e1y + pb * e2y, 0);
    }
    this.curA = na;
    this.curB = nb;
    if (na === this.endA && nb === this.endB) this.done = true;
  }

  private advanceGlobe(): void {
    const grid = this.globeGrid!;
    const c = this.centers!;
    const nb = this.nb!;
    const t = this.cur;
    const tx = c[3 * t]!;
    const ty = c[3 * t + 1]!;
    const tz = c[3 * t + 2]!;
    const deg = grid.neighbors(t, nb);
    let best = Infinity;
    let nt = 0;
    for (let d = 0; d < deg; d++) {
      const n = nb[d]!;
      if (n < 0) continue;
      const ex = c[3 * n]! - tx;
      const ey = c[3 * n + 1]! - ty;
      const ez = c[3 * n + 2]! - tz;
      const vd = this.vx * ex + this.vy * ey + this.vz * ez;
      const elen = Math.sqrt(ex * ex + ey * ey + ez * ez);
      if (!(vd > EPS * this.vlen * elen)) continue;
      const s = ((tx - this.ax) * ex + (ty - this.ay) * ey + (tz - this.az) * ez + (elen * elen) / 2) / vd;
      this.candVD[d] = vd;
      if (s < best - EPS) {
        best = s;
        nt = 0;
        this.tie[nt++] = d;
      } else if (s <= best + EPS) this.tie[nt++] = d;
    }
    if (nt === 0) {
      this.ok = false;
      this.done = true;
      return;
    }
    this.chooseExit(nt);
    const first = this.first;
    const second = this.second;
    for (let k = 0; k < nt; k++) {
      const d = this.tie[k]!;
      if (d === first || d === second) continue;
      const g = nb[d]!;
      this.record(g, GRAZED, -1, 0, 0, c[3 * g]!, c[3 * g + 1]!, c[3 * g + 2]!);
    }
    const next = nb[first]!;
    this.record(next, second >= 0 ? PAIR : CELL, first, 0, 0, c[3 * next]!, c[3 * next + 1]!, c[3 * next + 2]!);
    if (nt > 1) this.corner[this.count - 1] = 1;
    if (second >= 0) {
      const partner = nb[second]!;
      this.record(partner, PAIR_PARTNER, -1, 0, 0, c[3 * partner]!, c[3 * partner + 1]!, c[3 * partner + 2]!);
    }
    this.cur = next;
    if (next === this.end) this.done = true;
  }
}
