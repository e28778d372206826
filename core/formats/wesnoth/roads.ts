/**
 * Wesnoth roads ↔ through-tile networks (issue 26). Wesnoth draws a road as a run of hexes of
 * a road base code (`Rr` cobbles, `Re` dirt, `Rb`, `Rd`, `Rp` …); Sandtable runs roads through
 * the hexes, centre to centre (core/map network-layer.ts).
 *
 * - Import (`wesnothRoads`): the hexes whose base code is a road code become a `road` network:
 *   each connected patch of them a breadth-first tree from its lowest tile, so a road one hex
 *   wide is one chain and a plaza of road hexes no lattice of links. The area terrain stays
 *   what the mapping gave (a road hex is `clear` ground).
 * - Export (`roadCodeAt`): a tile a network of a road kind passes through is written with that
 *   kind's Wesnoth road base (`road` → `Rr`, `trail` → `Re`), its overlay kept (`Rr^Vh`), unless
 *   the tile keeps its imported code and that code is a road already.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainMap } from '../../map/terrain-map.js';
import { NetworkLayer } from '../../map/network-layer.js';
import { NetworkSides } from '../../map/network-sides.js';
import { planDrawChain } from '../../map/network-edit.js';
import { connectionKind } from '../../map/network-code.js';

/** Wesnoth road base codes: `R` and lower-case letters (`Rr` cobbles, `Re` dirt, `Rb`, `Rd`, `Rp` …): every `R*` base is a road or a dirt path. */
const ROAD_BASE = /^R[a-z]*$/;

/** The Wesnoth road base written for a network kind, by terrain id. */
export const DEFAULT_ROAD_CODES: Readonly<Record<string, string>> = { road: 'Rr', trail: 'Re' };

export function isRoadCode(code: string): boolean {
  return ROAD_BASE.test(code.split('^')[0]!);
}

/**
 * Adds a `terrain` network (default `road`) through the tiles whose imported code (`codes`, in
 * tile order) is a road; returns the tiles it runs through. Nothing happens without road hexes.
 */
export function wesnothRoads(map: TerrainMap, codes: readonly string[], terrain = 'road'): number {
  const sides = NetworkSides.of(map);
  const road = new Uint8Array(map.tileCount);
  let any = false;
  for (let t = 0; t < map.tileCount; t++) {
    if (codes[t] === undefined || !isRoadCode(codes[t]!)) continue;
    road[t] = 1;
    any = true;
  }
  if (!any) return 0;
  const layer = map.networks ?? new NetworkLayer(map.tileCount);
  const kind = map.terrainIndex(terrain);
  const seen = new Uint8Array(map.tileCount);
  let tiles = 0;
  for (let start = 0; start < map.tileCount; start++) {
    if (!road[start] || seen[start]) continue;
    seen[start] = 1;
    let frontier = [start];
    tiles++;
    while (frontier.length) {
      const next: number[] = [];
      for (const t of frontier) {
        for (let d = 0; d < sides.degree(t); d++) {
          const n = sides.across(t, d);
          if (n < 0 || !road[n] || seen[n]) continue;
          seen[n] = 1;
          tiles++;
          layer.apply(planDrawChain(layer, sides, kind, [t, n]));
          next.push(n);
        }
      }
      frontier = next;
    }
  }
  if (!layer.isEmpty) map.setNetworks(layer);
  return tiles;
}

/**
 * The export's code for `tile` given the code chosen so far: a road base when a road-kind
 * network passes through the tile (overlay kept), else `code` unchanged.
 */
export function roadCodeAt(map: TerrainMap, tile: number, code: string, roadCodes: Readonly<Record<string, string>> = DEFAULT_ROAD_CODES): string {
  const layer = map.networks;
  if (!layer) return code;
  const codes = layer.at(tile);
  if (codes.length === 0 || isRoadCode(code)) return code;
  for (const c of codes) {
    const base = roadCodes[map.terrainOf(connectionKind(c))];
    if (base === undefined) continue;
    const overlay = code.includes('^') ? code.slice(code.indexOf('^')) : '';
    return `${base}${overlay}`;
  }
  return code;
}
