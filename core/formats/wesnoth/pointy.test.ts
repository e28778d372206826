import { describe, expect, it } from 'vitest';
import { TerrainMap } from '../../map/terrain-map.js';
import { exportWesnoth } from './export.js';

describe('Wesnoth export of a pointy-top map (issue 30)', () => {
  it('is refused with one line: Wesnoth maps are flat-topped only', () => {
    const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 4, height: 5 }, orientation: 'pointy', palette: ['clear'] });
    map.layers.terrain.fill(1);
    expect(() => exportWesnoth(map)).toThrow(/^Wesnoth maps are flat-topped only; this map is pointy-topped — export it to Tiled \(stagger axis y\) instead$/);
    const flat = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 4, height: 5 }, palette: ['clear'] });
    flat.layers.terrain.fill(1);
    expect(exportWesnoth(flat).data.width).toBe(4);
  });
});
