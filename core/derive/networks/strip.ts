/**
 * Networks leave the derived map's linear tiles (issue 26 item 4: "not rings of road on every
 * hexside"). Substitutes draw streets and lanes, and the routes draw the parent's roads, on
 * linear tiles; a derived map carries networks through its area tiles instead
 * (./carry.ts, ./streets.ts). So a linear tile holding a network terrain is left without a
 * feature (no terrain, as on every linear tile that has none), and one holding a crossing of
 * a network and a feature (river + road → bridge) keeps the feature: the bridges come back where the carried roads really cross. How a
 * terrain splits into network and feature is core/map network-convert.ts's rule (old maps'
 * roads are converted by it too).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainMap } from '../../map/terrain-map.js';
import { classifyTile, TileClass } from '../../alform/classify.js';
import { splitPalette } from '../../map/network-convert.js';
import type { NetworkRules } from './child-lattice.js';

/** Replaces network terrain on the map's linear tiles (see the file comment); returns how many tiles changed. */
export function stripLinearNetworks(map: TerrainMap, rules: NetworkRules): number {
  const grid = map.grid;
  const terrain = map.layers.terrain;
  const split = splitPalette(map, rules.catalogue);
  if (split.every((r) => r === null)) return 0;
  let changed = 0;
  for (let i = 0; i < grid.tileCount; i++) {
    const v = terrain[i]!;
    const to = split[v];
    if (v === 0 || to === null || to === undefined || classifyTile(grid, i) === TileClass.AREA) continue;
    // A linear tile without a feature holds no terrain (the ground is its area tiles').
    terrain[i] = map.terrainIndex(to.rest);
    changed++;
  }
  return changed;
}
