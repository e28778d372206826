/**
 * Vector-form tiles in a library (SPEC §6, §10): the tile in its native JSON form (the
 * truth), with tags, the terrains it uses and its rows in the fit table, so "what fits here" is answered by SQL index lookups rather than by matching every
 * tile (docs/store.md has the schema and the measurements).
 *
 * Everything a caller hands in is untrusted (it will arrive over IPC): a tile is given as
 * its native JSON value and read by core/vector's strict reader, which also validates the
 * geometry, so a tile that is stored is a tile that core/vector accepts. Imports are one
 * transaction: every record is read and validated first, then written (vector-write.ts); any
 * failure leaves the library as it was and names the record, the element and what was expected.
 *
 * The fit table: for each canonical edge e of a tile, the interned signature
 * (core/vector `edgeSignature`) of e as drawn and of e as a mirroring orientation shows it;
 * the query over it is vector-fit.ts.
 *
 * Matching rules: the signatures are computed without REORDERABLE terrains (core/vector
 * terrain-rules.ts); the default catalogue declares none. A catalogue that does would need
 * the table rebuilt with its rules (not done yet).
 *
 * Must not depend on: Electron, DOM.
 */
import type { EdgeIndicators } from '../../core/vector/indicators.js';
import { vectorTileFromJson, vectorTileToJson } from '../../core/vector/json.js';
import { shapeOrientations } from '../../core/vector/orientation.js';
import type { DrawnShapeName } from '../../core/vector/shape.js';
import { DRAWN_SHAPES, shapeByName } from '../../core/vector/shape.js';
import type { VectorTile } from '../../core/vector/types.js';
import { ArgReader, InputError } from './args.js';
import type { StoreContext } from './context.js';
import type { ImportOptions, ImportResult, PageOptions } from './import-result.js';
import { foldName } from './search-key.js';
import { readTransaction, writeTransaction } from './sqlite.js';
import { countByShape, listOptions, oneById, page, readBatch, rowsByIds, searchQuery } from './store-query.js';
import { VectorFitQuery } from './vector-fit.js';
import { readFitConstraints, readRecord } from './vector-records.js';
import type { SummaryRow } from './vector-rows.js';
import { SUMMARY_SELECT, maskNames, toSummary } from './vector-rows.js';
import { deleteVectorTile, writeVectorTiles } from './vector-write.js';

export const VECTOR_SHAPES = DRAWN_SHAPES;
export type VectorShape = DrawnShapeName;

/** A vector tile as callers hand it in and `export` gives it back. */
export interface VectorTileRecord {
  /** The native JSON value (`{ "format": "sandtable-vector-tile", … }`, docs/vector-tiles.md). */
  readonly tile: unknown;
  readonly tags?: readonly string[];
  /** Allowed orientations by name (`r60`, `m0` …, core/vector `orientationName`); all of the shape's when absent. */
  readonly orientations?: readonly string[];
}

export interface VectorImportOptions extends ImportOptions {
  /** Terrains must be those of this catalogue of the library (checked per element). */
  catalogueId?: string;
}

/** A stored vector tile without its geometry (fetch that with `tile(id)`). */
export interface VectorTileSummary {
  readonly id: string;
  readonly name: string;
  readonly shape: VectorShape;
  readonly tags: string[];
  readonly terrains: string[];
  readonly orientations: string[];
  readonly elements: number;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface VectorQuery extends PageOptions {
  /** Matches the name (case and accents ignored) or the id. */
  text?: string;
  tag?: string;
  /** A terrain any element uses. */
  terrain?: string;
  shape?: VectorShape;
}

/**
 * One placed neighbour of the place being filled, across the place's edge `dir`: either a
 * library tile in an orientation (`neighbour`), or the indicators of the neighbour's facing
 * edge as core/vector computes them (`facing`, in-process callers).
 */
export type VectorFitConstraint =
  | { readonly dir: number; readonly neighbour: { readonly id: string; readonly orientation?: string } }
  | { readonly dir: number; readonly facing: EdgeIndicators };

export interface VectorFitOptions extends PageOptions {
  /** Shape of the place (default "hex"). Default limit here: 100. */
  shape?: VectorShape;
  /**
   * Also report the exact `total`. Free with none or one constraint (kept counts); with two
   * or more it is a count over the answer (index probes), so ask only when it is shown.
   */
  count?: boolean;
}

export interface VectorFitAnswer {
  /** The exact number of matches; present only when asked for (`count: true`). */
  readonly total?: number;
  /** Whether there are matches after this page. */
  readonly more: boolean;
  /** Ordered by tile (its rowid: oldest first), then orientation in shapeOrientations order; stable between pages. */
  readonly matches: { readonly id: string; readonly orientation: string }[];
}

export interface VectorStats {
  readonly count: number;
  readonly byShape: Readonly<Record<VectorShape, number>>;
  readonly fitRows: number;
  /** Rows of the pair table (vector-pairs.ts). */
  readonly fitPairRows: number;
  readonly signatures: number;
}

export class VectorTileStore {
  private readonly db;
  private readonly fitQuery;

  constructor(private readonly ctx: StoreContext) {
    this.db = ctx.db;
    this.fitQuery = new VectorFitQuery(ctx.db);
  }


  list(options: { shape?: VectorShape } & PageOptions = {}): VectorTileSummary[] {
    return this.search(listOptions(options, ['shape']));
  }

  get(id: string): VectorTileSummary | null {
    return oneById(this.db, `${SUMMARY_SELECT} WHERE t.id = ?`, id, (row: SummaryRow) => toSummary(row));
  }

  has(id: string): boolean {
    return this.db.prepare('SELECT 1 FROM vector_tiles WHERE id = ?').get(new ArgReader().id(id, 'id')) !== undefined;
  }

  /** The tile itself (geometry), as core/vector reads it; null when absent. */
  tile(id: string): VectorTile | null {
    const tileId = new ArgReader().id(id, 'id');
    const json = this.db.prepare('SELECT json FROM vector_tiles WHERE id = ?').pluck().get(tileId) as string | undefined;
    // Validated when written; the structure is still checked on the way out (a damaged row says so).
    return json === undefined ? null : vectorTileFromJson(JSON.parse(json), `library tile "${tileId}"`, { skipValidation: true });
  }

  /**
   * Every tile (geometry) of these shapes, or of all shapes, in insertion order: the tile set
   * an assembly draws from (core/assemble), read in one query.
   */
  tiles(shapes?: readonly VectorShape[]): VectorTile[] {
    const r = new ArgReader();
    const list = shapes === undefined ? null : r.array(shapes, 'shapes').map((v, k) => r.oneOf(v, `shapes[${k}]`, VECTOR_SHAPES));
    const where = list ? `WHERE shape IN (${list.map(() => '?').join(', ') || 'NULL'})` : '';
    const rows = this.db.prepare(`SELECT id, json FROM vector_tiles ${where} ORDER BY vid`).all(...(list ?? [])) as { id: string; json: string }[];
    return rows.map((row) => vectorTileFromJson(JSON.parse(row.json), `library tile "${row.id}"`, { skipValidation: true }));
  }

  /** Adds the tile or replaces the one with its id. */
  put(record: VectorTileRecord, options: Omit<VectorImportOptions, 'onConflict'> = {}): VectorTileSummary {
    const r = new ArgReader();
    const o = r.strictObject(options, 'options', ['catalogueId']);
    return writeTransaction(this.db, () => {
      const valid = readRecord(r, record, 'record', this.terrainsOf(r, o.catalogueId));
      writeVectorTiles(this.db, this.ctx.now(), [valid], 'replace', 'record');
      return this.get(valid.tile.id)!;
    });
  }

  delete(id: string): boolean {
    const tileId = new ArgReader().id(id, 'id');
    return writeTransaction(this.db, () => deleteVectorTile(this.db, tileId));
  }


  /** Renames a tile (the name inside its JSON too, so an export carries it). */
  rename(id: string, name: string): VectorTileSummary {
    const r = new ArgReader();
    const tileId = r.id(id, 'id');
    const newName = r.name(name, 'name');
    return writeTransaction(this.db, () => {
      const tile = this.tile(tileId);
      if (!tile) throw new InputError('argument', 'id', `no vector tile "${tileId}" in this library`);
      const renamed: VectorTile = { ...tile, name: newName };
      this.db
        .prepare('UPDATE vector_tiles SET name = ?, name_key = ?, json = ?, updated_at = ? WHERE id = ?')
        .run(newName, foldName(newName), JSON.stringify(vectorTileToJson(renamed)), this.ctx.now(), tileId);
      return this.get(tileId)!;
    });
  }

  /** Adds and removes tags; returns the tile's tags after. */
  tag(id: string, change: { add?: readonly string[]; remove?: readonly string[] }): string[] {
    const r = new ArgReader();
    const tileId = r.id(id, 'id');
    const c = r.strictObject(change, 'change', ['add', 'remove']);
    const add = c.add === undefined ? [] : r.stringList(c.add, 'change.add');
    const remove = c.remove === undefined ? [] : r.stringList(c.remove, 'change.remove');
    return writeTransaction(this.db, () => {
      const vid = this.db.prepare('SELECT vid FROM vector_tiles WHERE id = ?').pluck().get(tileId) as number | undefined;
      if (vid === undefined) throw new InputError('argument', 'id', `no vector tile "${tileId}" in this library`);
      for (const t of remove) this.db.prepare('DELETE FROM vector_tags WHERE vid = ? AND tag = ?').run(vid, t);
      for (const t of add) this.db.prepare('INSERT OR IGNORE INTO vector_tags (vid, tag) VALUES (?, ?)').run(vid, t);
      if (add.length + remove.length) this.db.prepare('UPDATE vector_tiles SET updated_at = ? WHERE vid = ?').run(this.ctx.now(), vid);
      return this.db.prepare('SELECT tag FROM vector_tags WHERE vid = ? ORDER BY tag').pluck().all(vid) as string[];
    });
  }

  /** Tiles by name or id text (case and accents ignored), tag, terrain used, or shape. */
  search(query: VectorQuery): VectorTileSummary[] {
    const { r, q, f } = searchQuery(query, ['tag', 'terrain', 'shape'], 't.');
    if (q.tag !== undefined) f.add('t.vid IN (SELECT vid FROM vector_tags WHERE tag = ?)', r.string(q.tag, 'query.tag'));
    if (q.terrain !== undefined) f.add('t.vid IN (SELECT vid FROM vector_terrains WHERE terrain = ?)', r.string(q.terrain, 'query.terrain'));
    if (q.shape !== undefined) f.add('t.shape = ?', r.oneOf(q.shape, 'query.shape', VECTOR_SHAPES));
    const { limit, offset } = page(r, q, 'query');
    const sql = `${SUMMARY_SELECT} ${f.where} ORDER BY t.vid LIMIT ? OFFSET ?`;
    return (this.db.prepare(sql).all(...f.params, limit, offset) as SummaryRow[]).map(toSummary);
  }

  /**
   * Imports a batch in ONE transaction: every record is read (core/vector's strict reader,
   * geometry validated, terrains checked against `catalogueId` when given) before anything
   * is written; any error leaves the library as it was and names the record and element.
   */
  import(records: readonly VectorTileRecord[], options: VectorImportOptions = {}): ImportResult {
    const r = new ArgReader();
    const o = r.strictObject(options, 'options', ['onConflict', 'catalogueId']);
    const onConflict = r.onConflict(o.onConflict, 'options.onConflict');
    const list = r.array(records, 'tiles');
    const terrains = this.terrainsOf(r, o.catalogueId);
    // Read and validated outside the write lock: the lock is held only while writing.
    const valid = readBatch(list, (t, k) => readRecord(r, t, `tiles[${k}]`, terrains), (v) => v.tile.id, (k) => `tiles[${k}].tile.id`, 'tile');
    return writeTransaction(this.db, () => writeVectorTiles(this.db, this.ctx.now(), valid, onConflict, 'tiles'));
  }

  /** Tiles in the form `import` takes (all, in insertion order, or those listed). */
  export(ids?: readonly string[]): VectorTileRecord[] {
    const r = new ArgReader();
    const wanted = ids === undefined ? null : r.array(ids, 'ids').map((id, k) => r.id(id, `ids[${k}]`));
    return readTransaction(this.db, () => {
      type Row = { vid: number; id: string; shape: VectorShape; orientations: number; json: string };
      const rows = rowsByIds<Row>(
        wanted,
        this.db.prepare('SELECT vid, id, shape, orientations, json FROM vector_tiles WHERE id = ?'),
        this.db.prepare('SELECT vid, id, shape, orientations, json FROM vector_tiles ORDER BY vid'),
        (id) => `no vector tile "${id}" in this library`,
      );
      const tags = this.db.prepare('SELECT tag FROM vector_tags WHERE vid = ? ORDER BY tag').pluck();
      return rows.map((row) => {
        const t = tags.all(row.vid) as string[];
        const all = shapeOrientations(shapeByName(row.shape));
        const out: VectorTileRecord = {
          tile: JSON.parse(row.json),
          ...(t.length ? { tags: t } : {}),
          ...(row.orientations === (1 << all.length) - 1 ? {} : { orientations: maskNames(row.shape, row.orientations) }),
        };
        return out;
      });
    });
  }

  /**
   * "What fits here": every (tile, orientation) of the shape whose edges match every placed
   * neighbour. Constraints name the place's edge (`dir`, the grid direction it faces) and the
   * neighbour there. One page (`limit`, default 100; `offset`) in (tile rowid, orientation)
   * order, computed without materialising the answer (vector-fit.ts). `total` only with
   * `count: true` (see VectorFitOptions).
   */
  fit(constraints: readonly VectorFitConstraint[], options: VectorFitOptions = {}): VectorFitAnswer {
    const r = new ArgReader();
    const o = r.strictObject(options, 'options', ['shape', 'limit', 'offset', 'count']);
    const shapeName = o.shape === undefined ? 'hex' : r.oneOf(o.shape, 'options.shape', VECTOR_SHAPES);
    const limit = o.limit === undefined ? 100 : r.integer(o.limit, 'options.limit', 1, 10_000);
    const offset = o.offset === undefined ? 0 : r.integer(o.offset, 'options.offset', 0, Number.MAX_SAFE_INTEGER);
    const count = o.count === undefined ? false : r.boolean(o.count, 'options.count');
    const shape = shapeByName(shapeName);
    return readTransaction(this.db, () => {
      const wanted = readFitConstraints(r, constraints, shape, (id) => this.tile(id));
      return this.fitQuery.run({ shapeName, shape, wanted, limit, offset, count });
    });
  }

  stats(): VectorStats {
    return readTransaction(this.db, () => ({
      ...countByShape(this.db, 'vector_tiles', VECTOR_SHAPES),
      fitRows: this.db.prepare('SELECT count(*) FROM vector_fit').pluck().get() as number,
      fitPairRows: this.db.prepare('SELECT count(*) FROM vector_fit_pairs').pluck().get() as number,
      signatures: this.db.prepare('SELECT count(*) FROM vector_signatures').pluck().get() as number,
    }));
  }


  private terrainsOf(r: ArgReader, catalogueId: unknown): ReadonlySet<string> | undefined {
    if (catalogueId === undefined) return undefined;
    const id = r.id(catalogueId, 'options.catalogueId');
    const ids = this.db.prepare('SELECT id FROM terrains WHERE catalogue_id = ?').pluck().all(id) as string[];
    if (ids.length === 0) throw new InputError('argument', 'options.catalogueId', `no catalogue "${id}" in this library`);
    return new Set(ids);
  }
}
