/**
 * A SHA-256 over everything a store file holds: schema version, and every row of every
 * table in a fixed order, with typed encodings so `1`, `1.0`, `'1'` and a 1-byte blob all
 * hash differently. Tests use it to prove "the library is exactly as it was" after a failed
 * import or a killed process; `sandtable library stats` can show it.
 *
 * Must not depend on: Electron, DOM.
 */
import { createHash } from 'node:crypto';
import type { SqliteDb } from './sqlite.js';
import { readTransaction, schemaVersion } from './sqlite.js';

export function contentHash(db: SqliteDb): string {
  return readTransaction(db, () => {
    const hash = createHash('sha256');
    hash.update(`user_version ${schemaVersion(db)}\n`);
    const tables = db.prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`).pluck().all() as string[];
    for (const table of tables) {
      const quoted = `"${table.replace(/"/g, '""')}"`;
      const columns = (db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[]).length;
      // Ordering by every column makes the order independent of rowids and insertion order.
      const order = Array.from({ length: columns }, (_, k) => k + 1).join(', ');
      hash.update(`table ${table}\n`);
      for (const row of db.prepare(`SELECT * FROM ${quoted} ORDER BY ${order}`).raw().iterate() as IterableIterator<unknown[]>) {
        for (const value of row) updateValue(hash, value);
        hash.update('\n');
      }
    }
    return hash.digest('hex');
  });
}

function updateValue(hash: ReturnType<typeof createHash>, value: unknown): void {
  if (value === null) hash.update('N;');
  else if (typeof value === 'number') hash.update(`F${value};`);
  else if (typeof value === 'bigint') hash.update(`I${value};`);
  else if (typeof value === 'string') hash.update(`S${value.length}:${value};`);
  else if (value instanceof Uint8Array) {
    hash.update(`B${value.byteLength}:`);
    hash.update(value);
    hash.update(';');
  } else throw new Error(`unexpected SQLite value of type ${typeof value}`);
}
