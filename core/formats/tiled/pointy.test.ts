/**
 * Pointy-top maps through Tiled (issue 30): a pointy map leaves as a hexagonal map staggered
 * along y, tile rows as Tiled rows, with pointy-top swatches, and comes back the same map —
 * terrain, hexside rivers and roads, orientation.
 */
import { describe, expect, it } from 'vitest';
import { TerrainMap } from '../../map/terrain-map.js';
import { loadDefaultCatalogue } from '../../terrain/catalogue.testkit.js';
import { compileColours } from '../../terrain/compiled.js';
import { terrainSwatches } from './swatches.js';
import { generateMapping, terrainMapToTiled, tiledToTerrainMap } from './terrain.js';
import { parseTmx, writeTmx } from './tmx.js';
import { parseTmj, writeTmj } from './tmj.js';

const catalogue = loadDefaultCatalogue();

/** 5 rows of 8 pointy hexes (our grid: 5 columns of 8), a forest, a river and a road on hexsides. */
function pointyMap(): TerrainMap {
  const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 5, height: 8 }, orientation: 'pointy' });
  for (let i = 0; i < map.tileCount; i++) map.setTerrain(i, i % 3 === 0 ? 'forest' : 'clear');
  map.setEdgeTerrain(10, 0, 'river');
  map.setEdgeTerrain(10, 1, 'river');
  map.setEdgeTerrain(19, 2, 'road');
  return map;
}

describe('pointy-top maps in Tiled', () => {
  it('export as stagger axis y, even: Tiled rows are the map\'s rows, with pointy swatches and side length', () => {
    const map = pointyMap();
    const sw = terrainSwatches(map.palette, compileColours(catalogue, map.palette), 'pointy-hex', 't.png');
    expect([sw.reverse.tileset.tilewidth, sw.reverse.tileset.tileheight]).toEqual([28, 32]);
    const tiled = terrainMapToTiled(map, sw.reverse);
    expect(tiled).toMatchObject({ orientation: 'hexagonal', staggeraxis: 'y', staggerindex: 'even', width: 8, height: 5, hexsidelength: 16 });
    // Tiled (col, row) = (place in the row, row): the map's top-left hex is Tiled's (0, 0).
    const topLeft = map.grid.pick([map.grid.center(0)[0]!, map.grid.center(0)[1]!]);
    const data = tiled.layers[0]!.data;
    expect(data[0]).toBe(map.terrainAt(topLeft) === 'forest' ? sw.reverse.tiles.forest! + 1 : sw.reverse.tiles.clear! + 1);
    const rightOfIt = map.grid.pick([map.grid.center(0)[0]! + 1, map.grid.center(0)[1]!]);
    expect(data[1]).toBe(sw.reverse.tiles[map.terrainAt(rightOfIt)]! + 1);
    expect(tiled.objectgroups![0]!.objects).toHaveLength(3);
  });

  it('come back from TMX and TMJ as the same pointy map, hexsides included', () => {
    const map = pointyMap();
    const sw = terrainSwatches(map.palette, compileColours(catalogue, map.palette), 'pointy-hex', 't.png');
    const tiled = terrainMapToTiled(map, sw.reverse);
    for (const t of [parseTmx(writeTmx(tiled), { source: 'm.tmx' }), parseTmj(writeTmj(tiled), { source: 'm.tmj' })]) {
      const back = tiledToTerrainMap(t, generateMapping(t), { source: 'm' });
      expect(back.spec).toEqual(map.spec);
      const ids = (m: TerrainMap, layer: Uint8Array | null) => Array.from(layer ?? [], (v) => m.terrainOf(v));
      expect(ids(back, back.layers.terrain)).toEqual(ids(map, map.layers.terrain));
      expect(ids(back, back.layers.edges)).toEqual(ids(map, map.layers.edges));
    }
  });
});
