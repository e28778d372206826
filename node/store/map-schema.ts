/**
 * The map tables, shared by library and project files (SPEC §10 "maps (kind, size, wrap,
 * AL-FORM terrain layers stored in chunks …); thumbnails"). A layer is stored as chunks of
 * CHUNK_VALUES values, each deflated on its own — never a row per tile — so a 4 M-tile map
 * is a few dozen rows and an edit rewrites only the chunks it touches.
 *
 * Must not depend on: Electron, DOM.
 */

/** The key/value table every store file starts with (schema version, name, …): both first migrations create it. */
export const META_TABLE_SQL = `
CREATE TABLE meta (
  key    TEXT PRIMARY KEY NOT NULL,
  value  TEXT NOT NULL
) WITHOUT ROWID;
`;

export const MAP_TABLES_SQL = `
CREATE TABLE maps (
  id          TEXT PRIMARY KEY NOT NULL,
  name        TEXT NOT NULL,
  kind        TEXT NOT NULL CHECK (kind IN ('square', 'offset-square', 'hex-rectangle', 'hex-hexagon', 'icosahedron')),
  size        TEXT NOT NULL,                                -- JSON {"width","height"} | {"diameter"} | {"side"}
  wrap_x      INTEGER NOT NULL CHECK (wrap_x IN (0, 1)),
  wrap_y      INTEGER NOT NULL CHECK (wrap_y IN (0, 1)),
  alform      INTEGER NOT NULL CHECK (alform IN (0, 1)),
  tile_count  INTEGER NOT NULL CHECK (tile_count > 0),
  palette     TEXT NOT NULL,                                -- JSON array of terrain ids (index 0, "none", omitted)
  meta        TEXT NOT NULL,                                -- JSON object
  created_at  TEXT NOT NULL,
  updated_at  TEXT NOT NULL
);

CREATE TABLE map_layers (
  map_id  TEXT NOT NULL REFERENCES maps(id) ON DELETE CASCADE,
  layer   TEXT NOT NULL CHECK (layer IN ('terrain', 'edges', 'vertices', 'elevation')),
  length  INTEGER NOT NULL CHECK (length > 0),              -- number of values
  PRIMARY KEY (map_id, layer)
) WITHOUT ROWID;

CREATE TABLE map_chunks (
  map_id  TEXT NOT NULL,
  layer   TEXT NOT NULL,
  chunk   INTEGER NOT NULL CHECK (chunk >= 0),
  data    BLOB NOT NULL,                                    -- zlib stream of the chunk's values, little-endian
  PRIMARY KEY (map_id, layer, chunk),
  FOREIGN KEY (map_id, layer) REFERENCES map_layers(map_id, layer) ON DELETE CASCADE
);

CREATE TABLE map_thumbnails (
  map_id  TEXT PRIMARY KEY NOT NULL REFERENCES maps(id) ON DELETE CASCADE,
  mime    TEXT NOT NULL,
  data    BLOB NOT NULL
);
`;
