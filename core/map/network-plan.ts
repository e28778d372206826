/**
 * A network edit of a map, checked against the catalogue (the one home of "draw a road
 * through tiles" for the editing service and the CLI): the terrain must be one the catalogue
 * runs through tiles, the palette grows to hold it (as paint.ts's plans grow it), and the
 * changes are network-edit.ts's. `applyNetworkPlan` puts a plan into a map in memory.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainCatalogue } from '../terrain/types.js';
import { findTerrain } from '../terrain/lookup.js';
import { runsThrough } from '../terrain/network.js';
import { quoted } from '../util/bounded.js';
import { NetworkLayer, type NetworkTileChange } from './network-layer.js';
import { NetworkSides } from './network-sides.js';
import { planDrawChain, planEraseChain, planEraseTiles } from './network-edit.js';
import { MAX_PALETTE, type TerrainMap } from './terrain-map.js';

export interface NetworkPlan {
  readonly changes: NetworkTileChange[];
  /** The palette after the edit (grown when the terrain was new to the map). */
  readonly palette: string[];
}

/** Why a network edit is refused: one line naming the terrain. */
export class NetworkEditError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NetworkEditError';
  }
}

/** Checks `terrain` runs through tiles in `catalogue`; its palette value in `palette` (grown if new). */
function kindOf(catalogue: TerrainCatalogue, terrain: string, palette: string[]): number {
  const t = findTerrain(catalogue, terrain);
  if (!t) throw new NetworkEditError(`unknown terrain ${quoted(terrain)} in catalogue ${quoted(catalogue.name)}`);
  if (!runsThrough(catalogue, terrain)) {
    throw new NetworkEditError(`${quoted(terrain)} ${t.class === 'area' ? 'is area terrain' : 'runs along the tiles (a linear feature between them), not through them'}; networks are the catalogue's "runs": "through" terrains`);
  }
  const k = palette.indexOf(terrain);
  if (k >= 0) return k + 1;
  if (palette.length >= MAX_PALETTE) throw new NetworkEditError(`a map holds at most ${MAX_PALETTE} distinct terrains; cannot add ${quoted(terrain)}`);
  palette.push(terrain);
  return palette.length;
}

/** Draw network `terrain` along the chain `tiles` (adjoining area tiles, centre to centre). */
export function planNetworkDraw(map: TerrainMap, catalogue: TerrainCatalogue, terrain: string, tiles: readonly number[], level = 0): NetworkPlan {
  const palette = [...map.palette];
  const kind = kindOf(catalogue, terrain, palette);
  const layer = map.networks ?? new NetworkLayer(map.tileCount);
  return { changes: planDrawChain(layer, NetworkSides.of(map), kind, tiles, level), palette };
}

/**
 * Erase network `terrain` ('' for every network) along the chain `tiles`, or with `whole`
 * from the tiles themselves (and the links reaching them).
 */
export function planNetworkErase(map: TerrainMap, catalogue: TerrainCatalogue, terrain: string, tiles: readonly number[], whole = false): NetworkPlan {
  const palette = [...map.palette];
  const layer = map.networks;
  if (!layer) return { changes: [], palette };
  let kind = 0;
  if (terrain !== '') {
    const k = palette.indexOf(terrain);
    if (k < 0) {
      kindOf(catalogue, terrain, [...palette]); // refuses a terrain that is no network
      return { changes: [], palette };
    }
    kind = k + 1;
  }
  const sides = NetworkSides.of(map);
  if (whole) return { changes: planEraseTiles(layer, sides, kind, tiles), palette };
  if (kind === 0) {
    // Every network along the chain: erase kind by kind, each on top of the last.
    const scratch = layer.clone();
    const byTile = new Map<number, NetworkTileChange>();
    for (let k = 1; k <= palette.length; k++) {
      const step = planEraseChain(scratch, sides, k, tiles);
      scratch.apply(step);
      for (const c of step) byTile.set(c.tile, { tile: c.tile, before: byTile.get(c.tile)?.before ?? c.before, after: c.after });
    }
    return { changes: [...byTile.values()].sort((a, b) => a.tile - b.tile), palette };
  }
  return { changes: planEraseChain(layer, sides, kind, tiles), palette };
}

/** Puts a plan into `map` (its palette grown first), creating the network layer when needed. */
export function applyNetworkPlan(map: TerrainMap, plan: NetworkPlan): void {
  for (const id of plan.palette.slice(map.palette.length)) map.terrainIndex(id);
  applyNetworkChanges(map, plan.changes, 'forward');
}

/** Plays network changes into `map` forward or back (undo), creating or dropping the layer as it fills or empties. */
export function applyNetworkChanges(map: TerrainMap, changes: readonly NetworkTileChange[], direction: 'forward' | 'back'): void {
  if (changes.length === 0) return;
  const layer = map.networks ?? new NetworkLayer(map.tileCount);
  layer.apply(changes, direction);
  map.setNetworks(layer.isEmpty ? null : layer);
}
