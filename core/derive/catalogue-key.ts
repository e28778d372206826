/**
 * What of a terrain catalogue a derivation reads (SPEC §7), as one canonical text: derived
 * maps go stale when it changes (node/services derived-status.ts), and stay fresh when a
 * designer changes only what derivation never reads — a terrain's look (name, colours,
 * pattern), its movement rules and its sight properties, and the movement modes. Everything
 * else (ids and their order, classes, human-curated, elevation offsets, street layouts,
 * widths, transitions, composites, linear priority — and any field added later) counts,
 * so a forgotten field can only make a map stale, never keep a wrong one fresh.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainCatalogue } from '../terrain/types.js';

/** Terrain fields no part of core/derive reads. */
const IGNORED_TERRAIN_FIELDS = new Set(['name', 'colour', 'secondaryColour', 'pattern', 'movement', 'cover', 'concealment', 'height', 'blocksSightThrough', 'blocksSightAcross', 'blocksSightAlong', 'reorderable']);

const keys = new WeakMap<TerrainCatalogue, string>();

export function derivationCatalogueKey(catalogue: TerrainCatalogue): string {
  let key = keys.get(catalogue);
  if (key === undefined) {
    const terrains = catalogue.terrains.map((t) => Object.fromEntries(Object.entries(t).filter(([k]) => !IGNORED_TERRAIN_FIELDS.has(k)).sort(([a], [b]) => (a < b ? -1 : 1))));
    key = JSON.stringify({ terrains, transitions: catalogue.transitions, composites: catalogue.composites, linearPriority: catalogue.linearPriority });
    keys.set(catalogue, key);
  }
  return key;
}
