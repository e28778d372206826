import { describe, expect, it } from 'vitest';
import { TerrainMap } from '../map/terrain-map.js';
import { checkWorld } from './check-world.js';
import { NetworkLayer } from '../map/network-layer.js';
import { NetworkSides } from '../map/network-sides.js';
import { planDrawChain } from '../map/network-edit.js';

/** A 5 × 5 (area) AL-FORM square map of clear ground, elevation on, sea along the left column. */
function basin(): TerrainMap {
  const map = TerrainMap.create({ size: { kind: 'square', width: 9, height: 9 }, alform: true, elevation: true });
  for (let x = 0; x < 9; x += 2) for (let y = 0; y < 9; y += 2) map.layers.terrain[map.grid.index([x, y])] = map.terrainIndex(x === 0 ? 'ocean' : 'clear');
  return map;
}

const paint = (map: TerrainMap, id: string, tiles: [number, number, number][]): void => {
  for (const [x, y, metres] of tiles) {
    const t = map.grid.index([x, y]);
    map.layers.terrain[t] = map.terrainIndex(id);
    map.layers.elevation![t] = metres;
  }
};

describe('checkWorld', () => {
  it('counts nothing on a river falling to the sea', () => {
    const map = basin();
    // Along row y = 3 (linear tiles x odd are VERTEX, x even Y-EDGE): from x = 7 down to the sea at x = 1.
    paint(map, 'river', [[1, 3, 1], [2, 3, 2], [3, 3, 3], [4, 3, 4], [5, 3, 5]]);
    const c = checkWorld(map);
    expect(c).toMatchObject({ uphillRivers: 0, riversEndingInland: 0, elevation: true });
  });

  it('counts a river ending inland and one climbing out of a hollow', () => {
    const inland = basin();
    paint(inland, 'river', [[3, 3, 3], [4, 3, 4], [5, 3, 5]]);
    expect(checkWorld(inland).riversEndingInland).toBe(1);
    const hollow = basin();
    paint(hollow, 'river', [[1, 3, 1], [2, 3, 5], [3, 3, 2], [4, 3, 6]]);
    expect(checkWorld(hollow).uphillRivers).toBe(1);
  });

  it('counts straight borders and exempts settlements', () => {
    const map = basin();
    expect(checkWorld(map).straightBorderRuns).toBeGreaterThan(0);
    for (let y = 0; y < 9; y += 2) map.layers.terrain[map.grid.index([2, y])] = map.terrainIndex('village');
    expect(checkWorld(map).straightBorderRuns).toBe(0);
  });

  it('counts a road along a river, not one across it', () => {
    const draw = (map: TerrainMap, tiles: [number, number][]) => {
      const layer = map.networks ?? new NetworkLayer(map.tileCount);
      layer.apply(planDrawChain(layer, NetworkSides.of(map), map.terrainIndex('road'), tiles.map((c) => map.grid.index(c))));
      map.setNetworks(layer);
    };
    const river = (): TerrainMap => {
      const map = basin();
      // A river down the linear tiles at x = 5 (between area columns 4 and 6).
      paint(map, 'river', [[5, 8, 8], [5, 7, 7], [5, 6, 6], [5, 5, 5], [5, 4, 4], [5, 3, 3], [5, 2, 2], [5, 1, 1], [5, 0, 0]]);
      return map;
    };
    const along = river();
    draw(along, [[4, 0], [4, 2], [4, 4], [4, 6], [4, 8]]);
    expect(checkWorld(along).parallelFeatures).toBe(4);
    const across = river();
    draw(across, [[2, 4], [4, 4], [6, 4], [8, 4]]);
    expect(checkWorld(across)).toMatchObject({ parallelFeatures: 0, crossingAngles: 0, roadSetback: 0, tripleFeatures: 0 });
  });

  it('checks classic maps through their AL-FORM image, rivers only with elevation', () => {
    const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 6, height: 5 } });
    map.layers.terrain.fill(map.terrainIndex('clear'));
    expect(checkWorld(map)).toEqual({ straightBorderRuns: 0, parallelFeatures: 0, crossingAngles: 0, roadSetback: 0, tripleFeatures: 0, uphillRivers: 0, riversEndingInland: 0, elevation: false });
  });
});
