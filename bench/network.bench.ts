/**
 * Through-tile network edits at a million tiles (issue 26): a 200-tile road stroke drawn
 * centre to centre on a 1000 × 1000 classic hex map through AppServices (`maps.drawNetwork`:
 * plan, one journal step with its network rows, the open copy patched), its undo, and
 * `maps.network` (components, dead ends, crossings) over the roads drawn. The figure a
 * designer waits for after letting go of the pointer; target < 50 ms. → bench/results/network.json.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { MapPayload } from '../contract/contract.js';
import { mapFromJson } from '../core/map/map-json.js';
import { NetworkSides } from '../core/map/network-sides.js';
import { chainThrough } from '../core/map/network-edit.js';
import { AppServices } from '../node/services/app-services.js';
import { writeResult } from './harness.js';

const TARGET_MS = 50;
const STROKE = 200;
const STROKES = 7;

export default async function run(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'sandtable-bench-network-'));
  const bundled = process.env.SANDTABLE_BENCH_WORKER;
  const services = new AppServices({ mode: 'browser', version: '0.0.0-bench', userDataDir: join(dir, 'user'), defaultProjectDir: join(dir, 'projects'), ...(bundled ? { workerUrl: pathToFileURL(bundled) } : {}) });
  const call = <T>(name: string, args: unknown) => services.call(name as never, args as never) as Promise<T>;
  try {
    const payload = await call<MapPayload>('maps.create', { name: 'Million', kind: 'hex-rectangle', size: '1000x1000', alform: false, fill: 'clear' });
    const id = payload.summary.id;
    const map = mapFromJson(payload.map);
    const sides = NetworkSides.of(map);
    // East-west strokes along rows r (axial y = floor(x / 2) + r), 200 columns each.
    const at = (x: number, r: number) => map.grid.index([x, Math.floor(x / 2) + r]);
    const strokes = Array.from({ length: STROKES }, (_, k) => chainThrough(sides, [at(100, 100 + 100 * k), at(100 + STROKE - 1, 100 + 100 * k)]).slice(0, STROKE));
    // The first edit of a session opens the map and the journal: done once, not timed.
    await call('maps.drawNetwork', { id, tiles: strokes[0]!.slice(0, 2), terrain: 'trail' });
    const draws: number[] = [];
    for (const s of strokes) {
      const t0 = performance.now();
      await call('maps.drawNetwork', { id, tiles: s, terrain: 'road' });
      draws.push(performance.now() - t0);
    }
    const u0 = performance.now();
    await call('maps.undo', { id });
    const undoMs = performance.now() - u0;
    const r0 = performance.now();
    const report = await call<{ kinds: { terrain: string; tiles: number; components: unknown[] }[] }>('maps.network', { id, terrain: 'road' });
    const reportMs = performance.now() - r0;
    const sorted = [...draws].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    const worst = sorted[sorted.length - 1]!;
    process.stdout.write(
      `  1 000 000-tile hex map: ${STROKE}-tile road stroke through the services median ${median.toFixed(1)} ms, worst ${worst.toFixed(1)} ms (target < ${TARGET_MS} ms); undo ${undoMs.toFixed(1)} ms; network report ${reportMs.toFixed(1)} ms (${report.kinds[0]?.tiles ?? 0} road tiles)\n`,
    );
    return writeResult('network', {
      mapTiles: map.tileCount,
      strokeTiles: strokes.map((s) => s.length),
      drawMs: draws.map((d) => Math.round(d * 10) / 10),
      medianMs: Math.round(median * 10) / 10,
      worstMs: Math.round(worst * 10) / 10,
      targetMs: TARGET_MS,
      meetsTarget: median < TARGET_MS,
      undoMs: Math.round(undoMs * 10) / 10,
      reportMs: Math.round(reportMs * 10) / 10,
      roadTiles: report.kinds[0]?.tiles ?? 0,
      roadComponents: report.kinds[0]?.components.length ?? 0,
    });
  } finally {
    await services.shutdown();
    rmSync(dir, { recursive: true, force: true });
  }
}
