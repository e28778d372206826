/**
 * Piecewise cubic Bézier curves, the one curve form of VECTOR-TERRAIN (SPEC §6). A curve is
 * 3n+1 points: an on-curve point, then per segment two control points and the next on-curve
 * point; a closed curve repeats its first point at the end. Everything here is exact
 * arithmetic on control points (de Casteljau splits, polynomial roots) except flattening
 * and curve–curve intersection, which subdivide to a stated tolerance.
 *
 * Written here rather than taken from bezier-js: the few operations we need are short, pure
 * and allocation-light, need no class wrappers or extra typings, and keep core/ free of a
 * dependency whose install would touch the shared node_modules.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Affine, Vec2 } from './vec2.js';
import { applyAffine, cross, distance, lerp, sub } from './vec2.js';

export interface Curve {
  /** 3n+1 points: P0, C1, C2, P1, C1, C2, P2 … (n ≥ 1). */
  readonly points: readonly Vec2[];
  /** A closed curve ends where it starts (points[last] equals points[0]). */
  readonly closed: boolean;
}

/** One cubic segment: four control points. */
export type Cubic = readonly [Vec2, Vec2, Vec2, Vec2];

export const segmentCount = (c: Curve): number => (c.points.length - 1) / 3;

export function segment(c: Curve, i: number): Cubic {
  const p = c.points;
  return [p[3 * i]!, p[3 * i + 1]!, p[3 * i + 2]!, p[3 * i + 3]!];
}

export const curveStart = (c: Curve): Vec2 => c.points[0]!;
export const curveEnd = (c: Curve): Vec2 => c.points[c.points.length - 1]!;

export function evalCubic(q: Cubic, t: number): Vec2 {
  const s = 1 - t;
  const a = s * s * s, b = 3 * s * s * t, c = 3 * s * t * t, d = t * t * t;
  return [a * q[0][0] + b * q[1][0] + c * q[2][0] + d * q[3][0], a * q[0][1] + b * q[1][1] + c * q[2][1] + d * q[3][1]];
}

export function derivCubic(q: Cubic, t: number): Vec2 {
  const s = 1 - t;
  const a = 3 * s * s, b = 6 * s * t, c = 3 * t * t;
  return [
    a * (q[1][0] - q[0][0]) + b * (q[2][0] - q[1][0]) + c * (q[3][0] - q[2][0]),
    a * (q[1][1] - q[0][1]) + b * (q[2][1] - q[1][1]) + c * (q[3][1] - q[2][1]),
  ];
}

/** de Casteljau split at t: [left, right]. */
export function splitCubic(q: Cubic, t: number): [Cubic, Cubic] {
  const ab = lerp(q[0], q[1], t), bc = lerp(q[1], q[2], t), cd = lerp(q[2], q[3], t);
  const abc = lerp(ab, bc, t), bcd = lerp(bc, cd, t);
  const m = lerp(abc, bcd, t);
  return [
    [q[0], ab, abc, m],
    [m, bcd, cd, q[3]],
  ];
}

/** The piece of q between parameters t0 < t1. */
export function subCubic(q: Cubic, t0: number, t1: number): Cubic {
  if (t0 <= 0 && t1 >= 1) return q;
  let r = q;
  if (t1 < 1) r = splitCubic(r, t1)[0];
  if (t0 > 0) r = splitCubic(r, t0 / t1)[1];
  return r;
}

/** A straight segment as a cubic (controls at thirds), exact. */
export function lineCubic(a: Vec2, b: Vec2): Cubic {
  return [a, lerp(a, b, 1 / 3), lerp(a, b, 2 / 3), b];
}

/** A quadratic as a cubic, exact (degree elevation). */
export function quadCubic(a: Vec2, c: Vec2, b: Vec2): Cubic {
  return [a, lerp(a, c, 2 / 3), lerp(b, c, 2 / 3), b];
}

/** Cubic Bézier handle length of a quarter circle (4/3 · tan(π/8)): the standard 4-segment circle. */
const KAPPA = 0.5522847498;

/** A circle of radius ρ about (cx, cy) as four cubics, counter-clockwise (inside on the left) unless `clockwise`. */
export function circleCurve(cx: number, cy: number, rho: number, clockwise = false): Curve {
  const q = [
    [1, 0],
    [0, 1],
    [-1, 0],
    [0, -1],
  ] as const;
  const pts: Vec2[] = [];
  for (let i = 0; i < 4; i++) {
    const [ax, ay] = q[i]!;
    const [bx, by] = q[(i + 1) % 4]!;
    if (i === 0) pts.push([cx + rho * ax, cy + rho * ay]);
    pts.push([cx + rho * (ax - KAPPA * ay), cy + rho * (ay + KAPPA * ax)], [cx + rho * (bx + KAPPA * by), cy + rho * (by - KAPPA * bx)], [cx + rho * bx, cy + rho * by]);
  }
  if (clockwise) pts.reverse();
  return { points: pts, closed: true };
}

export function transformCurve(c: Curve, m: Affine): Curve {
  return { points: c.points.map((p) => applyAffine(m, p)), closed: c.closed };
}

/** The same curve walked the other way. */
export function reverseCurve(c: Curve): Curve {
  return { points: [...c.points].reverse(), closed: c.closed };
}

/** Builds a curve from segments that join end to start. */
export function curveFromCubics(cubics: readonly Cubic[], closed: boolean): Curve {
  const points: Vec2[] = [cubics[0]![0]];
  for (const q of cubics) points.push(q[1], q[2], q[3]);
  return { points, closed };
}

/** Real roots in [0, 1] of a·t³ + b·t² + c·t + d (degenerate degrees handled). */
export function unitRoots(a: number, b: number, c: number, d: number): number[] {
  const scaleMax = Math.max(Math.abs(a), Math.abs(b), Math.abs(c), Math.abs(d));
  if (scaleMax === 0) return [];
  const eps = 1e-12 * scaleMax;
  let roots: number[];
  if (Math.abs(a) < eps) {
    if (Math.abs(b) < eps) roots = Math.abs(c) < eps ? [] : [-d / c];
    else {
      const disc = c * c - 4 * b * d;
      if (disc < 0) roots = [];
      else {
        const s = Math.sqrt(disc);
        roots = [(-c + s) / (2 * b), (-c - s) / (2 * b)];
      }
    }
  } else {
    const A = b / a, B = c / a, C = d / a;
    const p = B - (A * A) / 3;
    const q = (2 * A * A * A) / 27 - (A * B) / 3 + C;
    const disc = (q * q) / 4 + (p * p * p) / 27;
    const off = -A / 3;
    if (disc > 1e-14) {
      const s = Math.sqrt(disc);
      roots = [Math.cbrt(-q / 2 + s) + Math.cbrt(-q / 2 - s) + off];
    } else if (disc < -1e-14) {
      const r = Math.sqrt((-p * p * p) / 27);
      const phi = Math.acos(Math.max(-1, Math.min(1, -q / (2 * r))));
      const m = 2 * Math.cbrt(r);
      roots = [0, 1, 2].map((k) => m * Math.cos((phi + 2 * Math.PI * k) / 3) + off);
    } else {
      const u = Math.cbrt(-q / 2);
      roots = [2 * u + off, -u + off];
    }
    // One Newton step each tidies the closed-form roots.
    roots = roots.map((t) => {
      const f = ((a * t + b) * t + c) * t + d;
      const df = (3 * a * t + 2 * b) * t + c;
      return df !== 0 ? t - f / df : t;
    });
  }
  const out: number[] = [];
  for (const t of roots) {
    if (!Number.isFinite(t) || t < -1e-9 || t > 1 + 1e-9) continue;
    const v = Math.min(1, Math.max(0, t));
    if (!out.some((o) => Math.abs(o - v) < 1e-9)) out.push(v);
  }
  return out.sort((x, y) => x - y);
}

/** Parameters in [0, 1] where q meets the infinite line through `a` with direction `dir`. */
export function lineRoots(q: Cubic, a: Vec2, dir: Vec2): number[] {
  // Signed distance (× |dir|) of each control point from the line; the curve's is their Bernstein blend.
  const d = q.map((p) => cross(dir, sub(p, a)));
  const [d0, d1, d2, d3] = d as [number, number, number, number];
  return unitRoots(-d0 + 3 * d1 - 3 * d2 + d3, 3 * d0 - 6 * d1 + 3 * d2, -3 * d0 + 3 * d1, d0);
}

/** Sample points of a curve: `perSegment` + 1 per segment, with the curve parameter (segment + t). */
export function sampleCurve(c: Curve, perSegment = 32): { p: Vec2; u: number }[] {
  const out: { p: Vec2; u: number }[] = [];
  const n = segmentCount(c);
  for (let i = 0; i < n; i++) {
    const q = segment(c, i);
    for (let k = i === 0 ? 0 : 1; k <= perSegment; k++) out.push({ p: evalCubic(q, k / perSegment), u: i + k / perSegment });
  }
  return out;
}

function bbox(q: Cubic): [number, number, number, number] {
  return [
    Math.min(q[0][0], q[1][0], q[2][0], q[3][0]),
    Math.min(q[0][1], q[1][1], q[2][1], q[3][1]),
    Math.max(q[0][0], q[1][0], q[2][0], q[3][0]),
    Math.max(q[0][1], q[1][1], q[2][1], q[3][1]),
  ];
}

const flatEnough = (q: Cubic, tol: number): boolean => distance(q[0], q[3]) < tol && distance(q[0], q[1]) < tol && distance(q[0], q[2]) < tol;

/**
 * Points where two cubics meet, found by subdividing both while their control boxes
 * overlap, down to `tol` (tile units). Returns one point per meeting place, roughly.
 */
export function cubicIntersections(p: Cubic, q: Cubic, tol = 1e-7): Vec2[] {
  const hits: Vec2[] = [];
  let budget = 20000;
  const rec = (a: Cubic, b: Cubic, depth: number): void => {
    if (--budget < 0) return;
    const ba = bbox(a), bb = bbox(b);
    if (ba[0] > bb[2] + tol || bb[0] > ba[2] + tol || ba[1] > bb[3] + tol || bb[1] > ba[3] + tol) return;
    if (depth > 40 || (flatEnough(a, tol) && flatEnough(b, tol))) {
      const m = lerp(a[0], b[0], 0.5);
      if (!hits.some((h) => distance(h, m) < 1e3 * tol)) hits.push(m);
      return;
    }
    const [a0, a1] = splitCubic(a, 0.5);
    const [b0, b1] = splitCubic(b, 0.5);
    rec(a0, b0, depth + 1);
    rec(a0, b1, depth + 1);
    rec(a1, b0, depth + 1);
    rec(a1, b1, depth + 1);
  };
  rec(p, q, 0);
  return hits;
}
