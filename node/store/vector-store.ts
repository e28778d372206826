/**
 * Vector-form tiles in a library (SPEC §6, §10): the tile in its native JSON form (the
 * truth), with tags, the terrains it uses and its rows in the fit table, so "what fits here" is answered by SQL index lookups rather than by matching every
 * tile (docs/store.md has the schema and the measurements).
 *
 * Everything a caller hands in is untrusted (it will arrive over IPC): a tile is given as
 * its native JSON value and read by core/vector's strict reader, which also validates the
 * geometry, so a tile that is stored is a tile that core/vector accepts. Imports are one
 * transaction: every record is read and validated first, then written; any failure leaves
 * the library as it was and names the record, the element and what was expected.
 *
 * The fit table: for each canonical edge e of a tile, the interned signature
 * (core/vector `edgeSignature`) of e as drawn and of e as a mirroring orientation shows it.
 * An orientation o puts canonical edge e at direction edgeMap(o)(e) with the drawn or the
 * mirrored signature, so "direction d must show S" in orientation o is one row key
 * (S, edge o moves to d, o mirrors?). A query runs, per allowed orientation, one statement
 * driven by the rarest key, the other constraints as primary-key probes.
 *
 * Matching rules: the signatures are computed without REORDERABLE terrains (core/vector
 * terrain-rules.ts); the default catalogue declares none. A catalogue that does would need
 * the table rebuilt with its rules (not done yet).
 *
 * Must not depend on: Electron, DOM.
 */
import type { EdgeIndicators } from '../../core/vector/indicators.js';
import { vectorTileFromJson, vectorTileToJson } from '../../core/vector/json.js';
import { edgeMap, isMirroring, orientationName, shapeOrientations } from '../../core/vector/orientation.js';
import type { DrawnShapeName, TileShape } from '../../core/vector/shape.js';
import { DRAWN_SHAPES, shapeByName } from '../../core/vector/shape.js';
import type { VectorTile } from '../../core/vector/types.js';
import type { OnConflict } from './args.js';
import { ArgReader, InputError } from './args.js';
import type { StoreContext } from './context.js';
import type { ImportOptions, ImportResult, PageOptions } from './import-result.js';
import { emptyImportResult } from './import-result.js';
import { page } from './map-store.js';
import { containsPattern, foldName } from './search-key.js';
import { readTransaction, writeTransaction } from './sqlite.js';
import { readFitConstraints, readRecord, type ValidTile } from './vector-records.js';

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
  readonly signatures: number;
}


interface SummaryRow {
  vid: number;
  id: string;
  name: string;
  shape: VectorShape;
  orientations: number;
  element_count: number;
  created_at: string;
  updated_at: string;
  tags: string;
  terrains: string;
}

const SUMMARY_SELECT = `
SELECT t.vid, t.id, t.name, t.shape, t.orientations, t.element_count, t.created_at, t.updated_at,
       (SELECT json_group_array(tag) FROM (SELECT tag FROM vector_tags g WHERE g.vid = t.vid ORDER BY tag)) AS tags,
       (SELECT json_group_array(terrain) FROM (SELECT terrain FROM vector_terrains x WHERE x.vid = t.vid ORDER BY terrain)) AS terrains
FROM vector_tiles t`;

/** One orientation's part of a fit query: the keys its constraints ask for, rarest first. */
interface FitArm {
  /** Orientation index in shapeOrientations order. */
  readonly k: number;
  /** [sig, canonical edge, mirrored], the driver (fewest tiles) first. */
  readonly keys: [number, number, number][];
  /** Tiles that have the driver key and allow orientation k (exact). */
  readonly n: number;
  /** Whether some tile under the driver key does not allow orientation k (the tile's mask must be checked). */
  readonly checkMask: boolean;
}

/** Statements kept per store: one per (constraints, orientation, mask check, page|count); a few hundred at most. */
const MAX_FIT_STATEMENTS = 400;

export class VectorTileStore {
  private readonly db;
  private readonly fitStatements = new Map<string, ReturnType<StoreContext['db']['prepare']>>();

  constructor(private readonly ctx: StoreContext) {
    this.db = ctx.db;
  }

  list(options: { shape?: VectorShape } & PageOptions = {}): VectorTileSummary[] {
    const r = new ArgReader();
    const o = r.object(options, 'options');
    r.onlyKeys(o, 'options', ['shape', 'limit', 'offset']);
    return this.search(o);
  }

  get(id: string): VectorTileSummary | null {
    const tileId = new ArgReader().id(id, 'id');
    const row = this.db.prepare(`${SUMMARY_SELECT} WHERE t.id = ?`).get(tileId) as SummaryRow | undefined;
    return row ? toSummary(row) : null;
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
    const o = r.object(options, 'options');
    r.onlyKeys(o, 'options', ['catalogueId']);
    return writeTransaction(this.db, () => {
      const valid = readRecord(r, record, 'record', this.terrainsOf(r, o.catalogueId));
      this.importValid([valid], 'replace', 'record');
      return this.get(valid.tile.id)!;
    });
  }

  delete(id: string): boolean {
    const tileId = new ArgReader().id(id, 'id');
    return writeTransaction(this.db, () => {
      const row = this.db.prepare('SELECT vid, orientations FROM vector_tiles WHERE id = ?').get(tileId) as { vid: number; orientations: number } | undefined;
      if (!row) return false;
      const counts = new FitCounts(this.db);
      counts.removeTile(row.vid, row.orientations);
      this.db.prepare('DELETE FROM vector_tiles WHERE vid = ?').run(row.vid);
      counts.write();
      return true;
    });
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
    const c = r.object(change, 'change');
    r.onlyKeys(c, 'change', ['add', 'remove']);
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
    const r = new ArgReader();
    const q = r.object(query, 'query');
    r.onlyKeys(q, 'query', ['text', 'tag', 'terrain', 'shape', 'limit', 'offset']);
    const where: string[] = [];
    const params: unknown[] = [];
    if (q.text !== undefined) {
      const pattern = containsPattern(r.string(q.text, 'query.text'));
      where.push(`(t.name_key LIKE ? ESCAPE '\\' OR t.id LIKE ? ESCAPE '\\')`);
      params.push(pattern, pattern);
    }
    if (q.tag !== undefined) {
      where.push('t.vid IN (SELECT vid FROM vector_tags WHERE tag = ?)');
      params.push(r.string(q.tag, 'query.tag'));
    }
    if (q.terrain !== undefined) {
      where.push('t.vid IN (SELECT vid FROM vector_terrains WHERE terrain = ?)');
      params.push(r.string(q.terrain, 'query.terrain'));
    }
    if (q.shape !== undefined) {
      where.push('t.shape = ?');
      params.push(r.oneOf(q.shape, 'query.shape', VECTOR_SHAPES));
    }
    const { limit, offset } = page(r, q, 'query');
    const sql = `${SUMMARY_SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY t.vid LIMIT ? OFFSET ?`;
    return (this.db.prepare(sql).all(...params, limit, offset) as SummaryRow[]).map(toSummary);
  }

  /**
   * Imports a batch in ONE transaction: every record is read (core/vector's strict reader,
   * geometry validated, terrains checked against `catalogueId` when given) before anything
   * is written; any error leaves the library as it was and names the record and element.
   */
  import(records: readonly VectorTileRecord[], options: VectorImportOptions = {}): ImportResult {
    const r = new ArgReader();
    const o = r.object(options, 'options');
    r.onlyKeys(o, 'options', ['onConflict', 'catalogueId']);
    const onConflict = r.onConflict(o.onConflict, 'options.onConflict');
    const list = r.array(records, 'tiles');
    const terrains = this.terrainsOf(r, o.catalogueId);
    const seen = new Set<string>();
    // Read and validated outside the write lock: the lock is held only while writing.
    const valid = list.map((t, k) => {
      const v = readRecord(r, t, `tiles[${k}]`, terrains);
      if (seen.has(v.tile.id)) throw new InputError('argument', `tiles[${k}].tile.id`, `tile "${v.tile.id}" appears twice in this import`);
      seen.add(v.tile.id);
      return v;
    });
    return this.importValid(valid, onConflict, 'tiles');
  }

  /** Tiles in the form `import` takes (all, in insertion order, or those listed). */
  export(ids?: readonly string[]): VectorTileRecord[] {
    const r = new ArgReader();
    const wanted = ids === undefined ? null : r.array(ids, 'ids').map((id, k) => r.id(id, `ids[${k}]`));
    return readTransaction(this.db, () => {
      type Row = { vid: number; id: string; shape: VectorShape; orientations: number; json: string };
      const rows: Row[] = [];
      if (wanted) {
        const one = this.db.prepare('SELECT vid, id, shape, orientations, json FROM vector_tiles WHERE id = ?');
        for (const id of wanted) {
          const row = one.get(id) as Row | undefined;
          if (!row) throw new InputError('argument', 'ids', `no vector tile "${id}" in this library`);
          rows.push(row);
        }
      } else rows.push(...(this.db.prepare('SELECT vid, id, shape, orientations, json FROM vector_tiles ORDER BY vid').all() as Row[]));
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
   * order, computed without materialising the answer: per orientation, a range scan of the
   * rarest key (known from the kept counts) in rowid order with the other constraints as
   * primary-key probes, the orientations merged lazily and stopped after offset + limit + 1
   * rows. `total` only with `count: true` (see VectorFitOptions).
   */
  fit(constraints: readonly VectorFitConstraint[], options: VectorFitOptions = {}): VectorFitAnswer {
    const r = new ArgReader();
    const o = r.object(options, 'options');
    r.onlyKeys(o, 'options', ['shape', 'limit', 'offset', 'count']);
    const shapeName = o.shape === undefined ? 'hex' : r.oneOf(o.shape, 'options.shape', VECTOR_SHAPES);
    const limit = o.limit === undefined ? 100 : r.integer(o.limit, 'options.limit', 1, 10_000);
    const offset = o.offset === undefined ? 0 : r.integer(o.offset, 'options.offset', 0, Number.MAX_SAFE_INTEGER);
    const count = o.count === undefined ? false : r.boolean(o.count, 'options.count');
    const shape = shapeByName(shapeName);
    return readTransaction(this.db, () => {
      const wanted = readFitConstraints(r, constraints, shape, (id) => this.tile(id));
      const orientations = shapeOrientations(shape);
      let hits: [number, number][];
      let more: boolean;
      let total: number | undefined;
      if (wanted.length === 0) {
        ({ hits, more } = this.pageAll(shapeName, orientations.length, limit, offset));
        if (count) {
          total = 0;
          for (const [mask, n] of this.db.prepare('SELECT orientations, count(*) FROM vector_tiles WHERE shape = ? GROUP BY orientations').raw().all(shapeName) as [number, number][]) total += n * bitCount(mask);
        }
      } else {
        const arms = this.fitArms(shape, wanted);
        ({ hits, more } = this.pageArms(arms, limit, offset));
        if (count) {
          if (wanted.length === 1) total = arms.reduce((sum, a) => sum + a.n, 0);
          else if (!more && (hits.length > 0 || offset === 0)) total = offset + hits.length;
          else total = arms.reduce((sum, a) => sum + (this.armStatement(a, 'count').pluck().get(...armParams(a)) as number), 0);
        }
      }
      const idOf = this.db.prepare('SELECT id FROM vector_tiles WHERE vid = ?').pluck();
      return {
        ...(total === undefined ? {} : { total }),
        more,
        matches: hits.map(([vid, k]) => ({ id: idOf.get(vid) as string, orientation: orientationName(orientations[k]!) })),
      };
    });
  }

  /** How the kept counts rank each orientation's keys; orientations no tile can fill are left out. */
  private fitArms(shape: TileShape, wanted: readonly { dir: number; signature: string }[]): FitArm[] {
    const findSig = this.db.prepare('SELECT id FROM vector_signatures WHERE shape = ? AND signature = ?').pluck();
    const sigIds = wanted.map((w) => findSig.get(shape.name, w.signature) as number | undefined);
    if (sigIds.some((s) => s === undefined)) return [];
    // Every count row of the signatures asked for: [edge, mirrored, mask, n] per signature.
    const countRows = this.db.prepare('SELECT edge, mirrored, mask, n FROM vector_fit_counts WHERE sig = ?').raw();
    const bySig = new Map<number, [number, number, number, number][]>();
    for (const sig of sigIds) if (!bySig.has(sig!)) bySig.set(sig!, countRows.all(sig) as [number, number, number, number][]);
    const arms: FitArm[] = [];
    shapeOrientations(shape).forEach((orientation, k) => {
      const placeOf = edgeMap(shape, orientation);
      const canonicalAt = new Map([...placeOf].map(([canonical, place]) => [place, canonical]));
      const mirrored = isMirroring(orientation) ? 1 : 0;
      const bit = 1 << k;
      const sized = wanted.map((w, i) => {
        const key: [number, number, number] = [sigIds[i]!, canonicalAt.get(w.dir)!, mirrored];
        let n = 0;
        let all = 0;
        for (const [edge, m, mask, c] of bySig.get(key[0])!) {
          if (edge !== key[1] || m !== mirrored) continue;
          all += c;
          if (mask & bit) n += c;
        }
        return { key, n, all };
      });
      sized.sort((a, b) => a.n - b.n || a.all - b.all);
      const driver = sized[0]!;
      if (driver.n === 0) return;
      arms.push({ k, keys: sized.map((s) => s.key), n: driver.n, checkMask: driver.n !== driver.all });
    });
    return arms;
  }

  /** The page: each orientation's matches come in rowid order; merged lazily, (vid, k) order. */
  private pageArms(arms: readonly FitArm[], limit: number, offset: number): { hits: [number, number][]; more: boolean } {
    const streams = arms.map((a) => ({ k: a.k, it: this.armStatement(a, 'page').pluck().iterate(...armParams(a)) as IterableIterator<number>, vid: 0 }));
    try {
      const live = streams.filter((s) => {
        const next = s.it.next();
        if (next.done) return false;
        s.vid = next.value;
        return true;
      });
      const hits: [number, number][] = [];
      let skipped = 0;
      while (live.length > 0 && hits.length <= limit) {
        // Arms are in k order, so the first smallest vid also has the smallest k.
        let best = 0;
        for (let i = 1; i < live.length; i++) if (live[i]!.vid < live[best]!.vid) best = i;
        const s = live[best]!;
        if (skipped < offset) skipped++;
        else hits.push([s.vid, s.k]);
        const next = s.it.next();
        if (next.done) live.splice(best, 1);
        else s.vid = next.value;
      }
      const more = hits.length > limit;
      if (more) hits.pop();
      return { hits, more };
    } finally {
      for (const s of streams) s.it.return?.();
    }
  }

  /** No constraint: every tile of the shape in each orientation it allows, (vid, k) order. */
  private pageAll(shapeName: VectorShape, orientationCount: number, limit: number, offset: number): { hits: [number, number][]; more: boolean } {
    const it = this.db.prepare('SELECT vid, orientations FROM vector_tiles WHERE shape = ? ORDER BY vid').raw().iterate(shapeName) as IterableIterator<[number, number]>;
    const hits: [number, number][] = [];
    let skipped = 0;
    try {
      for (const [vid, mask] of it) {
        const n = bitCount(mask);
        if (skipped + n <= offset) {
          skipped += n;
          continue;
        }
        for (let k = 0; k < orientationCount && hits.length <= limit; k++) {
          if (!(mask & (1 << k))) continue;
          if (skipped < offset) skipped++;
          else hits.push([vid, k]);
        }
        if (hits.length > limit) break;
      }
    } finally {
      it.return?.();
    }
    const more = hits.length > limit;
    if (more) hits.pop();
    return { hits, more };
  }

  stats(): VectorStats {
    return readTransaction(this.db, () => {
      const byShape = Object.fromEntries(VECTOR_SHAPES.map((s) => [s, 0])) as Record<VectorShape, number>;
      for (const row of this.db.prepare('SELECT shape, count(*) AS n FROM vector_tiles GROUP BY shape').all() as { shape: VectorShape; n: number }[]) byShape[row.shape] = row.n;
      return {
        count: Object.values(byShape).reduce((a, b) => a + b, 0),
        byShape,
        fitRows: this.db.prepare('SELECT count(*) FROM vector_fit').pluck().get() as number,
        signatures: this.db.prepare('SELECT count(*) FROM vector_signatures').pluck().get() as number,
      };
    });
  }

  /**
   * One orientation's statement: the driver key's range (rowid order, from the primary key),
   * the other keys as primary-key probes, the tile's orientation mask only where some tile
   * under the driver does not allow this orientation. A separate statement per orientation so
   * the orientations' cursors can be open together.
   */
  private armStatement(arm: FitArm, kind: 'page' | 'count') {
    const key = `${kind} ${arm.keys.length} ${arm.k} ${arm.checkMask ? 1 : 0}`;
    let s = this.fitStatements.get(key);
    if (!s) {
      if (this.fitStatements.size >= MAX_FIT_STATEMENTS) this.fitStatements.clear();
      // CROSS JOIN keeps SQLite's loop order as written: the driver outside, each probe one
      // primary-key seek (the key includes vid, so at most one row) — cheaper than EXISTS subqueries.
      const probes = arm.keys.slice(1).map((_, i) => `CROSS JOIN vector_fit p${i} ON p${i}.sig = ? AND p${i}.edge = ? AND p${i}.mirrored = ? AND p${i}.vid = a.vid`);
      const mask = arm.checkMask ? `CROSS JOIN vector_tiles t ON t.vid = a.vid AND (t.orientations & ${1 << arm.k}) <> 0` : '';
      const select = kind === 'page' ? 'SELECT a.vid' : 'SELECT count(*)';
      s = this.db.prepare(`${select} FROM vector_fit a ${probes.join(' ')} ${mask} WHERE a.sig = ? AND a.edge = ? AND a.mirrored = ?${kind === 'page' ? ' ORDER BY a.vid' : ''}`);
      this.fitStatements.set(key, s);
    }
    return s;
  }


  private terrainsOf(r: ArgReader, catalogueId: unknown): ReadonlySet<string> | undefined {
    if (catalogueId === undefined) return undefined;
    const id = r.id(catalogueId, 'options.catalogueId');
    const ids = this.db.prepare('SELECT id FROM terrains WHERE catalogue_id = ?').pluck().all(id) as string[];
    if (ids.length === 0) throw new InputError('argument', 'options.catalogueId', `no catalogue "${id}" in this library`);
    return new Set(ids);
  }

  private importValid(tiles: readonly ValidTile[], onConflict: OnConflict, argName: string): ImportResult {
    return writeTransaction(this.db, () => {
      const result = emptyImportResult();
      const now = this.ctx.now();
      const findTile = this.db.prepare('SELECT vid FROM vector_tiles WHERE id = ?').pluck();
      const insert = this.db.prepare(
        `INSERT INTO vector_tiles (id, name, name_key, shape, orientations, element_count, json, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      const update = this.db.prepare(
        `UPDATE vector_tiles SET name = ?, name_key = ?, shape = ?, orientations = ?, element_count = ?, json = ?, updated_at = ? WHERE vid = ?`,
      );
      const clear = ['vector_tags', 'vector_terrains', 'vector_fit'].map((table) => this.db.prepare(`DELETE FROM ${table} WHERE vid = ?`));
      const addTag = this.db.prepare('INSERT INTO vector_tags (vid, tag) VALUES (?, ?)');
      const addTerrain = this.db.prepare('INSERT INTO vector_terrains (vid, terrain) VALUES (?, ?)');
      const addFit = this.db.prepare('INSERT OR IGNORE INTO vector_fit (sig, edge, mirrored, vid) VALUES (?, ?, ?, ?)');
      const findSig = this.db.prepare('SELECT id FROM vector_signatures WHERE shape = ? AND signature = ?').pluck();
      const addSig = this.db.prepare('INSERT INTO vector_signatures (shape, signature) VALUES (?, ?)');
      const sigIds = new Map<string, number>();
      const sigId = (shape: string, signature: string): number => {
        const key = `${shape} ${signature}`;
        let id = sigIds.get(key);
        if (id === undefined) {
          id = (findSig.get(shape, signature) as number | undefined) ?? Number(addSig.run(shape, signature).lastInsertRowid);
          sigIds.set(key, id);
        }
        return id;
      };
      const counts = new FitCounts(this.db);
      tiles.forEach((t, k) => {
        let vid = findTile.get(t.tile.id) as number | undefined;
        if (vid !== undefined) {
          if (onConflict === 'skip') {
            result.skipped++;
            return;
          }
          if (onConflict === 'error') {
            throw new InputError('argument', `${argName}${argName === 'record' ? '' : `[${k}]`}.tile.id`, `a vector tile "${t.tile.id}" already exists (import with onConflict "replace" or "skip")`);
          }
          counts.removeTile(vid, this.db.prepare('SELECT orientations FROM vector_tiles WHERE vid = ?').pluck().get(vid) as number);
          update.run(t.name, foldName(t.name), t.shape, t.mask, t.tile.elements.length, t.json, now, vid);
          for (const c of clear) c.run(vid);
          result.replaced++;
        } else {
          vid = Number(insert.run(t.tile.id, t.name, foldName(t.name), t.shape, t.mask, t.tile.elements.length, t.json, now, now).lastInsertRowid);
          result.added++;
        }
        for (const tag of t.tags) addTag.run(vid, tag);
        for (const terrain of t.terrains) addTerrain.run(vid, terrain);
        for (const [signature, edge, mirrored] of t.fit) {
          const sig = sigId(t.shape, signature);
          if (addFit.run(sig, edge, mirrored, vid).changes > 0) counts.add(sig, edge, mirrored, t.mask, 1);
        }
      });
      counts.write();
      return result;
    });
  }
}

/**
 * Changes to `vector_fit_counts` gathered during one write and applied at its end, inside
 * the same transaction: the counts are exact whenever a transaction commits.
 */
class FitCounts {
  private readonly delta = new Map<string, number>();

  constructor(private readonly db: StoreContext['db']) {}

  add(sig: number, edge: number, mirrored: number, mask: number, n: number): void {
    const key = `${sig} ${edge} ${mirrored} ${mask}`;
    this.delta.set(key, (this.delta.get(key) ?? 0) + n);
  }

  /** Takes a stored tile's fit rows out (before they are deleted or replaced). */
  removeTile(vid: number, mask: number): void {
    for (const [sig, edge, mirrored] of this.db.prepare('SELECT sig, edge, mirrored FROM vector_fit WHERE vid = ?').raw().all(vid) as [number, number, number][]) {
      this.add(sig, edge, mirrored, mask, -1);
    }
  }

  write(): void {
    if (this.delta.size === 0) return;
    const upsert = this.db.prepare('INSERT INTO vector_fit_counts (sig, edge, mirrored, mask, n) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET n = n + excluded.n');
    const lower = this.db.prepare('UPDATE vector_fit_counts SET n = n - ? WHERE sig = ? AND edge = ? AND mirrored = ? AND mask = ?');
    const drop = this.db.prepare('DELETE FROM vector_fit_counts WHERE sig = ? AND edge = ? AND mirrored = ? AND mask = ? AND n = 0');
    for (const [key, n] of this.delta) {
      if (n === 0) continue;
      const [sig, edge, mirrored, mask] = key.split(' ').map(Number) as [number, number, number, number];
      if (n > 0) upsert.run(sig, edge, mirrored, mask, n);
      else {
        lower.run(-n, sig, edge, mirrored, mask);
        drop.run(sig, edge, mirrored, mask);
      }
    }
    this.delta.clear();
  }
}

/** Parameters in the order the statement names them: the probes' keys, then the driver's. */
function armParams(arm: FitArm): number[] {
  return [...arm.keys.slice(1).flat(), ...arm.keys[0]!];
}

function bitCount(mask: number): number {
  let n = 0;
  for (let m = mask; m; m &= m - 1) n++;
  return n;
}

function toSummary(row: SummaryRow): VectorTileSummary {
  return {
    id: row.id,
    name: row.name,
    shape: row.shape,
    tags: JSON.parse(row.tags) as string[],
    terrains: JSON.parse(row.terrains) as string[],
    orientations: maskNames(row.shape, row.orientations),
    elements: row.element_count,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function maskNames(shape: VectorShape, mask: number): string[] {
  return shapeOrientations(shapeByName(shape))
    .map((o, k) => (mask & (1 << k) ? orientationName(o) : null))
    .filter((n): n is string => n !== null);
}




