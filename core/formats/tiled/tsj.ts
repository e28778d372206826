/**
 * Tiled tilesets and properties in JSON: an entry of a TMJ map's `tilesets` array, or the
 * root of an external `.tsj` file, and `properties` arrays. Reading and writing.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { JsonReader } from '../../util/input-error.js';
import { parseJsonText } from '../../util/json-text.js';
import type { TiledImage, TiledProperty, TiledPropertyType, TiledTileInfo, TiledWangset } from './types.js';
import type { TilesetBody } from './tsx.js';
import { GID_MASK } from './gid.js';
import { quoted } from '../../util/bounded.js';

const PROPERTY_TYPES: readonly TiledPropertyType[] = ['string', 'int', 'float', 'bool', 'color', 'file', 'object'];
const MAX_PIXELS = 1 << 16;

export function parseTsj(text: string, source: string, skipped: string[] = []): TilesetBody {
  const r = new JsonReader(source);
  return readJsonTileset(r, parseJsonText(text, source), '$', skipped);
}

function optInt(r: JsonReader, o: Record<string, unknown>, key: string, path: string, min: number, max: number, fallback: number): number {
  return o[key] === undefined ? fallback : r.integer(o[key], `${path}.${key}`, min, max);
}

export function readJsonTileset(r: JsonReader, value: unknown, path: string, skipped: string[]): TilesetBody {
  const o = r.object(value, path);
  const tiles = o.tiles === undefined ? [] : r.array(o.tiles, `${path}.tiles`).map((t, k) => readJsonTile(r, t, `${path}.tiles[${k}]`, skipped));
  const body: { -readonly [K in keyof TilesetBody]: TilesetBody[K] } = {
    name: o.name === undefined ? '' : r.string(o.name, `${path}.name`),
    tilewidth: optInt(r, o, 'tilewidth', path, 0, MAX_PIXELS, 0),
    tileheight: optInt(r, o, 'tileheight', path, 0, MAX_PIXELS, 0),
    tilecount: optInt(r, o, 'tilecount', path, 0, GID_MASK, tiles.length),
    columns: optInt(r, o, 'columns', path, 0, GID_MASK, 0),
    spacing: optInt(r, o, 'spacing', path, 0, MAX_PIXELS, 0),
    margin: optInt(r, o, 'margin', path, 0, MAX_PIXELS, 0),
    tiles,
    wangsets: o.wangsets === undefined ? [] : r.array(o.wangsets, `${path}.wangsets`).map((w, k) => readJsonWangset(r, w, `${path}.wangsets[${k}]`)),
    properties: readJsonProperties(r, o.properties, `${path}.properties`, skipped),
  };
  if (o.image !== undefined) body.image = readJsonImage(r, o, path);
  if (o.tileoffset !== undefined) {
    const t = r.object(o.tileoffset, `${path}.tileoffset`);
    body.tileoffset = { x: optInt(r, t, 'x', `${path}.tileoffset`, -MAX_PIXELS, MAX_PIXELS, 0), y: optInt(r, t, 'y', `${path}.tileoffset`, -MAX_PIXELS, MAX_PIXELS, 0) };
  }
  return body;
}

function readJsonImage(r: JsonReader, o: Record<string, unknown>, path: string): TiledImage {
  const img: { -readonly [K in keyof TiledImage]: TiledImage[K] } = { source: r.string(o.image, `${path}.image`) };
  if (o.imagewidth !== undefined) img.width = r.integer(o.imagewidth, `${path}.imagewidth`, 0, MAX_PIXELS * 64);
  if (o.imageheight !== undefined) img.height = r.integer(o.imageheight, `${path}.imageheight`, 0, MAX_PIXELS * 64);
  if (o.transparentcolor !== undefined) img.trans = r.string(o.transparentcolor, `${path}.transparentcolor`).replace(/^#/, '');
  return img;
}

function readJsonTile(r: JsonReader, value: unknown, path: string, skipped: string[]): TiledTileInfo {
  const o = r.object(value, path);
  const tile: { -readonly [K in keyof TiledTileInfo]: TiledTileInfo[K] } = {
    id: r.integer(o.id, `${path}.id`, 0, GID_MASK),
    properties: readJsonProperties(r, o.properties, `${path}.properties`, skipped),
  };
  const type = o.class ?? o.type;
  if (type !== undefined && type !== '') tile.type = r.string(type, `${path}.${o.class !== undefined ? 'class' : 'type'}`);
  if (o.probability !== undefined) tile.probability = r.number(o.probability, `${path}.probability`, 0);
  if (o.image !== undefined) tile.image = readJsonImage(r, o, path);
  for (const k of ['animation', 'objectgroup']) if (o[k] !== undefined) skipped.push(`${k} at ${path}.${k}`);
  return tile;
}

function readJsonWangset(r: JsonReader, value: unknown, path: string): TiledWangset {
  const o = r.object(value, path);
  return {
    name: o.name === undefined ? '' : r.string(o.name, `${path}.name`),
    type: o.type === undefined ? 'mixed' : r.oneOf(o.type, `${path}.type`, ['corner', 'edge', 'mixed'] as const),
    tile: optInt(r, o, 'tile', path, -1, GID_MASK, -1),
    colors: (o.colors === undefined ? [] : r.array(o.colors, `${path}.colors`)).map((c, k) => {
      const at = `${path}.colors[${k}]`;
      const co = r.object(c, at);
      return {
        name: co.name === undefined ? '' : r.string(co.name, `${at}.name`),
        color: co.color === undefined ? '' : r.string(co.color, `${at}.color`),
        tile: optInt(r, co, 'tile', at, -1, GID_MASK, -1),
        probability: co.probability === undefined ? 1 : r.number(co.probability, `${at}.probability`, 0),
      };
    }),
    wangtiles: (o.wangtiles === undefined ? [] : r.array(o.wangtiles, `${path}.wangtiles`)).map((t, k) => {
      const at = `${path}.wangtiles[${k}]`;
      const to = r.object(t, at);
      const ids = r.array(to.wangid, `${at}.wangid`);
      if (ids.length !== 8) r.fail(`${at}.wangid`, '8 colour indices', ids);
      return { tileid: r.integer(to.tileid, `${at}.tileid`, 0, GID_MASK), wangid: ids.map((n, i) => r.integer(n, `${at}.wangid[${i}]`, 0, 255)) };
    }),
  };
}

export function readJsonProperties(r: JsonReader, value: unknown, path: string, skipped: string[]): TiledProperty[] {
  if (value === undefined) return [];
  const out: TiledProperty[] = [];
  r.array(value, path).forEach((p, k) => {
    const at = `${path}[${k}]`;
    const o = r.object(p, at);
    const name = r.string(o.name, `${at}.name`);
    if (o.type === 'class') {
      skipped.push(`class property ${quoted(name)} at ${at}`);
      return;
    }
    const type = o.type === undefined ? 'string' : r.oneOf(o.type, `${at}.type`, PROPERTY_TYPES);
    let v: string | number | boolean;
    if (type === 'int' || type === 'object') v = r.integer(o.value, `${at}.value`, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
    else if (type === 'float') v = r.number(o.value, `${at}.value`);
    else if (type === 'bool') v = r.boolean(o.value, `${at}.value`);
    else v = r.string(o.value, `${at}.value`);
    out.push({ name, type, value: v });
  });
  return out;
}

// ── writing ───────────────────────────────────────────────────────────────

export function propertiesJson(props: readonly TiledProperty[]): { properties?: { name: string; type: string; value: string | number | boolean }[] } {
  return props.length ? { properties: props.map((p) => ({ name: p.name, type: p.type, value: p.value })) } : {};
}

export function tilesetJson(ts: TilesetBody): Record<string, unknown> {
  const out: Record<string, unknown> = {
    name: ts.name,
    tilewidth: ts.tilewidth,
    tileheight: ts.tileheight,
    tilecount: ts.tilecount,
    columns: ts.columns,
    spacing: ts.spacing,
    margin: ts.margin,
  };
  if (ts.image) {
    out.image = ts.image.source;
    if (ts.image.width !== undefined) out.imagewidth = ts.image.width;
    if (ts.image.height !== undefined) out.imageheight = ts.image.height;
    if (ts.image.trans !== undefined) out.transparentcolor = `#${ts.image.trans}`;
  }
  if (ts.tileoffset) out.tileoffset = { ...ts.tileoffset };
  Object.assign(out, propertiesJson(ts.properties));
  if (ts.tiles.length) {
    out.tiles = ts.tiles.map((t) => {
      const o: Record<string, unknown> = { id: t.id };
      if (t.type !== undefined) o.type = t.type;
      if (t.probability !== undefined) o.probability = t.probability;
      if (t.image) {
        o.image = t.image.source;
        if (t.image.width !== undefined) o.imagewidth = t.image.width;
        if (t.image.height !== undefined) o.imageheight = t.image.height;
      }
      return Object.assign(o, propertiesJson(t.properties));
    });
  }
  if (ts.wangsets.length) {
    out.wangsets = ts.wangsets.map((w) => ({
      name: w.name,
      type: w.type,
      tile: w.tile,
      colors: w.colors.map((c) => ({ ...c })),
      wangtiles: w.wangtiles.map((t) => ({ tileid: t.tileid, wangid: [...t.wangid] })),
    }));
  }
  return out;
}

/** An external tileset file (.tsj). */
export function writeTsj(ts: TilesetBody): string {
  return JSON.stringify({ type: 'tileset', version: '1.10', ...tilesetJson(ts) }, null, 1);
}
