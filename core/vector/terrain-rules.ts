/**
 * The terrain-specific rules vector matching reads from the catalogue (core/terrain). One
 * so far: REORDERABLE terrains (patent MAP ASSEMBLY step 3, "the order of one or both sets
 * is adjusted according to TERRAIN specific rules"), declared per terrain by the optional
 * catalogue property `reorderable`.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainCatalogue } from '../terrain/types.js';
import type { MatchOptions } from './match.js';

export function matchOptionsFrom(catalogue: TerrainCatalogue): MatchOptions {
  const ids = new Set(catalogue.terrains.filter((t) => t.reorderable === true).map((t) => t.id));
  return { reorderable: (terrain) => ids.has(terrain) };
}
