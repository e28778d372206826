/**
 * Battle for Wesnoth maps ↔ our hex-rectangle tiles. Wesnoth maps are flat-top hexes in
 * columns; x and y are 1-based in the editor and in WML, and a one-tile border ring sits at
 * x = 0 and W+1, y = 0 and H+1 (W×H = the playable size). A `.map` file holds the border
 * too: its line y, entry x (both 0-based) is the tile (x, y) in exactly these numbers.
 * Columns with even x are shifted half a hex down (y-down screen).
 *
 *   without the border (our map W×H, the playable area): x = wx − 1, k = H − wy.
 *     Wesnoth column 1 (not shifted) is our column 0 (the higher one): same picture.
 *   with the border (our map (W+2)×(H+2)): x = wx, k = wy.
 *     Border column 0 is a shifted (lower) column while our column 0 is the higher one; no
 *     translation fixes that without an extra column, so the map is mirrored top↔bottom
 *     (Wesnoth's top row is our bottom row) and stays a bijection.
 *
 * (k = position in our column, counting up; y = ⌊x/2⌋ + k.)
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { GridSize } from '../grid/types.js';
import type { HexRectangleGrid } from '../grid/hex/hex-rectangle.js';
import type { Axial120 } from '../grid/coordinates.js';
import { axialToColumnPosition, columnPositionToAxial, describeMap, requireIntegers, requireMapDimensions, requireTile } from './common.js';

/** A Wesnoth map position (x, y), 1-based without the border. Type-only tag, as in core/grid/coordinates.ts. */
export type WesnothCoord = [x: number, y: number] & { readonly __system: 'wesnoth' };
export const wesnothCoord = (x: number, y: number): WesnothCoord => [x, y] as WesnothCoord;

/** A Wesnoth map: its playable size, and whether our map includes the border ring. */
export interface WesnothMap {
  readonly width: number;
  readonly height: number;
  readonly border: boolean;
}

/** Size of our classic hex-rectangle for a Wesnoth map, and whether it is mirrored. */
export function wesnothPlacement(map: WesnothMap): { size: GridSize & { kind: 'hex-rectangle' }; mirrored: false | 'top-bottom' } {
  checkMap(map);
  const b = map.border ? 2 : 0;
  return { size: { kind: 'hex-rectangle', width: map.width + b, height: map.height + b }, mirrored: map.border ? 'top-bottom' : false };
}

/** Wesnoth (x, y) → our 120° axial. */
export function wesnothToAxial(map: WesnothMap, x: number, y: number): Axial120 {
  checkMap(map);
  requireIntegers('Wesnoth', x, y);
  const lo = map.border ? 0 : 1;
  if (x < lo || x > map.width + 1 - lo || y < lo || y > map.height + 1 - lo) {
    throw new Error(
      `Wesnoth (${x}, ${y}) is not on this ${map.width}x${map.height} map ${map.border ? 'with its border' : 'without its border'} (x ${lo}…${map.width + 1 - lo}, y ${lo}…${map.height + 1 - lo})`,
    );
  }
  const ox = map.border ? x : x - 1;
  const k = map.border ? y : map.height - y;
  return columnPositionToAxial(ox, k);
}

/** Our 120° axial → Wesnoth (x, y). */
export function axialToWesnoth(map: WesnothMap, x: number, y: number): WesnothCoord {
  checkMap(map);
  const { size } = wesnothPlacement(map);
  const k = axialToColumnPosition(x, y, size.width, size.height, 'Wesnoth map');
  return map.border ? wesnothCoord(x, k) : wesnothCoord(x + 1, map.height - k);
}

export function wesnothToTile(grid: HexRectangleGrid, map: WesnothMap, x: number, y: number): number {
  checkGrid(grid, map);
  const [ax, ay] = wesnothToAxial(map, x, y);
  return grid.indexXY(ax, ay);
}

export function tileToWesnoth(grid: HexRectangleGrid, map: WesnothMap, index: number): WesnothCoord {
  checkGrid(grid, map);
  requireTile(grid, index);
  const [x, y] = grid.coord(index) as [number, number];
  return axialToWesnoth(map, x, y);
}

function checkMap(map: WesnothMap): void {
  requireMapDimensions(map.width, map.height, (name) => `Wesnoth map ${name} (playable, without the border)`);
}

function checkGrid(grid: HexRectangleGrid, map: WesnothMap): void {
  const { size } = wesnothPlacement(map);
  if (grid.kind !== 'hex-rectangle' || grid.shape !== 'classic' || grid.width !== size.width || grid.height !== size.height) {
    throw new Error(
      `a ${map.width}x${map.height} Wesnoth map ${map.border ? 'with' : 'without'} its border needs a classic hex-rectangle ${size.width}x${size.height}, got ${describeMap(grid)}`,
    );
  }
}
