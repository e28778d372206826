/**
 * Writing vector tiles (inside the caller's write transaction): a batch of read and
 * validated records (vector-records.ts) with their tags, terrains and fit rows, edge
 * signatures interned per shape, and the kept per-key counts of the fit table
 * (`vector_fit_counts`, library-schema.ts version 7) and the pair rows (`vector_fit_pairs`,
 * version 11, vector-pairs.ts) adjusted in the same transaction.
 *
 * Must not depend on: Electron, DOM.
 */
import type { OnConflict } from './args.js';
import type { ImportResult } from './import-result.js';
import { emptyImportResult, tally } from './import-result.js';
import { foldName } from './search-key.js';
import type { SqliteDb } from './sqlite.js';
import { conflictError, interner } from './store-query.js';
import type { FitKey } from './vector-pairs.js';
import { FEATURELESS, FitPairs } from './vector-pairs.js';
import type { ValidTile } from './vector-records.js';

/** Adds the tiles, or replaces or skips those whose id exists (onConflict "error" throws naming the record). */
export function writeVectorTiles(db: SqliteDb, now: string, tiles: readonly ValidTile[], onConflict: OnConflict, argName: string): ImportResult {
  const result = emptyImportResult();
  const findTile = db.prepare('SELECT vid FROM vector_tiles WHERE id = ?').pluck();
  const insert = db.prepare(
    `INSERT INTO vector_tiles (id, name, name_key, shape, orientations, element_count, json, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const update = db.prepare(
    `UPDATE vector_tiles SET name = ?, name_key = ?, shape = ?, orientations = ?, element_count = ?, json = ?, updated_at = ? WHERE vid = ?`,
  );
  const clear = ['vector_tags', 'vector_terrains', 'vector_fit'].map((table) => db.prepare(`DELETE FROM ${table} WHERE vid = ?`));
  const addTag = db.prepare('INSERT INTO vector_tags (vid, tag) VALUES (?, ?)');
  const addTerrain = db.prepare('INSERT INTO vector_terrains (vid, terrain) VALUES (?, ?)');
  const addFit = db.prepare('INSERT OR IGNORE INTO vector_fit (sig, edge, mirrored, vid) VALUES (?, ?, ?, ?)');
  const sigId = interner(db.prepare('SELECT id FROM vector_signatures WHERE shape = ? AND signature = ?'), db.prepare('INSERT INTO vector_signatures (shape, signature) VALUES (?, ?)'));
  const counts = new FitCounts(db);
  const pairs = new FitPairs(db);
  tiles.forEach((t, k) => {
    let vid = findTile.get(t.tile.id) as number | undefined;
    if (vid !== undefined) {
      if (onConflict === 'skip') {
        tally(result, 'skipped', t.tile.id);
        return;
      }
      if (onConflict === 'error') throw conflictError(`${argName}${argName === 'record' ? '' : `[${k}]`}.tile.id`, 'vector tile', t.tile.id);
      const stored = storedFitKeys(db, vid);
      counts.removeTile(stored, db.prepare('SELECT orientations FROM vector_tiles WHERE vid = ?').pluck().get(vid) as number);
      pairs.removeTile(vid, stored);
      update.run(t.name, foldName(t.name), t.shape, t.mask, t.tile.elements.length, t.json, now, vid);
      for (const c of clear) c.run(vid);
      result.replaced++;
    } else {
      vid = Number(insert.run(t.tile.id, t.name, foldName(t.name), t.shape, t.mask, t.tile.elements.length, t.json, now, now).lastInsertRowid);
      result.added++;
    }
    for (const tag of t.tags) addTag.run(vid, tag);
    for (const terrain of t.terrains) addTerrain.run(vid, terrain);
    const paired: FitKey[] = [];
    for (const [signature, edge, mirrored] of t.fit) {
      const sig = sigId(t.shape, signature);
      if (addFit.run(sig, edge, mirrored, vid).changes > 0) counts.add(sig, edge, mirrored, t.mask, 1);
      if (signature !== FEATURELESS) paired.push([sig, edge, mirrored]);
    }
    pairs.add(vid, paired);
  });
  counts.write();
  return result;
}

/** Deletes a stored tile with its fit and pair rows, keeping the counts exact; false when there is none. */
export function deleteVectorTile(db: SqliteDb, id: string): boolean {
  const row = db.prepare('SELECT vid, orientations FROM vector_tiles WHERE id = ?').get(id) as { vid: number; orientations: number } | undefined;
  if (!row) return false;
  const counts = new FitCounts(db);
  const stored = storedFitKeys(db, row.vid);
  counts.removeTile(stored, row.orientations);
  new FitPairs(db).removeTile(row.vid, stored);
  db.prepare('DELETE FROM vector_tiles WHERE vid = ?').run(row.vid);
  counts.write();
  return true;
}

/** A stored tile's fit rows. */
function storedFitKeys(db: SqliteDb, vid: number): FitKey[] {
  return db.prepare('SELECT sig, edge, mirrored FROM vector_fit WHERE vid = ?').raw().all(vid) as [number, number, number][];
}

/**
 * Changes to `vector_fit_counts` gathered during one write and applied at its end, inside
 * the same transaction: the counts are exact whenever a transaction commits.
 */
class FitCounts {
  private readonly delta = new Map<string, number>();

  constructor(private readonly db: SqliteDb) {}

  add(sig: number, edge: number, mirrored: number, mask: number, n: number): void {
    const key = `${sig} ${edge} ${mirrored} ${mask}`;
    this.delta.set(key, (this.delta.get(key) ?? 0) + n);
  }

  /** Takes a stored tile's fit rows out (before they are deleted or replaced). */
  removeTile(rows: readonly FitKey[], mask: number): void {
    for (const [sig, edge, mirrored] of rows) this.add(sig, edge, mirrored, mask, -1);
  }

  write(): void {
    if (this.delta.size === 0) return;
    const upsert = this.db.prepare('INSERT INTO vector_fit_counts (sig, edge, mirrored, mask, n) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET n = n + excluded.n');
    const lower = this.db.prepare('UPDATE vector_fit_counts SET n = n - ? WHERE sig = ? AND edge = ? AND mirrored = ? AND mask = ?');
    const drop = this.db.prepare('DELETE FROM vector_fit_counts WHERE sig = ? AND edge = ? AND mirrored = ? AND mask = ? AND n = 0');
    for (const [key, n] of this.delta) {
      if (n === 0) continue;
      const [sig, edge, mirrored, mask] = key.split(' ').map(Number) as [number, number, number, number];
      if (n > 0) upsert.run(sig, edge, mirrored, mask, n);
      else {
        lower.run(-n, sig, edge, mirrored, mask);
        drop.run(sig, edge, mirrored, mask);
      }
    }
    this.delta.clear();
  }
}
