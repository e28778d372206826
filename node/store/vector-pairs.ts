/**
 * The pair table of the vector fit table (`vector_fit_pairs`, library-schema.ts version 11):
 * for each tile and mirroring, every pair of its canonical edges that both show something,
 * as one key (sig a, edge a, sig b, edge b, mirrored). Written by vector-write.ts in the
 * same transaction as the tile's fit rows, removed by key (from the tile's fit rows) before
 * they are; read by vector-fit.ts, which drives a query with two or more such constraints
 * from the pair of its rarest keys.
 *
 * Must not depend on: Electron, DOM.
 */
import { edgeSignature } from '../../core/vector/match.js';
import type { SqliteDb } from './sqlite.js';

/** The signature of an edge nothing crosses or lies along (core/vector match.ts): its pairs are not kept. */
export const FEATURELESS = edgeSignature({ dir: 0, presence: [], positions: [] });

/** A tile's fit row as stored: [sig, canonical edge, mirrored]. */
export type FitKey = readonly [sig: number, edge: number, mirrored: number];

/** The pair keys of fit rows of one tile: [sig a, edge a, sig b, edge b, mirrored], edge a < edge b, for every two rows of one mirroring. */
export function pairKeys(rows: readonly FitKey[]): [number, number, number, number, number][] {
  const kept = [...rows].sort((x, y) => x[2] - y[2] || x[1] - y[1]);
  const pairs: [number, number, number, number, number][] = [];
  for (let i = 0; i < kept.length; i++) {
    for (let j = i + 1; j < kept.length && kept[j]![2] === kept[i]![2]; j++) {
      const [a, b] = [kept[i]!, kept[j]!];
      if (a[1] !== b[1]) pairs.push([a[0], a[1], b[0], b[1], a[2]]);
    }
  }
  return pairs;
}

/** Adds and removes a tile's pair rows inside the caller's write transaction. */
export class FitPairs {
  private readonly insert;
  private readonly remove;

  constructor(db: SqliteDb) {
    this.insert = db.prepare('INSERT OR IGNORE INTO vector_fit_pairs (sig_a, edge_a, sig_b, edge_b, mirrored, vid) VALUES (?, ?, ?, ?, ?, ?)');
    this.remove = db.prepare('DELETE FROM vector_fit_pairs WHERE sig_a = ? AND edge_a = ? AND sig_b = ? AND edge_b = ? AND mirrored = ? AND vid = ?');
  }

  /** `rows`: the tile's fit rows whose signature is not FEATURELESS. */
  add(vid: number, rows: readonly FitKey[]): void {
    for (const key of pairKeys(rows)) this.insert.run(...key, vid);
  }

  /** Removes every pair row the tile's stored fit rows can have (a featureless one was never written: deleting it is a no-op). */
  removeTile(vid: number, rows: readonly FitKey[]): void {
    for (const key of pairKeys(rows)) this.remove.run(...key, vid);
  }
}
