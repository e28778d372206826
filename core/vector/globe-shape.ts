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
 * On an AL-FORM globe an area tile is drawn as the wide polygon of SPEC §5 (A) — its corners
 * are the points shared by the three linear tiles round them (core/render area-mesh.ts), so
 * neighbouring area polygons meet across the linear tile between them — and a vector tile
 * standing on it fills that polygon, as on flat AL-FORM maps. `alform` selects it; linear
 * tiles (and every tile of a classic globe) keep the grid's own cell.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { IcosahedronGrid } from '../grid/icosahedron/icosahedron-grid.js';
import { classifyTile, TileClass } from '../alform/classify.js';
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
export function globeTileCorners(grid: IcosahedronGrid, index: number, alform = false): Vec2[] {
  return projectCorners(grid, index, alform).corners;
}

/** The tangent frame of a globe tile's shape (see GlobeTileFrame); `alform`: the map is AL-FORM (see the header). */
export function globeTileFrame(grid: IcosahedronGrid, index: number, alform = false): GlobeTileFrame {
  return projectCorners(grid, index, alform).frame;
}

/** Whether tile `index` is drawn as the wide AL-FORM area polygon (an area tile of an AL-FORM globe). */
function drawnWide(grid: IcosahedronGrid, index: number, alform: boolean): boolean {
  return alform && classifyTile(grid, index) === TileClass.AREA;
}

/** The common neighbour of p and q other than `a` (the tile beyond a's corner between them). */
function beyond(grid: IcosahedronGrid, a: number, p: number, q: number, nb: Int32Array): number {
  const deg = grid.neighbors(p, nb);
  for (let k = 0; k < deg; k++) {
    if (nb[k] !== q) continue;
    const before = nb[(k + deg - 1) % deg]!;
    return before === a ? nb[(k + 1) % deg]! : before;
  }
  throw new Error(`globe tiles ${p} and ${q} round tile ${a} are not neighbours`);
}

function projectCorners(grid: IcosahedronGrid, index: number, alform: boolean): { corners: Vec2[]; frame: GlobeTileFrame } {
  const C = grid.centers();
  const at = (i: number): V3 => [C[3 * i]!, C[3 * i + 1]!, C[3 * i + 2]!];
  const nb = new Int32Array(6);
  const deg = grid.neighbors(index, nb);
  const wide = drawnWide(grid, index, alform);
  const scratch = new Int32Array(6);
  const c = at(index);
  const n0 = at(nb[0]!);
  const k = dot3(n0, c);
  const yAxis = norm3([n0[0] - k * c[0], n0[1] - k * c[1], n0[2] - k * c[2]]);
  const xAxis = cross3(yAxis, c);
  const raw: Vec2[] = [];
  for (let d = 0; d < deg; d++) {
    // Corner between edge d−1 and edge d: the anchor of edge d.
    const pi = nb[(d + deg - 1) % deg]!;
    const p = at(pi);
    const q = at(nb[d]!);
    // The grid's corner (centroid with the tile itself), or the AL-FORM polygon's (with the tile beyond).
    const r = wide ? at(beyond(grid, index, pi, nb[d]!, scratch)) : c;
    const m: V3 = [r[0] + p[0] + q[0], r[1] + p[1] + q[1], r[2] + p[2] + q[2]];
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

/** The shape of a globe tile: PENTAGON for the 12 pentagons, its real (drawn) polygon for a hexagon. */
export function globeTileShape(grid: IcosahedronGrid, index: number, alform = false): TileShape {
  if (grid.isPentagon(index)) return PENTAGON;
  return polygonShape(globeTileCorners(grid, index, alform));
}
