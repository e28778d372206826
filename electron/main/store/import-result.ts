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

export function emptyImportResult(): ImportResult {
  return { added: 0, replaced: 0, skipped: 0 };
}
