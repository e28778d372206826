/**
 * Tiled TMX (XML) maps: reading into the TiledMap model and writing it back. Orthogonal,
 * isometric, staggered and hexagonal maps; layer data as CSV, base64 (plain, zlib, gzip)
 * or the old one-element-per-tile form; infinite maps made of chunks; embedded and external
 * tilesets; tile layers inside group layers. Object groups and image layers are skipped
 * and listed in `skipped`.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { checkCount, DeclaredBudget, DEFAULT_LIMITS } from '../../util/limits.js';
import { InputError } from '../../util/input-error.js';
import type { XmlElement, XmlOut } from '../../util/xml.js';
import { XmlReader, parseXml, writeXml } from '../../util/xml.js';
import type { TiledCompression, TiledEncoding, TiledMap, TiledProperty, TiledReadOptions, TiledTileLayer, TiledTileset, TiledWriteOptions } from './types.js';
import { propertiesXml, readXmlProperties, readXmlTileset, tilesetXml } from './tsx.js';
import { imageSizeReader, loadExternalTileset } from './external.js';
import type { TiledObjectGroup } from './types.js';
import { isOurObjectLayer, objectGroupXml, readXmlObjectGroup, xmlGroupProperties } from './objects.js';
import type { DataPlace } from './layer-data.js';
import { decodeBase64Data, decodeCsv, encodeBase64Data, encodeCsv, layerTileCount, parseCompression } from './layer-data.js';
import { GID_MASK } from './gid.js';
import { MAX_TILES } from '../../grid/size.js';
import { quoted } from '../../util/bounded.js';
import { writeLayerTree } from './layer-tree.js';

const ORIENTATIONS = ['orthogonal', 'isometric', 'staggered', 'hexagonal'] as const;
const MAX_PIXELS = 1 << 16;
/** Chunk coordinates of infinite maps: generous, but far from overflowing an index. */
const MAX_CHUNK_COORD = 1 << 24;

/** A DataPlace whose location is computed only if an error needs it (XPath steps count siblings). */
function placeOf(source: string, el: XmlElement): DataPlace {
  return {
    source,
    get where() {
      return el.where();
    },
  };
}

export function parseTmx(text: string, options: TiledReadOptions): TiledMap {
  const root = parseXml(text, options.source);
  const r = new XmlReader(options.source);
  r.expectRoot(root, 'map', 'a Tiled map');
  const orientation = r.oneOf(root, 'orientation', ORIENTATIONS);
  const infinite = r.oneOf(root, 'infinite', ['0', '1'] as const, '0') === '1';
  const skipped: string[] = [];
  const budget = new DeclaredBudget(options.source);
  const tilesets: TiledTileset[] = [];
  const layers: TiledTileLayer[] = [];
  const objectgroups: TiledObjectGroup[] = [];
  let properties: TiledProperty[] = [];
  const width = r.int(root, 'width', 0, MAX_TILES);
  const height = r.int(root, 'height', 0, MAX_TILES);
  if (!infinite) layerTileCount(width, height, placeOf(options.source, root), 'map');

  const readLayers = (parent: XmlElement, groups: string[]) => {
    for (const c of parent.children) {
      switch (c.name) {
        case 'layer':
          budget.layer(c.where());
          layers.push(readLayer(c, r, options, infinite, groups, skipped, budget));
          break;
        case 'group':
          budget.layer(c.where());
          readLayers(c, [...groups, c.attr('name') ?? '']);
          break;
        case 'tileset':
          if (parent !== root) skipped.push(`<tileset> inside a group at ${c.path}`);
          else {
            checkCount(tilesets.length + 1, DEFAULT_LIMITS.maxTilesets, 'tilesets', options.source, c.where());
            tilesets.push(readMapTileset(c, r, options, skipped));
          }
          break;
        case 'properties':
          if (parent === root) properties = readXmlProperties(c, r, skipped);
          break;
        case 'editorsettings':
          break; // Tiled's own UI state
        default:
          // Our object layer (linear terrain) is read; any other element is listed as skipped.
          if (c.name === 'objectgroup' && isOurObjectLayer(xmlGroupProperties(c, r, []))) {
            objectgroups.push(readXmlObjectGroup(c, r, skipped));
            break;
          }
          skipped.push(`<${c.name}${c.attr('name') ? ` name=${quoted(c.attr('name') ?? '')}` : ''}> at ${c.path}`);
      }
    }
  };
  readLayers(root, []);
  checkTilesetOrder(tilesets, root, r);

  const map: { -readonly [K in keyof TiledMap]: TiledMap[K] } = {
    orientation,
    width,
    height,
    tilewidth: r.int(root, 'tilewidth', 0, MAX_PIXELS),
    tileheight: r.int(root, 'tileheight', 0, MAX_PIXELS),
    infinite,
    properties,
    tilesets,
    layers,
    skipped,
  };
  if (objectgroups.length) map.objectgroups = objectgroups;
  const renderorder = root.attr('renderorder');
  if (renderorder !== undefined) map.renderorder = renderorder;
  if (orientation === 'staggered' || orientation === 'hexagonal') {
    // Tiled's defaults when the attributes are absent.
    map.staggeraxis = r.oneOf(root, 'staggeraxis', ['x', 'y'] as const, 'y');
    map.staggerindex = r.oneOf(root, 'staggerindex', ['odd', 'even'] as const, 'odd');
  }
  if (orientation === 'hexagonal') map.hexsidelength = r.int(root, 'hexsidelength', 0, MAX_PIXELS, 0);
  const bg = root.attr('backgroundcolor');
  if (bg !== undefined) map.backgroundcolor = bg;
  return map;
}

function readMapTileset(el: XmlElement, r: XmlReader, options: TiledReadOptions, skipped: string[]): TiledTileset {
  const firstgid = r.int(el, 'firstgid', 1, GID_MASK);
  const source = el.attr('source');
  if (source === undefined) return { firstgid, ...readXmlTileset(el, r, skipped, imageSizeReader(options, undefined)) };
  return { firstgid, source, ...loadExternalTileset(source, options, el.where('source'), skipped) };
}

/** Global ids are resolved by "largest firstgid ≤ id", which only works if the ranges do not overlap. */
export function checkTilesetRanges(tilesets: readonly TiledTileset[], fail: (index: number, expected: string) => never): void {
  const order = tilesets.map((_, k) => k).sort((a, b) => tilesets[a]!.firstgid - tilesets[b]!.firstgid);
  for (let i = 1; i < order.length; i++) {
    const prev = tilesets[order[i - 1]!]!;
    const cur = tilesets[order[i]!]!;
    if (cur.firstgid === prev.firstgid) fail(order[i]!, `a firstgid different from tileset ${quoted(prev.name)} (both start at ${cur.firstgid})`);
    if (prev.image && prev.firstgid + prev.tilecount > cur.firstgid) {
      fail(order[i]!, `a firstgid ≥ ${prev.firstgid + prev.tilecount}: tileset ${quoted(prev.name)} (${prev.tilecount} tiles from ${prev.firstgid}) overlaps it`);
    }
  }
}

function checkTilesetOrder(tilesets: readonly TiledTileset[], root: XmlElement, r: XmlReader): void {
  const els = root.elements('tileset');
  checkTilesetRanges(tilesets, (k, expected) => r.fail(els[k]!, 'firstgid', `expected ${expected}`));
}

function readLayer(el: XmlElement, r: XmlReader, options: TiledReadOptions, infinite: boolean, groups: string[], skipped: string[], budget: DeclaredBudget): TiledTileLayer {
  const place: DataPlace = placeOf(options.source, el);
  const width = r.int(el, 'width', 0, MAX_TILES);
  const height = r.int(el, 'height', 0, MAX_TILES);
  let properties: TiledProperty[] = [];
  let dataEl: XmlElement | undefined;
  for (const c of el.children) {
    if (c.name === 'properties') properties = readXmlProperties(c, r, skipped);
    else if (c.name === 'data') dataEl = c;
  }
  if (!dataEl) r.fail(el, undefined, `expected a <data> element in tile layer ${quoted(el.attr('name') ?? '')}`);
  const encodingAttr = r.oneOf(dataEl, 'encoding', ['csv', 'base64', ''] as const, '');
  const encoding: TiledEncoding = encodingAttr === '' ? 'xml' : encodingAttr;
  const compression = parseCompression(dataEl.attr('compression'), { source: options.source, where: dataEl.where('compression') });
  if (compression && encoding !== 'base64') r.fail(dataEl, 'compression', `expected compression only with encoding="base64", got encoding ${quoted(encodingAttr)}`);

  let layerWidth = width;
  let layerHeight = height;
  let startx = 0;
  let starty = 0;
  let data: Uint32Array;
  let chunk: { width: number; height: number } | undefined;
  const chunks = dataEl.elements('chunk');
  if (infinite || chunks.length) {
    if (!infinite) r.fail(chunks[0]!, undefined, 'expected <chunk> only in infinite maps (the map has infinite="0")');
    const decoded = chunks.map((c) => {
      budget.chunk(c.where());
      const cw = r.int(c, 'width', 1, MAX_PIXELS);
      const ch = r.int(c, 'height', 1, MAX_PIXELS);
      budget.addTiles(layerTileCount(cw, ch, placeOf(options.source, c), 'chunk'), c.where());
      return {
        x: r.int(c, 'x', -MAX_CHUNK_COORD, MAX_CHUNK_COORD),
        y: r.int(c, 'y', -MAX_CHUNK_COORD, MAX_CHUNK_COORD),
        width: cw,
        height: ch,
        data: decodeData(c, encoding, compression, layerTileCount(cw, ch, placeOf(options.source, c), 'chunk'), cw, r, options),
      };
    });
    ({ startx, starty, width: layerWidth, height: layerHeight, chunk, data } = assembleChunks(decoded, placeOf(options.source, dataEl), budget));
  } else {
    const count = layerTileCount(width, height, place);
    budget.addTiles(count, el.where());
    data = decodeData(dataEl, encoding, compression, count, width, r, options);
  }
  const layer: { -readonly [K in keyof TiledTileLayer]: TiledTileLayer[K] } = {
    name: el.attr('name') ?? '',
    groups,
    width: layerWidth,
    height: layerHeight,
    startx,
    starty,
    data,
    encoding,
    compression,
    properties,
  };
  const id = r.optInt(el, 'id', 0, GID_MASK);
  if (id !== undefined) layer.id = id;
  if (chunk) layer.chunk = chunk;
  const opacity = r.optNumber(el, 'opacity', 0, 1);
  if (opacity !== undefined) layer.opacity = opacity;
  const visible = el.attr('visible');
  if (visible !== undefined) layer.visible = r.oneOf(el, 'visible', ['0', '1'] as const) === '1';
  const ox = r.optNumber(el, 'offsetx', -1e9, 1e9);
  const oy = r.optNumber(el, 'offsety', -1e9, 1e9);
  if (ox !== undefined) layer.offsetx = ox;
  if (oy !== undefined) layer.offsety = oy;
  return layer;
}

function decodeData(el: XmlElement, encoding: TiledEncoding, compression: TiledCompression, count: number, width: number, r: XmlReader, options: TiledReadOptions): Uint32Array {
  const place: DataPlace = placeOf(options.source, el);
  if (encoding === 'csv') return decodeCsv(el.text, count, width, place);
  if (encoding === 'base64') return decodeBase64Data(el.text, compression, count, width, place, options.inflate);
  const tiles = el.elements('tile');
  if (tiles.length !== count) throw new InputError(options.source, place.where, `expected ${count} <tile> elements (${width}×${width ? count / width : 0}), got ${tiles.length}`);
  const out = new Uint32Array(count);
  tiles.forEach((t, k) => (out[k] = r.int(t, 'gid', 0, 0xffffffff, 0)));
  return out;
}

// ── writing ───────────────────────────────────────────────────────────────

export function writeTmx(map: TiledMap, options: TiledWriteOptions = {}): string {
  const children: XmlOut[] = [...propertiesXml(map.properties)];
  for (const ts of map.tilesets) {
    if (ts.source !== undefined) {
      children.push({
        name: 'tileset',
        attrs: [
          ['firstgid', ts.firstgid],
          ['source', ts.source],
        ],
      });
    } else children.push(tilesetXml(ts, ts.firstgid));
  }
  const { nextLayerId, nextObjectId } = writeLayerTree<XmlOut>(map, children, {
    group: (name) => {
      const group: XmlOut & { children: XmlOut[] } = { name: 'group', attrs: [['name', name]], children: [] };
      return { node: group, children: group.children };
    },
    layer: (layer) => layerXml(layer, map.infinite, options),
    objectGroup: objectGroupXml,
  });
  return writeXml({
    name: 'map',
    attrs: [
      ['version', '1.10'],
      ['tiledversion', '1.10.2'],
      ['orientation', map.orientation],
      ['renderorder', map.renderorder ?? 'right-down'],
      ['width', map.width],
      ['height', map.height],
      ['tilewidth', map.tilewidth],
      ['tileheight', map.tileheight],
      ['infinite', map.infinite ? 1 : 0],
      ['hexsidelength', map.orientation === 'hexagonal' ? (map.hexsidelength ?? 0) : undefined],
      ['staggeraxis', map.staggeraxis],
      ['staggerindex', map.staggerindex],
      ['backgroundcolor', map.backgroundcolor],
      ['nextlayerid', nextLayerId],
      ['nextobjectid', nextObjectId],
    ],
    children,
  });
}

/** The encoding and compression a layer is written with (see TiledWriteOptions). */
export function outputEncoding(layer: TiledTileLayer, options: TiledWriteOptions): { encoding: 'csv' | 'base64'; compression: TiledCompression } {
  const encoding = options.encoding ?? (layer.encoding === 'base64' ? 'base64' : 'csv');
  const compression = encoding === 'base64' && options.deflate ? layer.compression : '';
  return { encoding, compression };
}

function layerXml(layer: TiledTileLayer, infinite: boolean, options: TiledWriteOptions): XmlOut {
  const { encoding, compression } = outputEncoding(layer, options);
  const encode = (gids: Uint32Array, width: number) => (encoding === 'csv' ? encodeCsv(gids, width) : encodeBase64Data(gids, compression, options.deflate));
  let data: XmlOut;
  const dataAttrs = [
    ['encoding', encoding],
    ['compression', compression || undefined],
  ] as const;
  if (infinite) {
    data = { name: 'data', attrs: dataAttrs, children: chunksOf(layer).map((c) => ({ name: 'chunk', attrs: [['x', c.x], ['y', c.y], ['width', c.width], ['height', c.height]] as const, text: encode(c.data, c.width), block: true })) };
  } else data = { name: 'data', attrs: dataAttrs, text: encode(layer.data, layer.width), block: true };
  return {
    name: 'layer',
    attrs: [
      ['id', layer.id],
      ['name', layer.name],
      ['width', layer.width],
      ['height', layer.height],
      ['visible', layer.visible === false ? 0 : undefined],
      ['opacity', layer.opacity !== undefined && layer.opacity !== 1 ? layer.opacity : undefined],
      ['offsetx', layer.offsetx || undefined],
      ['offsety', layer.offsety || undefined],
    ],
    children: [...propertiesXml(layer.properties), data],
  };
}

/** Bounding box of chunks (a loop, not Math.min(...): a big map has more chunks than a call has arguments). */
export function chunkBounds(chunks: readonly { x: number; y: number; width: number; height: number }[]): { startx: number; starty: number; width: number; height: number } {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const c of chunks) {
    x0 = Math.min(x0, c.x);
    y0 = Math.min(y0, c.y);
    x1 = Math.max(x1, c.x + c.width);
    y1 = Math.max(y1, c.y + c.height);
  }
  return { startx: x0, starty: y0, width: x1 - x0, height: y1 - y0 };
}

/**
 * An infinite layer's chunks put together on their bounding box (0×0 at the origin when there
 * are none): its origin and size, the chunk size (that of the first chunk), and the tiles, 0
 * where no chunk lies. The box's tiles count against `budget`.
 */
export function assembleChunks(
  chunks: readonly Chunk[],
  place: DataPlace,
  budget: DeclaredBudget,
): { startx: number; starty: number; width: number; height: number; chunk: { width: number; height: number } | undefined; data: Uint32Array } {
  const { startx, starty, width, height } = chunks.length ? chunkBounds(chunks) : { startx: 0, starty: 0, width: 0, height: 0 };
  const chunk = chunks.length ? { width: chunks[0]!.width, height: chunks[0]!.height } : undefined;
  const bounds = layerTileCount(width, height, place, 'layer (the chunks’ bounding box)');
  budget.addTiles(bounds, place.where);
  const data = new Uint32Array(bounds);
  for (const c of chunks) {
    for (let y = 0; y < c.height; y++) data.set(c.data.subarray(y * c.width, (y + 1) * c.width), (c.y - starty + y) * width + (c.x - startx));
  }
  return { startx, starty, width, height, chunk, data };
}

export interface Chunk {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly data: Uint32Array;
}

/** Splits an infinite map's layer into chunks again (the layer's chunk size, or Tiled's 16×16). */
export function chunksOf(layer: TiledTileLayer): Chunk[] {
  const cw = layer.chunk?.width ?? 16;
  const ch = layer.chunk?.height ?? 16;
  const out: Chunk[] = [];
  for (let y0 = 0; y0 < layer.height; y0 += ch) {
    for (let x0 = 0; x0 < layer.width; x0 += cw) {
      const w = Math.min(cw, layer.width - x0);
      const h = Math.min(ch, layer.height - y0);
      const data = new Uint32Array(w * h);
      for (let y = 0; y < h; y++) data.set(layer.data.subarray((y0 + y) * layer.width + x0, (y0 + y) * layer.width + x0 + w), y * w);
      out.push({ x: layer.startx + x0, y: layer.starty + y0, width: w, height: h, data });
    }
  }
  return out;
}
