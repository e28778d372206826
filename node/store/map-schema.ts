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

/**
 * SQL that adds a map column and widens map_layers' CHECK to `layers`: SQLite cannot widen a
 * CHECK in place, so map_layers and map_chunks are rebuilt as `_<suffix>` tables and renamed
 * (chunks first out, so dropping the old layers table cascades into nothing), which also
 * re-points map_chunks' foreign key. One text per migration; each must stay as it shipped.
 */
function widenLayersSql(column: string, suffix: string, layers: readonly string[]): string {
  const list = layers.map((l) => `'${l}'`).join(', ');
  return `
ALTER TABLE maps ADD COLUMN ${column} TEXT;

CREATE TABLE map_layers_${suffix} (
  map_id  TEXT NOT NULL REFERENCES maps(id) ON DELETE CASCADE,
  layer   TEXT NOT NULL CHECK (layer IN (${list})),
  length  INTEGER NOT NULL CHECK (length > 0),
  PRIMARY KEY (map_id, layer)
) WITHOUT ROWID;
INSERT INTO map_layers_${suffix} (map_id, layer, length) SELECT map_id, layer, length FROM map_layers;

CREATE TABLE map_chunks_${suffix} (
  map_id  TEXT NOT NULL,
  layer   TEXT NOT NULL,
  chunk   INTEGER NOT NULL CHECK (chunk >= 0),
  data    BLOB NOT NULL,
  PRIMARY KEY (map_id, layer, chunk),
  FOREIGN KEY (map_id, layer) REFERENCES map_layers_${suffix}(map_id, layer) ON DELETE CASCADE
);
INSERT INTO map_chunks_${suffix} (map_id, layer, chunk, data) SELECT map_id, layer, chunk, data FROM map_chunks;

DROP TABLE map_chunks;
DROP TABLE map_layers;
ALTER TABLE map_layers_${suffix} RENAME TO map_layers;
ALTER TABLE map_chunks_${suffix} RENAME TO map_chunks;
`;
}

/**
 * Maps made of tile instances (core/assemble InstanceLayer), for both file kinds: the map
 * gains its tile table (`instance_tiles`: JSON array of {id, name?, library?}, NULL when the
 * map holds no instances), and map_layers two more layer names — `instance_tiles` (Int32
 * table index + 1 per tile) and `instance_codes` (Uint8 placement code), chunked like
 * terrain. SQLite cannot widen a CHECK in place: map_layers and map_chunks are rebuilt
 * (chunks first out, so dropping the old layers table cascades into nothing) and renamed,
 * which also re-points map_chunks' foreign key. Runs inside the migration's transaction,
 * with foreign keys deferred (sqlite.ts).
 */
export const INSTANCE_LAYERS_SQL = widenLayersSql('instance_tiles', 'v2', ['terrain', 'edges', 'vertices', 'elevation', 'instance_tiles', 'instance_codes']);

/**
 * The linear layer of AL-FORM maps of vector tiles (core/assemble LinearLayer), for both file
 * kinds: the map gains its linear tile table (`linear_tiles`: JSON array like
 * `instance_tiles`, NULL when the map has no linear layer), and map_layers three more layer
 * names — `linear_class` (Uint8 class per cell), `linear_tiles` (Int32 table index + 1) and
 * `linear_codes` (Uint8 placement code). The CHECK widens by the same rebuild as
 * INSTANCE_LAYERS_SQL.
 */
export const LINEAR_LAYERS_SQL = widenLayersSql('linear_tiles', 'v3', ['terrain', 'edges', 'vertices', 'elevation', 'instance_tiles', 'instance_codes', 'linear_class', 'linear_tiles', 'linear_codes']);

/**
 * The label layer of a map (core/map/labels.ts), for both file kinds: a JSON array of labels,
 * NULL when the map has none (library migration 12, project migration 6).
 */
export const MAP_LABELS_SQL = `
ALTER TABLE maps ADD COLUMN labels TEXT;
`;

/**
 * Journal steps that change no tile (project migration 6, document-edits.ts): the label list
 * before and after an edit of the labels (JSON text), or the whole map before and after a
 * resize (gzipped map JSON). The row goes with its journal entry.
 */
export const DOCUMENT_EDITS_SQL = `
CREATE TABLE document_edits (
  map_id  TEXT NOT NULL,
  seq     INTEGER NOT NULL,
  kind    TEXT NOT NULL CHECK (kind IN ('labels', 'map')),
  before  BLOB NOT NULL,
  after   BLOB NOT NULL,
  PRIMARY KEY (map_id, seq),
  FOREIGN KEY (map_id, seq) REFERENCES journal (map_id, seq) ON DELETE CASCADE
) WITHOUT ROWID;
`;
