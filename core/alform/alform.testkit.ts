/**
 * The grids every AL-FORM rule is tested on: each kind, each wrap it allows, and the
 * degenerate one-tile sizes, so classification, transfer and adjoining ground are all held
 * to the same cases. Test-only; excluded from core's production type check.
 */
import { createGrid } from '../grid/create.js';
import type { Grid, GridSize, Wrap } from '../grid/types.js';
import { alformSizeOf } from '../grid/alform-size.js';

const NONE: Wrap = { x: false, y: false };
const X: Wrap = { x: true, y: false };
const Y: Wrap = { x: false, y: true };
const XY: Wrap = { x: true, y: true };

/** Classic sizes with their wrap; `alformGrid` makes the AL-FORM grid of each. */
export const ALFORM_GRID_CASES: readonly (readonly [GridSize, Wrap])[] = [
  ...([[1, 1, NONE], [5, 4, NONE], [6, 5, NONE], [4, 3, XY], [5, 4, XY]] as const).map(([width, height, wrap]) => [{ kind: 'square', width, height }, wrap] as const),
  ...([[5, 4, NONE], [4, 3, X], [6, 3, X]] as const).map(([width, height, wrap]) => [{ kind: 'offset-square', width, height }, wrap] as const),
  ...([[1, 1, NONE], [5, 4, NONE], [7, 6, NONE], [4, 4, X], [5, 3, Y], [4, 5, XY], [6, 4, XY]] as const).map(([width, height, wrap]) => [{ kind: 'hex-rectangle', width, height }, wrap] as const),
  ...[1, 5, 7].map((diameter) => [{ kind: 'hex-hexagon', diameter }, NONE] as const),
  ...[0, 1, 3, 6].map((side) => [{ kind: 'icosahedron', side }, NONE] as const),
];

/** The AL-FORM grid of a classic size and wrap. */
export function alformGrid(size: GridSize, wrap: Wrap): Grid {
  return createGrid({ size: alformSizeOf(size, wrap), wrap, alform: true });
}

/** A short test name for a case: the size as JSON and the wrapped axes. */
export function caseLabel(size: GridSize, wrap: Wrap): string {
  return `${JSON.stringify(size)} wrap=${wrap.x ? 'x' : ''}${wrap.y ? 'y' : ''}`;
}
