/**
 * Two-dimensional points and vectors of a vector tile's own cartesian space (y up, tile
 * centre at the origin). Plain readonly tuples so tiles serialise to JSON as they are.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */

export type Vec2 = readonly [number, number];

export const vec = (x: number, y: number): Vec2 => [x + 0, y + 0];
export const add = (a: Vec2, b: Vec2): Vec2 => [a[0] + b[0], a[1] + b[1]];
export const sub = (a: Vec2, b: Vec2): Vec2 => [a[0] - b[0], a[1] - b[1]];
export const scale = (a: Vec2, k: number): Vec2 => [a[0] * k, a[1] * k];
export const dot = (a: Vec2, b: Vec2): number => a[0] * b[0] + a[1] * b[1];
export const cross = (a: Vec2, b: Vec2): number => a[0] * b[1] - a[1] * b[0];
export const length = (a: Vec2): number => Math.hypot(a[0], a[1]);
export const distance = (a: Vec2, b: Vec2): number => Math.hypot(a[0] - b[0], a[1] - b[1]);
export const lerp = (a: Vec2, b: Vec2, t: number): Vec2 => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];

export function normalize(a: Vec2): Vec2 {
  const l = length(a);
  return l > 0 ? [a[0] / l, a[1] / l] : [0, 0];
}

/** A 2×3 affine matrix [a, b, c, d, e, f]: x' = a·x + c·y + e, y' = b·x + d·y + f (SVG's order). */
export type Affine = readonly [number, number, number, number, number, number];

export const IDENTITY: Affine = [1, 0, 0, 1, 0, 0];

export function applyAffine(m: Affine, p: Vec2): Vec2 {
  return [m[0] * p[0] + m[2] * p[1] + m[4] + 0, m[1] * p[0] + m[3] * p[1] + m[5] + 0];
}

/** m ∘ n: first n, then m. */
export function composeAffine(m: Affine, n: Affine): Affine {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

export const affineDeterminant = (m: Affine): number => m[0] * m[3] - m[1] * m[2];

/** Signed area of a polygon: positive when counter-clockwise (y up). */
export function signedArea(points: readonly Vec2[]): number {
  let s = 0;
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % points.length]!;
    s += a[0] * b[1] - b[0] * a[1];
  }
  return s / 2;
}

/** Winding number of a closed polygon around p (non-zero = inside). */
export function windingNumber(polygon: readonly Vec2[], p: Vec2): number {
  let w = 0;
  for (let i = 0; i < polygon.length; i++) {
    const a = polygon[i]!;
    const b = polygon[(i + 1) % polygon.length]!;
    if (a[1] <= p[1]) {
      if (b[1] > p[1] && cross(sub(b, a), sub(p, a)) > 0) w++;
    } else if (b[1] <= p[1] && cross(sub(b, a), sub(p, a)) < 0) w--;
  }
  return w;
}

/**
 * Where the line through p–q meets the line through a–b, as parameters along each (`t` on
 * p–q, `w` on a–b; 0 at the start, 1 at the end); null when they are parallel (|p–q × a–b| < 1e-12).
 * Callers decide which range counts as a crossing; the point is `lerp(p, q, t)`.
 */
export function lineMeeting(p: Vec2, q: Vec2, a: Vec2, b: Vec2): { t: number; w: number } | null {
  const u = sub(q, p), v = sub(b, a);
  const den = cross(u, v);
  if (Math.abs(den) < 1e-12) return null;
  return { t: cross(sub(a, p), v) / den, w: cross(sub(a, p), u) / den };
}

/** Distance from p to the segment a–b, and the parameter of the nearest point on it (0 at a, 1 at b). */
export function segmentDistance(p: Vec2, a: Vec2, b: Vec2): { distance: number; t: number } {
  const ab = sub(b, a);
  const l2 = dot(ab, ab);
  const t = l2 > 0 ? Math.min(1, Math.max(0, dot(sub(p, a), ab) / l2)) : 0;
  return { distance: distance(p, lerp(a, b, t)), t };
}
