/**
 * Vector-form tiles (SPEC §6, §12), each figure next to its baseline in the same run:
 * - indicator computation per tile (core/vector edgeIndicators) on the starter hexagons;
 * - matches checked per second (matchEdges on precomputed edge indicators);
 * - "what fits here" at 100 000 vector tiles in a library (target < 5 ms): the store's SQL
 *   fit table vs a naive scan matching every tile in every orientation against the
 *   neighbours (indicators precomputed, so the scan pays only for matching), and core's
 *   in-memory FitIndex for reference; plus what importing the 100 000 tiles costs;
 * - warp per tile (hexagon → pentagon).
 * Results → bench/results/vector.json. `VECTOR_BENCH_TILES` shrinks the library for a quick run.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomInt } from '../core/util/random.js';
import { FitIndex } from '../core/vector/fit-index.js';
import type { EdgeIndicators } from '../core/vector/indicators.js';
import { edgeIndicators, indicatorsOf } from '../core/vector/indicators.js';
import { vectorTileToJson } from '../core/vector/json.js';
import { matchEdges } from '../core/vector/match.js';
import { orientIndicators, orientTile, shapeOrientations } from '../core/vector/orientation.js';
import { HEX, PENTAGON, facingDirection } from '../core/vector/shape.js';
import { importSvg } from '../core/vector/svg.js';
import type { VectorTile } from '../core/vector/types.js';
import { bend, on } from '../core/vector/vector.testkit.js';
import { warpHexTile } from '../core/vector/warp.js';
import { listVectorTileFiles } from '../node/formats/vector-files.js';
import { openLibrary } from '../node/store/library.js';
import { measure, rng, timeOnce, writeResult } from './harness.js';

const TILES = Number(process.env.VECTOR_BENCH_TILES ?? 100_000);
const QUERIES = 200;
const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;

/** Catalogue terrains a big library's tiles carry across their edges (as the raster bench uses 16 labels). */
const LINES = ['river', 'road', 'stream', 'railroad', 'trail', 'wall', 'hedgerow', 'canal', 'ridge', 'cliff', 'tree-line', 'escarpment'];
const AREAS = ['forest', 'marsh', 'rough', 'fields', 'swamp', 'urban'];

/**
 * A random hexagon tile: 1–3 curves between distinct edge slots (t ¼, ½, ¾), lines of one
 * of 12 linear terrains, the first sometimes the edge of one of 6 area terrains.
 */
function benchTile(random: () => number, id: string): VectorTile {
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
    // Queries: 2–4 placed neighbours around a place, each a random library tile in a random orientation.
    const queries = Array.from({ length: QUERIES }, () => {
      const dirs = [0, 1, 2, 3, 4, 5].sort(() => random() - 0.5).slice(0, 2 + randomInt(random, 3));
      return dirs.map((d) => {
        const n = tiles[randomInt(random, tiles.length)]!;
        return { dir: d, facing: indicatorsOf(edgeIndicators(orientTile(n, orientations[randomInt(random, orientations.length)]!)), facingDirection(HEX, d)) };
      });
    });
    let q = 0;
    let totalStore = 0;
    const store = measure(() => {
      const r = lib.vector.fit(queries[q++ % QUERIES]!, { limit: 100 });
      totalStore += r.total;
      return r;
    }, 1, 2000);
    const memory = measure(() => index.query(queries[q++ % QUERIES]!), 1, 1000);
    let scanned = 0;
    const scan = measure(() => {
      const cs = queries[q++ % QUERIES]!;
      let hits = 0;
      for (const byOrientation of oriented) {
        for (const ind of byOrientation) if (cs.every((c) => matchEdges(indicatorsOf(ind, c.dir), c.facing).ok)) hits++;
      }
      scanned += hits;
      return hits;
    }, 1, 3000);
    // One neighbour only: the widest answers (first page of 100).
    const single = queries.map((cs) => cs.slice(0, 1));
    const storeSingle = measure(() => lib.vector.fit(single[q++ % QUERIES]!, { limit: 100 }), 1, 1000);
    const answers = queries.map((cs) => lib.vector.fit(cs, { limit: 1 }).total);
    const stats = lib.vector.stats();
    lib.close();

    return writeResult('vector', {
      tilesInLibrary: TILES,
      indicatorsPerTile: { opsPerSecond: round(indicators.opsPerSecond, 0), meanMs: round(indicators.meanMs, 4), tiles: 'starter hexagons' },
      matchesPerSecond: { opsPerSecond: round(matches.opsPerSecond, 0), meanUs: round(1000 / matches.opsPerSecond * 1000, 3) },
      warpPerTile: { opsPerSecond: round(warps.opsPerSecond, 0), meanMs: round(warps.meanMs, 4) },
      import: { ms: round(imported.ms, 0), fitRows: stats.fitRows, signatures: stats.signatures, coreFitIndexBuildMs: round(indexBuild.ms, 0) },
      whatFitsHere: {
        neighbours: '2–4 placed neighbours',
        store: { meanMs: round(store.meanMs), calls: store.calls },
        naiveScan: { meanMs: round(scan.meanMs), calls: scan.calls, note: 'every tile × 12 orientations × each neighbour, indicators precomputed' },
        coreFitIndexInMemory: { meanMs: round(memory.meanMs, 4) },
        speedupOverScan: round(scan.meanMs / store.meanMs, 1),
        matchesPerQuery: { mean: round(answers.reduce((a, b) => a + b, 0) / answers.length, 1), max: Math.max(...answers), zero: answers.filter((a) => a === 0).length },
        oneNeighbourFirstPage: { meanMs: round(storeSingle.meanMs) },
        target: '< 5 ms',
        consumed: totalStore + scanned,
      },
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
