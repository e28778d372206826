import { KEPT_EXISTING } from './import-result.js';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { Board, GameManifest } from '../../core/track/types.js';
import { importRailsGame } from '../../core/formats/rails/game.js';
import { parseRailsTiles } from '../../core/formats/rails/tiles-xml.js';
import type { Library } from './library.js';
import { openStores, plainTrackTile, sampleTrackTile, untrusted } from './store.testkit.js';
import { externalPath } from '../../test/support/formats.js';

let lib: Library;
const stores = openStores();
afterEach(stores.closeAll);

const manifest: GameManifest = {
  game: '1830',
  tiles: [
    { tileId: '7', quantity: 4 },
    { tileId: '15', quantity: 'unlimited', printedAs: '15A' },
    { tileId: '0', quantity: 0 },
  ],
  upgrades: [
    { from: '7', to: '15', exceptHexes: ['E5'] },
    { from: '0', to: '7' },
    { from: '0', to: '15', onlyHexes: ['B10', 'C11'] },
  ],
};

const board: Board = {
  orientation: 'EW',
  letterOrientation: 'vertical',
  even: 'B',
  hexes: [
    { name: 'B10', rotation: 0, impassableSides: [], tileId: '0' },
    { name: 'C11', rotation: 2, impassableSides: [3, 1], tileId: '0', cost: 80, label: 'OO', city: 'Boston', revenues: [30, 50] },
    { name: 'E5', rotation: 0, impassableSides: [5] },
  ],
};

describe('18xx track tiles', () => {
  it('stores a tile with every optional field and gives back the same model object', () => {
    lib = stores.library();
    const tile = sampleTrackTile('15');
    expect(lib.track.put(tile)).toEqual(tile);
    expect(lib.track.get('15')).toEqual(tile);
    const plain = plainTrackTile('7');
    lib.track.put(plain);
    expect(lib.track.get('7')).toEqual(plain);
    expect(lib.track.get('8')).toBeNull();
    expect(lib.track.stats()).toEqual({ tiles: 2, byColour: { green: 1, yellow: 1 }, junctions: 3, connections: 4 });
  });

  it('reads many tiles at once, leaving out those it does not have, and writes many replacing some', () => {
    lib = stores.library();
    lib.track.import([sampleTrackTile('15'), plainTrackTile('7')]);
    expect(lib.track.getMany(['7', '8', '15'])).toEqual([sampleTrackTile('15'), plainTrackTile('7')]);
    expect(lib.track.getMany([])).toEqual([]);
    expect(() => lib.track.getMany(untrusted(['7', 3]))).toThrow('argument: ids[1]');
    const replaced = { ...sampleTrackTile('7', 'brown'), name: 'seven' };
    expect(lib.track.import([replaced, plainTrackTile('15'), plainTrackTile('9')], { onConflict: 'replace' })).toEqual({ added: 1, replaced: 2, skipped: [] });
    expect(lib.track.getMany(['7', '9', '15'])).toEqual([plainTrackTile('15'), replaced, plainTrackTile('9')]);
  });

  it('searches by text, colour, junction type, label and game', () => {
    lib = stores.library();
    lib.track.import([sampleTrackTile('15'), plainTrackTile('7'), { ...plainTrackTile('9'), name: 'Gerade Strecke' }, plainTrackTile('0')]);
    lib.games.import({ manifest: { game: 'g', tiles: [{ tileId: '9', quantity: 1 }], upgrades: [] } });
    const ids = (q: object) => lib.track.search(q).map((t) => t.id);
    expect(ids({ colour: 'yellow' })).toEqual(['0', '7', '9']);
    expect(ids({ junctionType: 'town' })).toEqual(['15']);
    expect(ids({ label: 'OO' })).toEqual(['15']);
    expect(ids({ text: 'gerade' })).toEqual(['9']);
    expect(ids({ game: 'g' })).toEqual(['9']);
    expect(lib.track.list({ limit: 2 }).map((t) => t.id)).toEqual(['0', '15']);
    expect(() => lib.track.search(untrusted({ junctionType: 'port' }))).toThrow('argument: query.junctionType: expected one of "city", "town", "offmap", "junction", "pass", got "port"');
  });

  it('names the record, the field and what was expected, and imports nothing on error', () => {
    lib = stores.library();
    lib.track.import([plainTrackTile('1')]);
    const before = lib.contentHash();
    const bad = sampleTrackTile('57');
    const broken = { ...bad, connections: [...bad.connections, { a: { kind: 'junction', id: 'city9' }, b: { kind: 'side', side: 1 }, gauge: 'normal' }] };
    expect(() => lib.track.import([plainTrackTile('2'), untrusted(broken), plainTrackTile('3')])).toThrow(
      'argument: tiles[1].connections[3].a.id (record "57"): expected one of this tile\'s junctions (city1, town1, _2), got "city9"',
    );
    expect(() => lib.track.import([plainTrackTile('4'), plainTrackTile('1')])).toThrow('argument: tiles[1].id: a track tile "1" already exists');
    expect(() => lib.track.put({ ...plainTrackTile('5'), colour: 'Yellow' })).toThrow('argument: tile.colour (record "5"): expected a lower-case colour word such as "yellow", got "Yellow"');
    expect(lib.contentHash()).toBe(before);
    expect(lib.track.import([plainTrackTile('1')], { onConflict: 'skip', source: 'x.xml' })).toEqual({ added: 0, replaced: 0, skipped: [{ id: '1', reason: KEPT_EXISTING }] });
    expect(lib.track.import([plainTrackTile('6')], { source: 'x.xml' })).toEqual({ added: 1, replaced: 0, skipped: [] });
    expect(lib.track.get('6')!.source).toBe('x.xml');
  });
});

describe('18xx games', () => {
  it('imports a game with its tiles, manifest, upgrades and board in one go, and reads it back', () => {
    lib = stores.library();
    const tiles = [plainTrackTile('7'), sampleTrackTile('15'), plainTrackTile('0')];
    expect(lib.games.import({ name: '1830: Railways & Robber Barons', manifest, board, tiles })).toEqual({
      game: '1830',
      outcome: 'added',
      tiles: { added: 3, replaced: 0, skipped: [] },
    });
    expect(lib.games.get('1830')).toEqual({ id: '1830', name: '1830: Railways & Robber Barons', manifest, board });
    expect(lib.games.list()).toEqual([{ id: '1830', name: '1830: Railways & Robber Barons', tiles: 3, upgrades: 3, boardHexes: 3 }]);
    expect(lib.games.upgradesFrom('1830', '0').map((u) => u.to)).toEqual(['7', '15']);
    expect(lib.games.upgradesFrom('1830', '0', 'B12').map((u) => u.to)).toEqual(['7']);
    expect(lib.games.upgradesFrom('1830', '7', 'E5')).toEqual([]);
    expect(lib.games.upgradesFrom('1830', '7', 'E7').map((u) => u.to)).toEqual(['15']);
    expect(lib.games.stats()).toEqual({ games: 1, manifestEntries: 3, upgrades: 3, boardHexes: 3 });
  });

  it('refuses a game naming tiles the library does not have, and keeps used tiles from being deleted', () => {
    lib = stores.library();
    lib.track.import([plainTrackTile('7'), plainTrackTile('0')]);
    const before = lib.contentHash();
    expect(() => lib.games.import({ manifest, board, tiles: [] })).toThrow(
      'argument: game.manifest.tiles[1].tileId: expected the id of a track tile in the library or in game.tiles, got "15"',
    );
    expect(() => lib.games.import({ manifest: { ...manifest, tiles: [{ tileId: '7', quantity: -1 }] } })).toThrow(
      'argument: game.manifest.tiles[0].quantity: expected a count 0…10000 or "unlimited", got -1',
    );
    expect(() => lib.games.import({ manifest, board: untrusted({ ...board, orientation: 'NE' }), tiles: [sampleTrackTile('15')] })).toThrow('argument: game.board.orientation: expected one of "NS", "EW", got "NE"');
    expect(lib.contentHash()).toBe(before);
    lib.games.import({ manifest, board, tiles: [sampleTrackTile('15')] });
    expect(() => lib.track.delete('15')).toThrow('argument: id: track tile "15" is used by game "1830"; delete or re-import those games first');
    expect(() => lib.games.import({ manifest, tiles: [] })).toThrow('argument: game.id: a game "1830" already exists');
    expect(lib.games.import({ manifest, tiles: [] }, { onConflict: 'skip' }).outcome).toBe('skipped');
    expect(lib.games.import({ id: '1830', name: 'again', manifest: { ...manifest, upgrades: [] } }, { onConflict: 'replace' }).outcome).toBe('replaced');
    expect(lib.games.get('1830')).toEqual({ id: '1830', name: 'again', manifest: { ...manifest, upgrades: [] }, board: null });
    expect(lib.games.delete('1830')).toBe(true);
    expect(lib.track.delete('15')).toBe(true);
  });
});

const RAILS = externalPath('18xx/rails/');
const hasRails = RAILS !== null;

describe.skipIf(!hasRails)('real Rails data (../shared/external-data)', () => {
  it('stores all 700 tiles of Tiles.xml with their stations and tracks, and gives them back unchanged', () => {
    lib = stores.library();
    const { tiles } = parseRailsTiles(readFileSync(`${RAILS!}Tiles.xml`, 'utf8'), 'Tiles.xml');
    expect(tiles.length).toBe(700);
    expect(lib.track.import(tiles, { source: 'rails:Tiles.xml' }).added).toBe(700);
    const back = lib.track.export();
    const byId = new Map(tiles.map((t) => [t.id, { ...t, source: t.source ?? 'rails:Tiles.xml' }]));
    expect(back.length).toBe(700);
    for (const t of back) expect(t).toEqual(byId.get(t.id));
    const stats = lib.track.stats();
    expect(stats.junctions).toBe(tiles.reduce((n, t) => n + t.junctions.length, 0));
    expect(stats.connections).toBe(tiles.reduce((n, t) => n + t.connections.length, 0));
  });

  it('stores the 1830 game: quantities, upgrades and the board with impassable hexsides', () => {
    lib = stores.library();
    const read = (f: string) => ({ text: readFileSync(`${RAILS!}1830/${f}`, 'utf8'), source: `1830/${f}` });
    const game = importRailsGame({ tiles: read('Tiles.xml'), tileSet: read('TileSet.xml'), map: read('Map.xml') }, '1830');
    const result = lib.games.import({ name: '1830', manifest: game.manifest!, board: game.board!, tiles: game.tiles });
    expect(result.outcome).toBe('added');
    const stored = lib.games.get('1830')!;
    expect(stored.manifest).toEqual(game.manifest);
    expect(stored.board).toEqual(game.board);
    expect(stored.board!.hexes.some((h) => h.impassableSides.length > 0)).toBe(true);
    expect(stored.manifest.tiles.find((t) => t.tileId === '57')?.quantity).toBe(game.manifest!.tiles.find((t) => t.tileId === '57')?.quantity);
  });
});
