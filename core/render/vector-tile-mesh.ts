/**
 * One vector tile as triangles in its own frame (tile units, y up), for vector-map.ts to copy
 * onto every instance: areas filled in their terrain colour with an edge, contours' uphill
 * sides shaded and their lines drawn, lines as ribbons over darker casings, points as symbol
 * slots. Areas that cross the tile's edge are closed along its border on their inside side;
 * a closed curve whose inside faces out fills the tile round it.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Terrain } from '../terrain/types.js';
import { sampleCurve } from '../vector/bezier.js';
import type { TileShape } from '../vector/shape.js';
import type { VectorTile } from '../vector/types.js';
import { symbolSlot } from './symbol-atlas.js';
import { lineLook, shade, symbolColour } from './symbols.js';
import { dashes, railTies, TIE_WIDTH } from './network-symbols.js';
import type { Triangles2 } from './tessellate.js';
import { ringArea, ringWithHole, strokeRibbon, triangulate } from './tessellate.js';

/** Stroke widths in inradii of the cell: narrow, medium, wide linear terrain; casing adds CASING. */
export const STROKE_WIDTHS = { narrow: 0.08, medium: 0.12, wide: 0.18 } as const;
const CASING = 0.05;
const EDGE_WIDTH = 0.03;
const CONTOUR_WIDTH = 0.022;
const CONTOUR_COLOUR = [122, 88, 52, 255] as const;
/** Each contour's uphill side darkens the ground by this alpha (of 255): stacked, the hills shade. */
const RELIEF = [70, 45, 20, 34] as const;
/** Half size of a point symbol, in inradii. */
export const POINT_SIZE = 0.5;

/** One placed tile's features in its cell's frame (tile units), with a colour per vertex. */
export interface Local {
  fills: Triangles2 & { rgba: number[] };
  under: Triangles2 & { rgba: number[] };
  over: Triangles2 & { rgba: number[] };
  /** x, y, slot, r, g, b per point. */
  points: number[];
  contours: number;
}

export const newLocal = (): Local => ({ fills: { xy: [], indices: [], rgba: [] }, under: { xy: [], indices: [], rgba: [] }, over: { xy: [], indices: [], rgba: [] }, points: [], contours: 0 });

/** Appends what `add` tessellates into `t`, coloured `rgba`. */
export function coloured(t: Triangles2 & { rgba: number[] }, rgba: readonly number[], add: (t: Triangles2) => number): void {
  const before = t.xy.length >> 1;
  add(t);
  for (let v = before; v < t.xy.length >> 1; v++) t.rgba.push(rgba[0]!, rgba[1]!, rgba[2]!, rgba[3]!);
}

export const rgbaHex = (hex: string, a = 255): number[] => {
  const v = parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255, a];
};

/** The features of one placed tile (already in its cell's frame and shape). */
export function tessellateTile(tile: VectorTile, terrains: ReadonlyMap<string, Terrain>, detail = 12): Local {
  const out = newLocal();
  const colour = (id: string) => terrains.get(id)?.colour ?? '#9a9a9a';
  const areas = tile.elements.filter((e) => e.kind === 'area');
  // Areas before contours: a forest on a hill stays under the hill's shading.
  for (const e of [...areas.filter((a) => a.height === undefined), ...areas.filter((a) => a.height !== undefined)]) {
    if (e.kind !== 'area') continue;
    const line = sampleXY(e.curve, detail);
    const closed = e.curve.closed;
    // A closed curve whose inside side faces out (a clearing in a wood, an island in the sea)
    // fills the tile round it.
    const ring = closed ? (ringArea(line) > 0 === (e.side === 'left') ? line : ringWithHole(tile.shape.corners.flat(), line)) : closeAlongShape(line, tile.shape, e.side);
    if (!ring) continue;
    if (e.height === undefined) {
      coloured(out.fills, rgbaHex(colour(e.terrain)), (t) => triangulate(ring, t));
      coloured(out.under, rgbaHex(shade(colour(e.terrain), 0.7)), (t) => strokeRibbon(line, EDGE_WIDTH, closed, t));
    } else {
      out.contours++;
      coloured(out.fills, RELIEF, (t) => triangulate(ring, t));
      coloured(out.under, CONTOUR_COLOUR, (t) => strokeRibbon(line, CONTOUR_WIDTH, closed, t));
    }
  }
  for (const e of tile.elements) {
    if (e.kind !== 'line') continue;
    const t = terrains.get(e.terrain);
    const width = t?.class === 'linear' ? STROKE_WIDTHS[t.width] : STROKE_WIDTHS.medium;
    const line = sampleXY(e.curve, detail);
    const c = colour(e.terrain);
    coloured(out.under, rgbaHex(shade(c, 0.55)), (tr) => strokeRibbon(line, width + CASING, e.curve.closed, tr));
    // Network styles as the map draws them (network-symbols.ts): a railroad's ties, a trail's dashes.
    const look = t ? lineLook(t) : null;
    if (look?.ties) {
      coloured(out.over, rgbaHex(c), (tr) => strokeRibbon(line, width * 0.45, e.curve.closed, tr));
      for (const tie of railTies(line, width)) coloured(out.over, rgbaHex(c), (tr) => strokeRibbon(tie, width * TIE_WIDTH, false, tr));
    } else if (look?.dash) {
      coloured(out.over, rgbaHex(shade(c, 1.5)), (tr) => strokeRibbon(line, width, e.curve.closed, tr));
      for (const d of dashes(line, width * 2.5, width * 1.5)) coloured(out.over, rgbaHex(c), (tr) => strokeRibbon(d, width, false, tr));
    } else coloured(out.over, rgbaHex(c), (tr) => strokeRibbon(line, width, e.curve.closed, tr));
  }
  for (const e of tile.elements) {
    if (e.kind !== 'point') continue;
    const t = terrains.get(e.terrain);
    const slot = symbolSlot(t?.pattern);
    if (!t || slot === 0) continue;
    // Light symbol colours (a peak's snow) would vanish on pale ground: use the dark fill.
    let hex = symbolColour(t);
    if (luma(hex) > 0.7) hex = shade(t.colour, 0.6);
    const [r, g, b] = rgbaHex(hex);
    out.points.push(e.at[0], e.at[1], slot, r!, g!, b!);
  }
  return out;
}

function luma(hex: string): number {
  const [r, g, b] = rgbaHex(hex);
  return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;
}

function sampleXY(curve: Parameters<typeof sampleCurve>[0], detail: number): number[] {
  const out: number[] = [];
  for (const s of sampleCurve(curve, detail)) out.push(s.p[0], s.p[1]);
  return out;
}

/**
 * An edge-crossing area's outline: the curve, then back along the tile's border to its
 * start on the inside side (`left` of the curve's direction: counter-clockwise, y up).
 * Null when an end is not on the border (validation reports such tiles).
 */
export function closeAlongShape(line: readonly number[], shape: TileShape, side: 'left' | 'right'): number[] | null {
  const n = shape.corners.length;
  const param = (x: number, y: number): number | null => {
    let best = Infinity;
    let s = 0;
    shape.edges.forEach((e, i) => {
      const dx = e.to[0] - e.from[0];
      const dy = e.to[1] - e.from[1];
      const l2 = dx * dx + dy * dy;
      const t = Math.max(0, Math.min(1, ((x - e.from[0]) * dx + (y - e.from[1]) * dy) / l2));
      const d = Math.hypot(e.from[0] + t * dx - x, e.from[1] + t * dy - y);
      if (d < best) [best, s] = [d, i + t];
    });
    return best < 1e-3 ? s : null;
  };
  const m = line.length;
  const s0 = param(line[0]!, line[1]!);
  const s1 = param(line[m - 2]!, line[m - 1]!);
  if (s0 === null || s1 === null) return null;
  const ring = [...line];
  const mod = (v: number) => ((v % n) + n) % n;
  if (side === 'left') {
    // From the end backwards along the clockwise corner order to the start.
    const span = mod(s1 - s0) || n;
    for (let c = Math.floor(s1), k = 0; k <= n; c--, k++) {
      const d = mod(s1 - c);
      if (d <= 1e-9) continue;
      if (d >= span - 1e-9) break;
      const p = shape.corners[mod(c)]!;
      ring.push(p[0], p[1]);
    }
  } else {
    const span = mod(s0 - s1) || n;
    for (let c = Math.ceil(s1), k = 0; k <= n; c++, k++) {
      const d = mod(c - s1);
      if (d <= 1e-9) continue;
      if (d >= span - 1e-9) break;
      const p = shape.corners[mod(c)]!;
      ring.push(p[0], p[1]);
    }
  }
  return ring;
}

