/**
 * Lookups over a terrain catalogue: by id, area vs linear lists, the transition rule for a
 * pair of area terrains, the composite for a pair of linear terrains, linear priority.
 * Catalogues are frozen, so each one's index is built once, on first use, and cached.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */

import { linearRanks, pairKey } from './check.js';
import { placeholderTerrain } from './placeholder.js';
import type {
  AreaTerrain,
  BandFill,
  LinearComposite,
  LinearTerrain,
  MovementMode,
  Terrain,
  TerrainCatalogue,
  TransitionRule,
  WeightedTerrain,
} from './types.js';

interface CatalogueIndex {
  readonly terrains: ReadonlyMap<string, Terrain>;
  readonly modes: ReadonlyMap<string, MovementMode>;
  readonly area: readonly AreaTerrain[];
  readonly linear: readonly LinearTerrain[];
  readonly ranks: ReadonlyMap<string, number>;
  readonly transitions: ReadonlyMap<string, TransitionRule>;
  readonly composites: ReadonlyMap<string, LinearComposite>;
}

const indexes = new WeakMap<TerrainCatalogue, CatalogueIndex>();

function indexOf(catalogue: TerrainCatalogue): CatalogueIndex {
  let index = indexes.get(catalogue);
  if (index !== undefined) return index;
  const transitions = new Map<string, TransitionRule>();
  for (const rule of catalogue.transitions) {
    const [left, right] = rule.between.map((s) => (typeof s === 'string' ? [s] : s)) as [readonly string[], readonly string[]];
    for (const a of left) for (const b of right) transitions.set(pairKey(a, b), rule);
  }
  index = {
    terrains: new Map(catalogue.terrains.map((t) => [t.id, t])),
    modes: new Map(catalogue.modes.map((m) => [m.id, m])),
    area: Object.freeze(catalogue.terrains.filter((t): t is AreaTerrain => t.class === 'area')),
    linear: Object.freeze(catalogue.terrains.filter((t): t is LinearTerrain => t.class === 'linear')),
    ranks: linearRanks(catalogue),
    transitions,
    composites: new Map(catalogue.composites.map((c) => [pairKey(c.pair[0], c.pair[1]), c])),
  };
  indexes.set(catalogue, index);
  return index;
}

export function findTerrain(catalogue: TerrainCatalogue, id: string): Terrain | undefined {
  // Every catalogue knows the import placeholders (placeholder.ts) besides its own terrains.
  return indexOf(catalogue).terrains.get(id) ?? placeholderTerrain(catalogue, id);
}

/** Like findTerrain, but an unknown id is an error. */
export function getTerrain(catalogue: TerrainCatalogue, id: string): Terrain {
  const t = findTerrain(catalogue, id);
  if (t === undefined) throw new Error(`unknown terrain "${id}" in catalogue "${catalogue.name}"`);
  return t;
}

export function hasTerrain(catalogue: TerrainCatalogue, id: string): boolean {
  return indexOf(catalogue).terrains.has(id);
}

export function areaTerrains(catalogue: TerrainCatalogue): readonly AreaTerrain[] {
  return indexOf(catalogue).area;
}

export function linearTerrains(catalogue: TerrainCatalogue): readonly LinearTerrain[] {
  return indexOf(catalogue).linear;
}

export function findMovementMode(catalogue: TerrainCatalogue, id: string): MovementMode | undefined {
  return indexOf(catalogue).modes.get(id);
}

/** Like findMovementMode, but an unknown id is an error listing the catalogue's modes. */
export function getMovementMode(catalogue: TerrainCatalogue, id: string): MovementMode {
  const m = findMovementMode(catalogue, id);
  if (m === undefined) {
    throw new Error(`unknown movement mode "${id}" (catalogue "${catalogue.name}" has: ${catalogue.modes.map((x) => x.id).join(', ')})`);
  }
  return m;
}

/** 0 for the highest-priority linear terrain; undefined for ids that are not linear terrains. */
export function linearRank(catalogue: TerrainCatalogue, id: string): number | undefined {
  return indexOf(catalogue).ranks.get(id);
}

/** The transition rule between two area terrains, whichever order they are given in. */
export function findTransition(catalogue: TerrainCatalogue, a: string, b: string): TransitionRule | undefined {
  return indexOf(catalogue).transitions.get(pairKey(a, b));
}

/** The composite two linear terrains form on one tile, whichever order they are given in. */
export function findComposite(catalogue: TerrainCatalogue, a: string, b: string): LinearComposite | undefined {
  return indexOf(catalogue).composites.get(pairKey(a, b));
}

/** What a transition lays at a given ground elevation (metres): band fill, and the border's linear terrain. */
export interface BandChoice {
  readonly fill: readonly WeightedTerrain[];
  readonly edge: string | undefined;
}

export function bandAt(rule: TransitionRule, elevation: number): BandChoice {
  const band = rule.band;
  if (typeof band === 'object' && 'byElevation' in band) {
    const steps = band.byElevation;
    // Validation guarantees the last step has no `below`, so a step is always found.
    const step = steps.find((s) => s.below === undefined || elevation < s.below) ?? steps[steps.length - 1]!;
    return { fill: weighted(step.terrain), edge: step.edge };
  }
  return { fill: weighted(band), edge: rule.edge };
}

function weighted(fill: BandFill): readonly WeightedTerrain[] {
  return typeof fill === 'string' ? [{ terrain: fill, weight: 1 }] : fill;
}
