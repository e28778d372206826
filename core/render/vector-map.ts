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
 * `detail` is the samples per cubic segment: a zoomed-out view builds with fewer. The app builds
 * the layer in spatial blocks at a detail chosen by zoom (vector-block-map.ts) through the same
 * per-instance step (`instanceBuilder`); `buildVectorMap` builds the map as one block.
 * Snapping (core/assemble instance-snap.ts, one step per instance, classic maps): an instance
 * whose crossings miss a neighbour's matched ones, by any distance, is drawn from its own
 * snapped geometry (its ends bent to meet), tessellated for it alone; the rest (most: tiles
 * drawn to the same edge positions) keep the shared tessellation. `stats.snapped` counts the
 * former, `gaps` lists ends with no partner across (edges that do not match). An edit changes its neighbours' snapping too: `forget` the
 * edited cells and their neighbours, and rebuild their blocks.
 *
 * Tile frame → model: a flat cell's frame is its (A) polygon's centre and inradius (the tile
 * shape's inradius is 1, y up; classic and AL-FORM area polygons alike); a globe cell's is
 * its gnomonic tangent plane (core/vector globe-shape.ts), lifted back onto the sphere.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { decodePlacement } from '../map/orientation-code.js';
import { cellShapeOf } from '../assemble/cell-geometry.js';
import type { SnapGap } from '../assemble/instance-snap.js';
import { InstanceSnapper } from '../assemble/instance-snap.js';
import { placedTile } from '../assemble/placed-tile.js';
import { IcosahedronGrid } from '../grid/icosahedron/icosahedron-grid.js';
import type { Grid } from '../grid/types.js';
import type { Terrain } from '../terrain/types.js';
import { matchOptionsFrom } from '../vector/terrain-rules.js';
import type { TileShape } from '../vector/shape.js';
import type { VectorTile } from '../vector/types.js';
import { flatInstanceAffine, globeInstancePlace } from './instance-frame.js';
import type { MapGeometry } from './map-geometry.js';
import { triangulate } from './tessellate.js';
import { Sink, type Coloured } from './vector-sink.js';
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
  readonly stats: { instances: number; tessellated: number; fillTriangles: number; strokeTriangles: number; points: number; contours: number; snapped: number };
  /** Tile ids the source did not have (their cells show only their ground). */
  readonly missing: readonly string[];
  /** Ends on an edge whose neighbour's edge does not match them, drawn stopping there (core/assemble instance-snap.ts). */
  readonly gaps: readonly SnapGap[];
}

/** The vector tile an instance names, or null when it is not at hand (the cell then shows its ground). */
export type TileSource = (id: string) => VectorTile | null;

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


/** Samples per cubic segment of the fine level (zoomed in); vector-blocks.ts `vectorDetail` picks a level by zoom. */
export const FINE_DETAIL = 12;

/** One block's (or the whole map's) output: fills, casings and edges (`under`), lines (`over`), point quads. */
export interface VectorParts {
  readonly fills: Sink;
  readonly under: Sink;
  readonly over: Sink;
  readonly points: Sink;
}

export const newParts = (): VectorParts => ({ fills: new Sink(), under: new Sink(), over: new Sink(), points: new Sink(true) });

export interface VectorInstanceStats {
  instances: number;
  /** Tiles sampled and triangulated (flat: once per distinct tile; globe: once per cell and placement). */
  tessellated: number;
  contours: number;
  /** Instances drawn from their own snapped geometry. */
  snapped: number;
}

/**
 * The per-instance step of the vector layer at one `detail`: `add(cell, parts)` appends the
 * cell's tile (its ground, fills, strokes and symbols) to `parts`. Tessellations are cached
 * for the builder's life — flat maps per tile id, the globe per cell (tile, placement) — so
 * rebuilding a block after an edit tessellates only what is new.
 */
export interface InstanceBuilder {
  add(cell: number, parts: VectorParts): void;
  /**
   * Placed or cleared instances on `cells`: their cached per-cell results (snapping, globe
   * tessellations) go. Returns the neighbours whose drawing changes with them — snapped
   * before or now — which must be drawn again too (those that meet exactly either way keep theirs).
   */
  edited(cells: readonly number[]): number[];
  readonly stats: VectorInstanceStats;
  /** Tile ids the source did not have. */
  readonly unknown: Set<string>;
  /** Matched crossings too far apart to snap, found so far. */
  gaps(): readonly SnapGap[];
}

export function instanceBuilder(geo: MapGeometry, tiles: TileSource, detail: number, ground: string | null = vectorGround(geo)): InstanceBuilder {
  return new VectorInstanceBuilder(geo, tiles, detail, ground);
}

/** A globe cell's drawing: its tessellation for one tile and placement, and the ground under it. */
interface GlobeCell {
  readonly id: string;
  readonly code: number;
  readonly local: Local;
  readonly ground: Coloured | null;
  readonly snapped: boolean;
}

class VectorInstanceBuilder implements InstanceBuilder {
  readonly stats: VectorInstanceStats = { instances: 0, tessellated: 0, contours: 0, snapped: 0 };
  readonly unknown = new Set<string>();
  private readonly terrains: ReadonlyMap<string, Terrain>;
  private readonly grid: Grid;
  private readonly globe: IcosahedronGrid | null;
  private readonly f = new Float64Array(9);
  private readonly tmp: number[] = [];
  /** Flat maps: per tile id, its tessellation in its own frame. */
  private readonly cache = new Map<string, Local>();
  /** Globe: per cell, its drawing. */
  private readonly cellCache = new Map<number, GlobeCell>();
  /** Flat maps: per cell, its own snapped tessellation, or null when it meets its neighbours. */
  private readonly ownCache = new Map<number, Local | null>();
  private readonly match: ReturnType<typeof matchOptionsFrom>;
  private snap: InstanceSnapper | null = null;
  /** Globe layers: fills between (A) and (B), strokes and points above them. */
  private readonly radii: readonly number[];
  private readonly groundRgba: ReturnType<typeof rgbaHex> | null;
  private readonly groundOf = new Map<TileShape, Coloured>();

  constructor(
    private readonly geo: MapGeometry,
    private readonly tiles: TileSource,
    private readonly detail: number,
    ground: string | null,
  ) {
    this.terrains = new Map(geo.catalogue.terrains.map((t) => [t.id, t] as const));
    this.grid = geo.map.grid;
    this.globe = this.grid instanceof IcosahedronGrid ? this.grid : null;
    this.match = matchOptionsFrom(geo.catalogue);
    const r = geo.radii;
    this.radii = r ? [(r[0] + r[1]) / 2, r[1], r[2]] : [0, 0, 0];
    this.groundRgba = ground ? rgbaHex(ground) : null;
  }

  /**
   * Classic maps: instances whose crossings miss a neighbour's are drawn snapped to it (made
   * again when an edit gives the map a new instance layer).
   */
  private snapperFor(layer: NonNullable<MapGeometry['map']['instances']>): InstanceSnapper | null {
    if (this.geo.map.spec.alform) return null;
    if (!this.snap || this.snap.layer !== layer) {
      this.snap = new InstanceSnapper(this.grid, layer, this.tiles, { match: this.match });
      // What was snapped against the old layer's neighbours is asked again.
      this.ownCache.clear();
      this.cellCache.clear();
    }
    return this.snap;
  }

  add(cell: number, out: VectorParts): void {
    // Read each time: an edit may have given the map a new instance layer.
    const layer = this.geo.map.instances;
    if (!layer) return;
    const ref = layer.tileRef[cell]!;
    if (ref < 0) return;
    const id = layer.tileIds[ref]!;
    const tile = this.tiles(id);
    if (!tile) {
      this.unknown.add(id);
      return;
    }
    const code = layer.code[cell]!;
    const snapper = this.snapperFor(layer);
    const drawn = this.globe ? this.addGlobe(this.globe, cell, id, code, tile, snapper, out) : this.addFlat(cell, id, code, tile, snapper, out);
    if (!drawn) return;
    const { local, place } = drawn;
    this.stats.instances++;
    this.stats.contours += local.contours;
    out.points.addPoints(local.points, POINT_SIZE, place(this.radii[2]!), this.tmp);
  }

  private addGlobe(globe: IcosahedronGrid, cell: number, id: string, code: number, tile: VectorTile, snapper: InstanceSnapper | null, out: VectorParts): Drawn {
    const { stats, tmp, radii } = this;
    let hit = this.cellCache.get(cell);
    if (!hit || hit.id !== id || hit.code !== code) {
      const shape = cellShapeOf(this.grid, cell, this.geo.map.spec.alform);
      const g: Coloured | null = this.groundRgba ? { xy: [], indices: [], rgba: [] } : null;
      if (g) coloured(g, this.groundRgba!, (t) => triangulate(shape.corners.flat(), t));
      // THE per-instance snapping step: null when the instance meets its neighbours exactly.
      const own = snapper?.snapped(cell) ?? null;
      if (own) stats.snapped++;
      const drawn = own ?? snapper?.placed(cell)?.tile ?? placedTile(tile, decodePlacement(code), shape);
      hit = { id, code, local: tessellateTile(drawn, this.terrains, this.detail), ground: g, snapped: own !== null };
      this.cellCache.set(cell, hit);
      stats.tessellated++;
    }
    const local = hit.local;
    const place = globeInstancePlace(globe, cell, this.geo.map.spec.alform);
    if (hit.ground) out.fills.add(hit.ground, place(radii[0]!), tmp);
    out.fills.add(local.fills, place(radii[0]!), tmp);
    out.under.add(local.under, place(radii[1]!), tmp);
    out.over.add(local.over, place(radii[1]!), tmp);
    return { local, place };
  }

  /**
   * Flat cells share the tile's shape: tessellate each tile once in its own frame and orient
   * the triangles per instance (mirror + rotation is one linear map). Null where the cell has no polygon.
   */
  private addFlat(cell: number, id: string, code: number, tile: VectorTile, snapper: InstanceSnapper | null, out: VectorParts): Drawn | null {
    const { stats } = this;
    const area = this.geo.area;
    if (area.firstPiece[cell]! < 0) return null;
    // THE per-instance snapping step: a snapped instance is tessellated on its own, already oriented.
    let own: Local | null | undefined = this.ownCache.get(cell);
    if (own === undefined) {
      const t = snapper?.snapped(cell) ?? null;
      own = t ? tessellateTile(t, this.terrains, this.detail) : null;
      if (t) {
        stats.snapped++;
        stats.tessellated++;
      }
      this.ownCache.set(cell, own);
    }
    let local = own ?? this.cache.get(id);
    if (!local) {
      local = tessellateTile(tile, this.terrains, this.detail);
      this.cache.set(id, local);
      stats.tessellated++;
    }
    // A snapped instance's geometry is already oriented: its frame is the identity placement (code 0).
    const [a, b, c, d, cx, cy] = flatInstanceAffine(area, cell, own ? 0 : code, this.f, this.grid)!;
    const place: Place = () => (x, y, o) => o.push(cx + a * x + c * y, cy + b * x + d * y, 0);
    if (this.groundRgba) {
      let g = this.groundOf.get(tile.shape);
      if (!g) {
        g = { xy: [], indices: [], rgba: [] };
        coloured(g, this.groundRgba, (t) => triangulate(tile.shape.corners.flat(), t));
        this.groundOf.set(tile.shape, g);
      }
      out.fills.addFlat(g, a, b, c, d, cx, cy);
    }
    out.fills.addFlat(local.fills, a, b, c, d, cx, cy);
    out.under.addFlat(local.under, a, b, c, d, cx, cy);
    out.over.addFlat(local.over, a, b, c, d, cx, cy);
    return { local, place };
  }

  edited(cells: readonly number[]): number[] {
    const { cellCache, ownCache, grid } = this;
    for (const c of cells) {
      cellCache.delete(c);
      ownCache.delete(c);
    }
    const layer = this.geo.map.instances;
    const snapper = layer ? this.snapperFor(layer) : null;
    if (!snapper) return [];
    const edited = new Set(cells);
    const around = new Set<number>();
    const n = new Int32Array(8);
    for (const c of cells) {
      const k = grid.neighbors(c, n);
      for (let i = 0; i < k; i++) if (n[i]! >= 0 && !edited.has(n[i]!)) around.add(n[i]!);
    }
    snapper.forget([...cells, ...around]);
    const changed: number[] = [];
    for (const c of around) {
      // Not drawn at this detail yet: built fresh when it is.
      const was = this.globe ? cellCache.get(c)?.snapped : ownCache.has(c) ? ownCache.get(c) !== null : undefined;
      if (was === undefined) continue;
      const now = snapper.snapped(c) !== null;
      if (!was && !now) continue;
      cellCache.delete(c);
      ownCache.delete(c);
      changed.push(c);
    }
    return changed;
  }

  gaps(): readonly SnapGap[] {
    return this.snap?.gaps ?? [];
  }
}

/** Places a tile's local point at one layer radius (the globe's radius; ignored on flat maps). */
type Place = (radius: number) => (x: number, y: number, out: number[]) => void;

/** What one instance drew: its tessellation and where its points go. */
interface Drawn {
  readonly local: Local;
  readonly place: Place;
}

/**
 * The vector layer of `geo`'s map (its instance layer) as one block, or null when the map
 * holds no instances — for exports and tests; the app draws it in blocks (vector-slots.ts).
 */
export function buildVectorMap(geo: MapGeometry, tiles: TileSource, options: { detail?: number; ground?: string | null } = {}): VectorMapGeometry | null {
  const layer = geo.map.instances;
  if (!layer) return null;
  const builder = instanceBuilder(geo, tiles, options.detail ?? FINE_DETAIL, options.ground === undefined ? vectorGround(geo) : options.ground);
  const parts = newParts();
  for (let cell = 0; cell < layer.cellCount; cell++) builder.add(cell, parts);
  const drawn = partsGeometry(parts);
  return {
    ...drawn,
    stats: { ...builder.stats, fillTriangles: drawn.fills.indices.length / 3, strokeTriangles: drawn.strokes.indices.length / 3, points: drawn.points.indices.length / 6 },
    missing: [...builder.unknown],
    gaps: builder.gaps(),
  };
}

/** One set of parts as plain buffers: the fills, the strokes (casings of every instance, then every line), the point quads. */
export function partsGeometry(parts: VectorParts): Pick<VectorMapGeometry, 'fills' | 'strokes' | 'points'> {
  parts.under.append(parts.over);
  const p = parts.points;
  return {
    fills: buffersOf(parts.fills),
    strokes: buffersOf(parts.under),
    points: { ...buffersOf(p), uv: p.uv!.slice(0, 2 * p.vertices), symbol: p.sym!.slice(0, 4 * p.vertices) },
  };
}

function buffersOf(s: Sink): VectorBuffers {
  return { positions: s.pos.slice(0, 3 * s.vertices), colors: s.col.slice(0, 4 * s.vertices), indices: s.idx.slice(0, s.indexCount) };
}
