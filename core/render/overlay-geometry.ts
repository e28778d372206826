/**
 * Geometry of what the tools draw over the map (hover, strokes, analysis results, the ground
 * selection, derived areas): polygons filled as fans, closed outlines, ribbons through tile
 * centres, bands along segments, rings and crosses at a tile centre. Each builder returns
 * typed arrays (xyz positions, triangle indices) for the renderer to hand to Three.js.
 *
 * Everything is lifted onto an overlay surface just above the map: flat maps at z = level,
 * the globe at radius level (SPEC §5: overlays after layer D). Widths are model units (a
 * fraction of `grid.spacing()`, chosen by the caller). Overlays cover a few tiles to a few
 * thousand, so plain point arrays in are fine.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { ModelPoint } from '../grid/types.js';
import type { Segment } from './group-outline.js';

/** Where overlays sit: flat maps draw at z = level above the map; the globe at radius level. */
export interface OverlaySurface {
  readonly globe: boolean;
  /** z (flat) or radius (globe) of the overlay layer. */
  readonly level: number;
}

/** Triangles: xyz per vertex, three indices per triangle. */
export interface TriangleBuffers {
  readonly positions: Float32Array;
  readonly indices: Uint32Array;
}

/** Model point → overlay position `dz` above the surface (flat: z = level + dz; globe: radius level + dz), into `out`. */
export function liftPoint(surface: OverlaySurface, p: ModelPoint, dz: number, out: number[] = []): number[] {
  if (!surface.globe) {
    out[0] = p[0]!;
    out[1] = p[1]!;
    out[2] = surface.level + dz;
  } else {
    const r = (surface.level + dz) / (Math.hypot(p[0]!, p[1]!, p[2]!) || 1);
    out[0] = p[0]! * r;
    out[1] = p[1]! * r;
    out[2] = p[2]! * r;
  }
  return out;
}

/** Convex polygons filled as triangle fans from their first corner. */
export function polygonFans(surface: OverlaySurface, polygons: readonly (readonly ModelPoint[])[], dz: number): TriangleBuffers {
  let verts = 0;
  let tris = 0;
  for (const c of polygons) {
    verts += c.length;
    tris += Math.max(0, c.length - 2);
  }
  const positions = new Float32Array(verts * 3);
  const indices = new Uint32Array(tris * 3);
  let v = 0;
  let t = 0;
  const tmp: number[] = [];
  for (const poly of polygons) {
    const base = v;
    for (const p of poly) {
      liftPoint(surface, p, dz, tmp);
      positions[3 * v] = tmp[0]!;
      positions[3 * v + 1] = tmp[1]!;
      positions[3 * v + 2] = tmp[2]!;
      v++;
    }
    for (let k = 1; k + 1 < poly.length; k++) {
      indices[t++] = base;
      indices[t++] = base + k;
      indices[t++] = base + k + 1;
    }
  }
  return { positions, indices };
}

/** The corners of a closed outline, lifted (for a line loop). */
export function loopPositions(surface: OverlaySurface, corners: readonly ModelPoint[], dz: number): Float32Array {
  const out = new Float32Array(corners.length * 3);
  const tmp: number[] = [];
  corners.forEach((p, k) => out.set(liftPoint(surface, p, dz, tmp), 3 * k));
  return out;
}

/**
 * A strip `2 × half` wide through `points` (tile centres), lifted by dz: two vertices per
 * point, across the direction from the previous point to the next.
 */
export function ribbon(surface: OverlaySurface, points: readonly ModelPoint[], half: number, dz: number): TriangleBuffers {
  const n = points.length;
  const lifted = points.map((p) => liftPoint(surface, p, dz));
  const positions = new Float32Array(n * 2 * 3);
  const indices = new Uint32Array(Math.max(0, n - 1) * 6);
  const side: number[] = [0, 0, 0];
  for (let k = 0; k < n; k++) {
    const a = lifted[Math.max(0, k - 1)]!;
    const b = lifted[Math.min(n - 1, k + 1)]!;
    const p = lifted[k]!;
    // Up: +z on flat maps, the surface normal at the point on the globe.
    sideVector(surface, b[0]! - a[0]!, b[1]! - a[1]!, b[2]! - a[2]!, p[0]!, p[1]!, p[2]!, half, side);
    positions.set([p[0]! + side[0]!, p[1]! + side[1]!, p[2]! + side[2]!, p[0]! - side[0]!, p[1]! - side[1]!, p[2]! - side[2]!], 6 * k);
    if (k > 0) indices.set([2 * k - 2, 2 * k - 1, 2 * k, 2 * k - 1, 2 * k + 1, 2 * k], 6 * (k - 1));
  }
  return { positions, indices };
}

/**
 * Segments drawn `2 × half` wide: one quad each, lengthened by `half` at both ends so that
 * corners close. (WebGL draws GL lines 1 px wide whatever is asked.)
 */
export function band(surface: OverlaySurface, segments: readonly Segment[], half: number, dz: number): TriangleBuffers {
  const positions = new Float32Array(segments.length * 4 * 3);
  const indices = new Uint32Array(segments.length * 6);
  const a: number[] = [];
  const b: number[] = [];
  const s: number[] = [0, 0, 0];
  segments.forEach(([p, q], k) => {
    liftPoint(surface, p, dz, a);
    liftPoint(surface, q, dz, b);
    let tx = b[0]! - a[0]!;
    let ty = b[1]! - a[1]!;
    let tz = b[2]! - a[2]!;
    const tl = Math.hypot(tx, ty, tz) || 1;
    tx = (tx / tl) * half;
    ty = (ty / tl) * half;
    tz = (tz / tl) * half;
    // Up: +z on flat maps, the surface normal at the midpoint on the globe.
    sideVector(surface, tx, ty, tz, a[0]! + b[0]!, a[1]! + b[1]!, a[2]! + b[2]!, half, s);
    const o = 12 * k;
    positions.set([a[0]! - tx + s[0]!, a[1]! - ty + s[1]!, a[2]! - tz + s[2]!, a[0]! - tx - s[0]!, a[1]! - ty - s[1]!, a[2]! - tz - s[2]!], o);
    positions.set([b[0]! + tx + s[0]!, b[1]! + ty + s[1]!, b[2]! + tz + s[2]!, b[0]! + tx - s[0]!, b[1]! + ty - s[1]!, b[2]! + tz - s[2]!], o + 6);
    const v = 4 * k;
    indices.set([v, v + 1, v + 2, v + 1, v + 3, v + 2], 6 * k);
  });
  return { positions, indices };
}

/** A ring between radii `inner` and `outer` round model point `centre`, in the surface, lifted by dz. */
export function ring(surface: OverlaySurface, centre: ModelPoint, outer: number, inner: number, dz: number, segments = 28): TriangleBuffers {
  const [e1, e2] = surfaceTangents(surface, centre);
  const positions = new Float32Array(segments * 2 * 3);
  const indices = new Uint32Array(segments * 6);
  const tmp: number[] = [];
  for (let k = 0; k < segments; k++) {
    const angle = (2 * Math.PI * k) / segments;
    const ca = Math.cos(angle);
    const sa = Math.sin(angle);
    for (const [j, r] of [
      [0, outer],
      [1, inner],
    ] as const) {
      const p = centre.map((v, i) => v + r * (ca * e1[i]! + sa * e2[i]!));
      positions.set(liftPoint(surface, p, dz, tmp), (2 * k + j) * 3);
    }
    const n = (k + 1) % segments;
    indices.set([2 * k, 2 * n, 2 * k + 1, 2 * k + 1, 2 * n, 2 * n + 1], 6 * k);
  }
  return { positions, indices };
}

/** The two strokes of an × of half-diagonal `r` at model point `centre`: two segments, xyz,xyz each. */
export function cross(surface: OverlaySurface, centre: ModelPoint, r: number, dz: number): [Float32Array, Float32Array] {
  const [e1, e2] = surfaceTangents(surface, centre);
  const tmp: number[] = [];
  const stroke = (s: number) => {
    const out = new Float32Array(6);
    for (const [j, k] of [
      [0, -1],
      [1, 1],
    ] as const) {
      const p = centre.map((v, i) => v + k * r * (e1[i]! + s * e2[i]!) * Math.SQRT1_2);
      out.set(liftPoint(surface, p, dz, tmp), 3 * j);
    }
    return out;
  };
  return [stroke(1), stroke(-1)];
}

/** Two orthonormal vectors spanning the surface at model point c: x and y on flat maps. */
export function surfaceTangents(surface: OverlaySurface, c: ModelPoint): [number[], number[]] {
  if (!surface.globe) return [[1, 0], [0, 1]];
  const l = Math.hypot(c[0]!, c[1]!, c[2]!) || 1;
  const n = [c[0]! / l, c[1]! / l, c[2]! / l];
  const ref = Math.abs(n[1]!) < 0.9 ? [0, 1, 0] : [1, 0, 0];
  const e1 = normalize3([ref[1]! * n[2]! - ref[2]! * n[1]!, ref[2]! * n[0]! - ref[0]! * n[2]!, ref[0]! * n[1]! - ref[1]! * n[0]!]);
  const e2 = normalize3([n[1]! * e1[2]! - n[2]! * e1[1]!, n[2]! * e1[0]! - n[0]! * e1[2]!, n[0]! * e1[1]! - n[1]! * e1[0]!]);
  return [e1, e2];
}

/** tangent × up, `half` long, into out; up is +z on flat maps and (ux, uy, uz) on the globe. */
function sideVector(surface: OverlaySurface, tx: number, ty: number, tz: number, ux: number, uy: number, uz: number, half: number, out: number[]): void {
  if (!surface.globe) [ux, uy, uz] = [0, 0, 1];
  const sx = ty * uz - tz * uy;
  const sy = tz * ux - tx * uz;
  const sz = tx * uy - ty * ux;
  const l = Math.hypot(sx, sy, sz) || 1;
  out[0] = (sx / l) * half;
  out[1] = (sy / l) * half;
  out[2] = (sz / l) * half;
}

function normalize3(v: number[]): number[] {
  const l = Math.hypot(v[0]!, v[1]!, v[2]!) || 1;
  return [v[0]! / l, v[1]! / l, v[2]! / l];
}
