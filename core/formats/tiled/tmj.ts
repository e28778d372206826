/**
 * Tiled TMJ (JSON) maps: reading into the TiledMap model and writing it back, with the same
 * coverage as the TMX reader (core/formats/tiled/tmx.ts). Errors name the JSON path
 * (`$.layers[1].data`) or, for syntax errors, the line and column.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { checkCount, DeclaredBudget, DEFAULT_LIMITS } from '../../util/limits.js';
import { InputError, JsonReader } from '../../util/input-error.js';
import { MAX_TILES } from '../../grid/size.js';
import { parseJsonText } from '../../util/json-text.js';
import type { TiledCompression, TiledEncoding, TiledMap, TiledReadOptions, TiledTileLayer, TiledTileset, TiledWriteOptions } from './types.js';
import { propertiesJson, readJsonProperties, readJsonTileset, tilesetJson } from './tsj.js';
import { loadExternalTileset } from './external.js';
import type { DataPlace } from './layer-data.js';
import { decodeBase64Data, layerTileCount, parseCompression, encodeBase64Data } from './layer-data.js';
import { GID_MASK } from './gid.js';
import type { TiledObjectGroup } from './types.js';
import { isOurObjectLayer, objectGroupJson, readJsonObjectGroup } from './objects.js';
import { assembleChunks, checkTilesetRanges, chunksOf, outputEncoding } from './tmx.js';
import { bounded, quoted } from '../../util/bounded.js';
import { writeLayerTree } from './layer-tree.js';

const ORIENTATIONS = ['orthogonal', 'isometric', 'staggered', 'hexagonal'] as const;
const MAX_PIXELS = 1 << 16;
const MAX_CHUNK_COORD = 1 << 24;

export function parseTmj(text: string, options: TiledReadOptions): TiledMap {
  const value = parseJsonText(text, options.source);
  const r = new JsonReader(options.source);
  const o = r.object(value, '$');
  if (o.type !== undefined && o.type !== 'map') r.fail('$.type', '"map" (a Tiled map, not a tileset or world)', o.type);
  const skipped: string[] = [];
  const budget = new DeclaredBudget(options.source);
  const orientation = r.oneOf(o.orientation, '$.orientation', ORIENTATIONS);
  const infinite = o.infinite === undefined ? false : r.boolean(o.infinite, '$.infinite');
  const width = r.integer(o.width, '$.width', 0, MAX_TILES);
  const height = r.integer(o.height, '$.height', 0, MAX_TILES);
  if (!infinite) layerTileCount(width, height, { source: options.source, where: '$' }, 'map');
  const tilesetList = o.tilesets === undefined ? [] : r.array(o.tilesets, '$.tilesets');
  checkCount(tilesetList.length, DEFAULT_LIMITS.maxTilesets, 'tilesets', options.source, '$.tilesets');
  const tilesets = tilesetList.map((t, k) => readMapTileset(r, t, `$.tilesets[${k}]`, options, skipped));
  checkTilesetRanges(tilesets, (k, expected) => r.fail(`$.tilesets[${k}].firstgid`, expected, tilesets[k]!.firstgid));
  const layers: TiledTileLayer[] = [];
  const objectgroups: TiledObjectGroup[] = [];
  const readLayers = (list: unknown, path: string, groups: string[]) => {
    r.array(list, path).forEach((l, k) => {
      const at = `${path}[${k}]`;
      const lo = r.object(l, at);
      const type = r.string(lo.type, `${at}.type`);
      const name = lo.name === undefined ? '' : r.string(lo.name, `${at}.name`);
      if (type === 'tilelayer' || type === 'group') budget.layer(at);
      if (type === 'tilelayer') layers.push(readLayer(r, lo, at, name, groups, infinite, options, skipped, budget));
      else if (type === 'objectgroup' && isOurObjectLayer(readJsonProperties(r, lo.properties, `${at}.properties`, []))) objectgroups.push(readJsonObjectGroup(r, lo, at, skipped));
      else if (type === 'group') {
        if (groups.length + 1 > DEFAULT_LIMITS.maxNesting) throw new InputError(options.source, bounded(at, 80), `expected group layers nested at most ${DEFAULT_LIMITS.maxNesting} deep (docs/limits.md); this group is nested deeper`);
        readLayers(lo.layers ?? [], `${at}.layers`, [...groups, name]);
      }
      else skipped.push(`${type} ${quoted(name)} at ${at}`);
    });
  };
  readLayers(o.layers ?? [], '$.layers', []);
  const map: { -readonly [K in keyof TiledMap]: TiledMap[K] } = {
    orientation,
    width,
    height,
    tilewidth: r.integer(o.tilewidth, '$.tilewidth', 0, MAX_PIXELS),
    tileheight: r.integer(o.tileheight, '$.tileheight', 0, MAX_PIXELS),
    infinite,
    properties: readJsonProperties(r, o.properties, '$.properties', skipped),
    tilesets,
    layers,
    skipped,
  };
  if (objectgroups.length) map.objectgroups = objectgroups;
  if (o.renderorder !== undefined) map.renderorder = r.string(o.renderorder, '$.renderorder');
  if (orientation === 'staggered' || orientation === 'hexagonal') {
    map.staggeraxis = o.staggeraxis === undefined ? 'y' : r.oneOf(o.staggeraxis, '$.staggeraxis', ['x', 'y'] as const);
    map.staggerindex = o.staggerindex === undefined ? 'odd' : r.oneOf(o.staggerindex, '$.staggerindex', ['odd', 'even'] as const);
  }
  if (orientation === 'hexagonal') map.hexsidelength = o.hexsidelength === undefined ? 0 : r.integer(o.hexsidelength, '$.hexsidelength', 0, MAX_PIXELS);
  if (o.backgroundcolor !== undefined) map.backgroundcolor = r.string(o.backgroundcolor, '$.backgroundcolor');
  return map;
}

function readMapTileset(r: JsonReader, value: unknown, path: string, options: TiledReadOptions, skipped: string[]): TiledTileset {
  const o = r.object(value, path);
  const firstgid = r.integer(o.firstgid, `${path}.firstgid`, 1, GID_MASK);
  if (o.source === undefined) return { firstgid, ...readJsonTileset(r, o, path, skipped) };
  const source = r.string(o.source, `${path}.source`);
  return { firstgid, source, ...loadExternalTileset(source, options, `${path}.source`, skipped) };
}

function readLayer(
  r: JsonReader,
  o: Record<string, unknown>,
  path: string,
  name: string,
  groups: string[],
  infinite: boolean,
  options: TiledReadOptions,
  skipped: string[],
  budget: DeclaredBudget,
): TiledTileLayer {
  const encodingText = o.encoding === undefined ? 'csv' : r.oneOf(o.encoding, `${path}.encoding`, ['csv', 'base64'] as const);
  const encoding: TiledEncoding = encodingText;
  const compression = parseCompression(o.compression === undefined ? undefined : r.string(o.compression, `${path}.compression`), { source: options.source, where: `${path}.compression` });
  if (compression && encoding !== 'base64') r.fail(`${path}.compression`, 'compression only with "encoding": "base64"', compression);
  let width: number;
  let height: number;
  let startx = 0;
  let starty = 0;
  let data: Uint32Array;
  let chunk: { width: number; height: number } | undefined;
  if (infinite) {
    if (o.chunks === undefined) r.fail(`${path}.chunks`, 'chunks (the map is infinite)', o.chunks);
    const chunks = r.array(o.chunks, `${path}.chunks`).map((c, k) => {
      const at = `${path}.chunks[${k}]`;
      const co = r.object(c, at);
      const cw = r.integer(co.width, `${at}.width`, 1, MAX_PIXELS);
      const ch = r.integer(co.height, `${at}.height`, 1, MAX_PIXELS);
      budget.chunk(at);
      const count = layerTileCount(cw, ch, { source: options.source, where: at }, 'chunk');
      budget.addTiles(count, at);
      return {
        x: r.integer(co.x, `${at}.x`, -MAX_CHUNK_COORD, MAX_CHUNK_COORD),
        y: r.integer(co.y, `${at}.y`, -MAX_CHUNK_COORD, MAX_CHUNK_COORD),
        width: cw,
        height: ch,
        data: readData(r, co.data, `${at}.data`, encoding, compression, count, cw, options),
      };
    });
    ({ startx, starty, width, height, chunk, data } = assembleChunks(chunks, { source: options.source, where: `${path}.chunks` }, budget));
  } else {
    width = r.integer(o.width, `${path}.width`, 0, MAX_TILES);
    height = r.integer(o.height, `${path}.height`, 0, MAX_TILES);
    const count = layerTileCount(width, height, { source: options.source, where: path });
    budget.addTiles(count, path);
    data = readData(r, o.data, `${path}.data`, encoding, compression, count, width, options);
  }
  const layer: { -readonly [K in keyof TiledTileLayer]: TiledTileLayer[K] } = {
    name,
    groups,
    width,
    height,
    startx,
    starty,
    data,
    encoding,
    compression,
    properties: readJsonProperties(r, o.properties, `${path}.properties`, skipped),
  };
  if (o.id !== undefined) layer.id = r.integer(o.id, `${path}.id`, 0, GID_MASK);
  if (chunk) layer.chunk = chunk;
  if (o.opacity !== undefined) layer.opacity = r.number(o.opacity, `${path}.opacity`, 0, 1);
  if (o.visible !== undefined) layer.visible = r.boolean(o.visible, `${path}.visible`);
  if (o.offsetx !== undefined) layer.offsetx = r.number(o.offsetx, `${path}.offsetx`);
  if (o.offsety !== undefined) layer.offsety = r.number(o.offsety, `${path}.offsety`);
  return layer;
}

function readData(r: JsonReader, value: unknown, path: string, encoding: TiledEncoding, compression: TiledCompression, count: number, width: number, options: TiledReadOptions): Uint32Array {
  const place: DataPlace = { source: options.source, where: path };
  if (encoding === 'base64') return decodeBase64Data(r.string(value, path), compression, count, width, place, options.inflate);
  const list = r.array(value, path);
  if (list.length !== count) throw new InputError(options.source, path, `expected ${count} tile ids (${width}×${width ? count / width : 0}), got ${list.length}`);
  const out = new Uint32Array(count);
  for (let k = 0; k < count; k++) {
    const v = list[k];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 0xffffffff) r.fail(`${path}[${k}]`, 'a tile id 0…4294967295', v);
    out[k] = v;
  }
  return out;
}

// ── writing ───────────────────────────────────────────────────────────────

export function writeTmj(map: TiledMap, options: TiledWriteOptions = {}): string {
  const top: Record<string, unknown>[] = [];
  const { nextLayerId, nextObjectId } = writeLayerTree<Record<string, unknown>>(map, top, {
    group: (name) => {
      const layers: Record<string, unknown>[] = [];
      return { node: { type: 'group', name, opacity: 1, visible: true, x: 0, y: 0, layers }, children: layers };
    },
    layer: (layer) => layerJson(layer, map.infinite, options),
    objectGroup: objectGroupJson,
  });
  const out: Record<string, unknown> = {
    type: 'map',
    version: '1.10',
    tiledversion: '1.10.2',
    orientation: map.orientation,
    renderorder: map.renderorder ?? 'right-down',
    width: map.width,
    height: map.height,
    tilewidth: map.tilewidth,
    tileheight: map.tileheight,
    infinite: map.infinite,
  };
  if (map.orientation === 'hexagonal') out.hexsidelength = map.hexsidelength ?? 0;
  if (map.staggeraxis) out.staggeraxis = map.staggeraxis;
  if (map.staggerindex) out.staggerindex = map.staggerindex;
  if (map.backgroundcolor) out.backgroundcolor = map.backgroundcolor;
  Object.assign(out, propertiesJson(map.properties));
  out.tilesets = map.tilesets.map((ts) => (ts.source !== undefined ? { firstgid: ts.firstgid, source: ts.source } : { firstgid: ts.firstgid, ...tilesetJson(ts) }));
  out.layers = top;
  out.nextlayerid = nextLayerId;
  out.nextobjectid = nextObjectId;
  return JSON.stringify(out, null, 1);
}

function layerJson(layer: TiledTileLayer, infinite: boolean, options: TiledWriteOptions): Record<string, unknown> {
  const { encoding, compression } = outputEncoding(layer, options);
  const encode = (gids: Uint32Array) => (encoding === 'csv' ? Array.from(gids) : encodeBase64Data(gids, compression, options.deflate));
  const out: Record<string, unknown> = { type: 'tilelayer' };
  if (layer.id !== undefined) out.id = layer.id;
  out.name = layer.name;
  out.width = layer.width;
  out.height = layer.height;
  out.x = 0;
  out.y = 0;
  out.opacity = layer.opacity ?? 1;
  out.visible = layer.visible ?? true;
  if (layer.offsetx) out.offsetx = layer.offsetx;
  if (layer.offsety) out.offsety = layer.offsety;
  if (encoding === 'base64') out.encoding = 'base64';
  if (compression) out.compression = compression;
  if (infinite) {
    out.startx = layer.startx;
    out.starty = layer.starty;
    out.chunks = chunksOf(layer).map((c) => ({ x: c.x, y: c.y, width: c.width, height: c.height, data: encode(c.data) }));
  } else out.data = encode(layer.data);
  Object.assign(out, propertiesJson(layer.properties));
  return out;
}
