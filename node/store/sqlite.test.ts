import Database from 'better-sqlite3';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { openLibrary } from './library.js';
import { LIBRARY_MIGRATIONS } from './library-schema.js';
import { openProject } from './project.js';
import type { Migration } from './sqlite.js';
import { APPLICATION_IDS, openDatabase, schemaVersion } from './sqlite.js';
import { cleanupTempDirs, tempDir, tempFile } from './store.testkit.js';

afterEach(cleanupTempDirs);

const require = createRequire(import.meta.url);

describe('opening a store file', () => {
  it('sets WAL, foreign keys, busy timeout, NORMAL sync and our application id', () => {
    const path = tempFile();
    const lib = openLibrary(path);
    const { db } = lib;
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(db.pragma('synchronous', { simple: true })).toBe(1);
    expect(db.pragma('application_id', { simple: true })).toBe(APPLICATION_IDS.library);
    expect(schemaVersion(db)).toBe(LIBRARY_MIGRATIONS.length);
    lib.close();
    const project = openProject(tempFile('p.sandtable'), { synchronous: 'FULL', busyTimeoutMs: 100 });
    expect(project.db.pragma('application_id', { simple: true })).toBe(APPLICATION_IDS.project);
    expect(project.db.pragma('synchronous', { simple: true })).toBe(2);
    expect(project.db.pragma('busy_timeout', { simple: true })).toBe(100);
    project.close();
  });

  it('reopens an existing file without migrating again', () => {
    const path = tempFile();
    openLibrary(path).close();
    const lib = openLibrary(path);
    expect(lib.schemaVersion).toBe(LIBRARY_MIGRATIONS.length);
    lib.close();
  });

  it('refuses a file written by a newer Sandtable, without touching it', () => {
    const path = tempFile();
    openLibrary(path).close();
    const raw = new Database(path);
    raw.pragma(`user_version = ${LIBRARY_MIGRATIONS.length + 3}`);
    raw.close();
    expect(() => openLibrary(path)).toThrow(
      `${path}: file: this library has schema version ${LIBRARY_MIGRATIONS.length + 3}, but this Sandtable knows versions up to ${LIBRARY_MIGRATIONS.length}; it was written by a newer Sandtable — update Sandtable to open it`,
    );
  });

  it('refuses another application’s SQLite database and leaves it in rollback-journal mode', () => {
    const path = tempFile('other.db');
    const raw = new Database(path);
    raw.exec('CREATE TABLE t (x)');
    raw.close();
    expect(() => openLibrary(path)).toThrow(/expected a Sandtable library \(SQLite application_id 0x53544C42\), got an SQLite database of another application \(application_id 0x00000000, 1 schema objects\)/);
    const again = new Database(path);
    expect(again.pragma('journal_mode', { simple: true })).toBe('delete');
    again.close();
  });

  it('tells a project from a library', () => {
    const path = tempFile('p.sandtable');
    openProject(path).close();
    expect(() => openLibrary(path)).toThrow(`${path}: file: expected a Sandtable library, got a Sandtable project`);
    const lib = tempFile();
    openLibrary(lib).close();
    expect(() => openProject(lib)).toThrow('expected a Sandtable project, got a Sandtable library');
  });

  it('refuses a file that is not SQLite, and a directory', () => {
    const path = tempFile('notes.txt');
    writeFileSync(path, 'These are not the tiles you are looking for.\n'.repeat(200));
    expect(() => openLibrary(path)).toThrow(`${path}: file: expected a Sandtable library (an SQLite database), got a file that is not an SQLite database`);
    const dir = join(tempDir(), 'folder');
    mkdirSync(dir);
    expect(() => openLibrary(dir)).toThrow('expected a Sandtable library file, got a directory');
  });

  it('treats an empty file as a new library', () => {
    const path = tempFile();
    writeFileSync(path, '');
    const lib = openLibrary(path);
    expect(lib.schemaVersion).toBe(LIBRARY_MIGRATIONS.length);
    lib.close();
  });

  it('waits for another connection that holds the new file when switching it to WAL', async () => {
    const path = tempFile();
    writeFileSync(path, '');
    // A worker holds a read lock on the (rollback-journal) file for 300 ms: leaving rollback
    // mode needs the file to itself, and SQLite does not wait for it on its own.
    const flag = new SharedArrayBuffer(4);
    const worker = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
       const Database = require(workerData.module);
       const db = new Database(workerData.path);
       db.exec('BEGIN');
       db.prepare('SELECT count(*) FROM sqlite_schema').get();
       parentPort.postMessage('locked');
       // Marks the release in shared memory before it happens: the main thread is blocked and
       // cannot read messages, but it can read this flag the moment its open returns.
       const releasing = new Int32Array(workerData.flag);
       setTimeout(() => { Atomics.store(releasing, 0, 1); db.exec('COMMIT'); db.close(); parentPort.postMessage('released'); }, 300);`,
      { eval: true, workerData: { path, module: require.resolve('better-sqlite3'), flag } },
    );
    const messages: string[] = [];
    worker.on('message', (m: string) => messages.push(m));
    await new Promise<void>((resolve) => worker.once('message', () => resolve()));
    expect(() => openLibrary(path, { busyTimeoutMs: 50 })).toThrow(`${path}: another process kept the file locked for more than 50 ms while it was being opened; try again`);
    expect(Atomics.load(new Int32Array(flag), 0)).toBe(0);
    // Blocks this thread (the worker runs on its own) until the lock is gone: it returns only
    // after the worker began its release.
    const lib = openLibrary(path, { busyTimeoutMs: 5000 });
    expect(Atomics.load(new Int32Array(flag), 0)).toBe(1);
    expect(lib.db.pragma('journal_mode', { simple: true })).toBe('wal');
    lib.close();
    await worker.terminate();
  });

  it('applies each migration in its own transaction: a failing one leaves the earlier ones applied', () => {
    const path = tempFile();
    const migrations: Migration[] = [
      { version: 1, name: 'one', up: (db) => db.exec('CREATE TABLE a (x)') },
      { version: 2, name: 'two', up: (db) => db.exec('CREATE TABLE b (x); INSERT INTO b VALUES (1)') },
      {
        version: 3,
        name: 'three',
        up: (db) => {
          db.exec('CREATE TABLE c (x)');
          throw new Error('migration three failed');
        },
      },
    ];
    expect(() => openDatabase(path, 'library', migrations)).toThrow('migration three failed');
    const raw = new Database(path);
    expect(raw.pragma('user_version', { simple: true })).toBe(2);
    expect(raw.prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name`).pluck().all()).toEqual(['a', 'b']);
    raw.close();
    // Fixed code opens the same file and finishes the job.
    migrations[2] = { version: 3, name: 'three', up: (db) => db.exec('CREATE TABLE c (x)') };
    const db = openDatabase(path, 'library', migrations);
    expect(schemaVersion(db)).toBe(3);
    db.close();
  });

  it('refuses a migration that leaves dangling foreign keys', () => {
    const migrations: Migration[] = [
      {
        version: 1,
        name: 'broken',
        up: (db) => db.exec('CREATE TABLE p (id INTEGER PRIMARY KEY); CREATE TABLE c (p INTEGER REFERENCES p(id)); INSERT INTO c VALUES (7)'),
      },
    ];
    expect(() => openDatabase(tempFile(), 'library', migrations)).toThrow('migration 1 (broken) left 1 rows violating foreign keys');
  });

  it('validates its options', () => {
    expect(() => openLibrary(tempFile(), { busyTimeoutMs: -1 })).toThrow('argument: options.busyTimeoutMs: expected milliseconds 0…600000, got -1');
    expect(() => openLibrary(tempFile(), { synchronous: 'OFF' as 'FULL' })).toThrow('argument: options.synchronous: expected "NORMAL" or "FULL", got "OFF"');
    expect(() => openDatabase(tempFile(), 'library', LIBRARY_MIGRATIONS, { targetVersion: 99 })).toThrow(
      `argument: options.targetVersion: expected an integer 0…${LIBRARY_MIGRATIONS.length}, got 99`,
    );
  });
});
