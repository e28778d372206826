/**
 * The derived-map cache of a project: links, lookups by key, the parent's ground hash, the
 * journalled re-derivation (undo puts back content AND hashes), parents deleted under their
 * children, and all-or-nothing writes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { TerrainMap } from '../../core/map/terrain-map.js';
import type { DerivationHashes, DerivationKey } from './derived-store.js';
import { selectionKey } from './derived-records.js';
import type { Project } from './project.js';
import { openStores, untrusted } from './store.testkit.js';

let project: Project;
const stores = openStores();
afterEach(stores.closeAll);

const H = (c: string): DerivationHashes => ({ groundHash: c.repeat(64), substitutesHash: 'f'.repeat(64) });

function parentMap(): TerrainMap {
  const m = TerrainMap.create({ size: { kind: 'square', width: 9, height: 9 }, alform: true, palette: ['clear', 'forest'], meta: { name: 'Ardennes' } });
  m.layers.terrain.fill(1);
  return m;
}

/** A stand-in for a derivation's output: a 5×5 map whose terrain spells `pattern`. */
function childMap(pattern: number[], palette = ['clear', 'forest', 'marsh']): TerrainMap {
  const m = TerrainMap.create({ size: { kind: 'square', width: 5, height: 5 }, alform: true, palette, meta: { name: 'child', derived: { selection: [40], ratio: 10, seed: 0, lattice: 'square', origin: [0, 0] } } });
  pattern.forEach((v, i) => (m.layers.terrain[i] = v));
  return m;
}

function open(): Project {
  project = stores.project();
  project.maps.put(parentMap(), { id: 'parent' });
  return project;
}

const KEY: DerivationKey = { parentId: 'parent', selection: [40, 20, 60], ratio: 10, seed: 3 };

describe('derived maps', () => {
  it('stores a derived map with its link and finds it by parent, selection, ratio and seed', () => {
    open();
    const summary = project.derived.add(childMap([1, 2, 3]), KEY, H('a'), { name: 'Ardennes · tactical' });
    expect(summary.name).toBe('Ardennes · tactical');
    const link = project.derived.get(summary.id)!;
    expect(link).toMatchObject({ mapId: summary.id, parentId: 'parent', selection: [40, 20, 60], ratio: 10, seed: 3, groundHash: 'a'.repeat(64) });
    // The other tiles are a set; the reference is not.
    expect(project.derived.find({ ...KEY, selection: [40, 60, 20] })?.mapId).toBe(summary.id);
    expect(project.derived.find({ ...KEY, selection: [20, 40, 60] })).toBeNull();
    expect(project.derived.find({ ...KEY, seed: 4 })).toBeNull();
    expect(project.derived.find({ ...KEY, ratio: 12 })).toBeNull();
    expect(project.derived.children('parent').map((l) => l.mapId)).toEqual([summary.id]);
    expect(project.derived.chain(summary.id)).toEqual(['parent', summary.id]);
    expect(project.derived.chain('parent')).toEqual(['parent']);
    expect(project.derived.get('parent')).toBeNull();
    expect(selectionKey([40, 60, 20])).toBe('40,20,60');
  });

  it('refuses a second map for the same key, an unknown parent and a bad key, writing nothing', () => {
    open();
    project.derived.add(childMap([1]), KEY, H('a'));
    const before = project.contentHash();
    expect(() => project.derived.add(childMap([2]), { ...KEY, selection: [40, 60, 20] }, H('a'))).toThrow(/is already derived from this selection of "parent" at 1:10, seed 3; refresh it instead/);
    expect(() => project.derived.add(childMap([2]), { ...KEY, parentId: 'nope' }, H('a'))).toThrow('argument: key.parentId: no map with id "nope" in this project');
    expect(() => project.derived.add(childMap([2]), { ...KEY, selection: [4, 4] }, H('a'))).toThrow('argument: key.selection[1]: tile 4 is selected twice');
    expect(() => project.derived.add(childMap([2]), { ...KEY, selection: [] }, H('a'))).toThrow('argument: key.selection: expected 1…1000000 tile indices');
    expect(() => project.derived.add(childMap([2]), KEY, untrusted({ groundHash: 'x', substitutesHash: 'y' }))).toThrow('argument: hashes.groundHash: expected a hex digest, got "x"');
    expect(project.contentHash()).toBe(before);
  });

  it('hashes the ground: an edit of the parent changes it, undo brings it back, other maps do not touch it', () => {
    open();
    const h0 = project.derived.groundHash('parent');
    project.maps.put(parentMap(), { id: 'other' });
    expect(project.derived.groundHash('parent')).toBe(h0);
    // The same ground under another id hashes the same (the hash is of content, not identity).
    expect(project.derived.groundHash('other')).toBe(h0);
    project.edit('parent', [{ layer: 'terrain', index: 40, before: 1, after: 2 }]);
    const h1 = project.derived.groundHash('parent');
    expect(h1).not.toBe(h0);
    project.undo('parent');
    expect(project.derived.groundHash('parent')).toBe(h0);
    project.redo('parent');
    expect(project.derived.groundHash('parent')).toBe(h1);
    // A grown palette changes what the values mean: a different ground.
    project.undo('parent');
    project.edit('parent', [{ layer: 'terrain', index: 0, before: 1, after: 1 }], { palette: ['clear', 'forest', 'marsh'] });
    expect(project.derived.groundHash('parent')).not.toBe(h0);
    expect(() => project.derived.groundHash('nope')).toThrow('argument: mapId: no map with id "nope" in this project');
  });

  it('hashes only the ground a derivation depends on, by terrain id, and keeps the dependency with the link', () => {
    open();
    const dependency = { terrain: [30, 31, 32, 40, 41], edges: [], vertices: [], elevation: [] };
    const before = project.derived.groundOf('parent', dependency);
    expect(before.terrains).toEqual(['clear']);
    // Outside the dependency, and a palette grown by an edit: the same hash.
    project.edit('parent', [{ layer: 'terrain', index: 0, before: 1, after: 3 }], { palette: ['clear', 'forest', 'marsh'] });
    expect(project.derived.groundOf('parent', dependency)).toEqual(before);
    // Inside: another hash, and the terrains found there; undo brings the first back.
    project.edit('parent', [{ layer: 'terrain', index: 41, before: 1, after: 2 }]);
    expect(project.derived.groundOf('parent', dependency)).toMatchObject({ terrains: ['clear', 'forest'] });
    expect(project.derived.groundOf('parent', dependency).groundHash).not.toBe(before.groundHash);
    project.undo('parent');
    expect(project.derived.groundOf('parent', dependency)).toEqual(before);
    expect(() => project.derived.groundOf('nope', dependency)).toThrow(/no map with id "nope"/);

    const id = project.derived.add(childMap([1]), KEY, { ...H('a'), dependency }).id;
    expect(project.derived.get(id)!.dependency).toEqual(dependency);
    const wider = { ...dependency, terrain: [...dependency.terrain, 50] };
    project.derived.refresh(id, childMap([2]), { ...H('b'), dependency: wider });
    expect(project.derived.get(id)!.dependency).toEqual(wider);
    expect(() => project.derived.add(childMap([1]), { ...KEY, seed: 9 }, { ...H('a'), dependency: { ...dependency, terrain: [3, 2] } })).toThrow(/ascending order/);
  });

  it('derives again as one undoable edit; undo restores the content and the hashes it came from', () => {
    open();
    const id = project.derived.add(childMap([1, 1, 2, 0]), KEY, H('a')).id;
    // The new content names terrains in another order and adds one: values move onto the stored palette.
    const next = childMap([2, 1, 3, 0], ['forest', 'clear', 'swamp']);
    const r = project.derived.refresh(id, next, H('b'), 'Derive again');
    expect(r.replaced).toBe(false);
    expect(r.entry).toMatchObject({ label: 'Derive again', changeCount: 2 });
    const stored = project.maps.load(id);
    expect(stored.palette).toEqual(['clear', 'forest', 'marsh', 'swamp']);
    expect(Array.from(stored.layers.terrain.subarray(0, 4), (v) => stored.palette[v - 1] ?? '')).toEqual(['clear', 'forest', 'swamp', '']);
    expect(project.derived.get(id)!.groundHash).toBe('b'.repeat(64));

    const undone = project.undo(id)!;
    expect(undone.label).toBe('Derive again');
    expect(Array.from(project.maps.load(id).layers.terrain.subarray(0, 4))).toEqual([1, 1, 2, 0]);
    expect(project.derived.get(id)!.groundHash).toBe('a'.repeat(64));
    project.redo(id);
    expect(project.derived.get(id)!.groundHash).toBe('b'.repeat(64));
    expect(Array.from(project.maps.load(id).layers.terrain.subarray(0, 4))).toEqual([1, 2, 4, 0]);

    // Undo, then a designer's own edit drops the redo tail: its hashes go with it, the old ones stay.
    project.undo(id);
    project.edit(id, [{ layer: 'terrain', index: 10, before: 0, after: 2 }], { label: 'Paint forest' });
    expect(project.db.prepare('SELECT count(*) FROM derived_edits').pluck().get()).toBe(0);
    expect(project.derived.get(id)!.groundHash).toBe('a'.repeat(64));
    project.undo(id);
    expect(project.derived.get(id)!.groundHash).toBe('a'.repeat(64));
    expect(project.integrityCheck()).toEqual(['ok']);
  });

  it('records new hashes without a journal entry when the content is the same', () => {
    open();
    const id = project.derived.add(childMap([1, 2]), KEY, H('a')).id;
    const r = project.derived.refresh(id, childMap([1, 2]), H('c'));
    expect(r.entry).toBeNull();
    expect(project.journal.history(id)).toEqual([]);
    expect(project.derived.get(id)!.groundHash).toBe('c'.repeat(64));
  });

  it('replaces the map when the new content has another grid', () => {
    open();
    const id = project.derived.add(childMap([1, 2]), KEY, H('a'), { name: 'Kept name' }).id;
    project.edit(id, [{ layer: 'terrain', index: 10, before: 0, after: 2 }]);
    const bigger = TerrainMap.create({ size: { kind: 'square', width: 7, height: 5 }, alform: true, palette: ['forest'], meta: { name: 'x' } });
    const r = project.derived.refresh(id, bigger, H('d'));
    expect(r).toMatchObject({ entry: null, replaced: true });
    expect(r.summary).toMatchObject({ name: 'Kept name', tileCount: 35 });
    expect(project.journal.history(id)).toEqual([]);
    expect(project.derived.get(id)!.groundHash).toBe('d'.repeat(64));
  });

  it('writes nothing when a refresh fails', () => {
    open();
    const id = project.derived.add(childMap([1, 2]), KEY, H('a')).id;
    const before = project.contentHash();
    expect(() => project.derived.refresh('parent', childMap([2]), H('b'))).toThrow('argument: mapId: map "parent" is not a derived map of this project');
    expect(() => project.derived.refresh(id, childMap([2]), untrusted({ groundHash: 'b'.repeat(64) }))).toThrow('argument: hashes.substitutesHash: expected a hex digest, got nothing');
    // 256 terrains cannot fit a palette: the journal refuses, and the hashes stay.
    const wide = childMap([200], Array.from({ length: 254 }, (_, k) => `t${k}`));
    expect(() => project.derived.refresh(id, wide, H('b'))).toThrow();
    expect(project.contentHash()).toBe(before);
  });

  it('keeps derived maps when their parent is deleted, and drops the link', () => {
    open();
    const child = project.derived.add(childMap([1]), KEY, H('a')).id;
    const grandchild = project.derived.add(childMap([2]), { parentId: child, selection: [12], ratio: 10, seed: 0 }, H('b')).id;
    expect(project.derived.chain(grandchild)).toEqual(['parent', child, grandchild]);
    expect(project.maps.delete('parent')).toBe(true);
    expect(project.maps.has(child)).toBe(true);
    expect(project.derived.get(child)!.parentId).toBeNull();
    expect(project.derived.chain(grandchild)).toEqual([child, grandchild]);
    expect(project.derived.find(KEY)).toBeNull();
    // Deleting a derived map removes its link with it.
    project.maps.delete(grandchild);
    expect(project.derived.children(child)).toEqual([]);
    expect(project.derived.list().map((l) => l.mapId)).toEqual([child]);
    expect(project.integrityCheck()).toEqual(['ok']);
  });
});
