/**
 * Small pictures of vector tiles for the library (issue 13), drawn from the geometry itself:
 * the tile's ground, each AREA element's region (area-region.ts) in its terrain's colour —
 * contours lowest first, so the highest ground is on top, as the map rasterizer orders them —
 * with the region's edge and the terrain's symbol (core/render/symbols.ts) so terrains of
 * near colours still read apart, then LINE elements with their casing and dashes, POINT
 * elements as dots — or, for a terrain with a symbol (a village's houses), that symbol on a
 * patch of its colour — and the tile's outline.
 *
 * One drawing (`thumbnailScene`, pixels, y down) and two writers of it: `thumbnailSvg` (a
 * small SVG string for lists) and `thumbnailRgba` (RGBA through the export's software
 * rasterizer, core/export/raster.ts: the same pixels in the CLI, the app and tests).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { sampleCurve } from '../vector/bezier.js';
import { closedRegion, openRegion } from '../vector/area-region.js';
import { shapeBounds } from '../vector/shape.js';
import type { VectorTile } from '../vector/types.js';
import type { TerrainCatalogue, Terrain } from '../terrain/types.js';
import { findTerrain } from '../terrain/lookup.js';
import { lineLook, rgbaOf, shade, symbolColour, terrainSymbol } from '../render/symbols.js';
import type { TileSymbol } from '../render/symbols.js';
import { Raster } from '../render/software-raster.js';
import { dashed } from './png.js';
import { writeXml, type XmlOut } from '../util/xml.js';

/** Thumbnail sizes the library offers (pixels a side). */
export const THUMBNAIL_MIN = 16;
export const THUMBNAIL_MAX = 512;

/** How terrains look in a thumbnail; `thumbnailStyle(catalogue)` builds it from a catalogue. */
export interface ThumbnailStyle {
  /** Ground under the tile's elements (`#rrggbb`). */
  readonly ground: string;
  readonly outline: string;
  /** The terrain, or undefined for an id the catalogue does not know (drawn grey). */
  terrain(id: string): Terrain | undefined;
}

export function thumbnailStyle(catalogue: TerrainCatalogue, ground = '#f3efe0'): ThumbnailStyle {
  return { ground, outline: '#6b6b6b', terrain: (id) => findTerrain(catalogue, id) };
}

export type ThumbnailItem =
  /** Rings of pixel x, y pairs filled together (non-zero). */
  | { readonly kind: 'fill'; readonly colour: string; readonly rings: readonly number[][] }
  | { readonly kind: 'stroke'; readonly colour: string; readonly width: number; readonly xy: readonly number[]; readonly closed: boolean; readonly dash?: readonly [number, number] };

export interface ThumbnailScene {
  readonly size: number;
  readonly items: readonly ThumbnailItem[];
}

const UNKNOWN = '#9e9e9e';
/** Line widths in tile units (inradius 1) by the catalogue's width class. */
const LINE_WIDTH = { narrow: 0.07, medium: 0.11, wide: 0.17 } as const;
/** Polyline points per cubic segment: a thumbnail needs few. */
const FLATTEN = 10;

/** The drawing of `tile` on a `size` × `size` picture (pixels, y down), items in paint order. */
export function thumbnailScene(tile: VectorTile, style: ThumbnailStyle, size: number): ThumbnailScene {
  if (!Number.isInteger(size) || size < THUMBNAIL_MIN || size > THUMBNAIL_MAX) throw new RangeError(`thumbnail size must be an integer of ${THUMBNAIL_MIN}…${THUMBNAIL_MAX} pixels, got ${size}`);
  const [x0, y0, x1, y1] = shapeBounds(tile.shape);
  const margin = Math.max(1, size / 32);
  const s = (size - 2 * margin) / Math.max(x1 - x0, y1 - y0);
  const ox = (size - s * (x1 - x0)) / 2;
  const oy = (size - s * (y1 - y0)) / 2;
  const px = (x: number) => ox + (x - x0) * s;
  const py = (y: number) => oy + (y1 - y) * s;
  const cellXs = tile.shape.corners.map((c) => c[0]);
  const cellYs = tile.shape.corners.map((c) => c[1]);
  const toPixels = (xs: readonly number[], ys: readonly number[]) => xs.flatMap((x, i) => [px(x), py(ys[i]!)]);
  const outline = toPixels(cellXs, cellYs);
  const colourOf = (id: string) => style.terrain(id)?.colour ?? UNKNOWN;

  const items: ThumbnailItem[] = [{ kind: 'fill', colour: style.ground, rings: [outline] }];
  const regions: { terrain: string; height: number; order: number; ring: number[]; edge: number[] }[] = [];
  const lines: { terrain: string; xy: number[]; closed: boolean }[] = [];
  const contours: number[][] = [];
  const dots: { terrain: string; x: number; y: number }[] = [];
  for (const el of tile.elements) {
    if (el.kind === 'point') {
      dots.push({ terrain: el.terrain, x: px(el.at[0]), y: py(el.at[1]) });
      continue;
    }
    const pts: number[] = [];
    for (const p of sampleCurve(el.curve, FLATTEN)) pts.push(p.p[0], p.p[1]);
    const xy = pts.map((v, i) => (i % 2 === 0 ? px(v) : py(v)));
    if (el.kind === 'line') {
      lines.push({ terrain: el.terrain, xy, closed: el.curve.closed });
      continue;
    }
    const region = el.curve.closed ? closedRegion(pts, el.side, cellXs, cellYs) : openRegion(pts, el.side, cellXs, cellYs);
    regions.push({ terrain: el.terrain, height: el.height ?? Infinity, order: regions.length, ring: toPixels(region.xs, region.ys), edge: xy });
    if (el.height !== undefined) contours.push(xy);
  }
  regions.sort((a, b) => a.height - b.height || a.order - b.order);
  for (const r of regions) {
    const terrain = style.terrain(r.terrain);
    items.push({ kind: 'fill', colour: terrain?.colour ?? UNKNOWN, rings: [r.ring] });
    const symbol = terrain ? terrainSymbol(terrain) : null;
    if (symbol && terrain) items.push(...symbolItems(symbol, symbolColour(terrain), r.ring, s));
  }
  const thin = Math.max(1, s * 0.02);
  for (const r of regions) if (r.height === Infinity) items.push({ kind: 'stroke', colour: shade(colourOf(r.terrain), 0.6), width: thin, xy: r.edge, closed: false });
  for (const c of contours) items.push({ kind: 'stroke', colour: '#7a5230', width: thin, xy: c, closed: false });
  for (const l of lines) {
    const terrain = style.terrain(l.terrain);
    const width = Math.max(1.5, s * (terrain?.class === 'linear' ? LINE_WIDTH[terrain.width] : LINE_WIDTH.medium));
    const look = terrain ? lineLook(terrain) : { dash: false, ties: false, casing: null };
    if (look.casing) items.push({ kind: 'stroke', colour: look.casing, width: width * 1.8, xy: l.xy, closed: l.closed });
    items.push({ kind: 'stroke', colour: terrain?.colour ?? UNKNOWN, width, xy: l.xy, closed: l.closed, ...(look.dash ? { dash: [width * 2.5, width * 1.5] as const } : {}) });
  }
  // Points (peaks, wells, mills) as dots with a dark rim, big enough to see at list size. A
  // point of a terrain with a symbol (a village: houses) is that symbol on a patch of its
  // colour, so a village tile reads as a village, not a dot (issue 30).
  const dotR = Math.max(2, s * 0.09);
  for (const d of dots) {
    const terrain = style.terrain(d.terrain);
    const symbol = terrain ? terrainSymbol(terrain) : null;
    if (terrain && symbol) {
      items.push(...pointSymbolItems(terrain, symbol, d.x, d.y, s));
      continue;
    }
    items.push({ kind: 'fill', colour: shade(colourOf(d.terrain), 0.45), rings: [disc(d.x, d.y, dotR + Math.max(1, dotR * 0.3))] });
    items.push({ kind: 'fill', colour: colourOf(d.terrain), rings: [disc(d.x, d.y, dotR)] });
  }
  items.push({ kind: 'stroke', colour: style.outline, width: Math.max(1, size / 96), xy: outline, closed: true });
  return { size, items };
}

/** A point of a terrain with a symbol: a patch of its colour with a rim, its symbol on top, large (the patch is 0.6 of the tile across). */
function pointSymbolItems(terrain: Terrain, symbol: TileSymbol, x: number, y: number, s: number): ThumbnailItem[] {
  const r = s * 0.3;
  const patch: ThumbnailItem[] = [
    { kind: 'fill', colour: shade(terrain.colour, 0.6), rings: [disc(x, y, r + Math.max(1, r * 0.12))] },
    { kind: 'fill', colour: terrain.colour, rings: [disc(x, y, r)] },
  ];
  // The symbol's own extent, centred on the point and scaled to fill most of the patch.
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const part of symbol.parts) {
    for (let i = 0; i < part.xy.length; i += 2) {
      x0 = Math.min(x0, part.xy[i]!);
      x1 = Math.max(x1, part.xy[i]!);
      y0 = Math.min(y0, part.xy[i + 1]!);
      y1 = Math.max(y1, part.xy[i + 1]!);
    }
  }
  const k = (1.45 * r) / Math.max(1e-9, x1 - x0, y1 - y0);
  const [mx, my] = [(x0 + x1) / 2, (y0 + y1) / 2];
  const place = (xy: readonly number[]) => xy.map((v, i) => (i % 2 === 0 ? x + (v - mx) * k : y + (v - my) * k));
  const colour = symbolColour(terrain);
  return [
    ...patch,
    ...symbol.parts.map((part): ThumbnailItem =>
      part.kind === 'fill' ? { kind: 'fill', colour, rings: [place(part.xy)] } : { kind: 'stroke', colour, width: Math.max(1, symbol.lineWidth * k), xy: place(part.xy), closed: false },
    ),
  ];
}

/** The terrain's symbol at a point inside the region, a third of the tile across. */
function symbolItems(symbol: TileSymbol, colour: string, ring: readonly number[], s: number): ThumbnailItem[] {
  const at = insidePoint(ring);
  if (!at) return [];
  const k = s * 0.3;
  // Symbol space: y down, its band centred near y = 0.2.
  const place = (xy: readonly number[]) => xy.map((v, i) => (i % 2 === 0 ? at[0] + v * k : at[1] + (v - 0.2) * k));
  return symbol.parts.map((part): ThumbnailItem =>
    part.kind === 'fill' ? { kind: 'fill', colour, rings: [place(part.xy)] } : { kind: 'stroke', colour, width: Math.max(1, symbol.lineWidth * k), xy: place(part.xy), closed: false },
  );
}

/** The centroid of the ring's vertices when it lies inside the ring (non-zero), else null. */
function insidePoint(ring: readonly number[]): [number, number] | null {
  let cx = 0;
  let cy = 0;
  const n = ring.length >> 1;
  for (let i = 0; i < n; i++) {
    cx += ring[2 * i]!;
    cy += ring[2 * i + 1]!;
  }
  cx /= n;
  cy /= n;
  let wind = 0;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const ay = ring[2 * j + 1]!;
    const by = ring[2 * i + 1]!;
    if (ay <= cy === by <= cy) continue;
    const x = ring[2 * j]! + ((cy - ay) / (by - ay)) * (ring[2 * i]! - ring[2 * j]!);
    if (x > cx) wind += by > ay ? 1 : -1;
  }
  return wind !== 0 ? [cx, cy] : null;
}

function disc(x: number, y: number, r: number): number[] {
  const out: number[] = [];
  const n = r > 8 ? 24 : 12;
  for (let i = 0; i < n; i++) out.push(x + r * Math.cos((i * 2 * Math.PI) / n), y + r * Math.sin((i * 2 * Math.PI) / n));
  return out;
}

/** The scene as RGBA pixels (transparent outside the tile). */
export function thumbnailRgba(scene: ThumbnailScene): Raster {
  const raster = new Raster(scene.size, scene.size, [0, 0, 0, 0]);
  for (const it of scene.items) {
    const colour = rgbaOf(it.colour);
    if (it.kind === 'fill') raster.fillPolygon(it.rings, colour, 'smooth');
    else if (it.dash) for (const piece of dashed(it.xy, it.dash)) raster.stroke(piece, it.width, colour);
    else raster.stroke(it.closed ? [...it.xy, it.xy[0]!, it.xy[1]!] : it.xy, it.width, colour);
  }
  return raster;
}

const n1 = (v: number) => String(Math.round(v * 10) / 10);
const points = (xy: readonly number[]) => xy.map(n1).join(' ');

/** The scene as a small standalone SVG (no ids, numbers to 0.1 px). */
export function thumbnailSvg(scene: ThumbnailScene): string {
  const children: XmlOut[] = scene.items.map((it) =>
    it.kind === 'fill'
      ? { name: 'path', attrs: [['d', it.rings.map((r) => `M${points(r)}Z`).join('')], ['fill', it.colour]] }
      : {
          name: it.closed ? 'polygon' : 'polyline',
          attrs: [
            ['points', points(it.xy)],
            ['fill', 'none'],
            ['stroke', it.colour],
            ['stroke-width', n1(it.width)],
            ['stroke-linecap', 'round'],
            ['stroke-linejoin', 'round'],
            ['stroke-dasharray', it.dash ? it.dash.map(n1).join(' ') : undefined],
          ],
        },
  );
  const side = String(scene.size);
  return writeXml({ name: 'svg', attrs: [['xmlns', 'http://www.w3.org/2000/svg'], ['width', side], ['height', side], ['viewBox', `0 0 ${side} ${side}`]], children });
}
