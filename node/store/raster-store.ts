/**
 * Raster tiles in a library (SPEC §10): an image with its shape, size, allowed orientations
 * and a connector label on each edge, so raster tiles can be edge-matched like geomorphs
 * and Wang tiles (seeds/002): `fit({ north: 'grass', east: 'road' })` lists every tile and
 * orientation whose edges show those labels (fit-index.ts).
 *
 * Labels are compared by equality, as the connectors of a geomorph set or the colours of a
 * Wang set are: a connector whose pattern is not symmetric along its edge needs two labels
 * (one per direction) chosen by the designer.
 *
 * Must not depend on: Electron, DOM.
 */
import type { OnConflict } from './args.js';
import { ArgReader, InputError, withRecordId } from './args.js';
import type { ImageBlob, StoreContext } from './context.js';
import { readImage } from './context.js';
import { FitIndex } from './fit-index.js';
import type { ImportOptions, ImportResult, PageOptions } from './import-result.js';
import { emptyImportResult } from './import-result.js';
import { page } from './map-store.js';
import type { TileShape } from './orientation.js';
import { EDGE_NAMES, TILE_SHAPES, allOrientations, edgeCount, orientationCode, orientationName, orientationNames } from './orientation.js';
import { containsPattern, foldName } from './search-key.js';
import { readTransaction, writeTransaction } from './sqlite.js';

export const MAX_LABEL_LENGTH = 100;
const MAX_PIXELS = 16384;

/** A raster tile as callers hand it in (and as `export` gives it back). */
export interface RasterTileInput {
  readonly id: string;
  readonly name: string;
  readonly tags?: readonly string[];
  readonly shape: TileShape;
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
  readonly shape: TileShape;
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
  shape?: TileShape;
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
  shape?: TileShape;
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
  readonly byShape: Readonly<Record<TileShape, number>>;
  readonly imageBytes: number;
  readonly labels: number;
  readonly tags: number;
}

interface ValidTile {
  id: string;
  name: string;
  tags: string[];
  shape: TileShape;
  width: number;
  height: number;
  image: ImageBlob;
  edges: string[];
  mask: number;
}

interface TileRow {
  rid: number;
  id: string;
  name: string;
  shape: TileShape;
  width: number;
  height: number;
  orientations: number;
  created_at: string;
  updated_at: string;
  mime: string;
  image_bytes: number;
  labels: string;
  tags: string | null;
}

const TILE_SELECT = `
SELECT t.rid, t.id, t.name, t.shape, t.width, t.height, t.orientations, t.created_at, t.updated_at,
       i.mime, length(i.data) AS image_bytes,
       json_array(l0.label, l1.label, l2.label, l3.label, l4.label, l5.label) AS labels,
       (SELECT json_group_array(tag) FROM (SELECT tag FROM raster_tags g WHERE g.rid = t.rid ORDER BY tag)) AS tags
FROM raster_tiles t
JOIN raster_images i ON i.rid = t.rid
JOIN edge_labels l0 ON l0.id = t.e0
JOIN edge_labels l1 ON l1.id = t.e1
JOIN edge_labels l2 ON l2.id = t.e2
JOIN edge_labels l3 ON l3.id = t.e3
LEFT JOIN edge_labels l4 ON l4.id = t.e4
LEFT JOIN edge_labels l5 ON l5.id = t.e5`;

export class RasterTileStore {
  private readonly db;
  private fitCache: { generation: string; index: FitIndex; labels: Map<string, number> } | null = null;

  constructor(private readonly ctx: StoreContext) {
    this.db = ctx.db;
  }

  list(options: { shape?: TileShape } & PageOptions = {}): RasterTile[] {
    const r = new ArgReader();
    const o = r.object(options, 'options');
    r.onlyKeys(o, 'options', ['shape', 'limit', 'offset']);
    return this.search(o);
  }

  get(id: string): RasterTile | null {
    const tileId = new ArgReader().id(id, 'id');
    const row = this.db.prepare(`${TILE_SELECT} WHERE t.id = ?`).get(tileId) as TileRow | undefined;
    return row ? toTile(row) : null;
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
    const r = new ArgReader();
    const q = r.object(query, 'query');
    r.onlyKeys(q, 'query', ['text', 'tag', 'shape', 'label', 'limit', 'offset']);
    const where: string[] = [];
    const params: unknown[] = [];
    if (q.text !== undefined) {
      const pattern = containsPattern(r.string(q.text, 'query.text'));
      where.push(`(t.name_key LIKE ? ESCAPE '\\' OR t.id LIKE ? ESCAPE '\\')`);
      params.push(pattern, pattern);
    }
    if (q.tag !== undefined) {
      where.push('t.rid IN (SELECT rid FROM raster_tags WHERE tag = ?)');
      params.push(r.string(q.tag, 'query.tag'));
    }
    if (q.shape !== undefined) {
      where.push('t.shape = ?');
      params.push(r.oneOf(q.shape, 'query.shape', TILE_SHAPES));
    }
    if (q.label !== undefined) {
      where.push('(SELECT id FROM edge_labels WHERE label = ?) IN (t.e0, t.e1, t.e2, t.e3, t.e4, t.e5)');
      params.push(r.string(q.label, 'query.label'));
    }
    const { limit, offset } = page(r, q, 'query');
    const sql = `${TILE_SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY t.rid LIMIT ? OFFSET ?`;
    return (this.db.prepare(sql).all(...params, limit, offset) as TileRow[]).map(toTile);
  }

  /**
   * Imports a batch in ONE transaction: all records are validated first, then written; any
   * error (a bad record, an id conflict with onConflict "error") leaves the library as it was
   * and names the record, the field and what was expected.
   */
  import(tiles: readonly RasterTileInput[], options: ImportOptions = {}): ImportResult {
    const r = new ArgReader();
    const o = r.object(options, 'options');
    r.onlyKeys(o, 'options', ['onConflict']);
    const onConflict = r.onConflict(o.onConflict, 'options.onConflict');
    const list = r.array(tiles, 'tiles');
    const seen = new Set<string>();
    const valid = list.map((t, k) => {
      const tile = readTile(r, t, `tiles[${k}]`);
      if (seen.has(tile.id)) throw new InputError('argument', `tiles[${k}].id`, `tile "${tile.id}" appears twice in this import`);
      seen.add(tile.id);
      return tile;
    });
    return this.importValid(valid, onConflict, 'tiles');
  }

  /** Tiles with their images, in the form `import` takes (all tiles, or those listed). */
  export(ids?: readonly string[]): RasterTileInput[] {
    const r = new ArgReader();
    const wanted = ids === undefined ? null : r.array(ids, 'ids').map((id, k) => r.id(id, `ids[${k}]`));
    return readTransaction(this.db, () => {
      const rows: TileRow[] = [];
      if (wanted) {
        const one = this.db.prepare(`${TILE_SELECT} WHERE t.id = ?`);
        for (const id of wanted) {
          const row = one.get(id) as TileRow | undefined;
          if (!row) throw new InputError('argument', 'ids', `no raster tile "${id}" in this library`);
          rows.push(row);
        }
      } else {
        rows.push(...(this.db.prepare(`${TILE_SELECT} ORDER BY t.rid`).all() as TileRow[]));
      }
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
    const o = r.object(options, 'options');
    r.onlyKeys(o, 'options', ['shape', 'limit', 'offset']);
    const shape = o.shape === undefined ? 'square' : r.oneOf(o.shape, 'options.shape', TILE_SHAPES);
    const limit = o.limit === undefined ? 100 : r.integer(o.limit, 'options.limit', 1, 10_000);
    const offset = o.offset === undefined ? 0 : r.integer(o.offset, 'options.offset', 0, Number.MAX_SAFE_INTEGER);
    const wanted = readEdgeConstraints(r, edges, shape);
    const { index, labels } = this.fitIndex();
    const requirements = wanted.map(({ edge, label }) => ({ edge, label: labels.get(label) ?? -1 }));
    const result = index.query(shape, requirements, offset, limit);
    return { total: result.total, matches: result.hits.map((h) => ({ id: h.id, orientation: orientationName(shape, h.orientation) })) };
  }

  stats(): RasterStats {
    return readTransaction(this.db, () => {
      const byShape = { square: 0, hex: 0, pentagon: 0 } as Record<TileShape, number>;
      for (const row of this.db.prepare('SELECT shape, count(*) AS n FROM raster_tiles GROUP BY shape').all() as { shape: TileShape; n: number }[]) {
        byShape[row.shape] = row.n;
      }
      return {
        count: Object.values(byShape).reduce((a, b) => a + b, 0),
        byShape,
        imageBytes: this.db.prepare('SELECT coalesce(sum(length(data)), 0) FROM raster_images').pluck().get() as number,
        labels: this.db.prepare('SELECT count(*) FROM edge_labels').pluck().get() as number,
        tags: this.db.prepare('SELECT count(DISTINCT tag) FROM raster_tags').pluck().get() as number,
      };
    });
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
        [number, string, TileShape, number, number, number, number, number, number | null, number | null]
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
      const labelIds = new Map<string, number>();
      const findLabel = this.db.prepare('SELECT id FROM edge_labels WHERE label = ?').pluck();
      const addLabel = this.db.prepare('INSERT INTO edge_labels (label) VALUES (?)');
      const labelId = (label: string): number => {
        let id = labelIds.get(label);
        if (id === undefined) {
          id = (findLabel.get(label) as number | undefined) ?? Number(addLabel.run(label).lastInsertRowid);
          labelIds.set(label, id);
        }
        return id;
      };
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
        const e = t.edges.map(labelId);
        const e4 = e[4] ?? null;
        const e5 = e[5] ?? null;
        let rid = findTile.get(t.id) as number | undefined;
        if (rid !== undefined) {
          if (onConflict === 'skip') {
            result.skipped++;
            return;
          }
          if (onConflict === 'error') {
            throw new InputError('argument', `${argName}${argName === 'tile' ? '' : `[${k}]`}.id`, `a raster tile "${t.id}" already exists (import with onConflict "replace" or "skip")`);
          }
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

function readTile(r: ArgReader, value: unknown, path: string): ValidTile {
  const o = r.object(value, path);
  return withRecordId(o.id, () => {
    r.onlyKeys(o, path, ['id', 'name', 'tags', 'shape', 'width', 'height', 'image', 'edges', 'orientations']);
    const id = r.id(o.id, `${path}.id`);
    const name = r.name(o.name, `${path}.name`);
    const tags = o.tags === undefined ? [] : r.stringList(o.tags, `${path}.tags`);
    const shape = r.oneOf(o.shape, `${path}.shape`, TILE_SHAPES);
    const width = r.integer(o.width, `${path}.width`, 1, MAX_PIXELS);
    const height = r.integer(o.height, `${path}.height`, 1, MAX_PIXELS);
    const image = readImage(r, o.image, `${path}.image`);
    const k = edgeCount(shape);
    const edgeList = r.array(o.edges, `${path}.edges`);
    if (edgeList.length !== k) r.fail(`${path}.edges`, `${k} labels (one per edge of a ${shape}, top edge first, clockwise)`, edgeList);
    const edges = edgeList.map((l, e) => readLabel(r, l, `${path}.edges[${e}]`));
    let mask = allOrientations(shape);
    if (o.orientations !== undefined) {
      const names = r.stringList(o.orientations, `${path}.orientations`, 10);
      if (names.length === 0) r.fail(`${path}.orientations`, 'at least one orientation', names);
      mask = 0;
      names.forEach((n, j) => {
        const code = orientationCode(shape, n);
        if (code < 0) r.fail(`${path}.orientations[${j}]`, `an orientation of a ${shape}: ${orientationNames(shape, allOrientations(shape)).join(', ')}`, n);
        mask |= 1 << code;
      });
    }
    return { id, name, tags, shape, width, height, image, edges, mask };
  });
}

function readLabel(r: ArgReader, value: unknown, path: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LABEL_LENGTH) r.fail(path, `a connector label (a string of 1…${MAX_LABEL_LENGTH} characters)`, value);
  return value;
}

function readEdgeConstraints(r: ArgReader, value: unknown, shape: TileShape): { edge: number; label: string }[] {
  const o = r.object(value, 'edges');
  const names = EDGE_NAMES[shape];
  const k = edgeCount(shape);
  const taken = new Set<number>();
  return Object.entries(o).map(([key, label]) => {
    const edge = /^\d$/.test(key) ? Number(key) : names.indexOf(key);
    if (edge < 0 || edge >= k) {
      const named = names.length ? `${names.join(', ')} or ` : '';
      throw new InputError('argument', `edges.${key}`, `unknown edge of a ${shape}; expected ${named}an edge number 0…${k - 1}`);
    }
    if (taken.has(edge)) throw new InputError('argument', `edges.${key}`, `edge ${edge} is given twice`);
    taken.add(edge);
    return { edge, label: readLabel(r, label, `edges.${key}`) };
  });
}

function toTile(row: TileRow): RasterTile {
  const k = edgeCount(row.shape);
  return {
    id: row.id,
    name: row.name,
    tags: row.tags ? (JSON.parse(row.tags) as string[]) : [],
    shape: row.shape,
    width: row.width,
    height: row.height,
    mime: row.mime,
    imageBytes: row.image_bytes,
    edges: (JSON.parse(row.labels) as string[]).slice(0, k),
    orientations: orientationNames(row.shape, row.orientations),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
