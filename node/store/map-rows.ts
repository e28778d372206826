/**
 * Stored maps as rows: the summary row (with its layer names and thumbnail size from the
 * same statement), the layers a map stores, and a loaded map's instance and linear layers
 * put back together from their chunked arrays and tile tables (checked to be whole).
 *
 * Must not depend on: Electron, DOM.
 */
import type { GridKind, GridSize } from '../../core/grid/types.js';
import type { MapLayers, TerrainMap } from '../../core/map/terrain-map.js';
import { readMapMeta } from '../../core/map/meta.js';
import type { TileRefInfo } from '../../core/map/instance-layer.js';
import { InstanceLayer } from '../../core/map/instance-layer.js';
import { LinearLayer } from '../../core/map/linear-layer.js';
import type { LayerName, LayerValues, StoredLayerName } from './map-chunks.js';
import { LAYER_NAMES } from './map-chunks.js';
import type { MapSummary } from './map-store.js';

export interface MapRow {
  id: string;
  name: string;
  kind: string;
  size: string;
  wrap_x: number;
  wrap_y: number;
  alform: number;
  tile_count: number;
  palette: string;
  meta: string;
  created_at: string;
  updated_at: string;
  layers: string | null;
  thumb_mime: string | null;
  thumb_bytes: number | null;
}

export const SUMMARY_SELECT = `
SELECT m.id, m.name, m.kind, m.size, m.wrap_x, m.wrap_y, m.alform, m.tile_count, m.palette, m.meta, m.created_at, m.updated_at,
       (SELECT group_concat(layer) FROM map_layers l WHERE l.map_id = m.id) AS layers,
       t.mime AS thumb_mime, length(t.data) AS thumb_bytes
FROM maps m LEFT JOIN map_thumbnails t ON t.map_id = m.id`;

/**
 * Gives `map` the instance and linear layers stored with it: `tables` are its rows' tile
 * tables (JSON), `arrays` its decoded chunked layers. A layer stored only in part, or a
 * linear layer on a classic map, is an error naming the map (`where`).
 */
export function attachTileLayers(map: TerrainMap, tables: { instances: string | null; linear: string | null }, arrays: ReadonlyMap<StoredLayerName, LayerValues>, where: string): void {
  const refs = arrays.get('instance_tiles') as Int32Array | undefined;
  const codes = arrays.get('instance_codes') as Uint8Array | undefined;
  if (tables.instances !== null || refs || codes) {
    if (tables.instances === null || !refs || !codes) throw new Error(`${where}: its instance layer is stored only in part (tile table, tiles and codes go together)`);
    map.setInstances(InstanceLayer.fromArrays(map.grid, tileTable(tables.instances, where, 'tile table'), refs, codes, `${where} instance layer`));
  }
  const classes = arrays.get('linear_class') as Uint8Array | undefined;
  const linearRefs = arrays.get('linear_tiles') as Int32Array | undefined;
  const linearCodes = arrays.get('linear_codes') as Uint8Array | undefined;
  if (tables.linear !== null || classes || linearRefs || linearCodes) {
    if (tables.linear === null || !classes || !linearRefs || !linearCodes) throw new Error(`${where}: its linear layer is stored only in part (tile table, classes, tiles and codes go together)`);
    if (!map.spec.alform) throw new Error(`${where}: it is a classic map but stores a linear layer (AL-FORM maps only)`);
    map.setLinear(LinearLayer.fromArrays(map.grid, classes, tileTable(tables.linear, where, 'linear tile table'), linearRefs, linearCodes, `${where} linear layer`));
  }
}

export function presentLayers(layers: MapLayers): [LayerName, LayerValues][] {
  const out: [LayerName, LayerValues][] = [];
  for (const name of LAYER_NAMES) {
    const values = layers[name];
    if (values) out.push([name, values]);
  }
  return out;
}

export function toSummary(row: MapRow): MapSummary {
  const kind = row.kind as GridKind;
  const size = { kind, ...(JSON.parse(row.size) as object) } as GridSize;
  return {
    id: row.id,
    name: row.name,
    kind,
    size,
    wrap: { x: row.wrap_x === 1, y: row.wrap_y === 1 },
    alform: row.alform === 1,
    tileCount: row.tile_count,
    palette: JSON.parse(row.palette) as string[],
    meta: readMapMeta(JSON.parse(row.meta), `map "${row.id}"`),
    layers: row.layers ? LAYER_NAMES.filter((l) => row.layers!.split(',').includes(l)) : [],
    thumbnail: row.thumb_mime ? { mime: row.thumb_mime, bytes: row.thumb_bytes ?? 0 } : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function tileTable(json: string, where: string, what: string): TileRefInfo[] {
  try {
    const entries = JSON.parse(json) as TileRefInfo[];
    if (!Array.isArray(entries)) throw new Error('not an array');
    return entries;
  } catch (e) {
    throw new Error(`${where}: its ${what} is damaged (${(e as Error).message})`);
  }
}

export function missing(where: string, layer: StoredLayerName): never {
  throw new Error(`${where}: its ${layer} layer is not stored`);
}
