/**
 * One link of a parent's network laid on the derived map (issue 26 item 4): a chain of area
 * tiles from one global point to another that keeps close to the straight line between them
 * (roads are built: they run straight), goes round ground no mode enters, and crosses the
 * rivers of the derived map (linear terrain the network bridges, ./child-lattice.ts) no more
 * often than the parent's link does — and only where the river runs within 30° of square
 * to the road, never at a bend. A shortest-path search over (tile, crossings made) in a box
 * around the line; outside the derived map the ground is open and river-free (the map ends
 * there), so a link that leaves the map still runs to its end.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { FloatHeap } from '../../util/float-heap.js';
import { segmentDistance2 } from '../../util/segment-distance.js';
import { classifyTile, TileClass } from '../../alform/classify.js';
import type { ChildLattice, NetworkRules } from './child-lattice.js';

export interface RoadLink {
  /** Global small-lattice end points (area positions: even, even). */
  readonly from: readonly [number, number];
  readonly to: readonly [number, number];
  /** The network terrain id (road, railroad …). */
  readonly kind: string;
  /** How many bridged features the parent's link crosses (0 or 1). */
  readonly crossings: number;
}

export interface RoutedLink {
  /** Global area positions, from → to. */
  readonly tiles: readonly (readonly [number, number])[];
  /** Global positions of the linear tiles where it crosses a bridged feature. */
  readonly bridges: readonly (readonly [number, number])[];
}

/** cos 60°: a crossing at least 60° to the river (within 30° of square) passes. */
const SQUARE_ENOUGH = 0.5 + 1e-9;
/** Cost per squared area step away from the straight line: built roads bend little. */
const STRAY = 0.35;

/**
 * The river's direction at linear tile (mx, my): the principal axis of the bridged feature's
 * tiles within two steps, in the unit frame; null when there are too few to say.
 */
function featureAxis(child: ChildLattice, rules: NetworkRules, kind: string, mx: number, my: number): [number, number] | null {
  const pts: [number, number][] = [];
  for (let dx = -2; dx <= 2; dx++) {
    for (let dy = -2; dy <= 2; dy++) {
      const t = child.tileAt(mx + dx, my + dy);
      if (t < 0 || classifyTile(child.map.grid, t) === TileClass.AREA) continue;
      if (rules.mustBridge(child.terrainAt(mx + dx, my + dy), kind)) pts.push(child.unit(mx + dx, my + dy));
    }
  }
  if (pts.length < 3) return null;
  let sx = 0;
  let sy = 0;
  for (const [x, y] of pts) {
    sx += x;
    sy += y;
  }
  sx /= pts.length;
  sy /= pts.length;
  let xx = 0;
  let xy = 0;
  let yy = 0;
  for (const [x, y] of pts) {
    xx += (x - sx) ** 2;
    xy += (x - sx) * (y - sy);
    yy += (y - sy) ** 2;
  }
  const angle = 0.5 * Math.atan2(2 * xy, xx - yy);
  return [Math.cos(angle), Math.sin(angle)];
}

/** Whether a step from area (px, py) to (qx, qy) crosses the feature at (mx, my) within 30° of square. */
export function squareCrossing(child: ChildLattice, rules: NetworkRules, kind: string, p: readonly [number, number], q: readonly [number, number]): boolean {
  const axis = featureAxis(child, rules, kind, (p[0] + q[0]) / 2, (p[1] + q[1]) / 2);
  if (axis === null) return true;
  const [ax, ay] = child.unit(p[0], p[1]);
  const [bx, by] = child.unit(q[0], q[1]);
  const len = Math.hypot(bx - ax, by - ay);
  return Math.abs(((bx - ax) * axis[0] + (by - ay) * axis[1]) / len) <= SQUARE_ENOUGH;
}

/**
 * The chain for `link` with at most `budget` bridged crossings (each square enough unless
 * `anyAngle`), or null when none exists in the box.
 */
function search(child: ChildLattice, rules: NetworkRules, link: RoadLink, budget: number, anyAngle: boolean, margin: number): RoutedLink | null {
  const [fx, fy] = link.from;
  const [tx, ty] = link.to;
  const x0 = Math.min(fx, tx) - margin;
  const y0 = Math.min(fy, ty) - margin;
  const w = (Math.max(fx, tx) + margin - x0) / 2 + 1;
  const h = (Math.max(fy, ty) + margin - y0) / 2 + 1;
  const layers = budget + 1;
  const dist = new Float64Array(w * h * layers).fill(Infinity);
  const prev = new Int32Array(w * h * layers).fill(-1);
  const state = (gx: number, gy: number, k: number): number => (((gx - x0) / 2) * h + (gy - y0) / 2) * layers + k;
  const a = child.unit(fx, fy);
  const b = child.unit(tx, ty);
  const heap = new FloatHeap(256);
  const start = state(fx, fy, 0);
  dist[start] = 0;
  heap.push(0, start, 0);
  let goal = -1;
  while (heap.size > 0) {
    const d = heap.topKey();
    const s = heap.topValue();
    heap.pop();
    if (d > dist[s]!) continue;
    const k = s % layers;
    const cell = (s - k) / layers;
    const gx = x0 + 2 * Math.floor(cell / h);
    const gy = y0 + 2 * (cell % h);
    if (gx === tx && gy === ty) {
      goal = s;
      break;
    }
    for (const [dx, dy] of child.steps) {
      const qx = gx + 2 * dx;
      const qy = gy + 2 * dy;
      if (qx < x0 || qy < y0 || (qx - x0) / 2 >= w || (qy - y0) / 2 >= h) continue;
      const feature = child.terrainAt(gx + dx, gy + dy);
      let nk = k;
      if (rules.mustBridge(feature, link.kind)) {
        if (k >= budget || (!anyAngle && !squareCrossing(child, rules, link.kind, [gx, gy], [qx, qy]))) continue;
        nk = k + 1;
      }
      const ground = child.terrainAt(qx, qy);
      const inside = child.tileAt(qx, qy) >= 0;
      const q = child.unit(qx, qy);
      const stray = segmentDistance2(q, a, b) / 4;
      const step = Math.hypot(dx, dy) + STRAY * stray + (inside && (ground === '' || rules.keepsRoadsOff(ground)) ? 8 : 0);
      const ns = state(qx, qy, nk);
      if (d + step < dist[ns]!) {
        dist[ns] = d + step;
        prev[ns] = s;
        heap.push(d + step, ns, 0);
      }
    }
  }
  if (goal < 0) return null;
  const tiles: [number, number][] = [];
  const bridges: [number, number][] = [];
  for (let s = goal; s >= 0; s = prev[s]!) {
    const cell = Math.floor(s / layers);
    tiles.push([x0 + 2 * Math.floor(cell / h), y0 + 2 * (cell % h)]);
  }
  tiles.reverse();
  for (let i = 1; i < tiles.length; i++) {
    const [px, py] = tiles[i - 1]!;
    const [qx, qy] = tiles[i]!;
    const mx = (px + qx) / 2;
    const my = (py + qy) / 2;
    if (rules.mustBridge(child.terrainAt(mx, my), link.kind)) bridges.push([mx, my]);
  }
  return { tiles, bridges };
}

/**
 * Lays `link` out: within the parent's crossings and square to the river if it can, then with
 * one crossing at any angle (a river the derivation bent across the parent's line), else null.
 */
export function routeRoad(child: ChildLattice, rules: NetworkRules, link: RoadLink, margin: number): RoutedLink | null {
  return (
    search(child, rules, link, link.crossings, false, margin) ??
    search(child, rules, link, Math.max(1, link.crossings), true, margin)
  );
}
