/**
 * One route smoothed as a whole on a flat map, so it flows from area tile to area tile
 * instead of turning at each tile's edge: the legs' lanes (reroute-geometry.ts `legPath`)
 * are laid end to end in model space (area instances on a flat AL-FORM map have scale 1 and
 * no rotation: tile space plus the tile's centre), smoothed together, and cut again where the
 * smooth curve crosses each shared edge; both halves take the curve's direction there, so
 * the matched ends agree. Where the smooth curve does not cross the expected edges (it cut a
 * corner through another tile) the caller keeps the leg-by-leg shapes.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Random } from '../util/random.js';
import { seededRandom } from '../util/random.js';
import type { Cubic } from '../vector/bezier.js';
import { evalCubic } from '../vector/bezier.js';
import { insideDistance } from '../vector/shape.js';
import { EDGE_TOLERANCE } from '../vector/tolerance.js';
import type { Vec2 } from '../vector/vec2.js';
import { distance, lerp, lineMeeting, normalize, sub } from '../vector/vec2.js';
import type { AlFormTopology } from './alform-topology.js';
import type { Leg, LegClearance } from './reroute-geometry.js';
import { chaikin, legPath, splineThrough, sway } from './reroute-geometry.js';

/** Cubics per leg, or null where the whole-route shape cannot be used; gentler smoothing is tried before giving up. */
export function smoothRoute(topo: AlFormTopology, legs: readonly Leg[], depth: number, random: Random, clearanceOf: (cell: number) => LegClearance): Cubic[][] | null {
  const sways = random();
  for (const [spacing, rounds] of [[0.22, 3], [0.12, 2], [0, 1]] as const) {
    const r = smoothOnce(topo, legs, depth, seededRandom(Math.floor(sways * 2 ** 31)), clearanceOf, spacing, rounds);
    if (r) return r;
  }
  return null;
}

function smoothOnce(topo: AlFormTopology, legs: readonly Leg[], depth: number, random: Random, clearanceOf: (cell: number) => LegClearance, spacing: number, rounds: number): Cubic[][] | null {
  const { grid } = topo;
  if (grid.modelDimensions !== 2 || legs.length < 2) return null;
  const paths = legs.map((leg) => legPath(topo.cellShape(leg.cell), leg, depth, clearanceOf(leg.cell)));
  if (paths.some((p) => p.whole || p.pts.length < 2)) return null;
  const centre = legs.map((leg) => grid.center(leg.cell));
  const at = (k: number, p: Vec2): Vec2 => [p[0] + centre[k]![0]!, p[1] + centre[k]![1]!];
  for (let k = 1; k < legs.length; k++) if (Math.hypot(centre[k]![0]! - centre[k - 1]![0]!, centre[k]![1]! - centre[k - 1]![1]!) > 2.5) return null; // a wrapped seam
  const all: Vec2[] = paths[0]!.pts.map((p) => at(0, p));
  for (let k = 1; k < legs.length; k++) {
    const pts = paths[k]!.pts.map((p) => at(k, p));
    all[all.length - 1] = lerp(all[all.length - 1]!, pts[0]!, 0.5);
    all.push(...pts.slice(1));
  }
  // Thinned to about a fifth of a tile between points, so the smoothing rounds whole bends.
  const thin: Vec2[] = [all[0]!];
  for (let j = 1; j < all.length - 1; j++) if (distance(all[j]!, thin[thin.length - 1]!) > spacing) thin.push(all[j]!);
  thin.push(all[all.length - 1]!);
  const smooth = chaikin(sway(thin, random), rounds);
  // Cut at each shared edge, in order.
  const parts: Vec2[][] = [];
  const tangents: Vec2[] = [];
  let cur: Vec2[] = [smooth[0]!];
  let i = 0;
  for (let k = 1; k < legs.length; k++) {
    const leg = legs[k]!;
    if (leg.entry.kind !== 'edge') return null;
    const e = topo.cellShape(leg.cell).edges[leg.entry.slot]!;
    const a = at(k, e.from), b = at(k, e.to);
    let hit: { x: Vec2; j: number } | null = null;
    for (let j = i; j + 1 < smooth.length && !hit; j++) {
      const x = crossing(smooth[j]!, smooth[j + 1]!, a, b);
      if (x) hit = { x, j };
      else cur.push(smooth[j + 1]!);
    }
    if (!hit) return null;
    cur.push(hit.x);
    parts.push(cur);
    tangents.push(normalize(sub(smooth[hit.j + 1]!, smooth[hit.j]!)));
    cur = [hit.x];
    i = hit.j + 1;
    cur.push(smooth[i]!);
  }
  for (let j = i + 1; j < smooth.length; j++) cur.push(smooth[j]!);
  parts.push(cur);
  const out: Cubic[][] = [];
  for (const [k, part] of parts.entries()) {
    const local = part.map((p) => [p[0] - centre[k]![0]!, p[1] - centre[k]![1]!] as Vec2).filter((p, j, arr) => j === 0 || distance(p, arr[j - 1]!) > 1e-9);
    const startT = k === 0 ? paths[0]!.startTangent : tangents[k - 1]!;
    const endT = k === parts.length - 1 ? paths[k]!.endTangent : tangents[k]!;
    const body = splineThrough(local, startT, endT);
    // Smoothing may round a corner through the next tile: then this route keeps its legs.
    const shape = topo.cellShape(legs[k]!.cell);
    for (const [qi, q] of body.entries()) {
      const atEnd = qi === 0 || qi === body.length - 1; // the stretch next to a crossing may come close to its edge
      for (let j = 1; j < 8; j++) {
        const d = insideDistance(shape, evalCubic(q, j / 8));
        if (d < -EDGE_TOLERANCE || (!atEnd && d <= 4 * EDGE_TOLERANCE)) return null;
      }
    }
    const path = paths[k]!;
    out.push([...(k === 0 && path.head ? [path.head] : []), ...body, ...(k === parts.length - 1 && path.tail ? [path.tail] : [])]);
  }
  return out;
}

/** Where p–q (from p on, q excluded) crosses a–b strictly inside. */
function crossing(p: Vec2, q: Vec2, a: Vec2, b: Vec2): Vec2 | null {
  const m = lineMeeting(p, q, a, b);
  return m && m.t >= 0 && m.t < 1 && m.w > 1e-6 && m.w < 1 - 1e-6 ? lerp(p, q, m.t) : null;
}
