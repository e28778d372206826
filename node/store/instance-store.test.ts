/**
 * Maps made of tile instances in store files: the instance layer stored in chunks beside the
 * terrain (map-store.ts), placed and cleared through the journal with undo and redo like
 * terrain edits (journal.ts), and a map saved with instances reopened with the same
 * instances and the same terrain derived from them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { TerrainMap } from '../../core/map/terrain-map.js';
import { AssemblyLibrary, InstanceLayer, applyInstancePlan, assemble, buildTopology, deriveTerrain, placementsOf, planInstances } from '../../core/assemble/index.js';
import { ROAD_TILES } from '../../core/assemble/assemble.testkit.js';
import { encodePlacement } from '../../core/map/orientation-code.js';
import { CHUNK_VALUES } from './map-chunks.js';
import type { TileChange } from './journal.js';
import { openStores, tempFile } from './store.testkit.js';

const stores = openStores();
afterEach(stores.closeAll);
const lib = new AssemblyLibrary(ROAD_TILES);
const east = encodePlacement({ orientation: { rotation: 90, mirror: 'none' } });

/** A map filled by the solver, with the terrain derived from its instances. */
function assembled(width: number, height: number, seed: number): TerrainMap {
  const map = TerrainMap.create({ size: { kind: 'square', width, height }, palette: ['clear'], meta: { name: 'Roads' } });
  const r = assemble(new InstanceLayer(map.grid), lib, { seed, boundary: 'closed', connectivity: { terrains: ['road'] } });
  if (!r.ok) throw new Error(r.message);
  applyInstancePlan(map, planInstances(map, lib, placementsOf(r.layer), { library: 'roads' }));
  return map;
}

describe('instance layers in store files', () => {
  it('a map saved with instances reopens with the same instances, tile table and derived terrain', () => {
    const path = tempFile('p.sandtable');
    const map = assembled(12, 9, 5);
    const p = stores.project(path);
    p.maps.put(map, { id: 'roads' });
    p.close();
    const back = stores.project(path).maps.load('roads');
    expect(back.instances!.tileTable()).toEqual(map.instances!.tileTable());
    expect(Buffer.compare(Buffer.from(back.instances!.tileRef.buffer), Buffer.from(map.instances!.tileRef.buffer))).toBe(0);
    expect(Buffer.compare(Buffer.from(back.instances!.code), Buffer.from(map.instances!.code))).toBe(0);
    expect(back.layers).toEqual(map.layers);
    expect(back.palette).toEqual(map.palette);
    expect(back.palette).toContain('road');
    // The stored terrain is what the reopened instances derive.
    const again = back.clone();
    deriveTerrain(again, buildTopology(again.grid), again.instances!, lib);
    expect(again.layers).toEqual(back.layers);
  });

  it('stores a large instance layer in several chunks and a library keeps instances too', () => {
    const map = TerrainMap.create({ size: { kind: 'square', width: 300, height: 300 } });
    const layer = new InstanceLayer(map.grid);
    const far = CHUNK_VALUES + 17;
    layer.set(3, 'cross', 0);
    layer.set(far, 'bend', east);
    map.setInstances(layer);
    const l = stores.library();
    l.maps.put(map, { id: 'big' });
    const back = l.maps.load('big');
    expect(back.instances!.get(far)).toEqual({ tile: 'bend', code: east });
    expect(back.instances!.placedCount()).toBe(2);
    expect(l.db.prepare(`SELECT count(*) FROM map_chunks WHERE map_id = 'big' AND layer = 'instance_tiles'`).pluck().get()).toBe(2);
    // A map without instances stores no instance layers.
    l.maps.put(TerrainMap.create({ size: { kind: 'square', width: 3, height: 3 } }), { id: 'plain' });
    expect(l.maps.load('plain').instances).toBeNull();
    expect(l.db.prepare(`SELECT count(*) FROM map_layers WHERE map_id = 'plain' AND layer LIKE 'instance%'`).pluck().get()).toBe(0);
  });

  it('journals placing and clearing instances: undo and redo bring back instances and terrain', () => {
    const p = stores.project(tempFile('p.sandtable'));
    const map = TerrainMap.create({ size: { kind: 'square', width: 4, height: 3 }, palette: ['clear'] });
    p.maps.put(map, { id: 'm' });
    // The map's first instances: the edit brings the tile table (and the empty layers with it).
    const plan = planInstances(map, lib, [
      { cell: 0, tile: 'end', code: east },
      { cell: 1, tile: 'straight', code: east },
    ], { library: 'roads' });
    const changes = plan.changes as TileChange[];
    p.edit('m', changes, { label: 'Place tiles', palette: plan.palette, tiles: plan.tiles });
    applyInstancePlan(map, plan);
    let stored = p.maps.load('m');
    expect(stored.instances!.get(1)).toEqual({ tile: 'straight', code: east });
    expect(stored.edgeTerrainAt(0, 2)).toBe('road');
    // Clearing, as a second step.
    const clear = planInstances(stored, lib, [{ cell: 1, tile: null }]);
    p.edit('m', clear.changes as TileChange[], { label: 'Clear tile' });
    expect(p.maps.load('m').instances!.has(1)).toBe(false);
    expect(p.undo('m')!.label).toBe('Clear tile');
    expect(p.maps.load('m').instances!.get(1)).toEqual({ tile: 'straight', code: east });
    p.undo('m');
    stored = p.maps.load('m');
    expect(stored.instances!.placedCount()).toBe(0);
    expect(stored.edgeTerrainAt(0, 2)).toBe('');
    // The tile table only grows: undo keeps it, so redo finds its tiles.
    expect(stored.instances!.tileTable()).toEqual([{ id: 'end', library: 'roads' }, { id: 'straight', library: 'roads' }]);
    p.redo('m');
    expect(p.maps.load('m').instances!.get(0)).toEqual({ tile: 'end', code: east });
  });

  it('refuses instance values outside the tile table and a table that does not extend the stored one', () => {
    const p = stores.project(tempFile('p.sandtable'));
    p.maps.put(assembled(3, 3, 1), { id: 'm' });
    const n = p.maps.load('m').instances!.tileTable().length;
    expect(() => p.edit('m', [{ layer: 'instance_tiles', index: 0, before: p.maps.load('m').instances!.tileRef[0]! + 1, after: n + 1 }])).toThrow(
      `argument: changes[0].after: expected 0 (no instance) or a tile table index + 1, 1…${n}, got ${n + 1}`,
    );
    expect(() => p.edit('m', [{ layer: 'instance_codes', index: 0, before: 0, after: 0 }], { tiles: [{ id: 'other' }] })).toThrow(/options\.tiles\[0\]: expected tile "[a-z]+" \(a tile table may only grow/);
    // A map with no instances has no instance layers to change.
    p.maps.put(TerrainMap.create({ size: { kind: 'square', width: 2, height: 2 } }), { id: 'plain' });
    expect(() => p.edit('plain', [{ layer: 'instance_codes', index: 0, before: 0, after: 1 }])).toThrow(/changes\[0\]\.layer: expected a layer this map has/);
  });
});

describe('damaged instance layers', () => {
  it('say which map and what is wrong', () => {
    const l = stores.library();
    l.maps.put(assembled(3, 3, 2), { id: 'm' });
    l.db.prepare(`UPDATE maps SET instance_tiles = '[{"id":' WHERE id = 'm'`).run();
    expect(() => l.maps.load('m')).toThrow(/^map "m": its tile table is damaged/);
    l.db.prepare(`UPDATE maps SET instance_tiles = '[]' WHERE id = 'm'`).run();
    expect(() => l.maps.load('m')).toThrow(/^map "m" instance layer: cell 0 refers to tile \d+; the tile table has 0/);
    l.db.prepare(`UPDATE maps SET instance_tiles = NULL WHERE id = 'm'`).run();
    expect(() => l.maps.load('m')).toThrow('map "m": its instance layer is stored only in part');
  });
});
