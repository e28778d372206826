/**
 * 16-bit grayscale heightmap PNGs of a raster's elevation (issue 17; Azgaar's users ask for
 * them, #78), encoded with fast-png. A value v in 0…65535 stands for `min + v · scale`
 * metres, scale = (max − min) / 65535; the sidecar JSON says so, with the cell size, so a game
 * engine or GIS can rebuild metres. Exported in tiles, every tile shares one min and max (the
 * whole raster's, or the caller's), so the tiles join without steps. Cells off the map hold 0
 * (the minimum) and are listed as such in the sidecar.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { encode } from 'fast-png';
import type { Raster } from '../raster/raster.js';

export const HEIGHTMAP_FORMAT = 'sandtable-heightmap';

export interface HeightmapSidecar {
  readonly format: typeof HEIGHTMAP_FORMAT;
  readonly version: 1;
  /** This PNG's size and its place in the whole raster (cells). */
  readonly width: number;
  readonly height: number;
  readonly col: number;
  readonly row: number;
  readonly rasterWidth: number;
  readonly rasterHeight: number;
  /** metres = offset + value × scale. */
  readonly min: number;
  readonly max: number;
  readonly offset: number;
  readonly scale: number;
  /** Horizontal size of one cell in metres. */
  readonly cellMetres: number;
  readonly offMap: 'min';
}

export interface HeightmapOptions {
  /** Metres mapped to 0 and 65535; default the raster's own range (a flat raster: min … min + 1). */
  readonly min?: number;
  readonly max?: number;
}

export interface HeightmapTile {
  /** File name stem: heightmap-<row>-<col> (tile rows and columns from 0). */
  readonly name: string;
  readonly png: Uint8Array;
  readonly sidecar: HeightmapSidecar;
}

/** The elevation range of the cells on the map. */
export function elevationRange(r: Raster): { min: number; max: number } {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < r.elevation.length; i++) {
    if (!r.inside[i]) continue;
    const v = r.elevation[i]!;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return min <= max ? { min, max } : { min: 0, max: 0 };
}

function rangeOf(r: Raster, options: HeightmapOptions): { min: number; max: number } {
  const own = options.min === undefined || options.max === undefined ? elevationRange(r) : null;
  const min = options.min ?? own!.min;
  let max = options.max ?? own!.max;
  if (!Number.isFinite(min) || !Number.isFinite(max) || max < min) throw new RangeError(`heightmap range must be finite with min ≤ max; got ${min} … ${max}`);
  if (max === min) max = min + 1;
  return { min, max };
}

function encodeWindow(r: Raster, col: number, row: number, w: number, h: number, min: number, max: number): HeightmapTile {
  const data = new Uint16Array(w * h);
  const k = 65535 / (max - min);
  for (let y = 0; y < h; y++) {
    let p = (row + y) * r.width + col;
    for (let x = 0; x < w; x++, p++) {
      if (!r.inside[p]) continue;
      const v = Math.round((r.elevation[p]! - min) * k);
      data[y * w + x] = v < 0 ? 0 : v > 65535 ? 65535 : v;
    }
  }
  const png = encode({ width: w, height: h, data, depth: 16, channels: 1 }, { zlib: { level: 1 } }); // level 1: a 4096² heightmap in a fraction of the time, a few percent larger
  const sidecar: HeightmapSidecar = {
    format: HEIGHTMAP_FORMAT,
    version: 1,
    width: w,
    height: h,
    col,
    row,
    rasterWidth: r.width,
    rasterHeight: r.height,
    min,
    max,
    offset: min,
    scale: (max - min) / 65535,
    cellMetres: r.cellMetres,
    offMap: 'min',
  };
  return { name: `heightmap-${Math.floor(row / Math.max(1, h))}-${Math.floor(col / Math.max(1, w))}`, png, sidecar };
}

/** The whole raster as one 16-bit PNG and its sidecar. */
export function heightmapPng(r: Raster, options: HeightmapOptions = {}): { png: Uint8Array; sidecar: HeightmapSidecar } {
  const { min, max } = rangeOf(r, options);
  const t = encodeWindow(r, 0, 0, r.width, r.height, min, max);
  return { png: t.png, sidecar: t.sidecar };
}

/** The raster cut into tiles of `tileSize` cells (the last row and column may be smaller), all on one scale. */
export function heightmapTiles(r: Raster, tileSize: number, options: HeightmapOptions = {}): HeightmapTile[] {
  if (!Number.isInteger(tileSize) || tileSize < 1) throw new RangeError(`heightmap tile size must be a whole number of cells ≥ 1, got ${tileSize}`);
  const { min, max } = rangeOf(r, options);
  const tiles: HeightmapTile[] = [];
  for (let row = 0; row < r.height; row += tileSize) {
    for (let col = 0; col < r.width; col += tileSize) {
      const t = encodeWindow(r, col, row, Math.min(tileSize, r.width - col), Math.min(tileSize, r.height - row), min, max);
      tiles.push({ ...t, name: `heightmap-${row / tileSize}-${col / tileSize}` });
    }
  }
  return tiles;
}
