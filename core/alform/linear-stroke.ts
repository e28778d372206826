/**
 * A freehand stroke with the linear tool becomes ONE connected chain of linear tiles that
 * follows the pointer (issue 14): the one home of "pointer samples → chain of linear tiles",
 * used by the renderer (preview while dragging) and the editing service (which refuses a
 * chain with a gap).
 *
 * The chain lives on the LINEAR GRAPH: linear tiles, joined where the grid makes them
 * neighbours — except on square maps, where only the four orthogonal neighbours count, so
 * a feature running along the side of a square passes through the VERTEX tile at each
 * corner (SPEC §3: edges meet at the vertex; core/render/flat-junctions.ts draws a feature's
 * junction at that VERTEX hub). Hex, offset-square and globe tiles need no vertex tiles: a
 * hexside adjoins the four hexsides sharing its corners, a half edge its full edge.
 *
 * Each sample names the linear tile nearest the pointer (the picked tile or one of its
 * neighbours); the chain runs from its end to that tile by the cheapest path on the linear
 * graph, where a step costs its length times (1 + distance of the tile from the pointer's
 * segment since the last sample, in tile spacings): a fast drag still gives the tiles the
 * hand passed over, not just any shortest path. Going back over the last few tiles
 * retracts the chain, whether the sample or the path to it goes back (a hand crossing the
 * side of a square on its way along the next side, or a wobble, leaves no spur). Samples off the map are skipped;
 * the chain resumes, connected, where the pointer comes back.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Grid, GridPoint, ModelPoint } from '../grid/types.js';
import { TileClass } from './classify.js';
import { FloatHeap } from '../util/float-heap.js';
import { segmentDistance2 } from '../util/segment-distance.js';

/** One pointer sample: the tile the grid picked (−1 off the map) and the model-space point. */
export interface StrokeSample {
  readonly tile: number;
  readonly point: ModelPoint;
}

/** How many of the chain's last tiles a sample may go back to, retracting the chain. */
const RETRACT = 4;
/** Tiles a single path search may settle before it gives up the pointer bias (a jump across a huge map). */
const SEARCH_LIMIT = 200_000;

/**
 * The freehand strokes' wobble rule (linear tiles here, area tiles in network-stroke.ts): when
 * `tile` is among the chain's last `within` tiles, the chain is cut back to it, so a hand that
 * wavers leaves no spur; true when it was.
 */
export function retractChain(chain: number[], tile: number, within: number): boolean {
  const back = chain.lastIndexOf(tile);
  if (back < 0 || back < chain.length - 1 - within) return false;
  chain.length = back + 1;
  return true;
}

/**
 * The linear tiles joined to linear tile `tile` on the linear graph (see the header), written
 * to `out`; returns how many. `scratch` needs `grid.directions` entries.
 */
/**
 * One pointer sample's step of a freehand stroke (both kinds): the first sample starts the
 * chain, a sample on the chain's end changes nothing, one on its last `within` tiles retracts
 * it, and any other is reached by `between(end)` (a path from the end to the sample's tile,
 * both included), each tile of it retracting or appended by `push`; true when the chain changed.
 */
export function extendChain(chain: number[], target: number, within: number, between: (end: number) => ArrayLike<number>, push: (tile: number) => void = (tile) => chain.push(tile)): boolean {
  if (chain.length === 0) {
    chain.push(target);
    return true;
  }
  const end = chain[chain.length - 1]!;
  if (target === end) return false;
  if (retractChain(chain, target, within)) return true;
  const path = between(end);
  for (let k = 1; k < path.length; k++) if (!retractChain(chain, path[k]!, within)) push(path[k]!);
  return true;
}

export function linearNeighbours(grid: Grid, classes: Uint8Array, tile: number, out: Int32Array, scratch: Int32Array): number {
  const deg = grid.neighbors(tile, scratch);
  const square = grid.kind === 'square';
  let n = 0;
  for (let d = 0; d < deg; d++) {
    const u = scratch[d]!;
    if (u < 0 || classes[u] === TileClass.AREA) continue;
    if (square && (d & 1) === 1) continue; // diagonal: turn through the VERTEX tile instead
    out[n++] = u;
  }
  return n;
}

/** Whether two linear tiles are consecutive on the linear graph. */
export function linearAdjacent(grid: Grid, classes: Uint8Array, a: number, b: number): boolean {
  const out = new Int32Array(grid.directions);
  const n = linearNeighbours(grid, classes, a, out, new Int32Array(grid.directions));
  for (let k = 0; k < n; k++) if (out[k] === b) return true;
  return false;
}

/**
 * Where `tiles` stops being a chain: the index of the first tile that is not a linear tile
 * or not joined to the one before it (0 for a non-linear first tile), or −1 for a chain.
 */
export function chainBreak(grid: Grid, classes: Uint8Array, tiles: ArrayLike<number>): number {
  const out = new Int32Array(grid.directions);
  const scratch = new Int32Array(grid.directions);
  for (let k = 0; k < tiles.length; k++) {
    const t = tiles[k]!;
    if (!Number.isInteger(t) || t < 0 || t >= grid.tileCount || classes[t] === TileClass.AREA) return k;
    if (k === 0) continue;
    const prev = tiles[k - 1]!;
    if (prev === t) continue;
    const n = linearNeighbours(grid, classes, prev, out, scratch);
    let joined = false;
    for (let e = 0; e < n && !joined; e++) joined = out[e] === t;
    if (!joined) return k;
  }
  return -1;
}

function dist(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let k = 0; k < b.length; k++) {
    const d = a[k]! - b[k]!;
    s += d * d;
  }
  return Math.sqrt(s);
}


/** The linear tile nearest `point`: the picked tile itself or one of its neighbours; −1 if none. */
export function nearestLinearTile(grid: Grid, classes: Uint8Array, tile: number, point: ModelPoint): number {
  if (tile < 0 || tile >= grid.tileCount) return -1;
  let best = classes[tile] === TileClass.AREA ? -1 : tile;
  let bestD = best >= 0 ? dist(grid.center(tile), point) : Infinity;
  const nb = new Int32Array(grid.directions);
  const deg = grid.neighbors(tile, nb);
  for (let d = 0; d < deg; d++) {
    const u = nb[d]!;
    if (u < 0 || classes[u] === TileClass.AREA) continue;
    const dd = dist(grid.center(u), point);
    // Ties by index, so the same point always names the same tile.
    if (dd < bestD || (dd === bestD && u < best)) {
      bestD = dd;
      best = u;
    }
  }
  return best;
}

/**
 * A stroke in progress: feed it samples with `add`, read the chain from `tiles` (a preview
 * can show it after every sample). Search state is kept sparse (Maps), so a stroke costs
 * what it touches, not the map's size.
 */
export class LinearStroke {
  private readonly chain: number[] = [];
  private lastPoint: readonly number[] | null = null;
  private readonly spacing: number;
  private readonly out: Int32Array;
  private readonly scratch: Int32Array;
  private readonly heap = new FloatHeap(256);
  /** Tiles the path searches settled, over the whole stroke (for tests and benchmarks). */
  settled = 0;

  constructor(
    private readonly grid: Grid,
    private readonly classes: Uint8Array,
  ) {
    this.spacing = grid.spacing();
    this.out = new Int32Array(grid.directions);
    this.scratch = new Int32Array(grid.directions);
  }

  /** The chain so far, in stroke order (each tile joined to the next). */
  get tiles(): readonly number[] {
    return this.chain;
  }

  /** Adds a pointer sample; true when the chain changed. */
  add(sample: StrokeSample): boolean {
    const target = nearestLinearTile(this.grid, this.classes, sample.tile, sample.point);
    if (target < 0) return false;
    const from = this.lastPoint ?? sample.point;
    this.lastPoint = sample.point;
    return extendChain(this.chain, target, RETRACT, (end) => this.path(end, target, from, sample.point), (tile) => this.push(tile));
  }

  /**
   * Appends `tile`, dropping the chain's last tile when the one before it is joined to `tile`
   * directly: three hexsides (globe sides, offset-square edges) meeting at one corner are all
   * joined, and going round by the third would leave a stub sticking out of the corner.
   */
  private push(tile: number): void {
    const chain = this.chain;
    while (chain.length >= 2 && this.joined(chain[chain.length - 2]!, tile)) chain.pop();
    chain.push(tile);
  }

  private joined(a: number, b: number): boolean {
    const n = linearNeighbours(this.grid, this.classes, a, this.out, this.scratch);
    for (let k = 0; k < n; k++) if (this.out[k] === b) return true;
    return false;
  }


  /**
   * Cheapest path from `s` to `t` on the linear graph, biased to the pointer's segment a–b
   * (A*: the step cost is at least its length, so the straight-line distance is admissible).
   * Past SEARCH_LIMIT settled tiles the bias is dropped and the heuristic weighted, so even a
   * jump across the whole map ends in a connected chain.
   */
  private path(s: number, t: number, a: readonly number[], b: readonly number[]): number[] {
    const { grid, classes, out, scratch, heap, spacing } = this;
    const goal = grid.center(t);
    const g = new Map<number, number>();
    const parent = new Map<number, number>();
    const centre = new Map<number, GridPoint>();
    const at = (u: number): GridPoint => {
      let c = centre.get(u);
      if (!c) centre.set(u, (c = grid.center(u)));
      return c;
    };
    let biased = true;
    heap.clear();
    g.set(s, 0);
    parent.set(s, -1);
    heap.push(dist(at(s), goal), s, 0);
    const done = new Set<number>();
    while (heap.size > 0) {
      const u = heap.topValue();
      heap.pop();
      if (done.has(u)) continue;
      done.add(u);
      this.settled++;
      if (u === t) break;
      if (biased && done.size > SEARCH_LIMIT) {
        // Give up the bias: restart greedily from what is settled (still connected, just straighter).
        biased = false;
        heap.clear();
        for (const v of done) heap.push(3 * dist(at(v), goal), v, 0);
        done.clear();
        continue;
      }
      const gu = g.get(u)!;
      const cu = at(u);
      const n = linearNeighbours(grid, classes, u, out, scratch);
      for (let k = 0; k < n; k++) {
        const v = out[k]!;
        if (done.has(v)) continue;
        const cv = at(v);
        const len = dist(cu, cv);
        const step = biased ? len * (1 + Math.sqrt(segmentDistance2(cv, a, b)) / spacing) : len;
        const gv = gu + step;
        const old = g.get(v);
        if (old !== undefined && old <= gv) continue;
        g.set(v, gv);
        parent.set(v, u);
        heap.push(gv + (biased ? 1 : 3) * dist(cv, goal), v, 0);
      }
    }
    if (!parent.has(t)) return [s]; // t unreachable (a linear graph in pieces): the chain stays as it is
    const path: number[] = [];
    for (let v = t; v >= 0; v = parent.get(v)!) path.push(v);
    return path.reverse();
  }
}

/** The chain a whole stroke gives (LinearStroke fed every sample). */
export function strokeChain(grid: Grid, classes: Uint8Array, samples: readonly StrokeSample[]): number[] {
  const stroke = new LinearStroke(grid, classes);
  for (const s of samples) stroke.add(s);
  return [...stroke.tiles];
}

/**
 * The chain a stroke through `points` gives, sampled every eighth of a tile spacing as a hand
 * would be (the CLI's `draw --through`, tests). On the globe the samples are put back on the
 * sphere of the first point's radius, so the stroke runs over the surface, not the chords.
 */
export function strokeThrough(grid: Grid, classes: Uint8Array, points: readonly ModelPoint[]): number[] {
  const stroke = new LinearStroke(grid, classes);
  const step = grid.spacing() / 8;
  const radius = points.length ? Math.hypot(...points[0]!) : 0;
  for (let k = 0; k < points.length; k++) {
    const a = points[k === 0 ? 0 : k - 1]!;
    const b = points[k]!;
    const n = k === 0 ? 0 : Math.max(1, Math.ceil(dist(a, b) / step));
    for (let j = k === 0 ? 0 : 1; j <= n; j++) {
      let p = a.map((v, i) => (n === 0 ? v : v + ((b[i]! - v) * j) / n));
      if (grid.modelDimensions === 3) {
        const r = Math.hypot(...p) || 1;
        p = p.map((v) => (v * radius) / r);
      }
      stroke.add({ tile: grid.pick(p as ModelPoint), point: p as ModelPoint });
    }
  }
  return [...stroke.tiles];
}
