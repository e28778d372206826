/**
 * What every Sandtable SQLite file offers, library or project alike: its path and
 * connection, schema version, multi-call transactions, a content hash, an integrity check
 * and closing. Library and Project add their own stores on top.
 *
 * Must not depend on: Electron, DOM.
 */
import { contentHash } from './content-hash.js';
import type { SqliteDb } from './sqlite.js';
import { checkIntegrity, schemaVersion, writeTransaction } from './sqlite.js';

export abstract class StoreFile {
  constructor(
    readonly path: string,
    readonly db: SqliteDb,
  ) {}

  get schemaVersion(): number {
    return schemaVersion(this.db);
  }

  /**
   * Runs several service calls as ONE transaction (e.g. a Rails game: tiles, then the game):
   * if `fn` throws, none of them happened.
   */
  transaction<T>(fn: () => T): T {
    return writeTransaction(this.db, fn);
  }

  contentHash(): string {
    return contentHash(this.db);
  }

  /** `PRAGMA integrity_check` plus foreign keys: `['ok']` when the file is sound. */
  integrityCheck(): string[] {
    return checkIntegrity(this.db);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
