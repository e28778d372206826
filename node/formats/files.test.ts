import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../../core/util/input-error.js';
import { detectMapFormat, loadRailsGame, loadTiledFile, loadWesnothFile, readTextFile, saveTiledFile, saveWesnothFile } from './files.js';
import { externalPath } from '../../test/support/formats.js';
import { FolderGrantNeeded } from '../files/path-capability.js';
import { writeSiblingTilesets } from './sibling-tilesets.testkit.js';

const tmp = mkdtempSync(join(tmpdir(), 'sandtable-formats-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function errorOf(fn: () => unknown): Error {
  try {
    fn();
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected an error');
}

describe('readTextFile', () => {
  it('refuses missing files, directories, oversized files and UTF-16, naming the file', () => {
    expect(errorOf(() => readTextFile(join(tmp, 'nope.tmx'))).message).toBe(`${join(tmp, 'nope.tmx')}: file: expected a readable file: ENOENT`);
    expect(errorOf(() => readTextFile(tmp)).message).toBe(`${tmp}: file: expected a file, got a directory or a device`);
    const big = join(tmp, 'big.map');
    writeFileSync(big, 'Gg, '.repeat(100));
    expect(errorOf(() => readTextFile(big, 100)).message).toBe(`${big}: file: expected at most 100 bytes (docs/limits.md), got 400`);
    const utf16 = join(tmp, 'utf16.tmx');
    writeFileSync(utf16, Buffer.from('\uFEFF<map/>', 'utf16le'));
    const e = errorOf(() => loadTiledFile(utf16));
    expect(e).toBeInstanceOf(InputError);
    expect(e.message).toBe(`${utf16}: byte 0: expected UTF-8 text; found a UTF-16 byte order mark (FF FE) — save the file as UTF-8`);
  });
});

describe('Wesnoth files', () => {
  it('save and load', () => {
    const p = join(tmp, 'small.map');
    writeFileSync(p, 'Xu, Xu, Xu\nXu, 1 Kh, Xu\nXu, Xu, Xu\n');
    const d = loadWesnothFile(p);
    const q = join(tmp, 'copy.map');
    saveWesnothFile(q, d);
    expect(loadWesnothFile(q)).toEqual(d);
  });
});

const tiled = externalPath('tiled');

describe.skipIf(!tiled)('Tiled files on disk (shared/external-data/tiled)', () => {
  it('desert.tmx loads with its external tileset, saves as TMX and TMJ, and loads back the same', () => {
    const map = loadTiledFile(join(tiled!, 'desert.tmx'));
    expect(map.tilesets[0]!.name).toBe('Desert');
    // The saved copies refer to desert.tsx, so write them next to a copy of it.
    writeFileSync(join(tmp, 'desert.tsx'), readTextFile(join(tiled!, 'desert.tsx')));
    for (const name of ['copy.tmx', 'copy.tmj']) {
      saveTiledFile(join(tmp, name), map);
      const back = loadTiledFile(join(tmp, name));
      expect(back.layers[0]!.data).toEqual(map.layers[0]!.data);
      expect(back.layers[0]!.compression).toBe('zlib');
    }
    expect(() => saveTiledFile(join(tmp, 'x.png'), map)).toThrow('a Tiled map is saved as .tmx or .tmj, got "x.png"');
  });

  it('a missing external tileset names the map, the element and the file it looked for', () => {
    const p = join(tmp, 'lonely.tmx');
    writeFileSync(p, '<map orientation="orthogonal" width="1" height="1" tilewidth="1" tileheight="1">\n <tileset firstgid="1" source="gone.tsx"/>\n</map>');
    expect(errorOf(() => loadTiledFile(p)).message).toBe(
      `${p}: line 2, column 2 (/map/tileset/@source): expected a readable external tileset "gone.tsx": cannot read it: ENOENT`,
    );
  });
});

describe('tilesets in a sibling folder (issue 24: the user\'s files are the user\'s)', () => {
  it('the CLI reads them where the map says; an app door asks for the folder first, then reads it', () => {
    const { map, tilesets } = writeSiblingTilesets(join(tmp, 'sibling'));
    expect(loadTiledFile(map).tilesets[0]).toMatchObject({ name: 'terrain', tilecount: 4 });
    const e = errorOf(() => loadTiledFile(map, { allowed: [] }));
    expect(e).toBeInstanceOf(FolderGrantNeeded);
    expect((e as FolderGrantNeeded).folders).toEqual([tilesets]);
    expect(e.message).toContain(`This map uses tilesets in ${tilesets} — allow reading that folder?`);
    expect(loadTiledFile(map, { allowed: [tilesets] }).tilesets[0]).toMatchObject({ name: 'terrain', tilecount: 4 });
  });

  it('one question names every folder outside; a bad or missing tileset is still one clear line, whatever the folder', () => {
    const root = join(tmp, 'two');
    const { tilesets } = writeSiblingTilesets(root);
    mkdirSync(join(root, 'more'), { recursive: true });
    writeFileSync(join(root, 'more', 'b.tsj'), '{"name":"b","tilewidth":16,"tileheight":16,"tilecount":2,"columns":2,"image":"b.png","imagewidth":32,"imageheight":16}');
    const two = join(root, 'maps', 'two.tmx');
    writeFileSync(two, '<map orientation="orthogonal" width="1" height="1" tilewidth="16" tileheight="16">\n <tileset firstgid="1" source="../tilesets/terrain.tsx"/>\n <tileset firstgid="5" source="../more/b.tsj"/>\n <layer name="g" width="1" height="1"><data encoding="csv">6</data></layer>\n</map>');
    expect((errorOf(() => loadTiledFile(two, { allowed: [] })) as FolderGrantNeeded).folders).toEqual([join(tilesets, '..', 'more'), tilesets].sort());
    expect(loadTiledFile(two).tilesets.map((t) => t.name)).toEqual(['terrain', 'b']);
    writeFileSync(join(root, 'more', 'bad.tsx'), 'not xml');
    const bad = join(root, 'maps', 'bad.tmx');
    writeFileSync(bad, '<map orientation="orthogonal" width="1" height="1" tilewidth="1" tileheight="1">\n <tileset firstgid="1" source="../more/bad.tsx"/>\n <tileset firstgid="2" source="../more/gone.tsx"/>\n</map>');
    expect(errorOf(() => loadTiledFile(bad)).message).toBe(`${bad}: line 2, column 2 (/map/tileset[1]/@source): expected a readable external tileset "../more/bad.tsx": expected a TSX (XML) tileset; its first characters are not (its content is not shown)`);
    writeFileSync(bad, '<map orientation="orthogonal" width="1" height="1" tilewidth="1" tileheight="1">\n <tileset firstgid="1" source="../more/gone.tsx"/>\n</map>');
    expect(errorOf(() => loadTiledFile(bad)).message).toBe(`${bad}: line 2, column 2 (/map/tileset/@source): expected a readable external tileset "../more/gone.tsx": cannot read it: ENOENT`);
  });
});

const game = externalPath('18xx/rails/1830');
const railsTiles = externalPath('18xx/rails/Tiles.xml');

describe.skipIf(!game || !railsTiles)('a Rails game folder (shared/external-data/18xx/rails/1830)', () => {
  it('loads tiles, manifest and board, named after the folder', () => {
    const g = loadRailsGame(game!);
    expect(g.tiles.length).toBe(80);
    expect(g.manifest!.game).toBe('1830');
    expect(g.board!.hexes.length).toBe(93);
    const all = loadRailsGame(game!, {}, railsTiles!);
    expect(all.tiles.length).toBe(700);
  });
});

describe('a Rails file given alone (issue 14)', () => {
  it('says what Map.xml, TileSet.xml and GameOptions.xml are and to import the game folder', () => {
    expect(errorOf(() => detectMapFormat('data/1830/Map.xml', '<?xml version="1.0"?>\n<!-- board -->\n<Map tileOrientation="EW">')).message).toBe(
      "data/1830/Map.xml: file: this is a Rails game's board (Map.xml: its hexes and preprinted tiles), one file of a Rails game: import the game folder that holds it (Tiles.xml, TileSet.xml, Map.xml, GameOptions.xml) into a library, e.g. sandtable import data/1830 --into lib.sandtable-library",
    );
    expect(errorOf(() => detectMapFormat('TileSet.xml', '<TileManager tiles="Tiles.xml">')).message).toMatch(/^TileSet\.xml: file: this is a Rails game's tile set \(TileSet\.xml: tile quantities and upgrades\), one file of a Rails game: import the game folder/);
    expect(errorOf(() => detectMapFormat('x/GameOptions.xml', '<GameOptions>')).message).toMatch(/option list \(GameOptions\.xml\)/);
    // Any other XML is still the plain "not a map" answer.
    expect(errorOf(() => detectMapFormat('notes.xml', '<notes>')).message).toMatch(/expected a Tiled map \(\.tmx, \.tmj\), a Wesnoth map/);
  });
});
