/**
 * Ray-cast line of sight and viewshed on a raster (SPEC §6; the patent's "ray-casting based
 * implementations of fields-of-view and line-of-sight").
 *
 * The model. A cell's SURFACE is its ground + obstacle (canopy, wall). The eye is at the
 * observer cell's ground + observerHeight, the target point at the target cell's ground +
 * targetHeight (the end cells' obstacles never block: you stand at the hedge). With earth
 * curvature on, every height is lowered by coefficient · d² / 2R at distance d from the
 * observer (coefficient 0.85714 = 1 − 1/7 for standard refraction, as gdal_viewshed uses).
 *
 * Line of sight runs between the two cell centres. The ground is sampled where the segment
 * crosses each column (or row) of cell centres along its major axis, interpolated between the
 * two centres either side (R3, the sampling GRASS r.viewshed and gdal's reference planes
 * approximate); obstacles are tested in every cell the segment passes (traverse.ts, so a
 * 4-connected wall cannot be slipped past), at the cell centre's place along the segment.
 * (Testing the ground that way too, tried first, let a steep cell the line only clips at a
 * corner hide everything behind it: far stricter than the viewshed or any GIS.)
 *
 * The viewshed is gdal_viewshed's algorithm (Wang, Robinson & White 2000, "generating
 * viewsheds without using sightlines"): rows outward from the observer, each cell's horizon
 * height projected from its two neighbours nearer the observer (the one in its row and the
 * diagonal one), so the whole raster costs O(cells). It gives what gdal_viewshed gives:
 * `visible` (the target point on that cell is seen) and `minHeight`, the height above the
 * cell's ground a target needs to be seen (its DEM/"minimum visible height" mode). Projection
 * is an approximation of the line of sight: the two agree except on a thin band along shadow
 * edges (the tests measure it against the line of sight, cell by cell).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Raster } from './raster.js';
import { traverseCells } from './traverse.js';

export const EARTH_RADIUS = 6_371_000;
/** gdal_viewshed's default: curvature with standard atmospheric refraction (1 − 1/7). */
export const REFRACTED_CURVATURE = 0.85714;
const EPS = 1e-6;

export interface RasterSightOptions {
  /** Metres above the observer's ground (default 2). */
  readonly observerHeight?: number;
  /** Metres above the target's ground (default 2). */
  readonly targetHeight?: number;
  /** Earth curvature coefficient: 0 = none (default), 1 = geometric, 0.85714 = refracted. */
  readonly curvature?: number;
  readonly planetRadius?: number;
}

interface Resolved {
  oh: number;
  th: number;
  /** Curvature drop per cell² (metres). */
  drop: number;
}

function resolve(r: Raster, o: RasterSightOptions): Resolved {
  const { observerHeight = 2, targetHeight = 2, curvature = 0, planetRadius = EARTH_RADIUS } = o;
  for (const [name, v] of [
    ['observerHeight', observerHeight],
    ['targetHeight', targetHeight],
    ['curvature', curvature],
  ] as const) {
    if (!Number.isFinite(v)) throw new RangeError(`${name} must be a finite number, got ${v}`);
  }
  if (!(planetRadius > 0)) throw new RangeError(`planetRadius must be a positive number of metres, got ${planetRadius}`);
  return { oh: observerHeight, th: targetHeight, drop: (curvature * r.cellMetres * r.cellMetres) / (2 * planetRadius) };
}

function checkCell(r: Raster, col: number, row: number, what: string): number {
  if (!Number.isInteger(col) || !Number.isInteger(row) || col < 0 || row < 0 || col >= r.width || row >= r.height) {
    throw new RangeError(`${what} cell (${col}, ${row}) is outside the ${r.width}×${r.height} raster`);
  }
  return row * r.width + col;
}

/** Whether the observer cell sees the target cell (module header), and where the first blocking cell is. */
export function rasterLineOfSight(
  r: Raster,
  from: readonly [number, number],
  to: readonly [number, number],
  options: RasterSightOptions = {},
): { visible: boolean; blockedAt: [number, number] | null; cells: number } {
  const o = resolve(r, options);
  const p0 = checkCell(r, from[0], from[1], 'observer');
  const p1 = checkCell(r, to[0], to[1], 'target');
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  const len2 = dx * dx + dy * dy;
  const z0 = r.elevation[p0]! + o.oh;
  const z1 = r.elevation[p1]! + o.th - o.drop * len2;
  let blockedAt: [number, number] | null = null;
  const W = r.width;
  const elev = r.elevation;
  const obst = r.obstacle;
  // The ground: sampled where the line crosses each row (or column) of cell centres along its
  // major axis, interpolated between the two centres either side (R3 sampling, the model the
  // viewshed's reference planes approximate).
  const n = Math.max(Math.abs(dx), Math.abs(dy));
  for (let k = 1; k < n && !blockedAt; k++) {
    const f = k / n;
    const x = from[0] + dx * f;
    const y = from[1] + dy * f;
    const xi = Math.floor(x + 1e-9);
    const yi = Math.floor(y + 1e-9);
    const fx = x - xi;
    const fy = y - yi;
    const i0 = yi * W + xi;
    let g = elev[i0]!;
    let c = i0;
    if (fx >= 1e-9) {
      g = elev[i0]! * (1 - fx) + elev[i0 + 1]! * fx;
      if (fx >= 0.5) c = i0 + 1;
    } else if (fy >= 1e-9) {
      g = elev[i0]! * (1 - fy) + elev[i0 + W]! * fy;
      if (fy >= 0.5) c = i0 + W;
    }
    if (g - o.drop * ((x - from[0]) ** 2 + (y - from[1]) ** 2) > z0 + f * (z1 - z0) + EPS) blockedAt = [c % W, Math.floor(c / W)];
  }
  // Obstacles (walls one cell thick, canopy): every cell the line passes, at its centre.
  const cells = traverseCells(from[0], from[1], to[0], to[1], W, r.height, (col, row) => {
    const p = row * W + col;
    if (p === p0 || p === p1 || obst[p] === 0 || blockedAt) return true;
    const cx = col - from[0];
    const cy = row - from[1];
    let s = (cx * dx + cy * dy) / len2;
    s = s < 0 ? 0 : s > 1 ? 1 : s;
    if (elev[p]! + obst[p]! - o.drop * (cx * cx + cy * cy) > z0 + s * (z1 - z0) + EPS) {
      blockedAt = [col, row];
      return false;
    }
    return true;
  });
  return { visible: blockedAt === null, blockedAt, cells };
}

export interface Viewshed {
  /** The window the viewshed covers (cells), clipped to the raster. */
  readonly col: number;
  readonly row: number;
  readonly width: number;
  readonly height: number;
  /** 1 where a target point at targetHeight on that cell is seen. */
  readonly visible: Uint8Array;
  /** Metres above the cell's ground a target needs to be seen (0: the ground itself is). */
  readonly minHeight: Float32Array;
}

/** gdal_viewshed's algorithm from `from` out to `radius` cells (Chebyshev; default the whole raster). */
export function rasterViewshed(r: Raster, from: readonly [number, number], options: RasterSightOptions & { readonly radius?: number } = {}): Viewshed {
  const o = resolve(r, options);
  const [x0, y0] = from;
  const p0 = checkCell(r, x0, y0, 'observer');
  const R = options.radius ?? Math.max(r.width, r.height);
  if (!Number.isInteger(R) || R < 0) throw new RangeError(`viewshed radius must be a whole number of cells ≥ 0, got ${R}`);
  const left = Math.max(0, x0 - R);
  const top = Math.max(0, y0 - R);
  const right = Math.min(r.width - 1, x0 + R);
  const bottom = Math.min(r.height - 1, y0 + R);
  const w = right - left + 1;
  const h = bottom - top + 1;
  const visible = new Uint8Array(w * h);
  const minHeight = new Float32Array(w * h);
  const zo = r.elevation[p0]! + o.oh;
  const W = r.width;
  const elev = r.elevation;
  const obst = r.obstacle;
  const th = o.th;
  const drop = o.drop;
  // Horizon heights of the previous row (nearer the observer) and of this one, by column.
  let last = new Float64Array(w);
  let cur = new Float64Array(w);
  const ox = x0 - left;
  const doRow = (y: number, dy: number) => {
    const base = y * W + left;
    const out = (y - top) * w;
    const cell = (i: number, z: number) => {
      const dx = Math.abs(i - ox);
      const d2 = dx * dx + dy * dy;
      const g = elev[base + i]! - drop * d2;
      const need = z - g;
      const m = need > 0 ? need : 0;
      minHeight[out + i] = m;
      visible[out + i] = m <= th + EPS ? 1 : 0;
      const s = g + obst[base + i]!;
      cur[i] = s > z ? s : z;
    };
    const near = (i: number) => {
      const s = elev[base + i]! + obst[base + i]! - drop * ((i - ox) * (i - ox) + dy * dy);
      minHeight[out + i] = 0;
      visible[out + i] = 1;
      cur[i] = s;
    };
    // The observer's column, then outward both ways.
    if (dy <= 1) near(ox);
    else cell(ox, lineHeight(dy, last[ox]!, zo));
    for (let i = ox + 1; i < w; i++) {
      const dx = i - ox;
      if (dx <= 1 && dy <= 1) near(i);
      else if (dy === 0) cell(i, lineHeight(dx, cur[i - 1]!, zo));
      else cell(i, diagonalHeight(dx, dy, cur[i - 1]!, last[i - 1]!, last[i]!, zo));
    }
    for (let i = ox - 1; i >= 0; i--) {
      const dx = ox - i;
      if (dx <= 1 && dy <= 1) near(i);
      else if (dy === 0) cell(i, lineHeight(dx, cur[i + 1]!, zo));
      else cell(i, diagonalHeight(dx, dy, cur[i + 1]!, last[i + 1]!, last[i]!, zo));
    }
  };
  const swap = () => {
    const t = last;
    last = cur;
    cur = t;
  };
  doRow(y0, 0);
  const first = cur.slice();
  swap();
  for (let y = y0 - 1; y >= top; y--) {
    doRow(y, y0 - y);
    swap();
  }
  last.set(first);
  for (let y = y0 + 1; y <= bottom; y++) {
    doRow(y, y - y0);
    swap();
  }
  return { col: left, row: top, width: w, height: h, visible, minHeight };
}

/** Horizon at distance n along a row or column, projected from the cell at n − 1. */
function lineHeight(n: number, za: number, zo: number): number {
  return ((za - zo) / (n - 1)) * n + zo;
}

/**
 * Horizon at (dx, dy) from its neighbours nearer the observer: along the row (za, at dx − 1),
 * and the previous row's (zd at dx − 1, zb at dx). Wang et al.'s reference planes through the
 * observer: gdal's "diagonal" one (row and column neighbours) and its "edge" one (the two
 * neighbours the sight line passes between); the higher of the two, as gdal_viewshed's
 * `-cm max`, because either alone lets a lone high cell's shadow leak (tried: 6 % of cells
 * wrongly seen on rolling ground, against the line of sight).
 */
function diagonalHeight(dx: number, dy: number, za: number, zd: number, zb: number, zo: number): number {
  // gdal's "diagonal" plane, through the row and column neighbours.
  const plane = ((za - zo) * dx + (zb - zo) * dy) / (dx + dy - 1) + zo;
  const edge = edgeHeight(dx, dy, za, zd, zb, zo);
  return plane > edge ? plane : edge;
}

function edgeHeight(dx: number, dy: number, za: number, zd: number, zb: number, zo: number): number {
  if (dx === dy) return lineHeight(dx, zd, zo);
  if (dx > dy) {
    // Shallow octant: between the row neighbour (dx − 1, dy) and the diagonal (dx − 1, dy − 1).
    return ((za - zo) * (dx - dy) + (zd - zo) * dy) / (dx - 1) + zo;
  }
  // Steep octant: between the column neighbour (dx, dy − 1) and the diagonal (dx − 1, dy − 1).
  return ((zb - zo) * (dy - dx) + (zd - zo) * dx) / (dy - 1) + zo;
}
