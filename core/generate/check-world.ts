/**
 * `checkWorld`: seed 004's validation counts on any map (generated or painted), each 0 on a
 * world that keeps the rules:
 * - `straightBorderRuns`: area tiles in the middle of a straight border run of 3 or more
 *   (straight-runs.ts; settlement tiles exempt);
 * - `uphillRivers`: river tiles, not beside water or the map's edge, with two or more river
 *   neighbours all higher (water would have to climb out of them);
 * - `riversEndingInland`: river tiles, not beside water or the map's edge, whose only river
 *   neighbour is higher (a mouth with no sea or lake) or that have none.
 * - `parallelFeatures`, `crossingAngles`, `roadSetback`, `tripleFeatures`: the through-tile
 *   network's railway and road links that break network-rules.ts (each link counted once;
 *   links on or beside settlement tiles exempt).
 * River counts need the elevation layer; without one they are 0 and `elevation` is false.
 * Classic maps are checked on their AL-FORM image (their edges become linear tiles).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainMap } from '../map/terrain-map.js';
import { classicToAlform } from '../map/alform-transfer.js';
import { areaLattice, type AreaLattice } from './lattice.js';
import { straightRunTiles } from './straight-runs.js';
import { Breach, exemptTiles, linkBreach, riverDirections, riverDistance, setRail, type FeatureField } from './network-rules.js';
import { connectionKind, isSidePort, portA, portB } from '../map/network-code.js';
import { RIVER_TERRAINS, SETTLEMENT_TERRAINS, WATER_TERRAINS } from './terrain-groups.js';

export interface WorldCounts {
  readonly straightBorderRuns: number;
  /** Network links running within 45° of a river or railway on or beside their tiles. */
  readonly parallelFeatures: number;
  /** Bridges and level crossings outside 60–120°, and roads through railway junctions. */
  readonly crossingAngles: number;
  /** Road links along a river two steps from it (inside the 3-tile setback). */
  readonly roadSetback: number;
  /** Road links into a railway tile that a river also borders (three features on one tile). */
  readonly tripleFeatures: number;
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
  const networks = networkCounts(map, lat, (a) => settlement.has(label[a]!));
  const elevation = map.layers.elevation;
  if (!elevation) return { straightBorderRuns, ...networks, uphillRivers: 0, riversEndingInland: 0, elevation: false };
  return { straightBorderRuns, ...networks, ...riverCounts(map, lat, elevation), elevation: true };
}

type NetworkCounts = Pick<WorldCounts, 'parallelFeatures' | 'crossingAngles' | 'roadSetback' | 'tripleFeatures'>;

/** The network links that break seed 004's rules (network-rules.ts), each link once. */
function networkCounts(map: TerrainMap, lat: AreaLattice, settlement: (a: number) => boolean): NetworkCounts {
  const counts = { parallelFeatures: 0, crossingAngles: 0, roadSetback: 0, tripleFeatures: 0 };
  const layer = map.networks;
  if (!layer || layer.isEmpty) return counts;
  const river = new Uint8Array(map.tileCount);
  const rivers = paletteSet(map, RIVER_TERRAINS);
  for (let t = 0; t < map.tileCount; t++) if (lat.classes[t] !== 0 && rivers.has(map.layers.terrain[t]!)) river[t] = 1;
  const rail = map.palette.indexOf('railroad') + 1;
  const road = map.palette.indexOf('road') + 1;
  const sideSlots = (t: number, kind: number): number[] => {
    const out = new Set<number>();
    for (const c of layer.at(t)) if (connectionKind(c) === kind) for (const p of [portA(c), portB(c)]) if (isSidePort(p)) out.add(p);
    return [...out].sort((x, y) => x - y);
  };
  const { steps, nearest } = riverDistance(lat, river, 2);
  const n = lat.tiles.length;
  const field: FeatureField = {
    lat,
    river,
    along: riverDirections(lat, river),
    exempt: exemptTiles(lat, settlement),
    riverSteps: steps,
    nearestRiver: nearest,
    railSpokes: new Uint8Array(n),
    railDir: new Float64Array(n * 3),
    railNear: new Uint8Array(n),
  };
  if (rail > 0) for (const t of layer.tiles()) if (lat.areaOf[t]! >= 0) setRail(field, lat.areaOf[t]!, sideSlots(t, rail));
  for (const kind of [rail, road]) {
    if (kind <= 0) continue;
    for (const t of layer.tiles()) {
      const a = lat.areaOf[t]!;
      if (a < 0) continue;
      for (const s of sideSlots(t, kind)) {
        const b = lat.nbr[a * lat.slots + s]!;
        // Each link once, from its lower end (a link off the map's edge has no other end).
        if (b < 0 || b < a) continue;
        const breach = linkBreach(field, a, s, kind === road);
        if (breach === Breach.PARALLEL_RIVER || breach === Breach.PARALLEL_RAIL) counts.parallelFeatures++;
        else if (breach === Breach.RIVER_ANGLE || breach === Breach.RAIL_ANGLE) counts.crossingAngles++;
        else if (breach === Breach.SETBACK) counts.roadSetback++;
        else if (breach === Breach.TRIPLE) counts.tripleFeatures++;
      }
    }
  }
  return counts;
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
