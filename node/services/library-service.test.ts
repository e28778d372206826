/**
 * The library operations (issue 13) through the services' one door (`call`, validated like
 * any renderer call): opening library files only where the file rules allow, listing and
 * searching tiles, thumbnails, rename/duplicate/delete/tag with library-level undo and redo,
 * import as a job (progress, cancel, all or nothing), export packs, and "fits here".
 */
import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppEvent, LibraryEntry, LibraryTile } from '../../contract/contract.js';
import { exportSvg } from '../../core/vector/svg.js';
import { vectorTileToJson } from '../../core/vector/json.js';
import { HEX_TILE, PENTAGON_TILE, SQUARE_TILE } from '../../core/vector/vector.testkit.js';
import type { VectorTile } from '../../core/vector/types.js';
import { openLibrary } from '../store/index.js';
import { encodePngRgba } from '../../core/util/png.js';
import { useServicesKit } from './services.testkit.js';
import { externalPath } from '../../test/support/formats.js';

const RAILS_1830 = externalPath('18xx/rails/1830');

const kit = useServicesKit('sandtable-library-service-');
const call = kit.call;

/** Terrains of the default catalogue (the testkit's tiles use a few names it lacks). */
const known = (t: VectorTile, id: string): VectorTile => ({
  ...t,
  id,
  name: `Tile ${id}`,
  elements: t.elements.map((e) => ({ ...e, terrain: ({ hill: 'hills', peak: 'hills', well: 'village' } as Record<string, string>)[e.terrain] ?? e.terrain })),
});
const svgOf = (t: VectorTile) => exportSvg(t);

/** A new library file in the projects folder (an allowed root), opened. */
async function newLibrary(name = 'castles.sandtable-library'): Promise<LibraryEntry> {
  mkdirSync(join(kit.dir, 'projects'), { recursive: true });
  return call<LibraryEntry>('library.open', { path: join(kit.dir, 'projects', name), create: true });
}

async function importTiles(library: string, tiles: VectorTile[], onConflict?: string) {
  return call('tiles.import', { library, files: tiles.map((t) => ({ name: `${t.id}.svg`, text: svgOf(t) })), ...(onConflict ? { onConflict } : {}) });
}

describe('library files', () => {
  it('lists the user library first, opens files only by allowed paths, and closes them', async () => {
    const lib = await newLibrary();
    expect(lib).toMatchObject({ id: 'file-1', name: 'castles', tiles: 0, canUndo: false });
    const list = await call<LibraryEntry[]>('library.list');
    expect(list.map((l) => l.id)).toEqual(['user', 'file-1']);
    expect(list[0]).toMatchObject({ name: 'My library', path: null });
    expect(list[0]!.tiles).toBeGreaterThan(10); // the starter tiles
    // The same file again: the same library.
    expect((await call<LibraryEntry>('library.open', { path: 'castles.sandtable-library' })).id).toBe('file-1');
    // Outside the allowed folders, and not chosen by the user: one clear line, nothing opened.
    const outside = join(kit.dir, 'elsewhere.sandtable-library');
    await expect(call('library.open', { path: outside, create: true })).rejects.toThrow(
      new RegExp(`^library\\.open: ${outside.replace(/[.]/g, '\\.')}: Sandtable may not open a library from this path: it accepts paths you chose .*$`),
    );
    expect(existsSync(outside)).toBe(false);
    // Once the user chose it (a dialog, the command line), it opens.
    kit.services.grantPath(outside);
    expect((await call<LibraryEntry>('library.open', { path: outside, create: true })).id).toBe('file-2');
    await expect(call('library.open', { path: join(kit.dir, 'projects', 'missing.sandtable-library') })).rejects.toThrow(/no library file there \(create: true makes a new one\)$/);
    expect((await call<LibraryEntry[]>('library.close', { library: 'file-1' })).map((l) => l.id)).toEqual(['user', 'file-2']);
    await expect(call('tiles.list', { library: 'file-1' })).rejects.toThrow('tiles.list: no library "file-1" is open (open ones: user, file-2)');
    await expect(call('library.close', { library: 'user' })).rejects.toThrow(/the user library stays open/);
  });
});

describe('tiles', () => {
  it('imports SVG tiles as a job, then lists, searches and pages them', async () => {
    const { id } = await newLibrary();
    const tiles = [known(SQUARE_TILE, 'sq-a'), known(HEX_TILE, 'hex-b'), known(PENTAGON_TILE, 'pent-c')];
    const r = await importTiles(id, tiles);
    expect(r).toMatchObject({ added: 3, replaced: 0, skipped: [], tiles: ['sq-a', 'hex-b', 'pent-c'], label: 'import 3 tiles' });
    expect(r.library).toMatchObject({ tiles: 3, canUndo: true, undoLabel: 'import 3 tiles' });
    const progress = kit.events.filter((e): e is Extract<AppEvent, { type: 'job.progress' }> => e.type === 'job.progress' && e.jobId === r.jobId);
    expect(progress.map((e) => [e.label, e.done, e.total])).toEqual([
      ['Importing tiles', 0, 3],
      ['Importing tiles', 1, 3],
      ['Importing tiles', 2, 3],
      ['Importing tiles', 3, 3],
    ]);
    expect(kit.events.at(-1)).toEqual({ type: 'job.done', jobId: r.jobId });

    const list = async (q: object) => (await call<{ tiles: LibraryTile[]; more: boolean }>('tiles.list', { library: id, ...q }));
    expect((await list({})).tiles.map((t) => t.id)).toEqual(['sq-a', 'hex-b', 'pent-c']);
    expect((await list({ text: 'TILE HEX' })).tiles.map((t) => t.id)).toEqual(['hex-b']);
    expect((await list({ terrain: 'lake' })).tiles.map((t) => t.id)).toEqual(['sq-a']);
    expect((await list({ shape: 'pentagon' })).tiles.map((t) => t.id)).toEqual(['pent-c']);
    expect(await list({ limit: 2 })).toMatchObject({ more: true });
    expect(await list({ limit: 2, offset: 2 })).toMatchObject({ more: false, tiles: [{ id: 'pent-c', shape: 'pentagon', terrains: ['forest', 'road'] }] });
    const one = await call('tiles.get', { library: id, tile: 'hex-b' });
    expect(one.json).toMatchObject({ format: 'sandtable-vector-tile', id: 'hex-b', shape: 'hex' });
    await expect(call('tiles.get', { library: id, tile: 'nope' })).rejects.toThrow('tiles.get: no vector tile "nope" in this library');

    // Imported again with onConflict "skip": each tile kept is named, with why (issue 24).
    const again = await importTiles(id, tiles.slice(0, 1), 'skip');
    expect(again).toMatchObject({ added: 0, skipped: [{ id: 'sq-a', reason: 'already in the library (on conflict "skip" keeps it)' }] });
  });

  it('draws thumbnails from the geometry, cached by content', async () => {
    const { id } = await newLibrary();
    await importTiles(id, [known(SQUARE_TILE, 'sq-a'), known(HEX_TILE, 'hex-b')]);
    const t = await call('tiles.thumbnails', { library: id, tiles: ['sq-a', 'gone', 'hex-b'], size: 64 });
    expect(t.thumbnails.map((x: { tile: string }) => x.tile)).toEqual(['sq-a', 'hex-b']);
    expect(t.thumbnails[0].svg).toMatch(/<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="64" height="64"/);
    // The lake's colour (default catalogue) is in the square tile's picture.
    expect(t.thumbnails[0].svg).toContain('fill="#');
    const again = await call('tiles.thumbnails', { library: id, tiles: ['sq-a'], size: 64 });
    expect(again.thumbnails[0].svg).toBe(t.thumbnails[0].svg);
  });

  it('renames, duplicates, tags and deletes, each one library undo step', async () => {
    const { id } = await newLibrary();
    await importTiles(id, [known(SQUARE_TILE, 'sq-a'), known(HEX_TILE, 'hex-b')]);
    const names = async () => (await call<{ tiles: LibraryTile[] }>('tiles.list', { library: id })).tiles.map((t) => `${t.id}:${t.name}:${t.tags.join('+')}`);
    const start = await names();

    const renamed = await call('tiles.rename', { library: id, tile: 'sq-a', name: 'Lakeside road' });
    expect(renamed).toMatchObject({ tile: { name: 'Lakeside road' }, label: 'rename “Tile sq-a”', library: { undoLabel: 'rename “Tile sq-a”' } });
    const dup = await call('tiles.duplicate', { library: id, tile: 'hex-b' });
    expect(dup.tile).toMatchObject({ id: 'hex-b-copy', name: 'Tile hex-b (copy)' });
    expect((await call('tiles.duplicate', { library: id, tile: 'hex-b' })).tile.id).toBe('hex-b-copy-2');
    const tagged = await call('tiles.tag', { library: id, tiles: ['sq-a', 'hex-b'], add: ['river', 'ww2'] });
    expect(tagged.tiles.map((t: LibraryTile) => t.tags)).toEqual([['river', 'ww2'], ['river', 'ww2']]);
    expect((await call('tiles.list', { library: id, tag: 'ww2' })).tiles).toHaveLength(2);
    const deleted = await call('tiles.delete', { library: id, tiles: ['sq-a'] });
    expect(deleted).toMatchObject({ deleted: 1, label: 'delete “Lakeside road”', library: { tiles: 3 } });
    await expect(call('tiles.delete', { library: id, tiles: ['nope'] })).rejects.toThrow(/no vector tile "nope" in this library/);

    // Undo, one step at a time, back to the start; redo all the way again.
    const labels: string[] = [];
    for (;;) {
      const u = await call('library.undo', { library: id });
      if (u.label === null) break;
      labels.push(u.label);
    }
    expect(labels).toEqual(['delete “Lakeside road”', 'tag 2 tiles', 'duplicate “Tile hex-b”', 'duplicate “Tile hex-b”', 'rename “Tile sq-a”', 'import 2 tiles']);
    expect(await names()).toEqual([]);
    await call('library.redo', { library: id });
    expect(await names()).toEqual(start);
    for (let k = 0; k < 5; k++) await call('library.redo', { library: id });
    expect(await names()).toEqual(['hex-b:Tile hex-b:river+ww2', 'hex-b-copy:Tile hex-b (copy):', 'hex-b-copy-2:Tile hex-b (copy):']);
    expect((await call('library.redo', { library: id })).label).toBeNull();
    // The deleted tile came back whole on undo (geometry and tags), so its thumbnail is the same.
    await call('library.undo', { library: id });
    const back = await call('tiles.get', { library: id, tile: 'sq-a' });
    expect(back.tile).toMatchObject({ name: 'Lakeside road', tags: ['river', 'ww2'] });
    expect(back.json.elements).toHaveLength(SQUARE_TILE.elements.length);
  });

  it('starter tiles are read-only: rename and delete refused with the reason, duplicate gives the designer a tile of their own; the starter tag is the library\'s', async () => {
    const starter = (await call<{ tiles: LibraryTile[] }>('tiles.list', { library: 'user', tag: 'starter', limit: 1 })).tiles[0]!;
    expect(starter.tags).toContain('starter');
    const undoBefore = (await call<LibraryEntry[]>('library.list'))[0]!.undoLabel;
    await expect(call('tiles.rename', { library: 'user', tile: starter.id, name: 'Mine' })).rejects.toThrow(`“${starter.name}” is a starter tile and cannot be renamed; duplicate it and rename the copy`);
    await expect(call('tiles.delete', { library: 'user', tiles: [starter.id] })).rejects.toThrow(`“${starter.name}” is a starter tile and cannot be deleted; duplicate it and delete the copy`);
    const tagLine = 'the “starter” tag marks the tiles shipped with Sandtable; it cannot be added or removed';
    await expect(call('tiles.tag', { library: 'user', tiles: [starter.id], remove: ['starter'] })).rejects.toThrow(tagLine);
    // Refused whole: nothing written, no undo step.
    expect((await call('tiles.get', { library: 'user', tile: starter.id })).tile).toMatchObject({ name: starter.name, tags: starter.tags });
    expect((await call<LibraryEntry[]>('library.list'))[0]!.undoLabel).toBe(undoBefore);

    // The duplicate is the designer's: no mark, so it can be renamed, tagged and deleted.
    const dup = (await call('tiles.duplicate', { library: 'user', tile: starter.id })).tile as LibraryTile;
    expect(dup.tags).toEqual(starter.tags.filter((t) => t !== 'starter'));
    expect((await call('tiles.rename', { library: 'user', tile: dup.id, name: 'Mine' })).tile.name).toBe('Mine');
    await expect(call('tiles.tag', { library: 'user', tiles: [dup.id], add: ['starter'] })).rejects.toThrow(tagLine);
    const drawn = JSON.stringify((await call('tiles.get', { library: 'user', tile: dup.id })).json);
    await expect(call('tiles.save', { tile: drawn, tags: ['starter'] })).rejects.toThrow(tagLine);
    expect((await call('tiles.tag', { library: 'user', tiles: [dup.id], add: ['mine'] })).tiles[0].tags).toContain('mine');
    // Deleting a selection that holds a starter deletes none of it.
    await expect(call('tiles.delete', { library: 'user', tiles: [dup.id, starter.id] })).rejects.toThrow(/is a starter tile and cannot be deleted/);
    expect((await call('tiles.get', { library: 'user', tile: dup.id })).tile.name).toBe('Mine');
    expect((await call('tiles.delete', { library: 'user', tiles: [dup.id] })).deleted).toBe(1);
  });

  it('imports all or nothing: a bad file, a clash or a cancel leaves the library as it was', async () => {
    await kit.services.shutdown();
    kit.make({ jobStepDelayMs: 300 });
    const { id, path } = await newLibrary();
    await importTiles(id, [known(SQUARE_TILE, 'sq-a')]);
    const hash = () => {
      const lib = openLibrary(path!, { readonly: true } as never);
      try {
        return JSON.stringify(lib.vector.export());
      } finally {
        lib.close();
      }
    };
    const before = hash();
    // A bad file among good ones: refused with the file and element named, nothing written.
    const bad = call('tiles.import', { library: id, files: [{ name: 'good.svg', text: svgOf(known(HEX_TILE, 'hex-b')) }, { name: 'bad.svg', text: '<svg data-shape="hex"><path data-terrain="river" d="M 0 0 Q"/></svg>' }] });
    await expect(bad).rejects.toThrow(/^tiles\.import: bad\.svg: /);
    // A clash with a tile already there (onConflict "error").
    await expect(importTiles(id, [known(HEX_TILE, 'hex-b'), known(SQUARE_TILE, 'sq-a')])).rejects.toThrow(/a vector tile "sq-a" already exists \(import with onConflict "replace" or "skip"\)/);
    // A cancelled job.
    const running = importTiles(id, [known(HEX_TILE, 'h1'), known(HEX_TILE, 'h2'), known(HEX_TILE, 'h3')]);
    running.catch(() => undefined);
    const first = await new Promise<Extract<AppEvent, { type: 'job.progress' }>>((resolve) => {
      const off = kit.services.onEvent((e) => {
        if (e.type === 'job.progress') {
          off();
          resolve(e);
        }
      });
    });
    expect(await call('jobs.cancel', { jobId: first.jobId })).toEqual({ cancelled: true });
    await expect(running).rejects.toThrow(`tiles.import: job ${first.jobId} was cancelled; nothing was written`);
    expect(hash()).toBe(before);
    expect((await call<LibraryEntry[]>('library.list'))[1]).toMatchObject({ tiles: 1, undoLabel: 'import 1 tile' });
  });

  it('imports a folder the user chose (its sub-folders become tags), replacing with one undo step', async () => {
    const { id } = await newLibrary();
    const folder = join(kit.dir, 'projects', 'mytiles');
    mkdirSync(join(folder, 'river'), { recursive: true });
    writeFileSync(join(folder, 'river', 'hex-b.svg'), svgOf(known(HEX_TILE, 'hex-b')));
    writeFileSync(join(folder, 'sq-a.json'), JSON.stringify(vectorTileToJson(known(SQUARE_TILE, 'sq-a'))));
    writeFileSync(join(folder, 'notes.txt'), 'not a tile');
    const r = await call('tiles.import', { library: id, path: 'mytiles' });
    expect(r).toMatchObject({ added: 2, tiles: ['hex-b', 'sq-a'] });
    expect((await call('tiles.list', { library: id, tag: 'river' })).tiles.map((t: LibraryTile) => t.id)).toEqual(['hex-b']);
    const outside = join(kit.dir, 'secret');
    mkdirSync(outside);
    await expect(call('tiles.import', { library: id, path: outside })).rejects.toThrow(/^tiles\.import: .*secret: Sandtable may not import tiles from this path/);
    // Replace: the renamed tile comes back under its old name on undo.
    await call('tiles.rename', { library: id, tile: 'sq-a', name: 'Mine' });
    const again = await call('tiles.import', { library: id, path: 'mytiles', onConflict: 'replace' });
    expect(again).toMatchObject({ added: 0, replaced: 2 });
    expect((await call('tiles.get', { library: id, tile: 'sq-a' })).tile.name).toBe('Tile sq-a');
    await call('library.undo', { library: id });
    expect((await call('tiles.get', { library: id, tile: 'sq-a' })).tile.name).toBe('Mine');
  });

  it('imports 18xx track tiles (an 18xx.games list, a Rails Tiles.xml) in the same job, undone as one step', async () => {
    const { id, path } = await newLibrary();
    const dsl = 'white:\nblank:\nyellow:\n7: path=a:0,b:1\n9: path=a:0,b:3\ngreen:\n27: path=a:0,b:3;path=a:0,b:1\n';
    const r = await call('tiles.import', { library: id, files: [{ name: 'shared.dsl', text: dsl }, { name: 'ford.svg', text: svgOf(known(HEX_TILE, 'ford')) }] });
    expect(r).toMatchObject({ added: 1, trackTiles: 4, games: [], label: 'import 5 tiles' });
    const count = () => {
      const lib = openLibrary(path!);
      try {
        return [lib.track.list({ limit: 100 }).length, lib.vector.stats().count];
      } finally {
        lib.close();
      }
    };
    expect(count()).toEqual([4, 1]);
    await call('library.undo', { library: id });
    expect(count()).toEqual([0, 0]);
    await call('library.redo', { library: id });
    expect(count()).toEqual([4, 1]);
    // A game's counted list needs its shared tiles and manifest: the CLI's --game import, said in one line.
    await expect(call('tiles.import', { library: id, files: [{ name: 'map.rb', text: "TILES = { '7' => 2 }" }] })).rejects.toThrow(/map\.rb: a game's TILES list counts shared tiles; import it with `sandtable import map\.rb --into <library>`/);
  });

  it('imports a Tiled tileset by path as raster tiles with Wang edge labels; an upload of one is refused with the reason', async () => {
    const { id, path } = await newLibrary();
    const folder = join(kit.dir, 'projects', 'tiled');
    mkdirSync(folder);
    const rgba = new Uint8Array(6 * 4 * 4).fill(255);
    writeFileSync(join(folder, 'sheet.png'), encodePngRgba(6, 4, rgba));
    const tsx = `<tileset name="Moat" tilewidth="2" tileheight="2" spacing="1" margin="1" tilecount="2" columns="2"><image source="sheet.png" width="6" height="4"/>
      <wangsets><wangset name="w" type="corner" tile="0"><wangcolor name="Grass" color="#00ff00" tile="0" probability="1"/><wangtile tileid="0" wangid="0,1,0,1,0,1,0,1"/></wangset></wangsets></tileset>`;
    writeFileSync(join(folder, 'moat.tsx'), tsx);
    const r = await call('tiles.import', { library: id, path: 'tiled/moat.tsx' });
    expect(r).toMatchObject({ rasterTiles: 2, added: 0, label: 'import 2 tiles' });
    const raster = () => {
      const lib = openLibrary(path!);
      try {
        return lib.raster.list({ limit: 10 }).map((t) => [t.id, t.edges.join(' ')]);
      } finally {
        lib.close();
      }
    };
    expect(raster()).toEqual([
      ['moat-0', 'Grass/-/Grass Grass/-/Grass Grass/-/Grass Grass/-/Grass'],
      ['moat-1', '-/-/- -/-/- -/-/- -/-/-'],
    ]);
    await call('library.undo', { library: id });
    expect(raster()).toEqual([]);
    await expect(call('tiles.import', { library: id, files: [{ name: 'moat.tsx', text: tsx }] })).rejects.toThrow(/moat\.tsx: a tileset's image lies beside it; import the tileset by its path/);
  });

  it.skipIf(!RAILS_1830)('imports a Rails game folder the user chose as a game with its tiles', async () => {
    const { id, path } = await newLibrary();
    kit.services.grantPath(RAILS_1830!);
    const r = await call('tiles.import', { library: id, path: RAILS_1830 });
    expect(r.games).toEqual(['1830']);
    expect(r.trackTiles).toBeGreaterThan(20);
    await call('library.undo', { library: id });
    const lib = openLibrary(path!);
    try {
      expect(lib.games.list()).toEqual([]);
      expect(lib.track.list({ limit: 10 })).toEqual([]);
    } finally {
      lib.close();
    }
  });

  it('exports packs: a library file, or folders of SVG and JSON that import back', async () => {
    const { id } = await newLibrary();
    await importTiles(id, [known(SQUARE_TILE, 'sq-a'), known(HEX_TILE, 'hex/b')]);
    const svgDir = join(kit.dir, 'projects', 'pack-svg');
    expect(await call('tiles.export', { library: id, path: svgDir, format: 'svg' })).toEqual({ path: svgDir, tiles: 2, format: 'svg' });
    expect(readdirSync(svgDir).sort()).toEqual(['hex_b.svg', 'sq-a.svg']);
    expect(readFileSync(join(svgDir, 'sq-a.svg'), 'utf8')).toContain('data-tile-id="sq-a"');
    await call('tiles.export', { library: id, tiles: ['sq-a'], path: join(kit.dir, 'projects', 'pack-json'), format: 'json' });
    expect(readdirSync(join(kit.dir, 'projects', 'pack-json'))).toEqual(['sq-a.json']);
    const file = join(kit.dir, 'projects', 'pack.sandtable-library');
    expect(await call('tiles.export', { library: id, path: file, format: 'library' })).toMatchObject({ tiles: 2 });
    await expect(call('tiles.export', { library: id, path: file, format: 'library' })).rejects.toThrow(/already exists; choose a new file name/);
    const opened = await call<LibraryEntry>('library.open', { path: file });
    expect(opened).toMatchObject({ tiles: 2, name: 'pack' });
    // Back in through the import of the SVG folder into a new library.
    const other = await newLibrary('other.sandtable-library');
    expect(await call('tiles.import', { library: other.id, path: svgDir })).toMatchObject({ added: 2 });
    await expect(call('tiles.export', { library: id, path: join(kit.dir, 'out'), format: 'svg' })).rejects.toThrow(/Sandtable may not export tiles to this path/);
  });

  it('lists only the tiles that fit a map position against its placed neighbours', async () => {
    const lib = kit.services.library().library;
    // Two starter square road tiles the map places; the filter reads the user library.
    const squares = lib.vector.search({ shape: 'square', limit: 1000 });
    expect(squares.length).toBeGreaterThan(5);
    const map = await call('maps.create', { name: 'Roads', kind: 'square', size: '3x1', alform: false, fill: 'clear' });
    const all = await call<{ tiles: LibraryTile[] }>('tiles.list', { library: 'user', fits: { id: map.summary.id, tile: 1 }, limit: 500 });
    // Nothing placed around: every square tile fits.
    expect(all.tiles.map((t) => t.id)).toEqual(squares.map((t) => t.id));
    // Place a road tile on the left; now only tiles whose west edge matches its east edge fit.
    const road = squares.find((t) => t.terrains.includes('road') && t.terrains.length === 1)!;
    await call('maps.placeInstances', { id: map.summary.id, placements: [{ tile: 0, vectorTile: road.id, placement: 0 }] });
    const fit = await call<{ tiles: LibraryTile[]; fits: Record<string, string[]> }>('tiles.list', { library: 'user', fits: { id: map.summary.id, tile: 1 }, limit: 500 });
    expect(fit.tiles.length).toBeGreaterThan(0);
    expect(fit.tiles.length).toBeLessThan(squares.length);
    for (const t of fit.tiles) expect(fit.fits[t.id]!.length).toBeGreaterThan(0);
    // A hex filter on a square place: nothing.
    expect((await call('tiles.list', { library: 'user', shape: 'hex', fits: { id: map.summary.id, tile: 1 } })).tiles).toEqual([]);
    await expect(call('tiles.list', { library: 'user', fits: { id: map.summary.id, tile: 9 } })).rejects.toThrow('tiles.list: fits: tile 9 is not on this map (0…2)');
  });
});
