/**
 * The PORTS of linear routes (linear-route.ts): which small linear tiles of a large tile's
 * side may carry a feature across it, and which one a pair of edge-sharing large tiles
 * picks — the same one from both tiles and on every chart of the globe.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { TileClass } from '../alform/classify.js';
import { hash2, hashString } from './blend/noise.js';
import type { Placement } from './placement.js';
import { latticeSteps, unitPoint } from './placement.js';

/** 1 on substitute cells that a neighbouring substitute covers too (the shared sides and corners). */
export function sharedCells(p: Placement): Uint8Array {
  const shared = new Uint8Array(p.classes.length);
  for (let i = 0; i < p.classes.length; i++) {
    for (const [sx, sy] of latticeSteps(p.lattice)) {
      if (p.offsetIndex(p.offsets[2 * i]! - p.ratio * sx, p.offsets[2 * i + 1]! - p.ratio * sy) >= 0) shared[i] = 1;
    }
  }
  return shared;
}

/** Per side step: substitute indices of the small LINEAR tiles on that side that can be a port, ascending. */
export function sidePortCandidates(
  p: Placement,
  steps: readonly (readonly [number, number])[],
  moves: readonly (readonly number[])[],
  shared: Uint8Array,
): Int32Array[] {
  const inward = (i: number): boolean =>
    moves.some(([mx, my]) => {
      const j = p.offsetIndex(p.offsets[2 * i]! + mx!, p.offsets[2 * i + 1]! + my!);
      return j >= 0 && p.classes[j] !== TileClass.AREA && shared[j] === 0;
    });
  return steps.map(([sx, sy]) => {
    const out: number[] = [];
    for (let i = 0; i < p.classes.length; i++) {
      if (p.classes[i] === TileClass.AREA) continue;
      const dx = p.offsets[2 * i]!;
      const dy = p.offsets[2 * i + 1]!;
      // On the side: also inside the neighbour's substitute; and a way in on both sides,
      // because routes keep off the shared cells except at their ports.
      const there = p.offsetIndex(dx - p.ratio * sx, dy - p.ratio * sy);
      if (there >= 0 && inward(i) && inward(there)) out.push(i);
    }
    return Int32Array.from(out);
  });
}

/**
 * Port tile (substitute index) of the side towards `step` of the tile at (px, py) for `feature`; −1 when
 * the side has no linear tile (`candidates`: the side's linear tiles, from sidePortCandidates). Both tiles of the pair pick the same small tile from things
 * that do not depend on where a map is laid out — the two tiles' indices and the tiles at
 * the side's two corners — so a port is the same on every chart of the globe: a point along
 * the side, at a hashed fraction from the corner whose tile has the lower index, and the
 * side's linear tile nearest it.
 */
export function portTile(
  p: Placement,
  candidates: Int32Array,
  step: readonly [number, number],
  px: number,
  py: number,
  feature: string,
): number {
  if (candidates.length === 0) return -1;
  const [sx, sy] = step;
  const qx = px + sx;
  const qy = py + sy;
  const index = (x: number, y: number): number => {
    const t = p.view.tileAt(x, y);
    return t < 0 ? Number.MAX_SAFE_INTEGER : t;
  };
  const a = index(px, py);
  const b = index(qx, qy);
  const h = hash2(p.seed ^ hashString(0x2545f491, feature), Math.min(a, b), Math.max(a, b));
  // The corners: large tiles next to both, on either side of the line between them.
  const [ax, ay] = unitPoint(p.lattice, px, py);
  const [bx, by] = unitPoint(p.lattice, qx, qy);
  const nx = -(by - ay);
  const ny = bx - ax;
  let left = Number.MAX_SAFE_INTEGER;
  let right = Number.MAX_SAFE_INTEGER;
  for (const [dx, dy] of latticeSteps(p.lattice)) {
    const cx = px + dx;
    const cy = py + dy;
    if (cx === qx && cy === qy) continue;
    if (!latticeSteps(p.lattice).some(([ex, ey]) => qx + ex === cx && qy + ey === cy)) continue;
    const [ux, uy] = unitPoint(p.lattice, cx, cy);
    const side = (ux - ax) * nx + (uy - ay) * ny;
    if (side > 0) left = Math.min(left, index(cx, cy));
    else right = Math.min(right, index(cx, cy));
  }
  const toward = left <= right ? 1 : -1;
  const length = Math.hypot(nx, ny);
  // Between a quarter and three quarters of the side, from the lower corner.
  const t = toward * (0.5 - h / 4294967296) * 0.5 * p.ratio * (p.lattice === 'hex' ? 0.5773502691896258 : 1);
  const mx = (p.ratio * (ax + bx)) / 2 + (t * nx) / length;
  const my = (p.ratio * (ay + by)) / 2 + (t * ny) / length;
  const cx0 = p.centreX(px);
  const cy0 = p.centreY(py);
  let best = -1;
  let bestD = Infinity;
  let bestSide = -Infinity;
  for (const k of candidates) {
    const [ux, uy] = unitPoint(p.lattice, cx0 + p.offsets[2 * k]!, cy0 + p.offsets[2 * k + 1]!);
    const d = (ux - mx) ** 2 + (uy - my) ** 2;
    const side = toward * (ux * nx + uy * ny);
    if (d < bestD - 1e-9 || (d <= bestD + 1e-9 && side > bestSide)) {
      best = k;
      bestD = d;
      bestSide = side;
    }
  }
  return best;
}
