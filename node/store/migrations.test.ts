/**
 * Opens a library written at EVERY earlier schema version — each built by running the real
 * migrations up to that version and filling it with data the way that version stored it —
 * with the current code, and checks the data arrived intact and usable (search keys
 * back-filled, raster tiles matchable, track tiles and games readable).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { TerrainMap } from '../../core/map/terrain-map.js';
import { InstanceLayer } from '../../core/map/instance-layer.js';
import { LinearClass, LinearLayer } from '../../core/map/linear-layer.js';
import { vectorTileToJson } from '../../core/vector/json.js';
import { CLEARING_TILE, HEX_TILE } from '../../core/vector/vector.testkit.js';
import { parseCatalogue, serializeCatalogue } from '../../core/terrain/catalogue.js';
import { minimalCatalogueJson } from '../../core/terrain/catalogue.testkit.js';
import { LIBRARY_MIGRATIONS } from './library-schema.js';
import { openLibrary } from './library.js';
import { encodeLayer } from './map-chunks.js';
import { foldName } from './search-key.js';
import { FEATURELESS, pairKeys } from './vector-pairs.js';
import { VECTOR_FIT_PAIRS_BACKFILL_SQL } from './vector-schema.js';
import { fitRows } from './vector-records.js';
import { PROJECT_MIGRATIONS } from './project-schema.js';
import { openProject } from './project.js';
import type { SqliteDb } from './sqlite.js';
import { openDatabase, schemaVersion } from './sqlite.js';
import { FIXED_NOW, cleanupTempDirs, fakePng, tempFile } from './store.testkit.js';

afterEach(cleanupTempDirs);

const NOW = '2020-05-05T00:00:00.000Z';
const map = (() => {
  const m = TerrainMap.create({ size: { kind: 'square', width: 9, height: 7 }, alform: true, palette: ['clear', 'forest'], meta: { name: 'Öland' } });
  m.layers.terrain.fill(2, 10, 30);
  return m;
})();

/** The map "oland" as version 1 of both file kinds stores it (the map tables are shared). */
function insertMap(db: SqliteDb): void {
  db.prepare('INSERT INTO maps (id, name, kind, size, wrap_x, wrap_y, alform, tile_count, palette, meta, created_at, updated_at) VALUES (?, ?, ?, ?, 0, 0, 1, ?, ?, ?, ?, ?)').run(
    'oland',
    'Öland',
    'square',
    '{"width":9,"height":7}',
    map.tileCount,
    JSON.stringify(map.palette),
    JSON.stringify(map.meta),
    NOW,
    NOW,
  );
  db.prepare('INSERT INTO map_layers VALUES (?, ?, ?)').run('oland', 'terrain', map.tileCount);
  encodeLayer(map.layers.terrain).forEach((data, c) => db.prepare('INSERT INTO map_chunks (map_id, layer, chunk, data) VALUES (?, ?, ?, ?)').run('oland', 'terrain', c, data));
  db.prepare('INSERT INTO map_thumbnails VALUES (?, ?, ?)').run('oland', 'image/png', fakePng(1));
}

/**
 * What each version added, written with that version's columns (no later ones). `target` is
 * the version of the file being built: a row whose table a later version rebuilt is written
 * the way that later version writes it.
 */
const FIXTURES: Record<number, (db: SqliteDb, target: number) => void> = {
  1: (db) => {
    const catalogue = parseCatalogue(minimalCatalogueJson());
    db.prepare('INSERT INTO catalogues (id, name, json, created_at, updated_at) VALUES (?, ?, ?, ?, ?)').run('minimal', catalogue.name, serializeCatalogue(catalogue), NOW, NOW);
    catalogue.modes.forEach((m, k) => db.prepare('INSERT INTO movement_modes VALUES (?, ?, ?, ?, ?)').run('minimal', m.id, k, m.name, m.description ?? null));
    catalogue.terrains.forEach((t, k) => db.prepare('INSERT INTO terrains VALUES (?, ?, ?, ?, ?, ?)').run('minimal', t.id, k, t.class, t.name, t.colour.toLowerCase()));
    insertMap(db);
  },
  2: (db) => {
    for (const label of ['grass', 'road']) db.prepare('INSERT INTO edge_labels (label) VALUES (?)').run(label);
    db.prepare(
      `INSERT INTO raster_tiles (rid, id, name, shape, width, height, orientations, e0, e1, e2, e3, e4, e5, created_at, updated_at)
       VALUES (1, 'crossing', 'Crossroads Café', 'square', 64, 64, 255, 1, 2, 1, 2, NULL, NULL, ?, ?)`,
    ).run(NOW, NOW);
    db.prepare('INSERT INTO raster_images VALUES (1, ?, ?)').run('image/png', fakePng(2));
    db.prepare(`INSERT INTO raster_tags VALUES (1, 'town')`).run();
    db.prepare(`UPDATE meta SET value = '1' WHERE key = 'raster_generation'`).run();
  },
  3: (db) => {
    db.prepare(`INSERT INTO track_tiles (id, name, colour, label, costs, borders, source, created_at, updated_at) VALUES ('57', 'Städtchen', 'yellow', NULL, NULL, NULL, 'rails', ?, ?)`).run(NOW, NOW);
    db.prepare(`INSERT INTO track_junctions VALUES ('57', 'city1', 0, 'city', 20, NULL, 1, 1, NULL, NULL, NULL)`).run();
    db.prepare(`INSERT INTO track_connections VALUES ('57', 0, 0, NULL, NULL, 'city1', 'normal', NULL, NULL)`).run();
    db.prepare(`INSERT INTO track_connections VALUES ('57', 1, NULL, 'city1', 3, NULL, 'normal', NULL, NULL)`).run();
    db.prepare(`INSERT INTO games VALUES ('1830', '1830', 'EW', 'vertical', 'B', ?, ?)`).run(NOW, NOW);
    db.prepare(`INSERT INTO game_tiles VALUES ('1830', '57', 0, 4, NULL)`).run();
    db.prepare(`INSERT INTO board_hexes VALUES ('1830', 'B10', 0, '57', 2, NULL, NULL, NULL, NULL)`).run();
    db.prepare(`INSERT INTO board_impassable (game_id, hex, side) VALUES ('1830', 'B10', 4)`).run();
  },
  4: (db, target) => {
    // A version-4 Sandtable wrote folded search keys with every row (the earlier fixtures' rows get theirs here).
    for (const table of ['maps', 'raster_tiles', 'track_tiles']) {
      for (const row of db.prepare(`SELECT rowid AS r, name FROM ${table}`).all() as { r: number; name: string }[]) {
        db.prepare(`UPDATE ${table} SET name_key = ? WHERE rowid = ?`).run(foldName(row.name), row.r);
      }
    }
    // Version 4 slots had no lattice: the migration to 5 takes it from the map's grid kind.
    if (target === 4) db.prepare(`INSERT INTO substitutes (catalogue_id, terrain_id, ratio, map_id) VALUES ('minimal', 'forest', 2, 'oland')`).run();
    else db.prepare(`INSERT INTO substitutes (catalogue_id, terrain_id, lattice, ratio, map_id) VALUES ('minimal', 'forest', 'square', 2, 'oland')`).run();
  },
  5: (db) => {
    // Version 5 slots carry their lattice; the triggers bump the generation as it writes.
    db.prepare(`INSERT INTO substitutes (catalogue_id, terrain_id, lattice, ratio, map_id) VALUES ('minimal', 'sand', 'square', 4, 'oland')`).run();
  },
  6: (db, target) => {
    // A version-6 Sandtable wrote vector tiles with their fit rows (no counts yet: version 7 back-fills them;
    // no pair rows: version 11 back-fills them); versions 10 and later store no thumbnail.
    const thumbnail = target >= 10 ? [] : ['<svg xmlns="http://www.w3.org/2000/svg" data-shape="square"/>'];
    db.prepare(
      `INSERT INTO vector_tiles (vid, id, name, name_key, shape, orientations, element_count, json, ${thumbnail.length ? 'thumbnail, ' : ''}created_at, updated_at)
       VALUES (1, 'clearing', 'clearing', 'clearing', 'square', 255, ?, ?, ${thumbnail.length ? '?, ' : ''}?, ?)`,
    ).run(CLEARING_TILE.elements.length, JSON.stringify(vectorTileToJson(CLEARING_TILE)), ...thumbnail, NOW, NOW);
    for (const [signature, edge, mirrored] of fitRows(CLEARING_TILE)) {
      db.prepare('INSERT OR IGNORE INTO vector_signatures (shape, signature) VALUES (?, ?)').run('square', signature);
      const sig = db.prepare('SELECT id FROM vector_signatures WHERE shape = ? AND signature = ?').pluck().get('square', signature);
      db.prepare('INSERT INTO vector_fit (sig, edge, mirrored, vid) VALUES (?, ?, ?, 1)').run(sig, edge, mirrored);
    }
  },
  7: (db) => {
    // A version-7 Sandtable kept the per-key counts beside every fit row it wrote (here: the rows of fixture 6).
    db.prepare(
      `INSERT INTO vector_fit_counts (sig, edge, mirrored, mask, n) SELECT f.sig, f.edge, f.mirrored, t.orientations, count(*)
       FROM vector_fit f JOIN vector_tiles t ON t.vid = f.vid GROUP BY f.sig, f.edge, f.mirrored, t.orientations`,
    ).run();
  },
  8: (db) => insertInstanceMap(db),
  // Version 9 added empty tables only (linear layers); the thumbnails version 10 drops are fixture 6's.
  9: () => {},
  // Version 10 dropped a column only; fixture 6's tile is the one whose pair rows version 11 back-fills.
  10: () => {},
  // A version-11 Sandtable kept the pair rows beside every fit row it wrote (here: the rows of fixture 6).
  11: (db) => db.prepare(VECTOR_FIT_PAIRS_BACKFILL_SQL).run({ featureless: FEATURELESS }),
  // Version 12 added the labels column only (NULL: no labels); version 13 (networks) adds empty tables.
  12: () => {},
};

/** A map with area instances as version 8 of the library (4 of the project) stored it: tile table and two instance layers, no linear columns. */
function insertInstanceMap(db: SqliteDb): void {
  const m = TerrainMap.create({ size: { kind: 'square', width: 3, height: 3 } });
  db.prepare('INSERT INTO maps (id, name, kind, size, wrap_x, wrap_y, alform, tile_count, palette, meta, instance_tiles, created_at, updated_at) VALUES (?, ?, ?, ?, 0, 0, 0, ?, ?, ?, ?, ?, ?)').run(
    'tiled', 'Tiled', 'square', '{"width":3,"height":3}', m.tileCount, '[]', '{}', JSON.stringify([{ id: 'sq-road-bend-1' }]), NOW, NOW,
  );
  const refs = new Int32Array(m.tileCount);
  refs[4] = 1;
  const codes = new Uint8Array(m.tileCount);
  codes[4] = 6;
  for (const [layer, values] of [['terrain', m.layers.terrain], ['edges', m.layers.edges!], ['vertices', m.layers.vertices!], ['instance_tiles', refs], ['instance_codes', codes]] as const) {
    db.prepare('INSERT INTO map_layers VALUES (?, ?, ?)').run('tiled', layer, values.length);
    encodeLayer(values).forEach((data, c) => db.prepare('INSERT INTO map_chunks (map_id, layer, chunk, data) VALUES (?, ?, ?, ?)').run('tiled', layer, c, data));
  }
}

/** What the linear migration (library 9, project 5) must leave working: instance maps of the version before intact, AL-FORM maps with a linear layer stored. */
function expectLinearMaps(store: { maps: { load(id: string): TerrainMap; put(m: TerrainMap, o: { id: string }): unknown; delete(id: string): boolean }; db: SqliteDb }, hasInstanceMap: boolean): void {
  if (hasInstanceMap) {
    const old = store.maps.load('tiled');
    expect(old.instances!.get(4)).toEqual({ tile: 'sq-road-bend-1', code: 6 });
    expect(old.linear).toBeNull();
  }
  const river = TerrainMap.create({ size: { kind: 'square', width: 5, height: 5 }, alform: true });
  const linear = new LinearLayer(river.grid);
  linear.set(1, LinearClass.BLOCKING, 'sq-river-straight-1', 2);
  linear.setEmptyBlocking(3);
  river.setLinear(linear);
  store.maps.put(river, { id: 'river' });
  expect(store.maps.load('river').linear!.toJSON()).toEqual(linear.toJSON());
  store.maps.delete('river');
  expect(store.db.prepare(`SELECT count(*) FROM map_chunks WHERE map_id = 'river'`).pluck().get()).toBe(0);
}

/** What the instance migration (library 8, project 4) must leave working: old maps untouched, new maps with instances. */
function expectInstanceMaps(store: { maps: { load(id: string): TerrainMap; put(m: TerrainMap, o: { id: string }): unknown; delete(id: string): boolean }; db: SqliteDb }, hasOld: boolean): void {
  if (hasOld) {
    const old = store.maps.load('oland');
    expect(old.instances).toBeNull();
    expect(old.tileCount).toBe(map.tileCount);
  }
  const placed = TerrainMap.create({ size: { kind: 'square', width: 3, height: 3 } });
  const layer = new InstanceLayer(placed.grid);
  layer.set(4, 'sq-road-bend-1', 6);
  layer.ref('sq-road-bend-1', { library: 'starter' });
  placed.setInstances(layer);
  store.maps.put(placed, { id: 'placed' });
  expect(store.maps.load('placed').instances!.get(4)).toEqual({ tile: 'sq-road-bend-1', code: 6 });
  // The rebuilt chunk table still goes with its map.
  store.maps.delete('placed');
  expect(store.db.prepare(`SELECT count(*) FROM map_chunks WHERE map_id = 'placed'`).pluck().get()).toBe(0);
}

describe('library migrations', () => {
  it('has a fixture for every version but the latest', () => {
    expect(Object.keys(FIXTURES).map(Number)).toEqual(LIBRARY_MIGRATIONS.slice(0, -1).map((m) => m.version));
  });

  for (let version = 0; version < LIBRARY_MIGRATIONS.length; version++) {
    it(`opens a library written at schema version ${version} and finds its data migrated`, () => {
      const path = tempFile();
      const old = openDatabase(path, 'library', LIBRARY_MIGRATIONS, { targetVersion: version });
      expect(schemaVersion(old)).toBe(version);
      old.transaction(() => {
        for (let v = 1; v <= version; v++) FIXTURES[v]!(old, version);
      })();
      old.close();

      const lib = openLibrary(path, { now: FIXED_NOW });
      expect(lib.schemaVersion).toBe(LIBRARY_MIGRATIONS.length);
      expect(lib.integrityCheck()).toEqual(['ok']);
      if (version >= 1) {
        expect(lib.catalogues.modes('minimal').map((m) => m.id)).toEqual(['foot', 'boat']);
        expect(lib.catalogues.get('minimal')!.terrains.length).toBe(10);
        const loaded = lib.maps.load('oland');
        expect(Buffer.compare(Buffer.from(loaded.layers.terrain), Buffer.from(map.layers.terrain))).toBe(0);
        expect(lib.maps.search({ text: 'oland' }).map((m) => m.id)).toEqual(['oland']);
        expect(lib.maps.thumbnail('oland')!.mime).toBe('image/png');
        // A table added later works alongside the old data.
        const g = lib.substitutes.generation();
        expect(lib.substitutes.set({ catalogueId: 'minimal', terrainId: 'sand', ratio: 2, mapId: 'oland' })).toMatchObject({ lattice: 'square', mapId: 'oland' });
        expect(lib.substitutes.generation()).toBeGreaterThan(g);
      } else {
        expect(lib.maps.list()).toEqual([]);
      }
      if (version >= 2) {
        expect(lib.raster.get('crossing')).toMatchObject({ name: 'Crossroads Café', tags: ['town'], edges: ['grass', 'road', 'grass', 'road'] });
        expect(lib.raster.search({ text: 'cafe' }).map((t) => t.id)).toEqual(['crossing']);
        expect(lib.raster.fit({ north: 'road', east: 'grass' }).total).toBe(4);
        lib.raster.put({ id: 'new', name: 'New', shape: 'square', width: 1, height: 1, image: { mime: 'image/png', data: fakePng(3) }, edges: ['road', 'road', 'road', 'road'] });
        expect(lib.raster.fit({ north: 'road', east: 'grass' }).total).toBe(4);
        expect(lib.raster.fit({ north: 'road', east: 'road' }).total).toBe(8);
      }
      if (version >= 3) {
        expect(lib.track.search({ text: 'stadtchen' }).map((t) => t.id)).toEqual(['57']);
        expect(lib.track.get('57')!.connections).toEqual([
          { a: { kind: 'side', side: 0 }, b: { kind: 'junction', id: 'city1' }, gauge: 'normal' },
          { a: { kind: 'junction', id: 'city1' }, b: { kind: 'side', side: 3 }, gauge: 'normal' },
        ]);
        expect(lib.games.get('1830')!.board!.hexes).toEqual([{ name: 'B10', tileId: '57', rotation: 2, impassableSides: [4] }]);
        expect(lib.games.get('1830')!.manifest.tiles).toEqual([{ tileId: '57', quantity: 4 }]);
      }
      if (version >= 4) {
        expect(lib.substitutes.list({ terrainId: 'forest' })).toEqual([{ catalogueId: 'minimal', terrainId: 'forest', lattice: 'square', ratio: 2, mapId: 'oland' }]);
        expect(lib.substitutes.get('minimal', 'forest', 'square', 2)).toBe('oland');
        // The triggers of version 5 see a change to the slot's map.
        const g = lib.substitutes.generation();
        lib.maps.put(map, { id: 'oland' });
        expect(lib.substitutes.generation()).toBeGreaterThan(g);
      }
      if (version >= 5) expect(lib.substitutes.get('minimal', 'sand', 'square', 4)).toBe('oland');
      if (version >= 6) {
        // Version 7 back-filled the per-key counts of the old fit rows: totals and pages work at once.
        const recount = lib.db.prepare(
          `SELECT f.sig, f.edge, f.mirrored, t.orientations AS mask, count(*) AS n FROM vector_fit f JOIN vector_tiles t ON t.vid = f.vid
           GROUP BY f.sig, f.edge, f.mirrored, t.orientations ORDER BY 1, 2, 3, 4`).all();
        expect(lib.db.prepare('SELECT sig, edge, mirrored, mask, n FROM vector_fit_counts ORDER BY 1, 2, 3, 4').all()).toEqual(recount);
        expect(recount.length).toBeGreaterThan(0);
        const answer = lib.vector.fit([{ dir: 0, neighbour: { id: 'clearing' } }], { shape: 'square', count: true });
        expect(answer.total).toBe(answer.matches.length);
        expect(answer.matches[0]).toEqual({ id: 'clearing', orientation: 'r0' });
        // Version 11 back-filled the pair rows of the old tile (its four forest edges: 6 pairs, drawn and mirrored).
        const stored = lib.db.prepare('SELECT sig, edge, mirrored FROM vector_fit WHERE vid = 1').raw().all() as [number, number, number][];
        const pairs = lib.db.prepare('SELECT sig_a, edge_a, sig_b, edge_b, mirrored FROM vector_fit_pairs WHERE vid = 1 ORDER BY 5, 2, 4').raw().all();
        expect(pairs).toEqual(pairKeys(stored).sort((x, y) => x[4] - y[4] || x[1] - y[1] || x[3] - y[3]));
        expect(pairs).toHaveLength(12);
        // …so a query with two constraints (driven from a pair) finds it.
        const two = lib.vector.fit([{ dir: 0, neighbour: { id: 'clearing' } }, { dir: 2, neighbour: { id: 'clearing' } }], { shape: 'square', count: true });
        expect(two.matches[0]).toEqual({ id: 'clearing', orientation: 'r0' });
        expect(two.total).toBe(8);
        // Version 10 dropped the stored thumbnail; the tile itself is intact.
        expect(lib.vector.tile('clearing')).toEqual(CLEARING_TILE);
      }
      expect((lib.db.prepare('PRAGMA table_info(vector_tiles)').all() as { name: string }[]).map((c) => c.name)).not.toContain('thumbnail');
      expectInstanceMaps(lib, version >= 1);
      expectLinearMaps(lib, version >= 8);
      // Vector tiles (version 6) work beside whatever the old file holds.
      expect(lib.vector.import([{ tile: vectorTileToJson(HEX_TILE), tags: ['old'] }])).toEqual({ added: 1, replaced: 0, skipped: [] });
      expect(lib.vector.search({ terrain: 'river' }).map((t) => t.id)).toEqual(['hex']);
      expect(lib.vector.fit([{ dir: 0, neighbour: { id: 'hex', orientation: 'r180' } }], { count: true }).total).toBeGreaterThan(0);
      expect(lib.integrityCheck()).toEqual(['ok']);
      lib.close();
    });
  }
});

/** What each project version added, written with that version's columns. */
const PROJECT_FIXTURES: Record<number, (db: SqliteDb) => void> = {
  1: (db) => {
    insertMap(db);
    db.prepare('INSERT INTO journal (map_id, seq, label, changes, undone) VALUES (?, 1, ?, ?, 0)').run('oland', 'Paint forest', journalBlob([0, 10, 0, 2]));
  },
  2: (db) => {
    // A derived map as version 2 stored it: its ground hash covers the whole parent.
    const child = TerrainMap.create({ size: { kind: 'square', width: 5, height: 5 }, alform: true, palette: ['clear'], meta: { name: 'Öland 1:10' } });
    db.prepare('INSERT INTO maps (id, name, kind, size, wrap_x, wrap_y, alform, tile_count, palette, meta, created_at, updated_at) VALUES (?, ?, ?, ?, 0, 0, 1, ?, ?, ?, ?, ?)').run(
      'oland-10',
      'Öland 1:10',
      'square',
      '{"width":5,"height":5}',
      child.tileCount,
      JSON.stringify(child.palette),
      JSON.stringify(child.meta),
      NOW,
      NOW,
    );
    db.prepare('INSERT INTO map_layers VALUES (?, ?, ?)').run('oland-10', 'terrain', child.tileCount);
    encodeLayer(child.layers.terrain).forEach((data, c) => db.prepare('INSERT INTO map_chunks (map_id, layer, chunk, data) VALUES (?, ?, ?, ?)').run('oland-10', 'terrain', c, data));
    db.prepare(
      `INSERT INTO derived_maps (map_id, parent_id, selection, selection_key, ratio, seed, ground_hash, substitutes_hash, created_at, updated_at)
       VALUES ('oland-10', 'oland', '[22]', '22', 10, 0, ?, ?, ?, ?)`,
    ).run('c'.repeat(64), 'd'.repeat(64), NOW, NOW);
  },
  3: (db) => {
    // Version 3 recorded the parent's ground a derivation read.
    db.prepare(`UPDATE derived_maps SET ground_tiles = ? WHERE map_id = 'oland-10'`).run(JSON.stringify({ terrain: [[22, 1]], edges: [], vertices: [], elevation: [] }));
  },
  4: (db) => insertInstanceMap(db),
  // Version 5 added the linear layer's empty tables and a column only; version 6 the labels column and an empty table;
  // version 7 (networks) empty tables.
  5: () => {},
  6: () => {},
  7: () => {},
};

function journalBlob(quad: number[]): Buffer {
  return Buffer.from(new Int32Array(quad).buffer);
}

describe('project migrations', () => {
  it('has a fixture for every version but the latest', () => {
    expect(Object.keys(PROJECT_FIXTURES).map(Number)).toEqual(PROJECT_MIGRATIONS.slice(0, -1).map((m) => m.version));
  });

  for (let version = 0; version < PROJECT_MIGRATIONS.length; version++) {
    it(`opens a project written at schema version ${version}`, () => {
      const path = tempFile('p.sandtable');
      const old = openDatabase(path, 'project', PROJECT_MIGRATIONS, { targetVersion: version });
      old.transaction(() => {
        for (let v = 1; v <= version; v++) PROJECT_FIXTURES[v]!(old);
      })();
      old.close();
      const project = openProject(path);
      expect(project.schemaVersion).toBe(PROJECT_MIGRATIONS.length);
      expect(project.integrityCheck()).toEqual(['ok']);
      if (version >= 1) {
        // The old map and its history arrive: the edit can be undone.
        expect(project.journal.history('oland')).toEqual([{ seq: 1, label: 'Paint forest', changeCount: 1, undone: false }]);
        expect(project.undo('oland')!.changes).toEqual([{ layer: 'terrain', index: 10, before: 2, after: 0 }]);
        // Derived maps (version 2) link to it.
        const child = project.derived.add(map, { parentId: 'oland', selection: [20], ratio: 10, seed: 0 }, { groundHash: 'a'.repeat(64), substitutesHash: 'b'.repeat(64) });
        expect(project.derived.chain(child.id)).toEqual(['oland', child.id]);
      }
      if (version === 2) {
        // A version-2 link arrives without a dependency: staleness compares the whole parent, as it did.
        const link = project.derived.get('oland-10')!;
        expect(link).toMatchObject({ parentId: 'oland', selection: [22], groundHash: 'c'.repeat(64), dependency: null });
      }
      if (version >= 3) expect(project.derived.get('oland-10')!.dependency).toMatchObject({ terrain: [22] });
      expectInstanceMaps(project, version >= 1);
      expectLinearMaps(project, version >= 4);
      // Version 8: the maps the file held are listed as stored before through-tile networks; maps stored since are not.
      if (version >= 1) expect(project.storedBeforeNetworks('oland')).toBe(true);
      project.maps.put(map, { id: 'm' });
      expect(project.storedBeforeNetworks('m')).toBe(false);
      expect(project.edit('m', [{ layer: 'terrain', index: 0, before: 0, after: 1 }]).seq).toBe(1);
      project.close();
    });
  }
});
