/**
 * `generateWorld`: every stage in order on the AL-FORM lattice (lattice.ts), written into an
 * ordinary TerrainMap — area terrain on area tiles, rivers ('stream' → 'river' downstream),
 * beaches and cliffs on linear tiles, elevation in metres on every tile. A classic map is
 * generated on its AL-FORM image and read back (core/map/alform-transfer.ts), so rivers land
 * on its tile edges. Pure and seeded: the same spec and parameters give the same bytes.
 *
 * Order (seed 004): elevation → coastline straight-run pass → drainage and lakes → lake-shore
 * pass → rivers → climate → biomes → border noise → transition bands → settlements → the
 * final straight-run pass over every border (settlements exempt).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { GridSize } from '../grid/types.js';
import { NO_WRAP } from '../grid/types.js';
import { createGrid } from '../grid/create.js';
import { alformSizeOf } from '../grid/alform-size.js';
import { TerrainMap } from '../map/terrain-map.js';
import { alformToClassic } from '../map/alform-transfer.js';
import { areaLattice, type AreaLattice } from './lattice.js';
import { generateElevation, type Elevation } from './elevation.js';
import { drainArea, Water, type AreaDrainage } from './drainage.js';
import { drainLinear, LinearWater, type LinearDrainage } from './rivers.js';
import { generateClimate, type Climate } from './climate.js';
import { assignBiomes } from './biomes.js';
import { applyTransitions, warpBorders } from './transitions.js';
import { placeSettlements, settlementTerrain, type Settlement } from './settlements.js';
import { breakStraightRuns } from './straight-runs.js';
import { liftClassicRivers } from './classic-rivers.js';
import { planNetworks, type NetworkPlan } from './networks.js';
import { keepRivers, keepSettlements, lockedAlform, type WorldLocks } from './locks.js';
import { NetworkLayer } from '../map/network-layer.js';
import { NetworkSides } from '../map/network-sides.js';
import { planDrawChain } from '../map/network-edit.js';
import { worldParams, type WorldParams } from './params.js';
import { isSeaTerrain, isWaterTerrain, SETTLEMENT_TERRAINS } from './terrain-groups.js';

export interface WorldSpec {
  readonly size: GridSize;
  readonly alform: boolean;
}

/** Every stage's output, for tests, the bench and locks. */
export interface WorldStages {
  readonly lattice: AreaLattice;
  readonly elevation: Elevation;
  readonly drainage: AreaDrainage;
  readonly rivers: LinearDrainage;
  readonly climate: Climate;
  /** Terrain id per area tile, final. */
  readonly terrain: readonly string[];
  readonly settlements: readonly Settlement[];
  readonly networks: NetworkPlan;
  /** Locked settlements dropped because the regenerated world has water there. */
  readonly droppedLocks: number;
}

export interface GeneratedWorld {
  readonly map: TerrainMap;
  readonly stages: WorldStages;
}

/** Metres of relative height 1 above sea level, and of depth −1. */
export const PEAK_METRES = 3000;
export const DEPTH_METRES = 4000;

/** The stages in order, as `onStage` names them (progress for a job, timings for the bench). */
export const WORLD_STAGES = ['lattice', 'elevation', 'drainage', 'rivers', 'climate', 'biomes', 'settlements', 'networks', 'map'] as const;
export type WorldStage = (typeof WORLD_STAGES)[number];

/**
 * `onStage` is told as each stage begins (and 'done' at the end); it may throw to cancel.
 */
export function generateWorld(spec: WorldSpec, partial: Partial<WorldParams> = {}, locks?: WorldLocks, onStage: (stage: WorldStage | 'done') => void = () => {}): GeneratedWorld {
  const params = worldParams(partial);
  onStage('lattice');
  const locked = locks && locks.keep.length ? lockedAlform(locks, spec) : null;
  const keep = new Set(locks?.keep ?? []);
  const size = spec.alform ? spec.size : alformSizeOf(spec.size, NO_WRAP);
  const lat = areaLattice(createGrid({ size, alform: true }));
  onStage('elevation');
  const elevation = generateElevation(lat, params);
  straightenCoast(lat, elevation);
  onStage('drainage');
  const drainage = drainArea(lat, elevation.height, elevation.land);
  widenLakes(lat, drainage);
  const height = Float32Array.from(drainage.filled);
  onStage('rivers');
  const drained = drainLinear(lat, drainage, params.rivers);
  const rivers = locked && keep.has('rivers') ? keepRivers(lat, locked, drained) : drained;
  const riverNear = riverNeighbours(lat, rivers);
  onStage('climate');
  const climate = generateClimate(lat, params, height, drainage, riverNear);
  onStage('biomes');
  const terrain = assignBiomes(drainage.water, height, climate);
  const fixed = new Uint8Array(lat.tiles.length);
  warpBorders(lat, params.seed, terrain, fixed);
  applyTransitions(lat, params.seed, terrain, fixed);
  onStage('settlements');
  const { kept, dropped } = locked && keep.has('settlements') ? keepSettlements(lat, locked, drainage) : { kept: [], dropped: 0 };
  const settlements = placeSettlements(lat, params.seed, Math.max(params.settlements, kept.length), terrain, drainage, climate, riverNear, height, kept);
  for (const s of settlements) {
    for (const a of s.tiles) {
      terrain[a] = settlementTerrain(s.size);
      fixed[a] = 1;
    }
  }
  straightenBorders(lat, terrain, fixed);
  onStage('networks');
  const riverTiles = Uint8Array.from(rivers.river, (r) => (r === LinearWater.DRY ? 0 : 1));
  const networks = planNetworks(lat, terrain, height, riverTiles, settlements);
  const stages: WorldStages = { lattice: lat, elevation, drainage, rivers, climate, terrain, settlements, networks, droppedLocks: dropped };
  onStage('map');
  const map = writeMap(stages, height, params);
  writeNetworks(map, lat, networks);
  if (!spec.alform) liftClassicRivers(lat, rivers, drainage, map.layers.elevation!, map.layers.terrain);
  const out = spec.alform ? map : alformToClassic(map);
  onStage('done');
  return { map: out, stages };
}

/** Seed 004's safety net on the land/water mask, before any water flows. */
function straightenCoast(lat: AreaLattice, elevation: Elevation): void {
  const label = Int32Array.from(elevation.land);
  for (const a of breakStraightRuns(lat, label, () => true)) {
    elevation.land[a] = label[a]!;
    elevation.height[a] = label[a] === 1 ? 0.002 : -0.002;
  }
}

/** Straight lake shores: the land tile joins the lake (its water level). */
function widenLakes(lat: AreaLattice, drainage: AreaDrainage): void {
  const label = Int32Array.from(drainage.water);
  const allowed = (a: number, to: number): boolean => label[a] === Water.LAND && to === Water.LAKE && lat.border[a] === 0;
  for (const a of breakStraightRuns(lat, label, allowed)) {
    drainage.water[a] = Water.LAKE;
    let level = Infinity;
    for (let s = 0; s < lat.slots; s++) {
      const b = lat.nbr[a * lat.slots + s]!;
      if (b >= 0 && drainage.water[b] === Water.LAKE) level = Math.min(level, drainage.filled[b]!);
    }
    if (level < Infinity) drainage.filled[a] = level;
  }
}

/** The final pass over all terrain borders: changes stay within land, or within the sea. */
function straightenBorders(lat: AreaLattice, terrain: string[], fixed: Uint8Array): void {
  const ids: string[] = [];
  const label = Int32Array.from(terrain, (id) => {
    const k = ids.indexOf(id);
    return k >= 0 ? k : ids.push(id) - 1;
  });
  const allowed = (a: number, to: number): boolean => {
    if (fixed[a] === 1) return false;
    const from = ids[label[a]!]!;
    const into = ids[to]!;
    if (SETTLEMENT_TERRAINS.has(into)) return false;
    if (isSeaTerrain(from) && isSeaTerrain(into)) return true;
    return !isWaterTerrain(from) && !isWaterTerrain(into);
  };
  for (const a of breakStraightRuns(lat, label, allowed, (a) => fixed[a] === 1)) terrain[a] = ids[label[a]!]!;
}

/** 1 for area tiles with a river or stream on one of their sides. */
function riverNeighbours(lat: AreaLattice, rivers: LinearDrainage): Uint8Array {
  const out = new Uint8Array(lat.tiles.length);
  for (let a = 0; a < lat.tiles.length; a++) {
    for (let s = 0; s < lat.slots; s++) {
      const l = lat.link[a * lat.slots + s]!;
      if (l >= 0 && rivers.river[l] !== LinearWater.DRY) out[a] = 1;
    }
  }
  return out;
}

/** The AL-FORM map of the stages. */
function writeMap(stages: WorldStages, height: Float32Array, params: WorldParams): TerrainMap {
  const { lattice: lat, drainage, rivers } = stages;
  const map = TerrainMap.create({ size: lat.grid.size, alform: true, elevation: true, meta: { name: `Generated world (seed ${params.seed})` } });
  const terrain = map.layers.terrain;
  const metres = map.layers.elevation!;
  for (let a = 0; a < lat.tiles.length; a++) {
    const t = lat.tiles[a]!;
    terrain[t] = map.terrainIndex(stages.terrain[a]!);
    const h = height[a]!;
    metres[t] = drainage.water[a] === Water.SEA ? Math.min(-1, Math.round(h * DEPTH_METRES)) : clampMetres(Math.round(h * PEAK_METRES) + 1);
  }
  // Linear tiles: downstream before upstream, each at least a metre above the one below.
  for (const t of rivers.order) {
    const base = clampMetres(Math.round(rivers.filled[t]! * PEAK_METRES) + 1);
    const d = rivers.down[t]!;
    metres[t] = d >= 0 ? clampMetres(Math.max(base, metres[d]! + 1)) : base;
  }
  const out = new Int32Array(8);
  for (let t = 0; t < lat.grid.tileCount; t++) {
    if (lat.classes[t] === 0) continue;
    if (rivers.wet[t] === 1) metres[t] = lowestAreaNeighbour(lat, t, metres, out);
    const r = rivers.river[t]!;
    if (r !== LinearWater.DRY) terrain[t] = map.terrainIndex(r === LinearWater.RIVER ? 'river' : 'stream');
    else if (rivers.outlet[t] === 1) {
      const coast = coastTerrain(lat, t, stages, height, out);
      if (coast) terrain[t] = map.terrainIndex(coast);
    }
  }
  return map;
}

/** Railways then roads into the map's through-tile network layer. */
function writeNetworks(map: TerrainMap, lat: AreaLattice, plan: NetworkPlan): void {
  if (plan.railways.length === 0 && plan.roads.length === 0) return;
  const layer = new NetworkLayer(map.tileCount);
  const sides = NetworkSides.of(map);
  for (const r of [...plan.railways, ...plan.roads]) {
    const kind = map.terrainIndex(r.road ? 'road' : 'railroad');
    layer.apply(planDrawChain(layer, sides, kind, r.tiles.map((a) => lat.tiles[a]!)));
  }
  map.setNetworks(layer);
}

function clampMetres(m: number): number {
  return Math.max(-32768, Math.min(32767, m));
}

function lowestAreaNeighbour(lat: AreaLattice, t: number, metres: Int16Array, out: Int32Array): number {
  const d = lat.grid.neighbors(t, out);
  let low = 0;
  for (let k = 0; k < d; k++) {
    const m = out[k]!;
    if (m >= 0 && lat.areaOf[m]! >= 0) low = Math.min(low, metres[m]!);
  }
  return low;
}

/**
 * A sea coast's linear tile: a cliff where the land behind rises steeply, a beach on low warm
 * coasts of open ground, nothing elsewhere (lake shores and rivers' mouths stay as they are).
 */
function coastTerrain(lat: AreaLattice, t: number, stages: WorldStages, height: Float32Array, out: Int32Array): string | null {
  const d = lat.grid.neighbors(t, out);
  let sea = false;
  let land = -1;
  for (let k = 0; k < d; k++) {
    const m = out[k]!;
    const a = m >= 0 ? lat.areaOf[m]! : -1;
    if (a < 0) continue;
    if (stages.drainage.water[a] === Water.SEA) sea = true;
    else if (stages.drainage.water[a] === Water.LAND) land = a;
  }
  if (!sea || land < 0) return null;
  if (height[land]! >= 0.3) return 'cliff';
  if (height[land]! < 0.1 && stages.climate.temperature[land]! > 12 && !SETTLEMENT_TERRAINS.has(stages.terrain[land]!)) return 'beach';
  return null;
}
