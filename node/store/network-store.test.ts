/**
 * Through-tile networks in store files (network-store.ts): a map's networks and junctions put
 * and loaded with it, in projects and libraries; network edits journalled as one undo step
 * (undo and redo replay them, a drifted copy is refused); a replaced or deleted map takes its
 * rows along.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { TerrainMap } from '../../core/map/terrain-map.js';
import { CENTRE } from '../../core/map/network-code.js';
import { NetworkLayer } from '../../core/map/network-layer.js';
import { NetworkSides } from '../../core/map/network-sides.js';
import { planDrawChain } from '../../core/map/network-edit.js';
import { openStores, tempFile } from './store.testkit.js';

const stores = openStores();
afterEach(stores.closeAll);

function hexMap(): TerrainMap {
  return TerrainMap.create({ size: { kind: 'hex-rectangle', width: 8, height: 6 }, palette: ['clear', 'road'], meta: { name: 'Roads' } });
}

/** A chain along column 3 of the map, rows 2…5. */
function column(map: TerrainMap): number[] {
  return [2, 3, 4, 5].map((y) => map.grid.index([3, y]));
}

describe('networks in store files', () => {
  it('a map with a road and a town reopens with the same network, in a project and in a library', () => {
    const map = hexMap();
    const layer = new NetworkLayer(map.tileCount);
    layer.apply(planDrawChain(layer, NetworkSides.of(map), 2, column(map)));
    layer.setJunctions(column(map)[1]!, [{ port: CENTRE, type: 'town', slots: 0, revenue: 10, toward: null, name: 'Ham' }]);
    map.setNetworks(layer);
    const path = tempFile('p.sandtable');
    stores.project(path).maps.put(map, { id: 'roads' });
    const lib = stores.library();
    lib.maps.put(map, { id: 'lib' });
    for (const back of [stores.project(path).maps.load('roads'), lib.maps.load('lib')]) {
      expect(back.networks!.tiles()).toEqual(layer.tiles());
      for (const t of layer.tiles()) expect(back.networks!.at(t)).toEqual(layer.at(t));
      expect(back.networks!.junctionsAt(column(map)[1]!)).toEqual(layer.junctionsAt(column(map)[1]!));
    }
    // Replaced without networks: the rows go.
    const p = stores.project(path);
    p.maps.put(hexMap(), { id: 'roads' });
    expect(p.maps.load('roads').networks).toBeNull();
  });

  it('a network edit is one undo step: undo and redo replay it, history counts it', () => {
    const p = stores.project(tempFile('p.sandtable'));
    const map = hexMap();
    p.maps.put(map, { id: 'm' });
    const changes = planDrawChain(new NetworkLayer(map.tileCount), NetworkSides.of(map), 2, column(map));
    const entry = p.edit('m', [], { label: 'Draw road', networks: changes });
    expect(entry.changeCount).toBe(changes.length);
    expect(p.maps.load('m').networks!.size).toBe(4);
    expect(p.journal.history('m')).toEqual([{ seq: 1, label: 'Draw road', changeCount: 4, undone: false }]);
    const undone = p.undo('m')!;
    expect(undone.networks.map((c) => c.after)).toEqual(changes.map(() => []));
    expect(p.maps.load('m').networks).toBeNull();
    const redone = p.redo('m')!;
    expect(redone.networks).toEqual(changes);
    expect(p.maps.load('m').networks!.size).toBe(4);
  });

  it('refuses a network edit whose before is not what is stored, and bad codes, in one line', () => {
    const p = stores.project(tempFile('p.sandtable'));
    const map = hexMap();
    p.maps.put(map, { id: 'm' });
    const changes = planDrawChain(new NetworkLayer(map.tileCount), NetworkSides.of(map), 2, column(map));
    p.edit('m', [], { networks: changes });
    expect(() => p.edit('m', [], { networks: changes })).toThrow(/options\.networks\[0\]\.before: expected \[\] to be stored at tile \d+, but the project stores \[/);
    expect(() => p.edit('m', [], { networks: [{ tile: 0, before: [], after: [5] }] })).toThrow(/options\.networks\[0\]\.after\[0\]: expected a network connection code/);
    expect(() => p.edit('m', [], { networks: [{ tile: 0, before: [], after: [changes[0]!.after[0]! + (9 << 10)] }] })).toThrow(/kind is a palette index 1…2/);
    expect(() => p.edit('m', [], { networks: [{ tile: 10_000, before: [], after: [] }] })).toThrow(/options\.networks\[0\]\.tile/);
    expect(() => p.edit('m', [])).toThrow(/at least one change/);
    // Nothing of the refused edits was kept.
    expect(p.journal.history('m')).toHaveLength(1);
  });

  it('deleting a map deletes its network rows', () => {
    const p = stores.project(tempFile('p.sandtable'));
    const map = hexMap();
    const layer = new NetworkLayer(map.tileCount);
    layer.apply(planDrawChain(layer, NetworkSides.of(map), 2, column(map)));
    map.setNetworks(layer);
    p.maps.put(map, { id: 'm' });
    p.maps.delete('m');
    // A new map under the same id finds none of the old rows.
    p.maps.put(hexMap(), { id: 'm' });
    expect(p.maps.load('m').networks).toBeNull();
  });
});
