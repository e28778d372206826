import { describe, expect, it } from 'vitest';
import { TerrainMap } from '../../core/map/terrain-map.js';
import { NetworkLayer } from '../../core/map/network-layer.js';
import { NetworkSides } from '../../core/map/network-sides.js';
import { planDrawChain } from '../../core/map/network-edit.js';
import { packMap, unpackMap } from './job-protocol.js';

describe('a map between a job worker and the main thread', () => {
  it('keeps its through-tile networks and junctions (a derived map\'s roads and streets)', () => {
    const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 9, height: 9 }, alform: true, meta: { name: 'roads' } });
    const sides = NetworkSides.of(map);
    const a = map.grid.index([2, 4]);
    const b = sides.across(a, 1);
    const c = sides.across(b, 1);
    const layer = new NetworkLayer(map.grid.tileCount);
    layer.apply(planDrawChain(layer, sides, map.terrainIndex('road'), [a, b, c]));
    layer.setJunctions(b, [{ port: 8, type: 'town', slots: 0, revenue: 10, toward: null }]);
    map.setNetworks(layer);
    // What postMessage does to the packed map: a structured clone.
    const back = unpackMap(structuredClone(packMap(map, true)));
    expect(back.networks!.tiles()).toEqual(layer.tiles());
    for (const t of layer.tiles()) expect(back.networks!.at(t)).toEqual(layer.at(t));
    expect(back.networks!.junctionsAt(b)).toEqual(layer.junctionsAt(b));
    // A map without networks packs none.
    map.setNetworks(null);
    expect(packMap(map, true).networks).toBeUndefined();
  });
});
