import { afterEach, describe, expect, it } from 'vitest';
import { TerrainMap } from '../../core/map/terrain-map.js';
import { CHUNK_VALUES } from './map-chunks.js';
import type { Project } from './project.js';
import type { TileChange } from './journal.js';
import { openStores, tempFile, untrusted } from './store.testkit.js';

const stores = openStores();
afterEach(stores.closeAll);
const project = (path = tempFile('p.sandtable'), journalLimit?: number): Project => stores.project(path, journalLimit ? { journalLimit } : {});

/** A 400×300 classic square map (two terrain chunks) with elevation. */
function seedMap(p: Project): TerrainMap {
  const map = TerrainMap.create({ size: { kind: 'square', width: 400, height: 300 }, palette: ['clear', 'forest'], elevation: true, meta: { name: 'Front' } });
  map.layers.terrain.fill(1);
  p.maps.put(map, { id: 'front' });
  return map;
}

const paint = (index: number, before: number, after: number) => ({ layer: 'terrain' as const, index, before, after });

describe('undo/redo journal', () => {
  it('applies an edit, undoes it, redoes it — the stored map follows each step', () => {
    const p = project();
    const map = seedMap(p);
    const far = CHUNK_VALUES + 5;
    const entry = p.edit('front', [paint(3, 1, 2), paint(far, 1, 2), { layer: 'elevation' as const, index: 3, before: 0, after: -120 }], { label: 'Paint forest' });
    expect(entry).toEqual({ seq: 1, label: 'Paint forest', changeCount: 3, undone: false });
    let stored = p.maps.load('front');
    expect([stored.layers.terrain[3], stored.layers.terrain[far], stored.layers.elevation![3], stored.layers.terrain[4]]).toEqual([2, 2, -120, 1]);

    const undone = p.undo('front')!;
    expect(undone.seq).toBe(1);
    expect(undone.changes).toEqual([
      { layer: 'terrain', index: 3, before: 2, after: 1 },
      { layer: 'terrain', index: far, before: 2, after: 1 },
      { layer: 'elevation', index: 3, before: -120, after: 0 },
    ]);
    stored = p.maps.load('front');
    expect(Buffer.compare(Buffer.from(stored.layers.terrain), Buffer.from(map.layers.terrain))).toBe(0);
    expect(stored.layers.elevation![3]).toBe(0);
    expect(p.undo('front')).toBeNull();

    expect(p.redo('front')!.changes[0]).toEqual({ layer: 'terrain', index: 3, before: 1, after: 2 });
    expect(p.maps.load('front').layers.terrain[far]).toBe(2);
    expect(p.redo('front')).toBeNull();
    expect(p.journal.history('front')).toEqual([{ seq: 1, label: 'Paint forest', changeCount: 3, undone: false }]);
  });

  it('drops the redo tail when a new edit follows an undo', () => {
    const p = project();
    seedMap(p);
    p.edit('front', [paint(0, 1, 2)], { label: 'a' });
    p.edit('front', [paint(1, 1, 2)], { label: 'b' });
    p.edit('front', [paint(2, 1, 2)], { label: 'c' });
    p.undo('front');
    p.undo('front');
    expect(p.journal.history('front').map((e) => `${e.label}${e.undone ? '-' : '+'}`)).toEqual(['a+', 'b-', 'c-']);
    p.edit('front', [paint(5, 1, 0)], { label: 'd' });
    expect(p.journal.history('front').map((e) => `${e.label}${e.undone ? '-' : '+'}`)).toEqual(['a+', 'd+']);
    expect(p.redo('front')).toBeNull();
    expect(Array.from(p.maps.load('front').layers.terrain.subarray(0, 6))).toEqual([2, 1, 1, 1, 1, 0]);
    p.undo('front');
    p.undo('front');
    expect(Array.from(p.maps.load('front').layers.terrain.subarray(0, 6))).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('keeps at most `journalLimit` entries per map, dropping the oldest', () => {
    const p = project(undefined, 3);
    seedMap(p);
    for (let k = 0; k < 5; k++) p.edit('front', [paint(k, 1, 2)], { label: `e${k}` });
    expect(p.journal.history('front').map((e) => e.label)).toEqual(['e2', 'e3', 'e4']);
    for (let k = 0; k < 3; k++) expect(p.undo('front')).not.toBeNull();
    expect(p.undo('front')).toBeNull();
    expect(Array.from(p.maps.load('front').layers.terrain.subarray(0, 5))).toEqual([2, 2, 1, 1, 1]);
  });

  it('refuses an edit whose `before` differs from what is stored, changing nothing', () => {
    const p = project();
    seedMap(p);
    p.edit('front', [paint(7, 1, 2)]);
    const before = p.contentHash();
    expect(() => p.edit('front', [paint(8, 1, 2), paint(7, 1, 0)])).toThrow(
      'argument: changes[1].before: expected 1 to be stored at terrain[7], but the project stores 2; the map changed outside this journal',
    );
    expect(p.contentHash()).toBe(before);
    expect(() => p.edit('front', [paint(8, 1, 2), paint(8, 1, 0)])).toThrow('argument: changes[1].index: terrain[8] is changed twice in one edit');
    expect(() => p.edit('front', [paint(120_000, 1, 2)])).toThrow('argument: changes[0].index: expected an integer 0…119999, got 120000');
    expect(() => p.edit('front', [paint(1, 1, 3)])).toThrow('argument: changes[0].after: expected a palette index 0…2, got 3');
    expect(() => p.edit('front', [{ layer: 'vertices', index: 0, before: 0, after: 1 }, untrusted<TileChange>({ layer: 'moss', index: 0, before: 0, after: 1 })])).toThrow(
      'argument: changes[1].layer: expected one of "terrain", "edges", "vertices", "elevation", "instance_tiles", "instance_codes", "linear_class", "linear_tiles", "linear_codes", got "moss"',
    );
    expect(() => p.edit('front', [])).toThrow('argument: changes: expected at least one change, got an array of 0');
    expect(() => p.edit('back', [paint(1, 1, 2)])).toThrow('argument: mapId: no map with id "back" in this project');
    expect(p.contentHash()).toBe(before);
  });

  it('grows the palette with an edit that paints a new terrain, and never shrinks or reorders it', () => {
    const p = project();
    seedMap(p);
    p.edit('front', [paint(0, 1, 3)], { palette: ['clear', 'forest', 'marsh'] });
    expect(p.maps.get('front')!.palette).toEqual(['clear', 'forest', 'marsh']);
    expect(p.maps.load('front').terrainAt(0)).toBe('marsh');
    p.undo('front');
    expect(p.maps.load('front').terrainAt(0)).toBe('clear');
    expect(() => p.edit('front', [paint(0, 1, 2)], { palette: ['forest', 'clear', 'marsh'] })).toThrow(
      'argument: options.palette[0]: expected "clear" (a palette may only grow: existing entries keep their index), got "forest"',
    );
  });

  it('survives closing and reopening, and forgets history when the map is replaced', () => {
    const path = tempFile('p.sandtable');
    const p = project(path);
    seedMap(p);
    p.edit('front', [paint(0, 1, 2)], { label: 'a' });
    p.edit('front', [paint(1, 1, 2)], { label: 'b' });
    p.undo('front');
    p.close();
    const again = project(path);
    expect(again.journal.history('front').map((e) => [e.label, e.undone])).toEqual([
      ['a', false],
      ['b', true],
    ]);
    expect(again.redo('front')!.label).toBe('b');
    again.maps.put(TerrainMap.create({ size: { kind: 'square', width: 2, height: 2 } }), { id: 'front' });
    expect(again.journal.history('front')).toEqual([]);
    again.maps.delete('front');
    expect(again.db.prepare('SELECT count(*) FROM journal').pluck().get()).toBe(0);
  });
});
