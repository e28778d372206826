/**
 * The vector-form tile tables of the library (library-schema.ts versions 6, 7 and 11), as
 * released: a released migration's SQL is never edited.
 *
 * Must not depend on: Electron, DOM.
 */

/** Version 6: vector-form tiles and their fit table (vector-store.ts). */
export const VECTOR_TABLES_SQL = `
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
`;

/** Version 7: exact per-key counts of the vector fit table (vector-write.ts keeps them). */
export const VECTOR_FIT_COUNTS_SQL = `
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
`;

/**
 * Version 11: the pair table of the vector fit table (vector-pairs.ts keeps it), back-filled
 * from the fit rows. `@featureless` is the featureless edge signature (vector-pairs.ts FEATURELESS).
 */
export const VECTOR_FIT_PAIRS_SQL = `
-- One row per tile, mirroring and pair of its canonical edges (edge_a < edge_b) that both
-- show something (not the featureless signature): "edge a shows S and edge b shows T" as one
-- range, so a query with several constraints drives from its two rarest keys at once (a
-- pair range is never larger than either key's range) instead of scanning the rarest key's
-- thousands of tiles for a tiny answer. A featureless edge narrows another key only by the
-- share of featureless edges, so its pairs are not kept. No foreign key: vector-write.ts
-- removes a tile's pair rows by key (from its fit rows) in the same transaction as the tile,
-- as it keeps vector_fit_counts.
CREATE TABLE vector_fit_pairs (
  sig_a     INTEGER NOT NULL,
  edge_a    INTEGER NOT NULL,
  sig_b     INTEGER NOT NULL,
  edge_b    INTEGER NOT NULL,
  mirrored  INTEGER NOT NULL CHECK (mirrored IN (0, 1)),
  vid       INTEGER NOT NULL,
  PRIMARY KEY (sig_a, edge_a, sig_b, edge_b, mirrored, vid),
  CHECK (edge_a < edge_b)
) WITHOUT ROWID;
`;

/** Version 11's back-fill: the pair rows of every stored tile (`@featureless`: the featureless signature). */
export const VECTOR_FIT_PAIRS_BACKFILL_SQL = `
INSERT INTO vector_fit_pairs (sig_a, edge_a, sig_b, edge_b, mirrored, vid)
  SELECT a.sig, a.edge, b.sig, b.edge, a.mirrored, a.vid
  FROM vector_fit a JOIN vector_fit b ON b.vid = a.vid AND b.mirrored = a.mirrored AND b.edge > a.edge
  WHERE a.sig NOT IN (SELECT id FROM vector_signatures WHERE signature = @featureless)
    AND b.sig NOT IN (SELECT id FROM vector_signatures WHERE signature = @featureless)`;
