import { describe, expect, it } from 'vitest';
import { TerrainMap } from '../map/terrain-map.js';
import { mapFromJsonText, mapToJsonText } from '../map/map-json.js';
import { ROAD_TILES } from './assemble.testkit.js';
import { applyInstancePlan, placementsOf, planInstances, writeInstanceChanges } from './instance-edit.js';
import { AssemblyLibrary } from './library.js';
import { encodePlacement } from './orientation-code.js';
import { assemble } from './solver.js';
import { InstanceLayer } from './instance-layer.js';
import { checkAssembly } from './check.js';

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
