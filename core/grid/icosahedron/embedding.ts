/**
 * The globe's 3D embedding: a standard icosahedron with V0 at the north pole (0,0,1), the
 * upper vertices U_k at z = 1/√5 and azimuth 72°·k, the lower ones W_k at z = −1/√5 and
 * azimuth 72°·k − 36°, V11 at the south pole. Tile centres are the geodesic construction of
 * SPEC §2: the lattice point's barycentric combination of its face's vertices, normalised onto
 * the unit sphere. Longitude grows with azimuth (eastward), which makes the direction order
 * of topology.ts clockwise seen from outside.
 *
 * Also the inverse used by picking: a direction → its face (largest dot product with the 20
 * face normals) → barycentric coordinates of its gnomonic projection → the nearest lattice
 * point of the strip plane.
 *
 * Must not depend on: DOM, Node, anything outside core/grid.
 */

/** The 12 vertices, xyz: 0 = V0, 1…5 = U_0…U_4, 6…10 = W_0…W_4, 11 = V11. */
export const ICOSA_VERTICES: Float64Array = (() => {
  const v = new Float64Array(36);
  const z = 1 / Math.sqrt(5);
  const r = 2 / Math.sqrt(5);
  v[2] = 1;
  for (let k = 0; k < 5; k++) {
    const up = (2 * Math.PI * k) / 5;
    const down = up - Math.PI / 5;
    v.set([r * Math.cos(up), r * Math.sin(up), z], 3 * (1 + k));
    v.set([r * Math.cos(down), r * Math.sin(down), -z], 3 * (6 + k));
  }
  v[35] = -1;
  return v;
})();

/** Face types inside a strip, in lat order. */
export const FACE_CAP = 0;
export const FACE_DOWN = 1;
export const FACE_UP = 2;
export const FACE_BOTTOM = 3;

/** Strip-plane positions of each face type's vertices, in units of n, in faceVertices order. */
const FACE_STRIP_CORNERS: readonly (readonly number[])[] = [
  [0, 0, 1, 0, 0, 1],
  [1, 0, 0, 1, 1, 1],
  [1, 0, 1, 1, 2, 0],
  [2, 0, 1, 1, 2, 1],
];

/** Vertex ids (into ICOSA_VERTICES) of face `type` of strip k. */
export function faceVertices(k: number, type: number): [number, number, number] {
  const k1 = (k + 1) % 5;
  switch (type) {
    case FACE_CAP:
      return [0, 1 + k, 1 + k1];
    case FACE_DOWN:
      return [1 + k, 1 + k1, 6 + k1];
    case FACE_UP:
      return [1 + k, 6 + k1, 6 + k];
    default:
      return [6 + k, 6 + k1, 11];
  }
}

/** Vertex ids of face f = 4k + type, three per face (faceVertices as a flat table). */
export const FACE_VERTS: Int8Array = (() => {
  const out = new Int8Array(60);
  for (let k = 0; k < 5; k++) for (let t = 0; t < 4; t++) out.set(faceVertices(k, t), 3 * (4 * k + t));
  return out;
})();

/**
 * Face type of the strip point (α, β) — cap, down, up or bottom, in that precedence for points
 * on shared edges — with its integer barycentric weights (summing to n) on the face's
 * vertices, in faceVertices order, written to w[0…2].
 */
export function faceWeights(n: number, a: number, b: number, w: Int32Array): number {
  if (a + b <= n) {
    w[0] = n - a - b;
    w[1] = a;
    w[2] = b;
    return FACE_CAP;
  }
  if (a <= n) {
    w[0] = n - b;
    w[1] = n - a;
    w[2] = a + b - n;
    return FACE_DOWN;
  }
  if (a + b <= 2 * n) {
    w[0] = 2 * n - a - b;
    w[1] = b;
    w[2] = a - n;
    return FACE_UP;
  }
  w[0] = n - b;
  w[1] = 2 * n - a;
  w[2] = a + b - 2 * n;
  return FACE_BOTTOM;
}

/**
 * Writes the centre of the strip point (k, α, β) (any point of the closed parallelogram) into
 * out[o…o+2]: the barycentric combination of its face's vertices, normalised onto the unit
 * sphere. `w` is scratch space for the weights.
 */
export function spherePoint(n: number, k: number, a: number, b: number, w: Int32Array, out: Float64Array, o: number): void {
  const f = 3 * (4 * k + faceWeights(n, a, b, w));
  const p = FACE_VERTS[f]!;
  const q = FACE_VERTS[f + 1]!;
  const r = FACE_VERTS[f + 2]!;
  const V = ICOSA_VERTICES;
  const u = w[0]!;
  const v = w[1]!;
  const t = w[2]!;
  const x = u * V[3 * p]! + v * V[3 * q]! + t * V[3 * r]!;
  const y = u * V[3 * p + 1]! + v * V[3 * q + 1]! + t * V[3 * r + 1]!;
  const z = u * V[3 * p + 2]! + v * V[3 * q + 2]! + t * V[3 * r + 2]!;
  const m = 1 / Math.hypot(x, y, z);
  out[o] = x * m;
  out[o + 1] = y * m;
  out[o + 2] = z * m;
}

/**
 * Per-face data for picking, 12 numbers for face f = 4k + type: the unit face normal, then the
 * inverse of the 3×3 matrix whose columns are the face's vertices (row-major), which turns a
 * direction into unnormalised barycentric coordinates.
 */
const FACE_DATA: Float64Array = (() => {
  const data = new Float64Array(20 * 12);
  const V = ICOSA_VERTICES;
  for (let k = 0; k < 5; k++) {
    for (let type = 0; type < 4; type++) {
      const o = 12 * (4 * k + type);
      const [p, q, r] = faceVertices(k, type);
      const ax = V[3 * p]!, ay = V[3 * p + 1]!, az = V[3 * p + 2]!;
      const bx = V[3 * q]!, by = V[3 * q + 1]!, bz = V[3 * q + 2]!;
      const cx = V[3 * r]!, cy = V[3 * r + 1]!, cz = V[3 * r + 2]!;
      const nx = ax + bx + cx, ny = ay + by + cy, nz = az + bz + cz;
      const nl = Math.hypot(nx, ny, nz);
      data[o] = nx / nl;
      data[o + 1] = ny / nl;
      data[o + 2] = nz / nl;
      // Inverse of M = [A B C] (columns): rows are (B×C, C×A, A×B) / det.
      const det = ax * (by * cz - bz * cy) - bx * (ay * cz - az * cy) + cx * (ay * bz - az * by);
      const rows = [
        by * cz - bz * cy, bz * cx - bx * cz, bx * cy - by * cx,
        cy * az - cz * ay, cz * ax - cx * az, cx * ay - cy * ax,
        ay * bz - az * by, az * bx - ax * bz, ax * by - ay * bx,
      ];
      for (let t = 0; t < 9; t++) data[o + 3 + t] = rows[t]! / det;
    }
  }
  return data;
})();

/**
 * Nearest strip lattice point to the direction (x, y, z) under the gnomonic projection onto
 * its face. Writes [k, α, β] into out; α, β lie in the closed parallelogram of strip k.
 */
export function nearestStripPoint(n: number, x: number, y: number, z: number, out: Int32Array): void {
  const F = FACE_DATA;
  let best = 0;
  let bestDot = -Infinity;
  for (let f = 0; f < 20; f++) {
    const o = 12 * f;
    const d = F[o]! * x + F[o + 1]! * y + F[o + 2]! * z;
    if (d > bestDot) {
      bestDot = d;
      best = f;
    }
  }
  const o = 12 * best + 3;
  let u = F[o]! * x + F[o + 1]! * y + F[o + 2]! * z;
  let v = F[o + 3]! * x + F[o + 4]! * y + F[o + 5]! * z;
  let w = F[o + 6]! * x + F[o + 7]! * y + F[o + 8]! * z;
  const sum = u + v + w;
  u /= sum;
  v /= sum;
  w /= sum;
  const type = best & 3;
  const c = FACE_STRIP_CORNERS[type]!;
  const fa = n * (u * c[0]! + v * c[2]! + w * c[4]!);
  const fb = n * (u * c[1]! + v * c[3]! + w * c[5]!);
  // Round on the triangular lattice (cube rounding with the third coordinate −α−β).
  let ra = Math.round(fa);
  let rb = Math.round(fb);
  const rc = Math.round(-fa - fb);
  const ea = Math.abs(ra - fa);
  const eb = Math.abs(rb - fb);
  const ec = Math.abs(rc + fa + fb);
  if (ea > eb && ea > ec) ra = -rb - rc;
  else if (eb > ec) rb = -ra - rc;
  out[0] = best >> 2;
  out[1] = ra < 0 ? 0 : ra > 2 * n ? 2 * n : ra;
  out[2] = rb < 0 ? 0 : rb > n ? n : rb;
}
