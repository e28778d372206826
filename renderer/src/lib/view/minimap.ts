/**
 * The minimap (issue 30, "No overview"): the whole map at low resolution with the view's
 * rectangle (flat maps) or the visible hemisphere and its centre (the globe) marked; a click
 * or drag on it moves the view there.
 *
 * The picture is not drawn here: it is core's raster of the map (core/export/raster-formats.ts
 * `rasterForExport`, the raster exports' own; flat maps in the grid's unit frame, the globe
 * equirectangular), each cell coloured with its terrain's catalogue colour. What is here is
 * the geometry between the view and the picture:
 * - flat: model space ↔ minimap pixels (the raster's unit frame fitted to the grid's model
 *   frame per axis from tile centres), the view box → a rectangle, a pixel → a view centre;
 * - globe: a model direction ↔ equirectangular pixels (longitude −180° at the left edge,
 *   latitude 90° at the top, as core/raster/globe-raster.ts lays cells), and the horizon seen
 *   from the camera's distance as a ring of pixels.
 *
 * Renderer layer: no DOM, no Three.js.
 */
import type { TerrainMap } from '../../../../core/map/terrain-map.js';
import type { TerrainCatalogue } from '../../../../core/terrain/types.js';
import { rasterForExport } from '../../../../core/export/raster-formats.js';
import { compileColours } from '../../../../core/terrain/compiled.js';
import { latticeCoords, latticeOf } from '../../../../core/sight/lattice.js';
import type { Raster } from '../../../../core/raster/raster.js';

/** Model point (x, y) → minimap pixel: px = ox + sx·x, py = oy + sy·y (flat maps). */
export interface FlatMinimapFrame {
  readonly kind: 'flat';
  readonly width: number;
  readonly height: number;
  readonly sx: number;
  readonly sy: number;
  readonly ox: number;
  readonly oy: number;
}

export interface GlobeMinimapFrame {
  readonly kind: 'globe';
  readonly width: number;
  readonly height: number;
}

export type MinimapFrame = FlatMinimapFrame | GlobeMinimapFrame;

/** The picture: RGBA pixels (transparent off the map) and how they lie. */
export interface MinimapImage {
  readonly rgba: Uint8ClampedArray;
  readonly frame: MinimapFrame;
}

/** The flat view as the minimap needs it (lib/view/flat-camera.ts's numbers). */
export interface FlatViewBox {
  readonly cx: number;
  readonly cy: number;
  /** CSS pixels per model unit. */
  readonly scale: number;
  readonly width: number;
  readonly height: number;
}

/** The minimap's longest side, in pixels. */
export const MINIMAP_SIDE = 192;

/** The map as the minimap shows it: core's raster at `side`, cells in their terrain colours. */
export function minimapImage(map: TerrainMap, catalogue: TerrainCatalogue, side = MINIMAP_SIDE): MinimapImage {
  const r = rasterForExport(map, catalogue, { size: side });
  const rgb = compileColours(catalogue, r.palette, '#808080');
  const rgba = new Uint8ClampedArray(r.width * r.height * 4);
  for (let i = 0; i < r.width * r.height; i++) {
    if (!r.inside[i]) continue;
    const v = r.feature[i] || r.cover[i]!;
    rgba.set([rgb[3 * v]!, rgb[3 * v + 1]!, rgb[3 * v + 2]!, 255], 4 * i);
  }
  const frame: MinimapFrame = r.frame.kind === 'flat' ? flatFrame(map, r) : { kind: 'globe', width: r.width, height: r.height };
  return { rgba, frame };
}

/**
 * Model → pixel for a flat raster: the unit frame (core/sight/lattice.ts) is fitted to the
 * model frame per axis, from the tile centres farthest from tile 0 along each axis.
 */
function flatFrame(map: TerrainMap, r: Raster): FlatMinimapFrame {
  const f = r.frame as Extract<Raster['frame'], { kind: 'flat' }>;
  const grid = map.grid;
  const lat = latticeOf(grid);
  const unit = (t: number): [number, number] => {
    latticeCoords(lat, t);
    const a = lat.coords[2 * t]!;
    const b = lat.coords[2 * t + 1]!;
    return [a * lat.e1x + b * lat.e2x, a * lat.e1y + b * lat.e2y];
  };
  const m0 = grid.center(0);
  const u0 = unit(0);
  let px = 0;
  let py = 0;
  for (let t = 1; t < grid.tileCount; t++) {
    const c = grid.center(t);
    if (Math.abs(c[0]! - m0[0]!) > Math.abs(grid.center(px)[0]! - m0[0]!)) px = t;
    if (Math.abs(c[1]! - m0[1]!) > Math.abs(grid.center(py)[1]! - m0[1]!)) py = t;
  }
  const axis = (t: number, k: 0 | 1): number => (t === 0 ? NaN : (unit(t)[k] - u0[k]) / (grid.center(t)[k]! - m0[k]!));
  let ax = axis(px, 0);
  let ay = axis(py, 1);
  // A map one tile across along an axis: the same scale as the other axis (the frames are similar).
  if (!Number.isFinite(ax)) ax = Number.isFinite(ay) ? Math.abs(ay) : 1 / grid.spacing();
  if (!Number.isFinite(ay)) ay = Math.abs(ax);
  // unit = a·model + b; pixel x = (ux − left)/cell, pixel y = (top − uy)/cell.
  const bx = u0[0] - ax * m0[0]!;
  const by = u0[1] - ay * m0[1]!;
  return { kind: 'flat', width: r.width, height: r.height, sx: ax / f.cell, ox: (bx - f.left) / f.cell, sy: -ay / f.cell, oy: (f.top - by) / f.cell };
}

/** Model point → minimap pixel (flat). */
export function toMinimap(f: FlatMinimapFrame, x: number, y: number): [number, number] {
  return [f.ox + f.sx * x, f.oy + f.sy * y];
}

/** Minimap pixel → model point (flat): where a click there centres the view. */
export function fromMinimap(f: FlatMinimapFrame, px: number, py: number): [number, number] {
  return [(px - f.ox) / f.sx, (py - f.oy) / f.sy];
}

/** The flat view's box as a minimap rectangle (pixels; may reach past the picture when the view does). */
export function viewRectangle(f: FlatMinimapFrame, v: FlatViewBox): { x: number; y: number; w: number; h: number } {
  const hw = v.width / 2 / v.scale;
  const hh = v.height / 2 / v.scale;
  const [ax, ay] = toMinimap(f, v.cx - hw, v.cy + hh);
  const [bx, by] = toMinimap(f, v.cx + hw, v.cy - hh);
  return { x: Math.min(ax, bx), y: Math.min(ay, by), w: Math.abs(bx - ax), h: Math.abs(by - ay) };
}

/** A unit model direction → equirectangular pixel (globe). */
export function directionToPixel(f: GlobeMinimapFrame, d: readonly number[]): [number, number] {
  const [x, y, z] = [d[0]!, d[1]!, d[2]!];
  const n = Math.hypot(x, y, z) || 1;
  const lat = Math.asin(Math.max(-1, Math.min(1, z / n)));
  const lon = Math.atan2(y, x);
  return [((lon + Math.PI) / (2 * Math.PI)) * f.width, ((Math.PI / 2 - lat) / Math.PI) * f.height];
}

/** Equirectangular pixel → unit model direction (globe): what a click there turns to face the viewer. */
export function pixelToDirection(f: GlobeMinimapFrame, px: number, py: number): [number, number, number] {
  const lon = (px / f.width) * 2 * Math.PI - Math.PI;
  const lat = Math.PI / 2 - (Math.min(f.height, Math.max(0, py)) / f.height) * Math.PI;
  return [Math.cos(lat) * Math.cos(lon), Math.cos(lat) * Math.sin(lon), Math.sin(lat)];
}

/**
 * The horizon seen from `distance` globe radii along unit direction `c`: `samples` pixels of
 * the circle at angle acos(1/distance) round it, split into runs where it wraps across the
 * picture's left and right edges (each run a polyline to draw).
 */
export function horizonRuns(f: GlobeMinimapFrame, c: readonly number[], distance: number, samples = 96): [number, number][][] {
  const theta = Math.acos(Math.min(1, 1 / Math.max(1, distance)));
  // Two unit vectors perpendicular to c.
  const [cx, cy, cz] = [c[0]!, c[1]!, c[2]!];
  const helper = Math.abs(cz) < 0.9 ? [0, 0, 1] : [1, 0, 0];
  let ux = cy * helper[2]! - cz * helper[1]!;
  let uy = cz * helper[0]! - cx * helper[2]!;
  let uz = cx * helper[1]! - cy * helper[0]!;
  const un = Math.hypot(ux, uy, uz);
  [ux, uy, uz] = [ux / un, uy / un, uz / un];
  const [vx, vy, vz] = [cy * uz - cz * uy, cz * ux - cx * uz, cx * uy - cy * ux];
  const runs: [number, number][][] = [[]];
  let prev: [number, number] | null = null;
  for (let k = 0; k <= samples; k++) {
    const a = (k / samples) * 2 * Math.PI;
    const [s, co] = [Math.sin(theta), Math.cos(theta)];
    const d = [co * cx + s * (Math.cos(a) * ux + Math.sin(a) * vx), co * cy + s * (Math.cos(a) * uy + Math.sin(a) * vy), co * cz + s * (Math.cos(a) * uz + Math.sin(a) * vz)];
    const p = directionToPixel(f, d);
    if (prev && Math.abs(p[0] - prev[0]) > f.width / 2) runs.push([]);
    runs[runs.length - 1]!.push(p);
    prev = p;
  }
  return runs.filter((r) => r.length > 1);
}
