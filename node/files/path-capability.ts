/**
 * "A path inside a root": the one rule every door that serves or accepts files applies — the
 * Electron app's `app://` scheme (electron/main/app-protocol.ts), browser mode's file server
 * (electron/browser/server.ts), the services' file capabilities (node/services/file-capabilities.ts)
 * and the tileset and image references of an imported map, the CLI's project folder
 * (node/formats/files.ts).
 *
 * The rules, the same everywhere:
 * - `..` may not climb out: the path relative to the root must not be `..`, start with `../`
 *   or be absolute (another drive); a name that merely starts with `..` (`..notes`) is inside.
 * - The root itself is not inside it: a door hands out files, never its own folder.
 * - Symlinks are followed before the check (`realPathInside`): a link inside the root that
 *   points out of it is refused, also by browser mode (which once followed it) — the
 *   Electron door's rule won. The root is resolved through symlinks too; a root that does
 *   not exist yet (a projects folder not made yet) is taken as written.
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import { realpathSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { bounded } from '../../core/util/bounded.js';

/**
 * Lexical check: `path` lies below `root` (both absolute and already resolved as the caller
 * wants them compared), anywhere below or (`deep` false) directly in it.
 */
export function isInside(path: string, root: string, deep = true): boolean {
  const rel = relative(root, path);
  if (rel === '' || isAbsolute(rel) || rel === '..' || rel.startsWith(`..${sep}`)) return false;
  return deep || !rel.includes(sep);
}

/** The root's real path (symlinks resolved); the resolved path when it does not exist (yet). */
export function realRoot(root: string): string {
  try {
    return realpathSync(root);
  } catch {
    return resolve(root);
  }
}

/** `real` (a real path) lies inside `root`, the root resolved through symlinks. */
export function realIsInside(real: string, root: string, deep = true): boolean {
  return isInside(real, realRoot(root), deep);
}

/** The real path of `path` when it exists and, symlinks resolved, lies inside `root`; null otherwise. */
export function realPathInside(path: string, root: string): string | null {
  let real: string;
  try {
    real = realpathSync(path);
  } catch {
    return null;
  }
  return realIsInside(real, root) ? real : null;
}

/** `realPathInside` without blocking (the Electron main process answers requests with it). */
export async function realPathInsideAsync(path: string, root: string): Promise<string | null> {
  const [real, base] = await Promise.all([realpath(path).catch(() => null), realpath(root).catch(() => resolve(root))]);
  return real !== null && isInside(real, base) ? real : null;
}

/**
 * A file the user chose refers to files in folders outside its own (a Tiled map's tilesets in
 * `../tilesets`), and the door reading it (the app, browser mode) may read there only once the
 * user allows it: the import answers this instead of reading them, naming the folders (real
 * paths), and asks again after `project.grantFolder`. The CLI never meets it: its reads are
 * the user's own and follow only the operating system's rules.
 */
export class FolderGrantNeeded extends Error {
  constructor(readonly folders: readonly string[]) {
    super(`${folderQuestion(folders)} (the import reads files outside the chosen file's folder only once you allow it)`);
    this.name = 'FolderGrantNeeded';
  }
}

/** "This map uses tilesets in /a/tilesets — allow reading that folder?" (the words the app asks with). */
export function folderQuestion(folders: readonly string[]): string {
  const list = folders.map((f) => bounded(f, 200)).join(', ');
  return `This map uses tilesets in ${list} — allow reading ${folders.length === 1 ? 'that folder' : 'those folders'}?`;
}

/**
 * The folders a door may read a chosen file's references from (its own folder tree and the
 * folders granted for the project): `admits` answers whether a reference's real path lies
 * inside them and notes the folder of each that does not, so one read of the file names every
 * folder to ask about at once; `ask` then throws FolderGrantNeeded when there were any.
 */
export class FolderFence {
  private readonly outside = new Set<string>();

  constructor(private readonly roots: readonly string[]) {}

  admits(real: string): boolean {
    if (this.roots.some((root) => realIsInside(real, root))) return true;
    this.outside.add(dirname(real));
    return false;
  }

  /** Throws FolderGrantNeeded naming the folders `admits` refused, if any. */
  ask(): void {
    if (this.outside.size) throw new FolderGrantNeeded([...this.outside].sort());
  }
}
