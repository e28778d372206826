/**
 * Neighbours, pentagons and edge slots of the icosahedral globe, as O(1) arithmetic on the
 * strip lattice (lattice.ts). No per-tile tables: a tile is decoded to its strip position,
 * stepped in the strip plane, and the result re-encoded (through a seam map if it left the
 * strip).
 *
 * Direction order (SPEC §2, seed CLAIM 1 (E)): direction 0 is the +longitude neighbour {0,+1}
 * and the order runs clockwise seen from outside the sphere; in strip coordinates that is
 * b−a, b, a, a−b, −b, −a. Pentagons have five directions, starting with {+1,0} at V0, {0,+1}
 * at the ten band pentagons and {−1,0} at V11.
 *
 * In the first sector this reproduces the seed's offset sets for V1–V5, V6–V10, V11, E0–E4
 * and sets (4)–(6), with two corrections (topology.test.ts pins all of them): the seed lists
 * V0's neighbours in increasing longitude, which runs counter-clockwise against its own edge
 * and face sets, so V0 here goes {+1,0},{+1,−1},…,{+1,−4}; and its set for E25–E29 (the edges
 * W_k–V11) repeats set (5), whereas such a tile has three neighbours on the longer ring above
 * it: {0,+1},{+1,0},{0,−1},{−1,−1},{−1,0},{−1,+1}.
 *
 * Must not depend on: DOM, Node, anything outside core/grid.
 */
import { IcosaLattice, STEP_A, STEP_B } from './lattice.js';

/** Strip of V0's neighbour in each direction: clockwise from outside is decreasing longitude. */
const V0_STRIPS: readonly number[] = [0, 4, 3, 2, 1];

export class IcosaTopology {
  readonly lattice: IcosaLattice;
  readonly n: number;
  readonly tileCount: number;
  private readonly last: number;

  constructor(lattice: IcosaLattice) {
    this.lattice = lattice;
    this.n = lattice.n;
    this.tileCount = lattice.tileCount;
    this.last = lattice.last;
  }

  /** True for the 12 vertex tiles: the poles and every n-th tile of rings n and 2n. */
  isPentagon(i: number): boolean {
    if (i === 0 || i === this.last) return true;
    const n = this.n;
    let d = i - this.lattice.capEnd;
    if (d >= 0 && d < 5 * n && d % n === 0) return true;
    d = i - this.lattice.ring2n;
    return d >= 0 && d < 5 * n && d % n === 0;
  }

  degree(i: number): number {
    return this.isPentagon(i) ? 5 : 6;
  }

  /** The 12 pentagons: V0, U_0…U_4 (ring n), W_0…W_4 (ring 2n), V11. */
  pentagons(): Int32Array {
    const out = new Int32Array(12);
    const n = this.n;
    out[0] = 0;
    for (let k = 0; k < 5; k++) {
      out[1 + k] = this.lattice.capEnd + k * n;
      out[6 + k] = this.lattice.ring2n + k * n;
    }
    out[11] = this.last;
    return out;
  }

  neighbors(i: number, out: Int32Array): number {
    const L = this.lattice;
    const n = this.n;
    if (i === 0) {
      out[0] = 1;
      out[1] = 5;
      out[2] = 4;
      out[3] = 3;
      out[4] = 2;
      if (out.length > 5) out[5] = -1;
      return 5;
    }
    if (i === this.last) {
      for (let d = 0; d < 5; d++) out[d] = i - 5 + d;
      if (out.length > 5) out[5] = -1;
      return 5;
    }
    L.decode(i);
    const k = L.k;
    const a = L.a;
    const b = L.b;
    if (b === 0 && (a === n || a === 2 * n)) {
      this.pentagonNeighbors(k, a === n, out);
      if (out.length > 5) out[5] = -1;
      return 5;
    }
    if (a >= 2 && a < 2 * n && b >= 1 && b < n - 1) {
      // Inside the strip: all six steps stay in it, and the two along the ring are ±1.
      out[0] = i + 1;
      out[1] = L.encode(k, a, b + 1);
      out[2] = L.encode(k, a + 1, b);
      out[3] = i - 1;
      out[4] = L.encode(k, a, b - 1);
      out[5] = L.encode(k, a - 1, b);
      return 6;
    }
    for (let d = 0; d < 6; d++) out[d] = L.canon(k, a + STEP_A[d]!, b + STEP_B[d]!);
    return 6;
  }

  neighbor(i: number, dir: number): number {
    const L = this.lattice;
    const n = this.n;
    if (i === 0) return dir >= 0 && dir < 5 ? 1 + V0_STRIPS[dir]! : -1;
    if (i === this.last) return dir >= 0 && dir < 5 ? i - 5 + dir : -1;
    L.decode(i);
    const k = L.k;
    const a = L.a;
    const b = L.b;
    if (b === 0 && (a === n || a === 2 * n)) {
      if (dir < 0 || dir >= 5) return -1;
      return this.pentagonNeighbor(k, a === n, dir);
    }
    if (dir < 0 || dir >= 6) return -1;
    return L.canon(k, a + STEP_A[dir]!, b + STEP_B[dir]!);
  }

  private pentagonNeighbors(k: number, upper: boolean, out: Int32Array): void {
    for (let d = 0; d < 5; d++) out[d] = this.pentagonNeighbor(k, upper, d);
  }

  /**
   * U_k = (n,0) sees three faces in strip k (cap, down, up) and two in strip k−1, where it is
   * (0,n); W_k = (2n,0) sees two in strip k (up, bottom) and three in strip k−1, where it is
   * (n,n). Walking clockwise from +lon crosses into strip k−1 and back exactly once.
   */
  private pentagonNeighbor(k: number, upper: boolean, dir: number): number {
    const L = this.lattice;
    const n = this.n;
    const km = k === 0 ? 4 : k - 1;
    if (upper) {
      switch (dir) {
        case 0:
          return L.canon(k, n - 1, 1);
        case 1:
          return L.canon(k, n, 1);
        case 2:
          return L.canon(k, n + 1, 0);
        case 3:
          return L.canon(km, 1, n - 1);
        default:
          return L.canon(k, n - 1, 0);
      }
    }
    switch (dir) {
      case 0:
        return L.canon(k, 2 * n - 1, 1);
      case 1:
        return L.canon(k, 2 * n, 1);
      case 2:
        return L.canon(km, n + 1, n - 1);
      case 3:
        return L.canon(km, n, n - 1);
      default:
        return L.canon(k, 2 * n - 1, 0);
    }
  }

  /**
   * Edge slot of (i, dir): each undirected edge belongs to exactly one strip (edges on a seam
   * to the strip whose left border it is) and there to the owned endpoint it leaves in a
   * "forward" step b−a, b or a (slots 0, 1, 2). The only edges whose forward end is not owned
   * are the a-steps leaving the right border α = 0 (one per β = 0…n−1); they take the unused
   * a-slot of the tile (2n, β) on the left border, whose own a-step leaves the strip.
   * That fills the 3·(tileCount − 2) slots of all tiles but the poles exactly.
   */
  edgeSlot(i: number, dir: number): number {
    const L = this.lattice;
    const n = this.n;
    if (dir < 0) return -1;
    if (i === 0) return dir < 5 ? this.slotOf(V0_STRIPS[dir]!, 0, 0, 1, 0) : -1;
    if (i === this.last) return dir < 5 ? this.slotOf(dir, 2 * n, n, 2 * n, n - 1) : -1;
    L.decode(i);
    const k = L.k;
    const a = L.a;
    const b = L.b;
    if (b === 0 && (a === n || a === 2 * n)) {
      if (dir >= 5) return -1;
      const km = k === 0 ? 4 : k - 1;
      if (a === n) {
        if (dir === 3) return this.slotOf(km, 0, n, 1, n - 1);
        const d = dir === 4 ? 5 : dir;
        return this.slotOf(k, a, 0, a + STEP_A[d]!, STEP_B[d]!);
      }
      if (dir === 2) return this.slotOf(km, n, n, n + 1, n - 1);
      if (dir === 3) return this.slotOf(km, n, n, n, n - 1);
      const d = dir === 4 ? 5 : dir;
      return this.slotOf(k, a, 0, a + STEP_A[d]!, STEP_B[d]!);
    }
    if (dir >= 6) return -1;
    return this.slotOf(k, a, b, a + STEP_A[dir]!, STEP_B[dir]! + b);
  }

  /** Slot of the lattice edge (a1,b1)–(a2,b2) of strip k's plane (see edgeSlot). */
  private slotOf(k: number, a1: number, b1: number, a2: number, b2: number): number {
    const n = this.n;
    const n2 = 2 * n;
    let t: number;
    if (b1 < 0 || b2 < 0) {
      // One end across the left border V0–U_k–W_k: express the edge in strip k−1.
      const offA = b1 < 0 ? a1 : a2;
      k = k === 0 ? 4 : k - 1;
      if (offA <= n) {
        t = a1;
        a1 = -b1;
        b1 = t + b1;
        t = a2;
        a2 = -b2;
        b2 = t + b2;
      } else {
        a1 -= n;
        b1 += n;
        a2 -= n;
        b2 += n;
      }
    } else if (a1 > n2 || a2 > n2) {
      // Across W_k–V11.
      k = k === 0 ? 4 : k - 1;
      t = a1;
      a1 = a1 + b1 - n;
      b1 = 3 * n - t;
      t = a2;
      a2 = a2 + b2 - n;
      b2 = 3 * n - t;
    } else if (a1 === 0 && a2 === 0) {
      // Along the right border V0–U_{k+1}: it is strip k+1's edge.
      k = k === 4 ? 0 : k + 1;
      t = a1;
      a1 = a1 + b1;
      b1 = -t;
      t = a2;
      a2 = a2 + b2;
      b2 = -t;
    } else if (b1 === n && b2 === n) {
      // Along the right border U_{k+1}–W_{k+1}–V11.
      k = k === 4 ? 0 : k + 1;
      if (a1 <= n && a2 <= n) {
        a1 += n;
        b1 -= n;
        a2 += n;
        b2 -= n;
      } else {
        t = a1;
        a1 = 3 * n - b1;
        b1 = t + b1 - n2;
        t = a2;
        a2 = 3 * n - b2;
        b2 = t + b2 - n2;
      }
    }
    // Orient the edge forward (b−a, b or a); the slot only depends on which of the three it is.
    const da = a2 - a1;
    const db = b2 - b1;
    if (db < 0 || (db === 0 && da < 0)) {
      a1 = a2;
      b1 = b2;
    }
    if (a1 === 0) return 3 * this.lattice.encode(k, n2, b1) + 2;
    const slot = db === 0 ? 2 : da === 0 ? 1 : 0;
    return 3 * this.lattice.encode(k, a1, b1) + slot;
  }
}
