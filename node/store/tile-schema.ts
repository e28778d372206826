/**
 * The raster and 18xx track tables of the library (library-schema.ts versions 2 and 3), as
 * released: a released migration's SQL is never edited.
 *
 * Must not depend on: Electron, DOM.
 */

/** Version 2: raster tiles with edge connector labels (raster-store.ts). */
export const RASTER_TABLES_SQL = `
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
`;

/** Version 3: 18xx track tiles, games, manifests and boards (track-store.ts, game-store.ts). */
export const TRACK_TABLES_SQL = `
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
`;
