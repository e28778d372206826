/**
 * The one open project of an app session and its life cycle (SPEC §10 autosave and crash
 * recovery, §11 recent files):
 * - A project is a SQLite file (node/store); every edit is committed as it
 *   happens, so a titled project is never "unsaved".
 * - A new project has no name yet: it lives in `userData/recovery/untitled-<pid>-<time>.sandtable`.
 *   If the session dies, the file stays there and the next session offers it
 *   (`recoverable()`); the pid in the name tells a live session's file from an orphan.
 * - Saving copies the open file to its destination with SQLite's online backup API, into a
 *   temporary file renamed over the destination, so a failed save leaves both files whole.
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, extname, isAbsolute, join, resolve } from 'node:path';
import { openProject, type Project } from '../store/index.js';
import type { ProjectAccess } from '../store/writer-lock.js';
import { clearWriter, holderAlive, ProjectLockedError, readWriter } from '../store/writer-lock.js';
import type { MapSummary as StoredMapSummary } from '../store/index.js';
import type { RecoveryEntry } from '../../contract/contract.js';
import type { RecentFiles } from './recent-files.js';
import { bounded } from '../../core/util/bounded.js';

export const PROJECT_EXTENSION = '.sandtable';
const RECOVERY_NAME = /^untitled-(\d+)-(\d+)\.sandtable$/;

export interface SessionOptions {
  userDataDir: string;
  /** Where relative paths given by the renderer resolve (created on first save there). */
  defaultProjectDir: string;
  recent: RecentFiles;
  /** Clock for the store's timestamps (tests pass a fixed one). */
  now?: () => string;
}

export interface SessionInfo {
  path: string | null;
  dirty: boolean;
  maps: StoredMapSummary[];
  /** Opened read-only, or taken over by another window (writer-lock.ts). */
  readOnly: boolean;
}

export class ProjectSession {
  readonly recoveryDir: string;
  private project: Project | null = null;
  /** The file the designer chose; null while the project is untitled (in the recovery folder). */
  private titled: string | null = null;
  /**
   * Bumped whenever a different project is opened (or it is closed) — not by Save As, which
   * keeps the project — so work started on one project (a job) can tell that it must not
   * write into another.
   */
  private gen = 0;

  constructor(private readonly options: SessionOptions) {
    this.recoveryDir = join(options.userDataDir, 'recovery');
  }

  get generation(): number {
    return this.gen;
  }

  /** The open project's file when it has one (null while untitled or closed). */
  get titledPath(): string | null {
    return this.project ? this.titled : null;
  }

  get isOpen(): boolean {
    return this.project !== null;
  }

  /** The open project; throws a message the designer can act on when there is none. */
  current(): Project {
    if (!this.project) throw new Error('no project is open; create one (project.new) or open one (project.open)');
    return this.project;
  }

  /** The open project, starting a new untitled one when none is open. */
  ensure(): Project {
    if (!this.project) this.newProject();
    return this.project!;
  }

  info(): SessionInfo {
    if (!this.project) return { path: null, dirty: false, maps: [], readOnly: false };
    const maps = this.project.maps.list({ limit: 10_000 });
    // Titled projects are written as they change; only an untitled one with content can be lost.
    return { path: this.titled, dirty: this.titled === null && maps.length > 0, maps, readOnly: this.project.readOnly };
  }

  newProject(): void {
    this.close();
    mkdirSync(this.recoveryDir, { recursive: true });
    const path = join(this.recoveryDir, `untitled-${process.pid}-${Date.now()}${PROJECT_EXTENSION}`);
    this.attach(openProject(path, { ...this.storeOptions(), access: 'exclusive' }), null);
  }

  /**
   * Opens a project file; a file from the recovery folder is reopened as the untitled
   * project it was. `access` (writer-lock.ts): `exclusive` is refused with
   * ProjectLockedError while another live window edits the file; `read-only` and
   * `take-over` are the designer's two answers to that.
   */
  open(pathArg: string, access: ProjectAccess = 'exclusive'): void {
    const path = this.resolvePath(pathArg);
    if (this.project && path === this.project.path && (this.project.lock.access === access || (access === 'exclusive' && this.project.lock.holds()))) return;
    if (!existsSync(path)) throw new Error(`${path}: no such project file`);
    if (statSync(path).isDirectory()) throw new Error(`${path}: expected a Sandtable project file, got a folder`);
    // Opening must never turn a file into a project: the store initialises empty files, so
    // anything that is not already an SQLite database is refused here, unread beyond its header.
    checkProjectHeader(path);
    const recovered = this.isRecoveryFile(path);
    let target = path;
    if (recovered) {
      // Claim the orphan: rename it (with its WAL) to this session's pid before opening.
      target = join(this.recoveryDir, `untitled-${process.pid}-${Date.now()}${PROJECT_EXTENSION}`);
      moveDatabase(path, target);
      forgetWriter(target);
    }
    let project: Project;
    try {
      // The same file open here already (switching to read-only or taking over): let it go first.
      if (this.project && path === this.project.path) this.close();
      project = openProject(target, { ...this.storeOptions(), access: recovered ? 'exclusive' : access });
    } catch (e) {
      if (recovered) moveDatabase(target, path);
      throw e;
    }
    this.close();
    this.attach(project, recovered ? null : target);
    if (!recovered) this.options.recent.add(target);
  }

  /**
   * Saves the project to `pathArg` (Save As), or just flushes it when no path is given and
   * it already has one. Afterwards the project open is the one at the destination.
   */
  async save(pathArg?: string): Promise<void> {
    const project = this.current();
    if (pathArg === undefined) {
      if (this.titled === null) throw new Error('this project has not been saved yet; give a path to save it to (Save As…)');
      checkpoint(project);
      return;
    }
    const dest = this.projectDestination(pathArg);
    if (dest === project.path) {
      checkpoint(project);
      return;
    }
    if (this.isRecoveryFile(dest)) throw new Error(`${dest}: the recovery folder is not a place to save projects; choose another folder`);
    if (!existsSync(dirname(dest))) throw new Error(`${dirname(dest)}: no such folder`);
    if (existsSync(dest)) checkOverwritable(dest);
    const gen = this.gen;
    const tmp = join(dirname(dest), `.${basename(dest)}.saving-${process.pid}`);
    try {
      await project.db.backup(tmp);
      // The copy carries this connection's writer row; the reopened file claims its own.
      forgetWriter(tmp);
    } catch (e) {
      removeDatabase(tmp);
      throw new Error(`could not save to ${dest}: ${(e as Error).message}`);
    }
    if (gen !== this.gen || this.project !== project) {
      removeDatabase(tmp);
      throw new Error('the project was closed while it was being saved; nothing was written');
    }
    const wasUntitled = this.titled === null;
    const oldPath = project.path;
    // Stale WAL files beside the destination would be replayed into the new file: remove them.
    removeDatabase(dest);
    renameSync(tmp, dest);
    removeSidecars(tmp);
    let next: Project;
    try {
      next = openProject(dest, { ...this.storeOptions(), access: 'exclusive' });
    } catch (e) {
      throw new Error(`saved ${dest}, but could not reopen it: ${(e as Error).message}`);
    }
    project.close();
    this.project = null;
    if (wasUntitled) removeDatabase(oldPath);
    // The same project under a new name: work in flight (a job) may still write into it.
    this.attach(next, dest, false);
    this.options.recent.add(dest);
  }

  /** Closes an untitled project and deletes its recovery file (the designer chose "Don't save"). */
  discardUntitled(): void {
    if (!this.project || this.titled !== null) return;
    const path = this.project.path;
    this.close();
    removeDatabase(path);
  }

  /**
   * Closes the project. An untitled project with maps stays in the recovery folder (the next
   * session offers it); an empty one is deleted.
   */
  close(): void {
    const project = this.project;
    if (!project) return;
    const untitledEmpty = this.titled === null && project.maps.list({ limit: 1 }).length === 0;
    checkpoint(project);
    project.close();
    this.project = null;
    this.titled = null;
    this.gen++;
    if (untitledEmpty) removeDatabase(project.path);
  }

  /** Untitled projects that no live session owns and that hold at least one map. */
  recoverable(): RecoveryEntry[] {
    if (!existsSync(this.recoveryDir)) return [];
    const out: RecoveryEntry[] = [];
    for (const name of readdirSync(this.recoveryDir)) {
      const m = RECOVERY_NAME.exec(name);
      if (!m) continue;
      const path = join(this.recoveryDir, name);
      if (this.project?.path === path) continue;
      const pid = Number(m[1]);
      if (pid !== process.pid && processAlive(pid)) continue;
      let entry: RecoveryEntry | null = null;
      try {
        const p = openProject(path, this.storeOptions());
        try {
          const maps = p.maps.list({ limit: 10_000 });
          if (maps.length) entry = { path, mapCount: maps.length, mapNames: maps.map((s) => s.name), modifiedAt: statSync(path).mtime.toISOString() };
        } finally {
          p.close();
        }
      } catch {
        // Not a readable project (cut short before its first commit): nothing to recover.
      }
      if (entry) out.push(entry);
      else removeDatabase(path);
    }
    return out.sort((a, b) => b.modifiedAt.localeCompare(a.modifiedAt));
  }

  discardRecovery(pathArg: string): RecoveryEntry[] {
    const path = resolve(pathArg);
    if (!this.isRecoveryFile(path)) throw new Error(`${path}: not a file in the recovery folder ${this.recoveryDir}`);
    if (this.project?.path === path) throw new Error(`${path}: this is the open project; close it first`);
    removeDatabase(path);
    return this.recoverable();
  }

  /**
   * Where Save As writes: absolute, `.sandtable` added when there is no extension. Any other
   * extension is refused, so a save can never make a `.desktop`, `.bashrc` or `.plist` file.
   */
  projectDestination(pathArg: string): string {
    let dest = this.resolvePath(pathArg, true);
    if (extname(dest) === '') dest += PROJECT_EXTENSION;
    if (extname(dest).toLowerCase() !== PROJECT_EXTENSION) {
      throw new Error(`${bounded(dest, 200)}: a project is saved as a ${PROJECT_EXTENSION} file; choose a name ending in ${PROJECT_EXTENSION}`);
    }
    return dest;
  }

  /** Absolute path: relative ones resolve against the default project folder. */
  resolvePath(path: string, forWriting = false): string {
    if (isAbsolute(path)) return resolve(path);
    const dir = this.options.defaultProjectDir;
    if (forWriting) mkdirSync(dir, { recursive: true });
    return resolve(dir, path);
  }

  private isRecoveryFile(path: string): boolean {
    return dirname(path) === resolve(this.recoveryDir) && RECOVERY_NAME.test(basename(path));
  }

  private attach(project: Project, titled: string | null, newProject = true): void {
    this.project = project;
    this.titled = titled;
    if (newProject) this.gen++;
  }

  private storeOptions(): { now?: () => string } {
    return this.options.now ? { now: this.options.now } : {};
  }
}

const SQLITE_HEADER = 'SQLite format 3\u0000';

/** Refuses an empty file or one that is not SQLite, without quoting a byte of it. */
function checkProjectHeader(path: string): void {
  const size = statSync(path).size;
  if (size === 0) throw new Error(`${bounded(path, 200)}: the file is empty, not a Sandtable project; nothing was changed`);
  const fd = openSync(path, 'r');
  const head = Buffer.alloc(16);
  try {
    readSync(fd, head, 0, 16, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString('latin1') !== SQLITE_HEADER) throw new Error(`${bounded(path, 200)}: not a Sandtable project (it is not an SQLite file); nothing was changed`);
}

/** Folds the WAL into the main file, so the .sandtable file alone is the whole project. */
function checkpoint(project: Project): void {
  if (project.db.open) project.db.pragma('wal_checkpoint(TRUNCATE)');
}

/** Refuses to replace a file that is not a Sandtable project (a mistyped path must not eat a document). */
function checkOverwritable(path: string): void {
  if (statSync(path).isDirectory()) throw new Error(`${path}: is a folder`);
  let p: Project;
  try {
    p = openProject(path);
  } catch (e) {
    throw new Error(`${path} exists and is not a Sandtable project, so it is not replaced (${(e as Error).message})`);
  }
  try {
    // Saving over a project another window is editing would pull the file from under it.
    const holder = readWriter(p.db);
    if (holder !== null && holderAlive(holder)) throw new ProjectLockedError(path, holder);
  } finally {
    p.close();
  }
}

/** Clears the writer lock row of a file nobody holds (a fresh copy, a claimed recovery file). */
function forgetWriter(path: string): void {
  const p = openProject(path);
  try {
    clearWriter(p.db);
  } finally {
    p.close();
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function removeSidecars(path: string): void {
  for (const suffix of ['-wal', '-shm', '-journal']) rmSync(path + suffix, { force: true });
}

function removeDatabase(path: string): void {
  rmSync(path, { force: true });
  removeSidecars(path);
}

function moveDatabase(from: string, to: string): void {
  renameSync(from, to);
  for (const suffix of ['-wal', '-shm']) if (existsSync(from + suffix)) renameSync(from + suffix, to + suffix);
}
