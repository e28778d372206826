/**
 * Snapping, step (4) of the patent's MAP ASSEMBLY: "The end-points associated with each
 * matched pair of TERRAIN-POSITION-INDICATORS are adjusted so that they have identical
 * positions and first derivatives".
 *
 * Each matched pair of ends moves to one point of the shared edge (the mean of their two
 * edge parameters), whatever the distance between them, and gets one control vector: one
 * direction (the mean of their two directions, turned where needed so the curve crosses the
 * edge rather than running along it) and one handle length (the shorter of the two), both in
 * edge units. So the curve continues C1 across the edge: the patent's "control vectors are
 * identical". The bend itself (snap-bend.ts) moves only the end and its neighbouring control
 * point where that keeps the curve inside its tile and free of loops, else it splits the end
 * cubic and bends only its last piece.
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
import { endCrossing } from './classify.js';
import type { MatchedPair } from './match.js';
import type { ShapeEdge, TileShape } from './shape.js';
import { edgeOf, edgePoint } from './shape.js';
import { bendEnd } from './snap-bend.js';
import type { CurveElement, VectorTile } from './types.js';
import type { Vec2 } from './vec2.js';
import { add, distance, dot, length, normalize, scale, sub } from './vec2.js';

/**
 * The least outward component of the shared direction (sine of the angle to the edge): a
 * shared tangent flatter than this would run the two ends along the edge, so it is turned.
 */
const MIN_OUT = Math.sin(Math.PI / 12);

/** The share of the way from the edge to the tile's boundary the shared control point may reach. */
const HANDLE_REACH = 0.75;

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

/** The end's handle length (end point to its control point), in edge lengths. */
function handleLength(points: readonly Vec2[], end: EndName, f: EdgeFrame): number {
  const n = points.length;
  const [i, j] = endIndices(n, end);
  const h = distance(points[i]!, points[j]!);
  // A zero handle (a straight Inkscape segment): a third of the cubic's chord.
  return (h > 0 ? h : distance(points[i]!, points[end === 'start' ? 3 : n - 4]!) / 3) / f.length;
}

/**
 * How far the shared control point may sit from the edge point `p` (edge `f` of `shape`) along
 * the shared direction turned inward, in edge lengths: the fraction HANDLE_REACH of the way to
 * the tile's boundary. A handle within it keeps the control point inside the (convex) tile, so
 * the bent end cubic stays inside too: two long drawn handles, moved along the edge and given
 * the mean direction, could otherwise put it outside and carry the bent curve with it.
 */
function handleReach(shape: TileShape, f: EdgeFrame, p: Vec2, dir: Vec2): number {
  const inward = scale(add(scale(f.along, dir[0]), scale(f.out, dir[1])), -1);
  let reach = Infinity;
  for (const e of shape.edges) {
    const u = sub(e.to, e.from);
    // Clockwise walk: the inside is to the right of the edge; the ray leaves where that fails.
    const n: Vec2 = [u[1], -u[0]];
    const towards = dot(n, inward);
    if (towards >= 0) continue;
    reach = Math.min(reach, Math.max(0, dot(n, sub(p, e.from))) / -towards);
  }
  return (HANDLE_REACH * reach) / f.length;
}

/** The shared direction of a pair, in (along, out) edge components. */
function sharedDirection(da: Vec2, db: Vec2): Vec2 {
  let d = normalize(add(da, db));
  // Opposite directions cancel; keep A's and let B follow it.
  if (length(d) === 0) d = da;
  return d[1] >= MIN_OUT ? d : normalize([Math.sign(d[0]) * Math.cos(Math.asin(MIN_OUT)), MIN_OUT]);
}

/**
 * How an edge's parameter t (along the edge in its tile's plane) maps to a parameter both sides
 * share. Flat tiles share the edge as drawn (the identity). Globe cells are drawn in their own
 * gnomonic planes, where one arc of the sphere has a differently spaced t on each side, so the
 * caller gives the fraction of the arc's angle from the edge's anchor (core/assemble
 * edge-arc.ts): the meeting point is then one point of the sphere.
 */
export interface EdgeParameter {
  toShared(t: number): number;
  fromShared(f: number): number;
}

const IDENTITY_PARAMETER: EdgeParameter = { toShared: (t) => t, fromShared: (f) => f };

/** Where one end must go: the point on the edge and its handle (end point minus its control point). */
export interface EndTarget {
  readonly element: string;
  readonly end: EndName;
  readonly p: Vec2;
  readonly handle: Vec2;
}

function target(f: EdgeFrame, element: string, end: EndName, t: number, dir: Vec2, h: number): EndTarget {
  const handle = scale(add(scale(f.along, dir[0]), scale(f.out, dir[1])), h * f.length);
  return { element, end, p: edgePoint(f.edge, t), handle };
}

/**
 * Where every matched pair's two ends go, decided from the two tiles as given. A cell snapped
 * to several neighbours decides every edge's targets from its unsnapped instance first and
 * bends after (`bendTo`), so each neighbour, deciding from the same two instances, agrees.
 */
export function snapTargets(
  a: VectorTile,
  dirA: number,
  b: VectorTile,
  dirB: number,
  pairs: readonly MatchedPair[],
  param: { readonly a: EdgeParameter; readonly b: EdgeParameter } = { a: IDENTITY_PARAMETER, b: IDENTITY_PARAMETER },
): { a: EndTarget[]; b: EndTarget[] } {
  const fa = frameOf(edgeOf(a.shape, dirA));
  const fb = frameOf(edgeOf(b.shape, dirB));
  const out: { a: EndTarget[]; b: EndTarget[] } = { a: [], b: [] };
  for (const pair of pairs) {
    const ea = a.elements.find((e) => e.id === pair.a.element);
    const eb = b.elements.find((e) => e.id === pair.b.element);
    if (!ea || ea.kind === 'point' || !eb || eb.kind === 'point') throw new Error(`snap: no curve "${pair.a.element}" in A or "${pair.b.element}" in B`);
    // The mean of the two crossings, in the shared parameter (B walks the edge the other way).
    const f = (param.a.toShared(pair.a.t) + (1 - param.b.toShared(pair.b.t))) / 2;
    const d = sharedDirection(outwardDirection(ea.curve.points, pair.a.end, fa), outwardDirection(eb.curve.points, pair.b.end, fb));
    const [ta, tb] = [param.a.fromShared(f), param.b.fromShared(1 - f)];
    const drawn = Math.min(handleLength(ea.curve.points, pair.a.end, fa), handleLength(eb.curve.points, pair.b.end, fb));
    const h = Math.min(drawn, handleReach(a.shape, fa, edgePoint(fa.edge, ta), d), handleReach(b.shape, fb, edgePoint(fb.edge, tb), d));
    out.a.push(target(fa, ea.id, pair.a.end, ta, d, h));
    out.b.push(target(fb, eb.id, pair.b.end, tb, d, h));
  }
  return out;
}

/** The tile with each target's end bent there (snap-bend.ts); the tile itself when there are none. */
export function bendTo(tile: VectorTile, targets: readonly EndTarget[]): VectorTile {
  if (targets.length === 0) return tile;
  const els = new Map(tile.elements.map((e) => [e.id, e] as const));
  for (const x of targets) {
    const el = els.get(x.element) as CurveElement;
    const otherCrosses = endCrossing(tile.shape, el, x.end === 'start' ? 'end' : 'start') !== null;
    els.set(el.id, { ...el, curve: bendEnd(el.curve, x.end, x.p, x.handle, tile.shape, otherCrosses) });
  }
  return { ...tile, elements: tile.elements.map((e) => els.get(e.id)!) };
}

export interface SnapResult {
  readonly a: VectorTile;
  readonly b: VectorTile;
}

/** Snaps every matched pair of a successful match (match.ts) between oriented tiles A and B. */
export function snapAcross(a: VectorTile, dirA: number, b: VectorTile, dirB: number, pairs: readonly MatchedPair[]): SnapResult {
  const t = snapTargets(a, dirA, b, dirB, pairs);
  return { a: bendTo(a, t.a), b: bendTo(b, t.b) };
}
