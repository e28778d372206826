/**
 * Cost classes: what a MOVEMENT-MODE's cost of entering a terrain means at a glance, so the
 * mode view can show it (SPEC §5: outline style "may be specific to one unit or one
 * MOVEMENT-MODE"). Foot pays 2 in forest and wheeled 4: "slow" and "crawl", drawn differently,
 * where a plain "cost > 1: dashed" drew both the same.
 *
 * Classes by cost per TILE-SPACING: easy ≤ 1 (roads, clear), slow ≤ 2, very slow ≤ 3, crawl
 * above 3. What the mode cannot pass is no class but a BARRIER (`modeBarrier`), marked plainly
 * in the mode view: area ground it cannot enter (swamp for wheels) and linear terrain it cannot
 * cross (a river without a bridge for wheels). A linear terrain that is merely unplayable is
 * crossed, at its crossing cost, and is no barrier.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainCatalogue, Terrain } from '../terrain/types.js';
import { getMovementMode } from '../terrain/lookup.js';

export const COST_CLASSES = [
  { id: 'easy', name: 'Easy', upTo: 1 },
  { id: 'slow', name: 'Slow', upTo: 2 },
  { id: 'very-slow', name: 'Very slow', upTo: 3 },
  { id: 'crawl', name: 'Crawl', upTo: Infinity },
] as const;

export type CostClassId = (typeof COST_CLASSES)[number]['id'];

/** Why a mode cannot pass a terrain: area ground it cannot enter, or a line it cannot cross. */
export type BarrierKind = 'impassable-ground' | 'barrier-line';

/** The BARRIER a terrain is to `mode` (see header), or null where the mode can enter or cross it. */
export function modeBarrier(terrain: Terrain, mode: string): BarrierKind | null {
  const rule = terrain.movement[mode];
  if (terrain.class === 'area') return rule?.playable && rule.cost !== 'impassable' ? null : 'impassable-ground';
  if (!rule) return 'barrier-line';
  return !rule.playable && rule.cost === 'impassable' ? 'barrier-line' : null;
}

/** Index into COST_CLASSES of a finite cost; -1 for an impassable one. */
export function costClass(cost: number): number {
  if (!(cost < Infinity)) return -1;
  return COST_CLASSES.findIndex((c) => cost <= c.upTo);
}

/** "cost ≤ 1", "cost > 3": the bounds of class `k` as the legend prints them. */
export function costClassRange(k: number): string {
  const c = COST_CLASSES[k]!;
  if (c.upTo === Infinity) return `cost > ${COST_CLASSES[k - 1]!.upTo}`;
  return k === 0 ? `cost ≤ ${c.upTo}` : `${COST_CLASSES[k - 1]!.upTo} < cost ≤ ${c.upTo}`;
}

/** The PLAYABLE terrains of `terrains` for `mode`, grouped by cost class (the mode view's legend). */
export function terrainsByCostClass(catalogue: TerrainCatalogue, mode: string, terrains: readonly Terrain[]): Terrain[][] {
  getMovementMode(catalogue, mode);
  const out: Terrain[][] = COST_CLASSES.map(() => []);
  for (const t of terrains) {
    const rule = t.movement[mode];
    if (!rule?.playable || rule.cost === 'impassable') continue;
    const k = costClass(rule.cost);
    if (k >= 0) out[k]!.push(t);
  }
  return out;
}

/** The terrains of `terrains` that are a BARRIER to `mode` (the mode view's legend row for the plain mark). */
export function barrierTerrains(mode: string, terrains: readonly Terrain[]): Terrain[] {
  return terrains.filter((t) => modeBarrier(t, mode) !== null);
}
