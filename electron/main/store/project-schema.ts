/**
 * The project file's schema as an append-only list of migrations (SPEC §10): the maps
 * being worked on (same tables as in a library) and the undo/redo journal of their edits.
 *
 *   1  maps and the edit journal
 *
 * Must not depend on: Electron, DOM.
 */
import type { Migration } from './sqlite.js';
import { MAP_TABLES_SQL } from './map-schema.js';

export const PROJECT_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'maps and edit journal',
    up(db) {
      db.exec(`
CREATE TABLE meta (
  key    TEXT PRIMARY KEY NOT NULL,
  value  TEXT NOT NULL
) WITHOUT ROWID;
${MAP_TABLES_SQL}
ALTER TABLE maps ADD COLUMN name_key TEXT NOT NULL DEFAULT '';

-- One row per edit of a map: changes is a packed little-endian Int32 array of
-- (layer code, index, before, after) quadruples (journal.ts). Entries with undone = 1 form
-- the redo tail and always have higher seq than the applied ones.
CREATE TABLE journal (
  map_id   TEXT NOT NULL REFERENCES maps(id) ON DELETE CASCADE,
  seq      INTEGER NOT NULL,
  label    TEXT NOT NULL,
  changes  BLOB NOT NULL,
  undone   INTEGER NOT NULL CHECK (undone IN (0, 1)),
  PRIMARY KEY (map_id, seq)
);
`);
    },
  },
];
