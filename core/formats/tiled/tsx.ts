/**
 * Tiled tilesets and properties in XML: the `<tileset>` element, embedded in a TMX map or
 * the root of an external `.tsx` file, and `<properties>` lists. Reading and writing.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { XmlElement, XmlOut } from '../../util/xml.js';
import { XmlReader, parseXml, writeXml } from '../../util/xml.js';
import type { TiledImage, TiledProperty, TiledPropertyType, TiledTileInfo, TiledTileset, TiledWangColor, TiledWangset, TiledWangTile } from './types.js';
import { GID_MASK } from './gid.js';
import { quoted } from '../../util/bounded.js';

const PROPERTY_TYPES: readonly TiledPropertyType[] = ['string', 'int', 'float', 'bool', 'color', 'file', 'object'];
const MAX_TILE_PIXELS = 1 << 16;
const MAX_TILE_COUNT = GID_MASK;

/** The tileset fields a `.tsx` file defines (everything but the map's firstgid and reference). */
export type TilesetBody = Omit<TiledTileset, 'firstgid' | 'source'>;

/** The pixel size of a tileset image from the image itself (ImageHead below), or null. */
export type ImageSizeOf = (reference: string) => { width: number; height: number } | null;

export function parseTsx(text: string, source: string, skipped: string[] = [], imageSize?: ImageSizeOf): TilesetBody {
  const root = parseXml(text, source);
  const r = new XmlReader(source);
  r.expectRoot(root, 'tileset', 'a Tiled tileset');
  return readXmlTileset(root, r, skipped, imageSize);
}

export function readXmlTileset(el: XmlElement, r: XmlReader, skipped: string[], imageSize?: ImageSizeOf): TilesetBody {
  const tiles: TiledTileInfo[] = [];
  const wangsets: TiledWangset[] = [];
  let image: TiledImage | undefined;
  let tileoffset: { x: number; y: number } | undefined;
  let properties: TiledProperty[] = [];
  for (const c of el.children) {
    switch (c.name) {
      case 'image':
        image = readImage(c, r);
        break;
      case 'tileoffset':
        tileoffset = { x: r.int(c, 'x', -MAX_TILE_PIXELS, MAX_TILE_PIXELS, 0), y: r.int(c, 'y', -MAX_TILE_PIXELS, MAX_TILE_PIXELS, 0) };
        break;
      case 'properties':
        properties = readXmlProperties(c, r, skipped);
        break;
      case 'tile':
        tiles.push(readTile(c, r, skipped));
        break;
      case 'wangsets':
        for (const w of c.elements('wangset')) wangsets.push(readWangset(w, r));
        break;
      case 'grid':
        break; // isometric tile-grid hint for Tiled's renderer; derivable from the map
      default:
        skipped.push(`<${c.name}> at ${c.path}`);
    }
  }
  const body: { -readonly [K in keyof TilesetBody]: TilesetBody[K] } = {
    name: el.attr('name') ?? '',
    tilewidth: r.int(el, 'tilewidth', 0, MAX_TILE_PIXELS, 0),
    tileheight: r.int(el, 'tileheight', 0, MAX_TILE_PIXELS, 0),
    tilecount: r.int(el, 'tilecount', 0, MAX_TILE_COUNT, tiles.length),
    columns: r.int(el, 'columns', 0, MAX_TILE_COUNT, 0),
    spacing: r.int(el, 'spacing', 0, MAX_TILE_PIXELS, 0),
    margin: r.int(el, 'margin', 0, MAX_TILE_PIXELS, 0),
    tiles,
    wangsets,
    properties,
  };
  // No tilecount and an <image> without its size (Tiled reads the PNG): read its header too.
  if (image && (image.width === undefined || image.height === undefined) && (el.attr('tilecount') === undefined || el.attr('columns') === undefined) && imageSize) {
    const imageEl = el.first('image')!;
    let size: { width: number; height: number } | null;
    try {
      size = imageSize(image.source);
    } catch (e) {
      r.fail(imageEl, 'source', `expected tilecount on the tileset, or width and height on its image, or a readable PNG image (${(e as Error).message})`);
    }
    if (!size) r.fail(imageEl, 'source', `expected tilecount on the tileset, or width and height on its image, or a PNG image; ${quoted(image.source)} is not a PNG`);
    image = { ...image, width: size.width, height: size.height };
  }
  if (image) body.image = image;
  if (tileoffset) body.tileoffset = tileoffset;
  // Old maps (Tiled < 0.15) omit tilecount/columns; derive them from the image as Tiled does.
  if (image?.width && image.height && body.tilewidth > 0 && body.tileheight > 0) {
    const cols = Math.max(0, Math.floor((image.width - 2 * body.margin + body.spacing) / (body.tilewidth + body.spacing)));
    const rows = Math.max(0, Math.floor((image.height - 2 * body.margin + body.spacing) / (body.tileheight + body.spacing)));
    if (el.attr('columns') === undefined) body.columns = cols;
    if (el.attr('tilecount') === undefined) body.tilecount = cols * rows;
  }
  return body;
}

function readImage(el: XmlElement, r: XmlReader): TiledImage {
  const img: { -readonly [K in keyof TiledImage]: TiledImage[K] } = { source: r.string(el, 'source') };
  const w = r.optInt(el, 'width', 0, MAX_TILE_PIXELS * 64);
  const h = r.optInt(el, 'height', 0, MAX_TILE_PIXELS * 64);
  if (w !== undefined) img.width = w;
  if (h !== undefined) img.height = h;
  const trans = el.attr('trans');
  if (trans !== undefined) img.trans = trans;
  return img;
}

function readTile(el: XmlElement, r: XmlReader, skipped: string[]): TiledTileInfo {
  const tile: { -readonly [K in keyof TiledTileInfo]: TiledTileInfo[K] } = { id: r.int(el, 'id', 0, MAX_TILE_COUNT), properties: [] };
  const type = el.attr('class') ?? el.attr('type');
  if (type !== undefined && type !== '') tile.type = type;
  const p = r.optNumber(el, 'probability', 0, Number.MAX_VALUE);
  if (p !== undefined) tile.probability = p;
  for (const c of el.children) {
    if (c.name === 'properties') tile.properties = readXmlProperties(c, r, skipped);
    else if (c.name === 'image') tile.image = readImage(c, r);
    else skipped.push(`<${c.name}> at ${c.path}`);
  }
  return tile;
}

/**
 * A Wang set. Tiled ≤ 1.4 wrote each `wangid` as one hexadecimal number (`0x30301030`, 4 bits
 * a position, the lowest first) and kept corner and edge colours apart (`<wangcornercolor>`,
 * `<wangedgecolor>`, each list numbered from 1); Tiled still loads those, converting them as
 * its MapReader does: the colours join one list in file order, each position's number is
 * looked up in its own list (edges at even positions, corners at odd), and a set with only
 * corner or only edge colours becomes a corner or an edge set.
 */
function readWangset(el: XmlElement, r: XmlReader): TiledWangset {
  const colors: TiledWangColor[] = [];
  const cornerColors: number[] = [];
  const edgeColors: number[] = [];
  const raw: { el: XmlElement; tileid: number; wangid: number[] }[] = [];
  for (const c of el.children) {
    if (c.name === 'wangcolor' || c.name === 'wangcornercolor' || c.name === 'wangedgecolor') {
      colors.push({ name: c.attr('name') ?? '', color: c.attr('color') ?? '', tile: r.int(c, 'tile', -1, MAX_TILE_COUNT, -1), probability: r.number(c, 'probability', 0, Number.MAX_VALUE, 1) });
      if (c.name === 'wangcornercolor') cornerColors.push(colors.length);
      if (c.name === 'wangedgecolor') edgeColors.push(colors.length);
    } else if (c.name === 'wangtile') {
      const text = r.string(c, 'wangid');
      let wangid: number[];
      if (text.includes(',')) {
        wangid = text.split(',').map((s) => (/^\s*\d+\s*$/.test(s) ? Number(s) : NaN));
        if (wangid.length !== 8 || wangid.some((n) => !Number.isInteger(n) || n > 255)) {
          r.fail(c, 'wangid', `expected 8 comma-separated colour indices 0…255, got ${quoted(text)}`);
        }
      } else {
        if (!/^\s*(0x)?[0-9a-fA-F]{1,8}\s*$/.test(text)) r.fail(c, 'wangid', `expected 8 comma-separated colour indices, or a Tiled 1.4 hexadecimal wangid such as "0x30301030", got ${quoted(text)}`);
        const n = parseInt(text.trim().replace(/^0x/i, ''), 16);
        wangid = Array.from({ length: 8 }, (_, i) => Math.floor(n / 16 ** i) % 16);
      }
      raw.push({ el: c, tileid: r.int(c, 'tileid', 0, MAX_TILE_COUNT), wangid });
    }
  }
  const legacy = cornerColors.length > 0 || edgeColors.length > 0;
  const wangtiles: TiledWangTile[] = raw.map(({ el: c, tileid, wangid }) => {
    if (legacy) {
      wangid = wangid.map((k, i) => {
        if (k === 0) return 0;
        const list = i % 2 === 0 ? edgeColors : cornerColors;
        return k <= list.length ? list[k - 1]! : k;
      });
    }
    const bad = wangid.find((k) => k > colors.length);
    if (bad !== undefined) r.fail(c, 'wangid', `expected colour indices up to the set's ${colors.length} colours, got ${bad}`);
    return { tileid, wangid };
  });
  const type = legacy && !el.attr('type') ? (cornerColors.length === 0 ? 'edge' : edgeColors.length === 0 ? 'corner' : 'mixed') : r.oneOf(el, 'type', ['corner', 'edge', 'mixed'] as const, 'mixed');
  return {
    name: el.attr('name') ?? '',
    type,
    tile: r.int(el, 'tile', -1, MAX_TILE_COUNT, -1),
    colors,
    wangtiles,
  };
}

export function readXmlProperties(el: XmlElement, r: XmlReader, skipped: string[]): TiledProperty[] {
  const out: TiledProperty[] = [];
  for (const p of el.elements('property')) {
    const name = r.string(p, 'name');
    const typeText = p.attr('type') ?? 'string';
    if (typeText === 'class') {
      skipped.push(`class property ${quoted(name)} at ${p.path}`);
      continue;
    }
    const type = r.oneOf(p, 'type', PROPERTY_TYPES, 'string');
    // Multi-line string values are written as element text instead of an attribute.
    const raw = p.attr('value') ?? p.text;
    let value: string | number | boolean = raw;
    if (type === 'int' || type === 'object') value = r.int(p, 'value', Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
    else if (type === 'float') value = r.number(p, 'value', -Number.MAX_VALUE, Number.MAX_VALUE);
    else if (type === 'bool') {
      if (raw !== 'true' && raw !== 'false') r.fail(p, 'value', `expected "true" or "false", got ${JSON.stringify(raw)}`);
      value = raw === 'true';
    }
    out.push({ name, type, value });
  }
  return out;
}

// ── writing ───────────────────────────────────────────────────────────────

export function propertiesXml(props: readonly TiledProperty[]): XmlOut[] {
  if (!props.length) return [];
  return [
    {
      name: 'properties',
      children: props.map((p) => {
        const multiline = typeof p.value === 'string' && p.value.includes('\n');
        return {
          name: 'property',
          attrs: [
            ['name', p.name],
            ['type', p.type === 'string' ? undefined : p.type],
            ['value', multiline ? undefined : String(p.value)],
          ],
          ...(multiline ? { text: p.value as string } : {}),
        };
      }),
    },
  ];
}

/** Attributes named after fields of `obj`, with those fields' values, in the order given. */
function fieldAttrs<T extends object>(obj: T, ...keys: (keyof T & string)[]): NonNullable<XmlOut['attrs']> {
  return keys.map((k) => [k, obj[k] as string | number | boolean | undefined] as const);
}

function imageXml(img: TiledImage): XmlOut {
  return { name: 'image', attrs: fieldAttrs(img, 'source', 'trans', 'width', 'height') };
}

/** The `<tileset>` element with its whole body (embedded form, or the root of a .tsx). */
export function tilesetXml(ts: TilesetBody, firstgid?: number): XmlOut {
  const children: XmlOut[] = [];
  if (ts.tileoffset) {
    children.push({ name: 'tileoffset', attrs: fieldAttrs(ts.tileoffset, 'x', 'y') });
  }
  children.push(...propertiesXml(ts.properties));
  if (ts.image) children.push(imageXml(ts.image));
  for (const t of ts.tiles) {
    children.push({
      name: 'tile',
      attrs: fieldAttrs(t, 'id', 'type', 'probability'),
      children: [...propertiesXml(t.properties), ...(t.image ? [imageXml(t.image)] : [])],
    });
  }
  if (ts.wangsets.length) {
    children.push({
      name: 'wangsets',
      children: ts.wangsets.map((w) => ({
        name: 'wangset',
        attrs: fieldAttrs(w, 'name', 'type', 'tile'),
        children: [
          ...w.colors.map((c) => ({
            name: 'wangcolor',
            attrs: fieldAttrs(c, 'name', 'color', 'tile', 'probability'),
          })),
          ...w.wangtiles.map((t) => ({
            name: 'wangtile',
            attrs: [
              ['tileid', t.tileid],
              ['wangid', t.wangid.join(',')],
            ] as const,
          })),
        ],
      })),
    });
  }
  return {
    name: 'tileset',
    attrs: [
      ['version', firstgid === undefined ? '1.10' : undefined],
      ['firstgid', firstgid],
      ['name', ts.name],
      ['tilewidth', ts.tilewidth],
      ['tileheight', ts.tileheight],
      ['spacing', ts.spacing || undefined],
      ['margin', ts.margin || undefined],
      ['tilecount', ts.tilecount],
      ['columns', ts.columns],
    ],
    children,
  };
}

/** An external tileset file (.tsx). */
export function writeTsx(ts: TilesetBody): string {
  return writeXml(tilesetXml(ts));
}
