/**
 * SVG in and out, so designers draw vector tiles in Inkscape or Illustrator (SPEC §6,
 * docs/vector-tiles.md has the full conventions):
 *
 *   <svg data-shape="square|offset-square|hex|pentagon" viewBox="…">  the viewBox is the
 *       tile's bounding box; edge 0 is the top edge and edges go clockwise on screen
 *   <path|line|polyline|polygon data-terrain="ID" …>   a line; with data-side="left|right"
 *       an area (inside, or uphill, relative to the path direction), with data-height too a
 *       contour; data-kind="line|area" may say it outright
 *   <circle data-terrain="ID" cx cy>                    a point
 *
 * Coordinates: SVG's y axis points down, the model's up. With the canonical viewBox (the
 * one export writes: x from the tile's min x, y from −(max y), width and height of the
 * tile's bounding box, in tile units) a point (x, y) of the SVG is (x, −y) of the model,
 * exactly. Any other viewBox of the same aspect ratio is scaled onto the tile's box.
 *
 * `transform`s (on the element and its groups) are applied; arcs become cubics
 * (svg-path.ts). data-side is relative to the element's own coordinates, so a mirroring
 * transform swaps left and right with the drawing. Text, images, gradients, patterns and
 * `<use>` are ignored with a warning; elements without data-terrain (the outline export
 * draws, guides) are ignored silently. Export writes the same form with no transforms and
 * numbers in their shortest round-trip form, so import → export → import is the identity.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Cubic, Curve } from './bezier.js';
import { curveFromCubics, lineCubic } from './bezier.js';
import { VECTOR_LIMITS } from './json.js';
import type { DrawnShapeName, TileShape } from './shape.js';
import { DRAWN_SHAPES, shapeBounds, shapeByName } from './shape.js';
import { parsePathData } from './svg-path.js';
import type { Side, VectorElement, VectorTile } from './types.js';
import type { ValidateOptions } from './validate.js';
import { validateTile } from './validate.js';
import type { Affine, Vec2 } from './vec2.js';
import { affineDeterminant, applyAffine, composeAffine, IDENTITY } from './vec2.js';
import type { XmlElement, XmlOut } from '../util/xml.js';
import { parseXml, writeXml } from '../util/xml.js';
import { InputError } from '../util/input-error.js';

export interface SvgImport {
  readonly tile: VectorTile;
  /** What was ignored, one line each (text, images, gradients …). */
  readonly warnings: readonly string[];
}

export interface SvgImportOptions extends ValidateOptions {
  /** Tile id when the SVG has no data-tile-id (e.g. from the file name). */
  readonly id?: string;
  readonly skipValidation?: boolean;
}

const IGNORED_WITH_WARNING = new Set(['text', 'image', 'linearGradient', 'radialGradient', 'pattern', 'use', 'foreignObject', 'mask', 'clipPath', 'filter', 'symbol', 'marker', 'script', 'video', 'audio']);
const SILENT = new Set(['metadata', 'title', 'desc', 'style', 'sodipodi:namedview', 'inkscape:perspective']);
const GROUPS = new Set(['g', 'a', 'switch', 'svg']);
const ELEMENTS = new Set(['path', 'line', 'polyline', 'polygon', 'circle']);
const MAX_DEPTH = 200;

const localName = (name: string): string => (name.includes(':') && !name.startsWith('sodipodi:') && !name.startsWith('inkscape:') ? name.slice(name.indexOf(':') + 1) : name);

/** The canonical viewBox of a shape: [x, y, width, height] in SVG coordinates. */
export function canonicalViewBox(shape: TileShape): [number, number, number, number] {
  const [x0, y0, x1, y1] = shapeBounds(shape);
  return [x0, -y1 + 0, x1 - x0, y1 - y0];
}

export function importSvg(text: string, source: string, options: SvgImportOptions = {}): SvgImport {
  if (typeof text !== 'string') throw new InputError(source, 'the file', 'expected SVG text');
  if (text.length > VECTOR_LIMITS.textLength) throw new InputError(source, 'the file', `an SVG vector tile is at most ${VECTOR_LIMITS.textLength} characters`);
  const root = parseXml(text, source);
  const fail = (el: XmlElement, attr: string | undefined, expected: string): never => {
    throw new InputError(source, el.where(attr), expected);
  };
  if (localName(root.name) !== 'svg') fail(root, undefined, `expected an <svg> root element, got <${root.name}>`);
  const shapeName = root.attr('data-shape');
  if (shapeName === undefined || !(DRAWN_SHAPES as readonly string[]).includes(shapeName)) {
    fail(root, 'data-shape', `expected data-shape="${DRAWN_SHAPES.join('|')}" on the <svg> root, got ${shapeName === undefined ? 'none' : JSON.stringify(shapeName)}`);
  }
  const shape = shapeByName(shapeName as DrawnShapeName);
  const viewMap = readViewBox(root, shape, fail);
  const id = root.attr('data-tile-id') ?? options.id ?? 'tile';
  if (id.length === 0 || id.length > VECTOR_LIMITS.idLength) fail(root, 'data-tile-id', `expected a tile id of 1…${VECTOR_LIMITS.idLength} characters`);
  const name = root.attr('data-name');

  const warnings: string[] = [];
  const elements: VectorElement[] = [];
  const origin = new Map<string, XmlElement>();
  const ids = new Set<string>();
  let counter = 0;
  const walk = (el: XmlElement, ctm: Affine, depth: number): void => {
    if (depth > MAX_DEPTH) fail(el, undefined, `groups nested at most ${MAX_DEPTH} deep`);
    for (const child of el.children) {
      const tag = localName(child.name);
      if (tag === 'defs') {
        for (const d of child.children) if (IGNORED_WITH_WARNING.has(localName(d.name))) warnings.push(`${d.where()}: <${localName(d.name)}> ignored (vector tiles carry no paint)`);
        continue;
      }
      if (SILENT.has(child.name) || SILENT.has(tag)) continue;
      if (IGNORED_WITH_WARNING.has(tag)) {
        warnings.push(`${child.where()}: <${tag}> ignored (vector tiles hold only paths, lines, polylines, polygons and circles)`);
        continue;
      }
      const m = composeAffine(ctm, readTransform(child, fail));
      if (GROUPS.has(tag)) {
        if (tag === 'svg') warnings.push(`${child.where()}: nested <svg> read as a group (its viewBox is ignored)`);
        walk(child, m, depth + 1);
        continue;
      }
      const terrain = child.attr('data-terrain');
      if (terrain === undefined) continue;
      if (!ELEMENTS.has(tag)) {
        warnings.push(`${child.where()}: <${tag}> with data-terrain ignored; draw it as a path`);
        continue;
      }
      if (terrain.length === 0 || terrain.length > VECTOR_LIMITS.idLength) fail(child, 'data-terrain', `expected a terrain id of 1…${VECTOR_LIMITS.idLength} characters`);
      counter++;
      const baseId = child.attr('id') ?? `${tag}-${counter}`;
      const made = readElement(child, tag, baseId, terrain, composeAffine(viewMap, m), affineDeterminant(m) < 0, fail);
      for (const e of made) {
        if (ids.has(e.id)) fail(child, 'id', `expected a unique id, "${e.id}" is used twice`);
        ids.add(e.id);
        origin.set(e.id, child);
        elements.push(e);
      }
      if (elements.length > VECTOR_LIMITS.elements) fail(child, undefined, `at most ${VECTOR_LIMITS.elements} elements in a tile`);
    }
  };
  walk(root, readTransform(root, fail), 0);
  const tile: VectorTile = { id, ...(name === undefined ? {} : { name }), shape, elements };
  if (!options.skipValidation) {
    const issue = validateTile(tile, options)[0];
    if (issue) {
      const el = issue.element === null ? undefined : origin.get(issue.element);
      throw new InputError(source, el ? el.where() : 'the tile', issue.message);
    }
  }
  return { tile, warnings };
}

type Fail = (el: XmlElement, attr: string | undefined, expected: string) => never;

function numbersOf(el: XmlElement, attr: string, text: string, fail: Fail): number[] {
  const parts = text.trim() === '' ? [] : text.trim().split(/[\s,]+/);
  return parts.map((p) => {
    const v = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/.test(p) ? Number(p) : NaN;
    if (!Number.isFinite(v)) fail(el, attr, `expected numbers, got ${JSON.stringify(p.slice(0, 20))}`);
    return v;
  });
}

function readViewBox(root: XmlElement, shape: TileShape, fail: Fail): Affine {
  const raw = root.attr('viewBox');
  if (raw === undefined) fail(root, 'viewBox', `expected a viewBox, the ${shape.name} tile's bounding box`);
  const vb = numbersOf(root, 'viewBox', raw, fail);
  if (vb.length !== 4 || !(vb[2]! > 0) || !(vb[3]! > 0)) fail(root, 'viewBox', 'expected a viewBox "x y width height" with positive width and height');
  const [x, y, w, h] = vb as [number, number, number, number];
  const c = canonicalViewBox(shape);
  const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
  if (close(x, c[0]) && close(y, c[1]) && close(w, c[2]) && close(h, c[3])) return [1, 0, 0, -1, 0, 0];
  const k = c[2] / w;
  if (Math.abs(h * k - c[3]) > 1e-3 * c[3]) {
    fail(root, 'viewBox', `expected the ${shape.name} tile's aspect ratio, width:height = ${(c[2] / c[3]).toFixed(4)} (a flat-top hexagon is 2R wide and √3·R high); got ${(w / h).toFixed(4)}`);
  }
  // SVG (sx, sy) → model: centre of the viewBox onto the centre of the tile's box, y flipped.
  const [x0, y0, x1, y1] = shapeBounds(shape);
  const cx = x + w / 2, cy = y + h / 2;
  return [k, 0, 0, -k, (x0 + x1) / 2 - k * cx, (y0 + y1) / 2 + k * cy];
}

const TRANSFORM_FN = /^\s*([a-zA-Z]+)\s*\(([^)]*)\)\s*,?/;

export function readTransform(el: XmlElement, fail: Fail): Affine {
  let s = el.attr('transform');
  if (s === undefined) return IDENTITY;
  let m: Affine = IDENTITY;
  let guard = 0;
  while (s.trim() !== '') {
    if (++guard > 1000) fail(el, 'transform', 'at most 1000 transform functions');
    const f = TRANSFORM_FN.exec(s);
    if (!f) fail(el, 'transform', `expected transform functions such as translate(x y), got ${JSON.stringify(s.trim().slice(0, 30))}`);
    s = s.slice(f[0].length);
    const a = numbersOf(el, 'transform', f[2]!, fail);
    const want = (...counts: number[]) => {
      if (!counts.includes(a.length)) fail(el, 'transform', `${f[1]}() takes ${counts.join(' or ')} numbers, got ${a.length}`);
    };
    const rad = (d: number) => (d * Math.PI) / 180;
    let n: Affine;
    switch (f[1]) {
      case 'matrix':
        want(6);
        n = [a[0]!, a[1]!, a[2]!, a[3]!, a[4]!, a[5]!];
        break;
      case 'translate':
        want(1, 2);
        n = [1, 0, 0, 1, a[0]!, a[1] ?? 0];
        break;
      case 'scale':
        want(1, 2);
        n = [a[0]!, 0, 0, a[1] ?? a[0]!, 0, 0];
        break;
      case 'rotate': {
        want(1, 3);
        const c = Math.cos(rad(a[0]!)), si = Math.sin(rad(a[0]!));
        const r: Affine = [c, si, -si, c, 0, 0];
        n = a.length === 3 ? composeAffine(composeAffine([1, 0, 0, 1, a[1]!, a[2]!], r), [1, 0, 0, 1, -a[1]!, -a[2]!]) : r;
        break;
      }
      case 'skewX':
        want(1);
        n = [1, 0, Math.tan(rad(a[0]!)), 1, 0, 0];
        break;
      case 'skewY':
        want(1);
        n = [1, Math.tan(rad(a[0]!)), 0, 1, 0, 0];
        break;
      default:
        fail(el, 'transform', `unknown transform function ${JSON.stringify(f[1])}`);
    }
    m = composeAffine(m, n);
  }
  if (m.some((v) => !Number.isFinite(v)) || affineDeterminant(m) === 0) fail(el, 'transform', 'expected an invertible transform with finite numbers');
  return m;
}

function readElement(el: XmlElement, tag: string, id: string, terrain: string, m: Affine, mirrored: boolean, fail: Fail): VectorElement[] {
  if (id.length > VECTOR_LIMITS.idLength) fail(el, 'id', `expected an id of at most ${VECTOR_LIMITS.idLength} characters`);
  const num = (attr: string): number => {
    const v = el.attr(attr);
    if (v === undefined) return 0;
    const n = numbersOf(el, attr, v, fail);
    if (n.length !== 1) fail(el, attr, 'expected one number');
    return n[0]!;
  };
  const kindAttr = el.attr('data-kind');
  if (kindAttr !== undefined && !['point', 'line', 'area'].includes(kindAttr)) fail(el, 'data-kind', `expected data-kind="point|line|area", got ${JSON.stringify(kindAttr)}`);
  if (tag === 'circle') {
    if (kindAttr !== undefined && kindAttr !== 'point') fail(el, 'data-kind', 'a <circle> is a point element');
    const point = { kind: 'point' as const, id, terrain, at: applyAffine(m, [num('cx'), num('cy')]) };
    return [el.attr('data-height') === undefined ? point : { ...point, height: num('data-height') }];
  }
  if (kindAttr === 'point') fail(el, 'data-kind', 'a point element is a <circle>');
  const sideAttr = el.attr('data-side');
  const heightAttr = el.attr('data-height');
  const isArea = kindAttr === 'area' || sideAttr !== undefined || heightAttr !== undefined;
  if (kindAttr === 'line' && (sideAttr !== undefined || heightAttr !== undefined)) fail(el, 'data-side', 'a line has no side or height; use data-kind="area"');
  let side: Side | undefined;
  if (isArea) {
    if (sideAttr === undefined) fail(el, 'data-side', `area "${id}" needs data-side="left|right" (the inside, or uphill for a contour, relative to the path direction)`);
    if (sideAttr !== 'left' && sideAttr !== 'right') fail(el, 'data-side', `expected data-side="left|right", got ${JSON.stringify(sideAttr)}`);
    side = mirrored ? (sideAttr === 'left' ? 'right' : 'left') : sideAttr;
  }
  let height: number | undefined;
  if (heightAttr !== undefined) {
    const h = numbersOf(el, 'data-height', heightAttr, fail);
    if (h.length !== 1) fail(el, 'data-height', 'expected one number, the contour height');
    height = h[0];
  }
  let subpaths: { cubics: Cubic[]; closed: boolean }[];
  if (tag === 'path') {
    const d = el.attr('d') ?? '';
    try {
      subpaths = parsePathData(d);
    } catch (e) {
      return fail(el, 'd', e instanceof Error ? e.message : String(e));
    }
  } else if (tag === 'line') {
    subpaths = [{ cubics: [lineCubic([num('x1'), num('y1')], [num('x2'), num('y2')])], closed: false }];
  } else {
    const n = numbersOf(el, 'points', el.attr('points') ?? '', fail);
    if (n.length % 2 !== 0 || n.length < 4) fail(el, 'points', 'expected at least two x,y pairs');
    if (n.length > 2 * VECTOR_LIMITS.pointsPerCurve) fail(el, 'points', `at most ${VECTOR_LIMITS.pointsPerCurve} points`);
    const pts: Vec2[] = [];
    for (let i = 0; i < n.length; i += 2) pts.push([n[i]!, n[i + 1]!]);
    const closed = tag === 'polygon';
    if (closed && (pts[0]![0] !== pts[pts.length - 1]![0] || pts[0]![1] !== pts[pts.length - 1]![1])) pts.push(pts[0]!);
    const cubics: Cubic[] = [];
    for (let i = 0; i + 1 < pts.length; i++) cubics.push(lineCubic(pts[i]!, pts[i + 1]!));
    subpaths = [{ cubics, closed }];
  }
  if (subpaths.length === 0) fail(el, tag === 'path' ? 'd' : undefined, 'expected a path with at least one segment');
  return subpaths.map((sp, k): VectorElement => {
    if (3 * sp.cubics.length + 1 > VECTOR_LIMITS.pointsPerCurve) fail(el, 'd', `at most ${VECTOR_LIMITS.pointsPerCurve} points in a curve`);
    const c = curveFromCubics(sp.cubics, sp.closed);
    const points = c.points.map((p) => applyAffine(m, p));
    if (sp.closed) points[points.length - 1] = points[0]!;
    const curve = { points, closed: sp.closed };
    const eid = k === 0 ? id : `${id}.${k + 1}`;
    if (!isArea) return { kind: 'line', id: eid, terrain, curve };
    return height === undefined ? { kind: 'area', id: eid, terrain, curve, side: side! } : { kind: 'area', id: eid, terrain, curve, side: side!, height };
  });
}

// ── export ──────────────────────────────────────────────────────────────────

const num = (n: number): string => String(n + 0);
const svgPoint = (p: Vec2): string => `${num(p[0])} ${num(-p[1])}`;

/** SVG path data of a curve in SVG coordinates (y down): the exported files and the tile editor draw it so. */
export function curvePathData(c: Curve): string {
  const p = c.points;
  const parts = [`M ${svgPoint(p[0]!)}`];
  for (let i = 1; i < p.length; i += 3) parts.push(`C ${svgPoint(p[i]!)} ${svgPoint(p[i + 1]!)} ${svgPoint(p[i + 2]!)}`);
  if (c.closed) parts.push('Z');
  return parts.join(' ');
}

export function exportSvg(tile: VectorTile): string {
  if (tile.shape.name === 'polygon') throw new RangeError('SVG export covers the drawn shapes (square, offset-square, hex, pentagon), not a globe polygon');
  const vb = canonicalViewBox(tile.shape);
  const children: XmlOut[] = [
    {
      name: 'polygon',
      attrs: [
        ['data-role', 'outline'],
        ['points', tile.shape.corners.map((c) => svgPoint(c).replace(' ', ',')).join(' ')],
        ['fill', 'none'],
        ['stroke', '#999999'],
        ['stroke-width', '0.01'],
      ],
    },
  ];
  for (const el of tile.elements) {
    if (el.kind === 'point') {
      const spot = el.height === undefined ? [] : ([['data-height', num(el.height)]] as [string, string][]);
      children.push({ name: 'circle', attrs: [['id', el.id], ['data-terrain', el.terrain], ...spot, ['cx', num(el.at[0])], ['cy', num(-el.at[1])], ['r', '0.03']] });
      continue;
    }
    children.push({
      name: 'path',
      attrs: [
        ['id', el.id],
        ['data-terrain', el.terrain],
        ['data-side', el.kind === 'area' ? el.side : undefined],
        ['data-height', el.kind === 'area' && el.height !== undefined ? num(el.height) : undefined],
        ['d', curvePathData(el.curve)],
        ['fill', 'none'],
        ['stroke', el.kind === 'area' ? '#2e7d32' : '#1f4e99'],
        ['stroke-width', '0.02'],
      ],
    });
  }
  return writeXml({
    name: 'svg',
    attrs: [
      ['xmlns', 'http://www.w3.org/2000/svg'],
      ['data-shape', tile.shape.name],
      ['data-tile-id', tile.id],
      ['data-name', tile.name],
      ['viewBox', vb.map(num).join(' ')],
      ['width', num(Math.round(200 * vb[2]))],
      ['height', num(Math.round(200 * vb[3]))],
    ],
    children,
  });
}
