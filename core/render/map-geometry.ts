/**
 * The visualization geometry of one map (SPEC §5, §11 renderer, §12 "1 M tiles in under
 * 1 s, a handful of draw calls"): the four elements as four merged buffers, drawn in order
 * A, B, C, D (on the globe at radii rA < rB < rC < rD so each lies outside the previous):
 * (A) `area` — area polygons (area-mesh.ts);
 * (B) `linear` — linear strips, spurs and square hubs (linear-flat.ts / linear-globe.ts);
 * (C), (D) `outlines(mode)` — playable outlines for one MOVEMENT-MODE (outlines.ts); switching
 *     the mode recomputes only these.
 * Edits: `updateTiles` recolours (A) in place and rebuilds the (B) pieces whose shape depends
 * on the edited tiles, returning the vertex ranges to re-upload. Picking stays the grid's
 * analytic `pick`.
 *
 * Classic globes draw (A), (C) and (D) of their tiles; terrain on their edges is not drawn
 * (no linear element) — convert such a globe to AL-FORM to see it.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Layout } from '../grid/types.js';
import { DEFAULT_LAYOUT } from '../grid/types.js';
import type { TerrainMap } from '../map/terrain-map.js';
import type { TerrainCatalogue } from '../terrain/types.js';
import type { VectorTile } from '../vector/types.js';
import { buildFlatAreaMesh, buildGlobeAreaMesh } from './area-mesh.js';
import type { AreaSymbols } from './area-symbols.js';
import { buildAreaSymbols, symbolTable, updateAreaSymbols } from './area-symbols.js';
import { edgeDirections } from '../assemble/cell-geometry.js';
import { FlatFrame } from './flat-frame.js';
import { alformSource, classicSource } from './flat-sources.js';
import type { GlobeFrame } from './globe-frame.js';
import { defaultGlobeRadii, globeClasses, globeFrame } from './globe-frame.js';
import { InstanceLines, flatDrawnByInstance, globeDrawnByInstance, withoutInstanceDrawn } from './instance-lines.js';
import { FlatLinearBuilder, LINEAR_FAN_ORIGIN, LINEAR_PIECE_VERTICES } from './linear-flat.js';
import { GlobeLinearBuilder } from './linear-globe.js';
import type { OutlineStyleRule } from './outline-style.js';
import { compileOutlineStyles } from './outline-style.js';
import type { Outlines } from './outlines.js';
import { flatAcross, flatOutlines, globeAcross, globeOutlines } from './outlines.js';
import { BLOCKED_OUTLINE_TILES, FlatOutlineBlocks } from './outline-blocks.js';
import type { PaletteRules, RenderPalette } from './palette.js';
import { compileRenderPalette } from './palette.js';
import type { DirtyRange, MeshBuffers } from './pieces.js';
import { EMPTY_RANGE, PieceMesh, updateTileColour } from './pieces.js';

export interface GeometryOptions extends PaletteRules {
  /** Flat maps: tile ↔ model transform. Globe: `size` is the radius of layer A. */
  readonly layout?: Layout;
  /** Globe layer radii (A, B, C, D), ascending; default from the tile spacing (globe-frame.ts). */
  readonly globeRadii?: readonly [number, number, number, number];
  readonly outlineStyle?: OutlineStyleRule;
  /**
   * The vector tiles of the map's instances, where the map is drawn from them (the app):
   * linear pieces an adjoining instance draws are left out of (B) (instance-lines.ts). Without
   * it (exports, which draw no instances) every painted piece is drawn.
   */
  readonly vectorTiles?: (id: string) => VectorTile | null;
}

export interface GeometryUpdate {
  readonly area: DirtyRange;
  readonly linear: DirtyRange;
  /** The (B) arrays were reallocated: re-create the renderer's buffers from `linear`. */
  readonly linearGrown: boolean;
}

/**
 * (C), (D) and barriers in spatial blocks (outline-blocks.ts) and which blocks the call worked
 * out: `rebuilt` null = all of them (the first call, a new mode or palette, or a map drawn in
 * one block), else only those listed, the rest being as the previous call returned them.
 */
export interface OutlineBlockUpdate {
  readonly blocks: readonly Outlines[];
  readonly rebuilt: readonly number[] | null;
}

export class MapGeometry {
  /** Layer radii on the globe, null on flat maps. */
  readonly radii: readonly [number, number, number, number] | null;
  /** TILE-SPACING in model space at this geometry's layout (`grid.spacing`; globe: at radius rA). */
  readonly spacing: number;
  private renderPalette: RenderPalette;
  private readonly areaMesh: PieceMesh;
  /** Symbol attributes of (A), built on the first `symbols` read (the exports never need them). */
  private areaSymbols: { attrs: AreaSymbols; table: Uint8Array } | null = null;
  /** Area piece across each area edge, built on the first `outlines` call. */
  private across: Int32Array | null = null;
  private readonly flat: { frame: FlatFrame; builder: FlatLinearBuilder } | null;
  private readonly globe: { frame: GlobeFrame; classes: Uint8Array | null; builder: GlobeLinearBuilder | null; empty: PieceMesh } | null;
  /** What the placed instances draw across their edges (null: every painted piece is drawn). */
  readonly instanceLines: InstanceLines | null;
  /** Large flat maps: the outline blocks, made on the first `outlineBlocks` call. */
  private blocks: FlatOutlineBlocks | null = null;
  /** The last `outlineBlocks` result, its mode, and the blocks edited since. */
  private blockOutlines: { mode: string; outlines: Outlines[]; dirty: Set<number> } | null = null;

  constructor(
    readonly map: TerrainMap,
    readonly catalogue: TerrainCatalogue,
    readonly options: GeometryOptions = {},
  ) {
    const grid = map.grid;
    this.renderPalette = compileRenderPalette(catalogue, map.palette, options);
    const terrain = map.layers.terrain;
    const alform = map.spec.alform;
    const lines = options.vectorTiles ? new InstanceLines(map, options.vectorTiles) : null;
    this.instanceLines = lines;
    // Palette index → terrain id, read each time: painting may grow the palette.
    const name = (t: number) => map.palette[t - 1]!;
    if (grid.modelDimensions === 2) {
      const frame = new FlatFrame(grid, options.layout ?? DEFAULT_LAYOUT);
      this.areaMesh = buildFlatAreaMesh(frame, terrain, alform, this.renderPalette);
      const painted = alform ? alformSource(frame, terrain) : classicSource(frame, terrain, map.layers.edges!, map.layers.vertices);
      const source = lines ? withoutInstanceDrawn(painted, (x, y, t) => flatDrawnByInstance(lines, frame, alform, x, y, name(t))) : painted;
      this.flat = { frame, builder: new FlatLinearBuilder(frame, source, this.renderPalette) };
      this.globe = null;
      this.radii = null;
      this.spacing = grid.spacing(options.layout);
    } else {
      const frame = globeFrame(grid);
      const size = (options.layout ?? DEFAULT_LAYOUT).size;
      const radii = options.globeRadii ?? defaultGlobeRadii(frame.spacing, size);
      if (!(radii[0] > 0 && radii[0] < radii[1] && radii[1] < radii[2] && radii[2] < radii[3])) {
        throw new Error(`globe layer radii must be positive and ascending (A < B < C < D), got ${JSON.stringify(radii)}`);
      }
      this.radii = radii;
      this.spacing = radii[0] * grid.spacing();
      const classes = alform ? globeClasses(grid) : null;
      this.areaMesh = buildGlobeAreaMesh(frame, classes, terrain, this.renderPalette, radii[0]);
      const drawn = lines ? (s: number, t: number) => globeDrawnByInstance(lines, grid, s, name(t)) : null;
      const builder = classes ? new GlobeLinearBuilder(frame, classes, terrain, this.renderPalette, radii[1], drawn) : null;
      this.globe = { frame, classes, builder, empty: new PieceMesh(LINEAR_PIECE_VERTICES, grid.tileCount, 0, LINEAR_FAN_ORIGIN) };
      this.flat = null;
    }
  }

  /** Render tables of the map's palette (fill colours, widths, connect / join rules). */
  get palette(): RenderPalette {
    return this.renderPalette;
  }

  /** (A) */
  get area(): MeshBuffers {
    return this.areaMesh;
  }

  /**
   * Per-vertex symbol attributes of (A) (area-symbols.ts): the app draws each terrain's
   * symbol from the atlas inside the same draw call. Kept up to date by `updateTiles`.
   */
  get symbols(): AreaSymbols {
    if (!this.areaSymbols) {
      const table = symbolTable(this.catalogue, this.map.palette);
      this.areaSymbols = { attrs: buildAreaSymbols(this.areaMesh, table, this.radii !== null), table };
    }
    return this.areaSymbols.attrs;
  }

  /** (B) */
  get linear(): MeshBuffers {
    if (this.flat) return this.flat.builder.mesh;
    return this.globe!.builder?.mesh ?? this.globe!.empty;
  }

  /** (C) and (D) for one MOVEMENT-MODE of the catalogue. */
  outlines(mode: string): Outlines {
    const styles = compileOutlineStyles(this.catalogue, this.map.palette, mode, this.options.outlineStyle);
    const alform = this.map.spec.alform;
    if (this.flat) {
      this.across ??= flatAcross(this.flat.frame, this.areaMesh, alform);
      return flatOutlines(this.flat.frame, this.areaMesh, this.across, this.flat.builder.mesh, this.flat.builder, alform, styles);
    }
    const g = this.globe!;
    this.across ??= globeAcross(g.frame, g.classes, this.areaMesh);
    return globeOutlines(g.frame, g.classes, this.areaMesh, this.across, this.linear, styles, this.radii!, this.map.layers.terrain);
  }

  /** Whether `outlineBlocks` cuts this map into blocks (large flat maps that do not wrap). */
  get outlinesInBlocks(): boolean {
    const grid = this.map.grid;
    return this.flat !== null && grid.tileCount > BLOCKED_OUTLINE_TILES && !grid.wrap.x && !grid.wrap.y;
  }

  /**
   * (C) and (D) for one MOVEMENT-MODE, block by block: after a one-tile edit only the blocks
   * about it are worked out again (outline-blocks.ts), so painting on a million-tile map stays
   * within a frame. Maps not cut into blocks return one block, worked out whole each call.
   */
  outlineBlocks(mode: string): OutlineBlockUpdate {
    if (!this.outlinesInBlocks) return { blocks: [this.outlines(mode)], rebuilt: null };
    const { frame, builder } = this.flat!;
    const alform = this.map.spec.alform;
    this.across ??= flatAcross(frame, this.areaMesh, alform);
    this.blocks ??= new FlatOutlineBlocks(frame, builder.source, this.areaMesh, alform);
    const blocks = this.blocks;
    const styles = compileOutlineStyles(this.catalogue, this.map.palette, mode, this.options.outlineStyle);
    const build = (b: number) => flatOutlines(frame, this.areaMesh, this.across!, builder.mesh, builder, alform, styles, blocks.pieces(b, this.areaMesh, builder.mesh));
    const last = this.blockOutlines;
    if (last && last.mode === mode) {
      const rebuilt = [...last.dirty].sort((a, b) => a - b);
      for (const b of rebuilt) last.outlines[b] = build(b);
      last.dirty.clear();
      return { blocks: last.outlines, rebuilt };
    }
    const outlines: Outlines[] = [];
    for (let b = 0; b < blocks.count; b++) outlines.push(build(b));
    this.blockOutlines = { mode, outlines, dirty: new Set() };
    return { blocks: outlines, rebuilt: null };
  }

  /** Marks the outline blocks an edit at these AL coordinates (x, y pairs) may change. */
  private outlinesEdited(coords: ArrayLike<number>): void {
    const dirty = this.blockOutlines?.dirty;
    if (!dirty || !this.blocks) return;
    for (let i = 0; i + 1 < coords.length; i += 2) this.blocks.blocksNear(coords[i]!, coords[i + 1]!, dirty);
  }

  /**
   * Call after changing `map.layers.terrain` at these tiles (terrains new to the map's
   * palette are picked up): recolours their area polygons in place and rebuilds the linear
   * pieces that depend on them. Outlines are recomputed by the next `outlines(mode)`.
   */
  updateTiles(tiles: ArrayLike<number>): GeometryUpdate {
    const terrain = this.map.layers.terrain;
    const n = this.map.grid.tileCount;
    const mesh = this.areaMesh;
    this.syncPalette();
    const rgba = this.renderPalette.rgba;
    let lo = Infinity;
    let hi = -1;
    const linearCoords: number[] = [];
    const globeTiles: number[] = [];
    for (let k = 0; k < tiles.length; k++) {
      const i = tiles[k]!;
      if (!Number.isInteger(i) || i < 0 || i >= n) throw new RangeError(`tile index ${i} is outside the map (0…${n - 1})`);
      const t = terrain[i]!;
      const p = mesh.firstPiece[i]!;
      if (p >= 0) {
        mesh.terrain[p] = t;
        const r = updateTileColour(mesh, i, rgba.subarray(4 * t, 4 * t + 4));
        // Same pieces, same vertex range: the renderer uploads both attributes over it.
        if (this.areaSymbols) updateAreaSymbols(this.areaSymbols.attrs, mesh, this.areaSymbols.table, i);
        if (r.start < lo) lo = r.start;
        if (r.start + r.count > hi) hi = r.start + r.count;
      }
      if (this.flat) {
        const { xs, ys } = this.flat.frame;
        // Classic maps: the tile's area terrain sits at its doubled coordinates.
        const f = this.map.spec.alform ? 1 : 2;
        linearCoords.push(f * xs[i]!, f * ys[i]!);
      } else globeTiles.push(i);
    }
    const area = hi < 0 ? EMPTY_RANGE : { start: lo, count: hi - lo };
    let linear = EMPTY_RANGE;
    let linearGrown = false;
    if (this.flat) {
      const b = this.flat.builder;
      b.mesh.grown = false;
      linear = b.update(linearCoords);
      linearGrown = b.mesh.grown;
      this.outlinesEdited(linearCoords);
    } else if (this.globe!.builder) {
      const b = this.globe!.builder;
      b.mesh.grown = false;
      linear = b.update(globeTiles);
      linearGrown = b.mesh.grown;
    }
    return { area, linear, linearGrown };
  }

  /**
   * Call after placing or clearing instances on `cells` (map.instances): the linear pieces on
   * their edges, and those joined to them, are rebuilt (instance-lines.ts).
   */
  updateInstances(cells: ArrayLike<number>): GeometryUpdate {
    const none = { area: EMPTY_RANGE, linear: EMPTY_RANGE, linearGrown: false };
    if (!this.instanceLines) return none;
    this.instanceLines.forget(cells);
    this.syncPalette();
    if (this.flat) {
      const b = this.flat.builder;
      b.mesh.grown = false;
      const coords = instanceEdgeCoords(this.flat.frame, this.map.spec.alform, cells);
      const linear = b.update(coords);
      this.outlinesEdited(coords);
      return { area: EMPTY_RANGE, linear, linearGrown: b.mesh.grown };
    }
    const b = this.globe!.builder;
    if (!b) return none;
    const grid = this.map.grid;
    const beside: number[] = [];
    for (let k = 0; k < cells.length; k++) {
      for (const d of edgeDirections(grid, cells[k]!)) {
        const n = grid.neighbor(cells[k]!, d);
        if (n >= 0) beside.push(n);
      }
    }
    b.mesh.grown = false;
    const linear = b.update(beside);
    return { area: EMPTY_RANGE, linear, linearGrown: b.mesh.grown };
  }

  /** Painting a terrain new to the map appends it to the palette (existing indices stay): recompile the tables. */
  private syncPalette(): void {
    if (this.map.palette.length + 1 === this.renderPalette.size) return;
    this.renderPalette = compileRenderPalette(this.catalogue, this.map.palette, this.options);
    // The outline styles are per palette entry: the next outlineBlocks works every block out.
    this.blockOutlines = null;
    if (this.areaSymbols) this.areaSymbols.table = symbolTable(this.catalogue, this.map.palette);
    if (this.flat) this.flat.builder.palette = this.renderPalette;
    if (this.globe?.builder) this.globe.builder.palette = this.renderPalette;
  }

  /**
   * Classic flat maps: call after changing edge terrain (edge slots) or square vertex terrain
   * (vertex slots, given as edgeSlotCount + slot); rebuilds the affected strips.
   */
  updateEdges(owners: ArrayLike<number>): GeometryUpdate {
    // A classic globe draws no edge terrain in (B) (its builder is AL-FORM's only), so an
    // edit of its edges (a vector tile placed: its roads' edge terrain) changes nothing here.
    if (this.globe && !this.map.spec.alform) return { area: EMPTY_RANGE, linear: EMPTY_RANGE, linearGrown: false };
    if (!this.flat || this.map.spec.alform) throw new Error('updateEdges applies to classic flat maps; AL-FORM maps keep edge terrain on linear tiles (use updateTiles)');
    this.syncPalette();
    const b = this.flat.builder;
    const xy = new Int32Array(2);
    const coords: number[] = [];
    for (let k = 0; k < owners.length; k++) {
      const o = owners[k]!;
      if (!Number.isInteger(o) || o < 0 || o >= b.source.ownerCount) throw new RangeError(`edge/vertex slot ${o} is outside 0…${b.source.ownerCount - 1}`);
      b.source.coordsOf(o, xy);
      coords.push(xy[0]!, xy[1]!);
    }
    b.mesh.grown = false;
    const linear = b.update(coords);
    this.outlinesEdited(coords);
    return { area: EMPTY_RANGE, linear, linearGrown: b.mesh.grown };
  }
}

/**
 * After placing or clearing instances on `cells`: the linear pieces on their edges are drawn
 * again — left out where the instance now draws them, back where it no longer does.
 */
function instanceEdgeCoords(frame: FlatFrame, alform: boolean, cells: ArrayLike<number>): number[] {
  const { xs, ys, dx, dy } = frame;
  const f = alform ? 1 : 2;
  const coords: number[] = [];
  for (let k = 0; k < cells.length; k++) {
    const c = cells[k]!;
    for (let d = 0; d < dx.length; d++) coords.push(f * xs[c]! + dx[d]!, f * ys[c]! + dy[d]!);
  }
  return coords;
}

export function buildMapGeometry(map: TerrainMap, catalogue: TerrainCatalogue, options: GeometryOptions = {}): MapGeometry {
  return new MapGeometry(map, catalogue, options);
}
