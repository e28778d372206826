/**
 * Strategic → tactical derivation (SPEC §12: "Deriving a 1:10 tactical map for a reference
 * tile and its neighbours: under 100 ms"; issue 6: also a 20×20-tile selection, and memory
 * per derived tile). 1:10 is admissible on square maps; offset-square and the hex kinds use
 * the nearest admissible ratio, 12. Every run derives from scratch with the default
 * substitute generators (no cache). No peer library derives maps, so there is no
 * comparison; the figures stand alone against the SPEC target.
 *
 * Through the services (issue "tactical maps that look like ground": "a 60-tile selection at
 * 1:12 opens in about a second"): AppServices on a temporary user data folder, as the app
 * runs it — the map imported into a project, maps.derive in a worker job with its progress
 * stages, the result stored — then the same request answered from the cache, and again after
 * an edit far from the selection (precise staleness keeps it fresh).
 */
import { classifyTile, TileClass } from '../core/alform/classify.js';
import type { GridSize } from '../core/grid/types.js';
import type { TerrainMap } from '../core/map/terrain-map.js';
import { deriveTactical, defaultRatio } from '../core/derive/derive.js';
import { catalogue, layLineThrough, strategicMap } from '../core/derive/derive.testkit.js';
import { timeOnce, writeResult } from './harness.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import type { AppEvent, MapPayload, Results } from '../contract/contract.js';
import { AppServices } from '../node/services/app-services.js';
import { mapToJsonText } from '../core/map/map-json.js';

function areaNeighbours(map: TerrainMap, tile: number): number[] {
  const nb = new Int32Array(8);
  const nb2 = new Int32Array(8);
  const out = new Set<number>();
  const n = map.grid.neighbors(tile, nb);
  for (let k = 0; k < n; k++) {
    const m = map.grid.neighbors(nb[k]!, nb2);
    for (let j = 0; j < m; j++) {
      const a = nb2[j]!;
      if (a !== tile && classifyTile(map.grid, a) === TileClass.AREA && map.grid.distance(a, tile) <= 2) out.add(a);
    }
  }
  return [...out];
}

/** A strategic map with ground, a river and a road through `reference`. */
function world(size: GridSize, reference: number[]): { map: TerrainMap; ref: number } {
  const map = strategicMap(size, 11);
  const ref = map.grid.index(reference);
  layLineThrough(map, ref, 0, 5, 'river');
  layLineThrough(map, ref, 1, 5, 'road');
  return { map, ref };
}

function deriveCase(name: string, size: GridSize, reference: number[]) {
  const { map, ref } = world(size, reference);
  const tiles = [ref, ...areaNeighbours(map, ref)];
  const ratio = defaultRatio(size.kind);
  const { ms, result } = timeOnce(() => deriveTactical(map, { catalogue, tiles, ratio }), 5);
  process.stdout.write(`  ${name}: reference + ${tiles.length - 1} neighbours at 1:${ratio} → ${result.grid.tileCount} tiles in ${ms.toFixed(1)} ms (target < 100 ms: ${ms < 100 ? 'meets' : 'MISSES'})\n`);
  return { kind: size.kind, ratio, selected: tiles.length, derivedTiles: result.grid.tileCount, ms, targetMs: 100, meetsTarget: ms < 100 };
}

/**
 * A w×h block of area tiles from `reference` (AL-FORM positions two apart). On the 120°
 * axial kinds every second column step also rises one row, so the block is a rectangle on
 * the map rather than a parallelogram.
 */
function block(map: TerrainMap, reference: number, w: number, h: number): number[] {
  const [x0, y0] = map.grid.coord(reference) as [number, number];
  const out = [reference];
  for (let i = 0; i < w; i++) {
    for (let j = 0; j < h; j++) {
      const rise = map.spec.kind === 'square' ? 0 : 2 * Math.floor(i / 2);
      const t = map.grid.index([x0 + 2 * i, y0 + 2 * j + rise]);
      if (t !== reference) out.push(t);
    }
  }
  return out;
}

/**
 * The 20×20 selection's target: 162 ms before the detail pass (varied drawings, grown patches,
 * ridgelines), 3.3 s after it (issue 30) — nearly all of it the selection's shape probing
 * every small tile of every selected tile's box. The detail pass may cost a little; 200 ms.
 */
const SELECTION_TARGET_MS = 200;

function selectionCase(name: string, size: GridSize, reference: number[]) {
  const { map, ref } = world(size, reference);
  const tiles = block(map, ref, 20, 20);
  const ratio = defaultRatio(size.kind);
  const before = process.memoryUsage();
  let peak = 0;
  const sample = (): void => {
    const m = process.memoryUsage();
    peak = Math.max(peak, m.heapUsed + m.arrayBuffers - before.heapUsed - before.arrayBuffers);
  };
  const first = timeOnce(() => deriveTactical(map, { catalogue, tiles, ratio, onProgress: sample }), 1);
  sample();
  // The first run pays for generating the default substitutes and for V8's warm-up; the best of
  // three more is the derivation's own cost (what "162 ms before the detail pass" measured).
  const { ms, result } = timeOnce(() => deriveTactical(map, { catalogue, tiles, ratio }), 3);
  const n = result.grid.tileCount;
  const mapBytes = result.terrainBytes();
  const verdict = ms < SELECTION_TARGET_MS ? 'meets' : 'MISSES';
  process.stdout.write(
    `  ${name}: 20×20 selection at 1:${ratio} → ${n} tiles in ${ms.toFixed(0)} ms (target < ${SELECTION_TARGET_MS} ms: ${verdict}; first run ${first.ms.toFixed(0)} ms); ${(mapBytes / n).toFixed(2)} B/tile stored, peak ≈ ${(peak / n).toFixed(1)} B/tile\n`,
  );
  return { kind: size.kind, ratio, selected: tiles.length, derivedTiles: n, ms, firstRunMs: first.ms, targetMs: SELECTION_TARGET_MS, meetsTarget: ms < SELECTION_TARGET_MS, bytesPerTileStored: mapBytes / n, peakBytesPerTile: peak / n };
}

/** A 10×6 block (60 area tiles) of a hex map derived at 1:12 through AppServices. */
async function servicesCase() {
  const size: GridSize = { kind: 'hex-rectangle', width: 61, height: 61 };
  const { map, ref } = world(size, [10, 20]);
  const tiles = block(map, ref, 10, 6);
  const ratio = 12;
  const dir = mkdtempSync(join(tmpdir(), 'sandtable-bench-derive-'));
  // The desktop app runs the job worker bundled (out/main/job-worker.mjs, `npm run build`); from
  // source (browser mode under tsx) the worker first loads TypeScript through tsx. Measured with
  // the bundle when SANDTABLE_BENCH_WORKER names it.
  const bundled = process.env.SANDTABLE_BENCH_WORKER;
  const services = new AppServices({ mode: 'browser', version: '0.0.0-bench', userDataDir: join(dir, 'user'), defaultProjectDir: join(dir, 'projects'), ...(bundled ? { workerUrl: pathToFileURL(bundled) } : {}) });
  const events: { at: number; e: AppEvent }[] = [];
  services.onEvent((e) => events.push({ at: performance.now(), e }));
  const call = <T>(name: string, args: unknown) => services.call(name as never, args as never) as Promise<T>;
  try {
    const imported = await call<{ map: MapPayload }>('maps.import', { fileName: 'strategic.json', text: mapToJsonText(map) });
    const id = imported.map.summary.id;
    // The first derivation of a session creates and seeds the app's library: done once here, not timed.
    await call('maps.derive', { id, tiles: [ref], ratio, seed: 99 });
    const t0 = performance.now();
    events.length = 0;
    const derived = await call<Results['maps.derive']>('maps.derive', { id, tiles, ratio, seed: 1 });
    const ms = performance.now() - t0;
    // Time per stage: from its first progress event to the next stage's (the last to the answer).
    const marks = events.filter((x) => x.e.type === 'job.progress' && x.e.jobId === derived.jobId).map((x) => ({ at: x.at, stage: (x.e as { stage?: string }).stage ?? '' }));
    const stageMs: Record<string, number> = {};
    marks.forEach((m, k) => {
      const next = marks.slice(k + 1).find((n) => n.stage !== m.stage)?.at ?? t0 + ms;
      if (k === 0 || marks[k - 1]!.stage !== m.stage) stageMs[m.stage] = next - m.at;
    });
    const firstEvent = marks[0] ? marks[0].at - t0 : 0;
    const c0 = performance.now();
    const cached = await call<Results['maps.derive']>('maps.derive', { id, tiles, ratio, seed: 1 });
    const cachedAnswerMs = performance.now() - c0;
    // An edit far from the selection (the map's opposite corner) leaves the child fresh.
    const far = map.grid.index([58, 60]);
    await call('maps.paint', { id, tiles: [far], terrain: 'lake' });
    const f0 = performance.now();
    const afterFarEdit = await call<Results['maps.derive']>('maps.derive', { id, tiles, ratio, seed: 1 });
    const afterFarEditMs = performance.now() - f0;
    const n = derived.map.summary.tileCount;
    const stages = Object.entries(stageMs).map(([s, v]) => `${s} ${v.toFixed(0)}`).join(', ');
    process.stdout.write(
      `  services, hex-rectangle: 60-tile selection at 1:12 → ${n} tiles in ${ms.toFixed(0)} ms (target < 1000 ms: ${ms < 1000 ? 'meets' : 'MISSES'}; job start ${firstEvent.toFixed(0)} ms; ${stages} ms); cached ${cachedAnswerMs.toFixed(1)} ms; after a far edit cached=${afterFarEdit.cached} ${afterFarEditMs.toFixed(1)} ms\n`,
    );
    return {
      kind: size.kind,
      ratio,
      selected: tiles.length,
      derivedTiles: n,
      ms,
      targetMs: 1000,
      meetsTarget: ms < 1000,
      firstProgressMs: firstEvent,
      stageMs,
      cachedMs: cachedAnswerMs,
      cached: cached.cached,
      afterFarEditCached: afterFarEdit.cached,
      afterFarEditMs,
    };
  } finally {
    await services.shutdown();
    rmSync(dir, { recursive: true, force: true });
  }
}

export default async function run(): Promise<string> {
  const neighbours = [
    deriveCase('square', { kind: 'square', width: 41, height: 41 }, [20, 20]),
    deriveCase('hex-rectangle', { kind: 'hex-rectangle', width: 41, height: 41 }, [20, 30]),
    deriveCase('offset-square', { kind: 'offset-square', width: 41, height: 41 }, [20, 30]),
  ];
  const selections = [selectionCase('hex-rectangle', { kind: 'hex-rectangle', width: 61, height: 61 }, [10, 20])];
  const throughServices = await servicesCase();
  return writeResult('derive', { referenceAndNeighbours: neighbours, selection20x20: selections, selection60ThroughServices: throughServices });
}
