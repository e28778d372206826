/**
 * The project file's schema as an append-only list of migrations (SPEC §10): the maps
 * being worked on (same tables as in a library) and the undo/redo journal of their edits.
 *
 *   1  maps and the edit journal
 *   2  derived maps: the link from a derived (tactical) map to its parent, with what the
 *      derivation used, and the link states recorded by journalled re-derivations
 *   3  precise staleness: the parent's ground a derived map depends on (ground_tiles); its
 *      ground_hash then covers only those values, so an edit elsewhere leaves it fresh
 *   4  maps made of tile instances: the tile table per map and the two instance layers
 *      (map-schema.ts INSTANCE_LAYERS_SQL, shared with the library's migration 8)
 *   5  the linear layer of AL-FORM maps of vector tiles: its tile table and three layers
 *      (map-schema.ts LINEAR_LAYERS_SQL, shared with the library's migration 9)
 *   6  labels on maps (map-schema.ts MAP_LABELS_SQL, shared with the library's migration 12)
 *      and the journal's steps that change no tile: label edits and resizes (DOCUMENT_EDITS_SQL)
 *   7  through-tile networks of maps (network-store.ts NETWORK_TABLES_SQL, shared with the
 *      library's migration 13) and the network changes of journal entries
 *   8  maps stored before through-tile networks: every map the file held when it reached this
 *      version, whose roads along tile edges the app converts once when it opens them
 *      (Project.convertBeforeNetworks; node/services/network-open.ts)
 *
 * Must not depend on: Electron, DOM.
 */
import type { Migration } from './sqlite.js';
import { DOCUMENT_EDITS_SQL, INSTANCE_LAYERS_SQL, LINEAR_LAYERS_SQL, MAP_LABELS_SQL, MAP_TABLES_SQL, META_TABLE_SQL } from './map-schema.js';
import { JOURNAL_NETWORKS_SQL, NETWORK_TABLES_SQL } from './network-store.js';

export const PROJECT_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'maps and edit journal',
    up(db) {
      db.exec(`${META_TABLE_SQL}${MAP_TABLES_SQL}
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
  {
    version: 2,
    name: 'derived maps',
    up(db) {
      db.exec(`
-- SPEC §7 "the same ground always derives the same way": a map made by maps.derive and what
-- it was made from. The cache key is (parent, ratio, seed, selection_key); the entry is
-- fresh while the parent's ground and the substitutes hash as they did (derived-store.ts).
-- Deleting the parent keeps the derived map (it is a map in its own right, maybe edited
-- since) and drops the link: parent_id becomes NULL.
CREATE TABLE derived_maps (
  map_id            TEXT PRIMARY KEY NOT NULL REFERENCES maps(id) ON DELETE CASCADE,
  parent_id         TEXT REFERENCES maps(id) ON DELETE SET NULL,
  selection         TEXT NOT NULL,                     -- JSON array of the parent's tile indices, reference first
  selection_key     TEXT NOT NULL,                     -- the reference, then the others ascending, comma-separated
  ratio             INTEGER NOT NULL CHECK (ratio >= 2),
  seed              INTEGER NOT NULL CHECK (seed >= 0),
  ground_hash       TEXT NOT NULL,                     -- the parent's ground when the content was derived
  substitutes_hash  TEXT NOT NULL,                     -- the substitutes the derivation could use
  created_at        TEXT NOT NULL,
  updated_at        TEXT NOT NULL
);
CREATE UNIQUE INDEX derived_maps_by_key ON derived_maps (parent_id, ratio, seed, selection_key);

-- A re-derivation is one journal entry of the derived map; undoing it must also put back the
-- hashes the old content was derived from (else the undone content would pass as fresh).
-- The row goes with its journal entry (a dropped redo tail, the journal limit, a replaced map).
CREATE TABLE derived_edits (
  map_id                   TEXT NOT NULL,
  seq                      INTEGER NOT NULL,
  before_ground_hash       TEXT NOT NULL,
  before_substitutes_hash  TEXT NOT NULL,
  after_ground_hash        TEXT NOT NULL,
  after_substitutes_hash   TEXT NOT NULL,
  PRIMARY KEY (map_id, seq),
  FOREIGN KEY (map_id, seq) REFERENCES journal (map_id, seq) ON DELETE CASCADE
) WITHOUT ROWID;
`);
    },
  },
  {
    version: 3,
    name: 'derived maps: ground they depend on',
    up(db) {
      db.exec(`
-- The parent's values a derivation reads (core/derive/dependency.ts groundDependency): per
-- layer, ascending runs [start, count] of indices, as JSON. With it, ground_hash is the hash
-- of those values only (derived-store.ts groundOf) and the substitutes hash covers the
-- terrains found there. NULL on rows written before version 3: their ground_hash is the whole
-- parent's, compared as before, until the map is derived again.
ALTER TABLE derived_maps ADD COLUMN ground_tiles TEXT;
`);
    },
  },
  {
    version: 4,
    name: 'maps made of tile instances',
    up(db) {
      db.exec(INSTANCE_LAYERS_SQL);
    },
  },
  {
    version: 5,
    name: 'linear layers of AL-FORM maps',
    up(db) {
      db.exec(LINEAR_LAYERS_SQL);
    },
  },
  {
    version: 6,
    name: 'labels on maps; journal steps that change no tile',
    up(db) {
      db.exec(MAP_LABELS_SQL + DOCUMENT_EDITS_SQL);
    },
  },
  {
    version: 7,
    name: 'through-tile networks of maps',
    up(db) {
      db.exec(NETWORK_TABLES_SQL + JOURNAL_NETWORKS_SQL);
    },
  },
  {
    version: 8,
    name: 'maps stored before through-tile networks',
    up(db) {
      db.exec(`CREATE TABLE maps_before_networks (
  map_id  TEXT PRIMARY KEY REFERENCES maps(id) ON DELETE CASCADE
) WITHOUT ROWID;
INSERT INTO maps_before_networks (map_id) SELECT id FROM maps;`);
    },
  },
];
