/**
 * The substitute-slot tables of the library (library-schema.ts versions 4 and 5), as
 * released: a released migration's SQL is never edited.
 *
 * Must not depend on: Electron, DOM.
 */

/** Version 4: substitute-map slots; the folded search-key columns (back-filled by the migration). */
export const SUBSTITUTE_SLOTS_SQL = `
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
`;

/** Version 5: substitute slots per lattice; the substitutes generation and its triggers. */
export const SUBSTITUTE_LATTICE_SQL = `
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
`;
