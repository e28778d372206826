/**
 * The footprint of a paint or erase brush (issue 14, "brush sizes"): size 1 is the tile
 * under the pointer, size n every tile within n − 1 AREA tiles of it — radii counted in area
 * tiles (hexes, squares) as designers count them, linear tiles apart. On an AL-FORM map one
 * area step is two hops of the grid (across the linear tile between), so the grid's own
 * `range` of radius 2(n − 1) holds the footprint; classic maps use radius n − 1. The shape is
 * the grid's: a hexagon of hexes, a square of squares (corners adjoin, SPEC §3), a patch of
 * the globe.
 *
 * A quick stroke gives pointer samples tiles apart (about 26 px at fit zoom, issue 30), so
 * the brush is laid at every centre on the grid's `line` between consecutive samples
 * (`brushLine`), as the linear tool joins its samples: no dotted trail.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Grid } from '../grid/types.js';
import { TileClass } from './classify.js';
import { segmentDistance2 } from '../util/segment-distance.js';

/** The largest brush: radius 8 area tiles (a 17-hex-wide patch), enough for terrain blocking-in. */
export const MAX_BRUSH_SIZE = 9;

/** A brush size clamped to 1…MAX_BRUSH_SIZE (a whole number). */
export function clampBrushSize(size: number): number {
  if (!Number.isFinite(size)) return 1;
  return Math.min(MAX_BRUSH_SIZE, Math.max(1, Math.round(size)));
}

/**
 * The tiles a brush of `size` centred on `centre` covers, ascending. `classes` is the AL-FORM
 * class per tile (null on classic maps). `which`: 'area' keeps only the tiles that take area
 * terrain (painting), 'all' keeps the linear tiles inside too (erasing).
 */
export function brushFootprint(grid: Grid, classes: Uint8Array | null, centre: number, size: number, which: 'area' | 'all'): Int32Array {
  if (!Number.isInteger(centre) || centre < 0 || centre >= grid.tileCount) return new Int32Array(0);
  const radius = clampBrushSize(size) - 1;
  if (radius === 0) return Int32Array.of(centre);
  const tiles = grid.range(centre, classes ? 2 * radius : radius);
  if (!classes || which === 'all') return tiles;
  return tiles.filter((t) => classes[t] === TileClass.AREA);
}

/**
 * The brush centres from `from` to `to` (the centres of two consecutive pointer samples),
 * both included, in stroke order, each once. 'all' (the eraser, and every classic map) is the
 * grid's `line`; 'area' keeps its area tiles and, for each linear tile the line crosses, the
 * area tile beside it nearest the straight segment between the two centres — so consecutive
 * centres are adjoining ground and a size-1 brush leaves an unbroken trail.
 */
export function brushLine(grid: Grid, classes: Uint8Array | null, from: number, to: number, which: 'area' | 'all'): Int32Array {
  if (from < 0 || to < 0 || from >= grid.tileCount || to >= grid.tileCount) return new Int32Array(0);
  const line = grid.line(from, to);
  if (!classes || which === 'all') return line;
  const a = grid.center(from);
  const b = grid.center(to);
  const nb = new Int32Array(grid.directions);
  const out: number[] = [];
  const seen = new Set<number>();
  const keep = (t: number) => {
    if (t < 0 || seen.has(t)) return;
    seen.add(t);
    out.push(t);
  };
  for (const t of line) {
    if (classes[t] === TileClass.AREA) {
      keep(t);
      continue;
    }
    let best = -1;
    let bestD = Infinity;
    const deg = grid.neighbors(t, nb);
    for (let d = 0; d < deg; d++) {
      const u = nb[d]!;
      if (u < 0 || classes[u] !== TileClass.AREA) continue;
      const dd = segmentDistance2(grid.center(u), a, b);
      if (dd < bestD) {
        bestD = dd;
        best = u;
      }
    }
    keep(best);
  }
  return Int32Array.from(out);
}
