/**
 * 18xx track tiles as rows (library-schema.ts version 3): a validated tile written with its
 * junctions and connections, tiles read back (three statements for any number of tiles) and
 * validated again on the way out (core/track/validate.ts), so a damaged row is reported, not
 * returned. Both run inside the caller's transaction.
 *
 * Must not depend on: Electron, DOM.
 */
import type { Connection, Junction, TrackEnd, TrackTile } from '../../core/track/types.js';
import { readTrackTile } from '../../core/track/validate.js';
import type { OnConflict } from './args.js';
import { ArgReader, nested, withRecordId } from './args.js';
import { foldName } from './search-key.js';
import type { SqliteDb } from './sqlite.js';
import { conflictError, readBatch } from './store-query.js';

interface TileRow {
  id: string;
  name: string;
  colour: string;
  label: string | null;
  costs: string | null;
  borders: string | null;
  source: string | null;
}

interface JunctionRow {
  tile_id: string;
  junction: string;
  type: string;
  revenue: number;
  phase_revenue: string | null;
  slots: number;
  placed: number;
  toward: number | null;
  level: number | null;
  groups: string | null;
}

interface ConnectionRow {
  tile_id: string;
  a_side: number | null;
  a_junction: string | null;
  b_side: number | null;
  b_junction: string | null;
  gauge: string;
  terminal: number | null;
  lanes: number | null;
}

/** A batch of tiles for one import, each read by core/track's validator; `source` fills the tiles that carry none. */
export function readTileBatch(r: ArgReader, value: unknown, argName: string, source: string | undefined): TrackTile[] {
  const list = r.array(value, argName);
  const tiles = readBatch(
    list,
    (t, k) => withRecordId((t as { id?: unknown } | null)?.id, () => nested(`${argName}[${k}]`, () => readTrackTile(t))),
    (tile) => tile.id,
    (k) => `${argName}[${k}].id`,
    'track tile',
  );
  return tiles.map((tile) => (source !== undefined && tile.source === undefined ? { ...tile, source } : tile));
}

export type TileWriter = (tile: TrackTile, path: string) => 'added' | 'replaced' | 'skipped';

/**
 * Writes validated tiles (inside the caller's transaction), each with its junctions and
 * connections. The statements are prepared once per writer, not once per tile: a 100 k-tile
 * Rails import spent most of its store time compiling the same six statements (bench/rails.bench.ts).
 */
export function tileWriter(db: SqliteDb, now: string, onConflict: OnConflict): TileWriter {
  const createdAt = db.prepare('SELECT created_at FROM track_tiles WHERE id = ?').pluck();
  const deleteConnections = db.prepare('DELETE FROM track_connections WHERE tile_id = ?');
  const deleteJunctions = db.prepare('DELETE FROM track_junctions WHERE tile_id = ?');
  const update = db.prepare('UPDATE track_tiles SET name = ?, name_key = ?, colour = ?, label = ?, costs = ?, borders = ?, source = ?, updated_at = ? WHERE id = ?');
  const insert = db.prepare('INSERT INTO track_tiles (name, name_key, colour, label, costs, borders, source, created_at, updated_at, id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const insertJunction = db.prepare(
    `INSERT INTO track_junctions (tile_id, junction, seq, type, revenue, phase_revenue, slots, placed, toward, level, groups)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertConnection = db.prepare(
    `INSERT INTO track_connections (tile_id, seq, a_side, a_junction, b_side, b_junction, gauge, terminal, lanes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));
  const side = (e: TrackEnd) => (e.kind === 'side' ? e.side : null);
  const junction = (e: TrackEnd) => (e.kind === 'junction' ? e.id : null);
  return (tile, path) => {
    const existing = createdAt.get(tile.id) as string | undefined;
    const id = tile.id;
    if (existing !== undefined) {
      if (onConflict === 'skip') return 'skipped';
      if (onConflict === 'error') throw conflictError(`${path}.id`, 'track tile', id);
      deleteConnections.run(id);
      deleteJunctions.run(id);
      update.run(tile.name, foldName(tile.name), tile.colour, tile.label ?? null, json(tile.costs), json(tile.borders), tile.source ?? null, now, id);
    } else {
      insert.run(tile.name, foldName(tile.name), tile.colour, tile.label ?? null, json(tile.costs), json(tile.borders), tile.source ?? null, now, now, id);
    }
    tile.junctions.forEach((j, k) =>
      insertJunction.run(id, j.id, k, j.type, j.revenue, json(j.phaseRevenue), j.slots, j.position ? 1 : 0, j.position?.toward ?? null, j.position?.level ?? null, json(j.groups)),
    );
    tile.connections.forEach((c, k) =>
      insertConnection.run(id, k, side(c.a), junction(c.a), side(c.b), junction(c.b), c.gauge, c.terminal === undefined ? null : c.terminal ? 1 : 0, c.lanes ?? null),
    );
    return existing === undefined ? 'added' : 'replaced';
  };
}

/** Tiles matching `where` (on track_tiles), ordered by id, each validated on the way out. */
export function loadTiles(db: SqliteDb, where: string, params: unknown[], limit = -1, offset = 0): TrackTile[] {
  const rows = db.prepare(`SELECT id, name, colour, label, costs, borders, source FROM track_tiles WHERE ${where} ORDER BY id LIMIT ? OFFSET ?`).all(...params, limit, offset) as TileRow[];
  if (rows.length === 0) return [];
  const ids = JSON.stringify(rows.map((t) => t.id));
  const junctions = groupBy(
    db.prepare('SELECT * FROM track_junctions WHERE tile_id IN (SELECT value FROM json_each(?)) ORDER BY tile_id, seq').all(ids) as JunctionRow[],
  );
  const connections = groupBy(
    db.prepare('SELECT * FROM track_connections WHERE tile_id IN (SELECT value FROM json_each(?)) ORDER BY tile_id, seq').all(ids) as ConnectionRow[],
  );
  return rows.map((row) => {
    const tile: { -readonly [K in keyof TrackTile]: TrackTile[K] } = {
      id: row.id,
      name: row.name,
      colour: row.colour,
      junctions: (junctions.get(row.id) ?? []).map(toJunction),
      connections: (connections.get(row.id) ?? []).map(toConnection),
    };
    if (row.label !== null) tile.label = row.label;
    if (row.costs !== null) tile.costs = JSON.parse(row.costs) as TrackTile['costs'];
    if (row.borders !== null) tile.borders = JSON.parse(row.borders) as TrackTile['borders'];
    if (row.source !== null) tile.source = row.source;
    return readTrackTile(tile, `stored track tile "${row.id}"`);
  });
}

function groupBy<T extends { tile_id: string }>(rows: T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    let list = out.get(row.tile_id);
    if (!list) out.set(row.tile_id, (list = []));
    list.push(row);
  }
  return out;
}

function toJunction(row: JunctionRow): Junction {
  const j: { -readonly [K in keyof Junction]: Junction[K] } = {
    id: row.junction,
    type: row.type as Junction['type'],
    revenue: row.revenue,
    slots: row.slots,
    position: row.placed ? { toward: row.toward, level: row.level } : null,
  };
  if (row.phase_revenue !== null) j.phaseRevenue = JSON.parse(row.phase_revenue) as Junction['phaseRevenue'];
  if (row.groups !== null) j.groups = JSON.parse(row.groups) as string[];
  return j;
}

function toConnection(row: ConnectionRow): Connection {
  const end = (side: number | null, junction: string | null): TrackEnd => (side !== null ? { kind: 'side', side } : { kind: 'junction', id: junction! });
  const c: { -readonly [K in keyof Connection]: Connection[K] } = { a: end(row.a_side, row.a_junction), b: end(row.b_side, row.b_junction), gauge: row.gauge as Connection['gauge'] };
  if (row.terminal !== null) c.terminal = row.terminal === 1;
  if (row.lanes !== null) c.lanes = row.lanes;
  return c;
}
