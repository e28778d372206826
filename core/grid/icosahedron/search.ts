/**
 * Exact graph searches on the globe: hop distance, ranges, rings, spirals and lines.
 *
 * Distance first tries the closed forms of flat-charts.ts (pentagon endpoints, pairs inside
 * one flat chart). Otherwise it is an A* search whose heuristic uses the twelve pentagons as
 * landmarks: their distances to any tile are O(1), so |d(V,x) − d(V,target)| is a lower bound
 * for every V, and the largest of the twelve is consistent and usually within a hop or two of
 * the truth, so the search stays in a narrow corridor. d(x,V) + d(V,target) gives an upper
 * bound that prunes the queue and ends the search early when the bounds meet.
 * The open list is a bucket queue on integer f = g + h. Every buffer is allocated once, on
 * first use, and reused through generation stamps: a call allocates nothing per tile.
 *
 * Must not depend on: DOM, Node, anything outside core/grid.
 */
import { FlatCharts } from './flat-charts.js';
import type { IcosaTopology } from './topology.js';

export class GlobeSearch {
  private readonly topo: IcosaTopology;
  private readonly centers: Float64Array;
  private readonly tileCount: number;
  // Per-tile search state: stamp === base → reached with cost g; base + 1 → settled.
  private stampBuf: Int32Array | null = null;
  private gBuf: Int32Array | null = null;
  private queue: Int32Array | null = null;
  private base = 0;
  // Bucket queue: singly linked entries (node, g, next) per f bucket, grown on demand.
  private bucketHead: Int32Array;
  private entNode: Int32Array = new Int32Array(1024);
  private entG: Int32Array = new Int32Array(1024);
  private entNext: Int32Array = new Int32Array(1024);
  private readonly nb = new Int32Array(6);
  private readonly nb2 = new Int32Array(6);
  private readonly charts: FlatCharts;
  /** Vertex distances of the current target and of the tile being scored. */
  private readonly toV = new Int32Array(12);
  private readonly atV = new Int32Array(12);
  /** Calls answered by A* (the rest were closed forms); for tests and benchmarks. */
  searches = 0;

  constructor(topo: IcosaTopology, centers: Float64Array) {
    this.topo = topo;
    this.centers = centers;
    this.tileCount = topo.tileCount;
    // f = g + h ≤ (upper bound) ≤ 6n: the detour through a pentagon is at most 3n + 3n.
    this.bucketHead = new Int32Array(6 * topo.n + 8).fill(-1);
    this.charts = new FlatCharts(topo.n);
  }

  /** Vertex id (0…11, as in ICOSA_VERTICES) of the decoded strip point, or −1 if not a pentagon. */
  private vertexId(k: number, a: number, b: number): number {
    const n = this.topo.n;
    if (b === 0) {
      if (a === 0) return 0;
      if (a === n) return 1 + k;
      if (a === 2 * n) return 6 + k;
    } else if (a === 2 * n && b === n) return 11;
    return -1;
  }

  /** The closed forms of flat-charts.ts: exact distance, or −1 when they cannot decide. */
  private closedForm(from: number, to: number): number {
    const L = this.topo.lattice;
    L.decode(to);
    const kt = L.k, at = L.a, bt = L.b;
    L.decode(from);
    const kf = L.k, af = L.a, bf = L.b;
    const vt = this.vertexId(kt, at, bt);
    if (vt >= 0) return this.charts.vertexDistance(kf, af, bf, vt);
    const vf = this.vertexId(kf, af, bf);
    if (vf >= 0) return this.charts.vertexDistance(kt, at, bt, vf);
    return this.charts.exact(kf, af, bf, kt, at, bt);
  }

  /** Starts a new generation of the per-tile state (allocating it on first use). */
  private begin(): number {
    if (this.stampBuf === null) {
      this.stampBuf = new Int32Array(this.tileCount);
      this.gBuf = new Int32Array(this.tileCount);
      this.queue = new Int32Array(this.tileCount);
    }
    if (this.base > 0x3ffffff0) {
      this.stampBuf.fill(0);
      this.base = 0;
    }
    this.base += 2;
    return this.base;
  }

  /** Landmark lower bound from tile i to the target whose vertex distances are in toV. */
  private heuristic(i: number): number {
    const L = this.topo.lattice;
    L.decode(i);
    const atV = this.atV;
    const toV = this.toV;
    this.charts.vertexDistances(L.k, L.a, L.b, atV);
    let h = 0;
    for (let v = 0; v < 12; v++) {
      const d = atV[v]! - toV[v]!;
      if (d > h) h = d;
      else if (-d > h) h = -d;
    }
    return h;
  }

  distance(from: number, to: number): number {
    if (from === to) return 0;
    const closed = this.closedForm(from, to);
    if (closed >= 0) return closed;

    // Bounds through the pentagons: exact when they meet.
    const L = this.topo.lattice;
    L.decode(to);
    this.charts.vertexDistances(L.k, L.a, L.b, this.toV);
    const fMin = this.heuristic(from);
    let upper = this.charts.upper;
    for (let v = 0; v < 12; v++) upper = Math.min(upper, this.atV[v]! + this.toV[v]!);
    if (upper === fMin) return upper;

    this.searches++;
    const topo = this.topo;
    const nb = this.nb;
    const base = this.begin();
    const stamp = this.stampBuf!;
    const g = this.gBuf!;
    let used = 0;
    let fMax = fMin;
    stamp[from] = base;
    g[from] = 0;
    used = this.push(from, 0, fMin, used);
    let cur = fMin;
    let result = -1;
    const head = this.bucketHead;
    while (result < 0) {
      while (cur <= fMax && head[cur] === -1) cur++;
      // Everything left was pruned as no better than the pentagon detour: that is the answer.
      if (cur > fMax) {
        result = upper;
        break;
      }
      const e = head[cur]!;
      head[cur] = this.entNext[e]!;
      const x = this.entNode[e]!;
      const gx = this.entG[e]!;
      if (stamp[x] !== base || g[x] !== gx) continue; // settled, or a stale entry
      if (x === to) {
        result = gx;
        break;
      }
      stamp[x] = base + 1;
      const deg = topo.neighbors(x, nb);
      const ng = gx + 1;
      for (let d = 0; d < deg; d++) {
        const y = nb[d]!;
        if (y === to) {
          // f(to) = ng; nothing left in the queue is cheaper than cur, so ng is final.
          if (ng <= cur) {
            result = ng;
            break;
          }
        }
        const sy = stamp[y]!;
        if (sy === base + 1 || (sy === base && g[y]! <= ng)) continue;
        const f = ng + this.heuristic(y);
        if (f >= upper) continue;
        stamp[y] = base;
        g[y] = ng;
        if (f > fMax) fMax = f;
        used = this.push(y, ng, f, used);
      }
    }
    for (let f = fMin; f <= fMax; f++) head[f] = -1;
    return result;
  }

  private push(node: number, gv: number, f: number, used: number): number {
    if (used === this.entNode.length) {
      const grow = (a: Int32Array): Int32Array => {
        const b = new Int32Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.entNode = grow(this.entNode);
      this.entG = grow(this.entG);
      this.entNext = grow(this.entNext);
    }
    this.entNode[used] = node;
    this.entG[used] = gv;
    this.entNext[used] = this.bucketHead[f]!;
    this.bucketHead[f] = used;
    return used + 1;
  }

  /**
   * Breadth-first search from `center` out to `radius`. Leaves the reached tiles in
   * queue[0…count) in BFS order with their hop counts in gBuf; returns count. With
   * `towardSink`, a tile is only expanded when g + the landmark bound to the sink set up by
   * `corridor` stays within `radius`.
   */
  private bfs(center: number, radius: number, towardSink = false): number {
    const base = this.begin();
    const stamp = this.stampBuf!;
    const g = this.gBuf!;
    const queue = this.queue!;
    const nb = this.nb2;
    const topo = this.topo;
    let headIdx = 0;
    let tail = 0;
    stamp[center] = base;
    g[center] = 0;
    queue[tail++] = center;
    while (headIdx < tail) {
      const x = queue[headIdx++]!;
      const gx = g[x]!;
      if (gx === radius) continue;
      const deg = topo.neighbors(x, nb);
      for (let d = 0; d < deg; d++) {
        const y = nb[d]!;
        if (stamp[y] === base) continue;
        stamp[y] = base;
        g[y] = gx + 1;
        if (!towardSink || gx + 1 + this.heuristic(y) <= radius) queue[tail++] = y;
      }
    }
    return tail;
  }

  range(center: number, radius: number): Int32Array {
    const count = this.bfs(center, radius);
    return this.queue!.slice(0, count).sort();
  }

  ring(center: number, radius: number): Int32Array {
    const count = this.bfs(center, radius);
    const queue = this.queue!;
    let start = count;
    while (start > 0 && this.gBuf![queue[start - 1]!] === radius) start--;
    const out = queue.slice(start, count);
    this.sortClockwise(center, out, 0, out.length);
    return out;
  }

  spiral(center: number, radius: number): Int32Array {
    const count = this.bfs(center, radius);
    const out = this.queue!.slice(0, count);
    const g = this.gBuf!;
    let start = 0;
    while (start < count) {
      let end = start;
      const r = g[out[start]!]!;
      while (end < count && g[out[end]!] === r) end++;
      this.sortClockwise(center, out, start, end);
      start = end;
    }
    return out;
  }

  /**
   * Walking order of a ring: clockwise seen from outside around the centre's axis, starting
   * from the direction of the centre's neighbour 0 (as directions are numbered).
   */
  private sortClockwise(center: number, tiles: Int32Array, start: number, end: number): void {
    if (end - start < 2) return;
    const C = this.centers;
    const cx = C[3 * center]!, cy = C[3 * center + 1]!, cz = C[3 * center + 2]!;
    const ref = this.topo.neighbor(center, 0);
    // e1: tangent towards neighbour 0; e2 = c × e1 (counter-clockwise from outside).
    let ex = C[3 * ref]!, ey = C[3 * ref + 1]!, ez = C[3 * ref + 2]!;
    const dot = ex * cx + ey * cy + ez * cz;
    ex -= dot * cx;
    ey -= dot * cy;
    ez -= dot * cz;
    const fx = cy * ez - cz * ey, fy = cz * ex - cx * ez, fz = cx * ey - cy * ex;
    const len = end - start;
    const keys = new Float64Array(len);
    const order = new Int32Array(len);
    for (let t = 0; t < len; t++) {
      const i = tiles[start + t]!;
      const x = C[3 * i]!, y = C[3 * i + 1]!, z = C[3 * i + 2]!;
      let angle = -Math.atan2(x * fx + y * fy + z * fz, x * ex + y * ey + z * ez);
      if (angle < 0) angle += 2 * Math.PI;
      keys[t] = angle;
      order[t] = t;
    }
    order.sort((p, q) => keys[p]! - keys[q]! || tiles[start + p]! - tiles[start + q]!);
    const copy = tiles.slice(start, end);
    for (let t = 0; t < len; t++) tiles[start + t] = copy[order[t]!]!;
  }

  /**
   * A shortest path that hugs the great-circle arc: exact distances to `to` over the geodesic
   * corridor, then at each step the neighbour one hop closer whose centre lies nearest the
   * arc's plane.
   */
  line(from: number, to: number): Int32Array {
    const d = this.distance(from, to);
    const out = new Int32Array(d + 1);
    out[0] = from;
    if (d === 0) return out;
    out[d] = to;
    this.corridor(to, from, d);
    const base = this.base;
    const stamp = this.stampBuf!;
    const g = this.gBuf!;
    const C = this.centers;
    const nb = this.nb;
    // Normal of the great circle through both centres (any circle through `from` if antipodal).
    const ax = C[3 * from]!, ay = C[3 * from + 1]!, az = C[3 * from + 2]!;
    let bx = C[3 * to]!, by = C[3 * to + 1]!, bz = C[3 * to + 2]!;
    let px = ay * bz - az * by, py = az * bx - ax * bz, pz = ax * by - ay * bx;
    if (Math.hypot(px, py, pz) < 1e-9) {
      const r = this.topo.neighbor(from, 0);
      bx = C[3 * r]!;
      by = C[3 * r + 1]!;
      bz = C[3 * r + 2]!;
      px = ay * bz - az * by;
      py = az * bx - ax * bz;
      pz = ax * by - ay * bx;
    }
    let cur = from;
    for (let step = 1; step < d; step++) {
      const want = d - step;
      const deg = this.topo.neighbors(cur, nb);
      let best = -1;
      let bestOff = Infinity;
      for (let k = 0; k < deg; k++) {
        const y = nb[k]!;
        if (stamp[y] !== base || g[y] !== want) continue;
        const off = Math.abs(C[3 * y]! * px + C[3 * y + 1]! * py + C[3 * y + 2]! * pz);
        if (off < bestOff || (off === bestOff && y < best)) {
          bestOff = off;
          best = y;
        }
      }
      out[step] = best;
      cur = best;
    }
    return out;
  }

  /**
   * BFS from `source` that only keeps tiles which can lie on a shortest path to `sink` (at
   * distance d): g + landmark bound to the sink ≤ d. Tiles on such paths keep their exact
   * distance from `source` (their geodesic predecessors are kept too); any other tile gets at
   * least its true distance, so "one hop closer" tests against g stay exact.
   */
  private corridor(source: number, sink: number, d: number): void {
    const L = this.topo.lattice;
    L.decode(sink);
    this.charts.vertexDistances(L.k, L.a, L.b, this.toV);
    this.bfs(source, d, true);
  }
}
