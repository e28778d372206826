/**
 * Every raster cell a straight segment passes through, in order (Amanatides & Woo's grid
 * traversal). Cell (col, row) is the square of side 1 centred on (col, row); the segment is
 * given in those fractional coordinates. Lines drawn this way are 4-connected, so a ray that
 * is traversed the same way cannot slip diagonally between two of their cells — which is what
 * lets a wall one cell thick block ray-cast sight.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */

/**
 * Calls `visit(col, row, t)` for each cell the segment (x0, y0) → (x1, y1) enters, where t in
 * [0, 1] is where it enters (0 for the first cell). Cells outside [0, width) × [0, height)
 * are skipped. Stops early when `visit` returns false; returns the number of cells visited.
 */
export function traverseCells(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  width: number,
  height: number,
  visit: (col: number, row: number, t: number) => boolean | void,
): number {
  let col = Math.round(x0);
  let row = Math.round(y0);
  const endCol = Math.round(x1);
  const endRow = Math.round(y1);
  const dx = x1 - x0;
  const dy = y1 - y0;
  const stepX = dx > 0 ? 1 : dx < 0 ? -1 : 0;
  const stepY = dy > 0 ? 1 : dy < 0 ? -1 : 0;
  // Parameter of the next vertical / horizontal cell border, and the parameter per cell.
  const tdx = stepX !== 0 ? 1 / Math.abs(dx) : Infinity;
  const tdy = stepY !== 0 ? 1 / Math.abs(dy) : Infinity;
  let tx = stepX > 0 ? (col + 0.5 - x0) * tdx : stepX < 0 ? (x0 - (col - 0.5)) * tdx : Infinity;
  let ty = stepY > 0 ? (row + 0.5 - y0) * tdy : stepY < 0 ? (y0 - (row - 0.5)) * tdy : Infinity;
  let t = 0;
  let n = 0;
  const cap = Math.abs(endCol - col) + Math.abs(endRow - row) + 2;
  for (let k = 0; k <= cap; k++) {
    if (col >= 0 && col < width && row >= 0 && row < height) {
      n++;
      if (visit(col, row, t) === false) return n;
    }
    if (col === endCol && row === endRow) break;
    if (tx < ty) {
      t = tx;
      tx += tdx;
      col += stepX;
    } else {
      t = ty;
      ty += tdy;
      row += stepY;
    }
    if (t > 1) break;
  }
  return n;
}
