/**
 * Seeded, bounded fuzzing of every importer (Trust boundaries): each importer gets its
 * share of mutated inputs (≥ 1 000 in all per run) inside a worker thread with a V8 heap
 * cap, and every input must end in a result or a refusal — no crash (TypeError, RangeError…),
 * no hang (each input under a time bound), no partial write (store importers keep the
 * library's content hash on failure), and every error one bounded line.
 *
 * The seed is fixed so a failure reproduces; SANDTABLE_FUZZ_SEED=N runs another sample.
 */
import { describe, expect, it } from 'vitest';
import { Worker } from 'node:worker_threads';
import { IMPORTERS } from './importers.js';
import type { Outcome } from './fuzz-worker.js';
import { MAX_MESSAGE_CHARS } from '../../core/util/bounded.js';

const SEED = Number(process.env.SANDTABLE_FUZZ_SEED ?? 20240607);
const PER_IMPORTER = 90;
const HEAP_MIB = 256;
/** A hang guard, not a speed test: an input that takes this long is a runaway (a hang or a quadratic blow-up); speed is the bench's. */
const MAX_INPUT_MS = 20_000;
/** Errors that are bugs, not refusals. */
const CRASHES = new Set(['TypeError', 'RangeError', 'ReferenceError', 'SyntaxError', 'EvalError', 'URIError', 'AggregateError']);

function runImporter(importer: string, seed: number): Promise<Outcome[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./fuzz-worker-boot.mjs', import.meta.url), {
      workerData: { importer, seed, count: PER_IMPORTER },
      resourceLimits: { maxOldGenerationSizeMb: HEAP_MIB },
    });
    worker.once('message', (m: Outcome[]) => resolve(m));
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`the fuzz worker for ${importer} exited with code ${code}`))));
  });
}

describe(`fuzzing every importer (seed ${SEED}, ${PER_IMPORTER} inputs each, heap ≤ ${HEAP_MIB} MiB)`, () => {
  const names = Object.keys(IMPORTERS);

  it('runs at least 1 000 inputs in all', () => {
    expect(names.length * PER_IMPORTER).toBeGreaterThanOrEqual(1000);
  });

  it.each(names.map((n, k) => [n, k] as const))('%s: no crash, no hang, no partial write, one bounded line', async (name, k) => {
    const outcomes = await runImporter(name, SEED + k);
    expect(outcomes).toHaveLength(PER_IMPORTER);
    outcomes.forEach((o, i) => {
      const what = `${name} input ${i} (seed ${SEED + k}): ${o.name}: ${o.message?.slice(0, 300)}`;
      expect(o.ms, what).toBeLessThan(MAX_INPUT_MS);
      if (o.ok) return;
      expect(CRASHES.has(o.name ?? ''), what).toBe(false);
      expect(o.message, what).not.toMatch(/[\r\n]/);
      expect(o.message!.length, what).toBeLessThanOrEqual(MAX_MESSAGE_CHARS + 60);
      expect(o.partialWrite ?? false, what).toBe(false);
    });
    // The mutations must reach the parsers' refusals, not only their happy path.
    expect(outcomes.filter((o) => !o.ok).length).toBeGreaterThan(PER_IMPORTER / 10);
  }, 60_000);
});
