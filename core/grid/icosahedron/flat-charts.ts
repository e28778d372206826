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
import { FACE_BOTTOM, FACE_CAP, FACE_DOWN, FACE_UP, faceVertices } from './embedding.js';

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

/** Face vertex ids for f = 4k + type, flattened. */
const FACE_VERTS: Int8Array = (() => {
  const out = new Int8Array(60);
  for (let k = 0; k < 5; k++) for (let t = 0; t < 4; t++) out.set(faceVertices(k, t), 3 * (4 * k + t));
  return out;
})();

/** Face type of an owned strip point (α, β): the same precedence as the embedding. */
export function faceType(n: number, a: number, b: number): number {
  if (a + b <= n) return FACE_CAP;
  if (a <= n) return FACE_DOWN;
  if (a + b <= 2 * n) return FACE_UP;
  return FACE_BOTTOM;
}

const CHART_STRIP = 4;

export class FlatCharts {
  private readonly n: number;
  // Chart-space position written by place(); barycentric weights written by faceWeights().
  private pa = 0;
  private pb = 0;
  private wu = 0;
  private wv = 0;
  private ww = 0;
  /** Shortest chart route seen by the last exact() call (a true path length), or Infinity. */
  upper = Infinity;

  constructor(n: number) {
    this.n = n;
  }

  /**
   * Hop distance from the tile at strip point (k, α, β) to vertex pentagon `v` (0…11). The
   * pole points (0,0) and (2n,n) are accepted too.
   */
  vertexDistance(k: number, a: number, b: number, v: number): number {
    const f = this.faceWeights(k, a, b);
    const H = VERTEX_HOPS;
    return this.wu * H[12 * FACE_VERTS[f]! + v]! + this.wv * H[12 * FACE_VERTS[f + 1]! + v]! + this.ww * H[12 * FACE_VERTS[f + 2]! + v]!;
  }

  /** All twelve vertex distances of the tile at strip point (k, α, β), into out[0…11]. */
  vertexDistances(k: number, a: number, b: number, out: Int32Array): void {
    const f = this.faceWeights(k, a, b);
    const H = VERTEX_HOPS;
    const ra = 12 * FACE_VERTS[f]!;
    const rb = 12 * FACE_VERTS[f + 1]!;
    const rc = 12 * FACE_VERTS[f + 2]!;
    const u = this.wu;
    const p = this.wv;
    const w = this.ww;
    for (let v = 0; v < 12; v++) out[v] = u * H[ra + v]! + p * H[rb + v]! + w * H[rc + v]!;
  }

  /** Sets wu, wv, ww to the point's integer barycentric weights; returns 3·face. */
  private faceWeights(k: number, a: number, b: number): number {
    const n = this.n;
    const t = faceType(n, a, b);
    if (t === FACE_CAP) {
      this.wu = n - a - b;
      this.wv = a;
      this.ww = b;
    } else if (t === FACE_DOWN) {
      this.wu = n - b;
      this.wv = n - a;
      this.ww = a + b - n;
    } else if (t === FACE_UP) {
      this.wu = 2 * n - a - b;
      this.wv = b;
      this.ww = a - n;
    } else {
      this.wu = n - b;
      this.wv = 2 * n - a;
      this.ww = a + b - 2 * n;
    }
    return 3 * (4 * k + t);
  }

  /**
   * Exact distance between two owned strip points if one of the charts around either proves
   * it (see the module comment), else −1 (leaving the shortest chart route in `upper`).
   */
  exact(kx: number, ax: number, bx: number, ky: number, ay: number, by: number): number {
    const n = this.n;
    this.upper = Infinity;
    const tx = faceType(n, ax, bx);
    const ty = faceType(n, ay, by);
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
    const h = Math.max(Math.abs(da), Math.abs(db), Math.abs(da + db));
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
