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
 *
 * Must not depend on: Electron, DOM.
 */
import type { Migration, SqliteDb } from './sqlite.js';
import { INSTANCE_LAYERS_SQL, LINEAR_LAYERS_SQL, MAP_TABLES_SQL, META_TABLE_SQL } from './map-schema.js';
import { foldName } from './search-key.js';

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
      db.exec(`
-- Bumped in every transaction that changes raster tiles, so each connection knows when its
-- in-memory fit index (fit-index.ts) is stale, whichever process wrote.
INSERT INTO meta (key, value) VALUES ('raster_generation', '0');

CREATE TABLE edge_labels (
  id     INTEGER PRIMARY KEY,
  label  TEXT NOT NULL UNIQUE
);

-- e0…e5: label on each canonical edge, in direction order from the top edge clockwise
-- (square uses e0…e3, pentagon e0…e4, hex e0…e5). orientations: bit mask of allowed
-- orientation codes (orientation.ts).
CREATE TABLE raster_tiles (
  rid           INTEGER PRIMARY KEY,
  id            TEXT NOT NULL UNIQUE,
  name          TEXT NOT NULL,
  shape         TEXT NOT NULL CHECK (shape IN ('square', 'hex', 'pentagon')),
  width         INTEGER NOT NULL CHECK (width BETWEEN 1 AND 16384),
  height        INTEGER NOT NULL CHECK (height BETWEEN 1 AND 16384),
  orientations  INTEGER NOT NULL CHECK (orientations > 0),
  e0            INTEGER NOT NULL REFERENCES edge_labels(id),
  e1            INTEGER NOT NULL REFERENCES edge_labels(id),
  e2            INTEGER NOT NULL REFERENCES edge_labels(id),
  e3            INTEGER NOT NULL REFERENCES edge_labels(id),
  e4            INTEGER REFERENCES edge_labels(id),
  e5            INTEGER REFERENCES edge_labels(id),
  created_at    TEXT NOT NULL,
  updated_at    TEXT NOT NULL,
  CHECK ((e4 IS NULL) = (shape = 'square') AND (e5 IS NULL) = (shape <> 'hex'))
);

CREATE TABLE raster_images (
  rid   INTEGER PRIMARY KEY REFERENCES raster_tiles(rid) ON DELETE CASCADE,
  mime  TEXT NOT NULL,
  data  BLOB NOT NULL
);

CREATE TABLE raster_tags (
  rid  INTEGER NOT NULL REFERENCES raster_tiles(rid) ON DELETE CASCADE,
  tag  TEXT NOT NULL,
  PRIMARY KEY (rid, tag)
) WITHOUT ROWID;
CREATE INDEX raster_tags_by_tag ON raster_tags (tag);
`);
    },
  },
  {
    version: 3,
    name: '18xx track tiles, games, manifests and boards',
    up(db) {
      db.exec(`
-- After the Rails tile database (seeds/001), in the shape of core/track/types.ts: tiles,
-- their junctions and connections, and per game a manifest (tiles with quantities, upgrade
-- relations) and a board of preprinted hexes with impassable hexsides. Optional model
-- fields are NULL when absent, so a tile reads back exactly as it was written.
CREATE TABLE track_tiles (
  id          TEXT PRIMARY KEY NOT NULL,
  name        TEXT NOT NULL,
  colour      TEXT NOT NULL,                 -- colour phase: yellow, green, brown, gray, or white, red, fixed, blue…
  label       TEXT,                          -- OO, B, NY…
  costs       TEXT,                          -- JSON [{cost, terrain[]}]
  borders     TEXT,                          -- JSON [{side, type, cost?}]
  source      TEXT,                          -- where the tile came from (rails:Tiles.xml, 18xx.games)
  created_at  TEXT NOT NULL,
  updated_at  TEXT NOT NULL
);
CREATE INDEX track_tiles_by_colour ON track_tiles (colour);

CREATE TABLE track_junctions (
  tile_id        TEXT NOT NULL REFERENCES track_tiles(id) ON DELETE CASCADE,
  junction       TEXT NOT NULL,
  seq            INTEGER NOT NULL,           -- order within the tile
  type           TEXT NOT NULL CHECK (type IN ('city', 'town', 'offmap', 'junction', 'pass')),
  revenue        INTEGER NOT NULL CHECK (revenue >= 0),
  phase_revenue  TEXT,                       -- JSON [{phase, value}]
  slots          INTEGER NOT NULL CHECK (slots >= 0),
  placed         INTEGER NOT NULL CHECK (placed IN (0, 1)),  -- 0: position null
  toward         REAL,                       -- side k, or k + 0.5 for a corner; NULL: centre
  level          INTEGER,
  groups         TEXT,                       -- JSON array of route groups
  PRIMARY KEY (tile_id, junction)
) WITHOUT ROWID;

-- Each end is a tile side (0…5) or a junction of the same tile.
CREATE TABLE track_connections (
  tile_id     TEXT NOT NULL REFERENCES track_tiles(id) ON DELETE CASCADE,
  seq         INTEGER NOT NULL,
  a_side      INTEGER CHECK (a_side BETWEEN 0 AND 5),
  a_junction  TEXT,
  b_side      INTEGER CHECK (b_side BETWEEN 0 AND 5),
  b_junction  TEXT,
  gauge       TEXT NOT NULL CHECK (gauge IN ('normal', 'narrow', 'dual')),
  terminal    INTEGER CHECK (terminal IN (0, 1)),
  lanes       INTEGER CHECK (lanes >= 1),
  PRIMARY KEY (tile_id, seq),
  CHECK ((a_side IS NULL) <> (a_junction IS NULL)),
  CHECK ((b_side IS NULL) <> (b_junction IS NULL)),
  FOREIGN KEY (tile_id, a_junction) REFERENCES track_junctions (tile_id, junction) ON DELETE CASCADE,
  FOREIGN KEY (tile_id, b_junction) REFERENCES track_junctions (tile_id, junction) ON DELETE CASCADE
) WITHOUT ROWID;

-- board_*: NULL when the game has no board.
CREATE TABLE games (
  id                  TEXT PRIMARY KEY NOT NULL,
  name                TEXT NOT NULL,
  board_orientation   TEXT CHECK (board_orientation IN ('NS', 'EW')),
  letter_orientation  TEXT CHECK (letter_orientation IN ('vertical', 'horizontal')),
  board_even          TEXT CHECK (board_even IN ('A', 'B')),
  created_at          TEXT NOT NULL,
  updated_at          TEXT NOT NULL
);

-- quantity NULL = unlimited; 0 = only preprinted on the board.
CREATE TABLE game_tiles (
  game_id     TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  tile_id     TEXT NOT NULL REFERENCES track_tiles(id),
  seq         INTEGER NOT NULL,
  quantity    INTEGER CHECK (quantity IS NULL OR quantity >= 0),
  printed_as  TEXT,
  PRIMARY KEY (game_id, tile_id)
) WITHOUT ROWID;
CREATE INDEX game_tiles_by_tile ON game_tiles (tile_id);

CREATE TABLE game_upgrades (
  game_id       TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  seq           INTEGER NOT NULL,
  from_id       TEXT NOT NULL REFERENCES track_tiles(id),
  to_id         TEXT NOT NULL REFERENCES track_tiles(id),
  only_hexes    TEXT,                        -- JSON array of hex names
  except_hexes  TEXT,
  PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
CREATE INDEX game_upgrades_by_from ON game_upgrades (from_id);
CREATE INDEX game_upgrades_by_to ON game_upgrades (to_id);

CREATE TABLE board_hexes (
  game_id   TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  hex       TEXT NOT NULL,
  seq       INTEGER NOT NULL,
  tile_id   TEXT REFERENCES track_tiles(id),
  rotation  INTEGER NOT NULL CHECK (rotation BETWEEN 0 AND 5),
  cost      INTEGER,
  label     TEXT,
  city      TEXT,
  revenues  TEXT,                            -- JSON array of numbers
  PRIMARY KEY (game_id, hex)
) WITHOUT ROWID;
CREATE INDEX board_hexes_by_tile ON board_hexes (tile_id);

-- A rowid table: the sides read back in the order they were written.
CREATE TABLE board_impassable (
  game_id  TEXT NOT NULL,
  hex      TEXT NOT NULL,
  side     INTEGER NOT NULL CHECK (side BETWEEN 0 AND 5),
  UNIQUE (game_id, hex, side),
  FOREIGN KEY (game_id, hex) REFERENCES board_hexes (game_id, hex) ON DELETE CASCADE
);
`);
    },
  },
  {
    version: 4,
    name: 'substitute-map slots; folded search keys',
    up(db) {
      db.exec(`
-- SPEC §7: a terrain may have a substitute map per even scale ratio (filled by the
-- multi-scale work). Removing the terrain from its catalogue or deleting the map empties the slot.
CREATE TABLE substitutes (
  catalogue_id  TEXT NOT NULL,
  terrain_id    TEXT NOT NULL,
  ratio         INTEGER NOT NULL CHECK (ratio >= 2 AND ratio % 2 = 0),
  map_id        TEXT NOT NULL REFERENCES maps(id) ON DELETE CASCADE,
  PRIMARY KEY (catalogue_id, terrain_id, ratio),
  FOREIGN KEY (catalogue_id, terrain_id) REFERENCES terrains (catalogue_id, id) ON DELETE CASCADE
) WITHOUT ROWID;
CREATE INDEX substitutes_by_map ON substitutes (map_id);

ALTER TABLE maps ADD COLUMN name_key TEXT NOT NULL DEFAULT '';
ALTER TABLE raster_tiles ADD COLUMN name_key TEXT NOT NULL DEFAULT '';
ALTER TABLE track_tiles ADD COLUMN name_key TEXT NOT NULL DEFAULT '';
`);
      backfillNameKeys(db, 'maps', 'id');
      backfillNameKeys(db, 'raster_tiles', 'rid');
      backfillNameKeys(db, 'track_tiles', 'id');
    },
  },
  {
    version: 5,
    name: 'substitute slots per lattice; substitutes generation',
    up(db) {
      db.exec(`
-- SPEC §7: admissible ratios differ per lattice (square even, offset-square ×4, hex ×6) and
-- one ratio (12, 24…) is admissible on all three, so the lattice is part of the key. The
-- table is rebuilt (SQLite cannot change a primary key); a slot written by version 4 gets
-- the lattice of its map's grid kind. The ratio CHECK stays "even" so that no old row can
-- fail the migration; the service checks admissibility per lattice.
CREATE TABLE substitutes_v5 (
  catalogue_id  TEXT NOT NULL,
  terrain_id    TEXT NOT NULL,
  lattice       TEXT NOT NULL CHECK (lattice IN ('square', 'offset-square', 'hex')),
  ratio         INTEGER NOT NULL CHECK (ratio >= 2 AND ratio % 2 = 0),
  map_id        TEXT NOT NULL REFERENCES maps(id) ON DELETE CASCADE,
  PRIMARY KEY (catalogue_id, terrain_id, lattice, ratio),
  FOREIGN KEY (catalogue_id, terrain_id) REFERENCES terrains (catalogue_id, id) ON DELETE CASCADE
) WITHOUT ROWID;
INSERT INTO substitutes_v5 (catalogue_id, terrain_id, lattice, ratio, map_id)
  SELECT s.catalogue_id, s.terrain_id,
         CASE m.kind WHEN 'square' THEN 'square' WHEN 'offset-square' THEN 'offset-square' ELSE 'hex' END,
         s.ratio, s.map_id
  FROM substitutes s JOIN maps m ON m.id = s.map_id;
DROP TABLE substitutes;
ALTER TABLE substitutes_v5 RENAME TO substitutes;
CREATE INDEX substitutes_by_map ON substitutes (map_id);

-- Bumped by every change to a slot or to a map in a slot (any process, any code path), so a
-- substitute source (substitute-source.ts) knows when its memo is stale.
INSERT INTO meta (key, value) VALUES ('substitutes_generation', '0');
CREATE TRIGGER substitutes_generation_insert AFTER INSERT ON substitutes BEGIN
  UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'substitutes_generation';
END;
CREATE TRIGGER substitutes_generation_update AFTER UPDATE ON substitutes BEGIN
  UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'substitutes_generation';
END;
CREATE TRIGGER substitutes_generation_delete AFTER DELETE ON substitutes BEGIN
  UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'substitutes_generation';
END;
CREATE TRIGGER substitutes_generation_map AFTER UPDATE ON maps
  WHEN EXISTS (SELECT 1 FROM substitutes WHERE map_id = NEW.id) BEGIN
  UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'substitutes_generation';
END;
`);
    },
  },
  {
    version: 6,
    name: 'vector-form tiles and their fit table',
    up(db) {
      db.exec(`
-- SPEC §6 vector-form tiles. The native JSON form (core/vector json.ts, compact) is the
-- truth; name, shape, terrains and the fit rows are derived from it on every write, so a
-- read never has to trust them. orientations: bit mask over core/vector
-- shapeOrientations(shape) (r0, r60 … then m0, m60 …). thumbnail: a small SVG (numbers
-- rounded) to show in lists without parsing the tile.
CREATE TABLE vector_tiles (
  vid           INTEGER PRIMARY KEY,
  id            TEXT NOT NULL UNIQUE,
  name          TEXT NOT NULL,
  name_key      TEXT NOT NULL,
  shape         TEXT NOT NULL CHECK (shape IN ('square', 'offset-square', 'hex', 'pentagon')),
  orientations  INTEGER NOT NULL CHECK (orientations > 0),
  element_count INTEGER NOT NULL CHECK (element_count >= 0),
  json          TEXT NOT NULL,
  thumbnail     TEXT NOT NULL,
  created_at    TEXT NOT NULL,
  updated_at    TEXT NOT NULL
);
CREATE INDEX vector_tiles_by_shape ON vector_tiles (shape);

CREATE TABLE vector_tags (
  vid  INTEGER NOT NULL REFERENCES vector_tiles(vid) ON DELETE CASCADE,
  tag  TEXT NOT NULL,
  PRIMARY KEY (vid, tag)
) WITHOUT ROWID;
CREATE INDEX vector_tags_by_tag ON vector_tags (tag);

-- Every terrain a tile's elements use, for "tiles with a river".
CREATE TABLE vector_terrains (
  vid      INTEGER NOT NULL REFERENCES vector_tiles(vid) ON DELETE CASCADE,
  terrain  TEXT NOT NULL,
  PRIMARY KEY (vid, terrain)
) WITHOUT ROWID;
CREATE INDEX vector_terrains_by_terrain ON vector_terrains (terrain);

-- Edge signatures (core/vector match.ts edgeSignature: presence + ordered position keys)
-- interned per shape: two edges match exactly when one's signature is the other's
-- across-signature.
CREATE TABLE vector_signatures (
  id         INTEGER PRIMARY KEY,
  shape      TEXT NOT NULL,
  signature  TEXT NOT NULL,
  UNIQUE (shape, signature)
);

-- The fit table: one row per canonical edge of a tile as drawn (mirrored 0) and as any
-- mirroring orientation shows it (mirrored 1: positions reversed, t → 1 − t, the same for
-- every mirror). An orientation only moves edges around, so "edge d shows signature S in
-- orientation o" is the row (S, the canonical edge o moves to d, o mirrors?) — 2 rows per
-- edge instead of one per edge and orientation (12 on a hexagon), and a "what fits here"
-- query is a few index range lookups per orientation (vector-store.ts).
CREATE TABLE vector_fit (
  sig       INTEGER NOT NULL REFERENCES vector_signatures(id),
  edge      INTEGER NOT NULL,
  mirrored  INTEGER NOT NULL CHECK (mirrored IN (0, 1)),
  vid       INTEGER NOT NULL REFERENCES vector_tiles(vid) ON DELETE CASCADE,
  PRIMARY KEY (sig, edge, mirrored, vid)
) WITHOUT ROWID;
CREATE INDEX vector_fit_by_tile ON vector_fit (vid);
`);
    },
  },
  {
    version: 7,
    name: 'exact per-key counts of the vector fit table',
    up(db) {
      db.exec(`
-- How many tiles have the fit row (sig, edge, mirrored), split by the tile's allowed-
-- orientation mask: "tiles that show S at canonical edge e and allow orientation k" is the
-- sum over masks with bit k. Exact, never estimated: vector-store.ts adjusts it in the same
-- transaction as every insert, replace and delete of a tile (nothing else writes the fit
-- table). A row whose count reaches 0 is removed.
CREATE TABLE vector_fit_counts (
  sig       INTEGER NOT NULL,
  edge      INTEGER NOT NULL,
  mirrored  INTEGER NOT NULL,
  mask      INTEGER NOT NULL,
  n         INTEGER NOT NULL CHECK (n >= 0),
  PRIMARY KEY (sig, edge, mirrored, mask)
) WITHOUT ROWID;
INSERT INTO vector_fit_counts (sig, edge, mirrored, mask, n)
  SELECT f.sig, f.edge, f.mirrored, t.orientations, count(*)
  FROM vector_fit f JOIN vector_tiles t ON t.vid = f.vid
  GROUP BY f.sig, f.edge, f.mirrored, t.orientations;
`);
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
];

function backfillNameKeys(db: SqliteDb, table: string, key: string): void {
  const update = db.prepare(`UPDATE ${table} SET name_key = ? WHERE ${key} = ?`);
  for (const row of db.prepare(`SELECT ${key} AS k, name FROM ${table}`).all() as { k: unknown; name: string }[]) {
    update.run(foldName(row.name), row.k);
  }
}
