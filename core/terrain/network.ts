/**
 * The catalogue's network fields (issue 26): which linear terrains run through area tiles as
 * networks (`runs: "through"`), what moving along them costs per mode (`networkCost`), and
 * how a network crosses a feature that runs along tiles (`crossing` on a composite's result:
 * bridge or ford). Reading and writing the fields, and the lookups other folders use.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { CROSSING_KINDS, LINEAR_RUNS, type CrossingKind, type LinearRuns, type LinearTerrain, type MovementCost, type TerrainCatalogue } from './types.js';
import { expected, fail, isObject, prop, type JsonObject } from './read.js';
import { findComposite, findTerrain } from './lookup.js';

export const NETWORK_KEYS = ['runs', 'networkCost', 'crossing'];

export interface NetworkFields {
  readonly runs?: LinearRuns;
  readonly networkCost?: Readonly<Record<string, MovementCost>>;
  readonly crossing?: CrossingKind;
}

/** The network fields of one linear terrain's raw JSON, checked against the catalogue's modes. */
export function parseNetworkFields(raw: JsonObject, source: string, path: string, modeIds: readonly string[]): NetworkFields {
  const out: { runs?: LinearRuns; networkCost?: Readonly<Record<string, MovementCost>>; crossing?: CrossingKind } = {};
  if (raw.runs !== undefined) {
    if (!(LINEAR_RUNS as readonly unknown[]).includes(raw.runs)) expected(source, prop(path, 'runs'), '"along" or "through"', raw.runs);
    out.runs = raw.runs as LinearRuns;
  }
  if (raw.networkCost !== undefined) {
    const p = prop(path, 'networkCost');
    if (out.runs !== 'through') fail(source, p, 'only a terrain that runs "through" tiles (a network) has a network cost');
    if (!isObject(raw.networkCost)) expected(source, p, 'an object of movement mode → cost', raw.networkCost);
    const costs: Record<string, MovementCost> = {};
    for (const [mode, cost] of Object.entries(raw.networkCost)) {
      if (!modeIds.includes(mode)) fail(source, prop(p, mode), `unknown movement mode "${mode}" (catalogue modes: ${modeIds.join(', ')})`);
      if (cost !== 'impassable' && (typeof cost !== 'number' || !Number.isFinite(cost) || cost < 0)) expected(source, prop(p, mode), 'a number ≥ 0 or "impassable"', cost);
      costs[mode] = cost as MovementCost;
    }
    out.networkCost = Object.freeze(costs);
  }
  if (raw.crossing !== undefined) {
    if (!(CROSSING_KINDS as readonly unknown[]).includes(raw.crossing)) expected(source, prop(path, 'crossing'), '"bridge" or "ford"', raw.crossing);
    if (out.runs === 'through') fail(source, prop(path, 'crossing'), 'a crossing is where a network crosses a feature running along tiles; a network itself is not one');
    out.crossing = raw.crossing as CrossingKind;
  }
  return out;
}

/** The network fields as JSON, in file order (absent fields stay absent). */
export function networkFieldsToJson(t: LinearTerrain): Record<string, unknown> {
  return {
    ...(t.runs === undefined ? {} : { runs: t.runs }),
    ...(t.networkCost === undefined ? {} : { networkCost: { ...t.networkCost } }),
    ...(t.crossing === undefined ? {} : { crossing: t.crossing }),
  };
}

/** True when `id` is a linear terrain of the catalogue that runs through area tiles. */
export function runsThrough(catalogue: TerrainCatalogue, id: string): boolean {
  const t = findTerrain(catalogue, id);
  return t !== undefined && t.class === 'linear' && t.runs === 'through';
}

/** The catalogue's network terrains (runs "through"), in catalogue order. */
export function networkTerrains(catalogue: TerrainCatalogue): LinearTerrain[] {
  return catalogue.terrains.filter((t): t is LinearTerrain => t.class === 'linear' && t.runs === 'through');
}

/** What moving along network `id` costs in `mode`: a cost, or undefined when the mode pays the terrain. */
export function networkCost(catalogue: TerrainCatalogue, id: string, mode: string): MovementCost | undefined {
  const t = findTerrain(catalogue, id);
  return t?.class === 'linear' ? t.networkCost?.[mode] : undefined;
}

export interface NetworkCrossingRule {
  /** The composite's result terrain: the crossing's movement rule and picture. */
  readonly terrain: string;
  /** bridge or ford (the result's `crossing`), or null when the catalogue does not say. */
  readonly kind: CrossingKind | null;
}

/** How network `network` crosses feature `feature` (river, canal …): the composite of the two, or null when none covers them. */
export function networkCrossing(catalogue: TerrainCatalogue, feature: string, network: string): NetworkCrossingRule | null {
  const c = findComposite(catalogue, feature, network);
  if (!c) return null;
  const t = findTerrain(catalogue, c.result);
  return { terrain: c.result, kind: t?.class === 'linear' ? (t.crossing ?? null) : null };
}
