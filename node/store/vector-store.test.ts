import { afterEach, describe, expect, it } from 'vitest';
import { TileClass, allowedOrientations } from '../../core/alform/classify.js';
import { minimalCatalogueJson } from '../../core/terrain/catalogue.testkit.js';
import { seededRandom } from '../../core/util/random.js';
import { FitIndex } from '../../core/vector/fit-index.js';
import { edgeIndicators, indicatorsOf } from '../../core/vector/indicators.js';
import { vectorTileToJson } from '../../core/vector/json.js';
import { orientTile, orientationName } from '../../core/vector/orientation.js';
import { HEX, SQUARE, facingDirection, polygonShape } from '../../core/vector/shape.js';
import type { VectorTile } from '../../core/vector/types.js';
import { CLEARING_TILE, HEX_TILE, SQUARE_TILE, randomTile, variants } from '../../core/vector/vector.testkit.js';
import { openStores, untrusted } from './store.testkit.js';

const stores = openStores();
afterEach(stores.closeAll);

const rec = (tile: VectorTile, extra: object = {}) => ({ tile: vectorTileToJson(tile), ...extra });

describe('vector tiles in a library', () => {
  it('stores, finds, renames, tags, exports and deletes tiles', () => {
    const lib = stores.library();
    expect(lib.vector.import([rec(HEX_TILE, { tags: ['river'] }), rec({ ...SQUARE_TILE, name: 'Forêt carrée' }, { orientations: ['r0', 'r180'] }), rec(CLEARING_TILE)])).toEqual({ added: 3, replaced: 0, skipped: 0 });
    expect(lib.vector.get('hex')).toMatchObject({ id: 'hex', name: 'hex', shape: 'hex', tags: ['river'], terrains: ['forest', 'hill', 'river', 'well'], elements: 4 });
    expect(lib.vector.get('hex')!.orientations).toHaveLength(12);
    expect(lib.vector.get('sq')!.orientations).toEqual(['r0', 'r180']);
    expect(lib.vector.tile('hex')).toEqual(HEX_TILE);
    expect(lib.vector.thumbnail('hex')).toMatch(/<svg[^>]*data-shape="hex"/);
    expect(lib.vector.search({ text: 'foret' }).map((t) => t.id)).toEqual(['sq']);
    expect(lib.vector.search({ terrain: 'forest' }).map((t) => t.id)).toEqual(['hex', 'sq', 'clearing']);
    expect(lib.vector.search({ terrain: 'forest', shape: 'square' }).map((t) => t.id)).toEqual(['sq', 'clearing']);
    expect(lib.vector.search({ tag: 'river' }).map((t) => t.id)).toEqual(['hex']);
    expect(lib.vector.list({ limit: 1, offset: 1 }).map((t) => t.id)).toEqual(['sq']);

    expect(lib.vector.rename('hex', 'Ford')).toMatchObject({ id: 'hex', name: 'Ford' });
    expect(lib.vector.tile('hex')!.name).toBe('Ford');
    expect(lib.vector.tag('hex', { add: ['ford', 'wet'], remove: ['river'] })).toEqual(['ford', 'wet']);
    expect(lib.vector.export(['hex'])).toEqual([{ tile: vectorTileToJson({ ...HEX_TILE, name: 'Ford' }), tags: ['ford', 'wet'] }]);
    expect(lib.vector.export()).toHaveLength(3);

    expect(lib.vector.delete('hex')).toBe(true);
    expect(lib.vector.delete('hex')).toBe(false);
    expect(lib.vector.get('hex')).toBeNull();
    expect(lib.db.prepare('SELECT count(*) FROM vector_fit WHERE vid NOT IN (SELECT vid FROM vector_tiles)').pluck().get()).toBe(0);
    expect(lib.vector.stats()).toMatchObject({ count: 2, byShape: { square: 2, hex: 0 }, fitRows: 16 });
    expect(lib.integrityCheck()).toEqual(['ok']);
  });

  it('replaces or skips on conflict, and put replaces', () => {
    const lib = stores.library();
    lib.vector.import([rec(HEX_TILE)]);
    expect(() => lib.vector.import([rec(HEX_TILE)])).toThrow(/tiles\[0\]\.tile\.id.*a vector tile "hex" already exists/);
    expect(lib.vector.import([rec(HEX_TILE)], { onConflict: 'skip' })).toEqual({ added: 0, replaced: 0, skipped: 1 });
    const moved: VectorTile = { ...HEX_TILE, elements: HEX_TILE.elements.filter((e) => e.id !== 'river') };
    expect(lib.vector.import([rec(moved, { tags: ['dry'] })], { onConflict: 'replace' })).toEqual({ added: 0, replaced: 1, skipped: 0 });
    expect(lib.vector.get('hex')).toMatchObject({ terrains: ['forest', 'hill', 'well'], tags: ['dry'] });
    expect(lib.vector.put(rec(HEX_TILE)).terrains).toContain('river');
    expect(lib.vector.stats().count).toBe(1);
  });

  it('answers "what fits here" exactly as core/vector matching every tile does', () => {
    const lib = stores.library();
    const random = seededRandom(5);
    const tiles = Array.from({ length: 40 }, (_, i) => randomTile(HEX, random, `t${i}`));
    lib.vector.import(tiles.map((t) => rec(t)));
    const orientations = allowedOrientations('hex-rectangle', TileClass.AREA);
    const index = new FitIndex();
    for (const t of tiles) index.add(t, orientations);
    const placed = variants(HEX, 'hex-rectangle', 9, 6);
    let nonEmpty = 0;
    for (let q = 0; q < 40; q++) {
      const dirs = [0, 1, 2, 3, 4, 5].filter(() => random() < 0.4).slice(0, 3);
      if (dirs.length === 0) dirs.push(Math.floor(random() * 6));
      const constraints = dirs.map((dir) => ({ dir, facing: indicatorsOf(edgeIndicators(placed[Math.floor(random() * placed.length)]!), facingDirection(HEX, dir)) }));
      const expected = index.query(constraints).map((c) => `${c.tile} ${orientationName(c.orientation)}`);
      const got = lib.vector.fit(constraints, { limit: 10_000 });
      expect(got.matches.map((m) => `${m.id} ${m.orientation}`).sort()).toEqual(expected.sort());
      expect(got.total).toBe(expected.length);
      if (expected.length) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(5);
    expect(lib.vector.fit([]).total).toBe(40 * 12);
  });

  it('takes a library tile in an orientation as the neighbour, and honours allowed orientations', () => {
    const lib = stores.library();
    lib.vector.import([rec(SQUARE_TILE), rec(CLEARING_TILE, { orientations: ['r0'] })]);
    // The clearing's forest fills every edge; across its edges only forest-present edges fit: the clearing itself, once.
    expect(lib.vector.fit([{ dir: 0, neighbour: { id: 'clearing' } }], { shape: 'square' })).toEqual({ total: 1, matches: [{ id: 'clearing', orientation: 'r0' }] });
    const oriented = orientTile(SQUARE_TILE, { rotation: 90, mirror: 'x' });
    const byFacing = lib.vector.fit([{ dir: 2, facing: indicatorsOf(edgeIndicators(oriented), facingDirection(SQUARE, 2)) }], { shape: 'square' });
    expect(lib.vector.fit([{ dir: 2, neighbour: { id: 'sq', orientation: 'm90' } }], { shape: 'square' })).toEqual(byFacing);
    expect(() => lib.vector.fit([{ dir: 1, neighbour: { id: 'sq' } }], { shape: 'square' })).toThrow(/constraints\[0\]\.dir: expected an edge direction of the square tile \(0, 2, 4, 6\)/);
    expect(() => lib.vector.fit([{ dir: 0, neighbour: { id: 'sq', orientation: 'r60' } }], { shape: 'square' })).toThrow(/"r60" is not an orientation of the square tile/);
    expect(() => lib.vector.fit([{ dir: 0, neighbour: { id: 'nope' } }], { shape: 'square' })).toThrow(/no vector tile "nope"/);
    expect(() => lib.vector.fit([{ dir: 0, neighbour: { id: 'sq' } }], { shape: 'hex' })).toThrow(/tile "sq" is a square; the place is a hex/);
  });

  it('refuses bad records naming the record and element, and leaves the library exactly as it was', () => {
    const lib = stores.library();
    lib.catalogues.put('minimal', minimalCatalogueJson());
    lib.vector.import([rec(CLEARING_TILE)]);
    const before = lib.contentHash();
    const good = rec(HEX_TILE);
    const badSide = rec({ ...HEX_TILE, id: 'bad' });
    (badSide.tile as { elements: { side?: string }[] }).elements[1]!.side = 'up';
    expect(() => lib.vector.import([good, badSide])).toThrow(/^argument: tiles\[1\]\.tile\.elements\[1\] \(element "wood"\)\.side \(record "bad"\): expected one of/);
    const leaving = rec({ ...SQUARE_TILE, id: 'leaky', elements: [{ kind: 'point', id: 'out', terrain: 'forest', at: [3, 0] }] });
    expect(() => lib.vector.import([good, leaving])).toThrow(/tiles\[1\]\.tile: tile "leaky", element "out" \(record "leaky"\): point "out": lies outside the tile/);
    expect(() => lib.vector.import([good, good])).toThrow(/tile "hex" appears twice/);
    expect(() => lib.vector.import([good], { catalogueId: 'minimal' })).toThrow(/tiles\[0\]\.tile: tile "hex", element "c100" \(record "hex"\): area "c100": unknown terrain "hill"/);
    expect(() => lib.vector.import([rec({ ...HEX_TILE, shape: polygonShape(HEX.corners) })])).toThrow(/tiles\[0\]\.tile\.shape.*globe polygon/);
    expect(() => lib.vector.import([{ ...good, orientations: ['r90'] }])).toThrow(/orientations\[0\].*"r90" is not an orientation of the hex tile/);
    expect(() => lib.vector.import(untrusted([{ tile: 'nope' }]))).toThrow(/tiles\[0\]\.tile: expected an object/);
    expect(() => lib.vector.import(untrusted([{ tile: vectorTileToJson(HEX_TILE), extra: 1 }]))).toThrow(/tiles\[0\]\.extra/);
    // An id clash found only while writing rolls back the records written before it.
    expect(() => lib.vector.import([good, rec(CLEARING_TILE)])).toThrow(/a vector tile "clearing" already exists/);
    expect(lib.contentHash()).toBe(before);
    expect(lib.vector.stats().count).toBe(1);
  });
});
