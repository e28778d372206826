/**
 * Linear features inside a substitute: a chain of small LINEAR cells, each a step from the
 * next (`SubstituteCells.steps`), that follows a guide line in the model frame. A straight
 * guide gives the straight runs of human-curated terrain (roads, canals, hedgerows); a
 * meandering guide gives rivers, streams, trails and ridges.
 *
 * Routing is a shortest path over linear cells where entering a cell costs 1 plus a penalty
 * growing with the square of its distance from the guide, so the chain hugs the guide as
 * closely as the lattice allows (on hex and offset-square no straight line runs along
 * model x through linear tiles alone: the best is a zigzag one tile wide).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { FloatHeap } from '../../util/float-heap.js';
import type { Random } from '../../util/random.js';
import type { SubstituteCells } from './cells.js';
import { isLinearCell, nearestCell } from './cells.js';

/** A guide: model-frame points [x0, y0, x1, y1, …], at least two. */
export type Polyline = readonly number[];

/** Distance from (x, y) to the polyline. */
export function distanceToPolyline(line: Polyline, x: number, y: number): number {
  let best = Infinity;
  for (let k = 0; k + 3 < line.length; k += 2) {
    const ax = line[k]!;
    const ay = line[k + 1]!;
    const bx = line[k + 2]!;
    const by = line[k + 3]!;
    const vx = bx - ax;
    const vy = by - ay;
    const len2 = vx * vx + vy * vy;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((x - ax) * vx + (y - ay) * vy) / len2));
    best = Math.min(best, Math.hypot(x - ax - t * vx, y - ay - t * vy));
  }
  return best;
}

/**
 * A meandering guide from (x0, y0) to (x1, y1): the straight line displaced sideways by
 * `amplitude` × (sin(πmt) ± 0.3 sin(πnt)), m ∈ {1, 2} (one bend or an S), n ∈ {2, 3, 4}: its
 * ends stay put and it swings at least 0.7 × amplitude off the line, in bends long enough
 * for the lattice to follow at any ratio.
 */
export function meander(random: Random, x0: number, y0: number, x1: number, y1: number, amplitude: number): number[] {
  const len = Math.hypot(x1 - x0, y1 - y0);
  const nx = len === 0 ? 0 : -(y1 - y0) / len;
  const ny = len === 0 ? 0 : (x1 - x0) / len;
  const m = random() < 0.5 ? 1 : 2;
  const n = 2 + Math.floor(3 * random());
  const side = random() < 0.5 ? -1 : 1;
  const wobble = (random() < 0.5 ? -0.3 : 0.3) * side;
  const samples = Math.max(8, Math.ceil(len * 2));
  const out: number[] = [];
  for (let s = 0; s <= samples; s++) {
    const t = s / samples;
    const swing = side * Math.sin(Math.PI * m * t) + wobble * Math.sin(Math.PI * n * t);
    out.push(x0 + t * (x1 - x0) + nx * amplitude * swing, y0 + t * (y1 - y0) + ny * amplitude * swing);
  }
  return out;
}

/** The linear cell nearest the model point (x, y) that `accept` allows (default: any linear cell). */
export function nearestLinear(cells: SubstituteCells, x: number, y: number, accept: (i: number) => boolean = () => true): number {
  return nearestCell(cells, x, y, (i) => isLinearCell(cells, i) && accept(i));
}

/**
 * Cheapest chain of linear cells from `from` to `to` (both linear), entering a cell costing
 * 1 + weight × (distance to `guide`)². `blocked` cells (1) are never entered. Returns the
 * cells in order, `from` first, or an empty array when `to` cannot be reached.
 */
export function routeChain(cells: SubstituteCells, from: number, to: number, guide: Polyline, weight: number, blocked?: Uint8Array): Int32Array {
  if (!isLinearCell(cells, from) || !isLinearCell(cells, to)) throw new Error(`a chain runs on linear cells only (from ${from}, to ${to})`);
  const n = cells.count;
  const enter = new Float64Array(n);
  for (let i = 0; i < n; i++) enter[i] = 1 + weight * distanceToPolyline(guide, cells.ux[i]!, cells.uy[i]!) ** 2;
  const dist = new Float64Array(n).fill(Infinity);
  const prev = new Int32Array(n).fill(-1);
  const heap = new FloatHeap();
  dist[from] = 0;
  heap.push(0, from, 0);
  const { start, list } = cells.steps;
  while (heap.size > 0) {
    const d = heap.topKey();
    const i = heap.topValue();
    heap.pop();
    if (d > dist[i]!) continue;
    if (i === to) break;
    for (let k = start[i]!; k < start[i + 1]!; k++) {
      const j = list[k]!;
      if (blocked !== undefined && blocked[j] === 1 && j !== to) continue;
      const nd = d + enter[j]!;
      // Ties go to the lower predecessor index, so equal-cost routes are chosen the same way every time.
      if (nd < dist[j]! - 1e-12 || (Math.abs(nd - dist[j]!) <= 1e-12 && i < prev[j]!)) {
        dist[j] = nd;
        prev[j] = i;
        heap.push(nd, j, 0);
      }
    }
  }
  if (dist[to] === Infinity) return new Int32Array(0);
  const path: number[] = [];
  for (let c = to; c !== -1; c = prev[c]!) path.push(c);
  return Int32Array.from(path.reverse());
}
