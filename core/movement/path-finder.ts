/**
 * Shortest paths, distance fields and reachable sets over a movement graph (SPEC §4).
 *
 * One `PathFinder` owns every per-node buffer a search needs — g-scores (Float64Array),
 * parents, heap positions, and an indexed binary heap whose keys (f, g) sit in arrays
 * beside it so sifting stays in cache — sized once for the graph (nodes = the tiles a
 * unit can stand on, graph.ts). A query does not clear them: a node's entries count only
 * when its generation stamp equals the current query's, so a query on a 4 M-tile map
 * touches only the nodes it visits and allocates nothing per tile (only its result).
 *
 * A* uses `grid distance × least cost per hop` (heuristic.ts) — admissible and, on flat
 * kinds, consistent. A tile that is improved after being settled is re-opened, so the
 * result is optimal even where rounding or the globe's bound is merely admissible. Heap
 * order is (f, then larger g, then smaller tile index): equal-cost ties resolve the same
 * way on every run, and preferring deeper nodes keeps A* from widening across plateaus.
 * Dijkstra is the same loop with a zero heuristic.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { MovementGraph } from './graph.js';
import type { GoalBound } from './heuristic.js';
import { goalBoundFor } from './heuristic.js';

export interface PathResult {
  /** Total movement cost from the first tile to the last. */
  readonly cost: number;
  /** Tiles from start to goal, both included. */
  readonly tiles: Int32Array;
}

/** The buffers a PathFinder owns, exposed so tests can check that queries do not replace them. */
export interface SearchBuffers {
  readonly g: Float64Array;
  readonly parent: Int32Array;
  readonly stamp: Uint32Array;
  readonly heap: Int32Array;
  readonly heapF: Float64Array;
  readonly heapG: Float64Array;
  readonly heapIndex: Int32Array;
  readonly order: Int32Array;
}

const NONE = -1;

export class PathFinder {
  readonly graph: MovementGraph;
  private readonly g: Float64Array;
  private readonly parent: Int32Array;
  private readonly stamp: Uint32Array;
  /** Binary heap of tiles with their keys alongside, so sifting never reads the per-tile arrays. */
  private readonly heap: Int32Array;
  private readonly heapF: Float64Array;
  private readonly heapG: Float64Array;
  /** Position of a node in the heap, or −1 once popped. Valid only where stamp = gen. */
  private readonly heapIndex: Int32Array;
  /** Tiles in the order they were settled by the last query (for reach). */
  private readonly order: Int32Array;
  private readonly bound: GoalBound;
  private size = 0;
  private gen = 0;
  private settledCount = 0;
  private seenCount = 0;

  constructor(graph: MovementGraph) {
    const n = graph.nodeCount;
    this.graph = graph;
    this.g = new Float64Array(n);
    this.parent = new Int32Array(n);
    this.stamp = new Uint32Array(n);
    this.heap = new Int32Array(n);
    this.heapF = new Float64Array(n);
    this.heapG = new Float64Array(n);
    this.heapIndex = new Int32Array(n);
    this.order = new Int32Array(n);
    this.bound = goalBoundFor(graph.grid);
  }

  /** Tiles settled (popped and expanded) by the last query. */
  get settled(): number {
    return this.settledCount;
  }

  /** Tiles the last query touched (given a tentative cost). */
  get seen(): number {
    return this.seenCount;
  }

  get buffers(): SearchBuffers {
    const { g, parent, stamp, heap, heapF, heapG, heapIndex, order } = this;
    return { g, parent, stamp, heap, heapF, heapG, heapIndex, order };
  }

  /** Cheapest path from tile `from` to tile `to`, or null when there is none (either tile unplayable, or cut off). */
  findPath(from: number, to: number): PathResult | null {
    const cost = this.pathCost(from, to);
    if (cost === Infinity) return null;
    const { nodeOfTile, tileOfNode } = this.graph;
    const start = nodeOfTile[from]!;
    let len = 1;
    for (let u = nodeOfTile[to]!; u !== start; u = this.parent[u]!) len++;
    const tiles = new Int32Array(len);
    for (let u = nodeOfTile[to]!, i = len - 1; i >= 0; u = this.parent[u]!, i--) tiles[i] = tileOfNode[u]!;
    return { cost, tiles };
  }

  /** Cost of the cheapest path (A*), +Infinity if none; allocates nothing. */
  pathCost(from: number, to: number): number {
    this.checkTile(from, 'from');
    this.checkTile(to, 'to');
    const s = this.graph.nodeOfTile[from]!;
    const t = this.graph.nodeOfTile[to]!;
    this.begin();
    if (s < 0 || t < 0) return Infinity;
    this.bound.setGoal(to);
    const m = this.graph.minHopCost;
    this.open(s, 0, m > 0 ? this.bound.hops(from) * m : 0, NONE);
    return this.run(t, Infinity, m);
  }

  /**
   * Cheapest cost from the nearest of the `sources` tiles to every tile (Dijkstra);
   * +Infinity where unreachable. Writes into `out` when given (length tileCount), so
   * repeated fields on a big map reuse one array.
   */
  distanceField(sources: ArrayLike<number>, out?: Float64Array): Float64Array {
    const n = this.graph.tileCount;
    if (out && out.length !== n) throw new Error(`distanceField: out has ${out.length} entries; this map has ${n} tiles`);
    const field = out ?? new Float64Array(n);
    field.fill(Infinity);
    this.dijkstra(sources, Infinity);
    const { order, g } = this;
    const tileOfNode = this.graph.tileOfNode;
    for (let i = 0; i < this.settledCount; i++) field[tileOfNode[order[i]!]!] = g[order[i]!]!;
    return field;
  }

  /** Every tile reachable from the `sources` tiles with total cost ≤ `budget`, in ascending index order. */
  reach(sources: number | ArrayLike<number>, budget: number): Int32Array {
    if (!(budget >= 0)) throw new Error(`reach: budget must be a number ≥ 0, got ${budget}`);
    this.dijkstra(typeof sources === 'number' ? [sources] : sources, budget);
    // Nodes are numbered in tile order, so sorted nodes map to sorted tiles.
    const out = this.order.slice(0, this.settledCount).sort();
    const tileOfNode = this.graph.tileOfNode;
    for (let i = 0; i < out.length; i++) out[i] = tileOfNode[out[i]!]!;
    return out;
  }

  /** After `reach`, `distanceField` or `pathCost`: the cost that query found for `tile` (+Infinity if it did not reach it). */
  costOf(tile: number): number {
    this.checkTile(tile, 'tile');
    const u = this.graph.nodeOfTile[tile]!;
    return u >= 0 && this.stamp[u] === this.gen ? this.g[u]! : Infinity;
  }

  private dijkstra(sources: ArrayLike<number>, budget: number): void {
    this.begin();
    const nodeOfTile = this.graph.nodeOfTile;
    for (let i = 0; i < sources.length; i++) {
      const t = sources[i]!;
      this.checkTile(t, 'source');
      const s = nodeOfTile[t]!;
      if (s >= 0 && this.stamp[s] !== this.gen) this.open(s, 0, 0, NONE);
    }
    this.run(NONE, budget, 0);
  }

  private begin(): void {
    this.gen = (this.gen + 1) >>> 0;
    if (this.gen === 0) {
      // 2³² queries later the stamps would alias old ones: clear once and start again.
      this.stamp.fill(0);
      this.gen = 1;
    }
    this.size = 0;
    this.settledCount = 0;
    this.seenCount = 0;
  }

  private open(t: number, gt: number, ht: number, from: number): void {
    this.stamp[t] = this.gen;
    this.g[t] = gt;
    this.parent[t] = from;
    this.seenCount++;
    this.push(t, gt + ht, gt);
  }

  /** The search loop shared by A* (goal ≥ 0, m > 0) and Dijkstra (goal −1, m = 0). Returns g(goal). */
  private run(goal: number, budget: number, m: number): number {
    const { offsets, targets, costs } = this.graph;
    const { g, parent, stamp, heapIndex, heapF, heapG, order, bound } = this;
    const tileOfNode = this.graph.tileOfNode;
    const gen = this.gen;
    while (this.size > 0) {
      const u = this.heap[0]!;
      const gu = this.heapG[0]!;
      if (gu > budget) break;
      this.pop();
      order[this.settledCount++] = u;
      if (u === goal) return gu;
      const end = offsets[u + 1]!;
      for (let e = offsets[u]!; e < end; e++) {
        const v = targets[e]!;
        const ng = gu + costs[e]!;
        if (ng > budget) continue;
        if (stamp[v] !== gen) {
          stamp[v] = gen;
          g[v] = ng;
          parent[v] = u;
          this.seenCount++;
          this.push(v, m > 0 ? ng + bound.hops(tileOfNode[v]!) * m : ng, ng);
        } else if (ng < g[v]!) {
          g[v] = ng;
          parent[v] = u;
          const fv = m > 0 ? ng + bound.hops(tileOfNode[v]!) * m : ng;
          const at = heapIndex[v]!;
          if (at >= 0) {
            heapF[at] = fv;
            heapG[at] = ng;
            this.siftUp(at);
          } else this.push(v, fv, ng); // re-open a settled tile
        }
      }
    }
    return Infinity;
  }

  // ── binary heap ordered by (f, then larger g, then smaller tile index) ──

  private push(t: number, f: number, g: number): void {
    const i = this.size++;
    this.place(i, t, f, g);
    this.siftUp(i);
  }

  private pop(): void {
    const { heap, heapF, heapG } = this;
    this.heapIndex[heap[0]!] = NONE;
    const last = --this.size;
    if (last > 0) {
      this.place(0, heap[last]!, heapF[last]!, heapG[last]!);
      this.siftDown(0);
    }
  }

  private siftUp(i: number): void {
    const { heap, heapF, heapG } = this;
    const t = heap[i]!;
    const f = heapF[i]!;
    const g = heapG[i]!;
    while (i > 0) {
      const p = (i - 1) >> 1;
      const pf = heapF[p]!;
      const pg = heapG[p]!;
      const pt = heap[p]!;
      if (f > pf || (f === pf && (g < pg || (g === pg && t > pt)))) break;
      this.place(i, pt, pf, pg);
      i = p;
    }
    this.place(i, t, f, g);
  }

  /** Puts tile `t` (keys f, g) at heap slot `i`. */
  private place(i: number, t: number, f: number, g: number): void {
    this.heap[i] = t;
    this.heapF[i] = f;
    this.heapG[i] = g;
    this.heapIndex[t] = i;
  }

  private siftDown(i: number): void {
    const { heap, heapF, heapG } = this;
    const size = this.size;
    const t = heap[i]!;
    const f = heapF[i]!;
    const g = heapG[i]!;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= size) break;
      let cf = heapF[c]!;
      let cg = heapG[c]!;
      let ct = heap[c]!;
      const r = c + 1;
      if (r < size) {
        const rf = heapF[r]!;
        const rg = heapG[r]!;
        const rt = heap[r]!;
        if (rf < cf || (rf === cf && (rg > cg || (rg === cg && rt < ct)))) {
          c = r;
          cf = rf;
          cg = rg;
          ct = rt;
        }
      }
      if (f < cf || (f === cf && (g > cg || (g === cg && t < ct)))) break;
      this.place(i, ct, cf, cg);
      i = c;
    }
    this.place(i, t, f, g);
  }

  private checkTile(t: number, what: string): void {
    if (!Number.isInteger(t) || t < 0 || t >= this.graph.tileCount) {
      throw new RangeError(`${what} tile ${t} is outside the map (0…${this.graph.tileCount - 1})`);
    }
  }
}
