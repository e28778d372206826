/** The shared paint rules (SPEC §3) on every kind of map, AL-FORM and classic. */
import { describe, expect, it } from 'vitest';
import { TerrainMap } from './terrain-map.js';
import { InstanceLayer } from './instance-layer.js';
import { applyPlan, fillArea, PaintError, planEdgePaint, planPaint, writeValue } from './paint.js';
import { classifyTile, TileClass } from '../alform/classify.js';
import { loadDefaultCatalogue } from '../terrain/catalogue.testkit.js';
import { ONE_OF_EACH_KIND } from '../grid/conformance.testkit.js';

const catalogue = loadDefaultCatalogue();


function firstOfClass(map: TerrainMap, area: boolean): number {
  for (let i = 0; i < map.tileCount; i++) if ((classifyTile(map.grid, i) === TileClass.AREA) === area) return i;
  throw new Error('no tile of that class');
}

describe.each(ONE_OF_EACH_KIND)('AL-FORM $kind', (size) => {
  const make = () => TerrainMap.create({ size, alform: true });

  it('puts area terrain on area tiles and linear terrain on linear tiles', () => {
    const map = make();
    const area = firstOfClass(map, true);
    const linear = firstOfClass(map, false);
    const forest = planPaint(map, catalogue, [area], 'forest');
    expect(forest.changes).toEqual([{ layer: 'terrain', index: area, before: 0, after: 1 }]);
    expect(forest.palette).toEqual(['forest']);
    expect(map.palette).toEqual([]);
    applyPlan(map, forest);
    const river = planPaint(map, catalogue, [linear], 'river');
    applyPlan(map, river);
    expect(map.terrainAt(area)).toBe('forest');
    expect(map.terrainAt(linear)).toBe('river');
  });

  it('refuses the wrong class, naming the tile, and changes nothing', () => {
    const map = make();
    const area = firstOfClass(map, true);
    const linear = firstOfClass(map, false);
    expect(() => planPaint(map, catalogue, [area], 'river')).toThrow(new RegExp(`^tile ${map.grid.coord(area).join(',')} is an area tile; "river" is linear terrain$`));
    expect(() => planPaint(map, catalogue, [linear], 'forest')).toThrow(/is a linear tile \([A-Z-]+\); "forest" is area terrain$/);
    expect(() => planPaint(map, catalogue, [area, linear], 'forest')).toThrow(PaintError);
    expect(map.palette).toEqual([]);
    expect(Array.from(map.layers.terrain).every((v) => v === 0)).toBe(true);
  });

  it('refuses edges: linear terrain lives on linear tiles', () => {
    expect(() => planEdgePaint(make(), catalogue, 0, 0, 'river')).toThrow(/AL-FORM maps keep linear terrain on linear tiles/);
  });
});

describe('common rules', () => {
  it('erases anywhere, skips repeats and unchanged tiles', () => {
    const map = TerrainMap.create({ size: { kind: 'square', width: 3, height: 3 }, alform: true });
    applyPlan(map, planPaint(map, catalogue, [0, 2], 'clear'));
    const again = planPaint(map, catalogue, [0, 0, 2, 8], 'clear');
    expect(again.changes.map((c) => c.index)).toEqual([8]);
    const erase = planPaint(map, catalogue, [0, 1, 1], '');
    expect(erase.changes).toEqual([{ layer: 'terrain', index: 0, before: 1, after: 0 }]);
    expect(erase.palette).toBe(map.palette);
  });

  it('refuses unknown terrain and tiles off the map', () => {
    const map = TerrainMap.create({ size: { kind: 'square', width: 3, height: 3 } });
    expect(() => planPaint(map, catalogue, [0], 'lava')).toThrow(`"lava" is not a terrain of catalogue "${catalogue.name}"`);
    expect(() => planPaint(map, catalogue, [9], 'forest')).toThrow('tile index 9 is outside the map (0…8)');
    expect(() => planPaint(map, catalogue, [-1], 'forest')).toThrow('tile index -1 is outside the map (0…8)');
    expect(() => writeValue(map, 'edges', map.layers.edges!.length, 1)).toThrow(/edges index \d+ is outside the layer/);
  });

  it('keeps linear terrain off the tiles of classic maps and puts it on their edges', () => {
    const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 4, height: 4 } });
    expect(() => planPaint(map, catalogue, [5], 'river')).toThrow(/"river" is linear terrain; on a classic map it goes on a tile edge/);
    const plan = planEdgePaint(map, catalogue, 5, 1, 'river');
    expect(plan.changes).toEqual([{ layer: 'edges', index: map.grid.edgeSlot(5, 1), before: 0, after: 1 }]);
    applyPlan(map, plan);
    expect(map.edgeTerrainAt(5, 1)).toBe('river');
    expect(map.edgeTerrainAt(map.grid.neighbor(5, 1), 4)).toBe('river');
    expect(planEdgePaint(map, catalogue, 5, 1, 'river').changes).toEqual([]);
    expect(() => planEdgePaint(map, catalogue, 5, 1, 'forest')).toThrow(/tile edges take linear terrain; "forest" is area terrain/);
    expect(() => planEdgePaint(map, catalogue, 5, 6, 'river')).toThrow(/direction must be 0…5, got 6/);
    const corner = map.grid.index([0, 0]);
    const off = [0, 1, 2, 3, 4, 5].find((d) => map.grid.edgeSlot(corner, d) < 0)!;
    expect(() => planEdgePaint(map, catalogue, corner, off, 'river')).toThrow(`has no edge in direction ${off} (off the map)`);
  });

  it('refuses a 256th terrain', () => {
    const ids = catalogue.terrains.filter((t) => t.class === 'area').map((t) => t.id);
    const palette = Array.from({ length: 255 }, (_, k) => `t${k}`);
    const map = TerrainMap.create({ size: { kind: 'square', width: 2, height: 2 }, palette });
    expect(() => planPaint(map, catalogue, [0], ids[0]!)).toThrow(`a map holds at most 255 distinct terrains; cannot add "${ids[0]}"`);
  });

  it('fills area tiles only, with area terrain only', () => {
    const al = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 5, height: 5 }, alform: true });
    fillArea(al, catalogue, 'clear');
    for (let i = 0; i < al.tileCount; i++) expect(al.terrainAt(i)).toBe(classifyTile(al.grid, i) === TileClass.AREA ? 'clear' : '');
    const classic = TerrainMap.create({ size: { kind: 'square', width: 3, height: 2 } });
    fillArea(classic, catalogue, 'forest');
    expect(Array.from(classic.layers.terrain)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(() => fillArea(classic, catalogue, 'river')).toThrow('fill needs area terrain; "river" is linear');
  });
});

describe('tiles holding vector tile instances', () => {
  it('are not painted by hand, nor their edges: the instance gives their terrain', () => {
    const map = TerrainMap.create({ size: { kind: 'square', width: 3, height: 3 }, palette: ['clear'] });
    const layer = new InstanceLayer(map.grid);
    layer.set(4, 'sq-road-bend-1', 0);
    map.setInstances(layer);
    expect(() => planPaint(map, catalogue, [3, 4], 'forest')).toThrow('tile 1,1 holds the vector tile "sq-road-bend-1", which gives it its terrain; clear the tile first');
    const towards4 = [0, 2, 4, 6].find((d) => map.grid.neighbor(3, d) === 4)!;
    expect(() => planEdgePaint(map, catalogue, 3, towards4, 'river')).toThrow('tile 1,1 holds the vector tile "sq-road-bend-1"');
    expect(planPaint(map, catalogue, [3], 'forest').changes).toHaveLength(1);
  });
});
