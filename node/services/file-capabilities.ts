/**
 * File capabilities: which paths the services accept from their callers. The renderer (or
 * a browser-mode page) is not trusted with the file system — a compromised renderer, or a
 * page holding the browser-mode token, must not read `/etc/passwd`, write a project into
 * `~/.config/autostart/`, or follow a symlink out of the projects folder. A path is
 * accepted only when
 *
 * - the user chose it: a native dialog's answer, drag and drop, the command line, the
 *   recent-projects list (the main process `grant`s those, `recent` is read live); or
 * - it lies inside an allowed root: the default projects folder and the roots configured
 *   for this session (browser mode: `--allow-root`, default the projects folder), each
 *   with the folders below it; or directly inside the open project's own folder (not the
 *   folders below it: a project in the home folder must not open the whole home folder).
 *
 * Paths are compared by their real path (symlinks resolved), so a link inside a root that
 * points out of it is refused (node/files/path-capability.ts, the rule every door shares). Refusals name the path and where paths are accepted, and
 * never anything read from the file.
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import { lstatSync, realpathSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { bounded } from '../../core/util/bounded.js';
import { realIsInside as within } from '../files/path-capability.js';

/** What a path is wanted for; reads and writes have the same rules, the message says which. */
export type FilePurpose = 'open a project from' | 'save a project to' | 'import a map from' | 'export a map to' | 'open a library from' | 'import tiles from' | 'export tiles to' | 'open a game from' | 'save a game to';

export interface FileCapabilityOptions {
  /** Folders (with everything below them) where any path is accepted. */
  roots: readonly string[];
  /** Paths the user chose earlier that stay valid (the recent-projects list), read at each check. */
  chosen?: () => readonly string[];
  /** The open project's file, if it has one: files directly beside it are accepted. */
  projectFile?: () => string | null;
  /** Folders whose direct files may be opened (the recovery folder: the app wrote them). */
  readOnlyFolders?: readonly string[];
}

export class FileAccessError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FileAccessError';
  }
}

export class FileCapabilities {
  private readonly granted = new Set<string>();

  constructor(private readonly options: FileCapabilityOptions) {}

  /** The roots, as given (for messages and `app.info`). */
  get roots(): readonly string[] {
    return this.options.roots;
  }

  /**
   * Records a path the user chose outside the renderer's reach (native dialog, command
   * line, drag and drop as the shell reports it): it is accepted from now on.
   */
  grant(path: string): void {
    this.granted.add(resolve(path));
  }

  /** Returns the absolute path when it may be used for `purpose`; otherwise throws FileAccessError. */
  check(path: string, purpose: FilePurpose): string {
    const abs = resolve(path);
    if (this.granted.has(abs)) return abs;
    if (purpose === 'open a project from' && (this.options.chosen?.() ?? []).some((p) => resolve(p) === abs)) return abs;
    const real = realOrIntended(abs);
    if (real !== null) {
      if (this.options.roots.some((root) => within(real, root, true))) return abs;
      const project = this.options.projectFile?.() ?? null;
      if (project !== null && within(real, dirname(project), false)) return abs;
      if (purpose === 'open a project from' && (this.options.readOnlyFolders ?? []).some((f) => within(real, f, false))) return abs;
    }
    throw new FileAccessError(
      `${bounded(abs, 200)}: Sandtable may not ${purpose} this path: it accepts paths you chose (Open or Save dialog, drag and drop, the command line, recent projects) and paths inside ${this.describeRoots()}`,
    );
  }

  private describeRoots(): string {
    const roots = this.options.roots.map((r) => bounded(r, 120));
    return `${roots.length ? roots.join(', ') : 'no folder'}${this.options.projectFile ? ' or beside the open project' : ''}`;
  }
}

/**
 * The real path of `abs`; for a path that does not exist yet (a save), the real path of
 * its nearest existing folder joined with the rest. Null when nothing can be resolved.
 */
function realOrIntended(abs: string): string | null {
  try {
    return realpathSync(abs);
  } catch {
    // Not there yet (or a dangling link: then it is there, and refused below by its target).
  }
  if (entryExists(abs)) return null; // there, but unresolvable (a dangling link, whose target could be anywhere): refuse
  const parent = dirname(abs);
  if (parent === abs) return null;
  const realParent = realOrIntended(parent);
  return realParent === null ? null : join(realParent, basename(abs));
}

function entryExists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}
