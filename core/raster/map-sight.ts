/**
 * Ray-cast sight between a map's tiles, on its raster (raster-sight.ts): the tile's centre
 * cell stands for the tile. What the LOS and FOV tools offer as "ray-cast" beside the tile
 * line of sight (core/sight), on flat maps.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Grid } from '../grid/types.js';
import type { Raster } from './raster.js';
import { unitToCell } from './raster.js';
import type { RasterSightOptions } from './raster-sight.js';
import { rasterLineOfSight, rasterViewshed } from './raster-sight.js';

/** The raster cell at tile t's centre. */
export function tileCell(r: Raster, grid: Grid, t: number): [number, number] {
  if (r.frame.kind !== 'flat') throw new Error('ray-cast sight between tiles needs a flat map');
  const [x, y] = grid.center(t) as [number, number];
  const [c, w] = unitToCell(r.frame, x, y);
  return [Math.min(r.width - 1, Math.max(0, Math.round(c))), Math.min(r.height - 1, Math.max(0, Math.round(w)))];
}

/** The tile under raster cell (col, row), or −1. */
export function cellTile(r: Raster, grid: Grid, col: number, row: number): number {
  if (r.frame.kind !== 'flat') return -1;
  return grid.pick([r.frame.left + (col + 0.5) * r.frame.cell, r.frame.top - (row + 0.5) * r.frame.cell]);
}

/** Ray-cast line of sight from tile to tile; `blockedAt` is the tile under the first blocking cell (−1 when visible). */
export function rayCastLineOfSight(r: Raster, grid: Grid, from: number, to: number, options: RasterSightOptions = {}): { visible: boolean; blockedAt: number } {
  const res = rasterLineOfSight(r, tileCell(r, grid, from), tileCell(r, grid, to), options);
  return { visible: res.visible, blockedAt: res.blockedAt ? cellTile(r, grid, res.blockedAt[0], res.blockedAt[1]) : -1 };
}

/** The tiles within `radius` hops of `from` whose centre cell the viewshed sees, ascending. */
export function rayCastFieldOfVision(r: Raster, grid: Grid, from: number, radius: number, options: RasterSightOptions = {}): Int32Array {
  const range = grid.range(from, radius);
  if (r.frame.kind !== 'flat') throw new Error('ray-cast sight between tiles needs a flat map');
  // Cells reach: the farthest tile centre in range, plus one.
  const [c0, r0] = tileCell(r, grid, from);
  let reach = 1;
  const cells = new Int32Array(2 * range.length);
  range.forEach((t, i) => {
    const [c, w] = tileCell(r, grid, t);
    cells[2 * i] = c;
    cells[2 * i + 1] = w;
    reach = Math.max(reach, Math.abs(c - c0), Math.abs(w - r0));
  });
  const v = rasterViewshed(r, [c0, r0], { ...options, radius: reach });
  let k = 0;
  for (let i = 0; i < range.length; i++) {
    const c = cells[2 * i]! - v.col;
    const w = cells[2 * i + 1]! - v.row;
    if (v.visible[w * v.width + c]) range[k++] = range[i]!;
  }
  return range.slice(0, k);
}
