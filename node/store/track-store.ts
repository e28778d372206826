/**
 * 18xx track tiles in a library (SPEC §9, §10; the Rails tile database, seeds/001): tiles
 * with junctions and connections. Records are the model of core/track/types.ts; they are
 * validated on the way in and read back through the same validators (core/track/validate.ts,
 * track-rows.ts), so a damaged row is reported, not returned. Games are game-store.ts.
 *
 * Must not depend on: Electron, DOM.
 */
import type { TrackTile } from '../../core/track/types.js';
import { JUNCTION_TYPES } from '../../core/track/types.js';
import { readTrackTile } from '../../core/track/validate.js';
import { ArgReader, InputError, nested, withRecordId } from './args.js';
import type { StoreContext } from './context.js';
import type { ImportOptions, ImportResult, PageOptions } from './import-result.js';
import { emptyImportResult, tally } from './import-result.js';
import { readTransaction, writeTransaction } from './sqlite.js';
import { listOptions, page, searchQuery } from './store-query.js';
import { loadTiles, readTileBatch, tileWriter } from './track-rows.js';

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

export class TrackTileStore {
  private readonly db;

  constructor(private readonly ctx: StoreContext) {
    this.db = ctx.db;
  }

  list(options: { colour?: string } & PageOptions = {}): TrackTile[] {
    return this.search(listOptions(options, ['colour']));
  }

  get(id: string): TrackTile | null {
    const tileId = new ArgReader().id(id, 'id');
    return readTransaction(this.db, () => loadTiles(this.db, 'id = ?', [tileId])[0] ?? null);
  }

  /** The tiles among `ids` that the library has, ordered by id; one query for any number (an import's undo step reads them all). */
  getMany(ids: readonly string[]): TrackTile[] {
    const r = new ArgReader();
    const wanted = r.array(ids, 'ids').map((id, k) => r.id(id, `ids[${k}]`));
    return readTransaction(this.db, () => loadTiles(this.db, 'id IN (SELECT value FROM json_each(?))', [JSON.stringify(wanted)]));
  }

  /** Adds the tile or replaces the one with its id. */
  put(tile: TrackTile): TrackTile {
    const valid = withRecordId((tile as { id?: unknown } | null)?.id, () => nested('tile', () => readTrackTile(tile)));
    writeTransaction(this.db, () => tileWriter(this.db, this.ctx.now(), 'replace')(valid, 'tile'));
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
    const { r, q, f } = searchQuery(query, ['colour', 'junctionType', 'game', 'label'], '');
    if (q.colour !== undefined) f.add('colour = ?', r.string(q.colour, 'query.colour'));
    if (q.junctionType !== undefined) f.add('id IN (SELECT tile_id FROM track_junctions WHERE type = ?)', r.oneOf(q.junctionType, 'query.junctionType', JUNCTION_TYPES));
    if (q.game !== undefined) f.add('id IN (SELECT tile_id FROM game_tiles WHERE game_id = ?)', r.id(q.game, 'query.game'));
    if (q.label !== undefined) f.add('label = ?', r.string(q.label, 'query.label'));
    const { limit, offset } = page(r, q, 'query');
    return readTransaction(this.db, () => loadTiles(this.db, f.condition ?? '1', f.params, limit, offset));
  }

  /**
   * Imports tiles in ONE transaction (all or nothing). `options.source` fills the `source` of
   * tiles that carry none (e.g. "rails:1830/Tiles.xml").
   */
  import(tiles: readonly TrackTile[], options: TrackImportOptions = {}): ImportResult {
    const r = new ArgReader();
    const o = r.strictObject(options, 'options', ['onConflict', 'source']);
    const onConflict = r.onConflict(o.onConflict, 'options.onConflict');
    const source = o.source === undefined ? undefined : r.name(o.source, 'options.source');
    const valid = readTileBatch(r, tiles, 'tiles', source);
    return writeTransaction(this.db, () => {
      const result = emptyImportResult();
      const write = tileWriter(this.db, this.ctx.now(), onConflict);
      valid.forEach((tile, k) => tally(result, write(tile, `tiles[${k}]`), tile.id));
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
