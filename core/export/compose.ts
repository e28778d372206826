/**
 * One drawing of a scene, for every picture writer: what is drawn, in which order, at which
 * size — decided here once — and handed to a `Painter` (the PNG rasterizer, the SVG writer,
 * the PDF writer) in output units (pixels or points, y down). Order: tile fills per terrain,
 * terrain symbols, grid, linear fills, linear strokes (casings, then lines, widest first; they
 * cover the grid as printed maps do), tile numbers, the map's labels (map-labels.ts); then the legend and scale bar in their own box.
 *
 * Sizes follow the printed tile (`tile` = an area tile's width across flats in output units):
 * symbols from 14 units, numbers from 22 (cap height 13 % of the tile), grid lines from 12 (below that the grid greys the whole map).
 * Below those sizes they would be noise; a 1 M-tile overview shows colour alone.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Box, ExportScene } from './scene.js';
import { paintNetworks } from './network-paint.js';
import type { TileSymbol } from '../render/symbols.js';
import { lineLook, rgbaOf, symbolColour, terrainSymbol } from '../render/symbols.js';
import type { MapLabelItem } from './map-labels.js';
import { labelItems } from './map-labels.js';

/** Scene → output: x' = (x − x0)·scale + left, y' = (y1 − y)·scale + top. */
export interface View {
  readonly scale: number;
  readonly x0: number;
  readonly y1: number;
  readonly left: number;
  readonly top: number;
  /** What is visible, in output units (drawing outside it is culled). */
  readonly clip: Box;
}

export interface TextItem {
  readonly x: number;
  readonly y: number;
  readonly text: string;
  readonly colour: string;
}

export interface Painter {
  /** Tiles of one terrain: `ring` is called per polygon with output coordinates (reused buffer). */
  tiles(terrain: number, colour: string, each: (ring: (xy: ArrayLike<number>) => void) => void): void;
  /** Filled shapes (symbols, linear spurs): each ring separately filled. */
  fills(colour: string, rings: readonly ArrayLike<number>[]): void;
  /** Open polylines, round caps and joins; `dash` in output units. */
  strokes(colour: string, width: number, lines: readonly ArrayLike<number>[], dash?: readonly [number, number]): void;
  /** Text with its baseline at (x, y); `size` is the cap height. */
  text(items: readonly TextItem[], size: number, anchor: 'start' | 'middle' | 'end'): void;
  /** The map's labels (map-labels.ts), each centred on its point, turned, in its style's look with a halo. */
  mapLabels(items: readonly MapLabelItem[]): void;
  /** What the calls that follow draw (SVG groups them into Inkscape layers; others ignore it). */
  layer?(name: 'terrain' | 'symbols' | 'grid' | 'linear' | 'numbers' | 'labels' | 'legend'): void;
}

export interface DrawStyle {
  readonly grid: boolean;
  readonly numbers: boolean;
  readonly symbols: boolean;
}

export const MIN_SYMBOL_TILE = 14;
export const MIN_NUMBER_TILE = 22;
export const MIN_GRID_TILE = 12;
export const GRID_COLOUR = '#2b2b2b';

/** The view that puts scene box `b` into an output rectangle at `scale` units per scene unit. */
export function viewOf(b: Box, scale: number, left = 0, top = 0, clip?: Box): View {
  const w = (b.x1 - b.x0) * scale;
  const h = (b.y1 - b.y0) * scale;
  return { scale, x0: b.x0, y1: b.y1, left, top, clip: clip ?? { x0: left, y0: top, x1: left + w, y1: top + h } };
}

/** Draws the map part of a scene through `painter`. Returns counts of what was drawn (tests assert them). */
export function drawMap(scene: ExportScene, view: View, style: DrawStyle, painter: Painter): { tiles: number; symbols: number; lines: number; labels: number; names: number } {
  const f = mapFrame(scene, view);
  const byTerrain = groupByTerrain(scene.areas.terrain, scene.areas.count);
  const seen = visibleAreas(scene, f);
  painter.layer?.('terrain');
  const tiles = drawTiles(scene, f, byTerrain, seen.isVisible, painter);
  let symbols = 0;
  if (style.symbols && f.tile >= MIN_SYMBOL_TILE) {
    painter.layer?.('symbols');
    symbols = drawSymbols(scene, f, byTerrain, seen, painter);
  }
  if (style.grid && f.tile >= MIN_GRID_TILE) {
    painter.layer?.('grid');
    drawGrid(scene, f, seen.visible, painter);
  }
  painter.layer?.('linear');
  const lines = drawLinear(scene, f, painter);
  let labels = 0;
  if (style.numbers && f.tile >= MIN_NUMBER_TILE) labels = drawNumbers(scene, f, painter);
  // The map's own labels last: names read over everything, as on printed maps.
  const names = labelItems(scene.mapLabels, f.tx, f.ty, f.scale);
  if (names.length) {
    painter.layer?.('labels');
    painter.mapLabels(names);
  }
  return { tiles, symbols, lines, labels, names: names.length };
}

/** Scene → output for one drawing: the view's transform, the tile size in output units and the culling slack. */
interface MapFrame {
  readonly scale: number;
  readonly clip: Box;
  readonly tx: (x: number) => number;
  readonly ty: (y: number) => number;
  /** A tile across, in output units. */
  readonly tile: number;
  /** How far outside the clip a shape may start and still be drawn. */
  readonly slack: number;
}

function mapFrame(scene: ExportScene, view: View): MapFrame {
  const { scale, x0, y1, left, top, clip } = view;
  const tile = scene.areaAcross * scale;
  return { scale, clip, tx: (x) => (x - x0) * scale + left, ty: (y) => (y1 - y) * scale + top, tile, slack: tile };
}

/** The area tiles within the clip (plus slack), as a list and as flags, and every tile's centroid in output units. */
function visibleAreas(scene: ExportScene, f: MapFrame): { visible: number[]; isVisible: Uint8Array; cx: Float64Array; cy: Float64Array } {
  const { tx, ty, clip, slack } = f;
  const { areas } = scene;
  const visible: number[] = [];
  const cx = new Float64Array(areas.count);
  const cy = new Float64Array(areas.count);
  for (let k = 0; k < areas.count; k++) {
    const s = areas.start[k]!;
    const e = areas.start[k + 1]!;
    let bx0 = Infinity;
    let bx1 = -Infinity;
    let by0 = Infinity;
    let by1 = -Infinity;
    let sx = 0;
    let sy = 0;
    for (let v = s; v < e; v++) {
      const x = tx(areas.xy[2 * v]!);
      const y = ty(areas.xy[2 * v + 1]!);
      sx += x;
      sy += y;
      if (x < bx0) bx0 = x;
      if (x > bx1) bx1 = x;
      if (y < by0) by0 = y;
      if (y > by1) by1 = y;
    }
    cx[k] = sx / (e - s);
    cy[k] = sy / (e - s);
    if (bx1 >= clip.x0 - slack && bx0 <= clip.x1 + slack && by1 >= clip.y0 - slack && by0 <= clip.y1 + slack) visible.push(k);
  }
  const isVisible = new Uint8Array(areas.count);
  for (const k of visible) isVisible[k] = 1;
  return { visible, isVisible, cx, cy };
}

/** The visible area tiles, one painter call per terrain; returns how many. */
function drawTiles(scene: ExportScene, f: MapFrame, byTerrain: Map<number, number[]>, isVisible: Uint8Array, painter: Painter): number {
  const { tx, ty } = f;
  const { areas } = scene;
  const buf = new Float64Array(64);
  let tiles = 0;
  for (const [t, list] of byTerrain) {
    const terrain = scene.terrains[t];
    if (!terrain) continue; // empty tiles: grid and number only
    painter.tiles(t, terrain.colour, (ring) => {
      for (const k of list) {
        if (!isVisible[k]) continue;
        const s = areas.start[k]!;
        const e = areas.start[k + 1]!;
        const out = e - s <= 32 ? buf.subarray(0, 2 * (e - s)) : new Float64Array(2 * (e - s));
        for (let v = s; v < e; v++) {
          out[2 * (v - s)] = tx(areas.xy[2 * v]!);
          out[2 * (v - s) + 1] = ty(areas.xy[2 * v + 1]!);
        }
        tiles++;
        ring(out);
      }
    });
  }
  return tiles;
}

/** Each visible tile's terrain symbol at its centroid; returns how many. */
function drawSymbols(scene: ExportScene, f: MapFrame, byTerrain: Map<number, number[]>, seen: { isVisible: Uint8Array; cx: Float64Array; cy: Float64Array }, painter: Painter): number {
  const { isVisible, cx, cy } = seen;
  let symbols = 0;
  const r = f.tile / 2;
  for (const [t, list] of byTerrain) {
    const terrain = scene.terrains[t];
    const sym = terrain ? terrainSymbol(terrain) : null;
    if (!terrain) continue;
    if (!sym) continue;
    const fills: number[][] = [];
    const lines: number[][] = [];
    for (const k of list) {
      if (!isVisible[k]) continue;
      placeSymbol(sym, cx[k]!, cy[k]!, r, fills, lines);
      symbols++;
    }
    const colour = symbolColour(terrain);
    if (fills.length) painter.fills(colour, fills);
    if (lines.length) painter.strokes(colour, sym.lineWidth * r, lines);
  }
  return symbols;
}

/** The outline of every visible tile, closed. */
function drawGrid(scene: ExportScene, f: MapFrame, visible: readonly number[], painter: Painter): void {
  const { tx, ty } = f;
  const { areas } = scene;
  const rings: number[][] = [];
  for (const k of visible) {
    const s = areas.start[k]!;
    const e = areas.start[k + 1]!;
    const out: number[] = [];
    for (let v = s; v <= e; v++) {
      const w = v === e ? s : v;
      out.push(tx(areas.xy[2 * w]!), ty(areas.xy[2 * w + 1]!));
    }
    rings.push(out);
  }
  painter.strokes(GRID_COLOUR, Math.max(0.6, f.tile * 0.012), rings);
}

/** Linear spurs and hubs, then the linear features; returns how many lines. */
function drawLinear(scene: ExportScene, f: MapFrame, painter: Painter): number {
  const { tx, ty, scale } = f;
  const { fills } = scene;
  const fillGroups = groupByTerrain(fills.terrain, fills.count);
  for (const [t, list] of fillGroups) {
    const rings = list.map((k) => {
      const s = fills.start[k]!;
      const e = fills.start[k + 1]!;
      const out: number[] = [];
      for (let v = s; v < e; v++) out.push(tx(fills.xy[2 * v]!), ty(fills.xy[2 * v + 1]!));
      return out;
    });
    painter.fills(scene.terrains[t]!.colour, rings);
  }

  // Linear features: casings under all lines, then the lines widest first (scene order).
  const linesOut = scene.lines.map((l) => ({ terrain: l.terrain, xy: l.xy.map((v, i) => (i % 2 ? ty(v) : tx(v))) }));
  const widthOf = (t: number) => Math.max(1, scene.lineWidth[t]! * scale);
  for (const l of linesOut) {
    const look = lineLook(scene.terrains[l.terrain]!);
    if (look.casing) painter.strokes(look.casing, widthOf(l.terrain) * 1.6, [l.xy]);
  }
  for (const group of groupLines(linesOut)) {
    const terrain = scene.terrains[group.terrain]!;
    const look = lineLook(terrain);
    const w = widthOf(group.terrain);
    if (look.ties) painter.strokes(terrain.colour, w * 2.2, group.lines.map((xy) => xy), [w * 0.5, w * 1.6]);
    painter.strokes(terrain.colour, w, group.lines, look.dash ? [w * 2.5, w * 1.5] : undefined);
  }
  // Through-tile networks over the linear features: bridges lie across the rivers.
  return linesOut.length + paintNetworks(scene.networks, f, painter);
}

/** The tile numbers within the clip, light on dark tiles; returns how many. */
function drawNumbers(scene: ExportScene, f: MapFrame, painter: Painter): number {
  const { tx, ty, clip, slack } = f;
  const size = f.tile * 0.13;
  const items: TextItem[] = [];
  for (const l of scene.labels()) {
    const x = tx(l.x);
    const y = ty(l.y) + size / 2;
    if (x < clip.x0 - slack || x > clip.x1 + slack || y < clip.y0 - slack || y > clip.y1 + slack) continue;
    // Light numbers on dark tiles (ocean, forest), dark ones elsewhere.
    items.push({ x, y, text: l.text, colour: luminance(scene.terrains[l.terrain]?.colour ?? '#ffffff') < 0.45 ? '#f2f2f2' : '#1a1a1a' });
  }
  painter.layer?.('numbers');
  if (items.length) painter.text(items, size, 'middle');
  return items.length;
}

function placeSymbol(sym: TileSymbol, cx: number, cy: number, r: number, fills: number[][], lines: number[][]): void {
  for (const part of sym.parts) {
    const out: number[] = [];
    for (let i = 0; i < part.xy.length; i += 2) out.push(cx + part.xy[i]! * r, cy + part.xy[i + 1]! * r);
    (part.kind === 'fill' ? fills : lines).push(out);
  }
}

function groupByTerrain(terrain: Uint8Array, count: number): Map<number, number[]> {
  const m = new Map<number, number[]>();
  for (let k = 0; k < count; k++) {
    const t = terrain[k]!;
    const list = m.get(t);
    if (list) list.push(k);
    else m.set(t, [k]);
  }
  return m;
}

function groupLines(lines: { terrain: number; xy: number[] }[]): { terrain: number; lines: number[][] }[] {
  const out: { terrain: number; lines: number[][] }[] = [];
  for (const l of lines) {
    const last = out[out.length - 1];
    if (last && last.terrain === l.terrain) last.lines.push(l.xy);
    else out.push({ terrain: l.terrain, lines: [l.xy] });
  }
  return out;
}

/** Luminance 0–1 of `#rrggbb` (sRGB weights, good enough to choose dark or light ink). */
export function luminance(hex: string): number {
  const [r, g, b] = rgbaOf(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

