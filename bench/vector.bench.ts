/**
 * Vector-form tiles (SPEC §6, §12), each figure next to its baseline in the same run:
 * - indicator computation per tile (core/vector edgeIndicators) on the starter hexagons;
 * - matches checked per second (matchEdges on precomputed edge indicators);
 * - "what fits here" at 100 000 vector tiles in a library (target < 5 ms): the store's SQL
 *   fit table (one page of 100, and with the exact total) vs a naive scan matching every
 *   tile in every orientation against the neighbours (indicators precomputed, so the scan
 *   pays only for matching), and core's in-memory FitIndex, per query class: random
 *   neighbours (2–4 random library tiles in random orientations), and places with 1, 2, 3
 *   and 6 placed neighbours as assembling a map asks — a library tile is the place's true
 *   filler and each neighbour is a library tile, oriented to match it across that edge;
 *   mean and p95 per class; every answer checked against the FitIndex; plus what importing
 *   the 100 000 tiles costs;
 * - warp per tile (hexagon → pentagon).
 * Results → bench/results/vector.json. `--quick` (10 000 tiles) or `VECTOR_BENCH_TILES`
 * shrinks the library for a smoke run; the figures reported are at 100 000.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomInt } from '../core/util/random.js';
import { FitIndex } from '../core/vector/fit-index.js';
import type { EdgeIndicators } from '../core/vector/indicators.js';
import { edgeIndicators, indicatorsOf } from '../core/vector/indicators.js';
import { vectorTileToJson } from '../core/vector/json.js';
import { acrossSignature, edgeSignature, matchEdges } from '../core/vector/match.js';
import { orientIndicators, orientTile, orientationName, shapeOrientations } from '../core/vector/orientation.js';
import { HEX, PENTAGON, facingDirection } from '../core/vector/shape.js';
import { importSvg } from '../core/vector/svg.js';
import type { VectorTile } from '../core/vector/types.js';
import { bend, on } from '../core/vector/vector.testkit.js';
import { warpHexTile } from '../core/vector/warp.js';
import { listVectorTileFiles } from '../node/formats/vector-files.js';
import { openLibrary } from '../node/store/library.js';
import { measure, rng, timeOnce, writeResult } from './harness.js';

type Constraint = { dir: number; facing: EdgeIndicators };

/**
 * Each query once per pass, in passes, until `budgetMs` is spent (at least `minCalls`): mean
 * and p95 of single calls, wall clock and this process's CPU time (on a loaded machine the
 * wall clock counts the time other work held the CPU; the CPU time does not).
 */
function timeQueries(fn: (q: Constraint[]) => unknown, queries: readonly Constraint[][], budgetMs: number, minCalls = 20): { meanMs: number; p95Ms: number; cpuMeanMs: number; cpuP95Ms: number; calls: number } {
  for (const q of queries.slice(0, 5)) fn(q);
  const times: number[] = [];
  const cpu: number[] = [];
  const end = performance.now() + budgetMs;
  for (let i = 0; times.length < minCalls || performance.now() < end; i++) {
    const q = queries[i % queries.length]!;
    const c = process.cpuUsage();
    const t = performance.now();
    fn(q);
    times.push(performance.now() - t);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
  }
  const mean = (v: number[]) => round(v.reduce((a, b) => a + b, 0) / v.length, 4);
  const p95 = (v: number[]) => round([...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor(v.length * 0.95))]!, 4);
  return { meanMs: mean(times), p95Ms: p95(times), cpuMeanMs: mean(cpu), cpuP95Ms: p95(cpu), calls: times.length };
}

/** SPEC §12's "what fits here" targets, per query class: the store's first page, mean and p95. */
const TARGET_MEAN_MS = 5;
const TARGET_P95_MS = 20;

const TILES = Number(process.env.VECTOR_BENCH_TILES ?? (process.argv.includes('--quick') ? 10_000 : 100_000));
const QUERIES = 200;
/** Queries per class the naive scan runs (each scans every tile × 12 orientations: seconds). */
const SCAN_QUERIES = 2;
/** Queries per class whose store answer is checked against core's FitIndex (full answer and total). */
const CHECKED = 30;
/** Library tiles the placed-neighbour generator draws neighbours from. */
const NEIGHBOUR_POOL = 5000;
const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;

/** Catalogue terrains a big library's tiles carry across their edges (as the raster bench uses 16 labels). */
const LINES = ['river', 'road', 'stream', 'railroad', 'trail', 'wall', 'hedgerow', 'canal', 'ridge', 'cliff', 'tree-line', 'escarpment'];
const AREAS = ['forest', 'marsh', 'rough', 'fields', 'swamp', 'urban'];

/**
 * A random hexagon tile: 1–3 curves between distinct edge slots (t ¼, ½, ¾), lines of one
 * of 12 linear terrains, the first sometimes the edge of one of 6 area terrains.
 */
export function benchTile(random: () => number, id: string): VectorTile {
  const slots: [number, number][] = [];
  for (const e of HEX.edges) for (const t of [0.25, 0.5, 0.75]) slots.push([e.dir, t]);
  const take = (): [number, number] => slots.splice(Math.floor(random() * slots.length), 1)[0]!;
  const elements: VectorTile['elements'][number][] = [];
  const n = 1 + Math.floor(random() * 3);
  for (let i = 0; i < n; i++) {
    const a = take();
    let b = take();
    while (b[0] === a[0]) {
      slots.push(b);
      b = take();
    }
    const curve = bend(on(HEX, a[0], a[1]), on(HEX, b[0], b[1]), 0.3 + 0.4 * random());
    if (i === 0 && random() < 0.4) elements.push({ kind: 'area', id: `a${i}`, terrain: AREAS[randomInt(random, AREAS.length)]!, side: random() < 0.5 ? 'left' : 'right', curve });
    else elements.push({ kind: 'line', id: `l${i}`, terrain: LINES[randomInt(random, LINES.length)]!, curve });
  }
  return { id, shape: HEX, elements };
}

export default async function run(): Promise<string> {
  const starterDir = new URL('../resources/tiles/starter/hex', import.meta.url).pathname;
  const starter = listVectorTileFiles(starterDir).map((p) => importSvg(readFileSync(p, 'utf8'), p).tile);

  // ── per-tile costs on the starter hexagons ──
  let i = 0;
  const indicators = measure(() => edgeIndicators(starter[i++ % starter.length]!));
  const warps = measure(() => warpHexTile(starter[i++ % starter.length]!, PENTAGON));
  const edges: EdgeIndicators[] = starter.flatMap((t) => edgeIndicators(t));
  const random = rng(7);
  const pairs = Array.from({ length: 4096 }, () => [edges[randomInt(random, edges.length)]!, edges[randomInt(random, edges.length)]!] as const);
  let matched = 0;
  const matches = measure(() => {
    for (const [a, b] of pairs) if (matchEdges(a, b).ok) matched++;
    return matched;
  }, pairs.length);

  // ── what fits here at 100 k tiles ──
  const dir = mkdtempSync(join(tmpdir(), 'sandtable-vector-bench-'));
  try {
    const tiles: VectorTile[] = Array.from({ length: TILES }, (_, k) => benchTile(random, `v${k}`));
    const lib = openLibrary(join(dir, 'vector.sandtable-library'));
    const records = tiles.map((t) => ({ tile: vectorTileToJson(t) }));
    const imported = timeOnce(() => lib.vector.import(records), 1);
    const orientations = shapeOrientations(HEX);
    // Naive scan baseline: every tile's indicators in every orientation, precomputed.
    const oriented = tiles.map((t) => {
      const base = edgeIndicators(t);
      return orientations.map((o) => orientIndicators(HEX, base, o));
    });
    const index = new FitIndex();
    const indexBuild = timeOnce(() => {
      for (const t of tiles) index.add(t, orientations);
    }, 1);
    const facingOf = (tile: number, o: number, d: number): EdgeIndicators => indicatorsOf(oriented[tile]![o]!, d);

    // Random: 2–4 placed neighbours around a place, each a random library tile in a random orientation.
    const randomQueries = Array.from({ length: QUERIES }, () => {
      const dirs = [0, 1, 2, 3, 4, 5].sort(() => random() - 0.5).slice(0, 2 + randomInt(random, 3));
      return dirs.map((d): Constraint => {
        const n = randomInt(random, tiles.length);
        return { dir: d, facing: indicatorsOf(edgeIndicators(orientTile(tiles[n]!, orientations[randomInt(random, orientations.length)]!)), facingDirection(HEX, d)) };
      });
    });
    // Placed: the place's true filler is a library tile T in orientation o; across each
    // constrained edge d lies a library tile (of a pool) oriented so its facing edge matches T's.
    const pool = new Map<string, [number, number][]>();
    for (let t = 0; t < Math.min(NEIGHBOUR_POOL, tiles.length); t++) {
      for (let o = 0; o < orientations.length; o++) {
        for (const ind of oriented[t]![o]!) {
          const key = `${ind.dir} ${edgeSignature(ind)}`;
          const list = pool.get(key);
          if (list) list.push([t, o]);
          else pool.set(key, [[t, o]]);
        }
      }
    }
    const truths: { tile: number; o: number }[][] = [];
    const placedQueries = (k: number): Constraint[][] => {
      const out: Constraint[][] = [];
      const truth: { tile: number; o: number }[] = [];
      while (out.length < QUERIES) {
        const t = randomInt(random, tiles.length);
        const o = randomInt(random, orientations.length);
        const dirs = [0, 1, 2, 3, 4, 5].sort(() => random() - 0.5).slice(0, k);
        const cs: Constraint[] = [];
        for (const d of dirs) {
          const f = facingDirection(HEX, d);
          const candidates = pool.get(`${f} ${acrossSignature(facingOf(t, o, d))}`);
          if (!candidates) break;
          const [n, no] = candidates[randomInt(random, candidates.length)]!;
          cs.push({ dir: d, facing: facingOf(n, no, f) });
        }
        if (cs.length < k) continue;
        out.push(cs);
        truth.push({ tile: t, o });
      }
      truths.push(truth);
      return out;
    };
    const classes: [string, Constraint[][]][] = [
      ['random 2–4 neighbours', randomQueries],
      ['placed, 1 neighbour', placedQueries(1)],
      ['placed, 2 neighbours', placedQueries(2)],
      ['placed, 3 neighbours', placedQueries(3)],
      ['placed, 6 neighbours', placedQueries(6)],
    ];

    let consumed = 0;
    let checked = 0;
    let truthFound = 0;
    const perClass = classes.map(([name, queries], c) => {
      // Exactness first: the store's full answer and total equal core's FitIndex.
      const answers: number[] = [];
      queries.forEach((cs, q) => {
        const expected = index.query(cs);
        answers.push(expected.length);
        if (q >= CHECKED) return;
        const got = lib.vector.fit(cs, { limit: 100, count: true });
        const want = expected.slice(0, 100).map((m) => `${m.tile} ${orientationName(m.orientation)}`);
        if (got.total !== expected.length || got.more !== expected.length > 100 || got.matches.map((m) => `${m.id} ${m.orientation}`).join() !== want.join()) {
          throw new Error(`vector bench: the store's answer differs from core's FitIndex (${name}, query ${q})`);
        }
        checked++;
        if (c > 0) {
          const truth = truths[c - 1]![q]!;
          if (expected.some((m) => m.tile === `v${truth.tile}` && orientationName(m.orientation) === orientationName(orientations[truth.o]!))) truthFound++;
        }
      });
      const page = timeQueries((cs) => (consumed += lib.vector.fit(cs, { limit: 100 }).matches.length), queries, 1500);
      const counted = timeQueries((cs) => (consumed += lib.vector.fit(cs, { limit: 100, count: true }).total ?? 0), queries, 1500);
      const memory = timeQueries((cs) => (consumed += index.query(cs).length), queries, 1500, 10);
      const scanTimes = queries.slice(0, SCAN_QUERIES).map((cs) => {
        const t = performance.now();
        let hits = 0;
        for (const byOrientation of oriented) {
          for (const ind of byOrientation) if (cs.every((x) => matchEdges(indicatorsOf(ind, x.dir), x.facing).ok)) hits++;
        }
        consumed += hits;
        return performance.now() - t;
      });
      const sorted = [...answers].sort((a, b) => a - b);
      return {
        class: name,
        matchesPerQuery: { mean: round(answers.reduce((a, b) => a + b, 0) / answers.length, 1), median: sorted[sorted.length >> 1], p95: sorted[Math.floor(sorted.length * 0.95)], max: sorted[sorted.length - 1], zero: answers.filter((a) => a === 0).length },
        storeFirstPage: page,
        storeFirstPageWithTotal: counted,
        coreFitIndexInMemory: memory,
        naiveScan: { meanMs: round(scanTimes.reduce((a, b) => a + b, 0) / scanTimes.length, 1), calls: scanTimes.length },
      };
    });
    process.stdout.write(`  what fits here, store's first page (targets: mean < ${TARGET_MEAN_MS} ms, p95 < ${TARGET_P95_MS} ms; CPU = this process's time)\n`);
    for (const c of perClass) {
      const p = c.storeFirstPage;
      const met = p.meanMs < TARGET_MEAN_MS && p.p95Ms < TARGET_P95_MS ? 'met' : 'MISSED';
      process.stdout.write(`    ${c.class.padEnd(24)} mean ${p.meanMs.toFixed(2).padStart(7)} ms / ${TARGET_MEAN_MS}   p95 ${p.p95Ms.toFixed(2).padStart(7)} ms / ${TARGET_P95_MS}   ${met}   (CPU mean ${p.cpuMeanMs.toFixed(2)}, p95 ${p.cpuP95Ms.toFixed(2)} ms)\n`);
    }
    // A deep page: offset 10 000 into the widest answers (one featureless neighbour).
    const wide = classes[1]![1]!.filter((cs) => index.query(cs).length > 20_000).slice(0, 20);
    const deep = wide.length ? timeQueries((cs) => (consumed += lib.vector.fit(cs, { limit: 100, offset: 10_000 }).matches.length), wide, 1000, 10) : null;
    const stats = lib.vector.stats();
    lib.close();

    return writeResult('vector', {
      tilesInLibrary: TILES,
      indicatorsPerTile: { opsPerSecond: round(indicators.opsPerSecond, 0), meanMs: round(indicators.meanMs, 4), tiles: 'starter hexagons' },
      matchesPerSecond: { opsPerSecond: round(matches.opsPerSecond, 0), meanUs: round(1000 / matches.opsPerSecond * 1000, 3) },
      warpPerTile: { opsPerSecond: round(warps.opsPerSecond, 0), meanMs: round(warps.meanMs, 4) },
      import: { ms: round(imported.ms, 0), fitRows: stats.fitRows, fitPairRows: stats.fitPairRows, signatures: stats.signatures, coreFitIndexBuildMs: round(indexBuild.ms, 0) },
      whatFitsHere: {
        target: `mean < ${TARGET_MEAN_MS} ms, p95 < ${TARGET_P95_MS} ms (store's first page, every class)`,
        page: 'limit 100, offset 0; "with total" adds count: true',
        queriesPerClass: QUERIES,
        answersCheckedAgainstFitIndex: checked,
        placedTruthFound: `${truthFound} of ${checked - CHECKED}`,
        classes: perClass,
        deepPage: deep ? { note: 'offset 10 000, limit 100, one-neighbour queries with > 20 000 matches', ...deep } : null,
        naiveScanNote: `every tile × 12 orientations × each neighbour, indicators precomputed; ${SCAN_QUERIES} queries per class`,
        consumed,
      },
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
