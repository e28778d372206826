/**
 * What a CLI command may touch: output streams and files. Commands take an `Io` so tests
 * run them in-process and read what they printed; the real binary passes process streams.
 */
import { readFileSync, writeFileSync, renameSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export interface Io {
  out(text: string): void;
  err(text: string): void;
  readText(path: string): string;
  /** Writes atomically (temp file + rename) so a failed write never leaves half a file. */
  writeText(path: string, text: string): void;
  /** Binary files (pictures, PDF), atomically like writeText. */
  writeBytes(path: string, bytes: Uint8Array): void;
}

function writeAtomic(path: string, data: string | Uint8Array): void {
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  writeFileSync(tmp, data);
  renameSync(tmp, path);
}

export const processIo: Io = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  readText: (path) => readFileSync(path, 'utf8'),
  writeText: (path, text) => writeAtomic(path, text),
  writeBytes: (path, bytes) => writeAtomic(path, bytes),
};

/** A usage mistake: exits 2 with the one-line message. */
export class UsageError extends Error {
  override name = 'UsageError';
}
