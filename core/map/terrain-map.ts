/**
 * The map data model (SPEC §3, §4 "flat typed arrays, no object per tile"): kind, size,
 * wrap, AL-FORM or classic, and terrain layers as typed arrays.
 *
 * Terrain is stored as 1-byte palette indices: 0 = no terrain, k = 1…255 = `palette[k − 1]`,
 * a terrain id — the same convention as core/terrain/compiled.ts, so compiled tables index
 * straight by layer values. A million-tile map is a few megabytes:
 * - AL-FORM: `terrain` holds one terrain per tile — area terrain on area tiles, linear
 *   terrain on linear tiles. 1 byte a tile.
 * - classic: `terrain` holds the area terrain per tile, `edges` the terrain on each shared
 *   tile edge (grid.edgeSlotsPerTile slots a tile), and on square maps `vertices` the
 *   terrain on each tile vertex (1 slot a tile). At most 4 bytes a tile.
 * - `elevation` (optional, both forms): metres as Int16, for line of sight and heightmaps.
 * - `instances` (optional): the vector tile instance per tile (core/assemble
 *   InstanceLayer: Int32 tile reference + Uint8 placement code, 5 bytes a tile); on AL-FORM
 *   maps area tiles only. The terrain of a tile holding one is derived from it (core/assemble
 *   deriveTerrain) and written into the layers above, so movement, sight and derivation read
 *   terrain as before.
 * - `linear` (optional, AL-FORM maps): the class and tile of each linear tile (core/assemble
 *   LinearLayer: PASS-THRU / WITH-TERRAIN / BLOCKING); its terrain is derived the same way
 *   (core/assemble deriveLinearTerrain).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Grid, GridSize, Wrap } from '../grid/types.js';
import { NO_WRAP } from '../grid/types.js';
import { requireVertices } from '../grid/capabilities.js';
import { createGrid } from '../grid/create.js';
import type { MapMeta } from './meta.js';
import type { EdgeSlot, PaletteValue, TileIndex } from './units.js';
import { quoted } from '../util/bounded.js';
// Type only: the instance layer's code lives in core/assemble, which builds on this module.
import type { InstanceLayer } from './instance-layer.js';
import type { LinearLayer } from './linear-layer.js';
import type { NetworkLayer } from './network-layer.js';
import { TileClass } from '../alform/classify.js';
import { tileClasses } from '../alform/tile-classes.js';

/** Terrain ids one map can hold (Uint8 indices 1…255). */
export const MAX_PALETTE = 255;

export interface MapSpec {
  readonly kind: GridSize['kind'];
  readonly size: GridSize;
  readonly wrap: Wrap;
  readonly alform: boolean;
}

export interface MapLayers {
  terrain: Uint8Array;
  edges: Uint8Array | null;
  vertices: Uint8Array | null;
  elevation: Int16Array | null;
}

// Typed in ./meta.ts with the validators that read it from files and the database.
export type { MapMeta } from './meta.js';
export type { EdgeSlot, PaletteValue, TileIndex } from './units.js';

export class TerrainMap {
  readonly grid: Grid;
  readonly palette: string[];
  readonly layers: MapLayers;
  meta: MapMeta;
  /** The vector tile instances, or null for a map painted tile by tile (setInstances). */
  private instanceLayer: InstanceLayer | null = null;
  /** AL-FORM only: the linear tiles' classes and tiles, or null (all PASS-THRU) (setLinear). */
  private linearLayer: LinearLayer | null = null;
  /** The through-tile networks (roads, railroads … from centre to centre), or null for none (setNetworks). */
  private networkLayer: NetworkLayer | null = null;

  private constructor(
    readonly spec: MapSpec,
    grid: Grid,
    palette: string[],
    layers: MapLayers,
    meta: MapMeta,
  ) {
    this.grid = grid;
    this.palette = palette;
    this.layers = layers;
    this.meta = meta;
  }

  /** A new map with every tile empty (palette index 0). */
  static create(spec: { size: GridSize; wrap?: Wrap; alform?: boolean; palette?: readonly string[]; meta?: MapMeta; elevation?: boolean }): TerrainMap {
    const full: MapSpec = { kind: spec.size.kind, size: spec.size, wrap: spec.wrap ?? NO_WRAP, alform: spec.alform ?? false };
    const grid = createGrid(full);
    const palette = normalizePalette(spec.palette ?? []);
    const n = grid.tileCount;
    const layers: MapLayers = {
      terrain: new Uint8Array(n),
      edges: full.alform ? null : new Uint8Array(n * grid.edgeSlotsPerTile),
      vertices: !full.alform && full.kind === 'square' ? new Uint8Array(n) : null,
      elevation: spec.elevation ? new Int16Array(n) : null,
    };
    return new TerrainMap(full, grid, palette, layers, { ...(spec.meta ?? {}) });
  }

  /** Wraps existing layers (lengths are checked). */
  static fromLayers(spec: MapSpec, palette: readonly string[], layers: MapLayers, meta: MapMeta = {}): TerrainMap {
    const grid = createGrid(spec);
    const map = new TerrainMap(spec, grid, normalizePalette(palette), layers, meta);
    map.checkLayers();
    return map;
  }

  get tileCount(): number {
    return this.grid.tileCount;
  }

  get instances(): InstanceLayer | null {
    return this.instanceLayer;
  }

  /**
   * Attaches (or with null removes) the instance layer; it must be over this map's grid. On
   * an AL-FORM map instances sit on area tiles only (linear tiles hold theirs in `linear`).
   */
  setInstances(layer: InstanceLayer | null): void {
    if (layer) {
      if (layer.cellCount !== this.tileCount) throw new Error(`the instance layer has ${layer.cellCount} cells; this map has ${this.tileCount} tiles`);
      if (this.spec.alform) {
        const cls = tileClasses(this.grid);
        for (let c = 0; c < layer.cellCount; c++) {
          if (layer.has(c) && cls[c] !== TileClass.AREA) throw new Error(`cell ${c} is a linear tile of this AL-FORM map; area instances go on area tiles (linear tiles hold theirs in the linear layer)`);
        }
      }
    }
    this.instanceLayer = layer;
  }

  get linear(): LinearLayer | null {
    return this.linearLayer;
  }

  /** Attaches (or with null removes) the linear layer of an AL-FORM map (over this map's grid). */
  setLinear(layer: LinearLayer | null): void {
    if (layer) {
      if (!this.spec.alform) throw new Error('only AL-FORM maps have linear tiles; this map is classic');
      if (layer.linearClass.length !== this.tileCount) throw new Error(`the linear layer has ${layer.linearClass.length} cells; this map has ${this.tileCount} tiles`);
    }
    this.linearLayer = layer;
  }

  get networks(): NetworkLayer | null {
    return this.networkLayer;
  }

  /** Attaches (or with null removes) the through-tile network layer; it must cover this map's tiles. */
  setNetworks(layer: NetworkLayer | null): void {
    if (layer && layer.tileCount !== this.tileCount) throw new Error(`the network layer covers ${layer.tileCount} tiles; this map has ${this.tileCount}`);
    this.networkLayer = layer;
  }

  /** Layer value (palette index) of a terrain id, adding it to the palette if new; '' → 0. */
  terrainIndex(id: string): PaletteValue {
    if (id === '') return 0;
    const k = this.palette.indexOf(id);
    if (k >= 0) return k + 1;
    if (this.palette.length >= MAX_PALETTE) throw new Error(`a map holds at most ${MAX_PALETTE} distinct terrains; cannot add ${quoted(id)}`);
    this.palette.push(id);
    return this.palette.length;
  }

  /** Terrain id of a layer value ('' for 0). */
  terrainOf(value: PaletteValue): string {
    return value === 0 ? '' : this.palette[value - 1]!;
  }

  /** Terrain id at a tile ('' for none). */
  terrainAt(index: TileIndex): string {
    this.checkTile(index);
    return this.terrainOf(this.layers.terrain[index]!);
  }

  setTerrain(index: TileIndex, id: string): void {
    this.checkTile(index);
    this.layers.terrain[index] = this.terrainIndex(id);
  }

  /** Classic maps: terrain on the edge between `index` and its neighbour in `dir`. */
  edgeTerrainAt(index: TileIndex, dir: number): string {
    const slot = this.edgeSlotOrThrow(index, dir);
    return this.terrainOf(this.layers.edges![slot]!);
  }

  setEdgeTerrain(index: TileIndex, dir: number, id: string): void {
    const slot = this.edgeSlotOrThrow(index, dir);
    this.layers.edges![slot] = this.terrainIndex(id);
  }

  /** Bytes used by the terrain layers (terrain + edges + vertices), for the ≤ 4 bytes/tile budget. */
  terrainBytes(): number {
    const { terrain, edges, vertices } = this.layers;
    return terrain.byteLength + (edges?.byteLength ?? 0) + (vertices?.byteLength ?? 0);
  }

  clone(): TerrainMap {
    const { terrain, edges, vertices, elevation } = this.layers;
    const out = new TerrainMap(
      this.spec,
      this.grid,
      [...this.palette],
      { terrain: terrain.slice(), edges: edges?.slice() ?? null, vertices: vertices?.slice() ?? null, elevation: elevation?.slice() ?? null },
      structuredCloneMeta(this.meta),
    );
    out.instanceLayer = this.instanceLayer?.clone() ?? null;
    out.linearLayer = this.linearLayer?.clone() ?? null;
    out.networkLayer = this.networkLayer?.clone() ?? null;
    return out;
  }

  private edgeSlotOrThrow(index: TileIndex, dir: number): EdgeSlot {
    if (this.spec.alform) throw new Error('AL-FORM maps keep edge terrain on linear tiles, not on tile edges');
    this.checkTile(index);
    if (!Number.isInteger(dir) || dir < 0 || dir >= this.grid.degree(index)) {
      throw new RangeError(`direction ${dir} is not one of tile ${index}'s ${this.grid.degree(index)} directions`);
    }
    const slot = this.grid.edgeSlot(index, dir);
    if (slot < 0) throw new RangeError(`tile ${index} has no edge in direction ${dir} (off the map${this.spec.kind === 'square' ? ' or a diagonal' : ''})`);
    return slot;
  }

  private checkTile(index: number): void {
    if (!Number.isInteger(index) || index < 0 || index >= this.grid.tileCount) {
      throw new RangeError(`tile index ${index} is outside the map (0…${this.grid.tileCount - 1})`);
    }
  }

  private checkLayers(): void {
    const n = this.grid.tileCount;
    const { terrain, edges, vertices, elevation } = this.layers;
    const expect = (name: string, got: number, want: number) => {
      if (got !== want) throw new Error(`layer ${name} has ${got} entries; this ${this.spec.kind} map needs ${want}`);
    };
    expect('terrain', terrain.length, n);
    if (this.spec.alform) {
      if (edges || vertices) throw new Error('AL-FORM maps have no edges/vertices layers (edge terrain lives on linear tiles)');
    } else {
      if (!edges) throw new Error('classic maps need an edges layer');
      expect('edges', edges.length, n * this.grid.edgeSlotsPerTile);
      if (this.spec.kind === 'square') {
        if (!vertices) throw new Error('classic square maps need a vertices layer');
        expect('vertices', vertices.length, n);
      } else if (vertices) throw new Error(`only square maps have a vertices layer, not ${this.spec.kind}`);
    }
    if (elevation) expect('elevation', elevation.length, n);
    for (const [name, layer] of [
      ['terrain', terrain],
      ['edges', edges],
      ['vertices', vertices],
    ] as const) {
      if (!layer) continue;
      for (let i = 0; i < layer.length; i++) {
        if (layer[i]! > this.palette.length) throw new Error(`layer ${name}[${i}] = ${layer[i]} is not 0 or an index 1…${this.palette.length} into the palette`);
      }
    }
    // Slots of edges and vertices that do not exist (on the map border) must stay empty:
    // terrain there has no tile in the AL-FORM map and would be lost by a conversion.
    if (edges) checkUnusedSlots('edges', edges, usedSlots(this.grid, edges.length, (i, d) => this.grid.edgeSlot(i, d)));
    if (vertices) {
      const g = requireVertices(this.grid, 'a vertices layer');
      checkUnusedSlots('vertices', vertices, usedSlots(g, vertices.length, (i, d) => g.vertexSlot(i, d)));
    }
  }
}

function usedSlots(grid: Grid, length: number, slotOf: (tile: number, dir: number) => number): Uint8Array {
  const used = new Uint8Array(length);
  for (let i = 0; i < grid.tileCount; i++) {
    const deg = grid.degree(i);
    for (let d = 0; d < deg; d++) {
      const s = slotOf(i, d);
      if (s >= 0) used[s] = 1;
    }
  }
  return used;
}

function checkUnusedSlots(name: string, layer: Uint8Array, used: Uint8Array): void {
  for (let s = 0; s < layer.length; s++) {
    if (layer[s] !== 0 && !used[s]) throw new Error(`layer ${name}[${s}] holds terrain on a ${name === 'edges' ? 'tile edge' : 'vertex'} that lies on the map border; it must be 0`);
  }
}

function normalizePalette(palette: readonly string[]): string[] {
  const out = [...palette];
  if (out.length > MAX_PALETTE) throw new Error(`a map palette holds at most ${MAX_PALETTE} terrains, got ${out.length}`);
  const seen = new Set<string>();
  out.forEach((id, k) => {
    if (typeof id !== 'string') throw new Error(`palette[${k}] must be a terrain id string`);
    if (id === '') throw new Error(`palette[${k}] is empty; "no terrain" is layer value 0, not a palette entry`);
    if (seen.has(id)) throw new Error(`palette lists ${quoted(id)} twice`);
    seen.add(id);
  });
  return out;
}

function structuredCloneMeta(meta: MapMeta): MapMeta {
  return JSON.parse(JSON.stringify(meta)) as MapMeta;
}
