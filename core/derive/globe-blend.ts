/**
 * Blending a derived map of the globe on the charts of ./globe-charts.ts: every small tile
 * of the map (laid out in the reference's chart) is assigned to the chart of the strip that
 * owns its nearest large tile, carried there by that tile's seam map, and blended there. So
 * a small tile's terrain is the same in every derivation that contains it.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainMap } from '../map/terrain-map.js';
import { TerrainMap as Map2 } from '../map/terrain-map.js';
import type { TerrainCatalogue } from '../terrain/types.js';
import { blendWindow } from './blend/linear-blend.js';
import type { GlobeCharts } from './globe-charts.js';
import { turn } from './globe-charts.js';
import { LinearRouter } from './linear-route.js';
import type { PlacementOptions } from './placement.js';
import { Placement, unitPoint } from './placement.js';
import { PlacedSources } from './sources.js';
import type { StrategicView } from './strategic-view.js';
import type { ColumnSpans } from './window-cover.js';
import { addSpan, coverWindow } from './window-cover.js';
import { requireIndexXY } from '../grid/capabilities.js';

/** A small tile's home: the chart it is derived on and its global coordinates there. */
export interface ChartPoint {
  readonly chart: number;
  readonly x: number;
  readonly y: number;
}

/** The nearest large tile (any class) to small (gx, gy) on a view: tile index and position; ties go to the lower index. */
function nearestLarge(view: StrategicView, ratio: number, gx: number, gy: number): { tile: number; px: number; py: number } {
  const cx = Math.round(gx / ratio);
  const cy = Math.round(gy / ratio);
  const [ux, uy] = unitPoint('hex', gx, gy);
  let best = { tile: -1, px: 0, py: 0 };
  let bestD = Infinity;
  for (let px = cx - 1; px <= cx + 1; px++) {
    for (let py = cy - 1; py <= cy + 1; py++) {
      const t = view.tileAt(px, py);
      if (t < 0) continue;
      const [vx, vy] = unitPoint('hex', ratio * px, ratio * py);
      const d = (ux - vx) ** 2 + (uy - vy) ** 2;
      if (d < bestD - 1e-9 || (d <= bestD + 1e-9 && t < best.tile)) {
        bestD = d;
        best = { tile: t, px, py };
      }
    }
  }
  return best;
}

/**
 * Where small tile (gx, gy) of chart `chart` is derived: the chart of the strip owning its
 * nearest large tile, found again on that chart until it holds (so the answer does not depend
 * on the chart one starts from), and its coordinates there.
 */
export function homeOf(charts: GlobeCharts, ratio: number, chart: number, gx: number, gy: number): ChartPoint {
  let k = chart;
  let x = gx;
  let y = gy;
  for (let step = 0; step < 4; step++) {
    const view = charts.chart(k);
    const near = nearestLarge(view, ratio, x, y);
    if (near.tile < 0) return { chart: k, x, y };
    const s = charts.stripOf(near.tile);
    if (s === k) return { chart: k, x, y };
    // Carry the offset from the tile's centre into the tile's own chart (hex anchor is (0, 0)).
    const m = view.turnOf(near.tile);
    const [ox, oy] = turn(x - ratio * near.px, y - ratio * near.py, -m);
    const home = charts.chart(s).positionOf(near.tile)!;
    k = s;
    x = ratio * home[0] + ox;
    y = ratio * home[1] + oy;
  }
  return { chart: k, x, y };
}

export interface GlobeBlendOptions {
  readonly catalogue: TerrainCatalogue;
  readonly seed: number;
  /** Placement options of the reference chart; the other charts get the same with their own view. */
  readonly placement: PlacementOptions;
  /** The reference chart's sources (reused for its own tiles). */
  readonly sources: PlacedSources;
}

/** Blends every tile of `out` (tile (x, y) at chart-global (originX + x, originY + y) of the view's chart) on its home chart. */
export function blendOnCharts(out: TerrainMap, originX: number, originY: number, view: StrategicView, options: GlobeBlendOptions): void {
  const { charts, chart } = view.globe!;
  const ratio = options.placement.ratio;
  const count = out.grid.tileCount;
  const homeChart = new Int8Array(count);
  const hx = new Int32Array(count);
  const hy = new Int32Array(count);
  const spans = new Map<number, ColumnSpans>();
  for (let i = 0; i < count; i++) {
    const [x, y] = out.grid.coord(i) as [number, number];
    const h = homeOf(charts, ratio, chart, originX + x, originY + y);
    homeChart[i] = h.chart;
    hx[i] = h.x;
    hy[i] = h.y;
    let s = spans.get(h.chart);
    if (s === undefined) spans.set(h.chart, (s = new Map()));
    addSpan(s, h.x, h.y);
  }
  const dst = out.layers.terrain;
  for (const [k, s] of spans) {
    const cover = coverWindow('hex', s);
    const piece = Map2.create({ size: cover.size, alform: true });
    let sources = options.sources;
    if (k !== chart) {
      const placement = new Placement({ ...options.placement, view: chartView(view, k) });
      sources = new PlacedSources(placement, new LinearRouter(placement, options.catalogue));
    }
    blendWindow({ map: piece, originX: cover.originX, originY: cover.originY }, { catalogue: options.catalogue, seed: options.seed, candidates: sources.area, linear: sources.linear });
    const pieceGrid = requireIndexXY(piece.grid, 'a globe chart piece');
    const index = pieceGrid.indexXY.bind(pieceGrid);
    const remap = piece.palette.map((id) => out.terrainIndex(id));
    for (let i = 0; i < count; i++) {
      if (homeChart[i] !== k) continue;
      const j = index(hx[i]! - cover.originX, hy[i]! - cover.originY);
      const v = j < 0 ? 0 : piece.layers.terrain[j]!;
      dst[i] = v === 0 ? 0 : remap[v - 1]!;
    }
  }
}

function chartView(view: StrategicView, k: number): StrategicView {
  const { charts } = view.globe!;
  const c = charts.chart(k);
  return { map: view.map, lattice: view.lattice, positionOf: c.positionOf, tileAt: c.tileAt, globe: { charts, chart: k } };
}
