/**
 * One writer per project file (docs/store.md "Two processes, one project"). Two app
 * windows in two processes on one project used to write past each other: undo in one
 * reverted the other's edit, neither saw the other's edits, and a clash over a new palette
 * entry locked one out of painting. The model chosen is an exclusive writer lock with a
 * clear choice for the second window — open read-only, or take over:
 *
 * - The lock is a row of the project's own `meta` table (`writer`: token, pid, host,
 *   since), claimed and checked inside `BEGIN IMMEDIATE` transactions, so claiming and
 *   every write's check are atomic with respect to the other process — no lock file to
 *   leave behind, nothing outside the file to go stale.
 * - `exclusive`: the open claims the lock, or is refused with `ProjectLockedError` naming
 *   the holder when a live process holds it. A holder that died (same host, pid gone)
 *   holds nothing: its lock is taken silently (the kill and crash tests rely on this).
 * - `read-only`: no claim; every write is refused; reads see the writer's committed edits.
 * - `take-over`: claims the lock whoever holds it. From then on every write transaction of
 *   the old holder finds another token in `writer` and is refused ("taken over"), so no
 *   edit is silently lost — it is refused and reported. The new holder's undo history starts
 *   at the take-over: it never undoes an edit the other process made.
 * - `shared` (the store's default; tools, the CLI, tests): no lock, as before.
 *
 * Must not depend on: Electron, DOM.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { PROJECT_LOCKED_CHOICE } from '../../core/util/project-lock.js';
import type { SqliteDb } from './sqlite.js';
import { setWriteGuard, writeTransaction } from './sqlite.js';

export type ProjectAccess = 'shared' | 'exclusive' | 'read-only' | 'take-over';

export interface WriterInfo {
  readonly token: string;
  readonly pid: number;
  readonly host: string;
  /** ISO time the lock was claimed. */
  readonly since: string;
}

const KEY = 'writer';

/** The project is being edited by another live process; `holder` says which. */
export class ProjectLockedError extends Error {
  constructor(
    readonly path: string,
    readonly holder: WriterInfo,
  ) {
    super(
      `${path}: this project is open for editing in another Sandtable window (process ${holder.pid} on ${holder.host}, since ${holder.since}); ${PROJECT_LOCKED_CHOICE} (the other window can then no longer change it)`,
    );
    this.name = 'ProjectLockedError';
  }
}

/** A write refused because this connection is read-only or lost the lock. */
export class ProjectReadOnlyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProjectReadOnlyError';
  }
}

export function readWriter(db: SqliteDb): WriterInfo | null {
  const value = db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(KEY) as string | undefined;
  if (value === undefined) return null;
  try {
    const w = JSON.parse(value) as WriterInfo;
    return typeof w.token === 'string' && typeof w.pid === 'number' && typeof w.host === 'string' ? w : null;
  } catch {
    return null;
  }
}

/** Whether the process that wrote `w` may still be running. On another host we cannot tell: assume it is. */
export function holderAlive(w: WriterInfo): boolean {
  if (w.host !== hostname()) return true;
  try {
    process.kill(w.pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The lock of one connection: claimed at open (unless read-only), checked by every write transaction, released at close. */
export class WriterLock {
  readonly token = randomUUID();

  constructor(
    private readonly db: SqliteDb,
    private readonly path: string,
    readonly access: ProjectAccess,
    private readonly now: () => string,
  ) {}

  /** Claims the lock (exclusive / take-over) and installs the write guard; returns the holder it displaced, if any. */
  acquire(): WriterInfo | null {
    if (this.access === 'shared') return null;
    if (this.access === 'read-only') {
      setWriteGuard(this.db, () => {
        throw new ProjectReadOnlyError(`${this.path}: this project is open read-only in this window; nothing was changed (open it again and take over to edit it)`);
      });
      return null;
    }
    const displaced = writeTransaction(this.db, () => {
      const holder = readWriter(this.db);
      const live = holder !== null && holderAlive(holder);
      if (live && this.access === 'exclusive') throw new ProjectLockedError(this.path, holder);
      const mine: WriterInfo = { token: this.token, pid: process.pid, host: hostname(), since: this.now() };
      this.db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(KEY, JSON.stringify(mine));
      return live ? holder : null;
    });
    // Checked inside every later write transaction, after BEGIN IMMEDIATE: atomic with the other process's take-over.
    setWriteGuard(this.db, () => {
      const holder = readWriter(this.db);
      if (holder?.token !== this.token) {
        throw new ProjectReadOnlyError(
          `${this.path}: another Sandtable window${holder ? ` (process ${holder.pid} on ${holder.host})` : ''} took over this project; this change was not written — reopen the project to go on editing`,
        );
      }
    });
    return displaced;
  }

  /** Whether this connection still holds the lock (false for read-only and shared). */
  holds(): boolean {
    if (this.access === 'shared' || this.access === 'read-only' || !this.db.open) return false;
    return readWriter(this.db)?.token === this.token;
  }

  /** Gives the lock back if this connection still holds it (at close). */
  release(): void {
    if (!this.db.open || this.access === 'shared' || this.access === 'read-only') return;
    setWriteGuard(this.db, null);
    try {
      writeTransaction(this.db, () => {
        if (readWriter(this.db)?.token === this.token) this.db.prepare('DELETE FROM meta WHERE key = ?').run(KEY);
      });
    } catch {
      // A busy file at close: the lock stays, and is stale as soon as this process is gone.
    }
  }
}

/**
 * Forgets the writer recorded in a file that is known to be nobody's now: a copy just made
 * by Save As (the copy carries the original's row), or a recovery file this session has
 * claimed by renaming it.
 */
export function clearWriter(db: SqliteDb): void {
  writeTransaction(db, () => db.prepare('DELETE FROM meta WHERE key = ?').run(KEY));
}
