/**
 * The real polygon of a globe tile (core/grid/icosahedron) as a vector-tile shape: the
 * tile's corners projected onto the plane touching the sphere at its centre (gnomonic
 * projection, which keeps the edges straight), +Y towards the centre of neighbour 0, x to
 * the right seen from outside the globe, so edge k faces direction k and the corners run
 * clockwise exactly as on flat shapes. Scaled so the mean inscribed radius (centre to edge
 * line) is 1, the common scale of shape.ts.
 *
 * The 12 pentagons are regular (the icosahedron's symmetry), so their shape is PENTAGON;
 * a test checks the projected polygon against it. The hexagons are near-regular but not
 * regular: `polygonShape` of their projected corners.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { IcosahedronGrid } from '../grid/icosahedron/icosahedron-grid.js';
import type { TileShape } from './shape.js';
import { PENTAGON, polygonShape } from './shape.js';
import type { Vec2 } from './vec2.js';

export type V3 = [number, number, number];
const dot3 = (a: V3, b: V3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross3 = (a: V3, b: V3): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const norm3 = (a: V3): V3 => {
  const l = Math.hypot(a[0], a[1], a[2]);
  return [a[0] / l, a[1] / l, a[2] / l];
};

/**
 * The plane a globe tile's shape is drawn in: `centre` (unit vector), `xAxis` and `yAxis`
 * spanning the tangent plane there, and `scale` (shape units per unit of that plane). A shape
 * point (x, y) lies on the sphere at normalize(centre + (x·xAxis + y·yAxis) / scale) — the
 * gnomonic projection undone (the renderer lifts vector tiles onto the globe this way).
 */
export interface GlobeTileFrame {
  readonly centre: V3;
  readonly xAxis: V3;
  readonly yAxis: V3;
  readonly scale: number;
}

/** The projected, scaled corners, clockwise from edge 0's anchor (for tests and the warp). */
export function globeTileCorners(grid: IcosahedronGrid, index: number): Vec2[] {
  return projectCorners(grid, index).corners;
}

/** The tangent frame of a globe tile's shape (see GlobeTileFrame). */
export function globeTileFrame(grid: IcosahedronGrid, index: number): GlobeTileFrame {
  return projectCorners(grid, index).frame;
}

function projectCorners(grid: IcosahedronGrid, index: number): { corners: Vec2[]; frame: GlobeTileFrame } {
  const C = grid.centers();
  const at = (i: number): V3 => [C[3 * i]!, C[3 * i + 1]!, C[3 * i + 2]!];
  const nb = new Int32Array(6);
  const deg = grid.neighbors(index, nb);
  const c = at(index);
  const n0 = at(nb[0]!);
  const k = dot3(n0, c);
  const yAxis = norm3([n0[0] - k * c[0], n0[1] - k * c[1], n0[2] - k * c[2]]);
  const xAxis = cross3(yAxis, c);
  const raw: Vec2[] = [];
  for (let d = 0; d < deg; d++) {
    // Corner between edge d−1 and edge d: the anchor of edge d.
    const p = at(nb[(d + deg - 1) % deg]!);
    const q = at(nb[d]!);
    const m: V3 = [c[0] + p[0] + q[0], c[1] + p[1] + q[1], c[2] + p[2] + q[2]];
    const g = 1 / dot3(m, c); // gnomonic: onto the tangent plane at c
    const v: V3 = [m[0] * g, m[1] * g, m[2] * g];
    raw.push([dot3(v, xAxis), dot3(v, yAxis)]);
  }
  let apothem = 0;
  for (let i = 0; i < deg; i++) {
    const a = raw[i]!, b = raw[(i + 1) % deg]!;
    apothem += Math.abs(a[0] * b[1] - a[1] * b[0]) / Math.hypot(b[0] - a[0], b[1] - a[1]);
  }
  const s = deg / apothem;
  return { corners: raw.map((p): Vec2 => [p[0] * s, p[1] * s]), frame: { centre: c, xAxis, yAxis, scale: s } };
}

/** The shape of a globe tile: PENTAGON for the 12 pentagons, its real polygon for a hexagon. */
export function globeTileShape(grid: IcosahedronGrid, index: number): TileShape {
  if (grid.isPentagon(index)) return PENTAGON;
  return polygonShape(globeTileCorners(grid, index));
}
