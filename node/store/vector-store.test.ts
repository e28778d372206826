import { KEPT_EXISTING } from './import-result.js';
import { afterEach, describe, expect, it } from 'vitest';
import { TileClass, allowedOrientations } from '../../core/alform/classify.js';
import { minimalCatalogueJson } from '../../core/terrain/catalogue.testkit.js';
import { seededRandom } from '../../core/util/random.js';
import { FitIndex } from '../../core/vector/fit-index.js';
import { seenFromAcross } from '../../core/vector/match.js';
import { edgeIndicators, indicatorsOf } from '../../core/vector/indicators.js';
import { vectorTileToJson } from '../../core/vector/json.js';
import { orientTile, orientationName, shapeOrientations } from '../../core/vector/orientation.js';
import { HEX, SQUARE, facingDirection, polygonShape } from '../../core/vector/shape.js';
import type { VectorTile } from '../../core/vector/types.js';
import { CLEARING_TILE, HEX_TILE, SQUARE_TILE, randomTile, variants } from '../../core/vector/vector.testkit.js';
import { openStores, untrusted } from './store.testkit.js';
import { FEATURELESS, pairKeys } from './vector-pairs.js';

const stores = openStores();
afterEach(stores.closeAll);

const rec = (tile: VectorTile, extra: object = {}) => ({ tile: vectorTileToJson(tile), ...extra });

describe('vector tiles in a library', () => {
  it('stores, finds, renames, tags, exports and deletes tiles', () => {
    const lib = stores.library();
    expect(lib.vector.import([rec(HEX_TILE, { tags: ['river'] }), rec({ ...SQUARE_TILE, name: 'Forêt carrée' }, { orientations: ['r0', 'r180'] }), rec(CLEARING_TILE)])).toEqual({ added: 3, replaced: 0, skipped: [] });
    expect(lib.vector.get('hex')).toMatchObject({ id: 'hex', name: 'hex', shape: 'hex', tags: ['river'], terrains: ['forest', 'hill', 'river', 'well'], elements: 4 });
    expect(lib.vector.get('hex')!.orientations).toHaveLength(12);
    expect(lib.vector.get('sq')!.orientations).toEqual(['r0', 'r180']);
    expect(lib.vector.tile('hex')).toEqual(HEX_TILE);
    expect(lib.vector.search({ text: 'foret' }).map((t) => t.id)).toEqual(['sq']);
    expect(lib.vector.search({ terrain: 'forest' }).map((t) => t.id)).toEqual(['hex', 'sq', 'clearing']);
    expect(lib.vector.search({ terrain: 'forest', shape: 'square' }).map((t) => t.id)).toEqual(['sq', 'clearing']);
    expect(lib.vector.search({ tag: 'river' }).map((t) => t.id)).toEqual(['hex']);
    expect(lib.vector.list({ limit: 1, offset: 1 }).map((t) => t.id)).toEqual(['sq']);
    // The tile sets assembly draws from: all, or by shape, in insertion order.
    expect(lib.vector.tiles().map((t) => t.id)).toEqual(['hex', 'sq', 'clearing']);
    expect(lib.vector.tiles(['square'])).toEqual([{ ...SQUARE_TILE, name: 'Forêt carrée' }, CLEARING_TILE]);
    expect(lib.vector.tiles([])).toEqual([]);
    expect(() => lib.vector.tiles(['triangle' as 'hex'])).toThrow(/shapes\[0\]: expected one of "square"/);

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
    expect(lib.vector.import([rec(HEX_TILE)], { onConflict: 'skip' })).toEqual({ added: 0, replaced: 0, skipped: [{ id: HEX_TILE.id, reason: KEPT_EXISTING }] });
    const moved: VectorTile = { ...HEX_TILE, elements: HEX_TILE.elements.filter((e) => e.id !== 'river') };
    expect(lib.vector.import([rec(moved, { tags: ['dry'] })], { onConflict: 'replace' })).toEqual({ added: 0, replaced: 1, skipped: [] });
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
      const got = lib.vector.fit(constraints, { limit: 10_000, count: true });
      expect(got.matches.map((m) => `${m.id} ${m.orientation}`).sort()).toEqual(expected.sort());
      expect(got.total).toBe(expected.length);
      if (expected.length) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(5);
    expect(lib.vector.fit([], { count: true }).total).toBe(40 * 12);
  });

  it('pages "what fits here" in a stable (tile, orientation) order, with exact totals when asked', () => {
    const lib = stores.library();
    const random = seededRandom(11);
    const tiles = Array.from({ length: 60 }, (_, i) => randomTile(HEX, random, `t${i}`));
    // Some tiles allow only some orientations: the masks must be honoured by pages and totals.
    lib.vector.import(tiles.map((t, i) => rec(t, i % 7 === 3 ? { orientations: ['r0', 'r120', 'm60'] } : {})));
    const index = new FitIndex();
    const all = shapeOrientations(HEX);
    tiles.forEach((t, i) => index.add(t, i % 7 === 3 ? all.filter((o) => ['r0', 'r120', 'm60'].includes(orientationName(o))) : all));
    // Neighbours are library tiles in random orientations (answers of every size, empty ones too).
    const neighbour = () => orientTile(tiles[Math.floor(random() * tiles.length)]!, all[Math.floor(random() * all.length)]!);
    const queries = [[] as { dir: number; facing: ReturnType<typeof indicatorsOf> }[]];
    for (let q = 0; q < 30; q++) {
      const dirs = [0, 1, 2, 3, 4, 5].filter(() => random() < 0.35).slice(0, 3);
      if (dirs.length === 0) dirs.push(q % 6);
      queries.push(dirs.map((dir) => ({ dir, facing: indicatorsOf(edgeIndicators(neighbour()), facingDirection(HEX, dir)) })));
    }
    let paged = 0;
    for (const constraints of queries) {
      // Core's FitIndex lists candidates by tile (import order), then orientation: the store's order too.
      const expected = index.query(constraints).map((c) => `${c.tile} ${orientationName(c.orientation)}`);
      const full = lib.vector.fit(constraints, { limit: 10_000, count: true });
      expect(full.matches.map((m) => `${m.id} ${m.orientation}`)).toEqual(expected);
      expect(full.total).toBe(expected.length);
      expect(full.more).toBe(false);
      for (const limit of [1, 7, 50]) {
        const pages: string[] = [];
        for (let offset = 0; ; offset += limit) {
          const p = lib.vector.fit(constraints, { limit, offset });
          expect(p.total).toBeUndefined();
          pages.push(...p.matches.map((m) => `${m.id} ${m.orientation}`));
          expect(p.more).toBe(offset + limit < expected.length);
          // A total asked for on any page is the whole answer's, whichever way it is found.
          if (offset === limit) expect(lib.vector.fit(constraints, { limit, offset, count: true }).total).toBe(expected.length);
          if (!p.more) break;
          paged++;
        }
        expect(pages).toEqual(expected);
      }
      expect(lib.vector.fit(constraints, { offset: expected.length + 5, count: true })).toEqual({ total: expected.length, more: false, matches: [] });
    }
    expect(paged).toBeGreaterThan(50);
    expect(lib.vector.fit([], { count: true }).total).toBe(tiles.reduce((n, _, i) => n + (i % 7 === 3 ? 3 : 12), 0));
    expect(() => lib.vector.fit([], { count: 'yes' } as never)).toThrow(/options\.count: expected true or false/);
  });

  it('drives a query with two constraints that show something from the pair table, not the rarest key alone', () => {
    const lib = stores.library();
    lib.vector.import([rec(HEX_TILE)]);
    // The place is filled by the tile in r0: across two edges it shows crossings on lie neighbours showing them back.
    const shown = edgeIndicators(HEX_TILE).filter((e) => e.positions.length > 0);
    expect(shown.length).toBeGreaterThanOrEqual(2);
    const two = shown.slice(0, 2).map((e) => ({ dir: e.dir, facing: { dir: facingDirection(HEX, e.dir), presence: e.presence, positions: seenFromAcross(e.positions) } }));
    const answer = lib.vector.fit(two, { count: true });
    expect(answer.matches).toContainEqual({ id: 'hex', orientation: 'r0' });
    // With the pair rows gone the same query finds nothing (it read them), one constraint still answers.
    lib.db.prepare('DELETE FROM vector_fit_pairs').run();
    expect(lib.vector.fit(two, { count: true }).total).toBe(0);
    expect(lib.vector.fit(two.slice(0, 1), { count: true }).total).toBeGreaterThan(0);
  });

  it('keeps the per-key counts and the pair rows exact through imports, replacements, orientation changes and deletes', () => {
    const lib = stores.library();
    const random = seededRandom(17);
    const recount = () => lib.db.prepare(
      `SELECT f.sig, f.edge, f.mirrored, t.orientations AS mask, count(*) AS n FROM vector_fit f JOIN vector_tiles t ON t.vid = f.vid
       GROUP BY f.sig, f.edge, f.mirrored, t.orientations ORDER BY 1, 2, 3, 4`).all();
    const kept = () => lib.db.prepare('SELECT sig, edge, mirrored, mask, n FROM vector_fit_counts ORDER BY 1, 2, 3, 4').all();
    // Pair rows: every two fit rows of a tile and mirroring whose signatures show something.
    const repair = () => {
      const byTile = new Map<number, [number, number, number][]>();
      for (const [vid, sig, edge, mirrored, signature] of lib.db.prepare('SELECT f.vid, f.sig, f.edge, f.mirrored, s.signature FROM vector_fit f JOIN vector_signatures s ON s.id = f.sig').raw().all() as [number, number, number, number, string][]) {
        if (signature !== FEATURELESS) byTile.set(vid, [...(byTile.get(vid) ?? []), [sig, edge, mirrored]]);
      }
      return [...byTile].flatMap(([vid, rows]) => pairKeys(rows).map((k) => [...k, vid].join(' '))).sort();
    };
    const pairs = () => (lib.db.prepare('SELECT sig_a, edge_a, sig_b, edge_b, mirrored, vid FROM vector_fit_pairs').raw().all() as number[][]).map((r) => r.join(' ')).sort();
    const tiles = Array.from({ length: 20 }, (_, i) => randomTile(HEX, random, `t${i}`));
    lib.vector.import(tiles.map((t) => rec(t)));
    expect(kept()).toEqual(recount());
    expect(kept().length).toBeGreaterThan(10);
    expect(pairs()).toEqual(repair());
    expect(pairs().length).toBeGreaterThan(20);
    // Replace: new geometry for some, fewer orientations for others; skip leaves counts alone.
    lib.vector.import([rec(randomTile(HEX, random, 't3')), rec(tiles[4]!, { orientations: ['r0'] }), rec(tiles[5]!)], { onConflict: 'replace' });
    lib.vector.import([rec(tiles[6]!, { orientations: ['m0'] })], { onConflict: 'skip' });
    expect(kept()).toEqual(recount());
    expect(pairs()).toEqual(repair());
    lib.vector.put(rec(tiles[7]!, { orientations: ['r60', 'm0'] }));
    lib.vector.delete('t0');
    lib.vector.delete('t4');
    expect(kept()).toEqual(recount());
    expect(pairs()).toEqual(repair());
    // A failed import changes nothing, counts included.
    const before = lib.contentHash();
    expect(() => lib.vector.import([rec(randomTile(HEX, random, 't50')), rec(tiles[1]!)])).toThrow(/already exists/);
    expect(lib.contentHash()).toBe(before);
    for (const t of tiles.slice(1)) lib.vector.delete(t.id);
    expect(kept()).toEqual([]);
    expect(recount()).toEqual([]);
    expect(pairs()).toEqual([]);
  });

  it('takes a library tile in an orientation as the neighbour, and honours allowed orientations', () => {
    const lib = stores.library();
    lib.vector.import([rec(SQUARE_TILE), rec(CLEARING_TILE, { orientations: ['r0'] })]);
    // The clearing's forest fills every edge; across its edges only forest-present edges fit: the clearing itself, once.
    expect(lib.vector.fit([{ dir: 0, neighbour: { id: 'clearing' } }], { shape: 'square' })).toEqual({ more: false, matches: [{ id: 'clearing', orientation: 'r0' }] });
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
