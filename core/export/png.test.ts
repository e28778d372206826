import { describe, expect, it } from 'vitest';
import { decode } from 'fast-png';
import { TerrainMap } from '../map/terrain-map.js';
import { loadDefaultCatalogue } from '../terrain/catalogue.testkit.js';
import { renderPng } from './png.js';
import { sampleMap } from './export.testkit.js';
import { EXPORT_LIMITS } from '../util/limits.js';

const catalogue = loadDefaultCatalogue();
const plain = { grid: false, numbers: false, symbols: false, legend: false } as const;

function pixel(png: { width: number; data: ArrayLike<number> }, x: number, y: number): string {
  const o = 3 * (Math.round(y) * png.width + Math.round(x));
  return `#${[0, 1, 2].map((k) => png.data[o + k]!.toString(16).padStart(2, '0')).join('')}`;
}

describe('PNG export', () => {
  it('draws each tile in its terrain colour at its place, at the size asked for', () => {
    const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 8, height: 6 }, palette: ['clear', 'forest', 'ocean'] });
    for (let i = 0; i < map.tileCount; i++) map.layers.terrain[i] = 1 + (i % 3);
    const r = renderPng(map, catalogue, { ...plain, size: 400 });
    const png = decode(r.bytes);
    expect([png.width, png.height, png.depth, png.channels]).toEqual([r.width, r.height, 8, 3]);
    expect(Math.max(png.width, png.height)).toBe(400);
    expect(r.drawn.tiles).toBe(map.tileCount);
    // Tile centres → pixels: the picture spans the drawn bounds, y flipped.
    const colours = ['#c8d88a', '#3f7a3a', '#1f4e79'];
    const [bx0, , , by1] = bounds(map);
    const scale = 400 / Math.max(...span(map));
    for (const i of [0, 5, 13, 30, 47]) {
      const [x, y] = map.grid.center(i) as [number, number];
      expect(pixel(png, (x - bx0) * scale, (by1 - y) * scale), `tile ${i}`).toBe(colours[i % 3]);
    }
  });

  it('adds the grid, symbols, numbers and a legend band on a real-looking map', () => {
    const map = sampleMap(12, 8);
    const bare = renderPng(map, catalogue, { ...plain, size: 900 });
    const full = renderPng(map, catalogue, { size: 900 });
    expect(full.height).toBeGreaterThan(bare.height);
    expect(full.drawn.labels).toBe(12 * 8);
    expect(full.drawn.symbols).toBeGreaterThan(0);
    expect(full.drawn.lines).toBeGreaterThan(0);
    expect(full.drawn.polygons).toBeGreaterThan(bare.drawn.polygons);
  });

  it('leaves out symbols and numbers where tiles are too small to carry them', () => {
    const map = sampleMap(60, 40);
    const r = renderPng(map, catalogue, { size: 300, legend: false });
    expect(r.drawn.labels).toBe(0);
    expect(r.drawn.symbols).toBe(0);
  });

  it('exports a region: only the tiles near the box, at the dpi asked for', () => {
    const map = sampleMap(20, 14);
    const from = map.grid.index([4, 4]);
    const to = map.grid.index([12, 10]);
    const r = renderPng(map, catalogue, { ...plain, region: { from, to }, dpi: 100, tileMm: 25.4 });
    // 100 px per inch, one area tile an inch across: the box of 5 area tiles spans ~5 tiles.
    expect(r.width).toBeGreaterThan(450);
    expect(r.width).toBeLessThan(700);
    const whole = renderPng(map, catalogue, { ...plain, size: 200 });
    expect(r.drawn.tiles).toBeLessThan(whole.drawn.tiles / 3);
  });

  it('refuses an absurd resolution with one line before allocating', () => {
    const map = sampleMap(20, 14);
    expect(() => renderPng(map, catalogue, { dpi: 2400, tileMm: 200 }, 'big.json')).toThrow(
      new RegExp(`^big.json: the PNG export: the picture would be \\d+×\\d+ pixels; the limit is ${EXPORT_LIMITS.maxSide} pixels a side`),
    );
    expect(() => renderPng(map, catalogue, { size: 10 ** 9 })).toThrow(/size must be an integer from 16 to 32768/);
    expect(() => renderPng(map, catalogue, { size: 100, dpi: 100 })).toThrow(/either size \(pixels\) or dpi/);
  });

  it('draws the globe in equirectangular projection, twice as wide as tall', () => {
    const map = TerrainMap.create({ size: { kind: 'icosahedron', side: 6 }, palette: ['ocean', 'forest'] });
    for (let i = 0; i < map.tileCount; i++) map.layers.terrain[i] = i % 2 ? 2 : 1;
    const r = renderPng(map, catalogue, { ...plain, size: 720 });
    const png = decode(r.bytes);
    expect([png.width, png.height]).toEqual([720, 360]);
    // No hole: every pixel is ocean or forest, also at the poles and the antimeridian.
    const seen = new Set<string>();
    for (let y = 0; y < 360; y += 7) for (let x = 0; x < 720; x += 7) seen.add(pixel(png, x, y));
    for (const x of [0, 719]) for (const y of [1, 180, 358]) seen.add(pixel(png, x, y));
    expect([...seen].sort()).toEqual(['#1f4e79', '#3f7a3a']);
  });
});

function bounds(map: TerrainMap): [number, number, number, number] {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let i = 0; i < map.tileCount; i++) {
    for (const [x, y] of map.grid.corners(i) as [number, number][]) {
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
  }
  return [x0, y0, x1, y1];
}

function span(map: TerrainMap): [number, number] {
  const [x0, y0, x1, y1] = bounds(map);
  return [x1 - x0, y1 - y0];
}
