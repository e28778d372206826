/**
 * Height labels of contour lines on maps of vector tiles, as topographic maps print them: the
 * number sits on its contour, turned along it and never upside down, where the line runs
 * straightest, clear of the tile's edge, of the other labels and of point symbols — at most
 * one per contour per tile.
 *
 * Two steps, so the work scales like vector-map.ts:
 * - `tileContourLabels(tile)`: anchors in the tile's own frame (tile units, inradius 1, y up),
 *   computed once per distinct tile. Every label box lies inside the tile shape, so labels of
 *   neighbouring tiles cannot overlap, and within a tile they are placed greedily without
 *   overlaps.
 * - `placeContourLabels(geo, tiles)`: every instance's anchors through the same frame the
 *   vector map is drawn with (instance-frame.ts), turned upright on flat maps.
 *
 * The renderer draws the text with its glyph atlas at `CONTOUR_LABEL_SIZE` inradii per glyph
 * cell (never larger on screen: the boxes here are then the most the glyphs cover).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { decodePlacement } from '../map/orientation-code.js';
import { cellShapeOf } from '../assemble/cell-geometry.js';
import { placedTile } from '../assemble/placed-tile.js';
import { IcosahedronGrid } from '../grid/icosahedron/icosahedron-grid.js';
import { sampleCurve } from '../vector/bezier.js';
import type { TileShape } from '../vector/shape.js';
import type { AreaElement, VectorTile } from '../vector/types.js';
import { flatInstanceAffine, globeInstancePlace } from './instance-frame.js';
import { boxDistance, boxesOverlap, insideBy, labelCorners, type LabelBox as Box } from './label-box.js';
import type { MapGeometry } from './map-geometry.js';
import type { TileSource } from './vector-map.js';

/** Height of a glyph cell, in inradii of the tile (the digits' caps are about 0.55 of it). */
export const CONTOUR_LABEL_SIZE = 0.2;
/** Half the height a label covers across its line (glyphs and halo), in inradii. */
export const HALF_HEIGHT = 0.4 * CONTOUR_LABEL_SIZE;
/** Pen advance per character, in cell heights: at least what the renderer's atlas measures for digits (~0.46). */
export const CONTOUR_LABEL_ADVANCE = 0.5;
/** Free space kept round the text's ends, in inradii. */
const END_PAD = 0.03;
/** Kept between a label box and the tile edge, in inradii. */
const EDGE_MARGIN = 0.05;
/** A point symbol's drawn footprint (radius, inradii): labels keep off it. */
const SYMBOL_CLEAR = 0.22;
/** Kept between two labels of a tile, in inradii. */
const LABEL_GAP = 0.25 * CONTOUR_LABEL_SIZE;
/** The most the contour may bow away from the text's baseline, in inradii. */
const MAX_BOW = 0.3 * CONTOUR_LABEL_SIZE;

/** A label in its tile's frame: its centre on the contour, the unit direction along it, its text. */
export interface TileContourLabel {
  readonly x: number;
  readonly y: number;
  readonly dx: number;
  readonly dy: number;
  readonly text: string;
  /** The contour element it names. */
  readonly element: string;
}

/** The height as labels and the tile editor print it: the tile's number, at most one decimal. */
export function heightText(height: number): string {
  return String(Math.round(height * 10) / 10);
}

/** Half the length of a label box along its line, in inradii. */
export function labelHalfLength(text: string): number {
  return (text.length * CONTOUR_LABEL_ADVANCE * CONTOUR_LABEL_SIZE) / 2 + END_PAD;
}

/** The upright reading angle: angles beyond ±90° turn half round, so text never reads upside down. Result in (−π/2, π/2]. */
export function upright(angle: number): number {
  let a = Math.atan2(Math.sin(angle), Math.cos(angle));
  if (a > Math.PI / 2 + 1e-12) a -= Math.PI;
  else if (a <= -Math.PI / 2 + 1e-12) a += Math.PI;
  return a;
}


/** The labels of one tile's contours, in its frame (compute once per distinct tile). */
export function tileContourLabels(tile: VectorTile, detail = 12): TileContourLabel[] {
  const contours = tile.elements.filter((e): e is AreaElement => e.kind === 'area' && e.height !== undefined);
  const symbols = tile.elements.flatMap((e) => (e.kind === 'point' ? [e.at] : []));
  const lines = contours.map((e) => ({ e, xy: sample(e, detail) }));
  // Longer contours choose first: they have the most room, the short ones take what is left.
  lines.sort((a, b) => b.xy.length - a.xy.length || a.e.id.localeCompare(b.e.id));
  const placed: Box[] = [];
  const out: TileContourLabel[] = [];
  for (const { e, xy } of lines) {
    const text = heightText(e.height!);
    const best = straightest(xy, e.curve.closed, labelHalfLength(text), (box) => fits(box, tile.shape, placed, symbols));
    if (!best) continue;
    placed.push(best);
    out.push({ x: best.x, y: best.y, dx: best.ux, dy: best.uy, text, element: e.id });
  }
  return out;
}

function sample(e: AreaElement, detail: number): number[] {
  const out: number[] = [];
  for (const s of sampleCurve(e.curve, Math.max(8, detail))) out.push(s.p[0], s.p[1]);
  return out;
}

/**
 * The straightest stretch of `xy` (x, y pairs) `2·half` long that `ok` accepts: the box
 * centred on the line at each sample, turned along the chord of its stretch. Null when none.
 */
function straightest(xy: readonly number[], closed: boolean, half: number, ok: (b: Box) => boolean): Box | null {
  const n = xy.length >> 1;
  if (n < 2) return null;
  // Cumulative arc length; a closed curve is walked three times round so windows can wrap.
  const copies = closed ? 3 : 1;
  const m = closed ? n - 1 : n; // a closed curve's last sample repeats its first
  const px: number[] = [];
  const py: number[] = [];
  const s: number[] = [];
  for (let c = 0; c < copies; c++) {
    for (let i = 0; i < m; i++) {
      const x = xy[2 * i]!;
      const y = xy[2 * i + 1]!;
      s.push(px.length ? s[s.length - 1]! + Math.hypot(x - px[px.length - 1]!, y - py[py.length - 1]!) : 0);
      px.push(x);
      py.push(y);
    }
  }
  if (closed) {
    px.push(px[0]!);
    py.push(py[0]!);
    s.push(s[s.length - 1]! + Math.hypot(px[0]! - px[px.length - 2]!, py[0]! - py[py.length - 2]!));
  }
  const at = (v: number, j: number): [number, number] => {
    // Point at arc length v, searching from sample j (v lies at or after s[j]).
    while (j + 1 < s.length - 1 && s[j + 1]! < v) j++;
    const t = s[j + 1]! > s[j]! ? (v - s[j]!) / (s[j + 1]! - s[j]!) : 0;
    return [px[j]! + t * (px[j + 1]! - px[j]!), py[j]! + t * (py[j + 1]! - py[j]!)];
  };
  const first = closed ? m : 0;
  const last = closed ? 2 * m : n;
  let best: Box | null = null;
  let bestScore = Infinity;
  for (let i = first; i < last; i++) {
    const v = s[i]!;
    if (v - half < 0 || v + half > s[s.length - 1]!) continue;
    let j0 = i;
    while (j0 > 0 && s[j0]! > v - half) j0--;
    const [ax, ay] = at(v - half, j0);
    const [bx, by] = at(v + half, i);
    const cl = Math.hypot(bx - ax, by - ay);
    if (cl < 1.5 * half) continue;
    const ux = (bx - ax) / cl;
    const uy = (by - ay) / cl;
    // Bow: the farthest the line strays from the chord inside the window.
    let bow = 0;
    for (let j = j0; j < s.length && s[j]! <= v + half; j++) {
      if (s[j]! < v - half) continue;
      bow = Math.max(bow, Math.abs((px[j]! - ax) * uy - (py[j]! - ay) * ux));
    }
    if (bow > MAX_BOW || bow >= bestScore) continue;
    const box = { x: px[i]!, y: py[i]!, ux, uy, half, across: HALF_HEIGHT };
    if (!ok(box)) continue;
    best = box;
    bestScore = bow;
  }
  return best;
}

/** Inside the shape with the margin, off the other labels and the point symbols. */
function fits(box: Box, shape: TileShape, placed: readonly Box[], symbols: readonly (readonly number[])[]): boolean {
  for (const [x, y] of labelCorners(box)) if (insideBy(shape, x, y) < EDGE_MARGIN) return false;
  // A little air between two labels, so neighbouring numbers do not read as one.
  for (const o of placed) if (boxesOverlap(box, o, LABEL_GAP)) return false;
  for (const p of symbols) if (boxDistance(box, p[0]!, p[1]!) < SYMBOL_CLEAR) return false;
  return true;
}

/** Every instance's contour labels in model space. */
export interface ContourLabels {
  readonly count: number;
  /** xyz per label: its centre on the contour (z = 0 on flat maps; on the globe, on the sphere of the vector strokes). */
  readonly positions: Float32Array;
  /** xyz per label: unit direction along the contour (flat maps: already upright, reading left to right). */
  readonly directions: Float32Array;
  readonly texts: readonly string[];
  /** Model units per tile inradius (a glyph cell is CONTOUR_LABEL_SIZE of it). */
  readonly unit: number;
  /** Work counts: distinct tiles laid out (globe: cells), instances whose labels were placed. */
  readonly stats: { readonly laidOut: number; readonly instances: number };
}

/** The contour labels of `geo`'s map instances (null when the map holds none). `radius`: the globe sphere they sit on. */
export function placeContourLabels(geo: MapGeometry, tiles: TileSource, options: { detail?: number; radius?: number } = {}): ContourLabels | null {
  const layer = geo.map.instances;
  if (!layer) return null;
  const grid = geo.map.grid;
  const globe = grid instanceof IcosahedronGrid ? grid : null;
  const radius = options.radius ?? (geo.radii ? geo.radii[2] : 1);
  const f = new Float64Array(9);
  const cache = new Map<string, TileContourLabel[]>();
  const pos: number[] = [];
  const dir: number[] = [];
  const texts: string[] = [];
  const tmp: number[] = [];
  let unitSum = 0;
  let instances = 0;
  let laidOut = 0;
  for (let cell = 0; cell < layer.cellCount; cell++) {
    const ref = layer.tileRef[cell]!;
    if (ref < 0) continue;
    const id = layer.tileIds[ref]!;
    const tile = tiles(id);
    if (!tile) continue;
    const code = layer.code[cell]!;
    if (globe) {
      // Each globe cell has its own warped shape: lay out the placed tile itself.
      const labels = tileContourLabels(placedTile(tile, decodePlacement(code), cellShapeOf(grid, cell, geo.map.spec.alform)), options.detail);
      laidOut++;
      const place = globeInstancePlace(globe, cell, geo.map.spec.alform)(radius);
      const step = 0.05;
      tmp.length = 0;
      place(0, 0, tmp);
      place(1, 0, tmp);
      unitSum += Math.hypot(tmp[3]! - tmp[0]!, tmp[4]! - tmp[1]!, tmp[5]! - tmp[2]!);
      for (const l of labels) {
        tmp.length = 0;
        place(l.x, l.y, tmp);
        place(l.x + step * l.dx, l.y + step * l.dy, tmp);
        const dx = tmp[3]! - tmp[0]!;
        const dy = tmp[4]! - tmp[1]!;
        const dz = tmp[5]! - tmp[2]!;
        const len = Math.hypot(dx, dy, dz);
        pos.push(tmp[0]!, tmp[1]!, tmp[2]!);
        // Which way is up depends on the globe's turn: the renderer turns these upright on screen.
        dir.push(dx / len, dy / len, dz / len);
        texts.push(l.text);
      }
      instances++;
      continue;
    }
    let labels = cache.get(id);
    if (!labels) {
      labels = tileContourLabels(tile, options.detail);
      cache.set(id, labels);
      laidOut++;
    }
    // Most tiles have no contour: skip their frames (a 100 k map is mostly plains and woods).
    if (labels.length === 0) continue;
    const m = flatInstanceAffine(geo.area, cell, code, f, geo.map.grid);
    if (!m) continue;
    const [a, b, c, d, e, f6] = m;
    unitSum += Math.sqrt(Math.abs(a * d - b * c));
    instances++;
    for (const l of labels) {
      pos.push(a * l.x + c * l.y + e, b * l.x + d * l.y + f6, 0);
      const ang = upright(Math.atan2(b * l.dx + d * l.dy, a * l.dx + c * l.dy));
      dir.push(Math.cos(ang), Math.sin(ang), 0);
      texts.push(l.text);
    }
  }
  return {
    count: texts.length,
    positions: Float32Array.from(pos),
    directions: Float32Array.from(dir),
    texts,
    unit: instances ? unitSum / instances : 0,
    stats: { laidOut, instances },
  };
}
