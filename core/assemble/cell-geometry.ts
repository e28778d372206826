/**
 * A cell's own shape and edge directions, from the grid alone — for code that must not lean
 * on a topology (the independent checker) and for linear tiles, which are placed at the
 * grid's plain scale in their own cell.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { IcosahedronGrid } from '../grid/icosahedron/icosahedron-grid.js';
import type { Grid } from '../grid/types.js';
import { globeTileShape } from '../vector/globe-shape.js';
import type { TileShape } from '../vector/shape.js';
import { HEX, OFFSET_SQUARE, PENTAGON, SQUARE } from '../vector/shape.js';

/**
 * The shape a vector tile on cell `c` is placed in: the tile's own shape on flat maps (scaled
 * to the drawn polygon by the renderer), the cell's drawn polygon on the globe — on an AL-FORM
 * globe (`alform`) an area cell's wide (A) polygon (core/vector globe-shape.ts).
 */
export function cellShapeOf(grid: Grid, c: number, alform: boolean): TileShape {
  if (grid instanceof IcosahedronGrid) return globeTileShape(grid, c, alform);
  if (grid.kind === 'square') return SQUARE;
  if (grid.kind === 'offset-square') return OFFSET_SQUARE;
  return grid.isPentagon(c) ? PENTAGON : HEX;
}

/** The directions a cell's edges face (a square's 0, 2, 4, 6; otherwise one per direction). */
export const edgeDirections = (grid: Grid, c: number): number[] => (grid.kind === 'square' ? [0, 2, 4, 6] : Array.from({ length: grid.degree(c) }, (_, d) => d));

/** The direction of n's edge that faces back to c (n is c's neighbour in direction d); the opposite first. */
export function facingBack(grid: Grid, c: number, d: number, n: number): number {
  if (grid.kind !== 'icosahedron') {
    const o = (d + grid.directions / 2) % grid.directions;
    if (grid.neighbor(n, o) === c) return o;
  }
  const back = edgeDirections(grid, n).find((e) => grid.neighbor(n, e) === c);
  if (back === undefined) throw new Error(`tile ${n} has no edge back to tile ${c}`);
  return back;
}
