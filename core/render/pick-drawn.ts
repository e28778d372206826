/**
 * Picking by what is drawn (issue 14: "over a hexagon the hover and the tools report the
 * linear tile three times in four"): the grid's analytic `pick` finds the nearest lattice
 * point, and on an AL-FORM map linear tiles are lattice points too, so their Voronoi cells
 * take most of each hexagon. What the designer sees is the wide area polygon (element A)
 * and narrow linear strips (element B); this returns the tile whose drawn piece holds the
 * point, looking at the analytic answer and its neighbours, linear pieces first (drawn
 * above the areas). Where nothing drawn holds the point (the rim, a gap between pieces) the
 * analytic answer stands.
 *
 * Flat maps (pieces in the z = 0 plane, 2-D points) and the globe (pieces on the layer
 * spheres, points on the unit sphere: a piece holds the directions inside its corners'
 * great circles, issue 25: "globe hover over a clearing picks another cell"). What a vector
 * instance draws over the area polygon never changes the answer: a tile is placed on, and
 * painted as, the area cell it stands on.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Grid } from '../grid/types.js';
import type { MeshBuffers } from './pieces.js';
import { classifyTile, TileClass } from '../alform/classify.js';
import { DEFAULT_LINEAR_WIDTHS } from './palette.js';

/** Whether the direction (x, y, z) lies in the convex spherical piece p of `mesh` (either winding; repeated corners allowed). */
function inSpherePiece(mesh: MeshBuffers, p: number, x: number, y: number, z: number): boolean {
  const k = mesh.verticesPerPiece;
  const pos = mesh.positions;
  let o = 3 * (p * k + k - 1);
  let ax = pos[o]!, ay = pos[o + 1]!, az = pos[o + 2]!;
  let left = false;
  let right = false;
  let edges = 0;
  for (let j = 0; j < k; j++) {
    o = 3 * (p * k + j);
    const bx = pos[o]!, by = pos[o + 1]!, bz = pos[o + 2]!;
    // The side of the plane through the centre and edge a → b the point lies on.
    const nx = ay * bz - az * by, ny = az * bx - ax * bz, nz = ax * by - ay * bx;
    const n = Math.hypot(nx, ny, nz);
    if (n > 1e-12 * (ax * ax + ay * ay + az * az)) {
      edges++;
      const c = (nx * x + ny * y + nz * z) / n;
      if (c > 1e-12) left = true;
      else if (c < -1e-12) right = true;
      if (left && right) return false;
    }
    ax = bx;
    ay = by;
    az = bz;
  }
  // On the near side only: the corners' own hemisphere (a degenerate piece holds nothing).
  return edges >= 3 && ax * x + ay * y + az * z > 0;
}

/** Whether (x, y) lies in the convex piece p of `mesh` (either winding; repeated corners allowed); a 3-D point: on the globe. */
function inPiece(mesh: MeshBuffers, p: number, x: number, y: number, z?: number): boolean {
  if (z !== undefined) return inSpherePiece(mesh, p, x, y, z);
  const k = mesh.verticesPerPiece;
  const pos = mesh.positions;
  let px = pos[3 * (p * k + k - 1)]!;
  let py = pos[3 * (p * k + k - 1) + 1]!;
  let left = false;
  let right = false;
  let area = 0;
  for (let j = 0; j < k; j++) {
    const o = 3 * (p * k + j);
    const qx = pos[o]!;
    const qy = pos[o + 1]!;
    const c = (qx - px) * (y - py) - (qy - py) * (x - px);
    area += px * qy - qx * py;
    if (c > 1e-12) left = true;
    else if (c < -1e-12) right = true;
    if (left && right) return false;
    px = qx;
    py = qy;
  }
  return Math.abs(area) > 1e-12; // a degenerate (freed or empty) piece holds nothing
}

/** Whether any piece `tile` draws in `mesh` holds (x, y) — or, on the globe, the direction (x, y, z). */
export function tileDrawsPoint(mesh: MeshBuffers, tile: number, x: number, y: number, z?: number): boolean {
  if (tile < 0 || tile >= mesh.firstPiece.length) return false;
  for (let p = mesh.firstPiece[tile]!; p >= 0; p = mesh.nextPiece[p]!) if (inPiece(mesh, p, x, y, z)) return true;
  return false;
}

/**
 * The tile at model point `point` (flat: x, y; globe: a unit-sphere x, y, z) as the designer sees it: `[area, linear]` are
 * the render's elements A and B. A drawn linear strip (a river, a road) is hit where it is
 * drawn; an empty linear tile has the footprint of a narrow strip (DEFAULT_LINEAR_WIDTHS
 * .narrow) along the border between its area tiles, so the linear tool can still reach it;
 * everywhere else the area tile is hit. On a classic map (`alform` false) this is `pick`.
 */
export function pickDrawn(grid: Grid, alform: boolean, meshes: { readonly area: MeshBuffers; readonly linear: MeshBuffers }, point: readonly number[], nb = new Int32Array(12)): number {
  const t0 = grid.pick(point);
  if (t0 < 0 || !alform) return t0;
  const [x, y] = point as [number, number];
  // The globe's pieces lie on spheres: test directions (a flat point may carry z = 0).
  const z = grid.kind === 'icosahedron' ? point[2]! : undefined;
  const n = grid.neighbors(t0, nb);
  const near = [t0];
  for (let k = 0; k < n; k++) if (nb[k]! >= 0) near.push(nb[k]!);
  // A drawn strip wins where it is drawn (it lies above the areas).
  for (const t of near) if (classifyTile(grid, t) !== TileClass.AREA && tileDrawsPoint(meshes.linear, t, x, y, z)) return t;
  // The area tiles about the point, nearest first.
  const areas = new Set<number>();
  for (const t of near) {
    if (classifyTile(grid, t) === TileClass.AREA) areas.add(t);
    else {
      const m = grid.neighbors(t, scratch);
      for (let k = 0; k < m; k++) if (scratch[k]! >= 0 && classifyTile(grid, scratch[k]!) === TileClass.AREA) areas.add(scratch[k]!);
    }
  }
  const at = z === undefined ? [x, y] : [x, y, z];
  const ranked = [...areas].map((a) => ({ a, c: grid.center(a) })).map((o) => ({ ...o, d2: dist2(o.c, at) })).sort((p, q) => p.d2 - q.d2 || p.a - q.a);
  if (ranked.length < 2) return ranked[0]?.a ?? t0;
  const half = (DEFAULT_LINEAR_WIDTHS.narrow * grid.spacing()) / 2;
  // Distance from the point to the border (bisector; on the globe the plane through the centre) between the nearest area tile and another.
  const border = (o: (typeof ranked)[number]) => (o.d2 - ranked[0]!.d2) / (2 * Math.sqrt(dist2(o.c, ranked[0]!.c)));
  const close = ranked.slice(1).filter((o) => border(o) <= half);
  if (close.length === 0) return ranked[0]!.a;
  // On one border: the linear tile between the two; near a corner: the one between all three.
  const around = [ranked[0]!.a, ...close.map((o) => o.a)];
  const linearBetween = (group: readonly number[]): number => {
    for (const t of near) {
      if (classifyTile(grid, t) === TileClass.AREA) continue;
      const m = grid.neighbors(t, scratch);
      const touching = new Set<number>();
      for (let k = 0; k < m; k++) touching.add(scratch[k]!);
      if (group.every((a) => touching.has(a))) return t;
    }
    return -1;
  };
  if (around.length >= 3) {
    const corner = linearBetween(around.slice(0, 3));
    if (corner >= 0) return corner;
  }
  const edge = linearBetween(around.slice(0, 2));
  return edge >= 0 ? edge : ranked[0]!.a;
}

const scratch = new Int32Array(12);

function dist2(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let k = 0; k < b.length; k++) s += (a[k]! - b[k]!) ** 2;
  return s;
}
