/**
 * A flat terrain map (AL-FORM or classic) rasterized (raster.ts).
 *
 * Ground: each tile's ground (elevation layer + its terrain's elevation offset, the same
 * ground line of sight reads, the offsets softened — see `soften`) sits at its centre; between centres it is interpolated over the
 * lattice's triangles (square maps: the four centres around the cell, bilinearly): slopes run
 * centre to centre, so a group of hill tiles rises as one hill, not as terraced hexagons
 * (smoothstep weights, tried first, made every tile a mesa with its outline showing). On AL-FORM maps only the AREA tiles carry
 * ground: they form the same lattice at twice the spacing, and linear tiles are features
 * drawn across it, not bumps in it.
 * Cover: the terrain of the tile whose centre is nearest (on AL-FORM maps, the area tile).
 * Obstacle: the cover terrain's height (canopy, buildings).
 * Linear features, as thin 4-connected lines with their terrain's height (obstacle), elevation
 * offset (added to the ground under them) and terrain (feature): on AL-FORM maps each linear
 * tile's border — the classic edge between its two area tiles, the line the tile line of
 * sight tests crossings against; on classic maps the edge layer's edges and the vertex
 * layer's corners.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainMap } from '../map/terrain-map.js';
import { TileClass } from '../alform/classify.js';
import { tileClasses } from '../alform/tile-classes.js';
import type { Grid } from '../grid/types.js';
import { gridOrientation, hasVertices } from '../grid/capabilities.js';
import type { SightTables } from '../sight/tables.js';
import { latticeCoords, latticeOf, type Lattice } from '../sight/lattice.js';
import type { Raster, RasterSize } from './raster.js';
import { allocRaster, fitFlatFrame, unitToCell } from './raster.js';
import { traverseCells } from './traverse.js';

export function rasterizeTerrainMap(map: TerrainMap, tables: SightTables, size: RasterSize): Raster {
  const grid = map.grid;
  if (grid.kind === 'icosahedron') throw new Error('rasterizeTerrainMap: the globe rasterizes with rasterizeGlobe (equirectangular)');
  const lat = latticeOf(grid);
  const cls = map.spec.alform ? tileClasses(grid) : null;
  const bounds = gridUnitBounds(grid);
  const { x0, y0, x1, y1 } = bounds;
  const fit = fitFlatFrame(x0, y0, x1, y1, size);
  const frame = fit.frame as Extract<Raster['frame'], { kind: 'flat' }>;
  const r = allocRaster(fit.width, fit.height, frame, fit.cellMetres, map.palette);
  const gl = groundLattice(map, tables, lat, cls, bounds);
  fillCells(r, frame, lat, gl, tables.height, grid.kind === 'square');
  drawLinearFeatures(map, tables, r, lat, cls);
  return r;
}

/** Ground and cover per node of the ground lattice (k = 2: the area tiles of an AL-FORM map), padded by 2 nodes. */
interface GroundLattice {
  readonly k: number;
  readonly la0: number;
  readonly lb0: number;
  readonly na: number;
  readonly nb: number;
  readonly ground: Float32Array;
  readonly cover: Uint8Array;
  readonly has: Uint8Array;
}

function groundLattice(map: TerrainMap, tables: SightTables, lat: Lattice, cls: Uint8Array | null, bounds: { amin: number; amax: number; bmin: number; bmax: number }): GroundLattice {
  const { amin, amax, bmin, bmax } = bounds;
  // The ground lattice: area tiles at half their coordinates on AL-FORM maps, padded by 2.
  const k = cls ? 2 : 1;
  const la0 = Math.floor(amin / k) - 2;
  const lb0 = Math.floor(bmin / k) - 2;
  const na = Math.floor(amax / k) + 3 - la0;
  const nb = Math.floor(bmax / k) + 3 - lb0;
  const ground = new Float32Array(na * nb);
  const offs = new Float32Array(na * nb);
  const cover = new Uint8Array(na * nb);
  const has = new Uint8Array(na * nb);
  const elev = map.layers.elevation;
  const terr = map.layers.terrain;
  for (let t = 0; t < map.grid.tileCount; t++) {
    if (cls && cls[t] !== TileClass.AREA) continue;
    const i = (lat.coords[2 * t]! / k - la0) * nb + (lat.coords[2 * t + 1]! / k - lb0);
    ground[i] = elev ? elev[t]! : 0;
    offs[i] = tables.elevationOffset[terr[t]!]!;
    cover[i] = terr[t]!;
    has[i] = 1;
  }
  dilate(ground, has, na, nb);
  dilate(offs, has, na, nb);
  soften(offs, na, nb, lat, OFFSET_PASSES);
  for (let i = 0; i < ground.length; i++) ground[i]! += offs[i]!;
  return { k, la0, lb0, na, nb, ground, cover, has };
}

/** Every raster cell: cover and obstacle of the nearest ground node, elevation interpolated over the lattice's triangles. */
function fillCells(r: Raster, frame: Extract<Raster['frame'], { kind: 'flat' }>, lat: Lattice, gl: GroundLattice, height: ArrayLike<number>, square: boolean): void {
  const { k, la0, lb0, na, nb, ground, cover, has } = gl;
  // Pixel → lattice: (fa, fb) = E⁻¹ · (x, y) / k.
  const det = (lat.e1x * lat.e2y - lat.e2x * lat.e1y) * k;
  const iax = lat.e2y / det;
  const iay = -lat.e2x / det;
  const ibx = -lat.e1y / det;
  const iby = lat.e1x / det;
  // Squared unit lengths for the nearest-corner test: |u·e1 + v·e2|² = u²·g11 + 2uv·g12 + v²·g22.
  const g11 = lat.e1x * lat.e1x + lat.e1y * lat.e1y;
  const g12 = lat.e1x * lat.e2x + lat.e1y * lat.e2y;
  const g22 = lat.e2x * lat.e2x + lat.e2y * lat.e2y;
  const { width: W, height: H } = r;
  for (let row = 0; row < H; row++) {
    const y = frame.top - (row + 0.5) * frame.cell;
    for (let col = 0, p = row * W; col < W; col++, p++) {
      const x = frame.left + (col + 0.5) * frame.cell;
      const fa = iax * x + iay * y;
      const fb = ibx * x + iby * y;
      const ia = Math.floor(fa);
      const ib = Math.floor(fb);
      const u = fa - ia;
      const v = fb - ib;
      const ca = ia - la0;
      const cb = ib - lb0;
      if (ca < 0 || cb < 0 || ca + 1 >= na || cb + 1 >= nb) continue;
      const i00 = ca * nb + cb;
      const i10 = i00 + nb;
      const i01 = i00 + 1;
      const i11 = i10 + 1;
      // Nearest centre of the four (the lattice's triangles are acute, so it is among them).
      const d00 = u * u * g11 + 2 * u * v * g12 + v * v * g22;
      const u1 = u - 1;
      const v1 = v - 1;
      const d10 = u1 * u1 * g11 + 2 * u1 * v * g12 + v * v * g22;
      const d01 = u * u * g11 + 2 * u * v1 * g12 + v1 * v1 * g22;
      const d11 = u1 * u1 * g11 + 2 * u1 * v1 * g12 + v1 * v1 * g22;
      let near = i00;
      let dn = d00;
      if (d10 < dn) {
        near = i10;
        dn = d10;
      }
      if (d01 < dn) {
        near = i01;
        dn = d01;
      }
      if (d11 < dn) near = i11;
      if (!has[near]) continue;
      r.inside[p] = 1;
      const c = cover[near]!;
      r.cover[p] = c;
      r.obstacle[p] = height[c]!;
      const su = u;
      const sv = v;
      if (square) {
        r.elevation[p] = (ground[i00]! * (1 - su) + ground[i10]! * su) * (1 - sv) + (ground[i01]! * (1 - su) + ground[i11]! * su) * sv;
      } else if (su >= sv) {
        r.elevation[p] = ground[i00]! * (1 - su) + ground[i10]! * (su - sv) + ground[i11]! * sv;
      } else {
        r.elevation[p] = ground[i00]! * (1 - sv) + ground[i01]! * (sv - su) + ground[i11]! * su;
      }
    }
  }
}

/** The unit-frame box the tiles' polygons fill (and their lattice coordinates' range), of a flat grid. */
export function gridUnitBounds(grid: Grid) {
  const lat = latticeOf(grid);
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  let amin = Infinity;
  let amax = -Infinity;
  let bmin = Infinity;
  let bmax = -Infinity;
  for (let t = 0; t < grid.tileCount; t++) {
    latticeCoords(lat, t);
    const a = lat.coords[2 * t]!;
    const b = lat.coords[2 * t + 1]!;
    const x = a * lat.e1x + b * lat.e2x;
    const y = a * lat.e1y + b * lat.e2y;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
    if (a < amin) amin = a;
    if (a > amax) amax = a;
    if (b < bmin) bmin = b;
    if (b > bmax) bmax = b;
  }
  // Half a tile beyond the outer centres (a hexagon's corners reach 1/√3 across its flats:
  // left and right on a flat-top map, top and bottom on a pointy-top one).
  const corner = grid.kind === 'hex-rectangle' || grid.kind === 'hex-hexagon' ? 1 / Math.sqrt(3) : 0.5;
  const [mx, my] = gridOrientation(grid) === 'pointy' ? [0.5, corner] : [corner, 0.5];
  return { x0: x0 - mx, y0: y0 - my, x1: x1 + mx, y1: y1 + my, amin, amax, bmin, bmax };
}

/**
 * Terrain elevation offsets are a step per tile (mountains +400 m next to clear 0 m), which
 * interpolated as they are raise every mountain group as a mesa with its tile outline for
 * walls (the first pictures did exactly that). A few passes of the lattice's neighbour mean
 * round them into hills; the tile elevation layer stays exact at tile centres.
 */
const OFFSET_PASSES = 3;

function soften(v: Float32Array, na: number, nb: number, lat: Lattice, passes: number): void {
  const tmp = new Float32Array(v.length);
  for (let pass = 0; pass < passes; pass++) {
    tmp.set(v);
    for (let a = 1; a < na - 1; a++) {
      for (let b = 1; b < nb - 1; b++) {
        let sum = 0;
        for (let d = 0; d < lat.dirs; d++) sum += tmp[(a + lat.da[d]!) * nb + b + lat.db[d]!]!;
        v[a * nb + b] = 0.5 * tmp[a * nb + b]! + (0.5 * sum) / lat.dirs;
      }
    }
  }
}

/** Gives lattice nodes off the map their neighbours' mean ground (two rings), so edges interpolate flat. */
function dilate(ground: Float32Array, has: Uint8Array, na: number, nb: number): void {
  let known = has.slice();
  for (let pass = 0; pass < 2; pass++) {
    const next = known.slice();
    for (let a = 0; a < na; a++) {
      for (let b = 0; b < nb; b++) {
        const i = a * nb + b;
        if (known[i]) continue;
        let sum = 0;
        let cnt = 0;
        for (let da = -1; da <= 1; da++) {
          for (let db = -1; db <= 1; db++) {
            const aa = a + da;
            const bb = b + db;
            if (aa < 0 || bb < 0 || aa >= na || bb >= nb) continue;
            const j = aa * nb + bb;
            if (known[j]) {
              sum += ground[j]!;
              cnt++;
            }
          }
        }
        if (cnt) {
          ground[i] = sum / cnt;
          next[i] = 1;
        }
      }
    }
    known = next;
  }
}

/** Stamps one linear feature of terrain `k` along the unit-frame segment (ax, ay) → (bx, by). */
export function stampLine(r: Raster, tables: SightTables, k: number, ax: number, ay: number, bx: number, by: number): void {
  if (r.frame.kind !== 'flat') return;
  const [c0, r0] = unitToCell(r.frame, ax, ay);
  const [c1, r1] = unitToCell(r.frame, bx, by);
  const h = tables.height[k]!;
  const blocks = tables.blocksAcross[k] === 1 || tables.blocksAlong[k] === 1 || h > 0;
  const off = tables.elevationOffset[k]!;
  const W = r.width;
  traverseCells(c0, r0, c1, r1, W, r.height, (col, row) => {
    const p = row * W + col;
    if (!r.inside[p]) return;
    if (r.feature[p] !== k) r.elevation[p] += off; // once per cell, however many lines cross it
    r.feature[p] = k;
    if (blocks && h > r.obstacle[p]!) r.obstacle[p] = h;
  });
}

function drawLinearFeatures(map: TerrainMap, tables: SightTables, r: Raster, lat: Lattice, cls: Uint8Array | null): void {
  const stamp = borderStamper(r, tables, lat);
  if (cls) alformBorders(map, r, tables, lat, cls, stamp);
  else classicFeatures(map, r, tables, lat, stamp);
}

/** Stamps the border between lattice cells (a, b) and (a + da, b + db) with terrain kk, centred `scale`/2 along the step. */
type BorderStamp = (kk: number, a: number, b: number, da: number, db: number, scale: number) => void;

function borderStamper(r: Raster, tables: SightTables, lat: Lattice): BorderStamp {
  const kind = lat.grid.kind;
  const square = kind === 'square';
  const brick = kind === 'offset-square';
  const ux = (a: number, b: number) => a * lat.e1x + b * lat.e2x;
  const uy = (a: number, b: number) => a * lat.e1y + b * lat.e2y;
  // Half the border's length: half a side (a brick's short sides are half as long).
  const halfOf = (da: number, scale: number) => (square ? 0.5 * scale : brick ? (da !== 0 ? 0.25 : 0.5) * scale : (0.5 / Math.sqrt(3)) * scale);
  return (kk, a, b, da, db, scale) => {
    const half = halfOf(da, scale);
    const cx = ux(a, b) + (ux(da, db) * scale) / 2;
    const cy = uy(a, b) + (uy(da, db) * scale) / 2;
    const dx = ux(da, db);
    const dy = uy(da, db);
    const len = Math.hypot(dx, dy);
    const px = (-dy / len) * half;
    const py = (dx / len) * half;
    stampLine(r, tables, kk, cx - px, cy - py, cx + px, cy + py);
  };
}

/** AL-FORM maps: each linear tile's border between its two area tiles; a lone square VERTEX tile, a cross. */
function alformBorders(map: TerrainMap, r: Raster, tables: SightTables, lat: Lattice, cls: Uint8Array, border: BorderStamp): void {
  const grid = lat.grid;
  const terr = map.layers.terrain;
  const square = grid.kind === 'square';
  const ux = (a: number, b: number) => a * lat.e1x + b * lat.e2x;
  const uy = (a: number, b: number) => a * lat.e1y + b * lat.e2y;
  for (let t = 0; t < grid.tileCount; t++) {
    const kk = terr[t]!;
    if (cls[t] === TileClass.AREA || kk === 0) continue;
    const a = lat.coords[2 * t]!;
    const b = lat.coords[2 * t + 1]!;
    const pa = a & 1;
    const pb = b & 1;
    if (square && pa && pb) {
      // A VERTEX tile: its border runs on through the edge tiles beside it; alone, both ways.
      const busy = [
        [a - 1, b],
        [a + 1, b],
        [a, b - 1],
        [a, b + 1],
      ].some(([x, y]) => {
        const q = grid.indexXY(x!, y!);
        return q >= 0 && terr[q] !== 0;
      });
      if (!busy) {
        stampLine(r, tables, kk, ux(a - 1, b), uy(a - 1, b), ux(a + 1, b), uy(a + 1, b));
        stampLine(r, tables, kk, ux(a, b - 1), uy(a, b - 1), ux(a, b + 1), uy(a, b + 1));
      }
      continue;
    }
    // The two area tiles either side: along the direction with the tile's odd parity.
    border(kk, a - pa, b - pb, pa, pb, 2);
  }
}

/** Classic maps: the edge layer's edges, and the vertex layer's corners as short crosses. */
function classicFeatures(map: TerrainMap, r: Raster, tables: SightTables, lat: Lattice, border: BorderStamp): void {
  const grid = lat.grid;
  const edges = map.layers.edges;
  if (edges) {
    for (let t = 0; t < grid.tileCount; t++) {
      const a = lat.coords[2 * t]!;
      const b = lat.coords[2 * t + 1]!;
      for (let d = 0; d < lat.dirs; d++) {
        const slot = grid.edgeSlot(t, d);
        if (slot < 0 || edges[slot] === 0) continue;
        border(edges[slot]!, a, b, lat.da[d]!, lat.db[d]!, 1);
      }
    }
  }
  const vertices = map.layers.vertices;
  if (vertices && hasVertices(grid)) {
    for (let t = 0; t < grid.tileCount; t++) {
      const a = lat.coords[2 * t]!;
      const b = lat.coords[2 * t + 1]!;
      for (let d = 1; d < 8; d += 2) {
        const slot = grid.vertexSlot(t, d);
        if (slot < 0 || vertices[slot] === 0) continue;
        // A corner: a short cross at the point the four tiles share.
        const cx = a + lat.da[d]! / 2;
        const cy = b + lat.db[d]! / 2;
        stampLine(r, tables, vertices[slot]!, cx - 0.15, cy, cx + 0.15, cy);
        stampLine(r, tables, vertices[slot]!, cx, cy - 0.15, cx, cy + 0.15);
      }
    }
  }
}
