/**
 * Exact hop distances without search, where the geometry allows it.
 *
 * Pentagons: the hop distance from a vertex pentagon V to any tile is linear on each
 * icosahedron face — Σ wᵢ·g(V, Fᵢ) over the face's vertices Fᵢ, with wᵢ the tile's integer
 * barycentric weights (summing to n) and g the icosahedron's own vertex graph distance. For
 * V0 this is lat = α + β in every face type (lattice.ts); the icosahedral symmetry carries it
 * to the other eleven.
 *
 * Flat charts: a strip parallelogram, or the triangle of side 2n made of a face and its three
 * edge neighbours, is a flat, convex, injectively embedded piece of the globe whose cone
 * points (pentagons) all lie on its border. For tiles x, y in one chart, with hex distance h
 * in the chart and hex distances Rx, Ry to the chart's border: if h ≤ Rx + Ry then the hop
 * distance is exactly h. (The ball of radius Rx about x is the planar hexagon — by induction
 * on BFS layers, each layer's tiles are interior chart points whose six neighbours are chart
 * neighbours — and likewise for y; a path shorter than h would meet both balls at a common
 * tile and give a shorter planar route.)
 *
 * Must not depend on: DOM, Node, anything outside core/grid.
 */
import { cubeDistance } from '../hex/axial.js';
import { FACE_BOTTOM, FACE_CAP, FACE_DOWN, FACE_UP, FACE_VERTS, faceVertices, faceWeights } from './embedding.js';

/** Icosahedron vertex graph distances (0…3), 12×12, vertex ids as in ICOSA_VERTICES. */
const VERTEX_HOPS: Uint8Array = (() => {
  const adj: number[][] = Array.from({ length: 12 }, () => []);
  for (let k = 0; k < 5; k++) {
    for (let t = 0; t < 4; t++) {
      const f = faceVertices(k, t);
      for (let i = 0; i < 3; i++) {
        const p = f[i]!;
        const q = f[(i + 1) % 3]!;
        if (!adj[p]!.includes(q)) adj[p]!.push(q);
        if (!adj[q]!.includes(p)) adj[q]!.push(p);
      }
    }
  }
  const hops = new Uint8Array(144).fill(255);
  for (let s = 0; s < 12; s++) {
    const queue = [s];
    hops[12 * s + s] = 0;
    for (let h = 0; h < queue.length; h++) {
      const v = queue[h]!;
      for (const w of adj[v]!) {
        if (hops[12 * s + w] === 255) {
          hops[12 * s + w] = hops[12 * s + v]! + 1;
          queue.push(w);
        }
      }
    }
  }
  return hops;
})();

const CHART_STRIP = 4;

export class FlatCharts {
  private readonly n: number;
  // Chart-space position written by place(); scratch barycentric weights.
  private pa = 0;
  private pb = 0;
  private readonly w = new Int32Array(3);
  /** Shortest chart route seen by the last exact() call (a true path length), or Infinity. */
  upper = Infinity;

  constructor(n: number) {
    this.n = n;
  }

  /** Hop distance from the tile at strip point (k, α, β) (poles included) to vertex pentagon v (0…11). */
  vertexDistance(k: number, a: number, b: number, v: number): number {
    const W = this.w;
    const f = 3 * (4 * k + faceWeights(this.n, a, b, W));
    const H = VERTEX_HOPS;
    return W[0]! * H[12 * FACE_VERTS[f]! + v]! + W[1]! * H[12 * FACE_VERTS[f + 1]! + v]! + W[2]! * H[12 * FACE_VERTS[f + 2]! + v]!;
  }

  /** All twelve vertex distances of the tile at strip point (k, α, β), into out[0…11]. */
  vertexDistances(k: number, a: number, b: number, out: Int32Array): void {
    const W = this.w;
    const f = 3 * (4 * k + faceWeights(this.n, a, b, W));
    const H = VERTEX_HOPS;
    const ra = 12 * FACE_VERTS[f]!;
    const rb = 12 * FACE_VERTS[f + 1]!;
    const rc = 12 * FACE_VERTS[f + 2]!;
    const u = W[0]!;
    const p = W[1]!;
    const w = W[2]!;
    for (let v = 0; v < 12; v++) out[v] = u * H[ra + v]! + p * H[rb + v]! + w * H[rc + v]!;
  }

  /**
   * Exact distance between two owned strip points if one of the charts around either proves
   * it (see the module comment), else −1 (leaving the shortest chart route in `upper`).
   */
  exact(kx: number, ax: number, bx: number, ky: number, ay: number, by: number): number {
    const n = this.n;
    this.upper = Infinity;
    const tx = faceWeights(n, ax, bx, this.w);
    const ty = faceWeights(n, ay, by, this.w);
    let d = this.tryChart(CHART_STRIP, kx, ax, bx, ky, ay, by);
    if (d >= 0) return d;
    d = this.tryChart(tx, kx, ax, bx, ky, ay, by);
    if (d >= 0) return d;
    if (ky !== kx) {
      d = this.tryChart(CHART_STRIP, ky, ay, by, kx, ax, bx);
      if (d >= 0) return d;
    }
    if (ky !== kx || ty !== tx) return this.tryChart(ty, ky, ay, by, kx, ax, bx);
    return -1;
  }

  /** Chart `chart` based on strip k, holding x at its own strip point; y is carried in. */
  private tryChart(chart: number, k: number, ax: number, bx: number, ky: number, ay: number, by: number): number {
    if (!this.place(chart, k, ky, ay, by)) return -1;
    const rx = this.border(chart, ax, bx);
    const ry = this.border(chart, this.pa, this.pb);
    if (rx < 0 || ry < 0) return -1;
    const da = this.pa - ax;
    const db = this.pb - bx;
    // The chart's (a, b) are 60° axial coordinates: the cube's third one is −a − b.
    const h = cubeDistance(da, db, -da - db);
    if (h < this.upper) this.upper = h;
    return h <= rx + ry ? h : -1;
  }

  /** Hex distance from a chart point to the chart's border (negative outside). */
  private border(chart: number, a: number, b: number): number {
    const n = this.n;
    switch (chart) {
      case CHART_STRIP:
        return Math.min(a, 2 * n - a, b, n - b);
      case FACE_CAP:
        return Math.min(n - a, n - b, a + b);
      case FACE_DOWN:
        return Math.min(a, b, 2 * n - a - b);
      case FACE_UP:
        return Math.min(n - b, 2 * n - a, a + b - n);
      default:
        return Math.min(b, a - n, 3 * n - a - b);
    }
  }

  /**
   * Carries strip point (ky, α, β) into the plane of strip k through the seam the chart
   * spans; false when that strip is not part of the chart.
   */
  private place(chart: number, k: number, ky: number, a: number, b: number): boolean {
    const n = this.n;
    const dk = (ky - k + 5) % 5;
    if (dk === 0) {
      this.pa = a;
      this.pb = b;
      return true;
    }
    if (dk === 1) {
      switch (chart) {
        case CHART_STRIP:
          // Only strip k+1's left border is part of strip k (as its right border).
          if (b === 0) {
            this.pa = a <= n ? 0 : a - n;
            this.pb = a <= n ? a : n;
            return true;
          }
          if (a === 2 * n) {
            this.pa = n + b;
            this.pb = n;
            return true;
          }
          return false;
        case FACE_CAP:
          this.pa = -b;
          this.pb = a + b;
          return true;
        case FACE_DOWN:
          this.pa = a - n;
          this.pb = b + n;
          return true;
        case FACE_BOTTOM:
          this.pa = a + b - n;
          this.pb = 3 * n - a;
          return true;
        default:
          return false;
      }
    }
    if (dk === 4) {
      switch (chart) {
        case FACE_CAP:
          this.pa = a + b;
          this.pb = -a;
          return true;
        case FACE_UP:
          this.pa = a + n;
          this.pb = b - n;
          return true;
        case FACE_BOTTOM:
          this.pa = 3 * n - b;
          this.pb = a + b - 2 * n;
          return true;
        default:
          return false;
      }
    }
    return false;
  }
}
