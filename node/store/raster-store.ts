/**
 * Raster tiles in a library (SPEC §10): an image with its shape, size, allowed orientations
 * and a connector label on each edge, so raster tiles can be edge-matched like geomorphs
 * and Wang tiles (seeds/002): `fit({ north: 'grass', east: 'road' })` lists every tile and
 * orientation whose edges show those labels (fit-index.ts). Records are read and rows turned
 * back into tiles by raster-records.ts.
 *
 * Labels are compared by equality, as the connectors of a geomorph set or the colours of a
 * Wang set are: a connector whose pattern is not symmetric along its edge needs two labels
 * (one per direction) chosen by the designer.
 *
 * Must not depend on: Electron, DOM.
 */
import type { OnConflict } from './args.js';
import { ArgReader } from './args.js';
import type { ImageBlob, StoreContext } from './context.js';
import { FitIndex } from './fit-index.js';
import type { ImportOptions, ImportResult, PageOptions } from './import-result.js';
import { emptyImportResult, tally } from './import-result.js';
import type { RasterShape } from './orientation.js';
import { RASTER_SHAPES, allOrientations, orientationName } from './orientation.js';
import type { TileRow, ValidTile } from './raster-records.js';
import { TILE_SELECT, readEdgeConstraints, readTile, toTile } from './raster-records.js';
import { foldName } from './search-key.js';
import { readTransaction, writeTransaction } from './sqlite.js';
import { conflictError, countByShape, interner, listOptions, oneById, page, readBatch, rowsByIds, searchQuery } from './store-query.js';


/** A raster tile as callers hand it in (and as `export` gives it back). */
export interface RasterTileInput {
  readonly id: string;
  readonly name: string;
  readonly tags?: readonly string[];
  readonly shape: RasterShape;
  /** Image size in pixels. */
  readonly width: number;
  readonly height: number;
  readonly image: ImageBlob;
  /** Connector label of each edge in the tile's own orientation: top edge first, then clockwise. */
  readonly edges: readonly string[];
  /** Allowed orientations by name (`r0`, `r90`, `m0`…, orientation.ts); all when absent. */
  readonly orientations?: readonly string[];
}

/** A stored raster tile without its image bytes (fetch those with `image(id)`). */
export interface RasterTile {
  readonly id: string;
  readonly name: string;
  readonly tags: string[];
  readonly shape: RasterShape;
  readonly width: number;
  readonly height: number;
  readonly mime: string;
  readonly imageBytes: number;
  readonly edges: string[];
  readonly orientations: string[];
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface RasterQuery extends PageOptions {
  /** Matches the name (case and accents ignored) or the id. */
  text?: string;
  tag?: string;
  shape?: RasterShape;
  /** A connector label on any edge. */
  label?: string;
}

/**
 * Labels the edges of the place being filled must show, keyed by edge name (`north`,
 * `east`…; `northeast`… on hexes) or edge number ("0" = top edge, clockwise).
 */
export type EdgeConstraints = Readonly<Record<string, string>>;

export interface FitOptions extends PageOptions {
  /** Shape of the place being filled (default "square"). Default limit here: 100. */
  shape?: RasterShape;
}

export interface FitMatch {
  readonly id: string;
  /** Orientation name to place the tile with (`r90`, `m0`…). */
  readonly orientation: string;
}

export interface FitAnswer {
  /** All fitting (tile, orientation) pairs, of which `matches` is the page asked for. */
  readonly total: number;
  readonly matches: FitMatch[];
}

export interface RasterStats {
  readonly count: number;
  readonly byShape: Readonly<Record<RasterShape, number>>;
  readonly imageBytes: number;
  readonly labels: number;
  readonly tags: number;
}

export class RasterTileStore {
  private readonly db;
  private fitCache: { generation: string; index: FitIndex; labels: Map<string, number> } | null = null;

  constructor(private readonly ctx: StoreContext) {
    this.db = ctx.db;
  }

  list(options: { shape?: RasterShape } & PageOptions = {}): RasterTile[] {
    return this.search(listOptions(options, ['shape']));
  }

  get(id: string): RasterTile | null {
    return oneById(this.db, `${TILE_SELECT} WHERE t.id = ?`, id, (row: TileRow) => toTile(row));
  }

  image(id: string): ImageBlob | null {
    const tileId = new ArgReader().id(id, 'id');
    const row = this.db.prepare('SELECT i.mime, i.data FROM raster_tiles t JOIN raster_images i ON i.rid = t.rid WHERE t.id = ?').get(tileId) as
      | { mime: string; data: Buffer }
      | undefined;
    return row ? { mime: row.mime, data: row.data } : null;
  }

  /** Adds the tile or replaces the one with its id. */
  put(tile: RasterTileInput): RasterTile {
    const r = new ArgReader();
    const valid = readTile(r, tile, 'tile');
    this.importValid([valid], 'replace', 'tile');
    return this.get(valid.id)!;
  }

  delete(id: string): boolean {
    const tileId = new ArgReader().id(id, 'id');
    return writeTransaction(this.db, () => {
      const gone = this.db.prepare('DELETE FROM raster_tiles WHERE id = ?').run(tileId).changes > 0;
      if (gone) this.bumpGeneration();
      return gone;
    });
  }

  /** Tiles by name or id text (case and accents ignored), tag, shape, or a label on any edge. */
  search(query: RasterQuery): RasterTile[] {
    const { r, q, f } = searchQuery(query, ['tag', 'shape', 'label'], 't.');
    if (q.tag !== undefined) f.add('t.rid IN (SELECT rid FROM raster_tags WHERE tag = ?)', r.string(q.tag, 'query.tag'));
    if (q.shape !== undefined) f.add('t.shape = ?', r.oneOf(q.shape, 'query.shape', RASTER_SHAPES));
    if (q.label !== undefined) f.add('(SELECT id FROM edge_labels WHERE label = ?) IN (t.e0, t.e1, t.e2, t.e3, t.e4, t.e5)', r.string(q.label, 'query.label'));
    const { limit, offset } = page(r, q, 'query');
    const sql = `${TILE_SELECT} ${f.where} ORDER BY t.rid LIMIT ? OFFSET ?`;
    return (this.db.prepare(sql).all(...f.params, limit, offset) as TileRow[]).map(toTile);
  }

  /**
   * Imports a batch in ONE transaction: all records are validated first, then written; any
   * error (a bad record, an id conflict with onConflict "error") leaves the library as it was
   * and names the record, the field and what was expected.
   */
  import(tiles: readonly RasterTileInput[], options: ImportOptions = {}): ImportResult {
    const r = new ArgReader();
    const o = r.strictObject(options, 'options', ['onConflict']);
    const onConflict = r.onConflict(o.onConflict, 'options.onConflict');
    const list = r.array(tiles, 'tiles');
    const valid = readBatch(list, (t, k) => readTile(r, t, `tiles[${k}]`), (t) => t.id, (k) => `tiles[${k}].id`, 'tile');
    return this.importValid(valid, onConflict, 'tiles');
  }

  /** Tiles with their images, in the form `import` takes (all tiles, or those listed). */
  export(ids?: readonly string[]): RasterTileInput[] {
    const r = new ArgReader();
    const wanted = ids === undefined ? null : r.array(ids, 'ids').map((id, k) => r.id(id, `ids[${k}]`));
    return readTransaction(this.db, () => {
      const rows = rowsByIds<TileRow>(wanted, this.db.prepare(`${TILE_SELECT} WHERE t.id = ?`), this.db.prepare(`${TILE_SELECT} ORDER BY t.rid`), (id) => `no raster tile "${id}" in this library`);

      const image = this.db.prepare('SELECT mime, data FROM raster_images WHERE rid = ?');
      return rows.map((row) => {
        const tile = toTile(row);
        const img = image.get(row.rid) as { mime: string; data: Buffer };
        const out: RasterTileInput = {
          id: tile.id,
          name: tile.name,
          ...(tile.tags.length ? { tags: tile.tags } : {}),
          shape: tile.shape,
          width: tile.width,
          height: tile.height,
          image: { mime: img.mime, data: img.data },
          edges: tile.edges,
          ...(row.orientations === allOrientations(tile.shape) ? {} : { orientations: tile.orientations }),
        };
        return out;
      });
    });
  }

  /**
   * Which tiles and orientations fit a place whose neighbours show `edges`: keys are edge
   * names of the shape (`north`, `east`… or `northeast`… on hexes) or edge numbers ("0" =
   * top edge, clockwise); values are the labels each edge must show. Matches are ordered by
   * tile (oldest first) then orientation; `limit` (default 100) and `offset` page them.
   */
  fit(edges: EdgeConstraints, options: FitOptions = {}): FitAnswer {
    const r = new ArgReader();
    const o = listOptions(options, ['shape']);
    const shape = o.shape === undefined ? 'square' : r.oneOf(o.shape, 'options.shape', RASTER_SHAPES);
    const limit = o.limit === undefined ? 100 : r.integer(o.limit, 'options.limit', 1, 10_000);
    const offset = o.offset === undefined ? 0 : r.integer(o.offset, 'options.offset', 0, Number.MAX_SAFE_INTEGER);
    const wanted = readEdgeConstraints(r, edges, shape);
    const { index, labels } = this.fitIndex();
    const requirements = wanted.map(({ edge, label }) => ({ edge, label: labels.get(label) ?? -1 }));
    const result = index.query(shape, requirements, offset, limit);
    return { total: result.total, matches: result.hits.map((h) => ({ id: h.id, orientation: orientationName(shape, h.orientation) })) };
  }

  stats(): RasterStats {
    return readTransaction(this.db, () => ({
      ...countByShape(this.db, 'raster_tiles', RASTER_SHAPES),
      imageBytes: this.db.prepare('SELECT coalesce(sum(length(data)), 0) FROM raster_images').pluck().get() as number,
      labels: this.db.prepare('SELECT count(*) FROM edge_labels').pluck().get() as number,
      tags: this.db.prepare('SELECT count(DISTINCT tag) FROM raster_tags').pluck().get() as number,
    }));
  }

  /** The fit index, rebuilt when any connection (any process) changed raster tiles since. */
  private fitIndex(): { index: FitIndex; labels: Map<string, number> } {
    // Inside a caller's write transaction the data may yet roll back: answer from it, but
    // do not keep an index whose generation number could later mean something else.
    const cacheable = !this.db.inTransaction;
    return readTransaction(this.db, () => {
      const generation = this.generation();
      if (cacheable && this.fitCache?.generation === generation) return this.fitCache;
      const labels = new Map<string, number>();
      for (const [id, label] of this.db.prepare('SELECT id, label FROM edge_labels').raw().iterate() as IterableIterator<[number, string]>) labels.set(label, id);
      const rows = this.db.prepare('SELECT rid, id, shape, orientations, e0, e1, e2, e3, e4, e5 FROM raster_tiles ORDER BY rid').raw().iterate() as IterableIterator<
        [number, string, RasterShape, number, number, number, number, number, number | null, number | null]
      >;
      const tiles = (function* () {
        for (const row of rows) yield { rid: row[0], id: row[1], shape: row[2], allowed: row[3], labels: [row[4], row[5], row[6], row[7], row[8] ?? 0, row[9] ?? 0] };
      })();
      const built = { generation, index: FitIndex.build(tiles), labels };
      if (cacheable) this.fitCache = built;
      return built;
    });
  }

  private generation(): string {
    return this.db.prepare(`SELECT value FROM meta WHERE key = 'raster_generation'`).pluck().get() as string;
  }

  private bumpGeneration(): void {
    this.db.prepare(`UPDATE meta SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT) WHERE key = 'raster_generation'`).run();
  }

  private importValid(tiles: readonly ValidTile[], onConflict: OnConflict, argName: string): ImportResult {
    return writeTransaction(this.db, () => {
      const result = emptyImportResult();
      const now = this.ctx.now();
      const labelId = interner(this.db.prepare('SELECT id FROM edge_labels WHERE label = ?'), this.db.prepare('INSERT INTO edge_labels (label) VALUES (?)'));
      const findTile = this.db.prepare('SELECT rid FROM raster_tiles WHERE id = ?').pluck();
      const insertTile = this.db.prepare(
        `INSERT INTO raster_tiles (id, name, name_key, shape, width, height, orientations, e0, e1, e2, e3, e4, e5, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      const updateTile = this.db.prepare(
        `UPDATE raster_tiles SET name = ?, name_key = ?, shape = ?, width = ?, height = ?, orientations = ?, e0 = ?, e1 = ?, e2 = ?, e3 = ?, e4 = ?, e5 = ?, updated_at = ?
         WHERE rid = ?`,
      );
      const putImage = this.db.prepare('INSERT OR REPLACE INTO raster_images (rid, mime, data) VALUES (?, ?, ?)');
      const clearTags = this.db.prepare('DELETE FROM raster_tags WHERE rid = ?');
      const addTag = this.db.prepare('INSERT INTO raster_tags (rid, tag) VALUES (?, ?)');
      tiles.forEach((t, k) => {
        const e = t.edges.map((label) => labelId(label));
        const e4 = e[4] ?? null;
        const e5 = e[5] ?? null;
        let rid = findTile.get(t.id) as number | undefined;
        if (rid !== undefined) {
          if (onConflict === 'skip') {
            tally(result, 'skipped', t.id);
            return;
          }
          if (onConflict === 'error') throw conflictError(`${argName}${argName === 'tile' ? '' : `[${k}]`}.id`, 'raster tile', t.id);
          updateTile.run(t.name, foldName(t.name), t.shape, t.width, t.height, t.mask, e[0], e[1], e[2], e[3], e4, e5, now, rid);
          clearTags.run(rid);
          result.replaced++;
        } else {
          rid = Number(insertTile.run(t.id, t.name, foldName(t.name), t.shape, t.width, t.height, t.mask, e[0], e[1], e[2], e[3], e4, e5, now, now).lastInsertRowid);
          result.added++;
        }
        putImage.run(rid, t.image.mime, t.image.data);
        for (const tag of t.tags) addTag.run(rid, tag);
      });
      if (result.added + result.replaced > 0) this.bumpGeneration();
      return result;
    });
  }
}
