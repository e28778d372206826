/**
 * An 18xx board on a Sandtable grid: the classic hex-rectangle that holds every named hex,
 * the layout rotation that draws it the right way up, and name → tile, all through
 * core/coords' 18xx naming converter. Tile sides map to grid directions with sides.ts.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { GridSize } from '../grid/types.js';
import type { HexRectangleGrid } from '../grid/hex/hex-rectangle.js';
import type { HexNaming18xx } from '../coords/names-18xx.js';
import { hexNameToTile, hexNamesPlacement } from '../coords/names-18xx.js';
import type { Board } from './types.js';

export function boardNaming(board: Board): HexNaming18xx {
  return { tileOrientation: board.orientation, letterOrientation: board.letterOrientation, even: board.even };
}

/**
 * Size and layout rotation of the smallest classic hex-rectangle holding the board. Names
 * the converter cannot place (numbers below 1, e.g. Rails' "G-1" on extended boards) make
 * it throw, naming the hex.
 */
export function boardPlacement(board: Board): { size: GridSize & { kind: 'hex-rectangle' }; rotation: number } {
  return hexNamesPlacement(
    board.hexes.map((h) => h.name),
    boardNaming(board),
  );
}

/** The tile of `grid` (built from `boardPlacement`) under the hex named `name`. */
export function boardHexTile(grid: HexRectangleGrid, board: Board, name: string): number {
  return hexNameToTile(grid, boardNaming(board), name);
}
