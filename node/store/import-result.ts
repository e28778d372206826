/**
 * What an import did, per record: added, replaced (an id that existed, with onConflict
 * "replace") or skipped — each skipped record named with why (issue 24: added + replaced +
 * skipped is what was handed in; with onConflict "skip", an id that existed).
 *
 * Must not depend on: Electron, DOM.
 */
import type { SkippedItem } from '../../core/formats/import-summary.js';

export type { SkippedItem };

export interface ImportResult {
  added: number;
  replaced: number;
  skipped: SkippedItem[];
}

/** How an import treats a record whose id already exists: fail (default), overwrite, or keep. */
export interface ImportOptions {
  onConflict?: 'error' | 'replace' | 'skip';
}

/** Paging of list and search results: `limit` 1…10 000 (default 1000), `offset` ≥ 0. */
export interface PageOptions {
  limit?: number;
  offset?: number;
}

/** Why a record was skipped under onConflict "skip". */
export const KEPT_EXISTING = 'already in the library (on conflict "skip" keeps it)';

export function emptyImportResult(): ImportResult {
  return { added: 0, replaced: 0, skipped: [] };
}

/** Counts one record's outcome; a skipped one is named by its id. */
export function tally(result: ImportResult, outcome: 'added' | 'replaced' | 'skipped', id: string): void {
  if (outcome === 'skipped') result.skipped.push({ id, reason: KEPT_EXISTING });
  else result[outcome]++;
}
