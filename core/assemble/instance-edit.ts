/**
 * Placing and clearing tile instances on a map as one edit (issue "Maps made of tile
 * instances"), shared by the app's services, the CLI and the store's journal: an edit is
 * PLANNED first — the instance values and the terrain derived from the instances
 * (derive-terrain.ts) that change, nothing touched — and applied second, the way core/map
 * paint plans work, so the caller can record it in the project's undo journal first.
 *
 * Layer values as stored (node/store): `instance_tiles` holds the tile table index + 1 per
 * cell (0 = empty), `instance_codes` the placement code (orientation-code.ts). Clearing a
 * cell keeps the terrain its instance gave it: the ground stays what it was, only the
 * instance goes. On AL-FORM maps instances go on area tiles and only their area terrain is
 * derived (no edge layers); the linear tiles' layer is set whole (TerrainMap.setLinear).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { TileClass } from '../alform/classify.js';
import { tileClasses } from '../alform/tile-classes.js';
import type { TerrainMap } from '../map/terrain-map.js';
import type { DeriveTerrainOptions } from './derive-terrain.js';
import { deriveTerrain } from './derive-terrain.js';
import type { TileRefInfo } from '../map/instance-layer.js';
import { InstanceLayer } from '../map/instance-layer.js';
import type { AssemblyLibrary } from './library.js';
import { decodePlacement } from '../map/orientation-code.js';
import type { Topology } from './topology.js';
import { buildTopology } from './topology.js';

/** The stored layers of an instance layer (node/store map-chunks.ts). */
export const INSTANCE_LAYER_NAMES = ['instance_tiles', 'instance_codes'] as const;
export type InstanceLayerName = (typeof INSTANCE_LAYER_NAMES)[number];

export interface InstanceChange {
  readonly layer: 'terrain' | 'edges' | InstanceLayerName;
  readonly index: number;
  readonly before: number;
  readonly after: number;
}

export interface InstancePlan {
  readonly changes: InstanceChange[];
  /** The palette after the edit (derived terrains may be new). */
  readonly palette: readonly string[];
  /** The tile table after the edit (append-only: new tiles at the end). */
  readonly tiles: readonly TileRefInfo[];
}

/** One cell's new instance: a tile id and placement code, or `tile: null` to clear it. */
export interface InstancePlacement {
  readonly cell: number;
  readonly tile: string | null;
  readonly code?: number;
}

export interface PlanOptions {
  /** Where the placed tiles come from, recorded in the tile table (a library's name). */
  readonly library?: string;
  readonly derive?: DeriveTerrainOptions;
  readonly topology?: Topology;
}

/** Plans placing and clearing instances; throws on a cell off the map, an unknown tile or a bad code. */
export function planInstances(map: TerrainMap, library: AssemblyLibrary, placements: readonly InstancePlacement[], options: PlanOptions = {}): InstancePlan {
  const alform = map.spec.alform;
  const cls = alform ? tileClasses(map.grid) : null;
  const scratch = map.clone();
  const layer = scratch.instances ?? new InstanceLayer(map.grid);
  const cells: number[] = [];
  const seen = new Set<number>();
  placements.forEach((p, k) => {
    if (!Number.isInteger(p.cell) || p.cell < 0 || p.cell >= map.tileCount) throw new RangeError(`placement ${k}: cell ${p.cell} is outside the map (0…${map.tileCount - 1})`);
    if (seen.has(p.cell)) throw new RangeError(`placement ${k}: cell ${p.cell} is placed twice in one edit`);
    seen.add(p.cell);
    cells.push(p.cell);
    if (p.tile === null) return layer.clear(p.cell);
    if (cls && cls[p.cell] !== TileClass.AREA) throw new RangeError(`placement ${k}: cell ${p.cell} is a linear tile of this AL-FORM map; area instances go on area tiles`);
    const t = library.tileIndex.get(p.tile);
    if (t === undefined) throw new RangeError(`placement ${k}: the tile set has no tile "${p.tile.slice(0, 80)}"`);
    const code = p.code ?? 0;
    try {
      decodePlacement(code);
    } catch (e) {
      throw new RangeError(`placement ${k}: ${(e as Error).message}`);
    }
    layer.ref(p.tile, { ...(library.tiles[t]!.name ? { name: library.tiles[t]!.name } : {}), ...(options.library ? { library: options.library } : {}) });
    layer.set(p.cell, p.tile, code);
  });
  const placed = cells.filter((c) => layer.has(c));
  // AL-FORM maps have no edge layers: only the area terrain is derived (no classic topology).
  deriveTerrain(scratch, alform ? null : (options.topology ?? buildTopology(map.grid)), layer, library, { ...options.derive, cells: placed });

  const changes: InstanceChange[] = [];
  const before = map.instances;
  for (const c of cells) {
    const refBefore = before ? before.tileRef[c]! + 1 : 0;
    const codeBefore = before ? before.code[c]! : 0;
    if (refBefore !== layer.tileRef[c]! + 1) changes.push({ layer: 'instance_tiles', index: c, before: refBefore, after: layer.tileRef[c]! + 1 });
    if (codeBefore !== layer.code[c]) changes.push({ layer: 'instance_codes', index: c, before: codeBefore, after: layer.code[c]! });
  }
  for (const c of placed) {
    if (map.layers.terrain[c] !== scratch.layers.terrain[c]) changes.push({ layer: 'terrain', index: c, before: map.layers.terrain[c]!, after: scratch.layers.terrain[c]! });
  }
  const edges = map.layers.edges;
  const slots = new Set<number>();
  for (const c of edges ? placed : []) {
    for (let d = 0; d < map.grid.degree(c); d++) {
      const s = map.grid.edgeSlot(c, d);
      if (s >= 0 && !slots.has(s) && edges![s] !== scratch.layers.edges![s]) {
        slots.add(s);
        changes.push({ layer: 'edges', index: s, before: edges![s]!, after: scratch.layers.edges![s]! });
      }
    }
  }
  return { changes, palette: scratch.palette, tiles: layer.tileTable() };
}

/** Applies a plan to the map it was made for (after the journal has recorded it). */
export function applyInstancePlan(map: TerrainMap, plan: InstancePlan): void {
  for (let k = map.palette.length; k < plan.palette.length; k++) map.palette.push(plan.palette[k]!);
  let layer = map.instances;
  if (!layer) map.setInstances((layer = new InstanceLayer(map.grid)));
  for (const { id, ...info } of plan.tiles) layer.ref(id, info);
  writeInstanceChanges(map, plan.changes, 'after');
}

/**
 * Writes changes in either direction (undo writes `before`): instance values go to the
 * instance layer (created when absent), terrain and edges to their layers.
 */
export function writeInstanceChanges(map: TerrainMap, changes: readonly InstanceChange[], which: 'before' | 'after'): void {
  for (const ch of changes) {
    const v = ch[which];
    if (ch.layer === 'terrain' || ch.layer === 'edges') {
      const values = map.layers[ch.layer];
      if (!values || ch.index < 0 || ch.index >= values.length) throw new RangeError(`${ch.layer} index ${ch.index} is outside the layer`);
      values[ch.index] = v;
      continue;
    }
    let layer = map.instances;
    if (!layer) map.setInstances((layer = new InstanceLayer(map.grid)));
    if (ch.index < 0 || ch.index >= layer.cellCount) throw new RangeError(`${ch.layer} index ${ch.index} is outside the layer`);
    if (ch.layer === 'instance_tiles') {
      if (v < 0 || v > layer.tileIds.length) throw new RangeError(`instance_tiles[${ch.index}] = ${v} is not 0 or an index into the tile table (${layer.tileIds.length} tiles)`);
      layer.tileRef[ch.index] = v - 1;
    } else layer.code[ch.index] = v;
  }
}

/** Every placed instance of `result` as placements (an assembly result into a map). */
export function placementsOf(result: InstanceLayer, cells?: ArrayLike<number>): InstancePlacement[] {
  const out: InstancePlacement[] = [];
  const n = cells ? cells.length : result.cellCount;
  for (let k = 0; k < n; k++) {
    const c = cells ? cells[k]! : k;
    const p = result.get(c);
    if (p) out.push({ cell: c, tile: p.tile, code: p.code });
  }
  return out;
}
