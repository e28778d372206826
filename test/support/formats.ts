/**
 * Test helpers shared by the format tests: where the real files of other projects live
 * (../shared/external-data, see its README; absent in a fresh clone, so tests skip with a
 * note), and zlib/gzip through node:zlib standing in for the injected Inflate/Deflate.
 * Test-only (Node): lives under test/ so core/ stays free of Node.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { deflateSync, gunzipSync, gzipSync, inflateSync } from 'node:zlib';
import type { Deflate, Inflate } from '../../core/formats/compression.js';

/**
 * The one place a test learns where the external data is: every test asks `externalPath` and
 * skips when it answers null (test/support/formats.test.ts finds any test that reaches
 * ../shared or external-data another way). `SANDTABLE_EXTERNAL_DATA` moves it (or, set to a
 * folder that does not exist, shows what a fresh clone runs).
 */
const EXTERNAL_DATA = process.env.SANDTABLE_EXTERNAL_DATA ?? fileURLToPath(new URL('../../../shared/external-data', import.meta.url));

/** The path of an external data file or folder, or null (after printing why) when it is absent. */
export function externalPath(relative: string): string | null {
  return externalPathIn(EXTERNAL_DATA, relative);
}

/** `externalPath` under a given root (tested with folders of its own). */
export function externalPathIn(root: string, relative: string): string | null {
  const p = join(root, relative);
  if (existsSync(p)) return p;
  console.warn(`[skip] ${p} is absent (shared/external-data is not next to this checkout, or SANDTABLE_EXTERNAL_DATA names no such folder); tests that need it are skipped`);
  return null;
}

/**
 * A path as the README writes it from the checkout's root: `../shared/external-data/…` through
 * `externalPath` (null when absent), any other path as it is.
 */
export function externalPathAsWritten(path: string): string | null {
  const prefix = '../shared/external-data/';
  return path.startsWith(prefix) ? externalPath(path.slice(prefix.length)) : path;
}

/** Where an external file would be, for a skip message (read it through `externalPath`). */
export function externalLocation(relative: string): string {
  return join(EXTERNAL_DATA, relative);
}

export function readExternal(path: string): string {
  return readFileSync(path, 'utf8');
}

export const testInflate: Inflate = (bytes, format, max) => {
  const out = (format === 'gzip' ? gunzipSync : inflateSync)(bytes, { maxOutputLength: Math.max(1, max) });
  return new Uint8Array(out.buffer, out.byteOffset, out.length);
};

export const testDeflate: Deflate = (bytes, format) => {
  const out = (format === 'gzip' ? gzipSync : deflateSync)(bytes);
  return new Uint8Array(out.buffer, out.byteOffset, out.length);
};

/** Runs `fn` and returns the InputError-style message it throws (fails the test if it does not throw). */
export function errorOf(fn: () => unknown): Error {
  try {
    fn();
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected an error, but the call succeeded');
}

/**
 * Where the larger set of real files lives (test/real-files/README.md: Rails' game folders,
 * Tiled's examples, Wesnoth's maps, 18xx.games' tile definitions), fetched by
 * `scripts/fetch-real-files.sh`; absent on a fresh clone, so the tests that use it skip.
 */
export const REAL_FILES = process.env.SANDTABLE_REAL_FILES ?? fileURLToPath(new URL('../../../real-files', import.meta.url));

/** A folder of real files, or null (after printing how to get them) when it is absent. */
export function realFilesPath(relative: string): string | null {
  const p = join(REAL_FILES, relative);
  if (existsSync(p)) return p;
  console.warn(`[skip] ${p} is absent: run scripts/fetch-real-files.sh (or set SANDTABLE_REAL_FILES) to test against other projects' real files (test/real-files/README.md)`);
  return null;
}
