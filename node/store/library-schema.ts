/**
 * The library file's schema as an append-only list of migrations (SPEC §10). A released
 * migration is never edited: a change is a new migration, and migrations.test.ts opens a
 * file written at every earlier version and checks that its data arrives intact.
 *
 *   1  core: metadata, terrain catalogues (+ derived movement modes and terrains), maps
 *   2  raster tiles: images, tags, per-edge connector labels
 *   3  18xx track tiles (core/track): junctions, connections; games: manifests, upgrades, boards
 *   4  substitute-map slots per terrain and scale ratio; folded search keys (back-filled)
 *   5  the substitute slot key gains the lattice (a terrain has a square, an offset-square and
 *      a hex substitute at one ratio), back-filled from each slot map's grid kind; a
 *      generation counter bumped by triggers whenever a slot or a slot's map changes
 *   6  vector-form tiles (core/vector): native JSON, thumbnail, tags, terrains, and the fit
 *      table of edge signatures that answers "what fits here" by index
 *   7  exact per-key counts of the fit table (by allowed-orientation mask), back-filled and kept
 *      by vector-store.ts in the same transaction as every write, so "what fits here" knows
 *      its driver key and a one-neighbour total without counting rows
 *   8  maps made of tile instances: the tile table per map and the two instance layers
 *      (map-schema.ts INSTANCE_LAYERS_SQL, shared with the project's migration 4)
 *   9  the linear layer of AL-FORM maps of vector tiles: its tile table and three layers
 *      (map-schema.ts LINEAR_LAYERS_SQL, shared with the project's migration 5)
 *  10  vector tiles lose their stored thumbnail: pictures are drawn from the geometry in the
 *      catalogue's colours when shown (core/vector/thumbnail.ts), so a stored uncoloured one
 *      was a second picture of the tile that nothing should show
 *  11  the pair table of the vector fit table (vector-pairs.ts), back-filled from the fit rows
 *      and kept by vector-write.ts in the same transaction as every write, so "what fits here"
 *      with several constraints drives from its two rarest keys at once
 *  12  through-tile networks of maps (roads, railroads centre to centre): a row of connection
 *      codes per tile a network passes through, and junction records (network-store.ts)
 *
 * Must not depend on: Electron, DOM.
 */
import type { Migration, SqliteDb } from './sqlite.js';
import { INSTANCE_LAYERS_SQL, LINEAR_LAYERS_SQL, MAP_TABLES_SQL, META_TABLE_SQL } from './map-schema.js';
import { foldName } from './search-key.js';
import { SUBSTITUTE_LATTICE_SQL, SUBSTITUTE_SLOTS_SQL } from './substitute-schema.js';
import { RASTER_TABLES_SQL, TRACK_TABLES_SQL } from './tile-schema.js';
import { FEATURELESS } from './vector-pairs.js';
import { NETWORK_TABLES_SQL } from './network-store.js';
import { VECTOR_FIT_COUNTS_SQL, VECTOR_FIT_PAIRS_BACKFILL_SQL, VECTOR_FIT_PAIRS_SQL, VECTOR_TABLES_SQL } from './vector-schema.js';

export const LIBRARY_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'core: catalogues, movement modes, maps',
    up(db) {
      db.exec(`${META_TABLE_SQL}
-- The catalogue JSON (canonical, as written by core/terrain serializeCatalogue) is the truth;
-- movement_modes and terrains are derived from it on every put, for listing and searching.
CREATE TABLE catalogues (
  id          TEXT PRIMARY KEY NOT NULL,
  name        TEXT NOT NULL,
  json        TEXT NOT NULL,
  created_at  TEXT NOT NULL,
  updated_at  TEXT NOT NULL
);

CREATE TABLE movement_modes (
  catalogue_id  TEXT NOT NULL REFERENCES catalogues(id) ON DELETE CASCADE,
  id            TEXT NOT NULL,
  position      INTEGER NOT NULL,
  name          TEXT NOT NULL,
  description   TEXT,
  PRIMARY KEY (catalogue_id, id)
) WITHOUT ROWID;

CREATE TABLE terrains (
  catalogue_id  TEXT NOT NULL REFERENCES catalogues(id) ON DELETE CASCADE,
  id            TEXT NOT NULL,
  position      INTEGER NOT NULL,
  class         TEXT NOT NULL CHECK (class IN ('area', 'linear')),
  name          TEXT NOT NULL,
  colour        TEXT NOT NULL,
  PRIMARY KEY (catalogue_id, id)
) WITHOUT ROWID;
${MAP_TABLES_SQL}`);
    },
  },
  {
    version: 2,
    name: 'raster tiles with edge connector labels',
    up(db) {
      db.exec(RASTER_TABLES_SQL);
    },
  },
  {
    version: 3,
    name: '18xx track tiles, games, manifests and boards',
    up(db) {
      db.exec(TRACK_TABLES_SQL);
    },
  },
  {
    version: 4,
    name: 'substitute-map slots; folded search keys',
    up(db) {
      db.exec(SUBSTITUTE_SLOTS_SQL);
      backfillNameKeys(db, 'maps', 'id');
      backfillNameKeys(db, 'raster_tiles', 'rid');
      backfillNameKeys(db, 'track_tiles', 'id');
    },
  },
  {
    version: 5,
    name: 'substitute slots per lattice; substitutes generation',
    up(db) {
      db.exec(SUBSTITUTE_LATTICE_SQL);
    },
  },
  {
    version: 6,
    name: 'vector-form tiles and their fit table',
    up(db) {
      db.exec(VECTOR_TABLES_SQL);
    },
  },
  {
    version: 7,
    name: 'exact per-key counts of the vector fit table',
    up(db) {
      db.exec(VECTOR_FIT_COUNTS_SQL);
    },
  },
  {
    version: 8,
    name: 'maps made of tile instances',
    up(db) {
      db.exec(INSTANCE_LAYERS_SQL);
    },
  },
  {
    version: 9,
    name: 'linear layers of AL-FORM maps',
    up(db) {
      db.exec(LINEAR_LAYERS_SQL);
    },
  },
  {
    version: 10,
    name: 'vector tiles without a stored thumbnail',
    up(db) {
      db.exec('ALTER TABLE vector_tiles DROP COLUMN thumbnail;');
    },
  },
  {
    version: 11,
    name: 'pair table of the vector fit table',
    up(db) {
      db.exec(VECTOR_FIT_PAIRS_SQL);
      db.prepare(VECTOR_FIT_PAIRS_BACKFILL_SQL).run({ featureless: FEATURELESS });
    },
  },
  {
    version: 12,
    name: 'through-tile networks of maps',
    up(db) {
      db.exec(NETWORK_TABLES_SQL);
    },
  },
];

function backfillNameKeys(db: SqliteDb, table: string, key: string): void {
  const update = db.prepare(`UPDATE ${table} SET name_key = ? WHERE ${key} = ?`);
  for (const row of db.prepare(`SELECT ${key} AS k, name FROM ${table}`).all() as { k: unknown; name: string }[]) {
    update.run(foldName(row.name), row.k);
  }
}