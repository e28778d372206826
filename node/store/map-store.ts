/**
 * Maps in a library or project file: put / load a whole `TerrainMap` (core/map), list,
 * search, delete, thumbnails, stats. Layers go through map-chunks.ts; a put replaces the
 * map's rows in one transaction, so a reader sees the old map or the new one, never a mix.
 * A map's tile instances (core/assemble InstanceLayer) are two more chunked layers and the
 * tile table in `maps.instance_tiles`; an AL-FORM map's linear layer (core/assemble
 * LinearLayer) three more (class, tile, placement) and its tile table in `maps.linear_tiles`
 * (map-rows.ts puts them back together).
 *
 * Must not depend on: Electron, DOM.
 */
import { randomUUID } from 'node:crypto';
import type { GridKind, GridSize, Wrap } from '../../core/grid/types.js';
import { GRID_KINDS } from '../../core/grid/types.js';
import type { MapLayers, MapMeta, MapSpec } from '../../core/map/terrain-map.js';
import { TerrainMap } from '../../core/map/terrain-map.js';
import type { MapJson } from '../../core/map/map-json.js';
import { mapFromJson, mapToJson, sizeToJson } from '../../core/map/map-json.js';
import { readMapMeta } from '../../core/map/meta.js';
import { ArgReader, InputError } from './args.js';
import type { PageOptions } from './import-result.js';
import type { ImageBlob, StoreContext } from './context.js';
import { readImage } from './context.js';
import type { LayerName, LayerValues, StoredLayerName } from './map-chunks.js';
import { chunkCount, decodeChunkInto, encodeLayer, newLayer } from './map-chunks.js';
import type { MapRow } from './map-rows.js';
import { SUMMARY_SELECT, attachTileLayers, missing, presentLayers, toSummary } from './map-rows.js';
import { foldName } from './search-key.js';
import { readTransaction, writeTransaction } from './sqlite.js';
import { listOptions, oneById, page, searchQuery } from './store-query.js';
import { quoted } from '../../core/util/bounded.js';
import { readNetworks, writeNetworks } from './network-store.js';


export interface MapSummary {
  readonly id: string;
  readonly name: string;
  readonly kind: GridKind;
  readonly size: GridSize;
  readonly wrap: Wrap;
  readonly alform: boolean;
  readonly tileCount: number;
  /** Terrain ids; palette index k of the layers is `palette[k − 1]` (0 = no terrain). */
  readonly palette: string[];
  readonly meta: MapMeta;
  readonly layers: LayerName[];
  readonly thumbnail: { readonly mime: string; readonly bytes: number } | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface PutMapOptions {
  /** Replaces the map with this id if there is one; a new id is generated when absent. */
  id?: string;
  /** Defaults to `map.meta.name`, then the id. */
  name?: string;
  /** `null` removes the thumbnail; absent keeps the current one. */
  thumbnail?: ImageBlob | null;
}

export interface MapQuery extends PageOptions {
  /** Matches the name (case and accents ignored) or the id. */
  text?: string;
  kind?: GridKind;
  alform?: boolean;
}

export interface MapStats {
  readonly count: number;
  readonly tiles: number;
  /** Compressed bytes of all layer chunks. */
  readonly storedBytes: number;
  /** Bytes the layers take in memory. */
  readonly rawBytes: number;
}


export class MapStore {
  private readonly db;

  /**
   * `onReplace` runs inside the transaction that replaces a map's contents (the project
   * drops the replaced map's undo history there).
   */
  constructor(
    private readonly ctx: StoreContext,
    private readonly onReplace: (id: string) => void = () => {},
  ) {
    this.db = ctx.db;
  }

  list(options: PageOptions = {}): MapSummary[] {
    const { limit, offset } = page(new ArgReader(), listOptions(options, []), 'options');
    const rows = this.db.prepare(`${SUMMARY_SELECT} ORDER BY m.name_key, m.id LIMIT ? OFFSET ?`).all(limit, offset) as MapRow[];
    return rows.map(toSummary);
  }

  get(id: string): MapSummary | null {
    return oneById(this.db, `${SUMMARY_SELECT} WHERE m.id = ?`, id, (row: MapRow) => toSummary(row));
  }

  has(id: string): boolean {
    const mapId = new ArgReader().id(id, 'id');
    return this.db.prepare('SELECT 1 FROM maps WHERE id = ?').get(mapId) !== undefined;
  }

  search(query: MapQuery): MapSummary[] {
    const { r, q, f } = searchQuery(query, ['kind', 'alform'], 'm.');
    if (q.kind !== undefined) f.add('m.kind = ?', r.oneOf(q.kind, 'query.kind', GRID_KINDS));
    if (q.alform !== undefined) f.add('m.alform = ?', r.boolean(q.alform, 'query.alform') ? 1 : 0);
    const { limit, offset } = page(r, q, 'query');
    const sql = `${SUMMARY_SELECT} ${f.where} ORDER BY m.name_key, m.id LIMIT ? OFFSET ?`;
    return (this.db.prepare(sql).all(...f.params, limit, offset) as MapRow[]).map(toSummary);
  }


  /** Stores `map` (a new map, or replacing the one with `options.id`) in one transaction. */
  put(map: TerrainMap, options: PutMapOptions = {}): MapSummary {
    const r = new ArgReader();
    if (!(map instanceof TerrainMap)) return r.fail('map', 'a TerrainMap (parse interchange JSON with mapFromJson first)', map);
    const o = r.strictObject(options, 'options', ['id', 'name', 'thumbnail']);
    const id = o.id === undefined ? randomUUID() : r.id(o.id, 'options.id');
    const name = o.name !== undefined ? r.name(o.name, 'options.name') : typeof map.meta.name === 'string' && map.meta.name.trim() ? map.meta.name : id;
    const thumbnail = o.thumbnail === undefined ? undefined : o.thumbnail === null ? null : readImage(r, o.thumbnail, 'options.thumbnail');
    const meta = r.jsonObject(map.meta, 'map.meta');
    const layers: [StoredLayerName, LayerValues][] = presentLayers(map.layers);
    const instances = map.instances?.toArrays() ?? null;
    if (instances) layers.push(['instance_tiles', instances.refs], ['instance_codes', instances.codes]);
    const linear = map.linear?.toArrays() ?? null;
    if (linear) layers.push(['linear_class', linear.classes], ['linear_tiles', linear.refs], ['linear_codes', linear.codes]);
    const encoded = layers.map(([layer, values]) => [layer, values.length, encodeLayer(values)] as const);
    writeTransaction(this.db, () => {
      const now = this.ctx.now();
      const existing = this.db.prepare('SELECT created_at FROM maps WHERE id = ?').pluck().get(id) as string | undefined;
      if (existing !== undefined) {
        this.db.prepare('DELETE FROM map_layers WHERE map_id = ?').run(id);
        this.onReplace(id);
      }
      const { spec } = map;
      const values = {
        id,
        name,
        name_key: foldName(name),
        kind: spec.kind,
        size: JSON.stringify(sizeToJson(spec.size)),
        wrap_x: spec.wrap.x ? 1 : 0,
        wrap_y: spec.wrap.y ? 1 : 0,
        alform: spec.alform ? 1 : 0,
        tile_count: map.tileCount,
        palette: JSON.stringify(map.palette),
        meta: JSON.stringify(meta),
        instance_tiles: instances ? JSON.stringify(instances.table) : null,
        linear_tiles: linear ? JSON.stringify(linear.table) : null,
        created_at: existing ?? now,
        updated_at: now,
      };
      if (existing === undefined) {
        this.db
          .prepare(
            `INSERT INTO maps (id, name, name_key, kind, size, wrap_x, wrap_y, alform, tile_count, palette, meta, instance_tiles, linear_tiles, created_at, updated_at)
             VALUES (@id, @name, @name_key, @kind, @size, @wrap_x, @wrap_y, @alform, @tile_count, @palette, @meta, @instance_tiles, @linear_tiles, @created_at, @updated_at)`,
          )
          .run(values);
      } else {
        this.db
          .prepare(
            `UPDATE maps SET name = @name, name_key = @name_key, kind = @kind, size = @size, wrap_x = @wrap_x, wrap_y = @wrap_y, alform = @alform,
             tile_count = @tile_count, palette = @palette, meta = @meta, instance_tiles = @instance_tiles, linear_tiles = @linear_tiles, created_at = @created_at, updated_at = @updated_at WHERE id = @id`,
          )
          .run(values);
      }
      const insertLayer = this.db.prepare('INSERT INTO map_layers (map_id, layer, length) VALUES (?, ?, ?)');
      const insertChunk = this.db.prepare('INSERT INTO map_chunks (map_id, layer, chunk, data) VALUES (?, ?, ?, ?)');
      for (const [layer, length, chunks] of encoded) {
        insertLayer.run(id, layer, length);
        chunks.forEach((data, c) => insertChunk.run(id, layer, c, data));
      }
      writeNetworks(this.db, id, map.networks);
      if (thumbnail === null) this.db.prepare('DELETE FROM map_thumbnails WHERE map_id = ?').run(id);
      else if (thumbnail) this.db.prepare('INSERT OR REPLACE INTO map_thumbnails (map_id, mime, data) VALUES (?, ?, ?)').run(id, thumbnail.mime, thumbnail.data);
    });
    return this.get(id)!;
  }

  /**
   * Sets (or, with `undefined`, removes) one key of map `id`'s metadata in one transaction —
   * the view settings a designer chooses per map, such as `numbering` (not an undo step: the
   * map's terrain does not change). The merged metadata is read back with `readMapMeta`, so a
   * bad value is refused before it is written. Returns the new metadata.
   */
  setMetaKey(id: string, key: string, value: unknown): MapMeta {
    const r = new ArgReader();
    const mapId = r.id(id, 'id');
    if (key === 'name') throw new InputError('argument', 'key', 'the name is set by putting the map, not as metadata');
    return writeTransaction(this.db, () => {
      const text = this.db.prepare('SELECT meta FROM maps WHERE id = ?').pluck().get(mapId) as string | undefined;
      if (text === undefined) throw new InputError('argument', 'id', `no map with id ${quoted(mapId)} in this file`);
      const meta: Record<string, unknown> = { ...readMapMeta(JSON.parse(text), `map "${mapId}"`) };
      if (value === undefined) delete meta[key];
      else meta[key] = value;
      const checked = readMapMeta(r.jsonObject(meta, 'meta'), `map "${mapId}"`);
      this.db.prepare('UPDATE maps SET meta = ?, updated_at = ? WHERE id = ?').run(JSON.stringify(checked), this.ctx.now(), mapId);
      return checked;
    });
  }

  /** The whole map, ready to edit; throws when there is no map with this id. */
  load(id: string): TerrainMap {
    const mapId = new ArgReader().id(id, 'id');
    return readTransaction(this.db, () => {
      const row = this.db.prepare(`${SUMMARY_SELECT} WHERE m.id = ?`).get(mapId) as MapRow | undefined;
      if (!row) throw new InputError('argument', 'id', `no map with id ${quoted(mapId)} in this file`);
      const summary = toSummary(row);
      const where = `map ${quoted(mapId)}`;
      const lengths = this.db.prepare('SELECT layer, length FROM map_layers WHERE map_id = ?').all(mapId) as { layer: StoredLayerName; length: number }[];
      const arrays = new Map<StoredLayerName, LayerValues>();
      const seen = new Map<StoredLayerName, number>();
      for (const { layer, length } of lengths) arrays.set(layer, newLayer(layer, length));
      const chunks = this.db.prepare('SELECT layer, chunk, data FROM map_chunks WHERE map_id = ?').raw().iterate(mapId) as IterableIterator<[StoredLayerName, number, Buffer]>;
      for (const [layer, chunk, data] of chunks) {
        decodeChunkInto(arrays.get(layer)!, chunk, data, `${where} layer ${layer}`);
        seen.set(layer, (seen.get(layer) ?? 0) + 1);
      }
      for (const [layer, values] of arrays) {
        const want = chunkCount(values.length);
        if ((seen.get(layer) ?? 0) !== want) throw new Error(`${where} layer ${layer}: ${seen.get(layer) ?? 0} of its ${want} chunks are stored`);
      }
      const spec: MapSpec = { kind: summary.kind, size: summary.size, wrap: summary.wrap, alform: summary.alform };
      const layers: MapLayers = {
        terrain: (arrays.get('terrain') as Uint8Array | undefined) ?? missing(where, 'terrain'),
        edges: (arrays.get('edges') as Uint8Array | undefined) ?? null,
        vertices: (arrays.get('vertices') as Uint8Array | undefined) ?? null,
        elevation: (arrays.get('elevation') as Int16Array | undefined) ?? null,
      };
      const map = TerrainMap.fromLayers(spec, summary.palette, layers, summary.meta);
      const tables = this.db.prepare('SELECT instance_tiles AS instances, linear_tiles AS linear FROM maps WHERE id = ?').get(mapId) as { instances: string | null; linear: string | null };
      attachTileLayers(map, tables, arrays, where);
      const networks = readNetworks(this.db, mapId, map.tileCount, where);
      if (networks) map.setNetworks(networks);
      return map;
    });
  }

  /** The map in the native interchange JSON (core/map/map-json.ts, docs/map-format.md). */
  export(id: string): MapJson {
    return mapToJson(this.load(id));
  }

  /**
   * Stores a map given as native interchange JSON (parsed, not text); errors name the JSON
   * path inside it: `argument map: $.layers.terrain.data[12]: …`.
   */
  import(json: unknown, options: PutMapOptions = {}): MapSummary {
    return this.put(mapFromJson(json, 'argument map'), options);
  }

  /** Renames map `id` (its `meta.name` too, when it has one); false when there is no such map. */
  rename(id: string, name: string): boolean {
    const r = new ArgReader();
    const mapId = r.id(id, 'id');
    const newName = r.name(name, 'name');
    return writeTransaction(this.db, () => {
      const meta = this.db.prepare('SELECT meta FROM maps WHERE id = ?').pluck().get(mapId) as string | undefined;
      if (meta === undefined) return false;
      const parsed = JSON.parse(meta) as Record<string, unknown>;
      if (typeof parsed.name === 'string') parsed.name = newName;
      this.db.prepare('UPDATE maps SET name = ?, name_key = ?, meta = ?, updated_at = ? WHERE id = ?').run(newName, foldName(newName), JSON.stringify(parsed), this.ctx.now(), mapId);
      return true;
    });
  }

  delete(id: string): boolean {
    const mapId = new ArgReader().id(id, 'id');
    return writeTransaction(this.db, () => this.db.prepare('DELETE FROM maps WHERE id = ?').run(mapId).changes > 0);
  }

  thumbnail(id: string): ImageBlob | null {
    const mapId = new ArgReader().id(id, 'id');
    const row = this.db.prepare('SELECT mime, data FROM map_thumbnails WHERE map_id = ?').get(mapId) as { mime: string; data: Buffer } | undefined;
    return row ? { mime: row.mime, data: row.data } : null;
  }

  setThumbnail(id: string, image: ImageBlob | null): void {
    const r = new ArgReader();
    const mapId = r.id(id, 'id');
    const thumb = image === null ? null : readImage(r, image, 'image');
    writeTransaction(this.db, () => {
      if (!this.has(mapId)) throw new InputError('argument', 'id', `no map with id ${quoted(mapId)} in this file`);
      if (thumb) this.db.prepare('INSERT OR REPLACE INTO map_thumbnails (map_id, mime, data) VALUES (?, ?, ?)').run(mapId, thumb.mime, thumb.data);
      else this.db.prepare('DELETE FROM map_thumbnails WHERE map_id = ?').run(mapId);
    });
  }

  stats(): MapStats {
    return readTransaction(this.db, () => {
      const m = this.db.prepare('SELECT count(*) AS count, coalesce(sum(tile_count), 0) AS tiles FROM maps').get() as { count: number; tiles: number };
      const stored = this.db.prepare('SELECT coalesce(sum(length(data)), 0) FROM map_chunks').pluck().get() as number;
      const raw = this.db.prepare(`SELECT coalesce(sum(length * CASE layer WHEN 'elevation' THEN 2 WHEN 'instance_tiles' THEN 4 WHEN 'linear_tiles' THEN 4 ELSE 1 END), 0) FROM map_layers`).pluck().get() as number;
      return { count: m.count, tiles: m.tiles, storedBytes: stored, rawBytes: raw };
    });
  }
}
