/**
 * Tiny benchmark harness: runs a function repeatedly until a time budget is spent and reports
 * operations per second, so our engine and the peer libraries are measured the same way in
 * the same run. Results are written as JSON under bench/results/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cpus, loadavg } from 'node:os';

export interface Measurement {
  opsPerSecond: number;
  /** Mean time of one call, milliseconds. */
  meanMs: number;
  calls: number;
}

/** Calls `fn` (which performs `opsPerCall` operations) for about `budgetMs` after a warm-up. */
export function measure(fn: () => unknown, opsPerCall = 1, budgetMs = 400): Measurement {
  let sink: unknown;
  const warmEnd = performance.now() + budgetMs / 4;
  while (performance.now() < warmEnd) sink = fn();
  let calls = 0;
  const start = performance.now();
  let now = start;
  while (now - start < budgetMs) {
    sink = fn();
    calls++;
    if ((calls & 15) === 0 || opsPerCall > 1000) now = performance.now();
  }
  const elapsed = performance.now() - start;
  keep(sink);
  return { opsPerSecond: (calls * opsPerCall * 1000) / elapsed, meanMs: elapsed / calls, calls };
}

/** Times one call of `fn` (for long operations), best of `repeats`. */
export function timeOnce<T>(fn: () => T, repeats = 3): { ms: number; result: T } {
  let best = Infinity;
  let result!: T;
  for (let i = 0; i < repeats; i++) {
    const t = performance.now();
    result = fn();
    best = Math.min(best, performance.now() - t);
  }
  return { ms: best, result };
}

let blackhole: unknown;
function keep(v: unknown): void {
  blackhole = v;
}
export function consume(): unknown {
  return blackhole;
}

export function environment() {
  // The load average at the end of the run: the bench machines are shared, so times are read against it.
  return { node: process.version, cpu: cpus()[0]?.model ?? 'unknown', cores: cpus().length, loadAverage: loadavg().map((l) => Math.round(l * 100) / 100), date: new Date().toISOString() };
}

export function writeResult(name: string, data: unknown): string {
  const dir = fileURLToPath(new URL('./results/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  const file = `${dir}${name}.json`;
  writeFileSync(file, `${JSON.stringify({ environment: environment(), ...(data as object) }, null, 2)}\n`);
  return file;
}

export { seededRandom as rng } from '../core/util/random.js';
