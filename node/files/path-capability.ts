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
import { isAbsolute, relative, resolve, sep } from 'node:path';

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
