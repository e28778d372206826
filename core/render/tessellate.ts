/**
 * Triangles for drawn vector features: simple polygons by ear clipping, and polylines as
 * stroke ribbons with mitred joins (the miter clamped at twice the half width, so a sharp
 * bend stays close to the line), flat ends cut square to the end tangent — two strokes whose
 * ends were snapped to one point and one tangent (core/vector snap.ts) meet without a gap or
 * an overlap across a tile edge. Output in 2D (x, y pairs) and index lists, for
 * vector-map.ts to place per instance. earcut is not among the project's packages; the
 * polygons here are small (one tile's area outline, tens of points), so O(n²) ear clipping
 * is enough and runs once per distinct tile and placement.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */

/** A 2D triangle list: `xy` pairs, `indices` into them (counter-clockwise). */
export interface Triangles2 {
  readonly xy: number[];
  readonly indices: number[];
}

/** Signed area of a ring of x, y pairs (positive counter-clockwise, y up). */
export function ringArea(xy: readonly number[]): number {
  let a = 0;
  const n = xy.length >> 1;
  for (let i = 0, j = n - 1; i < n; j = i++) a += xy[2 * j]! * xy[2 * i + 1]! - xy[2 * i]! * xy[2 * j + 1]!;
  return a / 2;
}

/**
 * Ear clipping of a simple polygon (either orientation; repeated points dropped). Appends to
 * `out` with indices offset by the points already there; returns the triangles added.
 */
export function triangulate(ring: readonly number[], out: Triangles2): number {
  const pts: number[] = [];
  for (let i = 0; i < ring.length; i += 2) {
    const n = pts.length;
    if (n >= 2 && Math.abs(pts[n - 2]! - ring[i]!) < 1e-12 && Math.abs(pts[n - 1]! - ring[i + 1]!) < 1e-12) continue;
    pts.push(ring[i]!, ring[i + 1]!);
  }
  if (pts.length >= 4 && Math.abs(pts[0]! - pts[pts.length - 2]!) < 1e-12 && Math.abs(pts[1]! - pts[pts.length - 1]!) < 1e-12) pts.length -= 2;
  const n = pts.length >> 1;
  if (n < 3) return 0;
  const base = out.xy.length >> 1;
  out.xy.push(...pts);
  const ccw = ringArea(pts) > 0;
  const idx: number[] = [];
  for (let i = 0; i < n; i++) idx.push(ccw ? i : n - 1 - i);
  const x = (k: number) => pts[2 * idx[k]!]!;
  const y = (k: number) => pts[2 * idx[k]! + 1]!;
  let added = 0;
  // A circular list of the remaining vertices; `miss` counts vertices tried since the last ear,
  // so a ring with no ear left (collinear or self-touching remainder) stops after one lap
  // instead of spinning.
  const next = new Int32Array(n);
  const prev = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    next[i] = (i + 1) % n;
    prev[i] = (i + n - 1) % n;
  }
  let left = n;
  let b = 0;
  let miss = 0;
  while (left > 3 && miss < left) {
    const a = prev[b]!;
    const c = next[b]!;
    const cross = (x(b) - x(a)) * (y(c) - y(a)) - (y(b) - y(a)) * (x(c) - x(a));
    let ear = cross > 1e-14;
    for (let k = next[c]!; ear && k !== a; k = next[k]!) {
      // A bridge to a hole repeats points: a point on a corner of the ear does not block it.
      if ((x(k) === x(a) && y(k) === y(a)) || (x(k) === x(b) && y(k) === y(b)) || (x(k) === x(c) && y(k) === y(c))) continue;
      if (inTriangle(x(k), y(k), x(a), y(a), x(b), y(b), x(c), y(c))) ear = false;
    }
    if (ear) {
      out.indices.push(base + idx[a]!, base + idx[b]!, base + idx[c]!);
      added++;
      next[a] = c;
      prev[c] = a;
      left--;
      miss = 0;
      b = c;
    } else {
      miss++;
      b = c;
    }
  }
  // The last triangle (or, after a lap without an ear, a degenerate remainder dropped).
  if (left === 3) {
    const a = prev[b]!;
    const c = next[b]!;
    out.indices.push(base + idx[a]!, base + idx[b]!, base + idx[c]!);
    added++;
  }
  return added;
}

function inTriangle(px: number, py: number, ax: number, ay: number, bx: number, by: number, cx: number, cy: number): boolean {
  const d1 = (px - bx) * (ay - by) - (ax - bx) * (py - by);
  const d2 = (px - cx) * (by - cy) - (bx - cx) * (py - cy);
  const d3 = (px - ax) * (cy - ay) - (cx - ax) * (py - ay);
  const neg = d1 < 0 || d2 < 0 || d3 < 0;
  const pos = d1 > 0 || d2 > 0 || d3 > 0;
  return !(neg && pos);
}

/**
 * A convex outer ring (either orientation) with one hole inside it as one weakly simple ring
 * ear clipping can take: the hole joined to the outer border by a bridge running from the
 * hole's rightmost point straight to the right (it cannot cross the hole, and the convex outer
 * ring meets it once). Used for an area whose inside is outside its closed curve.
 */
export function ringWithHole(outer: readonly number[], hole: readonly number[]): number[] {
  const o = ringArea(outer) > 0 ? [...outer] : reversePairs(outer);
  const h = ringArea(hole) > 0 ? reversePairs(hole) : [...hole];
  const m = h.length >> 1;
  let hi = 0;
  for (let i = 1; i < m; i++) if (h[2 * i]! > h[2 * hi]!) hi = i;
  const hx = h[2 * hi]!;
  const hy = h[2 * hi + 1]!;
  const n = o.length >> 1;
  let best = Infinity;
  let at = 0;
  let bx = 0;
  for (let i = 0; i < n; i++) {
    const ax = o[2 * i]!, ay = o[2 * i + 1]!;
    const cx = o[2 * ((i + 1) % n)]!, cy = o[2 * ((i + 1) % n) + 1]!;
    if ((ay - hy) * (cy - hy) > 0 || ay === cy) continue;
    const x = ax + ((hy - ay) / (cy - ay)) * (cx - ax);
    if (x >= hx && x < best) [best, at, bx] = [x, i, x];
  }
  if (!Number.isFinite(best)) return o;
  const out = o.slice(0, 2 * (at + 1));
  out.push(bx, hy);
  for (let k = 0; k <= m; k++) out.push(h[2 * ((hi + k) % m)]!, h[2 * ((hi + k) % m) + 1]!);
  out.push(bx, hy);
  out.push(...o.slice(2 * (at + 1)));
  return out;
}

function reversePairs(xy: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = xy.length - 2; i >= 0; i -= 2) out.push(xy[i]!, xy[i + 1]!);
  return out;
}

/**
 * A stroke `width` wide along the polyline (closed: the last point joins the first). Two
 * vertices a point (left, right of the direction), two triangles a segment. Returns the
 * triangles added.
 */
export function strokeRibbon(line: readonly number[], width: number, closed: boolean, out: Triangles2): number {
  const pts: number[] = [];
  for (let i = 0; i < line.length; i += 2) {
    const n = pts.length;
    if (n >= 2 && Math.hypot(pts[n - 2]! - line[i]!, pts[n - 1]! - line[i + 1]!) < 1e-9) continue;
    pts.push(line[i]!, line[i + 1]!);
  }
  let n = pts.length >> 1;
  if (closed && n > 2 && Math.hypot(pts[0]! - pts[2 * n - 2]!, pts[1]! - pts[2 * n - 1]!) < 1e-9) n--;
  if (n < 2) return 0;
  const h = width / 2;
  const base = out.xy.length >> 1;
  const dir = (i: number): [number, number] => {
    const j = (i + 1) % n;
    const dx = pts[2 * j]! - pts[2 * i]!;
    const dy = pts[2 * j + 1]! - pts[2 * i + 1]!;
    const l = Math.hypot(dx, dy) || 1;
    return [dx / l, dy / l];
  };
  for (let i = 0; i < n; i++) {
    const first = i === 0 && !closed;
    const last = i === n - 1 && !closed;
    const din = first ? dir(0) : dir((i + n - 1) % n);
    const dout = last ? dir(n - 2) : dir(i);
    // Normal of the bisector, scaled so the ribbon keeps its width along both segments.
    let nx = -(din[1] + dout[1]);
    let ny = din[0] + dout[0];
    const l = Math.hypot(nx, ny);
    if (l < 1e-9) [nx, ny] = [-din[1], din[0]];
    else [nx, ny] = [nx / l, ny / l];
    const cos = nx * -din[1] + ny * din[0];
    const k = h / Math.max(0.5, cos);
    out.xy.push(pts[2 * i]! + nx * k, pts[2 * i + 1]! + ny * k, pts[2 * i]! - nx * k, pts[2 * i + 1]! - ny * k);
  }
  const segs = closed ? n : n - 1;
  for (let s = 0; s < segs; s++) {
    const a = base + 2 * s;
    const b = base + 2 * ((s + 1) % n);
    // left(a), right(a), left(b), right(b): counter-clockwise seen from +z.
    out.indices.push(a + 1, b + 1, b, a + 1, b, a);
  }
  return 2 * segs;
}
