/**
 * 18xx track tiles and games in a library (SPEC §9, §10; the Rails tile database, seeds/001):
 * tiles with junctions and connections, and per game a manifest (tiles with quantities,
 * upgrade relations) and a board of preprinted hexes with impassable hexsides. Records are
 * the model of core/track/types.ts; they are validated on the way in and read back through
 * the same validators (core/track/validate.ts), so a damaged row is reported, not returned.
 *
 * Must not depend on: Electron, DOM.
 */
import type { Board, BoardHex, Connection, GameManifest, Junction, ManifestEntry, TrackEnd, TrackTile, Upgrade } from '../../core/track/types.js';
import { JUNCTION_TYPES } from '../../core/track/types.js';
import { readBoard, readManifest, readTrackTile } from '../../core/track/validate.js';
import type { OnConflict } from './args.js';
import { ArgReader, InputError, nested, withRecordId } from './args.js';
import type { StoreContext } from './context.js';
import type { ImportOptions, ImportResult, PageOptions } from './import-result.js';
import { emptyImportResult } from './import-result.js';
import { page } from './map-store.js';
import { containsPattern, foldName } from './search-key.js';
import type { SqliteDb } from './sqlite.js';
import { readTransaction, writeTransaction } from './sqlite.js';

/** A game as stored: its manifest and, when it has one, its board. */
export interface Game {
  readonly id: string;
  readonly name: string;
  readonly manifest: GameManifest;
  readonly board: Board | null;
}

/** What `importGame` takes: a game plus, optionally, the tiles it needs, in one transaction. */
export interface GameInput {
  /** Defaults to `manifest.game`. */
  readonly id?: string;
  /** Defaults to the id. */
  readonly name?: string;
  readonly manifest: GameManifest;
  readonly board?: Board;
  readonly tiles?: readonly TrackTile[];
}

export interface GameImportResult {
  readonly game: string;
  readonly outcome: 'added' | 'replaced' | 'skipped';
  /** What happened to the tiles the game brought along. */
  readonly tiles: ImportResult;
}

export interface GameSummary {
  readonly id: string;
  readonly name: string;
  readonly tiles: number;
  readonly upgrades: number;
  readonly boardHexes: number;
}

export interface TrackImportOptions extends ImportOptions {
  /** Fills `source` on tiles that carry none (e.g. "rails:1830/Tiles.xml"). */
  source?: string;
}

export interface TrackQuery extends PageOptions {
  /** Matches the name (case and accents ignored) or the id. */
  text?: string;
  colour?: string;
  junctionType?: (typeof JUNCTION_TYPES)[number];
  /** Only tiles in this game's manifest. */
  game?: string;
  label?: string;
}

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

export class TrackTileStore {
  private readonly db;

  constructor(private readonly ctx: StoreContext) {
    this.db = ctx.db;
  }

  list(options: { colour?: string } & PageOptions = {}): TrackTile[] {
    const r = new ArgReader();
    const o = r.object(options, 'options');
    r.onlyKeys(o, 'options', ['colour', 'limit', 'offset']);
    return this.search(o);
  }

  get(id: string): TrackTile | null {
    const tileId = new ArgReader().id(id, 'id');
    return readTransaction(this.db, () => loadTiles(this.db, 'id = ?', [tileId])[0] ?? null);
  }

  /** Adds the tile or replaces the one with its id. */
  put(tile: TrackTile): TrackTile {
    const valid = withRecordId((tile as { id?: unknown } | null)?.id, () => nested('tile', () => readTrackTile(tile)));
    writeTransaction(this.db, () => writeTile(this.db, this.ctx.now(), valid, 'replace', 'tile'));
    return this.get(valid.id)!;
  }

  /** Deletes a tile that no game uses; a tile in a manifest, upgrade or board must leave those first. */
  delete(id: string): boolean {
    const tileId = new ArgReader().id(id, 'id');
    return writeTransaction(this.db, () => {
      const users = this.db
        .prepare(
          `SELECT game_id FROM game_tiles WHERE tile_id = @id UNION SELECT game_id FROM game_upgrades WHERE from_id = @id OR to_id = @id
           UNION SELECT game_id FROM board_hexes WHERE tile_id = @id ORDER BY 1`,
        )
        .pluck()
        .all({ id: tileId }) as string[];
      if (users.length) throw new InputError('argument', 'id', `track tile "${tileId}" is used by game ${users.map((g) => `"${g}"`).join(', ')}; delete or re-import those games first`);
      return this.db.prepare('DELETE FROM track_tiles WHERE id = ?').run(tileId).changes > 0;
    });
  }

  search(query: TrackQuery): TrackTile[] {
    const r = new ArgReader();
    const q = r.object(query, 'query');
    r.onlyKeys(q, 'query', ['text', 'colour', 'junctionType', 'game', 'label', 'limit', 'offset']);
    const where: string[] = [];
    const params: unknown[] = [];
    if (q.text !== undefined) {
      const pattern = containsPattern(r.string(q.text, 'query.text'));
      where.push(`(name_key LIKE ? ESCAPE '\\' OR id LIKE ? ESCAPE '\\')`);
      params.push(pattern, pattern);
    }
    if (q.colour !== undefined) {
      where.push('colour = ?');
      params.push(r.string(q.colour, 'query.colour'));
    }
    if (q.junctionType !== undefined) {
      where.push('id IN (SELECT tile_id FROM track_junctions WHERE type = ?)');
      params.push(r.oneOf(q.junctionType, 'query.junctionType', JUNCTION_TYPES));
    }
    if (q.game !== undefined) {
      where.push('id IN (SELECT tile_id FROM game_tiles WHERE game_id = ?)');
      params.push(r.id(q.game, 'query.game'));
    }
    if (q.label !== undefined) {
      where.push('label = ?');
      params.push(r.string(q.label, 'query.label'));
    }
    const { limit, offset } = page(r, q, 'query');
    return readTransaction(this.db, () => loadTiles(this.db, where.length ? where.join(' AND ') : '1', params, limit, offset));
  }

  /**
   * Imports tiles in ONE transaction (all or nothing). `options.source` fills the `source` of
   * tiles that carry none (e.g. "rails:1830/Tiles.xml").
   */
  import(tiles: readonly TrackTile[], options: TrackImportOptions = {}): ImportResult {
    const r = new ArgReader();
    const o = r.object(options, 'options');
    r.onlyKeys(o, 'options', ['onConflict', 'source']);
    const onConflict = r.onConflict(o.onConflict, 'options.onConflict');
    const source = o.source === undefined ? undefined : r.name(o.source, 'options.source');
    const valid = readTileBatch(r, tiles, 'tiles', source);
    return writeTransaction(this.db, () => {
      const result = emptyImportResult();
      const now = this.ctx.now();
      valid.forEach((tile, k) => result[writeTile(this.db, now, tile, onConflict, `tiles[${k}]`)]++);
      return result;
    });
  }

  /** All tiles (or those listed), ordered by id, in the model form `import` takes. */
  export(ids?: readonly string[]): TrackTile[] {
    const r = new ArgReader();
    if (ids === undefined) return readTransaction(this.db, () => loadTiles(this.db, '1', []));
    const wanted = r.array(ids, 'ids').map((id, k) => r.id(id, `ids[${k}]`));
    return readTransaction(this.db, () =>
      wanted.map((id) => {
        const tile = loadTiles(this.db, 'id = ?', [id])[0];
        if (!tile) throw new InputError('argument', 'ids', `no track tile "${id}" in this library`);
        return tile;
      }),
    );
  }

  stats(): { tiles: number; byColour: Record<string, number>; junctions: number; connections: number } {
    return readTransaction(this.db, () => {
      const byColour: Record<string, number> = {};
      for (const row of this.db.prepare('SELECT colour, count(*) AS n FROM track_tiles GROUP BY colour ORDER BY colour').all() as { colour: string; n: number }[]) {
        byColour[row.colour] = row.n;
      }
      return {
        tiles: Object.values(byColour).reduce((a, b) => a + b, 0),
        byColour,
        junctions: this.db.prepare('SELECT count(*) FROM track_junctions').pluck().get() as number,
        connections: this.db.prepare('SELECT count(*) FROM track_connections').pluck().get() as number,
      };
    });
  }
}

export class GameStore {
  private readonly db;

  constructor(private readonly ctx: StoreContext) {
    this.db = ctx.db;
  }

  list(): GameSummary[] {
    return this.db
      .prepare(
        `SELECT g.id, g.name,
                (SELECT count(*) FROM game_tiles t WHERE t.game_id = g.id) AS tiles,
                (SELECT count(*) FROM game_upgrades u WHERE u.game_id = g.id) AS upgrades,
                (SELECT count(*) FROM board_hexes h WHERE h.game_id = g.id) AS boardHexes
         FROM games g ORDER BY g.id`,
      )
      .all() as GameSummary[];
  }

  get(id: string): Game | null {
    const gameId = new ArgReader().id(id, 'id');
    return readTransaction(this.db, () => loadGame(this.db, gameId));
  }

  /**
   * Imports a game — its manifest, its board if any, and the tiles it brings — in ONE
   * transaction. Every tile the manifest, the upgrades or the board names must be in the
   * library or in `tiles`. `onConflict` applies to the game and to each tile.
   */
  import(game: GameInput, options: ImportOptions = {}): GameImportResult {
    const r = new ArgReader();
    const o = r.object(options, 'options');
    r.onlyKeys(o, 'options', ['onConflict']);
    const onConflict = r.onConflict(o.onConflict, 'options.onConflict');
    const g = r.object(game, 'game');
    r.onlyKeys(g, 'game', ['id', 'name', 'manifest', 'board', 'tiles']);
    const manifest = nested('game.manifest', () => readManifest(g.manifest));
    const id = g.id === undefined ? r.id(manifest.game, 'game.manifest.game') : r.id(g.id, 'game.id');
    const name = g.name === undefined ? id : r.name(g.name, 'game.name');
    const board = g.board === undefined ? null : nested('game.board', () => readBoard(g.board));
    const tiles = g.tiles === undefined ? [] : readTileBatch(r, g.tiles, 'game.tiles', undefined);
    return writeTransaction(this.db, () => {
      const now = this.ctx.now();
      const result = emptyImportResult();
      tiles.forEach((tile, k) => result[writeTile(this.db, now, tile, onConflict, `game.tiles[${k}]`)]++);
      const existing = this.db.prepare('SELECT created_at FROM games WHERE id = ?').pluck().get(id) as string | undefined;
      if (existing !== undefined) {
        if (onConflict === 'skip') return { game: id, outcome: 'skipped', tiles: result };
        if (onConflict === 'error') throw new InputError('argument', 'game.id', `a game "${id}" already exists (import with onConflict "replace" or "skip")`);
        this.db.prepare('DELETE FROM games WHERE id = ?').run(id);
      }
      const known = this.db.prepare('SELECT 1 FROM track_tiles WHERE id = ?').pluck();
      const need = (tileId: string, path: string) => {
        if (known.get(tileId) === undefined) throw new InputError('argument', path, `expected the id of a track tile in the library or in game.tiles, got "${tileId}"`);
      };
      manifest.tiles.forEach((t, k) => need(t.tileId, `game.manifest.tiles[${k}].tileId`));
      manifest.upgrades.forEach((u, k) => {
        need(u.from, `game.manifest.upgrades[${k}].from`);
        need(u.to, `game.manifest.upgrades[${k}].to`);
      });
      board?.hexes.forEach((h, k) => {
        if (h.tileId !== undefined) need(h.tileId, `game.board.hexes[${k}].tileId`);
      });
      writeGame(this.db, now, existing ?? now, id, name, manifest, board);
      return { game: id, outcome: existing === undefined ? 'added' : 'replaced', tiles: result };
    });
  }

  delete(id: string): boolean {
    const gameId = new ArgReader().id(id, 'id');
    return writeTransaction(this.db, () => this.db.prepare('DELETE FROM games WHERE id = ?').run(gameId).changes > 0);
  }

  /** Tiles that `tileId` may be upgraded to in this game (on `hex`, when given). */
  upgradesFrom(gameId: string, tileId: string, hex?: string): Upgrade[] {
    const r = new ArgReader();
    const game = r.id(gameId, 'gameId');
    const from = r.id(tileId, 'tileId');
    const on = hex === undefined ? undefined : r.string(hex, 'hex');
    const rows = this.db.prepare('SELECT from_id, to_id, only_hexes, except_hexes FROM game_upgrades WHERE game_id = ? AND from_id = ? ORDER BY seq').all(game, from) as UpgradeRow[];
    return rows.map(toUpgrade).filter((u) => on === undefined || ((!u.onlyHexes || u.onlyHexes.includes(on)) && !(u.exceptHexes ?? []).includes(on)));
  }

  /** All games in full, ordered by id (library packs). */
  export(): Game[] {
    return readTransaction(this.db, () => (this.db.prepare('SELECT id FROM games ORDER BY id').pluck().all() as string[]).map((id) => loadGame(this.db, id)!));
  }

  stats(): { games: number; manifestEntries: number; upgrades: number; boardHexes: number } {
    return readTransaction(this.db, () => ({
      games: this.db.prepare('SELECT count(*) FROM games').pluck().get() as number,
      manifestEntries: this.db.prepare('SELECT count(*) FROM game_tiles').pluck().get() as number,
      upgrades: this.db.prepare('SELECT count(*) FROM game_upgrades').pluck().get() as number,
      boardHexes: this.db.prepare('SELECT count(*) FROM board_hexes').pluck().get() as number,
    }));
  }
}

function readTileBatch(r: ArgReader, value: unknown, argName: string, source: string | undefined): TrackTile[] {
  const list = r.array(value, argName);
  const seen = new Set<string>();
  return list.map((t, k) => {
    const path = `${argName}[${k}]`;
    const tile = withRecordId((t as { id?: unknown } | null)?.id, () => nested(path, () => readTrackTile(t)));
    if (seen.has(tile.id)) throw new InputError('argument', `${path}.id`, `track tile "${tile.id}" appears twice in this import`);
    seen.add(tile.id);
    return source !== undefined && tile.source === undefined ? { ...tile, source } : tile;
  });
}

function writeTile(db: SqliteDb, now: string, tile: TrackTile, onConflict: OnConflict, path: string): 'added' | 'replaced' | 'skipped' {
  const existing = db.prepare('SELECT created_at FROM track_tiles WHERE id = ?').pluck().get(tile.id) as string | undefined;
  const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));
  const columns = [tile.name, foldName(tile.name), tile.colour, tile.label ?? null, json(tile.costs), json(tile.borders), tile.source ?? null];
  if (existing !== undefined) {
    if (onConflict === 'skip') return 'skipped';
    if (onConflict === 'error') throw new InputError('argument', `${path}.id`, `a track tile "${tile.id}" already exists (import with onConflict "replace" or "skip")`);
    db.prepare('DELETE FROM track_connections WHERE tile_id = ?').run(tile.id);
    db.prepare('DELETE FROM track_junctions WHERE tile_id = ?').run(tile.id);
    db.prepare('UPDATE track_tiles SET name = ?, name_key = ?, colour = ?, label = ?, costs = ?, borders = ?, source = ?, updated_at = ? WHERE id = ?').run(...columns, now, tile.id);
  } else {
    db.prepare('INSERT INTO track_tiles (name, name_key, colour, label, costs, borders, source, created_at, updated_at, id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').run(
      ...columns,
      now,
      now,
      tile.id,
    );
  }
  const insertJunction = db.prepare(
    `INSERT INTO track_junctions (tile_id, junction, seq, type, revenue, phase_revenue, slots, placed, toward, level, groups)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  tile.junctions.forEach((j, k) =>
    insertJunction.run(tile.id, j.id, k, j.type, j.revenue, json(j.phaseRevenue), j.slots, j.position ? 1 : 0, j.position?.toward ?? null, j.position?.level ?? null, json(j.groups)),
  );
  const insertConnection = db.prepare(
    `INSERT INTO track_connections (tile_id, seq, a_side, a_junction, b_side, b_junction, gauge, terminal, lanes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const side = (e: TrackEnd) => (e.kind === 'side' ? e.side : null);
  const junction = (e: TrackEnd) => (e.kind === 'junction' ? e.id : null);
  tile.connections.forEach((c, k) =>
    insertConnection.run(tile.id, k, side(c.a), junction(c.a), side(c.b), junction(c.b), c.gauge, c.terminal === undefined ? null : c.terminal ? 1 : 0, c.lanes ?? null),
  );
  return existing === undefined ? 'added' : 'replaced';
}

/** Tiles matching `where` (on track_tiles), ordered by id, each validated on the way out. */
function loadTiles(db: SqliteDb, where: string, params: unknown[], limit = -1, offset = 0): TrackTile[] {
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

interface UpgradeRow {
  from_id: string;
  to_id: string;
  only_hexes: string | null;
  except_hexes: string | null;
}

function toUpgrade(row: UpgradeRow): Upgrade {
  const u: { -readonly [K in keyof Upgrade]: Upgrade[K] } = { from: row.from_id, to: row.to_id };
  if (row.only_hexes !== null) u.onlyHexes = JSON.parse(row.only_hexes) as string[];
  if (row.except_hexes !== null) u.exceptHexes = JSON.parse(row.except_hexes) as string[];
  return u;
}

function writeGame(db: SqliteDb, now: string, createdAt: string, id: string, name: string, manifest: GameManifest, board: Board | null): void {
  db.prepare('INSERT INTO games (id, name, board_orientation, letter_orientation, board_even, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
    id,
    name,
    board?.orientation ?? null,
    board?.letterOrientation ?? null,
    board?.even ?? null,
    createdAt,
    now,
  );
  const insertTile = db.prepare('INSERT INTO game_tiles (game_id, tile_id, seq, quantity, printed_as) VALUES (?, ?, ?, ?, ?)');
  manifest.tiles.forEach((t, k) => insertTile.run(id, t.tileId, k, t.quantity === 'unlimited' ? null : t.quantity, t.printedAs ?? null));
  const insertUpgrade = db.prepare('INSERT INTO game_upgrades (game_id, seq, from_id, to_id, only_hexes, except_hexes) VALUES (?, ?, ?, ?, ?, ?)');
  manifest.upgrades.forEach((u, k) =>
    insertUpgrade.run(id, k, u.from, u.to, u.onlyHexes ? JSON.stringify(u.onlyHexes) : null, u.exceptHexes ? JSON.stringify(u.exceptHexes) : null),
  );
  if (!board) return;
  const insertHex = db.prepare('INSERT INTO board_hexes (game_id, hex, seq, tile_id, rotation, cost, label, city, revenues) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const insertSide = db.prepare('INSERT INTO board_impassable (game_id, hex, side) VALUES (?, ?, ?)');
  board.hexes.forEach((h, k) => {
    insertHex.run(id, h.name, k, h.tileId ?? null, h.rotation, h.cost ?? null, h.label ?? null, h.city ?? null, h.revenues ? JSON.stringify(h.revenues) : null);
    for (const side of h.impassableSides) insertSide.run(id, h.name, side);
  });
}

function loadGame(db: SqliteDb, id: string): Game | null {
  const g = db.prepare('SELECT id, name, board_orientation, letter_orientation, board_even FROM games WHERE id = ?').get(id) as
    | { id: string; name: string; board_orientation: Board['orientation'] | null; letter_orientation: Board['letterOrientation'] | null; board_even: Board['even'] | null }
    | undefined;
  if (!g) return null;
  const tiles = (
    db.prepare('SELECT tile_id, quantity, printed_as FROM game_tiles WHERE game_id = ? ORDER BY seq').all(id) as { tile_id: string; quantity: number | null; printed_as: string | null }[]
  ).map((t): ManifestEntry => {
    const entry: { -readonly [K in keyof ManifestEntry]: ManifestEntry[K] } = { tileId: t.tile_id, quantity: t.quantity === null ? 'unlimited' : t.quantity };
    if (t.printed_as !== null) entry.printedAs = t.printed_as;
    return entry;
  });
  const upgrades = (db.prepare('SELECT from_id, to_id, only_hexes, except_hexes FROM game_upgrades WHERE game_id = ? ORDER BY seq').all(id) as UpgradeRow[]).map(toUpgrade);
  const manifest = readManifest({ game: g.id, tiles, upgrades }, `stored game "${id}" manifest`);
  let board: Board | null = null;
  if (g.board_orientation !== null) {
    const sides = new Map<string, number[]>();
    for (const s of db.prepare('SELECT hex, side FROM board_impassable WHERE game_id = ? ORDER BY rowid').all(id) as { hex: string; side: number }[]) {
      let list = sides.get(s.hex);
      if (!list) sides.set(s.hex, (list = []));
      list.push(s.side);
    }
    const hexes = (
      db.prepare('SELECT hex, tile_id, rotation, cost, label, city, revenues FROM board_hexes WHERE game_id = ? ORDER BY seq').all(id) as {
        hex: string;
        tile_id: string | null;
        rotation: number;
        cost: number | null;
        label: string | null;
        city: string | null;
        revenues: string | null;
      }[]
    ).map((h): BoardHex => {
      const hex: { -readonly [K in keyof BoardHex]: BoardHex[K] } = { name: h.hex, rotation: h.rotation, impassableSides: sides.get(h.hex) ?? [] };
      if (h.tile_id !== null) hex.tileId = h.tile_id;
      if (h.cost !== null) hex.cost = h.cost;
      if (h.label !== null) hex.label = h.label;
      if (h.city !== null) hex.city = h.city;
      if (h.revenues !== null) hex.revenues = JSON.parse(h.revenues) as number[];
      return hex;
    });
    board = readBoard({ orientation: g.board_orientation, letterOrientation: g.letter_orientation, even: g.board_even, hexes }, `stored game "${id}" board`);
  }
  return { id: g.id, name: g.name, manifest, board };
}
