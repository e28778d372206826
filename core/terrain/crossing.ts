/**
 * What a linear tile becomes when a linear terrain is drawn over the one it carries (issue
 * 14: "a road drawn over a river gives a river with a bridge"). The one home of the rule;
 * core/map/draw-linear.ts applies it along a drawn chain, core/derive reads `featureFamilies`.
 *
 * - A feature drawn ACROSS another (the stroke enters and leaves the tile off the other
 *   feature) makes the catalogue's composite of the two: river + road → river-bridge,
 *   river + railroad → rail-bridge, railroad + road → level-crossing, road + road →
 *   crossroads. Without a composite the higher-priority terrain stays (a wall drawn across
 *   a road leaves the road: the gate).
 * - A feature drawn ALONG another on the same tiles does not make composites (a road beside
 *   a river is not a chain of bridges): the higher-priority terrain stays, as when
 *   derivation blends linear terrains (core/derive/blend/linear-blend.ts, SPEC §8).
 * - A tile already carrying the drawn feature keeps what it has (a road redrawn over its
 *   bridge keeps the bridge). '' erases.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainCatalogue } from './types.js';
import { findComposite, linearRank } from './lookup.js';

/** The features a linear terrain carries: itself, or the members of the first composite that makes it. */
export function featureFamilies(catalogue: TerrainCatalogue, id: string): readonly string[] {
  if (id === '') return [];
  const composite = catalogue.composites.find((c) => c.result === id);
  return composite === undefined ? [id] : composite.pair[0] === composite.pair[1] ? [composite.pair[0]] : [...composite.pair];
}

/** Whether two linear terrains carry a feature in common (a river-bridge and a road do). */
export function sharesFeature(catalogue: TerrainCatalogue, a: string, b: string): boolean {
  if (a === '' || b === '') return false;
  if (a === b) return true;
  const fb = featureFamilies(catalogue, b);
  return featureFamilies(catalogue, a).some((f) => fb.includes(f));
}

/**
 * The terrain of a linear tile holding `existing` ('' for none) after `drawn` ('' erases) is
 * drawn over it; `across` says whether the stroke crosses the existing feature there (see
 * the header) rather than running along it.
 */
export function drawnOver(catalogue: TerrainCatalogue, existing: string, drawn: string, across: boolean): string {
  if (drawn === '' || existing === '') return drawn;
  if (existing === drawn) return across ? (findComposite(catalogue, drawn, drawn)?.result ?? drawn) : drawn;
  if (featureFamilies(catalogue, existing).includes(drawn)) return existing;
  if (across) {
    const composite = findComposite(catalogue, existing, drawn);
    if (composite) return composite.result;
  }
  // No composite, or drawn along: the higher-priority terrain stays (unranked ids rank last).
  const re = linearRank(catalogue, existing) ?? Infinity;
  const rd = linearRank(catalogue, drawn) ?? Infinity;
  return rd <= re ? drawn : existing;
}
