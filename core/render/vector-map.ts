/**
 * Maps of vector tile instances (map JSON v2, core/assemble) drawn as maps: over the ground of
 * element (A) (the derived area terrain), three merged buffers —
 * - `fills`: area elements (forest, lake, town) filled in their terrain colour, then the
 *   uphill side of every contour shaded a little darker, so stacked contours read as hill
 *   shading (translucent: draw with blending, in buffer order);
 * - `strokes`: area edges, contour lines, then every line's casing, then every line (rivers,
 *   roads, walls) at its width class — casings of the whole map before the lines, so a road
 *   crossing from one tile into the next is never cut by the neighbour's casing;
 * - `points`: a symbol quad per point element (peaks, settlements) with the per-vertex
 *   `uv` / `symbol` attributes of area-symbols.ts, drawn from the same symbol atlas.
 * Three draw calls whatever the instance count. Work scales: on flat maps each distinct tile
 * is sampled and tessellated once in its own frame, then every instance copies its triangles
 * through one affine map (orientation, cell centre and size); globe cells each have their own
 * warped shape and are tessellated one by one.
 * `detail` is the samples per cubic segment: a zoomed-out view builds with fewer.
 *
 * Tile frame → model: a flat cell's frame is its (A) polygon's centre and inradius (the tile
 * shape's inradius is 1, y up; classic and AL-FORM area polygons alike); a globe cell's is
 * its gnomonic tangent plane (core/vector globe-shape.ts), lifted back onto the sphere.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { decodePlacement } from '../assemble/orientation-code.js';
import { cellShapeOf } from '../assemble/cell-geometry.js';
import { placedTile } from '../assemble/placed-tile.js';
import { IcosahedronGrid } from '../grid/icosahedron/icosahedron-grid.js';
import type { TileShape } from '../vector/shape.js';
import type { VectorTile } from '../vector/types.js';
import { UV_RANGE } from './area-symbols.js';
import { flatInstanceAffine, globeInstancePlace } from './instance-frame.js';
import type { MapGeometry } from './map-geometry.js';
import type { Triangles2 } from './tessellate.js';
import { triangulate } from './tessellate.js';
import type { Local } from './vector-tile-mesh.js';
import { coloured, POINT_SIZE, rgbaHex, tessellateTile } from './vector-tile-mesh.js';

export interface VectorBuffers {
  /** xyz per vertex (z = 0 on flat maps). */
  readonly positions: Float32Array;
  /** rgba per vertex. */
  readonly colors: Uint8Array;
  readonly indices: Uint32Array;
}

export interface VectorMapGeometry {
  readonly fills: VectorBuffers;
  readonly strokes: VectorBuffers;
  /** Quads; `uv` and `symbol` as element (A)'s (area-symbols.ts), colour alpha 0 outside the symbol. */
  readonly points: VectorBuffers & { readonly uv: Int8Array; readonly symbol: Uint8Array };
  /** Work counts (tests and the bench read them). */
  readonly stats: { instances: number; tessellated: number; fillTriangles: number; strokeTriangles: number; points: number; contours: number };
  /** Tile ids the source did not have (their cells show only their ground). */
  readonly missing: readonly string[];
}

/** The vector tile an instance names, or null when it is not at hand (the cell then shows its ground). */
export type TileSource = (id: string) => VectorTile | null;

/** Growable typed output (doubling), so a 100 k-instance map never holds plain number arrays. */
class Sink {
  pos = new Float32Array(3 * 1024);
  col = new Uint8Array(4 * 1024);
  idx = new Uint32Array(3 * 1024);
  vertices = 0;
  indexCount = 0;
  add(local: Triangles2 & { rgba: number[] }, place: (x: number, y: number, out: number[]) => void, tmp: number[]): void {
    const nv = local.xy.length >> 1;
    this.reserve(nv, local.indices.length);
    const base = this.vertices;
    for (let i = 0; i < local.xy.length; i += 2) {
      tmp.length = 0;
      place(local.xy[i]!, local.xy[i + 1]!, tmp);
      this.pos.set(tmp, 3 * (base + (i >> 1)));
    }
    this.col.set(local.rgba, 4 * base);
    for (let i = 0; i < local.indices.length; i++) this.idx[this.indexCount + i] = base + local.indices[i]!;
    this.vertices += nv;
    this.indexCount += local.indices.length;
  }
  private reserve(nv: number, ni: number): void {
    if (3 * (this.vertices + nv) > this.pos.length) {
      const cap = Math.max(2 * this.pos.length, 3 * (this.vertices + nv));
      const p = new Float32Array(cap);
      p.set(this.pos.subarray(0, 3 * this.vertices));
      this.pos = p;
      const c = new Uint8Array((cap / 3) * 4);
      c.set(this.col.subarray(0, 4 * this.vertices));
      this.col = c;
    }
    if (this.indexCount + ni > this.idx.length) {
      const i = new Uint32Array(Math.max(2 * this.idx.length, this.indexCount + ni));
      i.set(this.idx.subarray(0, this.indexCount));
      this.idx = i;
    }
  }
  /** Flat maps: x′ = a·x + c·y + e, y′ = b·x + d·y + f, z = 0 (no per-vertex call). */
  addFlat(local: Triangles2 & { rgba: number[] }, a: number, b: number, c: number, d: number, e: number, f: number): void {
    const nv = local.xy.length >> 1;
    this.reserve(nv, local.indices.length);
    const base = this.vertices;
    const pos = this.pos;
    const xy = local.xy;
    for (let i = 0, o = 3 * base; i < xy.length; i += 2, o += 3) {
      const x = xy[i]!;
      const y = xy[i + 1]!;
      pos[o] = a * x + c * y + e;
      pos[o + 1] = b * x + d * y + f;
      pos[o + 2] = 0;
    }
    this.col.set(local.rgba, 4 * base);
    const idx = this.idx;
    const li = local.indices;
    for (let i = 0, o = this.indexCount; i < li.length; i++, o++) idx[o] = base + li[i]!;
    this.vertices += nv;
    this.indexCount += li.length;
  }

  /** Appends another sink's vertices and triangles after this one's. */
  append(o: Sink): void {
    this.reserve(o.vertices, o.indexCount);
    this.pos.set(o.pos.subarray(0, 3 * o.vertices), 3 * this.vertices);
    this.col.set(o.col.subarray(0, 4 * o.vertices), 4 * this.vertices);
    for (let i = 0; i < o.indexCount; i++) this.idx[this.indexCount + i] = this.vertices + o.idx[i]!;
    this.vertices += o.vertices;
    this.indexCount += o.indexCount;
  }
  buffers(): VectorBuffers {
    return { positions: this.pos.slice(0, 3 * this.vertices), colors: this.col.slice(0, 4 * this.vertices), indices: this.idx.slice(0, this.indexCount) };
  }
}

/** Samples per cubic segment by map size: a whole big map in view shows tiles a few pixels wide. */
export function defaultDetail(instances: number): number {
  return instances > 20_000 ? 3 : instances > 2_000 ? 6 : 12;
}

/**
 * The ground under a map's tiles: what the map was filled with (its first palette terrain,
 * written first when a map is created filled). A cell's own terrain is derived from its tile's
 * dominant area (an island tile's cell is sea), so the land between a tile's areas — the
 * island itself — needs this instead.
 */
export function vectorGround(geo: MapGeometry): string | null {
  const first = geo.map.palette[0];
  const t = first ? geo.catalogue.terrains.find((x) => x.id === first) : undefined;
  return t?.class === 'area' ? t.colour : null;
}

/** The vector layer of `geo`'s map (its instance layer), or null when the map holds no instances. */
export function buildVectorMap(geo: MapGeometry, tiles: TileSource, options: { detail?: number; ground?: string | null } = {}): VectorMapGeometry | null {
  const map = geo.map;
  const layer = map.instances;
  if (!layer) return null;
  const detail = options.detail ?? defaultDetail(layer.placedCount());
  const terrains = new Map(geo.catalogue.terrains.map((t) => [t.id, t] as const));
  const grid = map.grid;
  const globe = grid instanceof IcosahedronGrid ? grid : null;
  const area = geo.area;
  const f = new Float64Array(9);
  const fills = new Sink();
  const under = new Sink();
  const over = new Sink();
  const pts: number[] = [];
  const uv: number[] = [];
  const sym: number[] = [];
  const pointIdx: number[] = [];
  const tmp: number[] = [];
  const cache = new Map<string, Local>();
  const stats = { instances: 0, tessellated: 0, fillTriangles: 0, strokeTriangles: 0, points: 0, contours: 0 };
  // Globe layers: fills between (A) and (B), strokes and points above them.
  const r = geo.radii;
  const radii = r ? [(r[0] + r[1]) / 2, r[1], r[2]] : [0, 0, 0];
  const unknown = new Set<string>();
  const ground = options.ground === undefined ? vectorGround(geo) : options.ground;
  const groundRgba = ground ? rgbaHex(ground) : null;
  const groundOf = new Map<TileShape, Triangles2 & { rgba: number[] }>();
  for (let cell = 0; cell < layer.cellCount; cell++) {
    const ref = layer.tileRef[cell]!;
    if (ref < 0) continue;
    const id = layer.tileIds[ref]!;
    const tile = tiles(id);
    if (!tile) {
      unknown.add(id);
      continue;
    }
    const code = layer.code[cell]!;
    let local: Local;
    let place: (radius: number) => (x: number, y: number, out: number[]) => void;
    let flat: readonly number[] | null = null;
    if (globe) {
      local = tessellateTile(placedTile(tile, decodePlacement(code), cellShapeOf(grid, cell)), terrains, detail);
      stats.tessellated++;
      place = globeInstancePlace(globe, cell);
    } else {
      // Flat cells share the tile's shape: tessellate each tile once in its own frame and
      // orient the triangles per instance (mirror + rotation is one linear map).
      let hit = cache.get(id);
      if (!hit) {
        hit = tessellateTile(tile, terrains, detail);
        cache.set(id, hit);
        stats.tessellated++;
      }
      local = hit;
      const m = flatInstanceAffine(area, cell, code, f);
      if (!m) continue;
      const [a, b, c, d, cx, cy] = m;
      place = () => (x, y, out) => out.push(cx + a * x + c * y, cy + b * x + d * y, 0);
      flat = m;
    }
    stats.instances++;
    stats.contours += local.contours;
    if (groundRgba && flat) {
      let g = groundOf.get(tile.shape);
      if (!g) {
        g = { xy: [], indices: [], rgba: [] };
        coloured(g, groundRgba, (t) => triangulate(tile.shape.corners.flat(), t));
        groundOf.set(tile.shape, g);
      }
      const [a, b, c, d, e, f6] = flat as [number, number, number, number, number, number];
      fills.addFlat(g, a, b, c, d, e, f6);
    } else if (groundRgba) {
      // Globe: every cell its own polygon.
      const g = { xy: [], indices: [], rgba: [] };
      coloured(g, groundRgba, (t) => triangulate(cellShapeOf(grid, cell).corners.flat(), t));
      fills.add(g, place(radii[0]!), tmp);
    }
    if (flat) {
      const [a, b, c, d, e, f6] = flat as [number, number, number, number, number, number];
      fills.addFlat(local.fills, a, b, c, d, e, f6);
      under.addFlat(local.under, a, b, c, d, e, f6);
      over.addFlat(local.over, a, b, c, d, e, f6);
    } else {
      fills.add(local.fills, place(radii[0]!), tmp);
      under.add(local.under, place(radii[1]!), tmp);
      over.add(local.over, place(radii[1]!), tmp);
    }
    const at = place(radii[2]!);
    for (let i = 0; i < local.points.length; i += 6) {
      const x = local.points[i]!;
      const y = local.points[i + 1]!;
      const base = pts.length / 3;
      // Corners left-top, right-top, right-bottom, left-bottom; uv y down.
      for (const [dx, dy] of [[-1, 1], [1, 1], [1, -1], [-1, -1]] as const) {
        at(x + dx * POINT_SIZE, y + dy * POINT_SIZE, pts);
        uv.push(Math.round((dx * 127) / UV_RANGE), Math.round((-dy * 127) / UV_RANGE));
        sym.push(local.points[i + 3]!, local.points[i + 4]!, local.points[i + 5]!, local.points[i + 2]!);
      }
      pointIdx.push(base, base + 3, base + 2, base, base + 2, base + 1);
      stats.points++;
    }
  }
  // Casings of the whole map under every line.
  under.append(over);
  const strokes = under;
  const fillBuf = fills.buffers();
  const strokeBuf = strokes.buffers();
  stats.fillTriangles = fillBuf.indices.length / 3;
  stats.strokeTriangles = strokeBuf.indices.length / 3;
  const pointCount = pts.length / 3;
  return {
    fills: fillBuf,
    strokes: strokeBuf,
    points: {
      positions: Float32Array.from(pts),
      // The quad's own colour is the symbol's, fully transparent: only the symbol shows.
      colors: Uint8Array.from(sym.map((v, i) => (i % 4 === 3 ? 0 : v))),
      indices: Uint32Array.from(pointIdx),
      uv: Int8Array.from(uv),
      symbol: Uint8Array.from(sym),
    },
    stats: { ...stats, points: pointCount / 4 },
    missing: [...unknown],
  };
}
