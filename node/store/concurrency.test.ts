/**
 * Two processes using one library at once (SPEC §10, §11: the CLI next to the app): both
 * write and read in tight loops. Afterwards the file is sound and every write of each
 * process is there — none lost to the other's transactions, none failed on a busy lock.
 */
import type { ChildProcessByStdio } from 'node:child_process';
import { spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openLibrary } from './library.js';
import { FIXED_NOW, cleanupTempDirs, plainTrackTile, sampleRasterTiles, tempFile } from './store.testkit.js';

afterAll(cleanupTempDirs);

/** The repository root, where `--import tsx` resolves from node_modules. */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CHILD = fileURLToPath(new URL('./concurrency-child.ts', import.meta.url));
const ROUNDS = 250;

interface WriterReport {
  name: string;
  rounds: number;
  /** Highest raster tile count the writer read. */
  seen: number;
  fits: number;
  /** Wall-clock milliseconds when its loop started and ended. */
  started: number;
  finished: number;
}

interface Writer {
  readonly process: ChildProcessByStdio<Writable, Readable, Readable>;
  readonly loaded: Promise<void>;
  readonly result: Promise<WriterReport>;
}

/** Starts a writer; it loads, says "loaded", and waits for a line on stdin before writing. */
function startWriter(path: string, name: string): Writer {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, path, name, String(ROUNDS)], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  let markLoaded: () => void = () => {};
  const loaded = new Promise<void>((resolve) => (markLoaded = resolve));
  child.stdout.on('data', (c: Buffer) => {
    out += c.toString();
    if (out.startsWith('loaded\n')) markLoaded();
  });
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const result = new Promise<WriterReport>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      markLoaded();
      if (code === 0) resolve(JSON.parse(out.slice('loaded\n'.length)));
      else reject(new Error(`writer ${name} failed (${code}): ${err || out}`));
    });
  });
  return { process: child, loaded, result };
}

describe('two processes on one library', () => {
  it('lose no write and corrupt nothing', async () => {
    const path = tempFile();
    // Started one after the other (so they do not compile the sources at once), released
    // together onto a brand-new file: they also race to create and migrate it.
    const writerA = startWriter(path, 'a');
    await writerA.loaded;
    const writerB = startWriter(path, 'b');
    await writerB.loaded;
    for (const w of [writerA, writerB]) w.process.stdin.write('go\n');
    const [a, b] = await Promise.all([writerA.result, writerB.result]);
    expect([a.rounds, b.rounds]).toEqual([ROUNDS, ROUNDS]);
    const lib = openLibrary(path, { now: FIXED_NOW });
    try {
      expect(lib.integrityCheck()).toEqual(['ok']);
      expect(lib.raster.stats().count).toBe(2 * ROUNDS);
      expect(lib.track.stats().tiles).toBe(2 * ROUNDS);
      for (const name of ['a', 'b']) {
        const expected = sampleRasterTiles(ROUNDS, name === 'a' ? 1 : 2, { idPrefix: name });
        for (let k = 0; k < ROUNDS; k++) {
          expect(lib.raster.get(expected[k]!.id)?.edges, `${name} raster ${k}`).toEqual(expected[k]!.edges);
          expect(lib.track.get(`${name}-${k}`), `${name} track ${k}`).toEqual({ ...plainTrackTile(`${name}-${k}`), name: `${name} ${k}` });
        }
      }
      // The two loops ran at the same time (so they contended for the write lock), and the
      // writer that finished last saw every tile of both.
      expect(a.started).toBeLessThan(b.finished);
      expect(b.started).toBeLessThan(a.finished);
      expect(Math.max(a.seen, b.seen)).toBe(2 * ROUNDS);
    } finally {
      lib.close();
    }
  });
});
