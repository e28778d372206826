/**
 * The lattice a flat map's sight lines walk (see walk.ts): each tile's cell in a
 * square or 120° axial frame, the unit-frame step of each direction (the unit frame as the
 * grid draws it: turned a quarter on pointy-top hex maps), and the translations
 * of the wrapped axes. Built once per grid and shared by walks, ray trees and the raster.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Grid } from '../grid/types.js';
import type { IndexXYGrid } from '../grid/capabilities.js';
import { gridLayout, requireIndexXY } from '../grid/capabilities.js';
import { cosSinDegrees } from '../grid/layout.js';
import { SQUARE_DIRECTIONS } from '../grid/square/square-grid.js';
import { AXIAL120_DIRECTIONS } from '../grid/hex/axial.js';
import { oncePer } from '../util/once-per.js';

/** A flat kind's lattice: cell (a, b) has its centre at a·e1 + b·e2 in the unit frame. */
export interface Lattice {
  readonly e1x: number;
  readonly e1y: number;
  readonly e2x: number;
  readonly e2y: number;
  readonly dirs: number;
  readonly da: Int32Array;
  readonly db: Int32Array;
  /** Unit-frame step of each direction and its squared length. */
  readonly dx: Float64Array;
  readonly dy: Float64Array;
  readonly dd: Float64Array;
  /** Lattice translation of each wrapped axis (a, b). */
  readonly periods: readonly (readonly [number, number])[];
  readonly grid: IndexXYGrid;
  /** Lattice coordinates per tile, filled on first use (`known`). */
  readonly coords: Int32Array;
  readonly known: Uint8Array;
}

/** The sight lattice of a flat grid (built once per grid). */
export const latticeOf: (grid: Grid) => Lattice = oncePer(buildLattice);

function buildLattice(grid: Grid): Lattice {
  const size = grid.size;
  const square = grid.kind === 'square';
  const steps = square ? SQUARE_DIRECTIONS : AXIAL120_DIRECTIONS;
  // Unit-frame bases (core/grid: square (x, y); hex centre x·(√3/2, −½) + y·(0, 1); brick x·(1, −½) + y·(0, 1)).
  const [f1x, f1y] = square ? [1, 0] : grid.kind === 'offset-square' ? [1, -0.5] : [Math.sqrt(3) / 2, -0.5];
  // Turned as the grid draws itself (a pointy-top hex map: a quarter turn), so the lattice's
  // frame is the grid's model space at size 1 — where `grid.center` and `grid.pick` work.
  const [c, s] = cosSinDegrees(gridLayout(grid).rotation);
  const [e1x, e1y] = [c * f1x - s * f1y, s * f1x + c * f1y];
  const [e2x, e2y] = [-s, c];
  const dirs = steps.length;
  const da = Int32Array.from(steps, (s) => s[0]);
  const db = Int32Array.from(steps, (s) => s[1]);
  const dx = Float64Array.from(steps, (s) => s[0] * e1x + s[1] * e2x);
  const dy = Float64Array.from(steps, (s) => s[0] * e1y + s[1] * e2y);
  const dd = Float64Array.from(steps, (_, d) => dx[d]! * dx[d]! + dy[d]! * dy[d]!);
  const periods: [number, number][] = [];
  if (size.kind === 'square' || size.kind === 'offset-square' || size.kind === 'hex-rectangle') {
    // The x seam of the column kinds is the translation (W, W/2) in 120° axial (core/grid/hex/column-grid.ts).
    if (grid.wrap.x) periods.push(square ? [size.width, 0] : [size.width, size.width / 2]);
    if (grid.wrap.y) periods.push([0, size.height]);
  }
  const lat: Lattice = {
    e1x,
    e1y,
    e2x,
    e2y,
    dirs,
    da,
    db,
    dx,
    dy,
    dd,
    periods,
    grid: requireIndexXY(grid, 'a line-of-sight walk'),
    coords: new Int32Array(2 * grid.tileCount),
    known: new Uint8Array(grid.tileCount),
  };
  return lat;
}

/** Fills `lat.coords` for `tile` (its lattice cell) on first use. */
export function latticeCoords(lat: Lattice, tile: number): void {
  if (lat.known[tile]) return;
  const c = lat.grid.kind === 'square' ? lat.grid.coord(tile) : lat.grid.toSystem(tile, 'axial120');
  lat.coords[2 * tile] = c[0]!;
  lat.coords[2 * tile + 1] = c[1]!;
  lat.known[tile] = 1;
}

/** Squared unit-frame length of the lattice vector (p, q). */
export function unitLength2(lat: Lattice, p: number, q: number): number {
  const x = p * lat.e1x + q * lat.e2x;
  const y = p * lat.e1y + q * lat.e2y;
  return x * x + y * y;
}
