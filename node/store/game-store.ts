/**
 * 18xx games in a library (SPEC §9, §10; the Rails tile database, seeds/001): per game a
 * manifest (tiles with quantities, upgrade relations) and a board of preprinted hexes with
 * impassable hexsides, read back through core/track's validators. A game may bring the
 * tiles it needs (track-rows.ts), written in the same transaction.
 *
 * Must not depend on: Electron, DOM.
 */
import type { Board, BoardHex, GameManifest, ManifestEntry, TrackTile, Upgrade } from '../../core/track/types.js';
import { readBoard, readManifest } from '../../core/track/validate.js';
import { ArgReader, InputError, nested } from './args.js';
import type { StoreContext } from './context.js';
import type { ImportOptions, ImportResult } from './import-result.js';
import { KEPT_EXISTING, emptyImportResult, tally, type SkippedItem } from './import-result.js';
import type { SqliteDb } from './sqlite.js';
import { readTransaction, writeTransaction } from './sqlite.js';
import { conflictError } from './store-query.js';
import { readTileBatch, tileWriter } from './track-rows.js';

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

/** What a game import did not bring in: its tiles kept under onConflict "skip", and the game itself when it was. */
export function gameSkipped(result: GameImportResult): SkippedItem[] {
  return [...result.tiles.skipped, ...(result.outcome === 'skipped' ? [{ id: result.game, reason: KEPT_EXISTING }] : [])];
}

export interface GameSummary {
  readonly id: string;
  readonly name: string;
  readonly tiles: number;
  readonly upgrades: number;
  readonly boardHexes: number;
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
    const o = r.strictObject(options, 'options', ['onConflict']);
    const onConflict = r.onConflict(o.onConflict, 'options.onConflict');
    const g = r.strictObject(game, 'game', ['id', 'name', 'manifest', 'board', 'tiles']);
    const manifest = nested('game.manifest', () => readManifest(g.manifest));
    const id = g.id === undefined ? r.id(manifest.game, 'game.manifest.game') : r.id(g.id, 'game.id');
    const name = g.name === undefined ? id : r.name(g.name, 'game.name');
    const board = g.board === undefined ? null : nested('game.board', () => readBoard(g.board));
    const tiles = g.tiles === undefined ? [] : readTileBatch(r, g.tiles, 'game.tiles', undefined);
    return writeTransaction(this.db, () => {
      const now = this.ctx.now();
      const result = emptyImportResult();
      const write = tileWriter(this.db, now, onConflict);
      tiles.forEach((tile, k) => tally(result, write(tile, `game.tiles[${k}]`), tile.id));
      const existing = this.db.prepare('SELECT created_at FROM games WHERE id = ?').pluck().get(id) as string | undefined;
      if (existing !== undefined) {
        if (onConflict === 'skip') return { game: id, outcome: 'skipped', tiles: result };
        if (onConflict === 'error') throw conflictError('game.id', 'game', id);
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
