/**
 * The folders outside a chosen file's own that the designer allowed the app to read for this
 * project (a Tiled map's `../tilesets`): asked once, then remembered in the project's `meta`
 * table under one key (a JSON array of real paths), so reopening the project does not ask
 * again. The table exists since migration 1: no migration is needed.
 *
 * Must not depend on: Electron, DOM.
 */
import type { SqliteDb } from './sqlite.js';
import { writeTransaction } from './sqlite.js';

const KEY = 'granted_folders';

export class FolderGrants {
  constructor(private readonly db: SqliteDb) {}

  /** The granted folders, oldest first. */
  list(): string[] {
    const text = this.db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(KEY) as string | undefined;
    if (text === undefined) return [];
    try {
      const value: unknown = JSON.parse(text);
      return Array.isArray(value) ? value.filter((f): f is string => typeof f === 'string') : [];
    } catch {
      return []; // a damaged entry grants nothing: the app asks again
    }
  }

  /** Adds `folder` (a real path) unless granted already; answers the list. */
  grant(folder: string): string[] {
    return writeTransaction(this.db, () => {
      const folders = this.list();
      if (folders.includes(folder)) return folders;
      folders.push(folder);
      this.db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(KEY, JSON.stringify(folders));
      return folders;
    });
  }
}
