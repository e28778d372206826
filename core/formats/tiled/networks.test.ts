/**
 * Through-tile networks through Tiled (issue 26): roads and railroads leave as the
 * "Sandtable networks" object layer and come back exactly, in TMX and TMJ, on square and hex
 * maps, AL-FORM maps included; bad objects are refused in one line naming them.
 */
import { describe, expect, it } from 'vitest';
import type { GridSize } from '../../grid/types.js';
import { TerrainMap } from '../../map/terrain-map.js';
import { CENTRE } from '../../map/network-code.js';
import { NetworkLayer } from '../../map/network-layer.js';
import { NetworkSides } from '../../map/network-sides.js';
import { chainThrough, planDrawChain } from '../../map/network-edit.js';
import { loadDefaultCatalogue } from '../../terrain/catalogue.testkit.js';
import { compileColours } from '../../terrain/compiled.js';
import { terrainSwatches } from './swatches.js';
import { generateMapping, terrainMapToTiled, tiledToTerrainMap } from './terrain.js';
import { parseTmx, writeTmx } from './tmx.js';
import { parseTmj, writeTmj } from './tmj.js';
import { NETWORK_LAYER_NAME } from './networks.js';
import type { TiledMap } from './types.js';

const catalogue = loadDefaultCatalogue();

function exported(map: TerrainMap): TiledMap {
  const sw = terrainSwatches(map.palette, compileColours(catalogue, map.palette), map.spec.kind === 'square' ? 'square' : 'hex', 't.png');
  return terrainMapToTiled(map, sw.reverse);
}

/** A map of clear with a road corner to corner, a railroad across it at level 2, and a town. */
function networkMap(size: GridSize, alform: boolean): TerrainMap {
  const map = TerrainMap.create({ size, alform, palette: ['clear', 'road', 'railroad'] });
  const sides = NetworkSides.of(map);
  for (let t = 0; t < map.tileCount; t++) if (sides.isGround(t)) map.layers.terrain[t] = 1;
  const ground = [...Array(map.tileCount).keys()].filter((t) => sides.isGround(t));
  const layer = new NetworkLayer(map.tileCount);
  const road = chainThrough(sides, [ground[0]!, ground[ground.length - 1]!]);
  layer.apply(planDrawChain(layer, sides, 2, road));
  layer.apply(planDrawChain(layer, sides, 3, chainThrough(sides, [ground[Math.floor(ground.length / 3)]!, ground[Math.floor((2 * ground.length) / 3)]!]), 2));
  layer.setJunctions(road[1]!, [{ port: CENTRE, type: 'city', slots: 2, revenue: 30, toward: null, name: 'Lyon' }]);
  map.setNetworks(layer);
  return map;
}

function sameNetworks(a: TerrainMap, b: TerrainMap): void {
  const named = (m: TerrainMap) =>
    m.networks!.tiles().map((t) => [t, m.networks!.at(t).map((c) => [m.terrainOf((c >> 10) & 255), c & 1023])]);
  expect(named(b)).toEqual(named(a));
  for (const t of a.networks!.junctionTiles()) expect(b.networks!.junctionsAt(t)).toEqual(a.networks!.junctionsAt(t));
}

describe('networks in Tiled', () => {
  it.each([
    [{ kind: 'hex-rectangle', width: 7, height: 6 } as GridSize, false],
    [{ kind: 'square', width: 6, height: 5 } as GridSize, false],
    [{ kind: 'hex-rectangle', width: 9, height: 7 } as GridSize, true],
    [{ kind: 'square', width: 9, height: 9 } as GridSize, true],
  ])('%o (AL-FORM %s) round-trips TMX and TMJ exactly', (size, alform) => {
    const map = networkMap(size, alform);
    const tiled = exported(map);
    expect(tiled.objectgroups?.map((g) => g.name)).toContain(NETWORK_LAYER_NAME);
    for (const back of [parseTmx(writeTmx(tiled), { source: 'm.tmx' }), parseTmj(writeTmj(tiled), { source: 'm.tmj' })]) {
      expect(back.skipped).toEqual([]);
      const read = tiledToTerrainMap(back, generateMapping(back), { source: 'm' });
      expect(read.spec).toEqual(map.spec);
      sameNetworks(map, read);
    }
  });

  it('a map without networks writes no network layer', () => {
    const map = TerrainMap.create({ size: { kind: 'square', width: 3, height: 3 }, palette: ['clear'] });
    map.layers.terrain.fill(1);
    expect(exported(map).objectgroups ?? []).toEqual([]);
  });

  it('refuses a bad connection or cell in one line naming the object', () => {
    const tiled = exported(networkMap({ kind: 'hex-rectangle', width: 7, height: 6 }, false));
    const text = writeTmx(tiled);
    const bad = text.replace(/(name="connections" value=")[^"]*/, '$1road:0-9x:0');
    expect(() => tiledToTerrainMap(parseTmx(bad, { source: 'm.tmx' }), generateMapping(parseTmx(bad, { source: 'm.tmx' })), { source: 'm' })).toThrow(
      /m: object layer "Sandtable networks", object 1, property "connections": expected "terrain:a-b:level"/,
    );
    const side = text.replace(/(name="connections" value=")[^"]*/, '$1road:7-8:0');
    expect(() => tiledToTerrainMap(parseTmx(side, { source: 'm.tmx' }), generateMapping(parseTmx(side, { source: 'm.tmx' })), { source: 'm' })).toThrow(/port 7 is not a side \(0…5\)/);
    const cell = text.replace(/(name="cell" value=")[^"]*/, '$199,99');
    expect(() => tiledToTerrainMap(parseTmx(cell, { source: 'm.tmx' }), generateMapping(parseTmx(cell, { source: 'm.tmx' })), { source: 'm' })).toThrow(/property "cell": expected a cell "column,row" on the map, got "99,99"/);
  });
});
