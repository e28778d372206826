/**
 * The native map interchange form: versioned JSON, documented in docs/map-format.md.
 * Layers are run-length encoded (`[count, value, count, value, …]`) because terrain comes
 * in large runs; a plain array is accepted too. Reading validates everything and names the
 * JSON path of the first problem; writing then reading gives back the same map.
 *
 * Versions (a file says the lowest version that carries what it holds, so maps without
 * instances stay readable by older Sandtables):
 *   1  terrain layers, palette, meta
 *   2  + `instances`: the vector tile instance layer (core/assemble InstanceLayer's own JSON
 *      form: a tile table of {id, name, library} and sparse [cell, tile, placement code]).
 *      Version 1 files migrate by reading as version 2 without instances.
 *   3  + `labels`: the label layer (core/map/labels.ts; read in any version, since files of
 *      the labels' first builds said 1 or 2), and `networks`: the through-tile network layer (network-json.ts: per area tile its
 *      connection codes, and junction records). Older files read as version 3 without
 *      networks; given a catalogue (`MapReadOptions.catalogue`), their roads, railroads and
 *      trails on linear tiles / edges are converted into networks (network-convert.ts).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { GridKind, GridSize, Wrap } from '../grid/types.js';
import { GRID_KINDS } from '../grid/types.js';
import { createGrid } from '../grid/create.js';
import { InputError, JsonReader } from '../util/input-error.js';
import { quoted } from '../util/bounded.js';
import { parseJsonText } from '../util/json-text.js';
import type { MapLayers, MapMeta, MapSpec } from './terrain-map.js';
import { MAX_PALETTE, TerrainMap } from './terrain-map.js';
import { readMapMeta } from './meta.js';
import { MAX_TILES } from '../grid/size.js';
import { checkMapSize, DEFAULT_LIMITS } from '../util/limits.js';
import type { InstanceLayerJson } from './instance-layer.js';
import { InstanceLayer } from './instance-layer.js';
import type { LinearLayerJson } from './linear-layer.js';
import { LinearLayer } from './linear-layer.js';
import type { MapLabel } from './labels.js';
import { labelsToJson, readLabels } from './labels.js';
import type { TerrainCatalogue } from '../terrain/types.js';
import type { NetworkLayerJson } from './network-json.js';
import { networksFromJson, networksToJson } from './network-json.js';
import { NetworkSides } from './network-sides.js';
import { convertLinearNetworks } from './network-convert.js';

export const MAP_FORMAT = 'sandtable-map';
export const MAP_FORMAT_VERSION = 3;
/** The first version with an instance layer. */
export const INSTANCES_VERSION = 2;
/** The first version with through-tile networks. */
export const NETWORKS_VERSION = 3;

export interface MapReadOptions {
  /**
   * The catalogue the map is read with: a file older than NETWORKS_VERSION then has its
   * linear-tile roads, railroads and trails (the catalogue's `runs: "through"` terrains)
   * converted into networks. Without one, old files read exactly as they were written.
   */
  readonly catalogue?: TerrainCatalogue;
}

export interface LayerJson {
  encoding: 'rle' | 'array';
  data: number[];
}

export interface MapJson {
  format: typeof MAP_FORMAT;
  version: number;
  kind: GridKind;
  size: { width: number; height: number } | { diameter: number } | { side: number };
  wrap: ('x' | 'y')[];
  alform: boolean;
  palette: string[];
  layers: { terrain: LayerJson; edges?: LayerJson; vertices?: LayerJson; elevation?: LayerJson };
  meta?: MapMeta;
  /** Version 2: the vector tile instances (AL-FORM maps: area tiles only). */
  instances?: InstanceLayerJson;
  /** Version 2, AL-FORM maps: the linear tiles that are not PASS-THRU (LinearLayer's JSON). */
  linear?: LinearLayerJson;
  /** The label layer (core/map/labels.ts); absent when the map has none. */
  labels?: MapLabel[];
  /** Version 3: the through-tile networks (roads, railroads … centre to centre). */
  networks?: NetworkLayerJson;
}

export function mapToJson(map: TerrainMap): MapJson {
  const { spec, layers } = map;
  const out: MapJson = {
    format: MAP_FORMAT,
    version: (map.networks && !map.networks.isEmpty) || map.labels.length ? NETWORKS_VERSION : map.instances || map.linear ? INSTANCES_VERSION : 1,
    kind: spec.kind,
    size: sizeToJson(spec.size),
    wrap: [...(spec.wrap.x ? (['x'] as const) : []), ...(spec.wrap.y ? (['y'] as const) : [])],
    alform: spec.alform,
    palette: [...map.palette],
    layers: { terrain: encodeRle(layers.terrain) },
  };
  if (layers.edges) out.layers.edges = encodeRle(layers.edges);
  if (layers.vertices) out.layers.vertices = encodeRle(layers.vertices);
  if (layers.elevation) out.layers.elevation = encodeRle(layers.elevation);
  if (Object.keys(map.meta).length) out.meta = map.meta;
  if (map.instances) out.instances = map.instances.toJSON();
  if (map.linear) out.linear = map.linear.toJSON();
  if (map.labels.length) out.labels = labelsToJson(map.labels);
  if (map.networks && !map.networks.isEmpty) out.networks = networksToJson(map.networks);
  return out;
}

export function mapToJsonText(map: TerrainMap): string {
  return JSON.stringify(mapToJson(map));
}

/** Parses JSON text; `source` (usually the file name) prefixes every error. */
export function mapFromJsonText(text: string, source = 'map', options: MapReadOptions = {}): TerrainMap {
  return mapFromJson(parseJsonText(text, source), source, options);
}

export function mapFromJson(value: unknown, source = 'map', options: MapReadOptions = {}): TerrainMap {
  const r = new JsonReader(source);
  const root = r.object(value, '$');
  r.onlyKeys(root, '$', ['format', 'version', 'kind', 'size', 'wrap', 'alform', 'palette', 'layers', 'meta', 'instances', 'linear', 'labels', 'networks']);
  if (root.format !== MAP_FORMAT) r.fail('$.format', `"${MAP_FORMAT}"`, root.format);
  const version = r.integer(root.version, '$.version', 1, Number.MAX_SAFE_INTEGER);
  if (version > MAP_FORMAT_VERSION) {
    throw new InputError(source, '$.version', `this file is format version ${version}; this Sandtable reads up to version ${MAP_FORMAT_VERSION} — update Sandtable`);
  }
  const kind = r.oneOf(root.kind, '$.kind', GRID_KINDS);
  const size = sizeFromJson(r, kind, root.size);
  // Before anything is built or allocated: a few bytes may declare a map of billions of tiles.
  checkMapSize(size, source, '$.size', DEFAULT_LIMITS);
  const wrapList = root.wrap === undefined ? [] : r.array(root.wrap, '$.wrap');
  const wrapAxes = wrapList.map((w, k) => r.oneOf(w, `$.wrap[${k}]`, ['x', 'y'] as const));
  const wrap: Wrap = { x: wrapAxes.includes('x'), y: wrapAxes.includes('y') };
  const alform = r.boolean(root.alform, '$.alform');
  const paletteRaw = r.array(root.palette, '$.palette');
  if (paletteRaw.length > MAX_PALETTE) r.fail('$.palette', `at most ${MAX_PALETTE} terrain ids`, paletteRaw);
  const seen = new Set<string>();
  const palette = paletteRaw.map((p, k) => {
    const id = r.string(p, `$.palette[${k}]`);
    if (id === '') r.fail(`$.palette[${k}]`, 'a non-empty terrain id', id);
    if (seen.has(id)) throw new InputError(source, `$.palette[${k}]`, `terrain id ${quoted(id)} is listed twice`);
    seen.add(id);
    return id;
  });
  const spec: MapSpec = { kind, size, wrap, alform };
  let grid;
  try {
    grid = createGrid(spec);
  } catch (e) {
    throw new InputError(source, '$.size', (e as Error).message);
  }
  const n = grid.tileCount;
  const layersObj = r.object(root.layers, '$.layers');
  r.onlyKeys(layersObj, '$.layers', ['terrain', 'edges', 'vertices', 'elevation']);
  const maxIndex = palette.length;
  const terrain = decodeLayer(r, layersObj.terrain, '$.layers.terrain', n, 0, maxIndex, Uint8Array);
  let edges: Uint8Array | null = null;
  let vertices: Uint8Array | null = null;
  if (alform) {
    for (const k of ['edges', 'vertices'] as const) {
      if (layersObj[k] !== undefined) throw new InputError(source, `$.layers.${k}`, 'AL-FORM maps keep edge terrain on linear tiles; remove this layer');
    }
  } else {
    edges = decodeLayer(r, layersObj.edges, '$.layers.edges', n * grid.edgeSlotsPerTile, 0, maxIndex, Uint8Array);
    if (kind === 'square') vertices = decodeLayer(r, layersObj.vertices, '$.layers.vertices', n, 0, maxIndex, Uint8Array);
    else if (layersObj.vertices !== undefined) throw new InputError(source, '$.layers.vertices', `only square maps have vertex terrain, not ${kind}`);
  }
  const elevation = layersObj.elevation === undefined ? null : decodeLayer(r, layersObj.elevation, '$.layers.elevation', n, -32768, 32767, Int16Array);
  const meta = root.meta === undefined ? {} : readMapMeta(root.meta, source, '$.meta');
  const layers: MapLayers = { terrain, edges, vertices, elevation };
  let map: TerrainMap;
  try {
    map = TerrainMap.fromLayers(spec, palette, layers, meta);
  } catch (e) {
    throw new InputError(source, '$.layers', (e as Error).message);
  }
  readLayersBesideTerrain(map, root, version, source, options);
  return map;
}

/**
 * The layers a map file may hold beside its terrain: vector instances and (AL-FORM) linear
 * tiles (version 2), labels, and through-tile networks (version 3) — or, for an older file read
 * with a catalogue, its linear-tile roads converted into networks.
 */
function readLayersBesideTerrain(map: TerrainMap, root: Record<string, unknown>, version: number, source: string, options: MapReadOptions): void {
  const { grid } = map;
  const alform = map.spec.alform;
  const palette = map.palette;
  if (root.instances !== undefined) {
    // Migration: a version-1 file has no instances; one that claims them is not what it says.
    if (version < INSTANCES_VERSION) throw new InputError(source, '$.instances', `instance layers need format version ${INSTANCES_VERSION}; this file says version ${version}`);
    const layer = InstanceLayer.fromJSON(map.grid, root.instances, source, '$.instances');
    try {
      map.setInstances(layer);
    } catch (e) {
      throw new InputError(source, '$.instances', (e as Error).message);
    }
  }
  if (root.linear !== undefined) {
    if (version < INSTANCES_VERSION) throw new InputError(source, '$.linear', `linear layers need format version ${INSTANCES_VERSION}; this file says version ${version}`);
    if (!alform) throw new InputError(source, '$.linear', 'only AL-FORM maps have linear tiles; this map says "alform": false');
    map.setLinear(LinearLayer.fromJSON(grid, root.linear, `${source} $.linear`));
  }
  if (root.labels !== undefined) map.labels = readLabels(root.labels, grid, source, '$.labels');
  if (root.networks !== undefined) {
    if (version < NETWORKS_VERSION) throw new InputError(source, '$.networks', `networks need format version ${NETWORKS_VERSION}; this file says version ${version}`);
    map.setNetworks(networksFromJson(root.networks, new NetworkSides(grid, alform), palette.length, source, '$.networks'));
  } else if (version < NETWORKS_VERSION && options.catalogue) {
    // Migration: roads drawn on linear tiles before networks existed run through tiles now.
    convertLinearNetworks(map, options.catalogue);
  }
}

/** A size as the interchange (and the store's size column) writes it: its numbers without the kind. */
export function sizeToJson(size: GridSize): MapJson['size'] {
  switch (size.kind) {
    case 'hex-hexagon':
      return { diameter: size.diameter };
    case 'icosahedron':
      return { side: size.side };
    default:
      return { width: size.width, height: size.height };
  }
}

function sizeFromJson(r: JsonReader, kind: GridKind, value: unknown): GridSize {
  const o = r.object(value, '$.size');
  switch (kind) {
    case 'hex-hexagon':
      r.onlyKeys(o, '$.size', ['diameter']);
      return { kind, diameter: r.integer(o.diameter, '$.size.diameter', 1, MAX_TILES) };
    case 'icosahedron':
      r.onlyKeys(o, '$.size', ['side']);
      return { kind, side: r.integer(o.side, '$.size.side', 0, MAX_TILES) };
    default: {
      r.onlyKeys(o, '$.size', ['width', 'height']);
      const width = r.integer(o.width, '$.size.width', 1, MAX_TILES);
      const height = r.integer(o.height, '$.size.height', 1, MAX_TILES);
      return { kind, width, height };
    }
  }
}

export function encodeRle(values: ArrayLike<number>): LayerJson {
  const data: number[] = [];
  let i = 0;
  while (i < values.length) {
    const v = values[i]!;
    let j = i + 1;
    while (j < values.length && values[j] === v) j++;
    data.push(j - i, v);
    i = j;
  }
  return { encoding: 'rle', data };
}

type TypedCtor<T> = new (length: number) => T;

function decodeLayer<T extends Uint8Array | Int16Array>(
  r: JsonReader,
  value: unknown,
  path: string,
  length: number,
  min: number,
  max: number,
  ctor: TypedCtor<T>,
): T {
  const o = r.object(value, path);
  r.onlyKeys(o, path, ['encoding', 'data']);
  const encoding = r.oneOf(o.encoding, `${path}.encoding`, ['rle', 'array'] as const);
  const data = r.array(o.data, `${path}.data`);
  const out = new ctor(length);
  const valueRange = min === 0 ? `a palette index 0…${max}` : `an integer ${min}…${max}`;
  const checkValue = (v: unknown, k: number): number => {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) r.fail(`${path}.data[${k}]`, valueRange, v);
    return v;
  };
  if (encoding === 'array') {
    if (data.length !== length) r.fail(`${path}.data`, `${length} values (one per ${path.endsWith('edges') ? 'edge slot' : 'tile'})`, data);
    for (let k = 0; k < length; k++) out[k] = checkValue(data[k], k);
    return out;
  }
  if (data.length % 2 !== 0) r.fail(`${path}.data`, 'pairs of [count, value]', data);
  let at = 0;
  for (let k = 0; k < data.length; k += 2) {
    const count = data[k];
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) r.fail(`${path}.data[${k}]`, 'a run length ≥ 1', count);
    if (at + count > length) r.fail(`${path}.data[${k}]`, `runs adding up to ${length} values; this run ends at ${at + count}`, count);
    out.fill(checkValue(data[k + 1], k + 1), at, at + count);
    at += count;
  }
  if (at !== length) r.fail(`${path}.data`, `runs adding up to ${length} values`, `runs adding up to ${at}`);
  return out;
}
