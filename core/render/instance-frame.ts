/**
 * Where a placed vector tile sits on the map: its tile frame (tile units, inradius 1, y up)
 * → model space. One home for the placement vector-map.ts draws with and contour-labels.ts
 * places labels with, so a label can never drift from the line it names.
 * - Flat cells: one affine map, the orientation (mirror + rotation) scaled by the cell's (A)
 *   polygon inradius and moved to its centre.
 * - Globe cells: the drawn polygon's gnomonic tangent plane (core/vector globe-shape.ts: the
 *   wide (A) polygon of an AL-FORM area cell, as on flat maps), lifted back onto a sphere of
 *   the caller's radius.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { decodePlacement } from '../map/orientation-code.js';
import type { IcosahedronGrid } from '../grid/icosahedron/icosahedron-grid.js';
import { globeTileFrame } from '../vector/globe-shape.js';
import { orientationMatrix } from '../vector/orientation.js';
import { pieceFrame } from './area-symbols.js';
import type { MeshBuffers } from './pieces.js';
import type { Grid } from '../grid/types.js';
import { gridLayout } from '../grid/capabilities.js';
import { cosSinDegrees } from '../grid/layout.js';

/** x′ = a·x + c·y + e, y′ = b·x + d·y + f (column-major like core/vector applyAffine). */
export type FlatAffine = readonly [a: number, b: number, c: number, d: number, e: number, f: number];

/**
 * A flat cell's tile frame → model affine, or null when the cell draws no (A) polygon. `f` is
 * scratch (9 numbers). `grid` is the map's: a pointy-top hex map turns every tile a quarter
 * with its cells (core/grid gridLayout), so a tile drawn for flat-top hexes fits them.
 */
export function flatInstanceAffine(area: MeshBuffers, cell: number, code: number, f: Float64Array, grid: Grid): FlatAffine | null {
  const p = area.firstPiece[cell]!;
  if (p < 0) return null;
  const k = area.verticesPerPiece;
  const inr = pieceFrame(area.positions, p * k, k, false, f);
  const m = orientationMatrix(decodePlacement(code).orientation);
  const [rc, rs] = cosSinDegrees(gridLayout(grid).rotation);
  // R·m (column-major): x′ = a·x + c·y, y′ = b·x + d·y.
  const a = rc * m[0] - rs * m[1];
  const b = rs * m[0] + rc * m[1];
  const c = rc * m[2] - rs * m[3];
  const d = rs * m[2] + rc * m[3];
  return [a * inr, b * inr, c * inr, d * inr, f[6]!, f[7]!];
}

/**
 * A globe cell's tile frame → a point on the sphere of `radius`, appended to `out` as x, y, z.
 * `alform`: the map is AL-FORM, so an area cell's frame is its wide (A) polygon (globe-shape.ts).
 */
export function globeInstancePlace(globe: IcosahedronGrid, cell: number, alform: boolean): (radius: number) => (x: number, y: number, out: number[]) => void {
  const { centre: c, xAxis: X, yAxis: Y, scale } = globeTileFrame(globe, cell, alform);
  return (radius) => (x, y, out) => {
    const vx = c[0] + (x * X[0] + y * Y[0]) / scale;
    const vy = c[1] + (x * X[1] + y * Y[1]) / scale;
    const vz = c[2] + (x * X[2] + y * Y[2]) / scale;
    const l = radius / Math.hypot(vx, vy, vz);
    out.push(vx * l, vy * l, vz * l);
  };
}
