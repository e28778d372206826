import { KEPT_EXISTING } from './import-result.js';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { TerrainMap } from '../../core/map/terrain-map.js';
import { minimalCatalogueJson } from '../../core/terrain/catalogue.testkit.js';
import type { Library } from './library.js';
import { MAX_PACK_JSON_BYTES, PACK_FORMAT, PACK_VERSION } from './pack.js';
import { fakePng, openStores, plainTrackTile, sampleRasterTiles, sampleTrackTile, untrusted } from './store.testkit.js';
import { vectorTileToJson } from '../../core/vector/json.js';
import { CLEARING_TILE, HEX_TILE, SQUARE_TILE } from '../../core/vector/vector.testkit.js';

const stores = openStores();
afterEach(stores.closeAll);
const library = (): Library => stores.library();

/** A library with something in every table. */
function fullLibrary(): Library {
  const lib = library();
  lib.setInfo({ name: 'Test library', description: 'Everything once.' });
  lib.catalogues.put('minimal', minimalCatalogueJson());
  const forest = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 13, height: 13 }, alform: true, palette: ['forest', 'clear'], meta: { name: 'Forest 12', note: 'substitute' } });
  forest.layers.terrain.fill(1, 0, 80);
  lib.maps.put(forest, { id: 'forest-12', thumbnail: { mime: 'image/png', data: fakePng(5, 40) } });
  const classic = TerrainMap.create({ size: { kind: 'square', width: 20, height: 10 }, palette: ['clear'], elevation: true });
  classic.layers.elevation!.fill(-7, 3, 90);
  lib.maps.put(classic, { id: 'classic', name: 'Classic' });
  lib.raster.import([...sampleRasterTiles(30, 1), ...sampleRasterTiles(10, 2, { shape: 'hex', idPrefix: 'hex' }), { ...sampleRasterTiles(1, 3, { idPrefix: 'edge' })[0]!, orientations: ['r0', 'r180', 'm0', 'm180'] }]);
  lib.games.import({
    name: 'Mini 18xx',
    manifest: { game: 'mini', tiles: [{ tileId: '7', quantity: 3 }, { tileId: '15', quantity: 'unlimited' }], upgrades: [{ from: '7', to: '15', onlyHexes: ['A1'] }] },
    board: { orientation: 'NS', letterOrientation: 'horizontal', even: 'A', hexes: [{ name: 'A1', rotation: 1, impassableSides: [2], tileId: '7' }] },
    tiles: [plainTrackTile('7'), sampleTrackTile('15')],
  });
  lib.track.put(plainTrackTile('9'));
  lib.substitutes.set({ catalogueId: 'minimal', terrainId: 'forest', ratio: 12, mapId: 'forest-12' });
  lib.vector.import([
    { tile: vectorTileToJson(HEX_TILE), tags: ['river', 'test'] },
    { tile: vectorTileToJson(SQUARE_TILE), orientations: ['r0', 'm0'] },
    { tile: vectorTileToJson(CLEARING_TILE) },
  ]);
  return lib;
}

describe('library packs', () => {
  it('round-trips: export, import into an empty library, export again gives identical bytes', () => {
    const source = fullLibrary();
    const pack = source.exportPack();
    const json = JSON.parse(gunzipSync(pack).toString('utf8'));
    expect(json.format).toBe(PACK_FORMAT);
    expect(json.version).toBe(PACK_VERSION);
    expect(Object.keys(json)).toEqual(['format', 'version', 'library', 'catalogues', 'maps', 'rasterTiles', 'trackTiles', 'games', 'substitutes', 'vectorTiles']);
    expect([json.catalogues.length, json.maps.length, json.rasterTiles.length, json.trackTiles.length, json.games.length, json.substitutes.length, json.vectorTiles.length]).toEqual([1, 2, 41, 3, 1, 1, 3]);
    expect(json.vectorTiles[1]).toMatchObject({ tile: { id: 'sq', shape: 'square' }, orientations: ['r0', 'm0'] });

    const target = library();
    expect(target.importPack(pack)).toEqual({
      catalogues: { added: 1, replaced: 0, skipped: [] },
      maps: { added: 2, replaced: 0, skipped: [] },
      rasterTiles: { added: 41, replaced: 0, skipped: [] },
      trackTiles: { added: 3, replaced: 0, skipped: [] },
      games: { added: 1, replaced: 0, skipped: [] },
      substitutes: { added: 1, replaced: 0, skipped: [] },
      vectorTiles: { added: 3, replaced: 0, skipped: [] },
    });
    expect(Buffer.compare(target.exportPack(), pack)).toBe(0);
    expect(target.vector.get('hex')).toEqual(source.vector.get('hex'));
    expect(target.vector.tile('hex')).toEqual(source.vector.tile('hex'));
    // Not only the pack: the stored content is the same (timestamps come from the same clock).
    expect(target.contentHash()).toBe(source.contentHash());
    expect(target.raster.fit({ north: 'L3', east: 'L1' })).toEqual(source.raster.fit({ north: 'L3', east: 'L1' }));
  });

  it('writes each slot with its lattice, and reads version 1 packs, whose slots have none', () => {
    const json = JSON.parse(gunzipSync(fullLibrary().exportPack()).toString('utf8'));
    expect(json.substitutes).toEqual([{ catalogueId: 'minimal', terrainId: 'forest', lattice: 'hex', ratio: 12, mapId: 'forest-12' }]);
    const v1 = { ...json, version: 1, substitutes: [{ catalogueId: 'minimal', terrainId: 'forest', ratio: 12, mapId: 'forest-12' }] };
    const target = library();
    expect(target.importPack(JSON.stringify(v1)).substitutes).toEqual({ added: 1, replaced: 0, skipped: [] });
    expect(target.substitutes.get('minimal', 'forest', 'hex', 12)).toBe('forest-12');
  });

  it('reads plain JSON packs too, and skips or replaces what exists when asked', () => {
    const source = fullLibrary();
    const text = gunzipSync(source.exportPack()).toString('utf8');
    const target = fullLibrary();
    expect(() => target.importPack(Buffer.from(text))).toThrow('library pack: $.catalogues[0].id: a catalogue "minimal" already exists');
    const skipped = target.importPack(text, { onConflict: 'skip' });
    expect(skipped.rasterTiles).toMatchObject({ added: 0, replaced: 0 });
    // Every record not imported is named, with why.
    expect(skipped.rasterTiles.skipped).toHaveLength(41);
    expect(skipped.rasterTiles.skipped.every((k) => k.reason === KEPT_EXISTING)).toBe(true);
    expect(skipped.games).toEqual({ added: 0, replaced: 0, skipped: [{ id: source.games.list()[0]!.id, reason: KEPT_EXISTING }] });
    const replaced = target.importPack(text, { onConflict: 'replace' });
    expect(replaced.maps).toEqual({ added: 0, replaced: 2, skipped: [] });
    expect(replaced.substitutes).toEqual({ added: 0, replaced: 1, skipped: [] });
  });

  it('rolls back everything on a bad record and names the pack, the JSON path and what was expected', () => {
    const source = fullLibrary();
    const good = JSON.parse(gunzipSync(source.exportPack()).toString('utf8'));
    const target = library();
    target.raster.import(sampleRasterTiles(5, 99, { idPrefix: 'mine' }));
    const before = target.contentHash();
    const cases: [(p: Record<string, unknown[]>) => void, string][] = [
      [(p) => ((p.rasterTiles[20] as { edges: unknown[] }).edges[1] = 3), 'tiles.stpack: $.rasterTiles[20].edges[1] (record "tile-20"): expected a connector label (a string of 1…100 characters), got 3'],
      [(p) => ((p.rasterTiles[3] as { image: { data: string } }).image.data = 'not base64!'), 'tiles.stpack: $.rasterTiles[3].image.data: expected base64 image data'],
      [(p) => ((p.maps[1] as { map: { layers: { terrain: { data: number[] } } } }).map.layers.terrain.data = [5, 1]), 'tiles.stpack: $.maps[1].map.layers.terrain.data: expected runs adding up to 169 values, got "runs adding up to 5"'],
      [(p) => ((p.trackTiles[0] as { junctions: { slots: number }[] }).junctions[0]!.slots = 0), 'tiles.stpack: $.trackTiles[0].junctions[0].slots (record "15"): expected at least 1 token slot for a city, got 0'],
      [(p) => ((p.games[0] as { manifest: { tiles: { tileId: string }[] } }).manifest.tiles[0]!.tileId = '99'), 'tiles.stpack: $.games[0].manifest.tiles[0].tileId: expected the id of a track tile in the library or in game.tiles, got "99"'],
      [(p) => ((p.substitutes[0] as { terrainId: string }).terrainId = 'lava'), 'tiles.stpack: $.substitutes[0].terrainId: expected a terrain of catalogue "minimal" in this library, got "lava"'],
      [(p) => ((p.catalogues[0] as { catalogue: { modes: unknown[] } }).catalogue.modes = []), 'tiles.stpack: $.catalogues[0].catalogue.modes (record "minimal"): expected'],
    ];
    for (const [spoil, message] of cases) {
      const bad = structuredClone(good);
      spoil(bad);
      expect(() => target.importPack(gzipSync(JSON.stringify(bad)), { source: 'tiles.stpack' })).toThrow(message);
      expect(target.contentHash()).toBe(before);
    }
  });

  it('refuses truncated, mislabelled, non-UTF-8, newer and decompression-bomb packs', () => {
    const lib = library();
    const pack = fullLibrary().exportPack();
    expect(() => lib.importPack(pack.subarray(0, pack.length / 2), { source: 'x.stpack' })).toThrow(/^x\.stpack: gzip stream: expected a complete gzip stream/);
    expect(() => lib.importPack(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { source: 'x.stpack' })).toThrow('x.stpack: bytes: expected UTF-8 JSON text (or gzip-compressed UTF-8 JSON); this is neither');
    expect(() => lib.importPack('{"format": "sandtable-library-pack", "version": 1,', { source: 'x.stpack' })).toThrow('x.stpack: line 1, column 51: malformed JSON: expected a property name in double quotes (the text ends here: truncated?)');
    expect(() => lib.importPack(JSON.stringify({ format: 'sandtable-map', version: 1 }))).toThrow('library pack: $.format: expected "sandtable-library-pack", got "sandtable-map"');
    expect(() => lib.importPack(JSON.stringify({ format: PACK_FORMAT, version: PACK_VERSION + 1 }))).toThrow(
      `library pack: $.version: this pack is format version ${PACK_VERSION + 1}; this Sandtable reads up to version ${PACK_VERSION} — update Sandtable`,
    );
    expect(() => lib.importPack(JSON.stringify({ format: PACK_FORMAT, version: 1, extras: [] }))).toThrow('library pack: $.extras: unknown field');
    // 600 MB of spaces gzip to well under a megabyte; inflating stops at the limit.
    const bomb = gzipSync(Buffer.alloc(MAX_PACK_JSON_BYTES + 1024 * 1024, 0x20), { level: 9 });
    expect(bomb.length).toBeLessThan(2_000_000);
    expect(() => lib.importPack(bomb, { source: 'bomb.stpack' })).toThrow(`bomb.stpack: gzip stream: expected at most ${MAX_PACK_JSON_BYTES} bytes of JSON once decompressed; this pack inflates beyond that`);
    expect(() => lib.importPack(untrusted(42))).toThrow('argument: data: expected the pack as bytes (a Uint8Array or Buffer) or JSON text, got number');
    expect(lib.contentHash()).toBe(library().contentHash());
  });
});
