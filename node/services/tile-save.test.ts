/**
 * `tiles.save` through the services' one door: a tile drawn in the tile editor is stored in
 * the library it came from (default: the user library), as one library undo step, keeping
 * the tags of the tile it replaces; a tile core rejects is refused in one line.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LibraryEdit, LibraryEntry, LibraryTile, Results } from '../../contract/contract.js';
import { vectorTileFromJson, writeVectorTile } from '../../core/vector/json.js';
import { HEX } from '../../core/vector/shape.js';
import type { VectorTile } from '../../core/vector/types.js';
import { useServicesKit } from './services.testkit.js';

const kit = useServicesKit('sandtable-tile-save-');
const { call } = kit;

const road: VectorTile = {
  id: 'my-road',
  name: 'My road',
  shape: HEX,
  elements: [{ id: 'line-1', kind: 'line', terrain: 'road', curve: { closed: false, points: [[-1, 0], [-0.3, 0.2], [0.3, -0.2], [1, 0]] } }],
};
const withPoint: VectorTile = { ...road, elements: [...road.elements, { id: 'p', kind: 'point', terrain: 'clear', at: [0, 0.5] }] };

describe('tiles.save', () => {
  it('stores a drawn tile in the user library with its orientations; saving again replaces it and keeps its tags', async () => {
    const saved = await call<Results['tiles.save']>('tiles.save', { tile: writeVectorTile(road), orientations: ['r0', 'r180'], tags: ['road'] });
    expect(saved.tile).toMatchObject({ id: 'my-road', name: 'My road', shape: 'hex', orientations: ['r0', 'r180'], elements: 1, tags: ['road'] });
    expect(saved).toMatchObject({ library: { id: 'user', canUndo: true }, label: 'save “My road”' });
    const again = await call<Results['tiles.save']>('tiles.save', { library: 'user', tile: writeVectorTile(withPoint) });
    expect(again.tile.elements).toBe(2);
    expect(again.tile.orientations.length).toBe(12);
    expect(again.tile.tags).toEqual(['road']);
  });

  it('saves into the library file the tile came from, one undo step there, the user library untouched', async () => {
    mkdirSync(join(kit.dir, 'projects'), { recursive: true });
    const lib = await call<LibraryEntry>('library.open', { path: join(kit.dir, 'projects', 'roads.sandtable-library'), create: true });
    const users = (await call<LibraryEntry[]>('library.list'))[0]!.tiles;
    await call('tiles.save', { library: lib.id, tile: writeVectorTile(road), tags: ['road'] });
    const changed = await call<Results['tiles.save']>('tiles.save', { library: lib.id, tile: writeVectorTile(withPoint) });
    expect(changed.library).toMatchObject({ id: lib.id, tiles: 1, canUndo: true });
    expect((await call<LibraryEntry[]>('library.list'))[0]!.tiles).toBe(users);
    expect((await call<{ tiles: LibraryTile[] }>('tiles.list', { library: 'user', text: 'My road' })).tiles).toEqual([]);

    // Undo puts the first save back (one element, its tags); undo again removes the tile.
    expect((await call<LibraryEdit>('library.undo', { library: lib.id })).label).toBe('save “My road”');
    const back = await call<{ tile: LibraryTile }>('tiles.get', { library: lib.id, tile: 'my-road' });
    expect(back.tile).toMatchObject({ elements: 1, tags: ['road'] });
    await call('library.undo', { library: lib.id });
    await expect(call('tiles.get', { library: lib.id, tile: 'my-road' })).rejects.toThrow(/no vector tile "my-road"/);
    await call('library.redo', { library: lib.id });
    await call('library.redo', { library: lib.id });
    expect((await call<{ tile: LibraryTile }>('tiles.get', { library: lib.id, tile: 'my-road' })).tile.elements).toBe(2);
  });

  it('refuses a tile core rejects in one line naming the field, storing nothing', async () => {
    const bad = { ...road, id: 'bad-one', elements: [{ ...road.elements[0]!, terrain: 'no-such-terrain' }] } as VectorTile;
    await expect(call('tiles.save', { tile: writeVectorTile(bad) })).rejects.toThrow(/^tiles\.save: \$\.tile: tile "bad-one", element "line-1": .*unknown terrain "no-such-terrain"$/);
    await expect(call('tiles.save', { tile: '{"format": "sandtable-vector-tile", "version": 1, "id": "x", "shape": "hex", "elements": 3}' })).rejects.toThrow(/^tiles\.save: \$\.tile\.elements: /);
    await expect(call('tiles.save', { tile: '{"format": ' })).rejects.toThrow(/^tiles\.save: \$\.tile/);
    await expect(call('tiles.get', { library: 'user', tile: 'bad-one' })).rejects.toThrow(/no vector tile/);
    await expect(call('tiles.save', { library: 'file-9', tile: writeVectorTile(road) })).rejects.toThrow(/no library "file-9" is open/);
    const second = await call<Results['tiles.save']>('tiles.save', { tile: writeVectorTile({ ...road, id: 'bad-one' }) });
    expect(second.tile.id).toBe('bad-one');
  });

  it('saving over a starter tile saves a copy: the starter is unchanged and the library lists both (issue 25)', async () => {
    const starters = (await call<{ tiles: LibraryTile[] }>('tiles.list', { library: 'user', tag: 'starter', limit: 5 })).tiles;
    expect(starters.length).toBeGreaterThan(0);
    const starter = starters[0]!;
    const got = await call<Results['tiles.get']>('tiles.get', { library: 'user', tile: starter.id });
    const drawn = vectorTileFromJson(got.json, 'test');
    const edited = { ...drawn, elements: [...drawn.elements, { id: 'added', kind: 'point' as const, terrain: 'clear', at: [0, 0.2] as [number, number] }] };
    const saved = await call<Results['tiles.save']>('tiles.save', { library: 'user', tile: writeVectorTile(edited) });
    expect(saved.tile).toMatchObject({ id: `${starter.id}-copy`, name: `${starter.name} (copy)`, elements: starter.elements + 1 });
    expect(saved.tile.tags).toEqual(starter.tags.filter((t) => t !== 'starter'));
    expect(saved.label).toBe(`save a copy of starter tile “${starter.name}”`);
    // The starter as it was, and both listed.
    expect((await call<Results['tiles.get']>('tiles.get', { library: 'user', tile: starter.id })).json).toEqual(got.json);
    const listed = (await call<{ tiles: LibraryTile[] }>('tiles.list', { library: 'user', text: starter.id })).tiles.map((t) => t.id);
    expect(listed).toEqual(expect.arrayContaining([starter.id, `${starter.id}-copy`]));
    // Saving the copy replaces the copy; saving over the starter again makes a second copy.
    const again = await call<Results['tiles.save']>('tiles.save', { library: 'user', tile: writeVectorTile({ ...edited, id: saved.tile.id, name: 'Mine' }) });
    expect(again.tile).toMatchObject({ id: `${starter.id}-copy`, name: 'Mine' });
    expect((await call<Results['tiles.save']>('tiles.save', { library: 'user', tile: writeVectorTile(drawn) })).tile.id).toBe(`${starter.id}-copy-2`);
    // Undo takes the second copy away, the starter stays.
    await call('library.undo', { library: 'user' });
    await expect(call('tiles.get', { library: 'user', tile: `${starter.id}-copy-2` })).rejects.toThrow(/no vector tile/);
    expect((await call<Results['tiles.get']>('tiles.get', { library: 'user', tile: starter.id })).json).toEqual(got.json);
  });
});
