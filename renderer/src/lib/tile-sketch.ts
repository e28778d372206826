/**
 * What the tile editor and its previews draw of a vector tile, as SVG data in SVG space
 * (y down, core/vector/svg.ts's convention): each element's path and paint by its terrain,
 * ticks on the inside (or uphill) side of every area so the side reads at a glance, and a
 * mark per edge indicator where an element crosses the boundary. Geometry comes from core
 * (curves, indicators); this module only turns it into SVG attributes.
 *
 * Renderer layer, pure: no DOM.
 */
import type { Curve } from '../../../core/vector/bezier.js';
import { derivCubic, evalCubic, sampleCurve, segment, segmentCount } from '../../../core/vector/bezier.js';
import { closedRegion, openRegion } from '../../../core/vector/area-region.js';
import { edgeIndicators } from '../../../core/vector/indicators.js';
import { edgeOf, edgePoint, type TileShape } from '../../../core/vector/shape.js';
import { canonicalViewBox, curvePathData } from '../../../core/vector/svg.js';
import type { VectorTile } from '../../../core/vector/types.js';
import type { TerrainCatalogue } from '../../../core/terrain/types.js';
import { findTerrain } from '../../../core/terrain/lookup.js';
import { heightText } from '../../../core/render/contour-labels.js';

export interface SketchElement {
  readonly id: string;
  readonly kind: 'point' | 'line' | 'area';
  readonly d: string;
  readonly colour: string;
  /** Areas: the region they cover in the tile (core/vector/area-region.ts), as filled path data; '' otherwise. */
  readonly region: string;
  /** Whether `region` is drawn (areas). */
  readonly filled: boolean;
  /** Tick marks on the inside/uphill side (areas), as path data. */
  readonly ticks: string;
  /** Where a label (height) goes, and its text; null without one. */
  readonly label: { x: number; y: number; text: string } | null;
  /** Points: the centre in SVG space. */
  readonly at: { x: number; y: number } | null;
}

export interface SketchIndicator {
  readonly dir: number;
  readonly x: number;
  readonly y: number;
  readonly colour: string;
  readonly title: string;
}

const FALLBACK = '#888888';

export function terrainColour(catalogue: TerrainCatalogue | null, id: string): string {
  return (catalogue && findTerrain(catalogue, id)?.colour) || FALLBACK;
}

/** The SVG viewBox of a tile of this shape with a margin around it (for handles past the edge). */
export function sketchViewBox(shape: TileShape, margin = 0.15): string {
  const [x, y, w, h] = canonicalViewBox(shape);
  return [x - margin, y - margin, w + 2 * margin, h + 2 * margin].map((v) => +v.toFixed(4)).join(' ');
}

export const outlinePoints = (shape: TileShape): string => shape.corners.map((c) => `${c[0]},${-c[1]}`).join(' ');

/** Short ticks every `step` along the curve on the element's inside side, in SVG space. */
export function sideTicks(curve: Curve, side: 'left' | 'right', length = 0.06, perSegment = 6): string {
  const parts: string[] = [];
  const sign = side === 'left' ? 1 : -1;
  for (let i = 0; i < segmentCount(curve); i++) {
    const q = segment(curve, i);
    for (let k = 0; k < perSegment; k++) {
      const t = (k + 0.5) / perSegment;
      const p = evalCubic(q, t);
      const d = derivCubic(q, t);
      const l = Math.hypot(d[0], d[1]);
      if (l < 1e-12) continue;
      // Left of the direction in y-up tile space is (−dy, dx).
      const nx = (-d[1] / l) * sign * length, ny = (d[0] / l) * sign * length;
      parts.push(`M ${r(p[0])} ${r(-p[1])} L ${r(p[0] + nx)} ${r(-(p[1] + ny))}`);
    }
  }
  return parts.join(' ');
}

const r = (v: number): number => Math.round(v * 10000) / 10000 + 0;

export function sketchElements(tile: VectorTile, catalogue: TerrainCatalogue | null): SketchElement[] {
  return tile.elements.map((e): SketchElement => {
    const colour = terrainColour(catalogue, e.terrain);
    if (e.kind === 'point') {
      return { id: e.id, kind: 'point', d: '', region: '', colour, filled: true, ticks: '', at: { x: e.at[0], y: -e.at[1] }, label: e.height === undefined ? null : { x: e.at[0] + 0.05, y: -e.at[1] - 0.05, text: heightText(e.height) } };
    }
    const mid = evalCubic(segment(e.curve, Math.floor(segmentCount(e.curve) / 2)), segmentCount(e.curve) % 2 ? 0.5 : 0);
    const label = e.kind === 'area' && e.height !== undefined ? { x: mid[0], y: -mid[1], text: `${heightText(e.height)} m` } : null;
    return {
      id: e.id,
      kind: e.kind,
      d: curvePathData(e.curve),
      region: e.kind === 'area' ? regionPathData(tile.shape, e.curve, e.side) : '',
      colour,
      filled: e.kind === 'area',
      ticks: e.kind === 'area' ? sideTicks(e.curve, e.side) : '',
      label,
      at: null,
    };
  });
}

/** The region an area covers, as SVG path data (y down), even-odd: a clearing is the tile with a hole. */
export function regionPathData(shape: TileShape, curve: Curve, side: 'left' | 'right'): string {
  const pts: number[] = [];
  for (const s of sampleCurve(curve, 16)) pts.push(s.p[0], s.p[1]);
  const cx = shape.corners.map((c) => c[0]);
  const cy = shape.corners.map((c) => c[1]);
  const ring = curve.closed ? closedRegion(pts, side, cx, cy) : openRegion(pts, side, cx, cy);
  return ring.xs.map((x, i) => `${i ? 'L' : 'M'} ${r(x)} ${r(-ring.ys[i]!)}`).join(' ') + ' Z';
}

/** One mark per element end on the boundary, where core's edge indicators put it. */
export function sketchIndicators(tile: VectorTile, catalogue: TerrainCatalogue | null): SketchIndicator[] {
  let all;
  try {
    all = edgeIndicators(tile);
  } catch {
    return []; // an invalid tile has no indicators; validation says why
  }
  const out: SketchIndicator[] = [];
  for (const ind of all) {
    const edge = edgeOf(tile.shape, ind.dir);
    for (const pos of ind.positions) {
      const p = edgePoint(edge, pos.t);
      const inside = pos.inside ? `, inside ${pos.inside === 'before' ? 'towards' : 'away from'} the edge's start` : '';
      const height = pos.height === undefined ? '' : ` at ${pos.height} m`;
      out.push({ dir: ind.dir, x: p[0], y: -p[1], colour: terrainColour(catalogue, pos.terrain), title: `edge ${ind.dir}: ${pos.kind} ${pos.terrain}${height} at ${pos.t.toFixed(2)}${inside}` });
    }
  }
  return out;
}
