/**
 * Terrain maps to rasters: ground exact at tile centres and interpolated between, cover from
 * the nearest tile, canopy as obstacle, linear features as 4-connected lines with heights.
 */
import { describe, expect, it } from 'vitest';
import { TerrainMap } from '../map/terrain-map.js';
import { loadDefaultCatalogue } from '../terrain/catalogue.testkit.js';
import { sightTablesFor } from '../sight/tables.js';
import { rasterizeTerrainMap } from './terrain-raster.js';
import { unitToCell } from './raster.js';
import type { Raster } from './raster.js';
import { sampleTerrainMap } from './raster.testkit.js';
import { traverseCells } from './traverse.js';

const catalogue = loadDefaultCatalogue();
const at = (r: Raster, x: number, y: number) => {
  if (r.frame.kind !== 'flat') throw new Error('flat');
  const [c, w] = unitToCell(r.frame, x, y);
  return Math.round(w) * r.width + Math.round(c);
};

describe('rasterizeTerrainMap', () => {
  it('classic square map: ground exact at centres, linear between, cover and canopy per tile', () => {
    const map = TerrainMap.create({ size: { kind: 'square', width: 4, height: 3 }, elevation: true, palette: ['clear', 'forest'] });
    map.layers.terrain.fill(1);
    map.layers.terrain[map.grid.index([3, 2])] = 2;
    for (let t = 0; t < map.tileCount; t++) map.layers.elevation![t] = 10 * t;
    const r = rasterizeTerrainMap(map, sightTablesFor(catalogue, map), { width: 41 });
    expect(r.width).toBe(41);
    expect(r.height).toBe(31); // the 4 × 3 map at 10.25 cells per tile, rounded up
    // Centres of (1, 1) and (2, 1): 10·5 and 10·6, and halfway between them the mean.
    expect(r.elevation[at(r, 1, 1)]).toBeCloseTo(50, 0);
    expect(r.elevation[at(r, 2, 1)]).toBeCloseTo(60, 0);
    expect(r.elevation[at(r, 1.5, 1)]).toBeCloseTo(55, 0);
    expect(r.cover[at(r, 3, 2)]).toBe(2);
    expect(r.obstacle[at(r, 3, 2)]).toBe(15);
    expect(r.cover[at(r, 0, 0)]).toBe(1);
    expect(r.obstacle[at(r, 0, 0)]).toBe(0);
    expect(r.inside.every((v) => v === 1)).toBe(true);
  });

  it('AL-FORM: a wall tile becomes a 4-connected line along its border, with the wall height', () => {
    const map = TerrainMap.create({ size: { kind: 'square', width: 9, height: 9 }, alform: true, palette: ['clear', 'wall'] });
    for (let y = 0; y < 9; y += 2) for (let x = 0; x < 9; x += 2) map.layers.terrain[map.grid.index([x, y])] = 1;
    for (let y = 0; y < 9; y += 2) map.layers.terrain[map.grid.index([3, y])] = 2; // X-EDGE tiles at x = 3
    const r = rasterizeTerrainMap(map, sightTablesFor(catalogue, map), { width: 90 });
    // Every row crossing the wall, between the first and last area tiles, has a wall cell.
    let rows = 0;
    for (let row = 0; row < r.height; row++) {
      let hit = false;
      for (let col = 0; col < r.width; col++) if (r.feature[row * r.width + col] === 2) hit = true;
      if (hit) rows++;
    }
    expect(rows).toBeGreaterThan(0.9 * r.height);
    expect(r.obstacle[at(r, 3, 4)]).toBe(2);
    expect(r.feature[at(r, 2, 4)]).toBe(0);
    // A diagonal ray across the wall always meets a wall cell (no diagonal slipping).
    for (let k = 0; k < 20; k++) {
      let met = false;
      traverseCells(10, 5 + k, 60, 60 - k, r.width, r.height, (c, w) => {
        if (r.feature[w * r.width + c] === 2) met = true;
      });
      expect(met).toBe(true);
    }
  });

  it('hex maps: only the map is inside; classic edges are drawn between their two tiles', () => {
    const map = TerrainMap.create({ size: { kind: 'hex-hexagon', diameter: 5 }, palette: ['clear', 'hedgerow'] });
    map.layers.terrain.fill(1);
    const centre = map.grid.index([0, 0, 0]);
    const slot = map.grid.edgeSlot(centre, 0);
    map.layers.edges![slot] = 2;
    const r = rasterizeTerrainMap(map, sightTablesFor(catalogue, map), { width: 200 });
    const inside = r.inside.reduce((s, v) => s + v, 0);
    const hexArea = (Math.sqrt(3) / 2) * 19; // 19 hexagons of unit inscribed diameter
    const cellArea = r.frame.kind === 'flat' ? r.frame.cell ** 2 : 0;
    expect(inside * cellArea).toBeGreaterThan(0.95 * hexArea);
    expect(inside * cellArea).toBeLessThan(1.05 * hexArea);
    const [x, y] = map.grid.center(centre) as [number, number];
    expect(r.feature[at(r, x, y + 0.5)]).toBe(2); // the border towards direction 0 (+y)
    expect(r.feature[at(r, x, y - 0.5)]).toBe(0);
  });

  it('a real-looking map: mountains rise as hills, lakes lie low, every channel is filled', () => {
    const map = sampleTerrainMap();
    const r = rasterizeTerrainMap(map, sightTablesFor(catalogue, map), { width: 256 });
    const mountains = map.terrainIndex('mountains');
    const lake = map.terrainIndex('lake');
    let mSum = 0;
    let mN = 0;
    let lSum = 0;
    let lN = 0;
    for (let i = 0; i < r.cover.length; i++) {
      if (r.cover[i] === mountains) {
        mSum += r.elevation[i]!;
        mN++;
      }
      if (r.cover[i] === lake) {
        lSum += r.elevation[i]!;
        lN++;
      }
    }
    expect(mN).toBeGreaterThan(0);
    expect(lN).toBeGreaterThan(0);
    expect(mSum / mN).toBeGreaterThan(lSum / lN + 200);
    expect(r.feature.some((v) => v === map.terrainIndex('river'))).toBe(true);
    expect(r.feature.some((v) => v === map.terrainIndex('hedgerow'))).toBe(true);
  });

  it('refuses bad sizes and the globe', () => {
    const map = TerrainMap.create({ size: { kind: 'square', width: 2, height: 2 } });
    const t = sightTablesFor(catalogue, map);
    expect(() => rasterizeTerrainMap(map, t, { width: 0 })).toThrow(/raster width must be a whole number/);
    expect(() => rasterizeTerrainMap(map, t, { width: 10, height: 1e6 })).toThrow(/raster height/);
    const globe = TerrainMap.create({ size: { kind: 'icosahedron', side: 2 } });
    expect(() => rasterizeTerrainMap(globe, sightTablesFor(catalogue, globe), { width: 10 })).toThrow(/rasterizeGlobe/);
  });
});
