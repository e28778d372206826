import { KEPT_EXISTING } from './import-result.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { Library } from './library.js';
import { orientEdges, orientationCode } from './orientation.js';
import type { RasterTileInput } from './raster-store.js';
import { FIXED_NOW, fakePng, openStores, sampleRasterTiles, tempFile, untrusted } from './store.testkit.js';

const stores = openStores();
afterEach(stores.closeAll);
const library = (path?: string): Library => stores.library(path);

const grassRoad: RasterTileInput = {
  id: 'grass-road',
  name: 'Grass with a road',
  tags: ['outdoor'],
  shape: 'square',
  width: 128,
  height: 128,
  image: { mime: 'image/png', data: fakePng(1) },
  edges: ['grass', 'road', 'grass', 'grass'],
};

/** Two connections to one library file, as two processes would have; the first has stored `grassRoad`. */
function twoProcessesWithGrassRoad(): [Library, Library] {
  const path = tempFile();
  const [a, b] = [library(path), library(path)];
  a.raster.put(grassRoad);
  return [a, b];
}

describe('raster tiles', () => {
  it('stores a tile and gives it back, image separately', () => {
    const lib = library();
    const stored = lib.raster.put(grassRoad);
    const { image, ...fields } = grassRoad;
    expect(stored).toEqual({
      ...fields,
      mime: image.mime,
      imageBytes: image.data.byteLength,
      orientations: ['r0', 'r90', 'r180', 'r270', 'm0', 'm90', 'm180', 'm270'],
      createdAt: FIXED_NOW(),
      updatedAt: FIXED_NOW(),
    });
    expect(Buffer.compare(Buffer.from(lib.raster.image('grass-road')!.data), Buffer.from(grassRoad.image.data))).toBe(0);
    expect(lib.raster.get('nope')).toBeNull();
    expect(lib.raster.image('nope')).toBeNull();
  });

  it('answers "what fits" with every tile and orientation that shows the labels', () => {
    const lib = library();
    lib.raster.put(grassRoad);
    lib.raster.put({ ...grassRoad, id: 'all-grass', name: 'Meadow', edges: ['grass', 'grass', 'grass', 'grass'], orientations: ['r0'] });
    // The road must face west: grass-road turned 270° (road on the east edge goes to the west)…
    // …or mirrored left–right (m0), or mirrored then turned 180° — no: m180 puts road east.
    const fit = lib.raster.fit({ west: 'road', north: 'grass' });
    const expected = ['r0', 'r90', 'r180', 'r270', 'm0', 'm90', 'm180', 'm270'].filter((o) => {
      const seen = orientEdges('square', orientationCode('square', o), grassRoad.edges);
      return seen[3] === 'road' && seen[0] === 'grass';
    });
    expect(expected).toEqual(['r180', 'm0']);
    expect(fit).toEqual({ total: 2, matches: expected.map((orientation) => ({ id: 'grass-road', orientation })) });
    expect(lib.raster.fit({ north: 'grass', east: 'grass', south: 'grass', west: 'grass' }).matches).toEqual([
      { id: 'grass-road', orientation: 'r90' },
      { id: 'grass-road', orientation: 'r180' },
      { id: 'grass-road', orientation: 'r270' },
      { id: 'grass-road', orientation: 'm0' },
      { id: 'grass-road', orientation: 'm90' },
      { id: 'grass-road', orientation: 'm180' },
      { id: 'grass-road', orientation: 'm270' },
      { id: 'all-grass', orientation: 'r0' },
    ].filter((m) => {
      if (m.id === 'all-grass') return true;
      return orientEdges('square', orientationCode('square', m.orientation), grassRoad.edges).every((l) => l === 'grass');
    }));
    expect(lib.raster.fit({ north: 'lava' })).toEqual({ total: 0, matches: [] });
    expect(lib.raster.fit({ 0: 'grass' }, { shape: 'hex' })).toEqual({ total: 0, matches: [] });
  });

  it('sees changes made through another connection (another process) before answering', () => {
    const [a, b] = twoProcessesWithGrassRoad();
    expect(b.raster.fit({ north: 'road' }).total).toBe(2);
    a.raster.put({ ...grassRoad, edges: ['lava', 'lava', 'lava', 'lava'] });
    expect(b.raster.fit({ north: 'road' }).total).toBe(0);
    expect(b.raster.fit({ north: 'lava' }).total).toBe(8);
    a.raster.delete('grass-road');
    expect(b.raster.fit({ north: 'lava' }).total).toBe(0);
  });

  it('answers inside a transaction that later rolls back without keeping a stale index', () => {
    const [a, b] = twoProcessesWithGrassRoad();
    expect(a.raster.fit({ north: 'road' }).total).toBe(2);
    expect(() =>
      a.transaction(() => {
        a.raster.put({ ...grassRoad, id: 'ghost', edges: ['lava', 'lava', 'lava', 'lava'] });
        expect(a.raster.fit({ north: 'lava' }).total).toBe(8);
        throw new Error('changed my mind');
      }),
    ).toThrow('changed my mind');
    // Another process now commits a change that brings the generation to the same number
    // the rolled-back transaction had used; `a` must not mistake its old answer for current.
    b.raster.put({ ...grassRoad, id: 'ice', edges: ['ice', 'ice', 'ice', 'ice'], orientations: ['r0'] });
    expect(a.raster.fit({ north: 'lava' }).total).toBe(0);
    expect(a.raster.fit({ north: 'ice' }).matches).toEqual([{ id: 'ice', orientation: 'r0' }]);
  });

  it('agrees with brute force on a larger random library, hexes included', () => {
    const lib = library();
    const tiles = [...sampleRasterTiles(300, 3, { labels: 3 }), ...sampleRasterTiles(200, 4, { shape: 'hex', labels: 3, idPrefix: 'hex' })];
    lib.raster.import(tiles);
    const wanted = { 0: 'L1', 2: 'L2', 3: 'L1' } as const;
    for (const shape of ['square', 'hex'] as const) {
      const expected: string[] = [];
      for (const t of tiles.filter((t) => t.shape === shape)) {
        for (let o = 0; o < (shape === 'square' ? 8 : 12); o++) {
          const seen = orientEdges(shape, o, t.edges);
          if (Object.entries(wanted).every(([e, l]) => seen[Number(e)] === l)) expected.push(`${t.id}/${o}`);
        }
      }
      const got = lib.raster.fit(wanted, { shape, limit: 10_000 });
      expect(got.total).toBe(expected.length);
      expect(got.matches.map((m) => `${m.id}/${orientationCode(shape, m.orientation)}`)).toEqual(expected);
    }
  });

  it('searches by text (case and accents ignored), tag, shape and label', () => {
    const lib = library();
    lib.raster.import([
      { ...grassRoad, id: 'a', name: 'Forêt Noire', tags: ['forest'] },
      { ...grassRoad, id: 'b', name: 'Meadow', tags: ['open'], edges: ['grass', 'grass', 'grass', 'grass'] },
      { ...grassRoad, id: 'c', name: '100%_done', shape: 'hex', edges: ['a', 'b', 'c', 'd', 'e', 'f'] },
    ]);
    const ids = (q: object) => lib.raster.search(q).map((t) => t.id);
    expect(ids({ text: 'FORET' })).toEqual(['a']);
    expect(ids({ text: '%' })).toEqual(['c']);
    expect(ids({ text: '_d' })).toEqual(['c']);
    expect(ids({ tag: 'open' })).toEqual(['b']);
    expect(ids({ shape: 'hex' })).toEqual(['c']);
    expect(ids({ label: 'road' })).toEqual(['a']);
    expect(ids({ label: 'e' })).toEqual(['c']);
    expect(ids({ limit: 2 })).toEqual(['a', 'b']);
    expect(ids({ limit: 2, offset: 2 })).toEqual(['c']);
    expect(lib.raster.list({ shape: 'square' }).map((t) => t.id)).toEqual(['a', 'b']);
    expect(lib.raster.stats()).toEqual({ count: 3, byShape: { square: 2, hex: 1, pentagon: 0 }, imageBytes: 3 * grassRoad.image.data.byteLength, labels: 8, tags: 3 });
  });

  it('validates every argument with a message naming it', () => {
    const lib = library();
    expect(() => lib.raster.put({ ...grassRoad, edges: ['grass', 'road', 'grass'] })).toThrow(
      'argument: tile.edges (record "grass-road"): expected 4 labels (one per edge of a square, top edge first, clockwise), got an array of 3',
    );
    expect(() => lib.raster.put(untrusted({ ...grassRoad, shape: 'octagon' }))).toThrow('argument: tile.shape (record "grass-road"): expected one of "square", "hex", "pentagon", got "octagon"');
    expect(() => lib.raster.put({ ...grassRoad, orientations: ['r45'] })).toThrow(
      'argument: tile.orientations[0] (record "grass-road"): expected an orientation of a square: r0, r90, r180, r270, m0, m90, m180, m270, got "r45"',
    );
    expect(() => lib.raster.put({ ...grassRoad, image: { mime: 'image/png', data: Buffer.from([0xff, 0xd8, 0xff, 0xe0]) } })).toThrow(
      'argument: tile.image.data (record "grass-road"): expected image/png data (its signature bytes), got 4 bytes starting ff d8 ff e0',
    );
    expect(() => lib.raster.put({ ...grassRoad, image: { mime: 'image/tiff', data: fakePng(1) } })).toThrow('tile.image.mime (record "grass-road"): expected one of "image/png"');
    expect(() => lib.raster.put({ ...grassRoad, width: 0 })).toThrow('tile.width (record "grass-road"): expected an integer 1…16384, got 0');
    expect(() => lib.raster.put(untrusted({ ...grassRoad, colour: 'red' }))).toThrow('argument: tile.colour (record "grass-road"): unknown field');
    expect(() => lib.raster.put({ ...grassRoad, id: '' })).toThrow('argument: tile.id: expected an id');
    expect(() => lib.raster.fit({ up: 'grass' })).toThrow('argument: edges.up: unknown edge of a square; expected north, east, south, west or an edge number 0…3');
    expect(() => lib.raster.fit({ north: 'grass', 0: 'road' })).toThrow('edge 0 is given twice');
    expect(() => lib.raster.fit(untrusted({ north: 5 }))).toThrow('argument: edges.north: expected a connector label (a string of 1…100 characters), got 5');
    expect(() => lib.raster.fit({}, { limit: 0 })).toThrow('argument: options.limit: expected an integer 1…10000, got 0');
    expect(() => lib.raster.search(untrusted({ colour: 'red' }))).toThrow('argument: query.colour: unknown field');
    expect(() => lib.raster.get(untrusted(42))).toThrow('argument: id: expected an id');
  });

  it('imports all or nothing: a bad record in the middle leaves the library exactly as it was', () => {
    const lib = library();
    lib.raster.import(sampleRasterTiles(50, 1, { idPrefix: 'old' }));
    const before = lib.contentHash();
    const fitBefore = lib.raster.fit({}, { limit: 10_000 });
    expect(fitBefore.total).toBe(400);
    const batch: unknown[] = sampleRasterTiles(200, 2);
    batch[137] = { ...(batch[137] as object), edges: ['L1', 'L2', 7, 'L3'] };
    expect(() => lib.raster.import(untrusted(batch))).toThrow('argument: tiles[137].edges[2] (record "tile-137"): expected a connector label (a string of 1…100 characters), got 7');
    expect(lib.contentHash()).toBe(before);
    // A conflict found only while writing (the database already has the id) rolls back too.
    const clash = [...sampleRasterTiles(100, 3, { idPrefix: 'new' }), ...sampleRasterTiles(1, 1, { idPrefix: 'old' })];
    expect(() => lib.raster.import(clash)).toThrow('argument: tiles[100].id: a raster tile "old-0" already exists (import with onConflict "replace" or "skip")');
    expect(lib.contentHash()).toBe(before);
    // The fit index did not pick up any of the rolled-back tiles.
    expect(lib.raster.fit({}, { limit: 10_000 })).toEqual(fitBefore);
    const dup = [...sampleRasterTiles(3, 5), ...sampleRasterTiles(1, 5)];
    expect(() => lib.raster.import(dup)).toThrow('argument: tiles[3].id: tile "tile-0" appears twice in this import');
    expect(lib.contentHash()).toBe(before);
  });

  it('replaces or skips existing ids when asked, keeping the row identity', () => {
    const lib = library();
    lib.raster.import(sampleRasterTiles(3, 1));
    const again = sampleRasterTiles(3, 2);
    expect(lib.raster.import(again, { onConflict: 'skip' })).toEqual({ added: 0, replaced: 0, skipped: again.map((t) => ({ id: t.id, reason: KEPT_EXISTING })) });
    expect(lib.raster.get('tile-1')!.edges).toEqual(sampleRasterTiles(3, 1)[1]!.edges);
    expect(lib.raster.import(again, { onConflict: 'replace' })).toEqual({ added: 0, replaced: 3, skipped: [] });
    expect(lib.raster.get('tile-1')!.edges).toEqual(again[1]!.edges);
    expect(lib.raster.list().map((t) => t.id)).toEqual(['tile-0', 'tile-1', 'tile-2']);
    expect(lib.raster.delete('tile-1')).toBe(true);
    expect(lib.raster.delete('tile-1')).toBe(false);
    expect(lib.raster.export().map((t) => t.id)).toEqual(['tile-0', 'tile-2']);
    expect(() => lib.raster.import([], untrusted({ onConflict: 'merge' }))).toThrow('argument: options.onConflict: expected one of "error", "replace", "skip", got "merge"');
  });

  it('exports tiles in the form import takes', () => {
    const lib = library();
    const tiles = [...sampleRasterTiles(5, 9), { ...grassRoad, orientations: ['r0', 'm0'] }];
    lib.raster.import(tiles);
    const out = lib.raster.export();
    expect(out.map((t) => ({ ...t, image: { mime: t.image.mime, data: Buffer.from(t.image.data).toString('hex') } }))).toEqual(
      tiles.map((t) => ({ ...t, image: { mime: t.image.mime, data: Buffer.from(t.image.data).toString('hex') } })),
    );
    expect(lib.raster.export(['tile-2']).map((t) => t.id)).toEqual(['tile-2']);
    expect(() => lib.raster.export(['zzz'])).toThrow('argument: ids: no raster tile "zzz" in this library');
  });
});
