/**
 * The renderer's copy of the open map: the core `TerrainMap` rebuilt from the main
 * process's JSON, kept in step by applying the `TileChange`s every edit returns (the main
 * process stays the one owner of the data; this copy only feeds drawing, hover and picking).
 * Also the read-only questions the UI asks about one tile (coordinates, class, terrain).
 *
 * Renderer layer, but nothing here needs the DOM: pure functions over core types.
 */
import type { EditResult, MapPayload, MapSummary, TileChange, UndoState } from '../../../contract/contract.js';
import { mapFromJson } from '../../../core/map/map-json.js';
import type { TerrainMap } from '../../../core/map/terrain-map.js';
import { TILE_CLASS_NAMES, TileClass, type TileClassCode } from '../../../core/alform/classify.js';
import { tileClasses } from '../../../core/alform/tile-classes.js';
import type { Terrain, TerrainCatalogue } from '../../../core/terrain/types.js';
import { findTerrain } from '../../../core/terrain/lookup.js';
import type { Grid } from '../../../core/grid/types.js';
import type { TileNumbering } from '../../../core/map/numbering.js';
import type { NumberingSystem } from '../../../core/map/meta.js';
import { InstanceLayer } from '../../../core/map/instance-layer.js';
import { NetworkLayer } from '../../../core/map/network-layer.js';
import type { VectorTile } from '../../../core/vector/types.js';
import { vectorTileFromJson } from '../../../core/vector/json.js';

export interface LoadedMap {
  readonly id: string;
  summary: MapSummary;
  readonly map: TerrainMap;
  /** AL-FORM class code per tile (0 = AREA); null on classic maps, where every tile is an area tile. */
  readonly classes: Uint8Array | null;
  /** Whether the map's journal had a step to undo / redo when it was loaded (the history outlives the session). */
  readonly history?: UndoState;
  /** The vector tiles the map's instances name (maps drawn as maps); absent or empty on painted maps. */
  readonly vectorTiles?: Map<string, VectorTile>;
}

export function loadPayload(payload: MapPayload): LoadedMap {
  const map = mapFromJson(payload.map, payload.summary.name);
  const vectorTiles = new Map<string, VectorTile>();
  for (const [k, json] of (payload.vectorTiles ?? []).entries()) {
    const tile = vectorTileFromJson(json, `vector tile ${k + 1} of map "${payload.summary.name}"`);
    vectorTiles.set(tile.id, tile);
  }
  return { id: payload.summary.id, summary: payload.summary, map, classes: map.spec.alform ? tileClasses(map.grid) : null, history: payload.history, vectorTiles };
}

export interface AppliedEdit {
  /** Tiles whose terrain changed (the `terrain` layer). */
  readonly tiles: Int32Array;
  /** Tiles whose vector tile instance was placed or cleared. */
  readonly instanceTiles: Int32Array;
  /** Edge slots that changed (classic maps, the `edges` layer). */
  readonly edgeSlots: Int32Array;
  /** Tiles whose through-tile network connections changed (roads, railroads: issue 26). */
  readonly networkTiles: Int32Array;
  /** The palette grew, so per-palette tables (colours, movement) must be recompiled. */
  readonly paletteChanged: boolean;
}

/** Applies an edit's changes, instances and palette to the local copy; says what must be redrawn. */
export function applyEdit(loaded: LoadedMap, edit: Pick<EditResult, 'changes' | 'palette' | 'instances' | 'labels' | 'networks'>): AppliedEdit {
  const { map } = loaded;
  // A label step (or its undo) hands back the whole list: labels are few, and the list is the truth.
  if (edit.labels) map.labels = edit.labels;
  const paletteChanged = edit.palette.length !== map.palette.length || edit.palette.some((id, k) => map.palette[k] !== id);
  if (paletteChanged) map.palette.splice(0, map.palette.length, ...edit.palette);
  const tiles: number[] = [];
  const slots: number[] = [];
  for (const change of edit.changes) applyChange(map, change, tiles, slots);
  const placed: number[] = [];
  for (const p of edit.instances ?? []) {
    if (p.tile < 0 || p.tile >= map.tileCount) throw new Error(`edit places a tile on ${p.tile}, outside this map (0…${map.tileCount - 1})`);
    let layer = map.instances;
    if (p.vectorTile === null) layer?.clear(p.tile);
    else {
      if (!layer) map.setInstances((layer = new InstanceLayer(map.grid)));
      layer.set(p.tile, p.vectorTile, p.placement);
    }
    placed.push(p.tile);
  }
  const networkTiles: number[] = [];
  for (const n of edit.networks ?? []) {
    if (n.tile < 0 || n.tile >= map.tileCount) throw new Error(`edit changes the network of tile ${n.tile}, outside this map (0…${map.tileCount - 1})`);
    let layer = map.networks;
    if (!layer) map.setNetworks((layer = new NetworkLayer(map.tileCount)));
    layer.set(n.tile, n.codes);
    networkTiles.push(n.tile);
  }
  return { tiles: Int32Array.from(tiles), instanceTiles: Int32Array.from(placed), edgeSlots: Int32Array.from(slots), networkTiles: Int32Array.from(networkTiles), paletteChanged };
}

function applyChange(map: TerrainMap, c: TileChange, tiles: number[], slots: number[]): void {
  if (c.layer === 'terrain') {
    if (c.index < 0 || c.index >= map.layers.terrain.length) throw new Error(`edit changes tile ${c.index}, outside this map (0…${map.tileCount - 1})`);
    map.layers.terrain[c.index] = c.value;
    tiles.push(c.index);
  } else {
    const edges = map.layers.edges;
    if (!edges) throw new Error('edit changes an edge, but this AL-FORM map has no edge layer');
    if (c.index < 0 || c.index >= edges.length) throw new Error(`edit changes edge slot ${c.index}, outside this map (0…${edges.length - 1})`);
    edges[c.index] = c.value;
    slots.push(c.index);
  }
}

/** What the status bar shows about a tile. */
export interface TileInfo {
  readonly tile: number;
  /** Preferred-system coordinate, e.g. [3, -2] or [lat, lon]. */
  readonly coord: number[];
  readonly system: string;
  /** AREA or LINEAR on AL-FORM maps; TILE on classic maps. */
  readonly tileClass: 'AREA' | 'LINEAR' | 'TILE';
  /** X-EDGE, Y-AXIS …, or '' for area tiles and classic maps. */
  readonly subClass: string;
  readonly pentagon: boolean;
  readonly terrainId: string;
  readonly terrainName: string;
  /** The tile's number in the map's chosen numbering (core/map/numbering.ts), and that system; null without one (or on a linear tile). */
  readonly number: { readonly text: string; readonly system: NumberingSystem } | null;
}

export function tileInfo(loaded: LoadedMap, catalogue: TerrainCatalogue | null, tile: number, numbering: { system: NumberingSystem; label: TileNumbering } | null = null): TileInfo {
  const { map, classes } = loaded;
  const grid = map.grid;
  const code = classes ? (classes[tile] as TileClassCode) : null;
  const terrainId = map.terrainOf(map.layers.terrain[tile]!);
  const terrain = catalogue && terrainId ? findTerrain(catalogue, terrainId) : undefined;
  return {
    tile,
    coord: grid.coord(tile),
    system: grid.coordSystem,
    tileClass: code === null ? 'TILE' : code === TileClass.AREA ? 'AREA' : 'LINEAR',
    subClass: code === null || code === TileClass.AREA ? '' : TILE_CLASS_NAMES[code],
    pentagon: isPentagon(grid, tile),
    terrainId,
    terrainName: terrain?.name ?? terrainId,
    number: numberOf(numbering, tile),
  };
}

function numberOf(numbering: { system: NumberingSystem; label: TileNumbering } | null, tile: number): TileInfo['number'] {
  const text = numbering?.label(tile) ?? null;
  return text === null ? null : { text, system: numbering!.system };
}

export function isPentagon(grid: Grid, tile: number): boolean {
  return grid.isPentagon(tile);
}

/** Coordinates as people read them: core/coords/format.ts (one rule for every panel). */
export { formatCoord } from '../../../core/coords/format.js';

/** True if `terrain` may go on `tile` by the AL-FORM rule (area terrain on area tiles, linear on linear). */
export function fitsTile(loaded: LoadedMap, terrain: Terrain | undefined, tile: number): boolean {
  if (!terrain) return true; // erasing fits anywhere
  if (!loaded.classes) return terrain.class === 'area';
  return (loaded.classes[tile] === TileClass.AREA) === (terrain.class === 'area');
}
