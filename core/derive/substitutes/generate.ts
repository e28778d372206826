/**
 * Default substitute generators (SPEC §7): a seeded substitute for every terrain of any
 * catalogue, on every lattice, at any admissible ratio — what a derivation uses for each
 * terrain the library has no substitute for. A pure function of (catalogue, terrain,
 * lattice, ratio, seed): the same arguments give identical cells.
 *
 * The default catalogue's terrains have recipes of their own (area-recipes.ts,
 * linear-recipes.ts); any other terrain is drawn from its properties: an area terrain is
 * itself on every area cell, a linear terrain a chain across the substitute (straight when
 * human-curated, meandering otherwise), a variant or composite its base's chain with the
 * variant in the middle.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainCatalogue } from '../../terrain/types.js';
import { getTerrain, hasTerrain } from '../../terrain/lookup.js';
import type { SubstituteLattice } from '../../map/meta.js';
import { hashString } from '../blend/noise.js';
import type { Substitute, SubstituteSource } from '../types.js';
import { SUBSTITUTE_VARIANTS } from '../types.js';
import { Canvas } from './canvas.js';
import { SUBSTITUTE_LATTICES, substituteCells } from './cells.js';
import { AREA_RECIPES, plainArea } from './area-recipes.js';
import { linearRecipe, paintLinear } from './linear-recipes.js';

/** Ratios the default substitutes are made at: the admissible ratio nearest 1:10 per lattice. */
export const DEFAULT_RATIOS: Readonly<Record<SubstituteLattice, readonly number[]>> = Object.freeze({
  square: Object.freeze([10]),
  'offset-square': Object.freeze([12]),
  hex: Object.freeze([12]),
});

/** The default substitute of `terrainId` (a terrain of `catalogue`) on `lattice` at `ratio`. */
export function generateSubstitute(catalogue: TerrainCatalogue, terrainId: string, lattice: SubstituteLattice, ratio: number, seed = 0, variant = 0): Substitute {
  if (!Number.isInteger(seed)) throw new Error(`substitute seed must be an integer, got ${seed}`);
  if (!Number.isInteger(variant) || variant < 0 || variant >= SUBSTITUTE_VARIANTS) throw new Error(`substitute variant must be an integer 0-${SUBSTITUTE_VARIANTS - 1}, got ${variant}`);
  const terrain = getTerrain(catalogue, terrainId);
  const cells = substituteCells(lattice, ratio);
  // One seed per (terrain, lattice, ratio, variant), so substitutes of different terrains
  // differ; variant 0 keeps the seed substitutes always had, so a library seeded from the
  // defaults holds variant 0.
  const key = `${terrainId}|${lattice}|${ratio}${variant === 0 ? '' : `|${variant}`}`;
  const canvas = new Canvas(catalogue, terrainId, cells, hashString(seed, key));
  if (terrain.class === 'area') {
    // Own-property lookup: a designer's id such as "constructor" must not find Object.prototype's.
    const recipe = Object.hasOwn(AREA_RECIPES, terrainId) ? AREA_RECIPES[terrainId]! : plainArea(terrainId);
    recipe(canvas);
  } else {
    paintLinear(canvas, linearRecipe(catalogue, terrain));
  }
  return canvas.toSubstitute();
}

/** Every terrain of `catalogue` × its lattice's default ratios × the three lattices. */
export function defaultSubstitutes(catalogue: TerrainCatalogue, seed = 0): Substitute[] {
  const out: Substitute[] = [];
  for (const lattice of SUBSTITUTE_LATTICES) {
    for (const ratio of DEFAULT_RATIOS[lattice]) {
      for (const t of catalogue.terrains) out.push(generateSubstitute(catalogue, t.id, lattice, ratio, seed));
    }
  }
  return out;
}

/**
 * A SubstituteSource that generates on demand, at any admissible ratio, and keeps what it
 * made (callers share the returned substitutes and must not modify them). Terrains the
 * catalogue lacks have none; an inadmissible ratio is an error.
 */
export function defaultSubstituteSource(catalogue: TerrainCatalogue, seed = 0): SubstituteSource {
  const made = new Map<string, Substitute>();
  return {
    get(terrain, lattice, ratio, variant = 0) {
      if (!hasTerrain(catalogue, terrain)) return undefined;
      const key = `${lattice}|${ratio}|${terrain}|${variant}`;
      let sub = made.get(key);
      if (sub === undefined) {
        sub = generateSubstitute(catalogue, terrain, lattice, ratio, seed, variant);
        made.set(key, sub);
      }
      return sub;
    },
  };
}
