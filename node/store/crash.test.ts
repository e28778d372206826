/**
 * Kill -9 in the middle of an import (SPEC §10 "a crash or kill in the middle of a write
 * leaves the file consistent"): a child process imports a large batch in one transaction
 * and is SIGKILLed at seeded random moments — before, during, and around the commit. Each
 * time the file must pass `PRAGMA integrity_check` and hold exactly the content from before
 * the import or exactly the content after it, never a part.
 */
import { spawn } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { randomInt, seededRandom } from '../../core/util/random.js';
import { minimalCatalogueJson } from '../../core/terrain/catalogue.testkit.js';
import { openLibrary } from './library.js';
import { FIXED_NOW, cleanupTempDirs, sampleRasterTiles, tempDir } from './store.testkit.js';

afterAll(cleanupTempDirs);

/** The repository root, where `--import tsx` resolves from node_modules. */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CHILD = fileURLToPath(new URL('./crash-child.ts', import.meta.url));
const RUNS = 30;
const BATCH = 8000;
const SEED = 424242;

interface ChildRun {
  /** Milliseconds from "ready" to exit, or to the kill. */
  ms: number;
  finished: boolean;
}

/** Runs the child on `path`; kills it `killAfterMs` after it says "ready" (never, if null). */
function runChild(path: string, killAfterMs: number | null): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, path, String(SEED), String(BATCH)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let readyAt = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (!readyAt && out.includes('ready\n')) {
        readyAt = performance.now();
        if (killAfterMs !== null) setTimeout(() => child.kill('SIGKILL'), killAfterMs);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal === null && code !== 0) reject(new Error(`crash child failed (${code}): ${err}`));
      else resolve({ ms: performance.now() - readyAt, finished: out.includes('done\n') });
    });
  });
}

describe('a process killed in the middle of an import', () => {
  it(`leaves the library whole and either all before or all after the import (${RUNS} seeded kills)`, async () => {
    const dir = tempDir();
    const base = join(dir, 'base.sandtable');
    const seedLib = openLibrary(base, { now: FIXED_NOW });
    seedLib.catalogues.put('minimal', minimalCatalogueJson());
    seedLib.raster.import(sampleRasterTiles(300, 1, { idPrefix: 'old' }));
    seedLib.close();

    const copy = (name: string) => {
      const path = join(dir, name);
      copyFileSync(base, path);
      return path;
    };
    const hashOf = (path: string) => {
      const lib = openLibrary(path, { now: FIXED_NOW });
      try {
        expect(lib.integrityCheck(), path).toEqual(['ok']);
        return lib.contentHash();
      } finally {
        lib.close();
      }
    };
    const before = hashOf(copy('before.sandtable'));
    // The same import, undisturbed, in a child: the "after" state and how long it takes
    // (the median of three, so one slow start on a busy machine does not skew the kills).
    const durations: number[] = [];
    let after = '';
    for (let k = 0; k < 3; k++) {
      const calibration = copy(`after-${k}.sandtable`);
      const clean = await runChild(calibration, null);
      expect(clean.finished).toBe(true);
      durations.push(clean.ms);
      const hash = hashOf(calibration);
      if (k > 0) expect(hash).toBe(after);
      after = hash;
    }
    expect(after).not.toBe(before);
    const typical = durations.sort((x, y) => x - y)[1]!;

    const random = seededRandom(SEED);
    const outcomes = { before: 0, after: 0 };
    for (let run = 0; run < RUNS; run++) {
      const path = copy(`run-${run}.sandtable`);
      // Kill anywhere from the start of the import to well past its usual end: both
      // outcomes stay likely even when this run is much faster or slower than usual.
      const killAt = randomInt(random, Math.ceil(typical * 2) + 1);
      await runChild(path, killAt);
      const hash = hashOf(path);
      expect([before, after], `run ${run}, killed ${killAt} ms in`).toContain(hash);
      outcomes[hash === before ? 'before' : 'after']++;
    }
    // Both outcomes happened, so the kills really landed inside the import and after it.
    expect(outcomes.before).toBeGreaterThan(0);
    expect(outcomes.after).toBeGreaterThan(0);
  }, 240_000); // 30 child processes, each starting tsx: minutes on a loaded 2-core machine
});
