/**
 * Painting terrain onto a map by the AL-FORM rules (SPEC §3), shared by the CLI and the app
 * so both refuse the same edits with the same words:
 * - AL-FORM maps: area terrain only on AREA tiles, linear terrain only on LINEAR tiles;
 * - classic maps: area terrain on tiles, linear terrain on the edge between two tiles.
 * "" (no terrain) erases and goes anywhere.
 * - a tile holding a vector tile instance takes its terrain from the instance (core/assemble
 *   deriveTerrain), so neither it nor its edges are painted by hand: clear the instance first.
 *
 * An edit is planned first (validated, nothing changed) and applied second, so a caller that
 * must record the edit elsewhere first (the project's undo journal) can refuse it without
 * having touched the map. Plans list only the values that really change.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainMap } from './terrain-map.js';
import type { EdgeSlot, PaletteValue, TileIndex } from './units.js';
import { MAX_PALETTE } from './terrain-map.js';
import type { Terrain, TerrainCatalogue } from '../terrain/types.js';
import { findTerrain } from '../terrain/lookup.js';
import { classifyTile, TILE_CLASS_NAMES, TileClass } from '../alform/classify.js';
import { tileClasses } from '../alform/tile-classes.js';
import { quoted } from '../util/bounded.js';

/** An edit the rules refuse; the message names the tile and the rule. */
export class PaintError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaintError';
  }
}

export interface LayerChange {
  readonly layer: 'terrain' | 'edges';
  /** Tile index on `terrain`, edge slot (grid.edgeSlot) on `edges`. */
  readonly index: TileIndex | EdgeSlot;
  readonly before: PaletteValue;
  readonly after: PaletteValue;
}

export interface PaintPlan {
  readonly changes: LayerChange[];
  /** The map's palette after the edit: the current one, plus the painted terrain when it is new. */
  readonly palette: readonly string[];
}

/** Where a tile is, for messages: its preferred coordinates ("2,2" or "1,0,-1"). */
export function tileLabel(map: TerrainMap, tile: number): string {
  return `tile ${map.grid.coord(tile).join(',')}`;
}

/** Plans painting `terrainId` ("" erases) onto `tiles` (dense indices; repeats are ignored). */
export function planPaint(map: TerrainMap, catalogue: TerrainCatalogue, tiles: ArrayLike<number>, terrainId: string): PaintPlan {
  const terrain = terrainOf(catalogue, terrainId);
  const { palette, value } = paletteWith(map, terrainId);
  const layer = map.layers.terrain;
  const seen = new Set<number>();
  const changes: LayerChange[] = [];
  for (let k = 0; k < tiles.length; k++) {
    const t = tiles[k]!;
    checkTile(map, t);
    if (seen.has(t)) continue;
    seen.add(t);
    checkNoInstance(map, t);
    if (terrain) checkTileClass(map, t, terrain);
    const before = layer[t]!;
    if (before !== value) changes.push({ layer: 'terrain', index: t, before, after: value });
  }
  return { changes, palette };
}

/** Plans putting linear `terrainId` ("" erases) on the edge of a classic map's tile in direction `dir`. */
export function planEdgePaint(map: TerrainMap, catalogue: TerrainCatalogue, tile: number, dir: number, terrainId: string): PaintPlan {
  if (map.spec.alform) throw new PaintError('AL-FORM maps keep linear terrain on linear tiles, not on tile edges; paint the linear tile itself');
  const terrain = terrainOf(catalogue, terrainId);
  checkTile(map, tile);
  const where = tileLabel(map, tile);
  if (terrain && terrain.class !== 'linear') throw new PaintError(`${where}: tile edges take linear terrain; ${quoted(terrain.id)} is area terrain`);
  const degree = map.grid.degree(tile);
  if (!Number.isInteger(dir) || dir < 0 || dir >= degree) throw new PaintError(`${where}: direction must be 0…${degree - 1}, got ${dir}`);
  const slot = map.grid.edgeSlot(tile, dir);
  if (slot < 0) throw new PaintError(`${where} has no edge in direction ${dir} (off the map${map.spec.kind === 'square' ? ' or a diagonal' : ''})`);
  checkNoInstance(map, tile);
  checkNoInstance(map, map.grid.neighbor(tile, dir));
  const { palette, value } = paletteWith(map, terrainId);
  const before = map.layers.edges![slot]!;
  return { changes: before === value ? [] : [{ layer: 'edges', index: slot, before, after: value }], palette };
}

/** Applies a plan made for this map (palette first, so the new values are valid). */
export function applyPlan(map: TerrainMap, plan: PaintPlan): void {
  for (let k = map.palette.length; k < plan.palette.length; k++) map.palette.push(plan.palette[k]!);
  for (const c of plan.changes) writeValue(map, c.layer, c.index, c.after);
}

/** Writes one layer value (undo and redo replay through this too). */
export function writeValue(map: TerrainMap, layer: 'terrain' | 'edges', index: TileIndex | EdgeSlot, value: PaletteValue): void {
  const values = layer === 'terrain' ? map.layers.terrain : map.layers.edges;
  if (!values) throw new PaintError(`this map has no ${layer} layer`);
  if (!Number.isInteger(index) || index < 0 || index >= values.length) throw new PaintError(`${layer} index ${index} is outside the layer (0…${values.length - 1})`);
  values[index] = value;
}

/** Throws unless `terrainId` is area terrain of the catalogue, as filling a new map needs. */
export function checkFillTerrain(catalogue: TerrainCatalogue, terrainId: string): void {
  const terrain = terrainOf(catalogue, terrainId);
  if (terrain && terrain.class !== 'area') throw new PaintError(`fill needs area terrain; ${quoted(terrainId)} is linear`);
}

/**
 * Fills every tile that takes area terrain (all tiles of a classic map, the AREA tiles of an
 * AL-FORM map) with `terrainId`, which must be area terrain. For new maps.
 */
export function fillArea(map: TerrainMap, catalogue: TerrainCatalogue, terrainId: string): void {
  checkFillTerrain(catalogue, terrainId);
  fillGround(map, terrainId);
}

/**
 * `fillArea` without the catalogue, for a caller that ran checkFillTerrain already (the job
 * worker, which is handed the checked terrain id, not the catalogue).
 */
export function fillGround(map: TerrainMap, terrainId: string): void {
  const value = map.terrainIndex(terrainId);
  const layer = map.layers.terrain;
  if (!map.spec.alform) {
    layer.fill(value);
    return;
  }
  const cls = tileClasses(map.grid);
  for (let i = 0; i < layer.length; i++) if (cls[i] === TileClass.AREA) layer[i] = value;
}

function terrainOf(catalogue: TerrainCatalogue, id: string): Terrain | null {
  if (id === '') return null;
  const t = findTerrain(catalogue, id);
  if (!t) throw new PaintError(`${quoted(id)} is not a terrain of catalogue ${quoted(catalogue.name)}`);
  return t;
}

export function checkTile(map: TerrainMap, t: number): void {
  if (!Number.isInteger(t) || t < 0 || t >= map.tileCount) throw new PaintError(`tile index ${t} is outside the map (0…${map.tileCount - 1})`);
}

export function checkNoInstance(map: TerrainMap, t: number): void {
  if (map.instances?.has(t)) throw new PaintError(`${tileLabel(map, t)} holds the vector tile "${map.instances.get(t)!.tile}", which gives it its terrain; clear the tile first`);
}

function checkTileClass(map: TerrainMap, t: number, terrain: Terrain): void {
  const where = tileLabel(map, t);
  if (map.spec.alform) {
    const cls = classifyTile(map.grid, t);
    if ((cls === TileClass.AREA) !== (terrain.class === 'area')) {
      throw new PaintError(`${where} is ${cls === TileClass.AREA ? 'an area tile' : `a linear tile (${TILE_CLASS_NAMES[cls]})`}; ${quoted(terrain.id)} is ${terrain.class} terrain`);
    }
  } else if (terrain.class !== 'area') {
    throw new PaintError(`${where}: ${quoted(terrain.id)} is linear terrain; on a classic map it goes on a tile edge (give the edge direction)`);
  }
}

/** The layer value of `id` and the palette that holds it, without changing the map. */
function paletteWith(map: TerrainMap, id: string): { palette: readonly string[]; value: PaletteValue } {
  if (id === '') return { palette: map.palette, value: 0 };
  const k = map.palette.indexOf(id);
  if (k >= 0) return { palette: map.palette, value: k + 1 };
  checkPaletteRoom(map.palette, id);
  return { palette: [...map.palette, id], value: map.palette.length + 1 };
}

function checkPaletteRoom(palette: readonly string[], id: string): void {
  if (palette.length >= MAX_PALETTE) throw new PaintError(`a map holds at most ${MAX_PALETTE} distinct terrains; cannot add ${quoted(id)}`);
}

/**
 * A copy of the map's palette that grows by the terrains a plan puts down (checked against
 * MAX_PALETTE); `valueOf(id)` is `id`'s layer value in it ('' → 0). Every plan that adds
 * terrains builds its palette this way.
 */
export function growingPalette(map: TerrainMap): { palette: string[]; valueOf: (id: string) => number } {
  const palette = [...map.palette];
  const valueOf = (id: string): number => {
    if (id === '') return 0;
    let k = palette.indexOf(id);
    if (k < 0) {
      checkPaletteRoom(palette, id);
      palette.push(id);
      k = palette.length - 1;
    }
    return k + 1;
  };
  return { palette, valueOf };
}
