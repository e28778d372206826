import { describe, expect, it } from 'vitest';
import { TerrainMap } from '../map/terrain-map.js';
import { deriveTactical } from './derive.js';
import { catalogue, strategicMap } from './derive.testkit.js';

describe('deriving from a pointy-top map (issue 30)', () => {
  it('gives a pointy-top derived map with the same terrain as from the flat-top parent', () => {
    const flat = strategicMap({ kind: 'hex-rectangle', width: 9, height: 9 });
    const pointy = TerrainMap.fromLayers({ ...flat.spec, orientation: 'pointy' }, flat.palette, flat.layers, flat.meta);
    const tiles = [flat.grid.index([4, 6])];
    const a = deriveTactical(flat, { catalogue, tiles, seed: 3 });
    const b = deriveTactical(pointy, { catalogue, tiles, seed: 3 });
    expect(a.spec.orientation).toBeUndefined();
    expect(b.spec.orientation).toBe('pointy');
    expect(b.meta.orientation).toBe('pointy');
    // Topology is the same, so derivation is: the same tiles, drawn a quarter turn.
    expect(Array.from(b.layers.terrain, (v) => b.terrainOf(v))).toEqual(Array.from(a.layers.terrain, (v) => a.terrainOf(v)));
  });
});
