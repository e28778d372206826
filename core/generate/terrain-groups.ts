/**
 * Which of the default catalogue's terrains the generator treats as sea, water and
 * settlement: the groups the straight-run passes and check-world keep apart.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
export const SEA_TERRAINS: ReadonlySet<string> = new Set(['ocean', 'coastal-ocean']);
export const WATER_TERRAINS: ReadonlySet<string> = new Set(['ocean', 'coastal-ocean', 'lake']);
export const SETTLEMENT_TERRAINS: ReadonlySet<string> = new Set(['village', 'urban']);
export const RIVER_TERRAINS: ReadonlySet<string> = new Set(['river', 'stream', 'river-bridge', 'rail-bridge', 'river-ford', 'river-cataract']);

export const isSeaTerrain = (id: string): boolean => SEA_TERRAINS.has(id);
export const isWaterTerrain = (id: string): boolean => WATER_TERRAINS.has(id);
