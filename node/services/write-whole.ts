/**
 * Files the services write for the user (exports, tile packs) are written whole or not at
 * all: into a temporary file beside the destination, then renamed over it, so a failure
 * never leaves half a file under the real name.
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import type { PathCheck, PathResolver } from './collaborators.js';
import type { FilePurpose } from './file-capabilities.js';

/** The temporary name beside `dest` that a whole write (or a library built in place) goes through first. */
export function tempBeside(dest: string): string {
  return join(dirname(dest), `.${basename(dest)}.${process.pid}.tmp`);
}

/** Writes `data` to `dest` through a temporary file and a rename. */
export function writeWhole(dest: string, data: string | Uint8Array): void {
  const tmp = tempBeside(dest);
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, dest);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

/**
 * Where a file the user named is written: the path resolved against the project, ending in the
 * format's extension (`run.desktop` becomes `run.desktop.png`), and checked as one the user chose
 * or inside an allowed folder, for `purpose` (the refusal's words).
 */
export function outputPath({ session, files }: { session: PathResolver; files: PathCheck }, path: string, extension: string, purpose: FilePurpose): string {
  const wanted = extname(path).toLowerCase() === `.${extension}` ? path : `${path}.${extension}`;
  return files.check(session.resolvePath(wanted), purpose);
}
