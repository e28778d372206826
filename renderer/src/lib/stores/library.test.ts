import { describe, expect, it } from 'vitest';
import type { LibraryEntry, LibraryTile } from '../../../../contract/contract.js';
import { payloadOf, settle, squareMap, startedBench } from './fake-api.testkit.js';

const entry = (id: string, extra: Partial<LibraryEntry> = {}): LibraryEntry => ({ id, name: id, path: null, tiles: 2, canUndo: false, canRedo: false, undoLabel: null, redoLabel: null, ...extra });
const tile = (id: string, name = id): LibraryTile => ({ id, name, shape: 'hex', tags: [], terrains: ['river'], orientations: ['r0'], elements: 1, updatedAt: '' });

describe('the library store', () => {
  it('lists libraries and tiles with the filters, fetches each thumbnail once, and tags from text', async () => {
    let names = ['Ford', 'Bend'];
    const { app, fake } = await startedBench({
      'library.list': () => [entry('user'), entry('file-1', { name: 'Castles' })],
      'tiles.list': ({ offset }) => ({ tiles: offset ? [] : names.map((n) => tile(n.toLowerCase(), n)), more: false }),
      'tiles.thumbnails': ({ tiles, size }) => ({ size, thumbnails: tiles.map((t) => ({ tile: t, svg: `<svg id="${t}"/>` })) }),
      'tiles.tag': ({ tiles }) => ({ library: entry('user', { canUndo: true, undoLabel: 'tag “Ford”' }), label: 'tag “Ford”', tiles: tiles.map((t) => tile(t)) }),
      'library.undo': () => ({ library: entry('user', { canRedo: true, redoLabel: 'tag “Ford”' }), label: 'tag “Ford”' }),
    });
    const lib = app.library;
    await lib.toggle();
    expect(lib.visible).toBe(true);
    expect(lib.libraries.map((l) => l.id)).toEqual(['user', 'file-1']);
    expect(lib.tiles.map((t) => t.id)).toEqual(['ford', 'bend']);
    lib.text = ' ford ';
    lib.terrain = 'river';
    lib.shape = 'hex';
    await lib.search();
    expect(fake.calls.at(-1)).toEqual({ name: 'tiles.list', args: { library: 'user', text: 'ford', terrain: 'river', shape: 'hex', limit: 120, offset: 0 } });

    await Promise.all([lib.thumbnails(['ford', 'bend']), lib.thumbnails(['ford'])]);
    await lib.thumbnails(['ford', 'bend']);
    expect(fake.calls.filter((c) => c.name === 'tiles.thumbnails').map((c) => c.args)).toEqual([{ library: 'user', tiles: ['ford', 'bend'], size: 96 }]);
    expect(decodeURIComponent(lib.thumbs.ford!)).toBe('data:image/svg+xml;charset=utf-8,<svg id="ford"/>');

    // "river, ww2, -old": two added, one removed; the tagged tile's thumbnail is drawn again, the undo state follows.
    await lib.tagWith(['ford'], 'river, ww2, -old');
    expect(fake.calls.find((c) => c.name === 'tiles.tag')!.args).toEqual({ library: 'user', tiles: ['ford'], add: ['river', 'ww2'], remove: ['old'] });
    expect(lib.thumbs.ford).toBeUndefined();
    expect(lib.thumbs.bend).toBeDefined();
    expect(lib.entry).toMatchObject({ canUndo: true, undoLabel: 'tag “Ford”' });
    await lib.undo();
    expect(lib.entry).toMatchObject({ canRedo: true });
    expect(app.notes.toasts.at(-1)?.text).toBe('Undid in the library: tag “Ford”');
    names = [];
    await lib.search();
    expect(lib.tiles).toEqual([]);
  });

  it('a starter tile refuses rename and delete (the reason the panel shows on the disabled button), and the starter tag is never sent', async () => {
    const { app, fake } = await startedBench({
      'library.list': () => [entry('user')],
      'tiles.list': () => ({ tiles: [{ ...tile('ford', 'Ford'), tags: ['starter', 'river'] }, tile('mine', 'Mine')], more: false }),
      'tiles.thumbnails': ({ tiles, size }) => ({ size, thumbnails: tiles.map((t) => ({ tile: t, svg: '<svg/>' })) }),
    });
    const lib = app.library;
    await lib.toggle();
    expect(lib.refusal('rename')).toBeNull();
    lib.selected = 'ford';
    expect(lib.refusal('rename')).toBe('“Ford” is a starter tile and cannot be renamed; duplicate it and rename the copy');
    expect(lib.refusal('delete')).toBe('“Ford” is a starter tile and cannot be deleted; duplicate it and delete the copy');
    lib.selected = 'mine';
    expect([lib.refusal('rename'), lib.refusal('delete')]).toEqual([null, null]);
    await lib.tagWith(['mine'], 'river, starter');
    await lib.tagWith(['ford'], '-starter');
    expect(fake.calls.some((c) => c.name === 'tiles.tag')).toBe(false);
    expect(app.notes.toasts.at(-1)?.text).toBe('the “starter” tag marks the tiles shipped with Sandtable; it cannot be added or removed');
  });

  it('filters by what fits the selected map tile only when a tile is selected', async () => {
    const { app, fake } = await startedBench({
      'maps.lineage': () => ({ chain: [], children: [] }),
      'library.list': () => [entry('user')],
      'tiles.list': ({ fits }) => ({ tiles: [tile('a')], more: false, ...(fits ? { fits: { a: ['r0', 'r60'] } } : {}) }),
    });
    app.maps.open(payloadOf(squareMap(), 'm1', 'Valley'));
    await settle();
    const lib = app.library;
    lib.fitsSelected = true;
    await lib.search();
    expect(lib.tiles).toEqual([]);
    expect(fake.calls.some((c) => c.name === 'tiles.list')).toBe(false);
    app.selection.apply([7], 'replace', 7);
    await lib.search();
    expect(fake.calls.at(-1)!.args).toMatchObject({ fits: { id: 'm1', tile: 7 } });
    expect(lib.fits).toEqual({ a: ['r0', 'r60'] });
  });

  it('imports uploaded files as text and says what came in', async () => {
    const { app, fake } = await startedBench({
      'library.list': () => [entry('user')],
      'tiles.list': () => ({ tiles: [tile('ford')], more: false }),
      'tiles.import': ({ files }) => ({ library: entry('user', { canUndo: true }), label: 'import 1 tile', jobId: 'j', added: files!.length, replaced: 0, skipped: [], tiles: ['ford'], trackTiles: 0, rasterTiles: 0, games: [], warnings: [] }),
    });
    await app.library.importFiles([new File(['<svg/>'], 'ford.svg')]);
    expect(fake.calls.find((c) => c.name === 'tiles.import')!.args).toEqual({ library: 'user', files: [{ name: 'ford.svg', text: '<svg/>' }], onConflict: 'replace' });
    expect(app.notes.toasts.at(-1)?.text).toBe('Imported 1 tile');
    expect(app.library.tiles.map((t) => t.id)).toEqual(['ford']);
  });
});
