import { describe, expect, it } from 'vitest';
import { floodFill } from './fill.js';
import { floodFill as coreFloodFill } from '../../../core/map/flood-fill.js';
import { TerrainMap } from '../../../core/map/terrain-map.js';
import { tileClasses } from '../../../core/alform/tile-classes.js';
import type { LoadedMap } from './map-model.js';

function loaded(map: TerrainMap): LoadedMap {
  return { id: 'm', summary: { id: 'm', name: 'm', kind: map.spec.kind, size: '', alform: map.spec.alform, tileCount: map.tileCount, updatedAt: '' }, map, classes: map.spec.alform ? tileClasses(map.grid) : null };
}

// The rule itself (classes, linear features, square corners) is tested in core/map/flood-fill.test.ts,
// its one home; the fill tool must give exactly core's region for the open map.
describe('fill tool flood fill', () => {
  it("is core's flood fill of the loaded map, from every start tile", () => {
    const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 11, height: 9 }, alform: true });
    // Forest scattered over clear land, and a river down column x = 5.
    for (let i = 0; i < map.tileCount; i++) map.setTerrain(i, map.grid.coord(i)[0] === 5 ? 'river' : i % 5 === 0 ? 'forest' : 'clear');
    const open = loaded(map);
    for (let t = -1; t < map.tileCount; t++) expect(Array.from(floodFill(open, t)), `start ${t}`).toEqual(Array.from(coreFloodFill(map, t)));
  });
});
