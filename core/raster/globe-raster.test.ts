/** The globe as an equirectangular raster: every cell on the globe, cover from the nearest tile, ground smooth and in range. */
import { describe, expect, it } from 'vitest';
import { TerrainMap } from '../map/terrain-map.js';
import { loadDefaultCatalogue } from '../terrain/catalogue.testkit.js';
import { sightTablesFor } from '../sight/tables.js';
import { globeGeometry } from '../movement/heuristic.js';
import { rasterizeGlobe } from './globe-raster.js';

const catalogue = loadDefaultCatalogue();

describe('rasterizeGlobe', () => {
  it('equirectangular: cover of the nearest tile, ground blended smoothly between tile grounds', () => {
    const map = TerrainMap.create({ size: { kind: 'icosahedron', side: 6 }, elevation: true, palette: ['clear', 'forest', 'mountains'] });
    const c = globeGeometry(map.grid).centers;
    for (let t = 0; t < map.tileCount; t++) {
      map.layers.terrain[t] = c[3 * t + 2]! > 0.5 ? 2 : 1; // forest around the north pole
      map.layers.elevation![t] = Math.round(100 * c[3 * t]!); // rising towards +x
    }
    const r = rasterizeGlobe(map, sightTablesFor(catalogue, map), { width: 128 });
    expect([r.width, r.height, r.frame.kind]).toEqual([128, 64, 'equirectangular']);
    expect(r.inside.every((v) => v === 1)).toBe(true);
    expect(r.cover[0]).toBe(2); // the top row: the pole, forest
    expect(r.obstacle[0]).toBe(15);
    expect(r.cover[40 * 128]).toBe(1);
    // Longitude 0 (towards +x) is high, 180° low; the ground changes by little from cell to cell.
    const at = (lonDeg: number, latDeg: number) => r.elevation[Math.floor(((90 - latDeg) / 180) * 64) * 128 + Math.floor(((lonDeg + 180) / 360) * 128)]!;
    expect(at(0, 0)).toBeGreaterThan(85);
    expect(at(179, 0)).toBeLessThan(-85);
    let jump = 0;
    for (let j = 0; j < 64; j++) for (let i = 1; i < 128; i++) jump = Math.max(jump, Math.abs(r.elevation[j * 128 + i]! - r.elevation[j * 128 + i - 1]!));
    expect(jump).toBeLessThan(15); // tiles here are ~20 m of elevation apart; the blend spreads each step
    expect(r.cellMetres).toBeCloseTo((2 * Math.PI * 6_371_000) / 128, 0);
  });

  it('refuses flat maps and bad sizes', () => {
    const flat = TerrainMap.create({ size: { kind: 'square', width: 2, height: 2 } });
    expect(() => rasterizeGlobe(flat, sightTablesFor(catalogue, flat), { width: 10 })).toThrow(/expected a globe/);
    const globe = TerrainMap.create({ size: { kind: 'icosahedron', side: 2 } });
    expect(() => rasterizeGlobe(globe, sightTablesFor(catalogue, globe), { width: 0 })).toThrow(/raster width/);
  });
});
