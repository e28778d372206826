/**
 * Snapping, step (4) of the patent's MAP ASSEMBLY: "The end-points associated with each
 * matched pair of TERRAIN-POSITION-INDICATORS are adjusted so that they have identical
 * positions and first derivatives".
 *
 * Each matched pair of ends moves to one point of the shared edge (the mean of their two
 * edge parameters) and gets one tangent direction (the mean of their two directions), so the
 * curve continues C1 across the edge (G1 in direction; each side keeps its own handle
 * length). Only the end point and the control point next to it move: every other control
 * point stays where it was.
 *
 * The work is done in edge coordinates (along the edge from the anchor, and outward across
 * it, both in units of the edge's length), so it needs no common frame and works the same on
 * flat tiles and on globe polygons whose shared edge has a slightly different length in each
 * tile. Two tiles walk a shared edge in opposite directions, so A's parameter t is B's 1 − t,
 * and a direction with components (along, out) in A's edge frame continues into B as the
 * direction with those same components in B's edge frame.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { EndName } from './classify.js';
import type { MatchedPair } from './match.js';
import type { ShapeEdge } from './shape.js';
import { edgeOf, edgePoint } from './shape.js';
import type { CurveElement, VectorElement, VectorTile } from './types.js';
import type { Vec2 } from './vec2.js';
import { add, distance, dot, length, normalize, scale, sub } from './vec2.js';

interface EdgeFrame {
  readonly edge: ShapeEdge;
  readonly length: number;
  readonly along: Vec2;
  readonly out: Vec2;
}

function frameOf(edge: ShapeEdge): EdgeFrame {
  const d = sub(edge.to, edge.from);
  const along = normalize(d);
  // Clockwise walk: the outside is on the left.
  return { edge, length: length(d), along, out: [-along[1], along[0]] };
}

/** Index of the end point and of its neighbouring control point. */
const endIndices = (n: number, end: EndName): [number, number] => (end === 'start' ? [0, 1] : [n - 1, n - 2]);

/** The curve's direction leaving the tile at this end, in (along, out) edge components. */
function outwardDirection(points: readonly Vec2[], end: EndName, f: EdgeFrame): Vec2 {
  const n = points.length;
  const [i, j] = endIndices(n, end);
  let d = sub(points[i]!, points[j]!);
  // A zero handle: the direction comes from the next control point out.
  if (length(d) === 0) d = sub(points[i]!, points[end === 'start' ? 2 : n - 3]!);
  if (length(d) === 0) d = sub(points[i]!, points[end === 'start' ? 3 : n - 4]!);
  return normalize([dot(d, f.along), dot(d, f.out)]);
}

function moveEnd(el: CurveElement, end: EndName, f: EdgeFrame, t: number, dir: Vec2): CurveElement {
  const pts = [...el.curve.points];
  const [i, j] = endIndices(pts.length, end);
  let h = distance(pts[i]!, pts[j]!);
  if (h === 0) h = distance(pts[end === 'start' ? 0 : pts.length - 1]!, pts[end === 'start' ? 3 : pts.length - 4]!) / 3;
  const p = edgePoint(f.edge, t);
  const world = add(scale(f.along, dir[0]), scale(f.out, dir[1]));
  pts[i] = p;
  pts[j] = sub(p, scale(world, h));
  return { ...el, curve: { points: pts, closed: el.curve.closed } };
}

export interface SnapResult {
  readonly a: VectorTile;
  readonly b: VectorTile;
}

/** Snaps every matched pair of a successful match (match.ts) between oriented tiles A and B. */
export function snapAcross(a: VectorTile, dirA: number, b: VectorTile, dirB: number, pairs: readonly MatchedPair[]): SnapResult {
  const fa = frameOf(edgeOf(a.shape, dirA));
  const fb = frameOf(edgeOf(b.shape, dirB));
  const elsA = new Map(a.elements.map((e) => [e.id, e] as const));
  const elsB = new Map(b.elements.map((e) => [e.id, e] as const));
  for (const pair of pairs) {
    const ea = elsA.get(pair.a.element);
    const eb = elsB.get(pair.b.element);
    if (!ea || ea.kind === 'point' || !eb || eb.kind === 'point') throw new Error(`snap: no curve "${pair.a.element}" in A or "${pair.b.element}" in B`);
    const t = (pair.a.t + (1 - pair.b.t)) / 2;
    const da = outwardDirection(ea.curve.points, pair.a.end, fa);
    const db = outwardDirection(eb.curve.points, pair.b.end, fb);
    let d = normalize(add(da, db));
    // Opposite directions cancel; keep A's and let B follow it.
    if (length(d) === 0) d = da;
    elsA.set(ea.id, moveEnd(ea, pair.a.end, fa, t, d));
    elsB.set(eb.id, moveEnd(elsB.get(eb.id) as CurveElement, pair.b.end, fb, 1 - t, d));
  }
  const rebuild = (tile: VectorTile, m: Map<string, VectorElement>): VectorTile => ({ ...tile, elements: tile.elements.map((e) => m.get(e.id)!) });
  return { a: rebuild(a, elsA), b: rebuild(b, elsB) };
}
