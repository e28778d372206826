/** A pointy-top hex map rasterizes as it is drawn: rows across, each tile's cover under its centre. */
import { describe, expect, it } from 'vitest';
import { TerrainMap } from '../map/terrain-map.js';
import { loadDefaultCatalogue } from '../terrain/catalogue.testkit.js';
import { sightTablesFor } from '../sight/tables.js';
import { rasterizeTerrainMap } from './terrain-raster.js';
import { unitToCell } from './raster.js';

const catalogue = loadDefaultCatalogue();

describe('rasterizeTerrainMap on a pointy-top map (issue 30)', () => {
  it('is wide where the map is wide, and puts each tile\'s cover at its centre as the grid draws it', () => {
    // 3 columns of 12: drawn pointy, 3 rows of 12 hexes — about 12 wide and 3·√3/2 tall.
    const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 3, height: 12 }, orientation: 'pointy', palette: ['clear', 'forest'] });
    map.layers.terrain.fill(1);
    const painted = [map.grid.index([1, 5]), map.grid.index([2, 11]), map.grid.index([0, 0])];
    for (const t of painted) map.layers.terrain[t] = 2;
    const r = rasterizeTerrainMap(map, sightTablesFor(catalogue, map), { width: 240 });
    expect(r.height).toBeLessThan(r.width / 3);
    if (r.frame.kind !== 'flat') throw new Error('flat');
    for (let t = 0; t < map.tileCount; t++) {
      const [x, y] = map.grid.center(t) as [number, number];
      const [c, w] = unitToCell(r.frame, x, y);
      expect(r.cover[Math.floor(w) * r.width + Math.floor(c)]).toBe(painted.includes(t) ? 2 : 1);
    }
  });
});
