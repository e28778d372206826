/**
 * The drawing helpers of the starter library's recipes (starter-tiles.ts): small vector
 * arithmetic, smooth curves through points, loops and polylines, and the elements a recipe
 * makes (areas inside or outside a loop, crossings from edge to edge, spurs, lines, points,
 * and an open boundary whose covered edges are asked of core/vector).
 */
import { curveFromCubics, lineCubic } from '../core/vector/bezier.js';
import type { Cubic, Curve } from '../core/vector/bezier.js';
import { edgeIndicators } from '../core/vector/indicators.js';
import type { TileShape } from '../core/vector/shape.js';
import { edgeOf, edgePoint } from '../core/vector/shape.js';
import type { Side, VectorElement } from '../core/vector/types.js';
import type { Vec2 } from '../core/vector/vec2.js';
import { signedArea } from '../core/vector/vec2.js';


export type Random = () => number;

// ── geometry helpers ────────────────────────────────────────────────────────

export const add = (a: Vec2, b: Vec2): Vec2 => [a[0] + b[0], a[1] + b[1]];
export const sub = (a: Vec2, b: Vec2): Vec2 => [a[0] - b[0], a[1] - b[1]];
export const mul = (a: Vec2, k: number): Vec2 => [a[0] * k, a[1] * k];
export const len = (a: Vec2): number => Math.hypot(a[0], a[1]);
export const unit = (a: Vec2): Vec2 => mul(a, 1 / len(a));
/** Rounded to 1e-4 so the SVG files stay readable; ports are exact enough (edge tolerance 1e-3). */
export const r4 = (p: Vec2): Vec2 => [Math.round(p[0] * 1e4) / 1e4 + 0, Math.round(p[1] * 1e4) / 1e4 + 0];
export const jit = (rnd: Random, amount: number): number => (rnd() * 2 - 1) * amount;
export const jitter = (rnd: Random, p: Vec2, amount: number): Vec2 => [p[0] + jit(rnd, amount), p[1] + jit(rnd, amount)];

/** Where a feature crosses edge `dir` at `t` (exactly on the edge). */
export const port = (shape: TileShape, dir: number, t: number): Vec2 => edgePoint(edgeOf(shape, dir), t);
/** Unit vector from the middle of edge `dir` towards the centre: a crossing comes in along it. */
export const inward = (shape: TileShape, dir: number): Vec2 => unit(mul(port(shape, dir, 0.5), -1));

/**
 * A smooth curve through `points` (Catmull-Rom tangents), leaving the first point along
 * `startTangent` and arriving at the last along `endTangent` when given, so a curve that
 * crosses an edge does it at right angles and continues smoothly into the neighbour.
 */
export function smooth(points: readonly Vec2[], startTangent?: Vec2, endTangent?: Vec2): Curve {
  const n = points.length;
  const tangents = points.map((p, i) => {
    if (i === 0) return startTangent ? mul(unit(startTangent), len(sub(points[1]!, p))) : sub(points[1]!, p);
    if (i === n - 1) return endTangent ? mul(unit(endTangent), len(sub(p, points[n - 2]!))) : sub(p, points[n - 2]!);
    return mul(sub(points[i + 1]!, points[i - 1]!), 0.5);
  });
  const cubics: Cubic[] = [];
  for (let i = 0; i + 1 < n; i++) {
    const a = points[i]!, b = points[i + 1]!;
    cubics.push([r4(a), r4(add(a, mul(tangents[i]!, 1 / 3))), r4(sub(b, mul(tangents[i + 1]!, 1 / 3))), r4(b)]);
  }
  return curveFromCubics(cubics, false);
}

/** A closed smooth loop through `points` (periodic Catmull-Rom). */
export function loop(points: readonly Vec2[]): Curve {
  const n = points.length;
  const cubics: Cubic[] = [];
  for (let i = 0; i < n; i++) {
    const p0 = points[(i - 1 + n) % n]!, p1 = points[i]!, p2 = points[(i + 1) % n]!, p3 = points[(i + 2) % n]!;
    cubics.push([r4(p1), r4(add(p1, mul(sub(p2, p0), 1 / 6))), r4(sub(p2, mul(sub(p3, p1), 1 / 6))), r4(p2)]);
  }
  return curveFromCubics(cubics, true);
}

/** A closed polyline (rooms). */
export function polygon(points: readonly Vec2[]): Curve {
  const cubics: Cubic[] = points.map((p, i) => lineCubic(r4(p), r4(points[(i + 1) % points.length]!)));
  return curveFromCubics(cubics, true);
}

/** An open polyline (corridors): straight runs, right-angled turns. */
export function polyline(points: readonly Vec2[]): Curve {
  const cubics: Cubic[] = [];
  for (let i = 0; i + 1 < points.length; i++) cubics.push(lineCubic(r4(points[i]!), r4(points[i + 1]!)));
  return curveFromCubics(cubics, false);
}

/** Blob outline: `count` points around `c` at radius r·(1 + wobble), counter-clockwise. */
export function blobPoints(rnd: Random, c: Vec2, r: number, wobble: number, count = 8): Vec2[] {
  const phase = rnd() * Math.PI * 2;
  return Array.from({ length: count }, (_, i) => {
    const a = phase + (i / count) * Math.PI * 2;
    const k = r * (1 + jit(rnd, wobble));
    return add(c, [k * Math.cos(a), k * Math.sin(a)]);
  });
}

export const ccw = (c: Curve): boolean => signedArea(c.points) > 0;

/** Area whose inside is inside the loop (a lake, a copse, a hill contour: uphill inside). */
export function areaInside(id: string, terrain: string, c: Curve, height?: number): VectorElement {
  const side: Side = ccw(c) ? 'left' : 'right';
  return height === undefined ? { kind: 'area', id, terrain, side, curve: c } : { kind: 'area', id, terrain, side, curve: c, height };
}

/** Area whose inside is outside the loop (a clearing in a forest, an island in the sea). */
export function areaOutside(id: string, terrain: string, c: Curve): VectorElement {
  return { kind: 'area', id, terrain, side: ccw(c) ? 'right' : 'left', curve: c };
}

/** A path from edge a (t) through jittered interior points to edge b (t). */
export function crossing(shape: TileShape, rnd: Random, a: number, b: number, via: readonly Vec2[] = [], wobble = 0.12, ta = 0.5, tb = 0.5): Curve {
  const pa = port(shape, a, ta), pb = port(shape, b, tb);
  const mids: Vec2[] = via.length ? via.map((p) => jitter(rnd, p, wobble)) : [jitter(rnd, mul(add(pa, pb), 0.5 * (0.55 + 0.25 * rnd())), wobble)];
  return smooth([pa, ...mids, pb], inward(shape, a), mul(inward(shape, b), -1));
}

/** A path from edge a to an interior point. */
export function spur(shape: TileShape, rnd: Random, a: number, to: Vec2, wobble = 0.08, t = 0.5): Curve {
  const pa = port(shape, a, t);
  const mid = jitter(rnd, mul(add(pa, to), 0.5), wobble);
  return smooth([pa, mid, to], inward(shape, a));
}

export const line = (id: string, terrain: string, curve: Curve): VectorElement => ({ kind: 'line', id, terrain, curve });
export const point = (id: string, terrain: string, at: Vec2): VectorElement => ({ kind: 'point', id, terrain, at: r4(at) });

/**
 * An open area boundary from edge a to edge b whose side is chosen so that the area covers
 * the edges `coveredEdges` (presence) and no other: the side is found by asking core/vector,
 * so the recipe says what it means rather than which way the curve happens to turn.
 */
export function boundary(shape: TileShape, id: string, terrain: string, curve: Curve, coveredEdges: readonly number[], height?: number): VectorElement {
  for (const side of ['left', 'right'] as const) {
    const el: VectorElement = height === undefined ? { kind: 'area', id, terrain, side, curve } : { kind: 'area', id, terrain, side, curve, height };
    const key = height === undefined ? terrain : `${terrain}@${height}`;
    const present = edgeIndicators({ id: 'probe', shape, elements: [el] })
      .filter((e) => e.presence.includes(key))
      .map((e) => e.dir);
    if (present.length === coveredEdges.length && coveredEdges.every((d) => present.includes(d))) return el;
  }
  throw new Error(`boundary ${id}: no side covers exactly edges ${coveredEdges.join(', ')}`);
}
