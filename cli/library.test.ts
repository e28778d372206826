import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, runCliAsync, runJson, runJsonAsync } from './testing.js';
import { externalPath } from '../test/support/formats.js';
import { writeSiblingTilesets } from '../node/formats/sibling-tilesets.testkit.js';

const RAILS_TILES = externalPath('18xx/rails/Tiles.xml');
const RAILS_1830 = externalPath('18xx/rails/1830');
const HEX_MINI = externalPath('tiled/hexagonal-mini.tmx');

const tmp = () => mkdtempSync(join(tmpdir(), 'sandtable-lib-'));

describe('sandtable library', () => {
  it('creates, lists, packs and re-imports a library', async () => {
    const dir = tmp();
    const lib = join(dir, 'castles.sandtable-library');
    const init = runJson(['library', 'init', lib, '--name', 'Castles']);
    expect(init.schemaVersion).toBeGreaterThan(0);
    // A new library holds the default catalogue and a substitute map per terrain, lattice and default ratio.
    const seeded: number = init.substitutes;
    expect(seeded).toBeGreaterThan(100);
    expect(runJson(['library', 'list', lib])).toMatchObject({ maps: seeded, catalogues: 1, substitutes: seeded });
    const map = join(dir, 'm.json');
    runJson(['new', '--kind', 'hex-hexagon', '--size', '5', '--fill', 'forest', '-o', map]);
    const summary = await runJsonAsync(['import', map, '--into', lib]);
    expect(summary.kind).toBe('hex-hexagon');
    expect(runJson(['library', 'list', lib])).toMatchObject({ maps: seeded + 1, track: 0 });
    expect(runJson(['library', 'list', lib, '--what', 'maps']).find((m: { id: string }) => m.id === summary.id)).toMatchObject({ kind: 'hex-hexagon' });
    expect(runJson(['library', 'list', lib, '--what', 'substitutes'])).toContainEqual({ catalogue: 'default', terrain: 'forest', lattice: 'hex', ratio: 12, map: 'substitute:default:forest:hex:12' });
    expect(runJson(['library', 'stats', lib]).maps.count).toBe(seeded + 1);
    const pack = join(dir, 'castles.stpack');
    expect(runJson(['library', 'export', lib, '-o', pack]).bytes).toBeGreaterThan(0);
    const copy = join(dir, 'copy.sandtable-library');
    expect(runJson(['library', 'init', copy, '--empty'])).toMatchObject({ catalogue: null, substitutes: 0 });
    expect(runJson(['library', 'list', copy])).toMatchObject({ maps: 0, catalogues: 0 });
    runJson(['library', 'import', copy, pack]);
    expect(runJson(['library', 'list', copy])).toMatchObject({ maps: seeded + 1, substitutes: seeded });
  });

  it("imports a Tiled map whose tilesets sit in a sibling folder: the user's own command names the file (issue 24)", async () => {
    const dir = tmp();
    const { map } = writeSiblingTilesets(join(dir, 'a'));
    const lib = join(dir, 'l.sandtable-library');
    runJson(['library', 'init', lib, '--empty']);
    const summary = await runJsonAsync(['import', map, '--into', lib]);
    expect(summary).toMatchObject({ name: 'valley', kind: 'square', size: { width: 3, height: 2 }, tileCount: 6 });
    // A missing tileset is still one clear line naming the map and the reference.
    writeFileSync(map, '<map orientation="orthogonal" width="1" height="1" tilewidth="16" tileheight="16">\n <tileset firstgid="1" source="../tilesets/gone.tsx"/>\n</map>');
    const r = await runCliAsync(['import', map, '--into', lib]);
    expect(r.code).toBe(1);
    expect(r.err.trim()).toBe(`sandtable import: ${map}: line 2, column 2 (/map/tileset/@source): expected a readable external tileset "../tilesets/gone.tsx": cannot read it: ENOENT`);
  });

  it('initialises a library with another catalogue, and leaves nothing behind when it cannot', () => {
    const dir = tmp();
    const catalogue = join(dir, 'bad-catalogue.json');
    writeFileSync(catalogue, '{"format":"sandtable-terrain-catalogue"}');
    const lib = join(dir, 'l.sandtable-library');
    const r = runCli(['library', 'init', lib, '--catalogue', catalogue]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/bad-catalogue\.json/);
    expect(existsSync(lib)).toBe(false);
    expect(runCli(['library', 'init', lib, '--empty', '--catalogue', catalogue]).err).toMatch(/--empty and --catalogue exclude each other/);
  });

  it('refuses what is not a library, clearly', async () => {
    const dir = tmp();
    const notLib = join(dir, 'x.txt');
    writeFileSync(notLib, 'hello');
    expect(runCli(['library', 'stats', notLib]).err).toMatch(/is not a Sandtable library or project \(not an SQLite file\)/);
    expect(runCli(['library', 'stats', join(dir, 'missing')]).err).toMatch(/does not exist; create a library with/);
    expect(runCli(['library', 'frob', notLib]).err).toMatch(/expected init, list, stats, export or import/);
    const lib = join(dir, 'l.sandtable-library');
    runJson(['library', 'init', lib, '--empty']);
    expect(runCli(['library', 'init', lib]).err).toMatch(/already exists/);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"format":"sandtable-map","version":1,"kind":"square","size":{"width":2,"height":2},"alform":false,"palette":[],"layers":{}}');
    const r = await runCliAsync(['import', bad, '--into', lib]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/bad\.json: \$\.layers\.terrain: expected an object/);
    expect(runJson(['library', 'list', lib])).toMatchObject({ maps: 0 });
  });

  it.skipIf(!RAILS_TILES || !RAILS_1830 || !HEX_MINI)('imports Rails tiles, a Rails game and a Tiled map from the shared data', async () => {
    const lib = join(tmp(), 'rails.sandtable-library');
    runJson(['library', 'init', lib, '--empty']);
    const tiles = await runJsonAsync(['import', RAILS_TILES!, '--into', lib]);
    expect(tiles.added).toBe(700);
    // The game brings its own copies of tiles already imported: keep the library's.
    const game = await runJsonAsync(['import', RAILS_1830!, '--into', lib, '--game', '1830', '--on-conflict', 'skip']);
    expect(game.game).toBe('1830');
    const tiled = await runJsonAsync(['import', HEX_MINI!, '--into', lib]);
    expect(tiled).toMatchObject({ kind: 'hex-rectangle' });
    const list = runJson(['library', 'list', lib]);
    expect(list).toMatchObject({ maps: 1, games: 1 });
    expect(list.track).toBeGreaterThanOrEqual(700);
  });

  it('imports 18xx.games tiles (plain list, then a game counting them) with upgrades inferred from track (issue 14)', async () => {
    const dir = tmp();
    const lib = join(dir, 'dsl.sandtable-library');
    runJson(['library', 'init', lib, '--empty']);
    const list = join(dir, 'shared.dsl');
    writeFileSync(list, 'white:\nblank:\nyellow:\n7: path=a:0,b:1\n9: path=a:0,b:3\ngreen:\n27: path=a:0,b:3;path=a:0,b:1\n');
    const tiles = await runJsonAsync(['import', list, '--into', lib]);
    expect(tiles).toMatchObject({ added: 4, upgrades: 4 }); // blank → 7, 9; 7 → 27; 9 → 27
    mkdirSync(join(dir, 'g_test'));
    const game = join(dir, 'g_test', 'map.rb');
    writeFileSync(game, "TILES = {\n  '7' => 2,\n  '27' => 1,\n  'T1' => { 'count' => 1, 'color' => 'yellow', 'code' => 'path=a:0,b:2' },\n}.freeze\n");
    const g = await runJsonAsync(['import', game, '--into', lib]);
    expect(g).toMatchObject({ game: 'test', outcome: 'added', upgrades: 1 });
    const missing = join(dir, 'g_test', 'other.rb');
    writeFileSync(missing, "TILES = { '999' => 1 }");
    expect((await runCliAsync(['import', missing, '--into', lib])).err).toMatch(/counts tiles the library does not have \(999\); import the shared tiles first/);
  });

  it('names every 18xx.games tile it does not import, with why, in a bounded list (issue 24)', async () => {
    const dir = tmp();
    const lib = join(dir, 'skip.sandtable-library');
    runJson(['library', 'init', lib, '--empty']);
    const rb = join(dir, 'tile.rb');
    const yellow = Array.from({ length: 12 }, (_, k) => `  '${k + 1}' => 'path=a:0,b:3',`).join('\n');
    writeFileSync(rb, `YELLOW = {\n${yellow}\n}.freeze\nGREENBROWN = { '119' => 'path=a:0,b:3;path=a:1,b:4' }.freeze\nNONE = { '467' => 'path=a:0,b:3,track:narrow' }.freeze\n`);
    // Two-colour and colourless tiles are imported with their colours: nothing is dropped.
    expect(await runJsonAsync(['import', rb, '--into', lib])).toMatchObject({ added: 14, skipped: [] });
    // Again with --on-conflict skip: each kept tile is named (JSON: all; text: the first 10, then how many more).
    const again = await runJsonAsync(['import', rb, '--into', lib, '--on-conflict', 'skip']);
    expect(again.added + again.skipped.length).toBe(14);
    expect(again.skipped[0]).toEqual({ id: '1', reason: 'already in the library (on conflict "skip" keeps it)' });
    const text = (await runCliAsync(['import', rb, '--into', lib, '--on-conflict', 'skip'])).out;
    expect(text).toMatch(/0 added, 0 replaced, 14 skipped/);
    expect(text).toContain('  skipped 1: already in the library (on conflict "skip" keeps it)');
    expect(text).toContain('  … and 4 more skipped');
    expect(text.split('\n').filter((l) => l.startsWith('  skipped '))).toHaveLength(10);
  });
});
