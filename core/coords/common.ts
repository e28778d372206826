/**
 * Small helpers shared by the converters in core/coords: integer checks with messages that
 * say what was expected, a short description of a map for "not on this map" errors, and the
 * one layout rotation every pointy-top form uses.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Grid } from '../grid/types.js';
import { formatSize } from '../grid/size.js';
import { axial120, type Axial120 } from '../grid/coordinates.js';
import { columnStart } from '../grid/hex/column-grid.js';

/**
 * Layout rotation (CCW degrees) that shows our flat-top columns as pointy-top rows: 270, a
 * quarter turn clockwise (its home is core/grid/layout.ts: a pointy-top map's grid adds it to
 * every layout). Our x axis then runs down the screen and y runs to the right, so
 * row r of a pointy-top map is our column x = r and a position further right in the row is a
 * larger y — every pointy-top form (Red Blob r-forms and doubled-width, Tiled stagger axis
 * y, 18xx "EW") reads row and column numbers without a sign flip. (90 also gives pointy
 * tops, but upside down: rows would count up the screen.)
 */
export { POINTY_TOP_ROTATION } from '../grid/layout.js';

/** Throws unless every value is an integer; `what` names the form, e.g. `Red Blob odd-q`. */
export function requireIntegers(what: string, ...values: number[]): void {
  for (const v of values) {
    if (!Number.isInteger(v)) throw new Error(`${what} coordinates must be integers, got [${values.join(', ')}]`);
  }
}

/** "hex-rectangle 20x20" — for messages about tiles that are not on a map. */
export function describeMap(grid: Grid): string {
  return `${grid.kind} ${formatSize(grid.size)}`;
}

/** Throws unless `index` is a tile of `grid`. */
export function requireTile(grid: Grid, index: number): void {
  if (!Number.isInteger(index) || index < 0 || index >= grid.tileCount) {
    throw new RangeError(`tile index ${index} is outside this ${describeMap(grid)} map (0…${grid.tileCount - 1})`);
  }
}

/** Throws unless the grid is one of `kinds`; `what` names the converter. */
export function requireKind(grid: Grid, what: string, kinds: readonly Grid['kind'][]): void {
  if (!kinds.includes(grid.kind)) throw new Error(`${what} applies to ${kinds.join(' and ')} maps, not ${grid.kind}`);
}

/** Throws unless a file format's map width and height are integers ≥ 1; `label` names the dimension, e.g. `Tiled map width`. */
export function requireMapDimensions(width: number, height: number, label: (name: 'width' | 'height') => string): void {
  for (const [name, v] of [
    ['width', width],
    ['height', height],
  ] as const) {
    if (!Number.isInteger(v) || v < 1) throw new Error(`${label(name)} must be an integer ≥ 1, got ${v}`);
  }
}

/**
 * Column x and position k up it (0 = the column's first tile) of our classic hex-rectangle →
 * 120° axial: how the rectangle file formats (Tiled staggered, Wesnoth) place their tiles.
 */
export function columnPositionToAxial(x: number, k: number): Axial120 {
  return axial120(x, columnStart('classic', x) + k);
}

/**
 * 120° axial → position k up column x, checked against the `columns`×`positions` classic
 * hex-rectangle that holds a file's map (`holder` names it in the error).
 */
export function axialToColumnPosition(x: number, y: number, columns: number, positions: number, holder: string): number {
  requireIntegers('120° axial', x, y);
  const k = y - columnStart('classic', x);
  if (x < 0 || x >= columns || k < 0 || k >= positions) {
    throw new Error(`axial (${x}, ${y}) is not on the ${columns}x${positions} hex-rectangle that holds this ${holder}`);
  }
  return k;
}
