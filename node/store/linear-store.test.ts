/**
 * The linear layer of AL-FORM maps of vector tiles in store files (map-store.ts): its class,
 * tile and placement layers stored in chunks beside the area instances, so an AL-FORM map
 * with a river reopens with the same river and the same terrain; maps without one unchanged.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { TerrainMap } from '../../core/map/terrain-map.js';
import { AssemblyLibrary, applyInstancePlan, deriveLinearTerrain, placementsOf, planInstances } from '../../core/assemble/index.js';
import { assembleAlForm } from '../../core/assemble/alform-assemble.js';
import { SHAPES, areaTiles, riverTiles, riverWalk } from '../../core/assemble/alform.testkit.js';
import { LinearClass, LinearLayer, linearChanges } from '../../core/map/linear-layer.js';
import type { TileChange } from './journal.js';
import { placeLinearFeature } from '../../core/assemble/linear-feature.js';
import { openStores, tempFile } from './store.testkit.js';

const stores = openStores();
afterEach(stores.closeAll);

/** A square AL-FORM map (classic 6×5) assembled around a blocking river, its river terrain derived. */
function riverMap(): TerrainMap {
  const map = TerrainMap.create({ size: { kind: 'square', width: 11, height: 9 }, alform: true, palette: ['clear'], meta: { name: 'River' } });
  const lib = new AssemblyLibrary(areaTiles(SHAPES.square));
  const rivers = riverTiles(SHAPES.square);
  const linear = new LinearLayer(map.grid);
  placeLinearFeature(linear, riverWalk(map.grid, 6, 12), rivers);
  const r = assembleAlForm(map.grid, lib, { seed: 6, linear, linearTiles: rivers });
  if (!r.ok) throw new Error(r.message);
  applyInstancePlan(map, planInstances(map, lib, placementsOf(r.layer), { library: 'starter' }));
  map.setLinear(r.linear);
  expect(deriveLinearTerrain(map, r.linear, rivers).length).toBeGreaterThan(0);
  return map;
}

describe('linear layers in store files', () => {
  it('an AL-FORM map with area instances and a blocking river reopens with the same linear layer and terrain', () => {
    const path = tempFile('p.sandtable');
    const map = riverMap();
    let blocking = 0;
    for (let c = 0; c < map.tileCount; c++) if (map.linear!.isBlocking(c)) blocking++;
    expect(blocking).toBeGreaterThan(0);
    const p = stores.project(path);
    p.maps.put(map, { id: 'river' });
    p.close();
    const back = stores.project(path).maps.load('river');
    expect(back.linear).not.toBeNull();
    expect(back.linear!.toJSON()).toEqual(map.linear!.toJSON());
    expect(Buffer.compare(Buffer.from(back.linear!.linearClass), Buffer.from(map.linear!.linearClass))).toBe(0);
    expect(back.instances!.toJSON()).toEqual(map.instances!.toJSON());
    expect(back.layers).toEqual(map.layers);
    expect(back.palette).toEqual(map.palette);
  });

  it('keeps empty blocking tiles and WITH-TERRAIN tiles, in a library too; maps without a linear layer store none', () => {
    const map = TerrainMap.create({ size: { kind: 'square', width: 5, height: 5 }, alform: true });
    const linear = new LinearLayer(map.grid);
    linear.set(1, LinearClass.BLOCKING, 'sq-river-straight-1', { orientation: { rotation: 90, mirror: 'none' } });
    linear.set(5, LinearClass.WITH_TERRAIN, 'wall-straight', 0);
    linear.setEmptyBlocking(3);
    map.setLinear(linear);
    const l = stores.library();
    l.maps.put(map, { id: 'walls' });
    const back = l.maps.load('walls').linear!;
    expect(back.isBlocking(3)).toBe(true);
    expect(back.get(3)).toBeNull();
    expect(back.classOf(5)).toBe(LinearClass.WITH_TERRAIN);
    expect(back.get(1)).toEqual(linear.get(1));
    l.maps.put(TerrainMap.create({ size: { kind: 'square', width: 3, height: 3 }, alform: true }), { id: 'plain' });
    expect(l.maps.load('plain').linear).toBeNull();
    expect(l.db.prepare(`SELECT count(*) FROM map_layers WHERE map_id = 'plain' AND layer LIKE 'linear%'`).pluck().get()).toBe(0);
    // Replacing a map with one that has no linear layer drops it.
    l.maps.put(TerrainMap.create({ size: { kind: 'square', width: 5, height: 5 }, alform: true }), { id: 'walls' });
    expect(l.maps.load('walls').linear).toBeNull();
  });

  it('a damaged linear layer says which map and what is wrong', () => {
    const l = stores.library();
    const map = TerrainMap.create({ size: { kind: 'square', width: 5, height: 5 }, alform: true });
    const linear = new LinearLayer(map.grid);
    linear.set(1, LinearClass.BLOCKING, 'sq-river-straight-1', 0);
    map.setLinear(linear);
    l.maps.put(map, { id: 'm' });
    l.db.prepare(`UPDATE maps SET linear_tiles = '[]' WHERE id = 'm'`).run();
    expect(() => l.maps.load('m')).toThrow(/^map "m" linear layer: cell 1 refers to tile 1; the tile table has 0/);
    l.db.prepare(`UPDATE maps SET linear_tiles = NULL WHERE id = 'm'`).run();
    expect(() => l.maps.load('m')).toThrow('map "m": its linear layer is stored only in part');
  });

  it('journals linear changes (empty blocking tiles added by rerouting) with undo and redo, in range', () => {
    const p = stores.project(tempFile('p.sandtable'));
    const map = TerrainMap.create({ size: { kind: 'square', width: 5, height: 5 }, alform: true });
    const linear = new LinearLayer(map.grid);
    linear.set(1, LinearClass.BLOCKING, 'sq-river-straight-1', 0);
    map.setLinear(linear);
    p.maps.put(map, { id: 'm' });
    const after = linear.clone();
    after.setEmptyBlocking(3);
    p.edit('m', linearChanges(linear, after) as TileChange[], { label: 'Assemble tiles' });
    expect(p.maps.load('m').linear!.isBlocking(3)).toBe(true);
    expect(p.undo('m')!.changes).toEqual([{ layer: 'linear_class', index: 3, before: 2, after: 0 }]);
    expect(p.maps.load('m').linear!.toJSON()).toEqual(linear.toJSON());
    p.redo('m');
    expect(p.maps.load('m').linear!.toJSON()).toEqual(after.toJSON());
    expect(() => p.edit('m', [{ layer: 'linear_tiles', index: 5, before: 0, after: 2 }])).toThrow('argument: changes[0].after: expected 0 (no tile) or a linear tile table index + 1, 1…1, got 2');
    expect(() => p.edit('m', [{ layer: 'linear_class', index: 5, before: 0, after: 3 }])).toThrow(/changes\[0\]\.after: expected a linear class 0/);
  });

  it('an edit lays a map\'s first linear tiles, bringing the grown table; undo takes the tiles back, the table stays', () => {
    const p = stores.project(tempFile('p.sandtable'));
    const map = TerrainMap.create({ size: { kind: 'square', width: 5, height: 5 }, alform: true });
    p.maps.put(map, { id: 'm' });
    const laid = new LinearLayer(map.grid);
    laid.set(1, LinearClass.BLOCKING, 'sq-river-straight-1', 0);
    laid.set(5, LinearClass.WITH_TERRAIN, 'road-straight', 0);
    p.edit('m', linearChanges(null, laid) as TileChange[], { label: 'Assemble tiles', linearTiles: laid.instances.tileTable() });
    expect(p.maps.load('m').linear!.toJSON()).toEqual(laid.toJSON());
    p.undo('m');
    const undone = p.maps.load('m').linear!;
    expect(undone.get(1)).toBeNull();
    expect(undone.classOf(5)).toBe(LinearClass.PASS_THRU);
    p.redo('m');
    expect(p.maps.load('m').linear!.toJSON()).toEqual(laid.toJSON());
    // The table only grows: an edit naming another tile at an index in use is refused.
    expect(() => p.edit('m', [{ layer: 'linear_class', index: 6, before: 0, after: 1 }], { linearTiles: [{ id: 'other' }] })).toThrow(/options\.linearTiles\[0\]: expected tile "sq-river-straight-1" \(a tile table may only grow/);
  });
});
