/**
 * `checkWorld`: seed 004's validation counts on any map (generated or painted), each 0 on a
 * world that keeps the rules:
 * - `straightBorderRuns`: area tiles in the middle of a straight border run of 3 or more
 *   (straight-runs.ts; settlement tiles exempt);
 * - `uphillRivers`: river tiles, not beside water or the map's edge, with two or more river
 *   neighbours all higher (water would have to climb out of them);
 * - `riversEndingInland`: river tiles, not beside water or the map's edge, whose only river
 *   neighbour is higher (a mouth with no sea or lake) or that have none.
 * River counts need the elevation layer; without one they are 0 and `elevation` is false.
 * Classic maps are checked on their AL-FORM image (their edges become linear tiles).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainMap } from '../map/terrain-map.js';
import { classicToAlform } from '../map/alform-transfer.js';
import { areaLattice, type AreaLattice } from './lattice.js';
import { straightRunTiles } from './straight-runs.js';
import { RIVER_TERRAINS, SETTLEMENT_TERRAINS, WATER_TERRAINS } from './terrain-groups.js';

export interface WorldCounts {
  readonly straightBorderRuns: number;
  readonly uphillRivers: number;
  readonly riversEndingInland: number;
  /** Whether the map had elevation to check rivers against. */
  readonly elevation: boolean;
}

export function checkWorld(input: TerrainMap): WorldCounts {
  const map = input.spec.alform ? input : classicToAlform(input);
  const lat = areaLattice(map.grid);
  const terrain = map.layers.terrain;
  const label = Int32Array.from(lat.tiles, (t) => terrain[t]!);
  const settlement = paletteSet(map, SETTLEMENT_TERRAINS);
  const straightBorderRuns = straightRunTiles(lat, label, (a) => settlement.has(label[a]!)).length;
  const elevation = map.layers.elevation;
  if (!elevation) return { straightBorderRuns, uphillRivers: 0, riversEndingInland: 0, elevation: false };
  return { straightBorderRuns, ...riverCounts(map, lat, elevation), elevation: true };
}

/** Palette values of the terrains in `ids`. */
function paletteSet(map: TerrainMap, ids: ReadonlySet<string>): Set<number> {
  const out = new Set<number>();
  map.palette.forEach((id, k) => {
    if (ids.has(id)) out.add(k + 1);
  });
  return out;
}

function riverCounts(map: TerrainMap, lat: AreaLattice, elevation: Int16Array): { uphillRivers: number; riversEndingInland: number } {
  const grid = map.grid;
  const terrain = map.layers.terrain;
  const river = paletteSet(map, RIVER_TERRAINS);
  const water = paletteSet(map, WATER_TERRAINS);
  const out = new Int32Array(8);
  let uphillRivers = 0;
  let riversEndingInland = 0;
  for (let t = 0; t < grid.tileCount; t++) {
    if (lat.classes[t] === 0 || !river.has(terrain[t]!)) continue;
    const d = grid.neighbors(t, out);
    let outlet = false;
    let rivers = 0;
    let lower = false;
    for (let k = 0; k < d; k++) {
      const m = out[k]!;
      if (m < 0) {
        outlet = true;
        continue;
      }
      if (lat.classes[m] === 0) {
        if (water.has(terrain[m]!)) outlet = true;
      } else if (river.has(terrain[m]!)) {
        rivers++;
        if (elevation[m]! <= elevation[t]!) lower = true;
      }
    }
    if (outlet || lower) continue;
    if (rivers >= 2) uphillRivers++;
    else riversEndingInland++;
  }
  return { uphillRivers, riversEndingInland };
}
