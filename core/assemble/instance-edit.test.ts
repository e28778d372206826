import { describe, expect, it } from 'vitest';
import { TerrainMap } from '../map/terrain-map.js';
import { mapFromJsonText, mapToJsonText } from '../map/map-json.js';
import { ROAD_TILES } from './assemble.testkit.js';
import { applyInstancePlan, placementsOf, planInstances, writeInstanceChanges } from './instance-edit.js';
import { AssemblyLibrary } from './library.js';
import { encodePlacement } from '../map/orientation-code.js';
import { assemble } from './solver.js';
import { InstanceLayer } from '../map/instance-layer.js';
import { checkAssembly } from './check.js';
import { areaTiles, riverTiles } from './alform.testkit.js';
import { SQUARE } from '../vector/shape.js';
import { dominantAreaTerrain, deriveLinearTerrain, linearTileTerrain } from './derive-terrain.js';
import { LinearLayer } from '../map/linear-layer.js';
import { placeLinearFeature } from './linear-feature.js';

const lib = new AssemblyLibrary(ROAD_TILES);
const east = encodePlacement({ orientation: { rotation: 90, mirror: 'none' } });

describe('instance edits', () => {
  it('plan the instance values and the derived edge terrain, apply, and undo exactly', () => {
    const map = TerrainMap.create({ size: { kind: 'square', width: 3, height: 2 }, palette: ['clear'] });
    const before = mapToJsonText(map);
    const plan = planInstances(map, lib, [
      { cell: 0, tile: 'end', code: east },
      { cell: 1, tile: 'straight', code: east },
    ], { library: 'roads' });
    expect(mapToJsonText(map)).toBe(before); // planning touches nothing
    expect(plan.tiles).toEqual([{ id: 'end', library: 'roads' }, { id: 'straight', library: 'roads' }]);
    expect(plan.palette).toContain('road');
    const kinds = plan.changes.map((c) => c.layer);
    expect(kinds.filter((k) => k === 'instance_tiles')).toHaveLength(2);
    expect(kinds).toContain('edges');
    applyInstancePlan(map, plan);
    expect(map.instances!.get(1)).toEqual({ tile: 'straight', code: east });
    expect(map.edgeTerrainAt(0, 2)).toBe('road'); // the road crosses from cell 0 into cell 1
    expect(map.edgeTerrainAt(1, 2)).toBe('road'); // … and on out of cell 1 to the east
    // Clearing keeps the ground, drops the instance.
    const clear = planInstances(map, lib, [{ cell: 1, tile: null }]);
    expect(clear.changes.map((c) => c.layer).sort()).toEqual(['instance_codes', 'instance_tiles']);
    applyInstancePlan(map, clear);
    expect(map.instances!.has(1)).toBe(false);
    expect(map.edgeTerrainAt(0, 2)).toBe('road');
    writeInstanceChanges(map, clear.changes, 'before');
    writeInstanceChanges(map, plan.changes, 'before');
    expect(map.instances!.placedCount()).toBe(0);
    expect(map.layers.edges!.every((v) => v === 0)).toBe(true);
  });

  it('refuses cells off the map, unknown tiles and bad codes by placement', () => {
    const map = TerrainMap.create({ size: { kind: 'square', width: 2, height: 2 } });
    expect(() => planInstances(map, lib, [{ cell: 4, tile: 'end' }])).toThrow('placement 0: cell 4 is outside the map (0…3)');
    expect(() => planInstances(map, lib, [{ cell: 0, tile: 'nope' }])).toThrow('placement 0: the tile set has no tile "nope"');
    expect(() => planInstances(map, lib, [{ cell: 0, tile: 'end', code: 255 }])).toThrow(/placement 0:/);
    expect(() => planInstances(map, lib, [{ cell: 0, tile: 'end' }, { cell: 0, tile: null }])).toThrow('placed twice');
  });

  it('stores an assembly result into a map; saved and read back it has the same instances and terrain', () => {
    const map = TerrainMap.create({ size: { kind: 'square', width: 6, height: 5 }, palette: ['clear'] });
    const r = assemble(new InstanceLayer(map.grid), lib, { seed: 3, boundary: 'closed', connectivity: { terrains: ['road'] } });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    applyInstancePlan(map, planInstances(map, lib, placementsOf(r.layer)));
    expect(map.instances!.placedCount()).toBe(30);
    expect(map.palette).toContain('road');
    const back = mapFromJsonText(mapToJsonText(map), 'm.json');
    for (let c = 0; c < 30; c++) expect(back.instances!.get(c)).toEqual(r.layer.get(c));
    expect(back.layers).toEqual(map.layers);
    expect(checkAssembly(back, back.instances!, ROAD_TILES, { boundary: 'closed', connectivity: { terrains: ['road'] } })).toEqual([]);
  });
});

describe('instance edits on AL-FORM maps', () => {
  const areas = areaTiles(SQUARE);
  const areaLib = new AssemblyLibrary(areas);
  const rivers = riverTiles(SQUARE);

  it('place area instances on area tiles only, deriving their area terrain (no edge layers), and undo exactly', () => {
    // 5×5 AL-FORM square: cells 0, 2, 4 area tiles, 1 and 3 edge tiles, 5 an edge tile, 6 a vertex tile.
    const map = TerrainMap.create({ size: { kind: 'square', width: 5, height: 5 }, alform: true, palette: ['clear'] });
    map.layers.terrain.fill(1);
    const before = map.layers.terrain.slice();
    const contour = areas.find((t) => t.id === 'square-contour')!;
    const plan = planInstances(map, areaLib, [
      { cell: 0, tile: 'square-contour' },
      { cell: 2, tile: 'square-plain' },
    ]);
    expect(plan.changes.some((c) => c.layer === 'edges')).toBe(false);
    applyInstancePlan(map, plan);
    expect(map.instances!.get(0)).toEqual({ tile: 'square-contour', code: 0 });
    // The contour tile's dominant area terrain (or the ground where it covers less than the rest); the plain tile keeps its ground.
    expect(map.terrainAt(0)).toBe(dominantAreaTerrain(contour) || 'clear');
    expect(map.terrainAt(2)).toBe('clear');
    expect(map.terrainAt(0)).not.toBe('clear'); // the test tile draws its contour over most of the tile
    writeInstanceChanges(map, plan.changes, 'before');
    expect(map.layers.terrain).toEqual(before);
    expect(map.instances!.placedCount()).toBe(0);
    expect(() => planInstances(map, areaLib, [{ cell: 6, tile: 'square-plain' }])).toThrow('placement 0: cell 6 is a linear tile of this AL-FORM map; area instances go on area tiles');
  });

  it('derive the river terrain of BLOCKING linear tiles; PASS-THRU and empty blocking tiles keep the ground', () => {
    const map = TerrainMap.create({ size: { kind: 'square', width: 5, height: 5 }, alform: true, palette: ['clear'] });
    map.layers.terrain.fill(1);
    const linear = new LinearLayer(map.grid);
    placeLinearFeature(linear, [5, 6, 7], rivers);
    linear.setEmptyBlocking(1);
    expect(deriveLinearTerrain(map, linear, rivers)).toEqual([5, 6, 7]);
    for (const c of [5, 6, 7]) expect(map.terrainAt(c)).toBe('river');
    expect(map.terrainAt(1)).toBe('clear'); // empty blocking: draws nothing
    expect(map.terrainAt(3)).toBe('clear'); // PASS-THRU: the area terrain passes through
    expect(linearTileTerrain(rivers[0]!)).toBe('river');
    expect(() => deriveLinearTerrain(map, linear, [])).toThrow(/linear cell 5 holds tile "river-square-\d+", which the tile set does not have/);
    const classic = TerrainMap.create({ size: { kind: 'square', width: 5, height: 5 } });
    expect(() => deriveLinearTerrain(classic, linear, rivers)).toThrow('linear tiles belong to AL-FORM maps');
  });
});
