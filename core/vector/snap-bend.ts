/**
 * Bending one end of a curve to a given point and handle, inside its own tile: the geometry of
 * snapping (snap.ts, patent MAP ASSEMBLY step (4)).
 *
 * The plain bend moves the end point and the control point next to it and nothing else. When
 * the end travels far along the edge (a crossing drawn at t = 0.1 meeting one at 0.9) that
 * bend can leave the tile or loop over itself; then the end cubic is split (de Casteljau) and
 * only its last piece is rebuilt: it leaves the split point along the curve's own direction
 * and arrives with the required handle. Split points are tried from the end's side inwards,
 * so as little of the drawing changes as the rule allows. A bend is accepted when its middle
 * stays inside the tile by validation's own rule (validate.ts `curveMiddleProblem`) and the
 * curve does not cross itself.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Cubic, Curve } from './bezier.js';
import { curveFromCubics, derivCubic, reverseCurve, sampleCurve, segment, segmentCount, splitCubic } from './bezier.js';
import type { EndName } from './classify.js';
import type { TileShape } from './shape.js';
import { curveMiddleProblem } from './validate.js';
import type { Vec2 } from './vec2.js';
import { add, cross, distance, length, normalize, scale, sub } from './vec2.js';

/** Where the end cubic is split when the plain bend fails, nearest the end first. */
const SPLITS = [0.75, 0.5, 0.25, 0] as const;
/** Samples per cubic for the self-crossing test. */
const SELF_SAMPLES = 32;

/** Whether two segments cross properly (touching at a shared end does not count). */
function segmentsCross(p: Vec2, q: Vec2, a: Vec2, b: Vec2): boolean {
  const d1 = cross(sub(q, p), sub(a, p));
  const d2 = cross(sub(q, p), sub(b, p));
  const d3 = cross(sub(b, a), sub(p, a));
  const d4 = cross(sub(b, a), sub(q, a));
  return d1 * d2 < 0 && d3 * d4 < 0;
}

/** Whether the curve crosses itself anywhere a piece from parameter `from` on is involved. */
export function crossesItself(curve: Curve, from = 0): boolean {
  const pts = sampleCurve(curve, SELF_SAMPLES);
  const first = Math.max(0, Math.floor(from * SELF_SAMPLES) - 1);
  for (let i = first; i + 1 < pts.length; i++) {
    for (let j = 0; j + 1 < pts.length; j++) {
      if (Math.abs(i - j) < 2 || (j >= first && j < i)) continue;
      if (segmentsCross(pts[i]!.p, pts[i + 1]!.p, pts[j]!.p, pts[j + 1]!.p)) return true;
    }
  }
  return false;
}

/** The curve's cubics with the last one replaced by `last` (one cubic or two). */
function withLast(curve: Curve, last: readonly Cubic[]): Curve {
  const n = segmentCount(curve);
  const cubics: Cubic[] = [];
  for (let i = 0; i < n - 1; i++) cubics.push(segment(curve, i));
  return curveFromCubics([...cubics, ...last], false);
}

/** The last cubic split at s, its tail rebuilt from the split point to `p` arriving with `handle`. */
function rebuiltTail(q: Cubic, s: number, p: Vec2, handle: Vec2, first: boolean): Cubic[] {
  const [head, tail] = s > 0 ? splitCubic(q, s) : [null, q];
  const r0 = tail[0];
  let dir = derivCubic(tail, 0);
  if (length(dir) === 0) dir = sub(tail[3], r0);
  const chord = distance(r0, p);
  // The curve's first cubic keeps its start handle: that end may be snapped already.
  const r1 = first && !head ? q[1] : add(r0, scale(normalize(dir), chord / 3));
  const rebuilt: Cubic = [r0, r1, sub(p, handle), p];
  return head ? [first ? [head[0], q[1], head[2], head[3]] : head, rebuilt] : [rebuilt];
}

function acceptable(shape: TileShape, curve: Curve, startCrosses: boolean, from: number): boolean {
  return curveMiddleProblem(shape, curve, startCrosses, true) === null && !crossesItself(curve, from);
}

/** The end of an open curve bent to `p`, arriving with `handle` (end point minus its control point). */
function bendLast(curve: Curve, p: Vec2, handle: Vec2, shape: TileShape, startCrosses: boolean): Curve {
  const n = segmentCount(curve);
  const q = segment(curve, n - 1);
  const plain = withLast(curve, [[q[0], q[1], sub(p, handle), p]]);
  if (acceptable(shape, plain, startCrosses, n - 1)) return plain;
  for (const s of SPLITS) {
    const bent = withLast(curve, rebuiltTail(q, s, p, handle, n === 1));
    if (acceptable(shape, bent, startCrosses, n - 1 + s)) return bent;
  }
  // No bend keeps to the rule (a drawing already hugging the edge): the ends still meet.
  return plain;
}

/**
 * `curve` with its `end` moved to `p`, where the curve leaves the tile along `handle` (the end
 * point minus its neighbouring control point). Whether the other end crosses an edge too
 * decides how near the boundary that end may run (validation's rule).
 */
export function bendEnd(curve: Curve, end: EndName, p: Vec2, handle: Vec2, shape: TileShape, otherCrosses: boolean): Curve {
  if (end === 'end') return bendLast(curve, p, handle, shape, otherCrosses);
  return reverseCurve(bendLast(reverseCurve(curve), p, handle, shape, otherCrosses));
}
