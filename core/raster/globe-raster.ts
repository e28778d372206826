/**
 * A globe terrain map rasterized as an equirectangular grid (raster.ts): column i at
 * longitude −180° + (i + ½)·360°/width, row j at latitude 90° − (j + ½)·180°/height, the
 * direction (cos φ cos λ, cos φ sin λ, sin φ) in the globe grid's own frame (z to the north
 * pole). The cell's tile is the one whose centre is nearest (the grid's analytic pick).
 *
 * Ground: each tile's ground (elevation layer + terrain offset, the offsets softened over the
 * neighbours as on flat maps) blended over the cell's tile and its neighbours with weights
 * (1 − d/ρ)², d the chord to their centres and ρ 1.5 tile spacings, so it runs smoothly from
 * tile to tile. Cover: on AL-FORM maps an area tile's terrain — a cell on a linear tile takes
 * its nearest area neighbour's and carries the linear terrain as its feature (with its
 * height as an obstacle where it blocks sight); on classic maps the tile's terrain.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainMap } from '../map/terrain-map.js';
import { TileClass } from '../alform/classify.js';
import { tileClasses } from '../alform/tile-classes.js';
import { globeGeometry } from '../movement/heuristic.js';
import type { SightTables } from '../sight/tables.js';
import type { Raster } from './raster.js';
import { allocRaster, checkSide } from './raster.js';

export const EARTH_RADIUS_M = 6_371_000;

export interface GlobeRasterSize {
  readonly width: number;
  /** Default width / 2 (square cells at the equator). */
  readonly height?: number;
  /** Planet radius in metres (default the Earth's): sets `cellMetres` along the equator. */
  readonly planetRadius?: number;
}

export function rasterizeGlobe(map: TerrainMap, tables: SightTables, size: GlobeRasterSize): Raster {
  const grid = map.grid;
  if (grid.kind !== 'icosahedron') throw new Error('rasterizeGlobe: expected a globe (icosahedron) map; flat maps rasterize with rasterizeTerrainMap');
  checkSide(size.width, 'width');
  const height = size.height ?? Math.max(1, Math.round(size.width / 2));
  checkSide(height, 'height');
  const radius = size.planetRadius ?? EARTH_RADIUS_M;
  if (!(radius > 0) || !Number.isFinite(radius)) throw new RangeError(`planetRadius must be a positive number of metres, got ${radius}`);
  const W = size.width;
  const r = allocRaster(W, height, { kind: 'equirectangular' }, (2 * Math.PI * radius) / W, map.palette);
  fillCells(r, map, tables, tileGround(map, tables), coverTiles(map));
  return r;
}

/** Ground per tile: elevation plus its terrain's offset, the offsets softened over the neighbours (three passes, as on flat maps). */
function tileGround(map: TerrainMap, tables: SightTables): Float32Array {
  const grid = map.grid;
  const n = grid.tileCount;
  const terr = map.layers.terrain;
  const elev = map.layers.elevation;
  const nb = new Int32Array(grid.directions);
  let offs = new Float32Array(n);
  for (let t = 0; t < n; t++) offs[t] = tables.elevationOffset[terr[t]!]!;
  for (let pass = 0; pass < 3; pass++) {
    const next = new Float32Array(n);
    for (let t = 0; t < n; t++) {
      const deg = grid.neighbors(t, nb);
      let sum = 0;
      let cnt = 0;
      for (let d = 0; d < deg; d++) {
        if (nb[d]! < 0) continue;
        sum += offs[nb[d]!]!;
        cnt++;
      }
      next[t] = cnt ? 0.5 * offs[t]! + (0.5 * sum) / cnt : offs[t]!;
    }
    offs = next;
  }
  const ground = new Float32Array(n);
  for (let t = 0; t < n; t++) ground[t] = (elev ? elev[t]! : 0) + offs[t]!;
  return ground;
}

/** Cover tile per tile: the tile itself, or (linear AL-FORM tiles) its area neighbour. */
function coverTiles(map: TerrainMap): Int32Array {
  const grid = map.grid;
  const n = grid.tileCount;
  const cls = map.spec.alform ? tileClasses(grid) : null;
  const nb = new Int32Array(grid.directions);
  const areaOf = new Int32Array(n);
  for (let t = 0; t < n; t++) {
    areaOf[t] = t;
    if (!cls || cls[t] === TileClass.AREA) continue;
    const deg = grid.neighbors(t, nb);
    for (let d = 0; d < deg; d++) {
      if (nb[d]! >= 0 && cls[nb[d]!] === TileClass.AREA) {
        areaOf[t] = nb[d]!;
        break;
      }
    }
  }
  return areaOf;
}

/** Every raster cell: the picked tile's cover, feature and obstacle, and the ground blended over it and its neighbours. */
function fillCells(r: Raster, map: TerrainMap, tables: SightTables, ground: Float32Array, areaOf: Int32Array): void {
  const grid = map.grid;
  const n = grid.tileCount;
  const centres = globeGeometry(grid).centers;
  const terr = map.layers.terrain;
  const nb = new Int32Array(grid.directions);
  const { width: W, height } = r;
  const spacing = Math.sqrt((4 * Math.PI) / ((Math.sqrt(3) / 2) * n));
  const rho = 1.5 * spacing;
  const point = [0, 0, 0];
  for (let j = 0; j < height; j++) {
    const lat = Math.PI / 2 - ((j + 0.5) * Math.PI) / height;
    const cl = Math.cos(lat);
    const z = Math.sin(lat);
    for (let i = 0, p = j * W; i < W; i++, p++) {
      const lon = -Math.PI + ((i + 0.5) * 2 * Math.PI) / W;
      const x = cl * Math.cos(lon);
      const y = cl * Math.sin(lon);
      point[0] = x;
      point[1] = y;
      point[2] = z;
      const t = grid.pick(point);
      if (t < 0) continue;
      r.inside[p] = 1;
      const k = terr[areaOf[t]!]!;
      r.cover[p] = k;
      r.obstacle[p] = tables.height[k]!;
      if (areaOf[t] !== t && terr[t] !== 0) {
        const f = terr[t]!;
        r.feature[p] = f;
        if ((tables.blocksAcross[f] === 1 || tables.blocksAlong[f] === 1) && tables.height[f]! > r.obstacle[p]!) r.obstacle[p] = tables.height[f]!;
      }
      // Smooth ground: the tile and its neighbours, weighted by closeness.
      let sw = 0;
      let sh = 0;
      const deg = grid.neighbors(t, nb);
      for (let d = -1; d < deg; d++) {
        const u = d < 0 ? t : nb[d]!;
        if (u < 0) continue;
        const dx = centres[3 * u]! - x;
        const dy = centres[3 * u + 1]! - y;
        const dz = centres[3 * u + 2]! - z;
        const q = 1 - Math.sqrt(dx * dx + dy * dy + dz * dz) / rho;
        if (q <= 0) continue;
        const w = q * q;
        sw += w;
        sh += w * ground[u]!;
      }
      r.elevation[p] = sw > 0 ? sh / sw : ground[t]!;
    }
  }
}
