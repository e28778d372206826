/**
 * A map of vector-tile instances rasterized (raster.ts; SPEC §6 "any map of vector tiles
 * renders to high-resolution cartesian grids"; the patent: "prior art methods of rendering
 * vector-graphics").
 *
 * Each instance's elements, placed in its cell (core/assemble placedTile: oriented, warped),
 * go to the unit frame at the grid's scale (a tile's inscribed diameter is one tile spacing,
 * core/vector/instance.ts) and are flattened to polylines. Then:
 *  - inside: the cells' polygons;
 *  - elevation: contours (area elements with a height) and spot heights (points with a
 *    height) through contour-field.ts;
 *  - cover: every area element's region — a closed curve's inside; an open curve, closed
 *    along its cell's boundary on its inside side — filled, contours lowest first (so the
 *    highest wins, as in derive-terrain.ts), then the other areas in tile order, over the
 *    `background` terrain;
 *  - lines (roads, rivers, walls): thin lines with their terrain's height and elevation
 *    offset (obstacle, feature), as on terrain maps.
 * Classic flat maps (the instance layer's topology, core/assemble/topology.ts).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Grid } from '../grid/types.js';
import { gridLayout } from '../grid/capabilities.js';
import { cosSinDegrees } from '../grid/layout.js';
import type { InstanceLayer } from '../map/instance-layer.js';
import { decodePlacement } from '../map/orientation-code.js';
import { placedTile } from '../assemble/placed-tile.js';
import { buildTopology } from '../assemble/topology.js';
import { sampleCurve } from '../vector/bezier.js';
import type { VectorTile } from '../vector/types.js';
import type { TerrainCatalogue } from '../terrain/types.js';
import { compileSight } from '../terrain/compiled.js';
import type { Raster, RasterSize } from './raster.js';
import { allocRaster, fitFlatFrame } from './raster.js';
import { gridUnitBounds, stampLine } from './terrain-raster.js';
import type { ContourLine, SpotHeight } from './contour-field.js';
import { contourElevation } from './contour-field.js';
import { fillPolygon } from './polygon-fill.js';
import { closedRegion, openRegion } from '../vector/area-region.js';

export interface VectorMapRasterOptions {
  /** Terrain of ground no area covers (default none). */
  readonly background?: string;
  /** Polyline points per cubic segment (default 16). */
  readonly flatten?: number;
  /** Resolution divisor of the contour distance fields (default: 2 above FULL_FIELD_MAX_SIDE, else 1; contour-field.ts). */
  readonly fieldScale?: 1 | 2;
}

interface Region {
  readonly terrain: string;
  readonly height: number;
  readonly order: number;
  readonly xs: number[];
  readonly ys: number[];
}

export function rasterizeVectorMap(
  grid: Grid,
  layer: InstanceLayer,
  tiles: ReadonlyMap<string, VectorTile>,
  catalogue: TerrainCatalogue,
  size: RasterSize,
  options: VectorMapRasterOptions = {},
): Raster {
  if (grid.kind === 'icosahedron') throw new Error('rasterizeVectorMap: vector maps rasterize on flat grids only (the globe: rasterizeGlobe of the derived terrain map)');
  if (layer.grid !== grid) throw new Error('rasterizeVectorMap: the instance layer belongs to another grid');
  // The palette: the background, then every terrain the placed tiles use.
  const palette: string[] = [];
  const index = new Map<string, number>();
  const value = (terrain: string): number => {
    let v = index.get(terrain);
    if (v === undefined) {
      if (palette.length >= 255) throw new RangeError('rasterizeVectorMap: more than 255 terrains');
      palette.push(terrain);
      index.set(terrain, (v = palette.length));
    }
    return v;
  };
  if (options.background) value(options.background);
  const b = gridUnitBounds(grid);
  const fit = fitFlatFrame(b.x0, b.y0, b.x1, b.y1, size);
  const found = collectElements(grid, layer, tiles, options.flatten ?? 16, value);
  const r = allocRaster(fit.width, fit.height, fit.frame, fit.cellMetres, palette);
  const bg = options.background ? value(options.background) : 0;
  const tables = compileSight(catalogue, palette);
  for (const poly of found.cells) {
    fillPolygon(r, poly.xs, poly.ys, (first, last) => {
      r.inside.fill(1, first, last + 1);
      r.cover.fill(bg, first, last + 1);
      r.obstacle.fill(tables.height[bg]!, first, last + 1);
    });
  }
  contourElevation(r, found.contours, found.spots, options.fieldScale);
  const regions = [...found.regions].sort((a, b2) => a.height - b2.height || a.order - b2.order);
  for (const reg of regions) {
    const v = index.get(reg.terrain)!;
    const h = tables.height[v]!;
    fillPolygon(r, reg.xs, reg.ys, (first, last) => {
      for (let p = first; p <= last; p++) {
        if (!r.inside[p]) continue;
        r.cover[p] = v;
        r.obstacle[p] = h;
      }
    });
  }
  for (const l of found.lines) for (let i = 0; i + 3 < l.pts.length; i += 2) stampLine(r, tables, l.k, l.pts[i]!, l.pts[i + 1]!, l.pts[i + 2]!, l.pts[i + 3]!);
  return r;
}

/** What the placed instances draw, in the unit frame. */
interface Elements {
  readonly contours: ContourLine[];
  readonly spots: SpotHeight[];
  readonly regions: Region[];
  readonly lines: { k: number; pts: number[] }[];
  /** Every cell's polygon (the map's inside). */
  readonly cells: { xs: number[]; ys: number[] }[];
}

/** Places every instance and flattens its elements; `value` gives each terrain its palette value as met. */
function collectElements(grid: Grid, layer: InstanceLayer, tiles: ReadonlyMap<string, VectorTile>, flatten: number, value: (terrain: string) => number): Elements {
  const topology = buildTopology(grid);
  const found: Elements = { contours: [], spots: [], regions: [], lines: [], cells: [] };
  const { contours, spots, regions, lines, cells } = found;
  // Tile space (inscribed radius 1) → the grid's model space at size 1 (inscribed diameter 1),
  // turned as the grid draws itself (a pointy-top hex map: a quarter turn, core/grid gridLayout).
  const [rc, rs] = cosSinDegrees(gridLayout(grid).rotation);
  const k = 0.5;
  for (let c = 0; c < grid.tileCount; c++) {
    const [cx, cy] = grid.center(c) as [number, number];
    const shape = topology.cellShape(c);
    const X = (p: readonly number[]) => cx + k * (rc * p[0]! - rs * p[1]!);
    const Y = (p: readonly number[]) => cy + k * (rs * p[0]! + rc * p[1]!);
    const poly = { xs: shape.corners.map(X), ys: shape.corners.map(Y) };
    cells.push(poly);
    const inst = layer.get(c);
    if (!inst) continue;
    const tile = tiles.get(inst.tile);
    if (!tile) throw new Error(`rasterizeVectorMap: cell ${c} holds tile "${inst.tile}", which is not among the tiles given`);
    const placed = placedTile(tile, decodePlacement(inst.code), shape);
    const own: ContourLine[] = [];
    for (const el of placed.elements) {
      if (el.kind === 'point') {
        if (el.height !== undefined) spots.push({ x: X(el.at), y: Y(el.at), height: el.height, near: own });
        continue;
      }
      const pts: number[] = [];
      for (const s of sampleCurve(el.curve, flatten)) pts.push(X(s.p), Y(s.p));
      if (el.kind === 'line') {
        lines.push({ k: value(el.terrain), pts });
        continue;
      }
      if (el.height !== undefined) {
        const c: ContourLine = { points: pts, height: el.height, side: el.side };
        contours.push(c);
        own.push(c);
      }
      value(el.terrain);
      const region = el.curve.closed ? closedRegion(pts, el.side, poly.xs, poly.ys) : openRegion(pts, el.side, poly.xs, poly.ys);
      regions.push({ terrain: el.terrain, height: el.height ?? Infinity, order: regions.length, ...region });
    }
  }
  return found;
}
