/**
 * What an import did, per record: added, replaced (an id that existed, with onConflict
 * "replace") or skipped (onConflict "skip").
 *
 * Must not depend on: Electron, DOM.
 */
export interface ImportResult {
  added: number;
  replaced: number;
  skipped: number;
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

export function emptyImportResult(): ImportResult {
  return { added: 0, replaced: 0, skipped: 0 };
}
