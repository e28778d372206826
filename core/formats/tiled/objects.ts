/**
 * Tiled object layers, the kinds Sandtable writes and reads back: the "Sandtable linear
 * terrain" layer (linear.ts) that carries rivers, walls and bridges as polylines and points
 * with properties, and the "Sandtable networks" layer (networks.ts: roads, railroads through
 * the tiles). A layer is ours when it has the property `sandtable` = `linear-terrain` or `networks`;
 * any other object layer is still listed in `skipped` by the readers (not modelled).
 *
 * Only what that layer needs is modelled: objects with a position, an optional polyline or
 * point shape, and properties.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { JsonReader } from '../../util/input-error.js';
import type { XmlElement, XmlOut, XmlReader } from '../../util/xml.js';
import type { TiledObject, TiledObjectGroup, TiledPoint, TiledProperty } from './types.js';
import { propertiesXml, readXmlProperties } from './tsx.js';
import { propertiesJson, readJsonProperties } from './tsj.js';

/** The property that marks our object layer, and its value. */
export const SANDTABLE_LAYER_PROPERTY = 'sandtable';
export const LINEAR_LAYER_VALUE = 'linear-terrain';
/** The through-tile networks layer (networks.ts). */
export const NETWORK_LAYER_VALUE = 'networks';
const MAX_COORD = 1e9;
const MAX_POINTS = 1 << 16;

/** True for an object layer Sandtable writes (its `sandtable` property says so): linear terrain, or networks. */
export function isOurObjectLayer(properties: readonly TiledProperty[]): boolean {
  return properties.some((p) => p.name === SANDTABLE_LAYER_PROPERTY && (p.value === LINEAR_LAYER_VALUE || p.value === NETWORK_LAYER_VALUE));
}

/** Which of our layers it is: `linear-terrain`, `networks`, or null for another tool's. */
export function ourLayerKind(properties: readonly TiledProperty[]): string | null {
  const p = properties.find((q) => q.name === SANDTABLE_LAYER_PROPERTY && (q.value === LINEAR_LAYER_VALUE || q.value === NETWORK_LAYER_VALUE));
  return p ? String(p.value) : null;
}

// ── TMX ────────────────────────────────────────────────────────────────────

/** The `<properties>` of an `<objectgroup>`, to decide whether it is ours before reading it. */
export function xmlGroupProperties(el: XmlElement, r: XmlReader, skipped: string[]): TiledProperty[] {
  const p = el.first('properties');
  return p ? readXmlProperties(p, r, skipped) : [];
}

export function readXmlObjectGroup(el: XmlElement, r: XmlReader, skipped: string[]): TiledObjectGroup {
  const objects: TiledObject[] = [];
  for (const o of el.elements('object')) {
    const obj: { -readonly [K in keyof TiledObject]: TiledObject[K] } = {
      id: r.int(o, 'id', 0, 2 ** 31 - 1, 0),
      name: o.attr('name') ?? '',
      type: o.attr('class') ?? o.attr('type') ?? '',
      x: r.number(o, 'x', -MAX_COORD, MAX_COORD, 0),
      y: r.number(o, 'y', -MAX_COORD, MAX_COORD, 0),
      properties: [],
    };
    for (const c of o.children) {
      if (c.name === 'properties') obj.properties = readXmlProperties(c, r, skipped);
      else if (c.name === 'point') obj.point = true;
      else if (c.name === 'polyline') obj.polyline = readPoints(r.string(c, 'points'), (msg) => r.fail(c, 'points', msg));
      else skipped.push(`<${c.name}> at ${c.path}`);
    }
    objects.push(obj);
  }
  const id = r.optInt(el, 'id', 0, 2 ** 31 - 1);
  return { ...(id !== undefined ? { id } : {}), name: el.attr('name') ?? '', properties: xmlGroupProperties(el, r, skipped), objects };
}

function readPoints(text: string, fail: (expected: string) => never): TiledPoint[] {
  const pairs = text.trim().split(/\s+/);
  if (pairs.length > MAX_POINTS) fail(`expected at most ${MAX_POINTS} points`);
  return pairs.map((pair) => {
    const m = /^(-?[\d.]+(?:e-?\d+)?),(-?[\d.]+(?:e-?\d+)?)$/i.exec(pair);
    const x = m ? Number(m[1]) : NaN;
    const y = m ? Number(m[2]) : NaN;
    if (!Number.isFinite(x) || !Number.isFinite(y)) fail(`expected points "x,y x,y …", got ${JSON.stringify(pair.slice(0, 40))}`);
    return { x, y };
  });
}

/** Coordinates written with at most 3 decimals: exact enough for pixels, short in the file. */
function num(v: number): string {
  return String(Math.round(v * 1000) / 1000);
}

export function objectGroupXml(g: TiledObjectGroup): XmlOut {
  return {
    name: 'objectgroup',
    attrs: [
      ['id', g.id],
      ['name', g.name],
    ],
    children: [
      ...propertiesXml(g.properties),
      ...g.objects.map(
        (o): XmlOut => ({
          name: 'object',
          attrs: [
            ['id', o.id],
            ['name', o.name || undefined],
            ['type', o.type || undefined],
            ['x', num(o.x)],
            ['y', num(o.y)],
          ],
          children: [
            ...propertiesXml(o.properties),
            ...(o.point ? [{ name: 'point' }] : []),
            ...(o.polyline ? [{ name: 'polyline', attrs: [['points', o.polyline.map((p) => `${num(p.x)},${num(p.y)}`).join(' ')]] as const }] : []),
          ] as XmlOut[],
        }),
      ),
    ],
  };
}

// ── TMJ ────────────────────────────────────────────────────────────────────

export function readJsonObjectGroup(r: JsonReader, o: Record<string, unknown>, path: string, skipped: string[]): TiledObjectGroup {
  const objects = (o.objects === undefined ? [] : r.array(o.objects, `${path}.objects`)).map((v, k): TiledObject => {
    const at = `${path}.objects[${k}]`;
    const oo = r.object(v, at);
    const obj: { -readonly [K in keyof TiledObject]: TiledObject[K] } = {
      id: oo.id === undefined ? 0 : r.integer(oo.id, `${at}.id`, 0, 2 ** 31 - 1),
      name: oo.name === undefined ? '' : r.string(oo.name, `${at}.name`),
      type: oo.class !== undefined ? r.string(oo.class, `${at}.class`) : oo.type === undefined ? '' : r.string(oo.type, `${at}.type`),
      x: oo.x === undefined ? 0 : r.number(oo.x, `${at}.x`, -MAX_COORD, MAX_COORD),
      y: oo.y === undefined ? 0 : r.number(oo.y, `${at}.y`, -MAX_COORD, MAX_COORD),
      properties: readJsonProperties(r, oo.properties, `${at}.properties`, skipped),
    };
    if (oo.point === true) obj.point = true;
    if (oo.polyline !== undefined) {
      const pts = r.array(oo.polyline, `${at}.polyline`);
      if (pts.length > MAX_POINTS) r.fail(`${at}.polyline`, `at most ${MAX_POINTS} points`, pts.length);
      obj.polyline = pts.map((p, i) => {
        const po = r.object(p, `${at}.polyline[${i}]`);
        return { x: r.number(po.x, `${at}.polyline[${i}].x`, -MAX_COORD, MAX_COORD), y: r.number(po.y, `${at}.polyline[${i}].y`, -MAX_COORD, MAX_COORD) };
      });
    }
    return obj;
  });
  return {
    ...(o.id !== undefined ? { id: r.integer(o.id, `${path}.id`, 0, 2 ** 31 - 1) } : {}),
    name: o.name === undefined ? '' : r.string(o.name, `${path}.name`),
    properties: readJsonProperties(r, o.properties, `${path}.properties`, skipped),
    objects,
  };
}

export function objectGroupJson(g: TiledObjectGroup): Record<string, unknown> {
  const round = (v: number) => Math.round(v * 1000) / 1000;
  return {
    type: 'objectgroup',
    ...(g.id !== undefined ? { id: g.id } : {}),
    name: g.name,
    draworder: 'topdown',
    opacity: 1,
    visible: true,
    x: 0,
    y: 0,
    ...propertiesJson(g.properties),
    objects: g.objects.map((o) => ({
      id: o.id,
      name: o.name,
      type: o.type,
      x: round(o.x),
      y: round(o.y),
      width: 0,
      height: 0,
      rotation: 0,
      visible: true,
      ...(o.point ? { point: true } : {}),
      ...(o.polyline ? { polyline: o.polyline.map((p) => ({ x: round(p.x), y: round(p.y) })) } : {}),
      ...propertiesJson(o.properties),
    })),
  };
}
