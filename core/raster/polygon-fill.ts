/**
 * Scanline fill of a polygon on a flat raster: the cells whose centres lie inside (even-odd
 * rule), row by row. Points are in the unit frame (y up); the raster frame maps them.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Raster } from './raster.js';

/** Calls `visit(first, last)` for every run of raster cells (indices first…last, one row) whose centres are inside the polygon `xs`/`ys`. */
export function fillPolygon(r: Raster, xs: ArrayLike<number>, ys: ArrayLike<number>, visit: (first: number, last: number) => void): void {
  if (r.frame.kind !== 'flat') return;
  const { left, top, cell } = r.frame;
  const n = xs.length;
  if (n < 3) return;
  let y0 = Infinity;
  let y1 = -Infinity;
  for (let i = 0; i < n; i++) {
    if (ys[i]! < y0) y0 = ys[i]!;
    if (ys[i]! > y1) y1 = ys[i]!;
  }
  const rowFirst = Math.max(0, Math.ceil((top - y1) / cell - 0.5));
  const rowLast = Math.min(r.height - 1, Math.floor((top - y0) / cell - 0.5));
  const cuts: number[] = [];
  for (let row = rowFirst; row <= rowLast; row++) {
    const y = top - (row + 0.5) * cell;
    cuts.length = 0;
    for (let i = 0, j = n - 1; i < n; j = i++) {
      const ya = ys[j]!;
      const yb = ys[i]!;
      if (ya > y === yb > y) continue;
      cuts.push(xs[j]! + ((y - ya) / (yb - ya)) * (xs[i]! - xs[j]!));
    }
    cuts.sort((a, b) => a - b);
    for (let k = 0; k + 1 < cuts.length; k += 2) {
      const c0 = Math.max(0, Math.ceil((cuts[k]! - left) / cell - 0.5));
      const c1 = Math.min(r.width - 1, Math.floor((cuts[k + 1]! - left) / cell - 0.5));
      if (c0 <= c1) visit(row * r.width + c0, row * r.width + c1);
    }
  }
}
