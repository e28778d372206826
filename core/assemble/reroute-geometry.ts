/**
 * The shapes of reroutes, drawn in each area cell's own frame (placed-tile.ts), with
 * core/vector's Bézier helpers.
 *
 * The blocking feature runs along an area instance's blocked edge (the middle of the linear
 * tile); the half of the linear tile inside the instance is the band a reroute uses. A route
 * runs PARALLEL to the feature at its lane's depth (reroute-pairing.ts) inside that band:
 * straight along each blocked edge's offset line, rounded at the corners, with a small seeded
 * waviness; where the bank passes into the next cell it crosses the shared edge at a fixed
 * distance from the corner (depth × κ), the same from both sides, so the pieces match.
 *
 * A cut end: the original curve is cut where it comes within (depth + r) of the blocked
 * edge, and a connector bends it onto the lane, turning the way the route goes (positive
 * turning for areas, toward the partner for lines).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Random } from '../util/random.js';
import type { Cubic, Curve } from '../vector/bezier.js';
import { derivCubic, lineCubic, lineRoots, segment, segmentCount, splitCubic } from '../vector/bezier.js';
import type { ShapeEdge, TileShape } from '../vector/shape.js';
import type { Vec2 } from '../vector/vec2.js';
import { add, cross, distance, dot, lerp, lineMeeting, normalize, scale, sub } from '../vector/vec2.js';

/** Unit vector inward, perpendicular to an edge (shapes run clockwise with y up: inside is on the right). */
export function inwardNormal(e: ShapeEdge): Vec2 {
  const d = sub(e.to, e.from);
  return normalize([d[1], -d[0]]);
}

export const edgeDirection = (e: ShapeEdge): Vec2 => normalize(sub(e.to, e.from));

/** A point `depth` inside the edge, over parameter t. */
export const offsetPoint = (e: ShapeEdge, t: number, depth: number): Vec2 => add(lerp(e.from, e.to, t), scale(inwardNormal(e), depth));


/**
 * Where a reroute at `depth` crosses an edge next to a corner: this far from the corner,
 * depth / sin(corner angle) — on the offset line of the edge beyond the corner. A corner that
 * is nearly straight (an offset-square side's midpoint) counts as square, which is what the
 * cells on the other side of that edge have there, so both sides agree on flat maps.
 */
export function passDistance(E: readonly ShapeEdge[], before: number, depth: number): number {
  const sin = Math.abs(cross(edgeDirection(E[before]!), edgeDirection(E[(before + 1) % E.length]!)));
  return depth / (sin < 0.5 ? 1 : sin);
}

/** How one leg of a route starts or ends in its cell. */
export type LegEnd =
  /** At a cut end: the lane point over edge parameter t of the leg's first (last) blocked edge. */
  | { readonly kind: 'cut'; readonly t: number; readonly cutPoint: Vec2; readonly tangent: Vec2 }
  /** Across edge `slot` near the corner it shares with the leg's blocked edges (a pass or the map's edge). */
  | { readonly kind: 'edge'; readonly slot: number };

export interface Leg {
  readonly cell: number;
  readonly entry: LegEnd;
  /** Blocked edge slots walked, in order (may be empty: the route only rounds a corner of this cell). */
  readonly edges: readonly number[];
  readonly exit: LegEnd;
}

/** The feature's depth along this cell's blocked edges, and the extra offset at a pass point (reroute-clearance.ts). */
export interface LegClearance {
  profile(slot: number, u: number): number;
  /** Extra distance at the corner of edge `slot` (its end when `atTo`), agreed by both cells sharing the edge. */
  pass(slot: number, atTo: boolean): number;
}

const NO_CLEARANCE: LegClearance = { profile: () => 0, pass: () => 0 };

/** Cubic pieces of one leg, in walking direction (clockwise round the cell). */
export function legCubics(shape: TileShape, leg: Leg, depth: number, random: Random, clear: LegClearance = NO_CLEARANCE): Cubic[] {
  const path = legPath(shape, leg, depth, clear);
  if (path.whole) return path.whole;
  const body = smoothCurve(path.pts, random, path.startTangent, path.endTangent);
  return [...(path.head ? [path.head] : []), ...body, ...(path.tail ? [path.tail] : [])];
}

/** A leg before smoothing: the lane's polyline, the connectors to cut curves, the tangents across edges (or one whole U). */
export interface LegPath {
  readonly whole: Cubic[] | null;
  readonly pts: Vec2[];
  readonly head: Cubic | null;
  readonly tail: Cubic | null;
  readonly startTangent: Vec2 | null;
  readonly endTangent: Vec2 | null;
}

export function legPath(shape: TileShape, leg: Leg, depth: number, clear: LegClearance = NO_CLEARANCE): LegPath {
  const E = shape.edges;
  const r = Math.min(0.12, depth * 0.8);
  // Near a pass the lane eases toward the pass point's offset (the deeper of the two cells'),
  // so it reaches the shared edge without a jog.
  const extraIn = leg.entry.kind === 'edge' ? clear.pass(leg.entry.slot, true) : 0;
  const extraOut = leg.exit.kind === 'edge' ? clear.pass(leg.exit.slot, false) : 0;
  const ease = (x: number): number => (x <= 0 ? 0 : x >= 1 ? 1 : x * x * (3 - 2 * x));
  const lane = (slot: number, u: number): Vec2 => {
    let extra = clear.profile(slot, u);
    if (slot === leg.edges[0]) extra = Math.max(extra, extraIn * ease((0.5 - u) / 0.5));
    if (slot === leg.edges[leg.edges.length - 1]) extra = Math.max(extra, extraOut * ease((u - 0.5) / 0.5));
    return offsetPoint(E[slot]!, u, depth + extra);
  };
  const len = (slot: number): number => distance(E[slot]!.from, E[slot]!.to);
  const pts: Vec2[] = [];
  const first = leg.edges[0], last = leg.edges[leg.edges.length - 1];
  // Two ends of one edge joined (step 1 most often): one smooth U toward the feature, no lane.
  if (leg.entry.kind === 'cut' && leg.exit.kind === 'cut' && leg.edges.length === 1) {
    const a = leg.entry.cutPoint, b = leg.exit.cutPoint;
    const room = depth + r + Math.min(clear.profile(first!, leg.entry.t), clear.profile(first!, leg.exit.t));
    const reach = Math.min(room * 0.9, Math.max(0.15, distance(a, b) * 0.6));
    return { whole: [[a, add(a, scale(leg.entry.tangent, reach)), add(b, scale(leg.exit.tangent, reach)), b]], pts: [], head: null, tail: null, startTangent: null, endTangent: null };
  }
  let head: Cubic | null = null, tail: Cubic | null = null;
  let u0 = 0;
  let u1 = 1;
  // Entry.
  if (leg.entry.kind === 'cut') {
    const k = Math.min(r, cutGap(leg, E)) * 0.9;
    u0 = leg.entry.t + k / len(first!);
    const start = lane(first!, u0);
    const c = leg.entry.cutPoint;
    head = [c, add(c, scale(leg.entry.tangent, k * 0.6)), lerp(lane(first!, leg.entry.t), start, 0.2), start];
  } else {
    const f = E[leg.entry.slot]!;
    pts.push(add(f.to, scale(edgeDirection(f), -passDistance(E, leg.entry.slot, depth + clear.pass(leg.entry.slot, true)))));
    // Nearly straight on (an offset-square side's midpoint): step onto the lane first.
    if (first !== undefined && Math.abs(cross(edgeDirection(E[first]!), edgeDirection(f))) < 0.5) pts.push(lane(first, 0));
  }
  if (leg.exit.kind === 'cut') {
    const k = Math.min(r, cutGap(leg, E)) * 0.9;
    u1 = leg.exit.t - k / len(last!);
  }
  // Along the blocked edges, following the feature: dense where it bends.
  leg.edges.forEach((slot, i) => {
    const a = i === 0 ? u0 : 0, b = i === leg.edges.length - 1 ? u1 : 1;
    const n = Math.max(1, Math.ceil((b - a) * 8));
    for (let j = 0; j <= n; j++) pts.push(lane(slot, a + ((b - a) * j) / n));
  });
  // A leg with no blocked edge rounds the corner between its entry and exit edges.
  if (leg.edges.length === 0 && leg.entry.kind === 'edge' && leg.exit.kind === 'edge') {
    const f = E[leg.entry.slot]!, g = E[leg.exit.slot]!;
    if (Math.abs(cross(edgeDirection(f), edgeDirection(g))) < 0.5) pts.push(add(f.to, scale(normalize(add(inwardNormal(f), inwardNormal(g))), depth)));
  }
  // Exit.
  if (leg.exit.kind === 'cut') {
    const c = leg.exit.cutPoint;
    const end = pts[pts.length - 1]!;
    tail = [end, lerp(lane(last!, leg.exit.t), end, 0.2), add(c, scale(leg.exit.tangent, r * 0.5)), c];
  } else {
    const g = E[leg.exit.slot]!;
    const before = (leg.exit.slot + E.length - 1) % E.length;
    if (last !== undefined && Math.abs(cross(edgeDirection(E[last]!), edgeDirection(g))) < 0.5) pts.push(lane(last, 1));
    pts.push(add(g.from, scale(edgeDirection(g), passDistance(E, before, depth + clear.pass(leg.exit.slot, false)))));
  }
  // Smoothed: the feature itself bends smoothly, and so should what runs beside it.
  // Across an edge the route runs square to it, from both sides, so the halves join smoothly.
  const startTangent = leg.entry.kind === 'edge' ? inwardNormal(E[leg.entry.slot]!) : null;
  const endTangent = leg.exit.kind === 'edge' ? scale(inwardNormal(E[leg.exit.slot]!), -1) : null;
  return { whole: null, pts: untangle(pts), head, tail, startTangent, endTangent };
}

/**
 * Removes the loops a lane makes where the feature's depth jumps at a corner: where two
 * segments of the polyline cross, the points between go and the crossing point stays.
 */
function untangle(pts: readonly Vec2[]): Vec2[] {
  const p = [...pts];
  for (let i = 0; i + 1 < p.length; i++) {
    for (let j = p.length - 2; j > i + 1; j--) {
      const x = segmentsCross(p[i]!, p[i + 1]!, p[j]!, p[j + 1]!);
      if (x) {
        p.splice(i + 1, j - i, x);
        break;
      }
    }
  }
  return p;
}

/** Where segments a–b and c–d cross, both strictly inside (ends excluded). */
function segmentsCross(a: Vec2, b: Vec2, c: Vec2, d: Vec2): Vec2 | null {
  const m = lineMeeting(a, b, c, d);
  return m && m.t > 1e-9 && m.t < 1 - 1e-9 && m.w > 1e-9 && m.w < 1 - 1e-9 ? lerp(a, b, m.t) : null;
}

/** Room between two cut ends on one edge (so their connectors do not overlap). */
function cutGap(leg: Leg, E: readonly ShapeEdge[]): number {
  if (leg.entry.kind !== 'cut' || leg.exit.kind !== 'cut' || leg.edges.length !== 1) return Infinity;
  const e = E[leg.edges[0]!]!;
  return ((leg.exit.t - leg.entry.t) * distance(e.from, e.to)) / 2.5;
}

/**
 * A smooth curve along a polyline: a little seeded sway on the inner points (the patent's
 * "small variations"), two rounds of Chaikin corner cutting (the ends stay put), then a
 * Catmull-Rom spline through the points as cubics.
 */
export function smoothCurve(pts: readonly Vec2[], random: Random, startTangent: Vec2 | null, endTangent: Vec2 | null): Cubic[] {
  return splineThrough(chaikin(sway(pts, random), 2), startTangent, endTangent);
}

/** Small seeded sideways offsets of the inner points. */
export function sway(pts: readonly Vec2[], random: Random): Vec2[] {
  const p = pts.filter((q, i) => i === 0 || distance(q, pts[i - 1]!) > 1e-9);
  return p.map((q, i) => {
    if (i === 0 || i === p.length - 1) return q;
    const d = normalize(sub(p[i + 1]!, p[i - 1]!));
    return add(q, scale([-d[1], d[0]], (random() - 0.5) * 0.012));
  });
}

/** Chaikin corner cutting; the two ends stay put. */
export function chaikin(pts: readonly Vec2[], rounds: number): Vec2[] {
  let p = [...pts];
  for (let round = 0; round < rounds && p.length > 2; round++) {
    const next: Vec2[] = [p[0]!];
    for (let i = 0; i + 1 < p.length; i++) {
      const a = p[i]!, b = p[i + 1]!;
      if (i > 0) next.push(lerp(a, b, 0.25));
      if (i + 2 < p.length) next.push(lerp(a, b, 0.75));
    }
    next.push(p[p.length - 1]!);
    p = next;
  }
  return p;
}

/** A Catmull-Rom spline through the points as cubics, with the end tangents given where they are. */
export function splineThrough(p: readonly Vec2[], startTangent: Vec2 | null, endTangent: Vec2 | null): Cubic[] {
  if (p.length < 2) return [];
  if (p.length === 2 && !startTangent && !endTangent) return [lineCubic(p[0]!, p[1]!)];
  const out: Cubic[] = [];
  for (let i = 0; i + 1 < p.length; i++) {
    const a = p[i]!, b = p[i + 1]!;
    const before = p[i - 1] ?? a, after = p[i + 2] ?? b;
    const third = distance(a, b) / 3;
    const c1 = i === 0 && startTangent ? add(a, scale(startTangent, third)) : add(a, scale(sub(b, before), 1 / 6));
    const c2 = i + 2 === p.length && endTangent ? sub(b, scale(endTangent, third)) : sub(b, scale(sub(after, a), 1 / 6));
    out.push([a, c1, c2, b]);
  }
  return out;
}

/**
 * Cuts a curve where it comes within `depth` of an edge, at the end lying on that edge.
 * Returns the part kept (the rest of the curve, ending — or starting — at the cut), the cut
 * point and the direction the curve was heading toward the edge there.
 */
export function cutNearEdge(curve: Curve, end: 'start' | 'end', e: ShapeEdge, depth: number): { kept: Cubic[]; point: Vec2; tangent: Vec2 } {
  const segs = Array.from({ length: segmentCount(curve) }, (_, i) => segment(curve, i));
  const oriented = end === 'end' ? segs : segs.map((q) => [q[3], q[2], q[1], q[0]] as Cubic).reverse();
  const a = offsetPoint(e, 0, depth);
  const dir = edgeDirection(e);
  const nrm = inwardNormal(e);
  const depthOf = (p: Vec2): number => dot(sub(p, e.from), nrm);
  // From the end on the edge backwards: the last place the curve is `depth` inside.
  for (let i = oriented.length - 1; i >= 0; i--) {
    const q = oriented[i]!;
    const roots = lineRoots(q, a, dir).filter((t) => t < 1 - 1e-9);
    if (roots.length === 0) continue;
    const t = roots[roots.length - 1]!;
    const [keepPart] = splitCubic(q, t);
    const kept = [...oriented.slice(0, i), keepPart];
    const tangent = normalize(derivCubic(q, t));
    return finish(kept, end, keepPart[3], tangent);
  }
  // Never that deep: cut at its deepest point (a curve grazing the feature).
  let bi = 0, bt = 0, bd = -Infinity;
  oriented.forEach((q, i) => {
    for (let k = 0; k <= 16; k++) {
      const pt = lerp(lerp(q[0], q[1], k / 16), lerp(q[2], q[3], k / 16), k / 16);
      if (depthOf(pt) > bd) {
        bd = depthOf(pt);
        bi = i;
        bt = k / 16;
      }
    }
  });
  const q = oriented[bi]!;
  const t = Math.max(1e-3, Math.min(bt, 1 - 1e-3));
  const [keepPart] = splitCubic(q, t);
  return finish([...oriented.slice(0, bi), keepPart], end, keepPart[3], normalize(derivCubic(q, t)));
}

function finish(kept: Cubic[], end: 'start' | 'end', point: Vec2, tangent: Vec2): { kept: Cubic[]; point: Vec2; tangent: Vec2 } {
  if (end === 'end') return { kept, point, tangent };
  return { kept: kept.map((q) => [q[3], q[2], q[1], q[0]] as Cubic).reverse(), point, tangent };
}
