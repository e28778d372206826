/**
 * The native JSON form of a vector tile, versioned and lossless (docs/vector-tiles.md):
 *
 *   { "format": "sandtable-vector-tile", "version": 1, "id": "ford", "name": "Ford",
 *     "shape": "hex",
 *     "elements": [
 *       { "id": "r1", "kind": "line", "terrain": "river", "closed": false, "points": [[x, y], …] },
 *       { "id": "f1", "kind": "area", "terrain": "forest", "side": "left", "closed": true, "points": […] },
 *       { "id": "c1", "kind": "area", "terrain": "hill", "side": "left", "height": 100, "closed": false, "points": […] },
 *       { "id": "p1", "kind": "point", "terrain": "peak", "at": [x, y] } ] }
 *
 * `shape` is a drawn shape name, or `{ "polygon": [[x, y], …] }` for a globe hexagon's real
 * polygon. Numbers are written as JavaScript writes them (shortest round-trip form), so
 * read → write → read is the identity. Indicators and the interior/edge-crossing class are
 * never stored: they are computed (indicators.ts).
 *
 * Reading is strict: unknown fields, wrong types, oversized input and bad geometry give one
 * InputError naming the file and the element.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Curve } from './bezier.js';
import type { DrawnShapeName, TileShape } from './shape.js';
import { DRAWN_SHAPES, polygonShape, shapeByName } from './shape.js';
import type { VectorElement, VectorTile } from './types.js';
import type { ValidateOptions } from './validate.js';
import { assertValidTile, curveStructureProblem } from './validate.js';
import type { Vec2 } from './vec2.js';
import { InputError, JsonReader } from '../util/input-error.js';
import { parseJsonText } from '../util/json-text.js';

export const VECTOR_TILE_FORMAT = 'sandtable-vector-tile';
export const VECTOR_TILE_VERSION = 1;

/** Limits that keep hostile files from costing more than a designer's real tile ever needs. */
export const VECTOR_LIMITS = Object.freeze({ elements: 10_000, pointsPerCurve: 30_001, idLength: 200, textLength: 20_000_000 });

const TILE_KEYS = ['format', 'version', 'id', 'name', 'shape', 'elements'];
const POINT_KEYS = ['id', 'kind', 'terrain', 'at', 'height'];
const LINE_KEYS = ['id', 'kind', 'terrain', 'closed', 'points'];
const AREA_KEYS = ['id', 'kind', 'terrain', 'side', 'height', 'closed', 'points'];

export interface ReadOptions extends ValidateOptions {
  /** Skip the geometric validation (validate.ts); structure is always checked. */
  readonly skipValidation?: boolean;
}

type XY = [x: number, y: number];
type ElementOf<K extends VectorElement['kind']> = Extract<VectorElement, { kind: K }>;

/** One element in the JSON form (what `elementToJson` writes). */
export type VectorElementJson =
  | { id: string; kind: 'point'; terrain: ElementOf<'point'>['terrain']; at: XY; height?: number }
  | { id: string; kind: 'line'; terrain: ElementOf<'line'>['terrain']; closed: boolean; points: XY[] }
  | { id: string; kind: 'area'; terrain: ElementOf<'area'>['terrain']; side: ElementOf<'area'>['side']; height?: number; closed: boolean; points: XY[] };

/**
 * A vector tile in its JSON form (a `.json` tile file, and what crosses the contract):
 * what `vectorTileToJson` writes. Readers still take `unknown` and check it (`vectorTileFromJson`).
 */
export interface VectorTileJson {
  format: typeof VECTOR_TILE_FORMAT;
  version: typeof VECTOR_TILE_VERSION;
  id: string;
  name?: string;
  shape: string | { polygon: XY[] };
  elements: VectorElementJson[];
}

export function vectorTileToJson(tile: VectorTile): VectorTileJson {
  const shape = tile.shape.name === 'polygon' ? { polygon: tile.shape.corners.map((c): XY => [c[0], c[1]]) } : tile.shape.name;
  return {
    format: VECTOR_TILE_FORMAT,
    version: VECTOR_TILE_VERSION,
    id: tile.id,
    ...(tile.name === undefined ? {} : { name: tile.name }),
    shape,
    elements: tile.elements.map(elementToJson),
  };
}

function elementToJson(el: VectorElement): VectorElementJson {
  const pts = (c: Curve) => c.points.map((p): XY => [p[0], p[1]]);
  switch (el.kind) {
    case 'point':
      return { id: el.id, kind: el.kind, terrain: el.terrain, at: [el.at[0], el.at[1]] as XY, ...(el.height === undefined ? {} : { height: el.height }) };
    case 'line':
      return { id: el.id, kind: el.kind, terrain: el.terrain, closed: el.curve.closed, points: pts(el.curve) };
    case 'area':
      return {
        id: el.id,
        kind: el.kind,
        terrain: el.terrain,
        side: el.side,
        ...(el.height === undefined ? {} : { height: el.height }),
        closed: el.curve.closed,
        points: pts(el.curve),
      };
  }
}

export function writeVectorTile(tile: VectorTile): string {
  return `${JSON.stringify(vectorTileToJson(tile), null, 1)}\n`;
}

export function readVectorTile(text: string, source: string, options: ReadOptions = {}): VectorTile {
  if (typeof text !== 'string') throw new InputError(source, '$', 'expected the text of a vector tile');
  if (text.length > VECTOR_LIMITS.textLength) throw new InputError(source, '$', `a vector tile file is at most ${VECTOR_LIMITS.textLength} characters`);
  return vectorTileFromJson(parseJsonText(text, source), source, options);
}

export function vectorTileFromJson(json: unknown, source: string, options: ReadOptions = {}): VectorTile {
  const r = new JsonReader(source);
  const o = r.object(json, '$');
  r.onlyKeys(o, '$', TILE_KEYS);
  if (o.format !== VECTOR_TILE_FORMAT) r.fail('$.format', `"${VECTOR_TILE_FORMAT}"`, o.format);
  if (o.version !== VECTOR_TILE_VERSION) {
    if (typeof o.version === 'number' && o.version > VECTOR_TILE_VERSION) {
      throw new InputError(source, '$.version', `version ${o.version} is newer than this Sandtable reads (${VECTOR_TILE_VERSION}); update Sandtable`);
    }
    r.fail('$.version', String(VECTOR_TILE_VERSION), o.version);
  }
  const id = readId(r, o.id, '$.id');
  const name = o.name === undefined ? undefined : r.string(o.name, '$.name');
  const shape = readShape(r, o.shape);
  const rawEls = r.array(o.elements, '$.elements');
  if (rawEls.length > VECTOR_LIMITS.elements) r.fail('$.elements', `at most ${VECTOR_LIMITS.elements} elements`, rawEls);
  const elements = rawEls.map((e, i) => readElement(r, e, `$.elements[${i}]`));
  const tile: VectorTile = { id, ...(name === undefined ? {} : { name }), shape, elements };
  if (!options.skipValidation) assertValidTile(tile, source, options);
  return tile;
}

function readId(r: JsonReader, v: unknown, path: string): string {
  const s = r.string(v, path);
  if (s.length === 0 || s.length > VECTOR_LIMITS.idLength) r.fail(path, `an id of 1…${VECTOR_LIMITS.idLength} characters`, v);
  return s;
}

function readShape(r: JsonReader, v: unknown): TileShape {
  if (typeof v === 'string') return shapeByName(r.oneOf(v, '$.shape', DRAWN_SHAPES) as DrawnShapeName);
  const o = r.object(v, '$.shape');
  r.onlyKeys(o, '$.shape', ['polygon']);
  const corners = r.array(o.polygon, '$.shape.polygon');
  if (corners.length < 3 || corners.length > 8) r.fail('$.shape.polygon', '3…8 corners', corners);
  return polygonShape(corners.map((c, i) => readPoint(r, c, `$.shape.polygon[${i}]`)));
}

function readPoint(r: JsonReader, v: unknown, path: string): Vec2 {
  const a = r.array(v, path);
  if (a.length !== 2) r.fail(path, 'a point [x, y]', a);
  return [r.number(a[0], `${path}[0]`), r.number(a[1], `${path}[1]`)];
}

function readElement(r: JsonReader, v: unknown, path: string): VectorElement {
  const o = r.object(v, path);
  const kind = r.oneOf(o.kind, `${path}.kind`, ['point', 'line', 'area'] as const);
  const id = readId(r, o.id, `${path}.id`);
  const at = `${path} (element "${id}")`;
  r.onlyKeys(o, at, kind === 'point' ? POINT_KEYS : kind === 'line' ? LINE_KEYS : AREA_KEYS);
  const terrain = readId(r, o.terrain, `${at}.terrain`);
  if (kind === 'point') {
    const point = { kind, id, terrain, at: readPoint(r, o.at, `${at}.at`) };
    return o.height === undefined ? point : { ...point, height: r.number(o.height, `${at}.height`) };
  }
  const raw = r.array(o.points, `${at}.points`);
  if (raw.length > VECTOR_LIMITS.pointsPerCurve) r.fail(`${at}.points`, `at most ${VECTOR_LIMITS.pointsPerCurve} points`, raw);
  const curve: Curve = { points: raw.map((p, i) => readPoint(r, p, `${at}.points[${i}]`)), closed: r.boolean(o.closed, `${at}.closed`) };
  const problem = curveStructureProblem(curve);
  if (problem) throw new InputError(r.source, `${at}.points`, problem);
  // A closed curve ends exactly where it starts (within 1e-9 on input), so writing it is lossless.
  if (curve.closed) (curve.points as Vec2[])[curve.points.length - 1] = curve.points[0]!;
  if (kind === 'line') return { kind, id, terrain, curve };
  if (o.side === undefined) throw new InputError(r.source, `${at}.side`, 'an area needs a side: "left" or "right" of the curve (inside, or uphill for a contour)');
  const side = r.oneOf(o.side, `${at}.side`, ['left', 'right'] as const);
  const height = o.height === undefined ? undefined : r.number(o.height, `${at}.height`);
  return height === undefined ? { kind, id, terrain, curve, side } : { kind, id, terrain, curve, side, height };
}
