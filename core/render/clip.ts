/**
 * Segment ∖ convex polygons, for the outline element (C) of SPEC §5: "the edges of the
 * playable area polygons minus the edges covered by playable linear polygons". Coverage is
 * found geometrically (Cyrus–Beck clipping against the few linear pieces near an edge), so
 * every junction shape of linear-flat.ts / linear-globe.ts is honoured without a second copy
 * of its rules. Points on a piece's boundary count as covered: that boundary is itself drawn
 * by element (D).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { sortPairs } from '../util/sort-pairs.js';

/** +1 for a counter-clockwise polygon, −1 for a clockwise one, 0 for a degenerate one. */
export function winding(px: Float64Array, py: Float64Array, n: number): number {
  let area = 0;
  for (let i = 0, j = n - 1; i < n; j = i++) area += (px[j]! - px[i]!) * (py[j]! + py[i]!);
  return area > 0 ? 1 : area < 0 ? -1 : 0;
}

/**
 * Writes to out[0], out[1] the parameter interval of P(t) = P0 + t·(P1 − P0), t ∈ [0, 1],
 * inside the convex polygon (px, py)[0…n) of winding `sign` (repeated points allowed);
 * returns false when the segment misses it. `eps` widens the polygon by that distance.
 */
export function clipSegment(x0: number, y0: number, x1: number, y1: number, px: Float64Array, py: Float64Array, n: number, sign: number, eps: number, out: Float64Array): boolean {
  if (sign === 0) return false;
  const dx = x1 - x0;
  const dy = y1 - y0;
  let t0 = 0;
  let t1 = 1;
  for (let i = 0; i < n; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    const ex = px[j]! - px[i]!;
    const ey = py[j]! - py[i]!;
    const len = Math.sqrt(ex * ex + ey * ey);
    if (len <= eps * 1e-3) continue;
    // Inside is to the left of each edge of a counter-clockwise polygon: cross(e, p − a) ≥ −eps·|e|.
    const num = sign * (ex * (y0 - py[i]!) - ey * (x0 - px[i]!)) + eps * len;
    const den = sign * (ex * dy - ey * dx);
    if (Math.abs(den) < 1e-12 * len * (Math.abs(dx) + Math.abs(dy) + 1e-300)) {
      if (num < 0) return false;
      continue;
    }
    const t = -num / den;
    if (den > 0) {
      if (t > t0) t0 = t;
    } else if (t < t1) t1 = t;
    if (t0 >= t1) return false;
  }
  out[0] = t0;
  out[1] = t1;
  return true;
}

/**
 * The parts of [0, 1] not covered by the intervals (lo[i], hi[i]), i < count, written as
 * pairs to `out`; returns the number of parts. Parts shorter than `minLength` are dropped.
 */
export function uncovered(lo: Float64Array, hi: Float64Array, count: number, minLength: number, out: Float64Array): number {
  sortPairs(lo, hi, count);
  let parts = 0;
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (lo[i]! - at > minLength) {
      out[2 * parts] = at;
      out[2 * parts + 1] = lo[i]!;
      parts++;
    }
    if (hi[i]! > at) at = hi[i]!;
  }
  if (1 - at > minLength) {
    out[2 * parts] = at;
    out[2 * parts + 1] = 1;
    parts++;
  }
  return parts;
}
