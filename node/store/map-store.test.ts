import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { GridSize } from '../../core/grid/types.js';
import { requireVertices } from '../../core/grid/capabilities.js';
import { TerrainMap } from '../../core/map/terrain-map.js';
import { mapToJson } from '../../core/map/map-json.js';
import { randomInt, seededRandom } from '../../core/util/random.js';
import type { Library } from './library.js';
import { CHUNK_VALUES } from './map-chunks.js';
import { FIXED_NOW, fakePng, openStores, tempFile, untrusted } from './store.testkit.js';

const stores = openStores();
afterEach(stores.closeAll);
const library = (path?: string): Library => stores.library(path);

/** A map with seeded terrain in runs (like real maps) on every layer it has. */
function randomMap(size: GridSize, seed: number, options: { alform?: boolean; elevation?: boolean; wrap?: { x: boolean; y: boolean } } = {}): TerrainMap {
  const map = TerrainMap.create({ size, alform: options.alform ?? false, elevation: options.elevation ?? false, wrap: options.wrap, palette: ['clear', 'forest', 'river', 'road'], meta: { name: `map ${seed}`, author: 'test', scale: { km: 5 } } });
  const random = seededRandom(seed);
  const fill = (layer: Uint8Array | Int16Array, max: number, min = 0) => {
    let k = 0;
    while (k < layer.length) {
      const run = 1 + randomInt(random, 40);
      layer.fill(min + randomInt(random, max - min + 1), k, Math.min(layer.length, k + run));
      k += run;
    }
  };
  fill(map.layers.terrain, 4);
  // Slots of edges and vertices on the map border belong to nothing and must stay 0.
  const grid = map.grid;
  const fillUsed = (layer: Uint8Array, slotOf: (i: number, d: number) => number) => {
    fill(layer, 4);
    const used = new Uint8Array(layer.length);
    for (let i = 0; i < map.tileCount; i++) {
      for (let d = 0; d < grid.degree(i); d++) {
        const slot = slotOf(i, d);
        if (slot >= 0) used[slot] = 1;
      }
    }
    for (let s = 0; s < layer.length; s++) if (!used[s]) layer[s] = 0;
  };
  if (map.layers.edges) fillUsed(map.layers.edges, (i, d) => grid.edgeSlot(i, d));
  if (map.layers.vertices) {
    const vgrid = requireVertices(grid, 'the vertices layer');
    fillUsed(map.layers.vertices, (i, d) => vgrid.vertexSlot(i, d));
  }
  if (map.layers.elevation) fill(map.layers.elevation, 32767, -32768);
  return map;
}

function expectSameMap(got: TerrainMap, want: TerrainMap): void {
  expect(got.spec).toEqual(want.spec);
  expect(got.palette).toEqual(want.palette);
  expect(got.meta).toEqual(want.meta);
  for (const layer of ['terrain', 'edges', 'vertices', 'elevation'] as const) {
    const a = got.layers[layer];
    const b = want.layers[layer];
    expect(a === null, layer).toBe(b === null);
    if (a && b) {
      expect(a.constructor).toBe(b.constructor);
      expect(Buffer.compare(Buffer.from(a.buffer, a.byteOffset, a.byteLength), Buffer.from(b.buffer, b.byteOffset, b.byteLength)), layer).toBe(0);
    }
  }
}

describe('maps', () => {
  it('round-trips every kind of map, classic and AL-FORM, with every layer', () => {
    const lib = library();
    const maps = [
      randomMap({ kind: 'square', width: 1, height: 1 }, 1),
      randomMap({ kind: 'square', width: 37, height: 21 }, 2, { elevation: true, wrap: { x: true, y: false } }),
      randomMap({ kind: 'square', width: 41, height: 19 }, 3, { alform: true }),
      randomMap({ kind: 'offset-square', width: 12, height: 9 }, 4),
      randomMap({ kind: 'hex-rectangle', width: 30, height: 20 }, 5, { elevation: true }),
      randomMap({ kind: 'hex-rectangle', width: 28, height: 20 }, 6, { alform: true, wrap: { x: true, y: true } }),
      randomMap({ kind: 'hex-hexagon', diameter: 15 }, 7),
      randomMap({ kind: 'icosahedron', side: 4 }, 8, { elevation: true }),
    ];
    maps.forEach((map, k) => lib.maps.put(map, { id: `m${k}` }));
    maps.forEach((map, k) => expectSameMap(lib.maps.load(`m${k}`), map));
  });

  it('stores big layers in chunks, never a row per tile, and reads them back', () => {
    const lib = library();
    const map = randomMap({ kind: 'square', width: 700, height: 300 }, 9, { elevation: true });
    lib.maps.put(map, { id: 'big' });
    const chunks = lib.db.prepare(`SELECT layer, count(*) AS n FROM map_chunks WHERE map_id = 'big' GROUP BY layer ORDER BY layer`).all();
    const tiles = 700 * 300;
    expect(chunks).toEqual([
      { layer: 'edges', n: Math.ceil((tiles * map.grid.edgeSlotsPerTile) / CHUNK_VALUES) },
      { layer: 'elevation', n: Math.ceil(tiles / CHUNK_VALUES) },
      { layer: 'terrain', n: Math.ceil(tiles / CHUNK_VALUES) },
      { layer: 'vertices', n: Math.ceil(tiles / CHUNK_VALUES) },
    ]);
    expectSameMap(lib.maps.load('big'), map);
    const stats = lib.maps.stats();
    expect(stats.count).toBe(1);
    expect(stats.tiles).toBe(tiles);
    expect(stats.rawBytes).toBe(tiles * (1 + map.grid.edgeSlotsPerTile + 1 + 2));
    expect(stats.storedBytes).toBeLessThan(stats.rawBytes / 3);
  });

  it('keeps summaries, names, thumbnails; replaces a map in place; deletes with everything it owns', () => {
    const lib = library();
    const map = randomMap({ kind: 'hex-hexagon', diameter: 9 }, 1);
    const summary = lib.maps.put(map, { id: 'arena', thumbnail: { mime: 'image/png', data: fakePng(3, 100) } });
    expect(summary).toEqual({
      id: 'arena',
      name: 'map 1',
      kind: 'hex-hexagon',
      size: { kind: 'hex-hexagon', diameter: 9 },
      wrap: { x: false, y: false },
      alform: false,
      tileCount: map.tileCount,
      palette: ['clear', 'forest', 'river', 'road'],
      meta: { name: 'map 1', author: 'test', scale: { km: 5 } },
      layers: ['terrain', 'edges'],
      thumbnail: { mime: 'image/png', bytes: 108 },
      createdAt: FIXED_NOW(),
      updatedAt: FIXED_NOW(),
    });
    expect(lib.maps.thumbnail('arena')!.data.byteLength).toBe(108);
    const replacement = randomMap({ kind: 'square', width: 5, height: 3 }, 2, { alform: true });
    lib.maps.put(replacement, { id: 'arena', name: 'Arena (square)' });
    expect(lib.maps.get('arena')).toMatchObject({ name: 'Arena (square)', kind: 'square', layers: ['terrain'], thumbnail: { mime: 'image/png' } });
    expectSameMap(lib.maps.load('arena'), replacement);
    lib.maps.setThumbnail('arena', null);
    expect(lib.maps.thumbnail('arena')).toBeNull();
    expect(lib.maps.delete('arena')).toBe(true);
    expect(lib.maps.delete('arena')).toBe(false);
    for (const table of ['maps', 'map_layers', 'map_chunks', 'map_thumbnails']) expect(lib.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get(), table).toBe(0);
    expect(() => lib.maps.load('arena')).toThrow('argument: id: no map with id "arena" in this file');
  });

  it('lists and searches by name (case and accents ignored), id, kind and AL-FORM', () => {
    const lib = library();
    lib.maps.put(TerrainMap.create({ size: { kind: 'square', width: 3, height: 3 }, alform: true }), { id: 'a', name: 'Île de Ré' });
    lib.maps.put(TerrainMap.create({ size: { kind: 'hex-hexagon', diameter: 5 } }), { id: 'b', name: 'Arena' });
    lib.maps.put(TerrainMap.create({ size: { kind: 'icosahedron', side: 1 } }), { id: 'world-1' });
    const ids = (q: object) => lib.maps.search(q).map((m) => m.id);
    expect(lib.maps.list().map((m) => m.id)).toEqual(['b', 'a', 'world-1']);
    expect(ids({ text: 'ile de re' })).toEqual(['a']);
    expect(ids({ text: 'WORLD' })).toEqual(['world-1']);
    expect(ids({ kind: 'hex-hexagon' })).toEqual(['b']);
    expect(ids({ alform: true })).toEqual(['a']);
    expect(ids({ alform: false, limit: 1 })).toEqual(['b']);
    expect(() => lib.maps.search(untrusted({ kind: 'octagon' }))).toThrow('argument: query.kind: expected one of "square"');
  });

  it('imports and exports the native map JSON', () => {
    const lib = library();
    const map = randomMap({ kind: 'hex-rectangle', width: 11, height: 7 }, 4, { elevation: true });
    const json = mapToJson(map);
    expect(lib.maps.import(json, { id: 'j' }).name).toBe('map 4');
    expect(lib.maps.export('j')).toEqual(json);
    expect(() => lib.maps.import({ ...json, kind: 'octagon' })).toThrow('argument map: $.kind: expected one of "square"');
    expect(lib.maps.list().map((m) => m.id)).toEqual(['j']);
  });

  it('validates its arguments', () => {
    const lib = library();
    const map = TerrainMap.create({ size: { kind: 'square', width: 2, height: 2 } });
    expect(() => lib.maps.put(untrusted({ kind: 'square' }))).toThrow('argument: map: expected a TerrainMap (parse interchange JSON with mapFromJson first), got an object');
    expect(() => lib.maps.put(map, { id: 'x'.repeat(300) })).toThrow('argument: options.id: expected an id');
    expect(() => lib.maps.put(map, untrusted({ thumbnail: { mime: 'image/png', data: 'abc' } }))).toThrow('argument: options.thumbnail.data: expected binary data');
    expect(() => lib.maps.put(map, untrusted({ colour: 1 }))).toThrow('argument: options.colour: unknown field');
    map.meta.callback = () => 1;
    expect(lib.maps.put(map, { id: 'fn' }).meta).toEqual({});
    expect(() => lib.maps.setThumbnail('nope', null)).toThrow('argument: id: no map with id "nope" in this file');
  });

  it('reports a damaged or missing chunk instead of returning wrong terrain', () => {
    const path = tempFile();
    const lib = library(path);
    lib.maps.put(randomMap({ kind: 'square', width: 300, height: 300 }, 1), { id: 'm' });
    const raw = new Database(path);
    raw.prepare(`UPDATE map_chunks SET data = zeroblob(50) WHERE map_id = 'm' AND layer = 'terrain' AND chunk = 1`).run();
    expect(() => lib.maps.load('m')).toThrow(/map "m" layer terrain: chunk 1 is damaged/);
    raw.prepare(`DELETE FROM map_chunks WHERE map_id = 'm' AND layer = 'terrain' AND chunk = 1`).run();
    expect(() => lib.maps.load('m')).toThrow('map "m" layer terrain: 1 of its 2 chunks are stored');
    raw.close();
  });
});

describe('map metadata keys', () => {
  it('sets and removes one key in one write, keeping the rest, and refuses bad values', () => {
    const lib = library();
    const { id } = lib.maps.put(randomMap({ kind: 'hex-rectangle', width: 5, height: 4 }, 3));
    expect(lib.maps.setMetaKey(id, 'numbering', '18xx')).toMatchObject({ numbering: '18xx', author: 'test', scale: { km: 5 } });
    expect(lib.maps.load(id).meta.numbering).toBe('18xx');
    expect(lib.maps.setMetaKey(id, 'numbering', undefined).numbering).toBeUndefined();
    expect(lib.maps.load(id).meta).toMatchObject({ author: 'test' });
    expect(() => lib.maps.setMetaKey(id, 'numbering', 'roman')).toThrow(/numbering: expected one of "ccrr", "18xx", "wesnoth", "tiled", got "roman"/);
    expect(lib.maps.load(id).meta.numbering).toBeUndefined();
    expect(() => lib.maps.setMetaKey(id, 'name', 'x')).toThrow(/name is set by putting the map/);
    expect(() => lib.maps.setMetaKey('nope', 'numbering', 'ccrr')).toThrow(/no map with id "nope"/);
  });
});

describe('pointy-top maps in the store (issue 30)', () => {
  it('keeps the orientation through put and load (in the meta column, no schema change), and refuses setting it as a key', () => {
    const lib = library();
    const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 6, height: 3 }, orientation: 'pointy', palette: ['clear'], meta: { name: 'Rows' } });
    map.layers.terrain.fill(1);
    const { id } = lib.maps.put(map);
    expect(lib.maps.get(id)!.meta.orientation).toBe('pointy');
    const back = lib.maps.load(id);
    expect(back.spec.orientation).toBe('pointy');
    expect(back.grid.center(4)).toEqual(map.grid.center(4));
    expect(() => lib.maps.setMetaKey(id, 'orientation', 'flat')).toThrow(/orientation is chosen when it is made/);
    const flat = lib.maps.load(lib.maps.put(TerrainMap.create({ size: { kind: 'hex-rectangle', width: 6, height: 3 } })).id);
    expect(flat.spec.orientation).toBeUndefined();
  });
});
