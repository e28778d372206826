/**
 * Heightmap PNGs decoded back with fast-png: 16-bit grey, values at known cells, one scale
 * across tiles, and the sidecar that turns values back into metres.
 */
import { describe, expect, it } from 'vitest';
import { decode } from 'fast-png';
import { allocRaster } from '../raster/raster.js';
import type { Raster } from '../raster/raster.js';
import { elevationRange, heightmapPng, heightmapTiles } from './heightmap.js';

function ramp(w: number, h: number): Raster {
  const r = allocRaster(w, h, { kind: 'flat', left: 0, top: h, cell: 1 }, 5, ['clear']);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      r.elevation[y * w + x] = 100 + 10 * x - 3 * y; // 100 … 100 + 10(w−1)
      r.inside[y * w + x] = 1;
    }
  }
  return r;
}

describe('heightmapPng', () => {
  it('16-bit grayscale, min → 0, max → 65535, metres back through the sidecar', () => {
    const r = ramp(50, 20);
    r.inside[0] = 0; // one cell off the map
    const { png, sidecar } = heightmapPng(r);
    const img = decode(png);
    expect([img.width, img.height, img.depth, img.channels]).toEqual([50, 20, 16, 1]);
    const { min, max } = elevationRange(r);
    expect(sidecar).toMatchObject({ width: 50, height: 20, min, max, offset: min, cellMetres: 5 });
    const v = (x: number, y: number) => (img.data as Uint16Array)[y * 50 + x]!;
    expect(v(0, 0)).toBe(0); // off the map
    expect(v(49, 0)).toBe(65535); // the highest cell
    expect(v(0, 19)).toBe(0); // the lowest: 100 − 57
    for (const [x, y] of [
      [10, 5],
      [33, 12],
      [2, 18],
    ] as const) {
      expect(sidecar.offset + v(x, y) * sidecar.scale).toBeCloseTo(100 + 10 * x - 3 * y, 1);
    }
  });

  it('tiles share one minimum and maximum, so they join without steps', () => {
    const r = ramp(50, 20);
    const tiles = heightmapTiles(r, 16);
    expect(tiles.map((t) => t.name)).toContain('heightmap-1-3');
    expect(tiles).toHaveLength(4 * 2);
    const whole = decode(heightmapPng(r).png).data as Uint16Array;
    for (const t of tiles) {
      expect(t.sidecar.min).toBe(tiles[0]!.sidecar.min);
      expect(t.sidecar.max).toBe(tiles[0]!.sidecar.max);
      const img = decode(t.png);
      const data = img.data as Uint16Array;
      for (let y = 0; y < img.height; y++) for (let x = 0; x < img.width; x++) expect(data[y * img.width + x]).toBe(whole[(t.sidecar.row + y) * 50 + t.sidecar.col + x]);
    }
    // The last column of tiles is 50 − 48 = 2 cells wide.
    expect(tiles.find((t) => t.name === 'heightmap-0-3')!.sidecar.width).toBe(2);
  });

  it('a given range clamps, and a bad one is refused', () => {
    const r = ramp(10, 2);
    const img = decode(heightmapPng(r, { min: 120, max: 150 }).png).data as Uint16Array;
    expect(img[0]).toBe(0);
    expect(img[9]).toBe(65535);
    expect(() => heightmapPng(r, { min: 5, max: 1 })).toThrow(/min ≤ max/);
    expect(() => heightmapTiles(r, 0)).toThrow(/tile size/);
  });
});
