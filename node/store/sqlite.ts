/**
 * Opening a Sandtable SQLite file (SPEC §10): checks that the file is ours and not from a
 * newer Sandtable *before* writing anything to it, sets the connection up (WAL, foreign
 * keys, busy timeout, synchronous) and brings the schema up to date with versioned
 * migrations, each in its own transaction.
 *
 * Why these settings (measured and argued in docs/store.md):
 * - WAL: readers never block the writer and a killed process leaves the file consistent.
 * - synchronous = NORMAL: in WAL mode a committed transaction survives a killed *process*
 *   (the WAL frames are in the OS cache); only an OS crash or power cut may lose the last
 *   commits, never consistency. FULL costs an fsync per commit.
 * - busy_timeout: a second process (CLI next to the app) waits for the write lock instead
 *   of failing; write transactions start with BEGIN IMMEDIATE so waiting happens up front.
 *
 * Plain Node + better-sqlite3: must not depend on Electron, DOM, Three.js or Svelte.
 */
import Database from 'better-sqlite3';
import { existsSync, statSync } from 'node:fs';
import { InputError } from '../../core/util/input-error.js';
import { foldName } from './search-key.js';

export type SqliteDb = Database.Database;
export type StoreKind = 'library' | 'project';

/** `PRAGMA application_id` values: ASCII "STLB" and "STPJ", so `file(1)`-style tools can tell. */
export const APPLICATION_IDS: Readonly<Record<StoreKind, number>> = Object.freeze({
  library: 0x53544c42,
  project: 0x5354504a,
});

/** One schema step. `up` runs inside a transaction that also sets `user_version = version`. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  up(db: SqliteDb): void;
}

export interface ConnectionOptions {
  /** Milliseconds to wait for another process's write lock before failing (default 5000). */
  busyTimeoutMs?: number;
  /** `NORMAL` (default) or `FULL`; see the module header. */
  synchronous?: 'NORMAL' | 'FULL';
  /**
   * Stop migrating at this schema version (tests build files "as an older Sandtable wrote
   * them" with it). Defaults to the latest.
   */
  targetVersion?: number;
}

const DEFAULT_BUSY_TIMEOUT_MS = 5000;

/** Opens (creating if absent) a library or project file and migrates it to `targetVersion`. */
export function openDatabase(path: string, kind: StoreKind, migrations: readonly Migration[], options: ConnectionOptions = {}): SqliteDb {
  checkMigrationList(kind, migrations);
  const latest = migrations.length;
  const target = options.targetVersion ?? latest;
  if (!Number.isInteger(target) || target < 0 || target > latest) {
    throw new InputError('argument', 'options.targetVersion', `expected an integer 0…${latest}, got ${String(target)}`);
  }
  const busy = options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS;
  if (!Number.isInteger(busy) || busy < 0 || busy > 600_000) throw new InputError('argument', 'options.busyTimeoutMs', `expected milliseconds 0…600000, got ${String(busy)}`);
  const synchronous = options.synchronous ?? 'NORMAL';
  if (synchronous !== 'NORMAL' && synchronous !== 'FULL') throw new InputError('argument', 'options.synchronous', `expected "NORMAL" or "FULL", got ${JSON.stringify(synchronous)}`);
  if (existsSync(path) && statSync(path).isDirectory()) {
    throw new InputError(path, 'file', `expected a Sandtable ${kind} file, got a directory`);
  }
  const db = new Database(path);
  try {
    db.pragma(`busy_timeout = ${busy}`);
    checkHeader(db, path, kind, latest);
    switchToWal(db, path, busy);
    db.pragma('foreign_keys = ON');
    db.pragma(`synchronous = ${synchronous}`);
    // Case- and accent-insensitive matching for the small tables (catalogues, terrains).
    db.function('st_fold', { deterministic: true }, (s: unknown) => (typeof s === 'string' ? foldName(s) : s));
    migrate(db, kind, migrations, target);
    return db;
  } catch (e) {
    db.close();
    throw e;
  }
}

/**
 * `journal_mode = WAL`, retried until `timeoutMs`: leaving rollback-journal mode needs the
 * file to itself, and SQLite answers SQLITE_BUSY at once, without its busy handler, while
 * another connection holds a lock — as when two processes open a new file together.
 */
function switchToWal(db: SqliteDb, path: string, timeoutMs: number): void {
  const deadline = Date.now() + timeoutMs;
  let mode = '';
  for (let wait = 1; ; wait = Math.min(wait * 2, 50)) {
    try {
      mode = String(db.pragma('journal_mode = WAL', { simple: true })).toLowerCase();
      if (mode === 'wal') return;
    } catch (e) {
      if ((e as { code?: string }).code !== 'SQLITE_BUSY') throw e;
      mode = 'busy';
    }
    if (Date.now() >= deadline) break;
    sleepMs(Math.min(wait, Math.max(1, deadline - Date.now())));
  }
  if (mode === 'busy') throw new Error(`${path}: another process kept the file locked for more than ${timeoutMs} ms while it was being opened; try again`);
  throw new Error(`${path}: could not switch to WAL journal mode (SQLite kept "${mode}")`);
}

/** Blocks the thread: opening a file is synchronous, like the rest of better-sqlite3. */
function sleepMs(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** The file's schema version (`PRAGMA user_version`). */
export function schemaVersion(db: SqliteDb): number {
  return Number(db.pragma('user_version', { simple: true }));
}

/**
 * Refuses a file that is not ours or that a newer Sandtable wrote, before anything is
 * written to it (switching to WAL would already modify a foreign file).
 */
function checkHeader(db: SqliteDb, path: string, kind: StoreKind, latest: number): void {
  let appId: number;
  let version: number;
  let objects: number;
  try {
    // One read transaction, so the three reads see one snapshot: another process may commit
    // its first migration (schema + application_id together) between separate reads.
    [appId, version, objects] = db.transaction(() => [
      Number(db.pragma('application_id', { simple: true })),
      Number(db.pragma('user_version', { simple: true })),
      Number(db.prepare('SELECT count(*) FROM sqlite_schema').pluck().get()),
    ])();
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'SQLITE_NOTADB') throw new InputError(path, 'file', `expected a Sandtable ${kind} (an SQLite database), got a file that is not an SQLite database`);
    throw e;
  }
  const expected = APPLICATION_IDS[kind];
  if (appId !== expected) {
    const other = (Object.keys(APPLICATION_IDS) as StoreKind[]).find((k) => APPLICATION_IDS[k] === appId);
    if (other) throw new InputError(path, 'file', `expected a Sandtable ${kind}, got a Sandtable ${other}`);
    // A brand-new (empty) database has application_id 0 and no schema: we initialise it.
    if (!(appId === 0 && version === 0 && objects === 0)) {
      throw new InputError(
        path,
        'file',
        `expected a Sandtable ${kind} (SQLite application_id 0x${hex(expected)}), got an SQLite database of another application (application_id 0x${hex(appId)}, ${objects} schema objects)`,
      );
    }
  }
  if (version > latest) {
    throw new InputError(
      path,
      'file',
      `this ${kind} has schema version ${version}, but this Sandtable knows versions up to ${latest}; it was written by a newer Sandtable — update Sandtable to open it`,
    );
  }
}

/**
 * Applies each pending migration in its own BEGIN IMMEDIATE transaction. The version is
 * re-read inside the transaction because another process may have migrated the file
 * between our check and our lock.
 */
function migrate(db: SqliteDb, kind: StoreKind, migrations: readonly Migration[], target: number): void {
  for (const m of migrations) {
    if (m.version > target) break;
    if (schemaVersion(db) >= m.version) continue;
    db.transaction(() => {
      const now = schemaVersion(db);
      if (now >= m.version) return;
      if (now !== m.version - 1) throw new Error(`${kind} schema is at version ${now}; migration ${m.version} (${m.name}) needs ${m.version - 1}`);
      if (m.version === 1) db.pragma(`application_id = ${APPLICATION_IDS[kind]}`);
      // Deferred until commit, so a migration may rebuild a referenced table (SQLite's
      // 12-step ALTER); the check below then names what is left dangling.
      db.pragma('defer_foreign_keys = ON');
      m.up(db);
      const broken = db.pragma('foreign_key_check') as unknown[];
      if (broken.length) throw new Error(`migration ${m.version} (${m.name}) left ${broken.length} rows violating foreign keys`);
      db.pragma(`user_version = ${m.version}`);
    }).immediate();
  }
}

function checkMigrationList(kind: StoreKind, migrations: readonly Migration[]): void {
  migrations.forEach((m, k) => {
    if (m.version !== k + 1) throw new Error(`${kind} migration #${k} has version ${m.version}; versions must be 1, 2, 3… in order`);
  });
}

function hex(n: number): string {
  return (n >>> 0).toString(16).toUpperCase().padStart(8, '0');
}

/**
 * Runs `fn` in a write transaction (BEGIN IMMEDIATE: takes the write lock first, so a busy
 * library makes us wait in busy_timeout instead of failing half-way). Nested calls become
 * savepoints. Anything thrown rolls the whole transaction back.
 */
export function writeTransaction<T>(db: SqliteDb, fn: () => T): T {
  if (db.inTransaction) return db.transaction(fn)();
  const guard = writeGuards.get(db);
  try {
    // The guard runs first inside the lock (writer-lock.ts): it sees what the other process committed.
    return db
      .transaction(
        guard
          ? () => {
              guard();
              return fn();
            }
          : fn,
      )
      .immediate();
  } catch (e) {
    if ((e as { code?: string }).code === 'SQLITE_BUSY') {
      const waited = Number(db.pragma('busy_timeout', { simple: true }));
      throw new Error(`${db.name}: another process kept the file locked for writing longer than ${waited} ms; nothing was changed — try again`, { cause: e });
    }
    throw e;
  }
}

const writeGuards = new WeakMap<SqliteDb, () => void>();

/**
 * A check every outermost write transaction of `db` runs first, inside BEGIN IMMEDIATE
 * (writer-lock.ts: read-only connections, a lock taken over); it throws to refuse the
 * write. `null` removes it.
 */
export function setWriteGuard(db: SqliteDb, guard: (() => void) | null): void {
  if (guard) writeGuards.set(db, guard);
  else writeGuards.delete(db);
}

/** Runs `fn` in a read transaction so multi-statement reads see one snapshot. */
export function readTransaction<T>(db: SqliteDb, fn: () => T): T {
  if (db.inTransaction) return fn();
  return db.transaction(fn).deferred();
}

/** `PRAGMA integrity_check` plus the foreign keys: `['ok']` when the file is sound. */
export function checkIntegrity(db: SqliteDb): string[] {
  const problems = (db.pragma('integrity_check') as { integrity_check: string }[]).map((row) => row.integrity_check).filter((p) => p !== 'ok');
  const fk = db.pragma('foreign_key_check') as { table: string; rowid: number; parent: string }[];
  problems.push(...fk.map((f) => `row ${f.rowid} of ${f.table} points at a missing ${f.parent} row`));
  return problems.length ? problems : ['ok'];
}
