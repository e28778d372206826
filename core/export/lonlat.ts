/**
 * The globe on a plane: equirectangular projection (x = longitude, y = latitude, degrees) of
 * the render geometry's sphere points, with the two places a sphere does not flatten simply:
 * - a polygon across the antimeridian: its longitudes are unwrapped along the ring (each
 *   vertex within 180° of the previous), so it comes out whole, reaching past ±180; a
 *   drawing repeats it shifted by ∓360 (`wrapCopies`), GeoJSON cuts it (`cutAtAntimeridian`);
 * - a polygon round a pole (the icosahedron puts pentagons at both): unwrapped, its
 *   longitudes turn a full 360°; it is closed along the pole's latitude, the band a polar
 *   cap becomes in this projection.
 * Axes: the globe's z is north (core/grid/icosahedron/embedding.ts), longitude 0 along +x.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */

// One rule for longitude and latitude of a globe point: core/coords/format.ts.
import { toLonLat } from '../coords/format.js';
export { toLonLat };

/**
 * Projects one polygon ring (xyz triples) to unwrapped lon/lat pairs; a ring round a pole
 * gets two extra points on the pole's latitude. Consecutive duplicates are dropped.
 */
export function projectRing(xyz: ArrayLike<number>, start: number, count: number): number[] {
  const out: number[] = [];
  const p = [0, 0];
  let turn = 0;
  for (let k = 0; k < count; k++) {
    const o = start + 3 * k;
    toLonLat(xyz[o]!, xyz[o + 1]!, xyz[o + 2]!, p);
    let lon = p[0]!;
    if (out.length) {
      const prev = out[out.length - 2]!;
      while (lon - prev > 180) lon -= 360;
      while (lon - prev < -180) lon += 360;
      if (lon === prev && p[1] === out[out.length - 1]) continue;
      turn += lon - prev;
    }
    out.push(lon, p[1]!);
  }
  if (out.length >= 6) {
    // The closing edge, unwrapped: F' is the first vertex seen from the last.
    const first = out[0]!;
    const last = out[out.length - 2]!;
    let closing = first;
    while (closing - last > 180) closing -= 360;
    while (closing - last < -180) closing += 360;
    turn += closing - last;
    if (Math.abs(turn) > 180) {
      // Round a pole: continue to F', go along the pole's latitude back to F, close.
      const poleLat = out[1]! > 0 ? 90 : -90;
      out.push(closing, out[1]!, closing, poleLat, first, poleLat);
    }
  }
  return out;
}

/** Whether an unwrapped lon/lat ring reaches past ±180 (a drawing repeats it shifted by ∓360). */
export function lonShifts(xy: ArrayLike<number>, start: number, end: number): number[] {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = start; i < end; i += 2) {
    if (xy[i]! < lo) lo = xy[i]!;
    if (xy[i]! > hi) hi = xy[i]!;
  }
  const shifts: number[] = [];
  if (lo < -180) shifts.push(360);
  if (hi > 180) shifts.push(-360);
  return shifts;
}

/**
 * Sutherland–Hodgman clip of a ring (x, y pairs) to lon ≥ lo and lon ≤ hi: GeoJSON's
 * antimeridian cut (RFC 7946 §3.1.9) of a ring already unwrapped and shifted.
 */
export function clipRingLon(ring: readonly number[], lo: number, hi: number): number[] {
  const clip = (pts: readonly number[], inside: (x: number) => boolean, edge: number): number[] => {
    const out: number[] = [];
    const n = pts.length / 2;
    for (let i = 0; i < n; i++) {
      const ax = pts[2 * i]!;
      const ay = pts[2 * i + 1]!;
      const j = (i + 1) % n;
      const bx = pts[2 * j]!;
      const by = pts[2 * j + 1]!;
      const ain = inside(ax);
      const bin = inside(bx);
      if (ain) out.push(ax, ay);
      if (ain !== bin) {
        const t = (edge - ax) / (bx - ax);
        out.push(edge, ay + t * (by - ay));
      }
    }
    return out;
  };
  return clip(clip(ring, (x) => x >= lo, lo), (x) => x <= hi, hi);
}
