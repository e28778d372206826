/**
 * The tile library against raw better-sqlite3 doing the minimal equivalent, in one run
 * (SPEC §12: 100 k tiles imported in < 5 s; "tiles that fit" in < 5 ms at 100 k tiles):
 * - import 100 000 raster tiles (validation, labels, tags, images, one transaction) vs a
 *   plain prepared INSERT loop into one table in one transaction;
 * - "what fits these neighbours" at 100 000 tiles vs a plain indexed SELECT on a table with
 *   a row per (tile, orientation) — which also shows what that table costs to build;
 * - whole-map load of a 4 M-tile AL-FORM map (chunks inflated into typed arrays, TerrainMap
 *   built and checked) vs a plain read of the same blobs;
 * - single-tile writes under synchronous NORMAL vs FULL (the setting docs/store.md argues).
 * Results → bench/results/library.json.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { TerrainMap } from '../core/map/terrain-map.js';
import { randomInt } from '../core/util/random.js';
import { openLibrary } from '../node/store/library.js';
import { orientEdges } from '../node/store/orientation.js';
import { sampleRasterTiles } from '../node/store/store.testkit.js';
import { consume, measure, rng, timeOnce, writeResult } from './harness.js';

const TILES = 100_000;
const LABELS = 16;
const QUERIES = 512;
const MAP_SIDE = 1999; // AL-FORM hex-rectangle 1999 × 1999 = 3 996 001 tiles (1000 × 1000 area tiles)

const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

export default async function run(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'sandtable-bench-'));
  try {
    const tiles = sampleRasterTiles(TILES, 2026, { labels: LABELS, imageBytes: 256 });

    // ── import 100 k tiles ──
    let n = 0;
    const oursImport = timeOnce(() => {
      const lib = openLibrary(join(dir, `import-${n++}.sandtable`));
      const result = lib.raster.import(tiles);
      lib.close();
      return result;
    }, 2);
    const rawImport = timeOnce(() => {
      const db = rawDb(join(dir, `raw-import-${n++}.db`));
      db.exec('CREATE TABLE tiles (id TEXT PRIMARY KEY, name TEXT, shape TEXT, width INTEGER, height INTEGER, edges TEXT, tags TEXT, mime TEXT, image BLOB)');
      const insert = db.prepare('INSERT INTO tiles VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
      db.transaction(() => {
        for (const t of tiles) insert.run(t.id, t.name, t.shape, t.width, t.height, t.edges.join(','), (t.tags ?? []).join(','), t.image.mime, t.image.data);
      })();
      db.close();
      return tiles.length;
    }, 2);

    // ── what fits, at 100 k tiles ──
    const lib = openLibrary(join(dir, 'import-0.sandtable'));
    const random = rng(7);
    const names = ['north', 'east', 'south', 'west'] as const;
    // Queries as a placing hand meets them: two, three or four placed neighbours.
    const queries = Array.from({ length: QUERIES }, (_, q) => {
      const count = 2 + (q % 3);
      const start = randomInt(random, 4);
      const edges: Record<string, string> = {};
      for (let k = 0; k < count; k++) edges[names[(start + k) % 4]!] = `L${randomInt(random, LABELS)}`;
      return edges;
    });
    const firstFit = timeOnce(() => lib.raster.fit(queries[0]!), 1);
    let qi = 0;
    const oursFit = measure(() => lib.raster.fit(queries[qi++ % QUERIES]!));
    const totals = queries.map((q) => lib.raster.fit(q).total);
    const oneNeighbour = measure(() => lib.raster.fit({ north: `L${qi++ % LABELS}` }));

    // Raw: a row per (tile, orientation) with the oriented labels, an index per query shape.
    const rawFitDb = rawDb(join(dir, 'raw-fit.db'));
    const rawBuild = timeOnce(() => {
      rawFitDb.exec('CREATE TABLE fit (k INTEGER PRIMARY KEY, e0 INTEGER, e1 INTEGER, e2 INTEGER, e3 INTEGER)');
      const insert = rawFitDb.prepare('INSERT INTO fit VALUES (?, ?, ?, ?, ?)');
      rawFitDb.transaction(() => {
        tiles.forEach((t, k) => {
          const labels = t.edges.map((l) => Number(l.slice(1)));
          for (let o = 0; o < 8; o++) insert.run(k * 8 + o, ...orientEdges('square', o, labels));
        });
      })();
      rawFitDb.exec('CREATE INDEX fit_a ON fit (e0, e1, e2, e3); CREATE INDEX fit_b ON fit (e1, e2, e3, e0); CREATE INDEX fit_c ON fit (e2, e3, e0, e1); CREATE INDEX fit_d ON fit (e3, e0, e1, e2)');
      return 0;
    }, 1);
    // Each query's edges are consecutive clockwise from `start`, so one of the four rotated
    // indexes has them as a prefix: the raw side gets the best index for every query.
    const rawQueries = queries.map((q) => {
      const edges = names.map((e) => (q[e] === undefined ? null : Number(q[e]!.slice(1))));
      const start = [0, 1, 2, 3].find((s) => edges[s] !== null && edges[(s + 3) % 4] === null) ?? 0;
      const cols = [0, 1, 2, 3].map((k) => (start + k) % 4).filter((e) => edges[e] !== null);
      return { stmt: rawFitDb.prepare(`SELECT k FROM fit WHERE ${cols.map((e) => `e${e} = ?`).join(' AND ')}`).raw(), args: cols.map((e) => edges[e]!) };
    });
    let ri = 0;
    const rawFit = measure(() => {
      const q = rawQueries[ri++ % QUERIES]!;
      return q.stmt.all(...q.args).length;
    });
    const rawTotals = rawQueries.map((q) => q.stmt.all(...q.args).length);
    rawFitDb.close();
    if (rawTotals.some((t, k) => t !== totals[k])) throw new Error('raw fit and library fit disagree');

    // ── single-tile writes: synchronous NORMAL vs FULL ──
    const small = sampleRasterTiles(300, 99, { labels: LABELS, idPrefix: 'w' });
    const singleWrites = (synchronous: 'NORMAL' | 'FULL') =>
      timeOnce(() => {
        const l = openLibrary(join(dir, `sync-${synchronous}-${n++}.sandtable`), { synchronous });
        for (const t of small) l.raster.put(t);
        l.close();
        return small.length;
      }, 1);
    const normalWrites = singleWrites('NORMAL');
    const fullWrites = singleWrites('FULL');

    // ── whole-map load, 4 M tiles ──
    const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: MAP_SIDE, height: MAP_SIDE }, alform: true, palette: ['clear', 'forest', 'marsh', 'river', 'road'], elevation: true });
    paint(map, rng(11));
    const put = timeOnce(() => lib.maps.put(map, { id: 'big' }), 1);
    const load = timeOnce(() => lib.maps.load('big'), 3);
    if (Buffer.compare(Buffer.from(load.result.layers.terrain), Buffer.from(map.layers.terrain)) !== 0) throw new Error('map did not round-trip');
    const stats = lib.maps.stats();
    lib.close();
    const raw = new Database(join(dir, 'import-0.sandtable'), { readonly: true });
    const select = raw.prepare(`SELECT data FROM map_chunks WHERE map_id = 'big'`).pluck();
    const rawRead = timeOnce(() => select.all().reduce((s: number, b) => s + (b as Buffer).length, 0), 3);
    const rawInflate = timeOnce(() => select.all().reduce((s: number, b) => s + inflateSync(b as Buffer).length, 0), 3);
    raw.close();
    consume();

    return writeResult('library', {
      import: {
        tiles: TILES,
        ms: round(oursImport.ms, 0),
        targetMs: 5000,
        pass: oursImport.ms < 5000,
        rawInsertMs: round(rawImport.ms, 0),
        ratioToRaw: round(oursImport.ms / rawImport.ms),
        note: 'ours: validate every record, intern labels, tags, images, fit-index generation; raw: one INSERT per tile into one table',
      },
      fit: {
        tiles: TILES,
        labels: LABELS,
        queries: QUERIES,
        meanMs: round(oursFit.meanMs, 3),
        targetMs: 5,
        pass: oursFit.meanMs < 5,
        meanMatches: round(totals.reduce((a, b) => a + b, 0) / QUERIES, 1),
        firstQueryMs: round(firstFit.ms, 1),
        oneNeighbourMeanMs: round(oneNeighbour.meanMs, 3),
        rawIndexedSelectMeanMs: round(rawFit.meanMs, 3),
        ratioToRaw: round(oursFit.meanMs / rawFit.meanMs),
        rawPerOrientationTableBuildMs: round(rawBuild.ms, 0),
        note: 'first query builds the in-memory posting index; raw: a row per (tile, orientation) and four rotated indexes, best index per query',
      },
      mapLoad: {
        tiles: map.tileCount,
        layers: ['terrain', 'elevation'],
        ms: round(load.ms, 1),
        rawBlobReadMs: round(rawRead.ms, 1),
        rawBlobReadAndInflateMs: round(rawInflate.ms, 1),
        ratioToRawRead: round(load.ms / rawRead.ms),
        ratioToRawInflate: round(load.ms / rawInflate.ms),
        putMs: round(put.ms, 0),
        storedBytes: stats.storedBytes,
        rawBytes: stats.rawBytes,
      },
      singleWrites: {
        writes: small.length,
        normalMs: round(normalWrites.ms, 0),
        fullMs: round(fullWrites.ms, 0),
        note: 'one put per transaction; synchronous=FULL adds an fsync per commit',
      },
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function rawDb(path: string): Database.Database {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  return db;
}

/** Terrain in runs and a smooth elevation, like a real map (compresses like one). */
function paint(map: TerrainMap, random: () => number): void {
  const { terrain, elevation } = map.layers;
  let k = 0;
  while (k < terrain.length) {
    const run = 1 + randomInt(random, 60);
    terrain.fill(randomInt(random, 6), k, Math.min(terrain.length, k + run));
    k += run;
  }
  for (let i = 0; i < elevation!.length; i++) elevation![i] = Math.round(400 * Math.sin(i / 5000) + 100 * Math.sin(i / 37));
}
