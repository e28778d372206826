/**
 * Tiled (mapeditor.org) hexagonal maps ↔ our hex-rectangle tiles. A Tiled hex map is W×H
 * tiles (col, row), row 0 at the top of a y-down screen, with `staggeraxis` (which axis is
 * shifted) and `staggerindex` (whether the odd or the even columns/rows are shifted by
 * half a tile — down for axis x, right for axis y). Isometric "staggered" maps use the same
 * (col, row) scheme (Tiled draws them with its hexagonal renderer at side length 0), so the
 * same mapping places them.
 *
 * Our classic hex-rectangle has odd columns half a tile lower (k = position in the column,
 * counting up). Import is a bijection on W×H tiles; where the stagger matches ours the
 * picture is kept exactly, where it is the opposite a translation cannot fix it (it would
 * need an extra column), so the map is mirrored instead:
 *
 *   staggeraxis x (flat-top, layout rotation 0), our map W×H, x = col:
 *     odd  — k = H−1−row  (same picture)
 *     even — k = row      (mirrored top↔bottom: Tiled's row 0 is our bottom row)
 *   staggeraxis y (pointy-top, layout rotation 270), our map H×W (transposed), x = row:
 *     even — k = col      (same picture)
 *     odd  — k = W−1−col  (mirrored left↔right)
 *
 * Export applies the inverse, so import → export is the identity for every map.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { GridSize } from '../grid/types.js';
import type { HexRectangleGrid } from '../grid/hex/hex-rectangle.js';
import type { Axial120 } from '../grid/coordinates.js';
import { POINTY_TOP_ROTATION, axialToColumnPosition, columnPositionToAxial, describeMap, requireIntegers, requireMapDimensions, requireTile } from './common.js';

/** A Tiled staggered-map tile (col, row), y down. Type-only tag, as in core/grid/coordinates.ts. */
export type TiledCoord = [col: number, row: number] & { readonly __system: 'tiled' };
export const tiledCoord = (col: number, row: number): TiledCoord => [col, row] as TiledCoord;

/** The attributes of a Tiled `<map>` element that place its tiles. */
export interface TiledStaggeredMap {
  readonly width: number;
  readonly height: number;
  readonly staggerAxis: 'x' | 'y';
  readonly staggerIndex: 'odd' | 'even';
}

/** How to build our map for a Tiled map: its size, the layout rotation, and whether it is mirrored. */
export interface TiledPlacement {
  readonly size: GridSize & { kind: 'hex-rectangle' };
  readonly rotation: 0 | 270;
  readonly mirrored: false | 'top-bottom' | 'left-right';
}

export function tiledPlacement(map: TiledStaggeredMap): TiledPlacement {
  checkMap(map);
  const { width: w, height: h } = map;
  if (map.staggerAxis === 'x') {
    return { size: { kind: 'hex-rectangle', width: w, height: h }, rotation: 0, mirrored: map.staggerIndex === 'odd' ? false : 'top-bottom' };
  }
  return { size: { kind: 'hex-rectangle', width: h, height: w }, rotation: POINTY_TOP_ROTATION, mirrored: map.staggerIndex === 'even' ? false : 'left-right' };
}

/** Tiled (col, row) → our 120° axial (x, y) on the classic map `tiledPlacement` describes. */
export function tiledToAxial(map: TiledStaggeredMap, col: number, row: number): Axial120 {
  checkMap(map);
  requireIntegers('Tiled', col, row);
  if (col < 0 || col >= map.width || row < 0 || row >= map.height) {
    throw new Error(`Tiled tile (${col}, ${row}) is outside the ${map.width}x${map.height} map (col 0…${map.width - 1}, row 0…${map.height - 1})`);
  }
  let x: number;
  let k: number;
  if (map.staggerAxis === 'x') {
    x = col;
    k = map.staggerIndex === 'odd' ? map.height - 1 - row : row;
  } else {
    x = row;
    k = map.staggerIndex === 'even' ? col : map.width - 1 - col;
  }
  return columnPositionToAxial(x, k);
}

/** Our 120° axial (x, y) → Tiled (col, row); throws if it is not one of the map's tiles. */
export function axialToTiled(map: TiledStaggeredMap, x: number, y: number): TiledCoord {
  checkMap(map);
  const [cols, ks] = map.staggerAxis === 'x' ? [map.width, map.height] : [map.height, map.width];
  const k = axialToColumnPosition(x, y, cols, ks, `${map.width}x${map.height} Tiled map`);
  if (map.staggerAxis === 'x') return tiledCoord(x, map.staggerIndex === 'odd' ? map.height - 1 - k : k);
  return tiledCoord(map.staggerIndex === 'even' ? k : map.width - 1 - k, x);
}

/** Tiled (col, row) → the tile of `grid`, which must be the classic map `tiledPlacement` describes. */
export function tiledToTile(grid: HexRectangleGrid, map: TiledStaggeredMap, col: number, row: number): number {
  checkGrid(grid, map);
  const [x, y] = tiledToAxial(map, col, row);
  return grid.indexXY(x, y);
}

/** A tile of `grid` → Tiled (col, row). */
export function tileToTiled(grid: HexRectangleGrid, map: TiledStaggeredMap, index: number): TiledCoord {
  checkGrid(grid, map);
  requireTile(grid, index);
  const [x, y] = grid.coord(index) as [number, number];
  return axialToTiled(map, x, y);
}

function checkMap(map: TiledStaggeredMap): void {
  requireMapDimensions(map.width, map.height, (name) => `Tiled map ${name}`);
  if (map.staggerAxis !== 'x' && map.staggerAxis !== 'y') throw new Error(`Tiled staggeraxis must be "x" or "y", got ${JSON.stringify(map.staggerAxis)}`);
  if (map.staggerIndex !== 'odd' && map.staggerIndex !== 'even') {
    throw new Error(`Tiled staggerindex must be "odd" or "even", got ${JSON.stringify(map.staggerIndex)}`);
  }
}

function checkGrid(grid: HexRectangleGrid, map: TiledStaggeredMap): void {
  const { size } = tiledPlacement(map);
  if (grid.kind !== 'hex-rectangle' || grid.shape !== 'classic' || grid.width !== size.width || grid.height !== size.height) {
    throw new Error(
      `a ${map.width}x${map.height} Tiled map (staggeraxis ${map.staggerAxis}) needs a classic hex-rectangle ${size.width}x${size.height}, got ${describeMap(grid)}${grid.kind === 'hex-rectangle' ? ` (${grid.shape})` : ''}`,
    );
  }
}
