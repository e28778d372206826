/**
 * The fuzz suite's worker (importers.fuzz.test.ts): runs one importer over its seeded,
 * mutated inputs inside a worker thread started with a V8 heap cap, and reports per input
 * what happened (ok, or the error's name and message) and how long it took. Store-backed
 * importers also report whether the file's content hash moved on a failed import. Test-only.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IMPORTERS, mutatedInputs } from './importers.js';
import { openLibrary } from '../../node/store/library.js';

interface Job {
  importer: string;
  seed: number;
  count: number;
}

export interface Outcome {
  ok: boolean;
  name?: string;
  message?: string;
  ms: number;
  /** For store importers: the library's content hash changed although the import failed. */
  partialWrite?: boolean;
}

const { importer, seed, count } = workerData as Job;
const spec = IMPORTERS[importer];
if (!spec) throw new Error(`no importer ${importer}`);
const dir = mkdtempSync(join(tmpdir(), 'sandtable-fuzz-'));
const lib = spec.store ? openLibrary(join(dir, 'fuzz.sandtable-library')) : null;
const outcomes: Outcome[] = [];
try {
  for (const input of mutatedInputs(spec, seed, count)) {
    const before = lib?.contentHash();
    const t = performance.now();
    let outcome: Outcome;
    try {
      if (lib) spec.store!(lib, input, dir);
      else spec.parse(input, dir, (name, text) => writeFileSync(join(dir, name), text));
      outcome = { ok: true, ms: 0 };
    } catch (e) {
      const err = e as Error;
      outcome = { ok: false, name: err?.name ?? typeof e, message: String(err?.message ?? e), ms: 0 };
      if (lib) outcome.partialWrite = lib.contentHash() !== before;
    }
    outcome.ms = performance.now() - t;
    outcomes.push(outcome);
  }
} finally {
  lib?.close();
  rmSync(dir, { recursive: true, force: true });
}
parentPort!.postMessage(outcomes);
