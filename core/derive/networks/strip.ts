/**
 * Networks leave the derived map's linear tiles (issue 26 item 4: "not rings of road on every
 * hexside"). Substitutes draw streets and lanes, and the routes draw the parent's roads, on
 * linear tiles; a derived map carries networks through its area tiles instead
 * (./carry.ts, ./streets.ts). So a linear tile holding a network terrain is left without a
 * feature (no terrain, as on every linear tile that has none), and one holding a crossing of a network and a feature (river + road → bridge)
 * keeps the feature: the bridges come back where the carried roads really cross.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainMap } from '../../map/terrain-map.js';
import { classifyTile, TileClass } from '../../alform/classify.js';
import type { NetworkRules } from './child-lattice.js';

/** Per palette value of `map`: what a linear tile holding it becomes ('' nothing; undefined kept). */
function replacements(map: TerrainMap, rules: NetworkRules): (string | undefined)[] {
  const out: (string | undefined)[] = [undefined];
  for (const id of map.palette) {
    if (rules.isNetwork(id)) {
      out.push('');
      continue;
    }
    // A composite result made of a network and a feature keeps the feature; of two networks, neither.
    let keep: string | undefined;
    for (const c of rules.catalogue.composites) {
      if (c.result !== id) continue;
      const [a, b] = c.pair;
      const na = rules.isNetwork(a);
      const nb = rules.isNetwork(b);
      if (na && nb) keep = '';
      else if (na !== nb) keep = na ? b : a;
      if (keep !== undefined) break;
    }
    out.push(keep);
  }
  return out;
}

/** Replaces network terrain on the map's linear tiles (see the file comment); returns how many tiles changed. */
export function stripLinearNetworks(map: TerrainMap, rules: NetworkRules): number {
  const grid = map.grid;
  const terrain = map.layers.terrain;
  const replace = replacements(map, rules);
  if (replace.every((r) => r === undefined)) return 0;
  let changed = 0;
  for (let i = 0; i < grid.tileCount; i++) {
    const v = terrain[i]!;
    const to = replace[v];
    if (v === 0 || to === undefined || classifyTile(grid, i) === TileClass.AREA) continue;
    // A linear tile without a feature holds no terrain (the ground is its area tiles').
    terrain[i] = to === '' ? 0 : map.terrainIndex(to);
    changed++;
  }
  return changed;
}
