/**
 * Stage 3b, biomes onto the default catalogue's terrains, by a documented matrix of
 * temperature × moisture (Whittaker's diagram, as Azgaar's 5 × 26 matrix but coarse enough to
 * read on a wargame map), then height overrides: above HILL_HEIGHT hills, above
 * MOUNTAIN_HEIGHT mountains, cold peaks glacier.
 *
 *              arid      dry        moderate   wet       soaked
 *   frozen     tundra    tundra     glacier    glacier   glacier
 *   cold       tundra    tundra     plains     forest    marsh
 *   temperate  rough     plains     clear      forest    marsh
 *   warm       sand      rough      plains     forest    swamp
 *   hot        sand      badlands   plains     jungle    swamp
 *
 * Temperature bands: frozen < −6 °C ≤ cold < 6 ≤ temperate < 17 ≤ warm < 23 ≤ hot.
 * Moisture bands: 0.2, 0.4, 0.6, 0.8.
 * Water: sea → 'ocean' ('coastal-ocean' near land, transitions.ts), lakes → 'lake'.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Climate } from './climate.js';
import { Water } from './drainage.js';

export const BIOME_MATRIX: readonly (readonly string[])[] = [
  ['tundra', 'tundra', 'glacier', 'glacier', 'glacier'],
  ['tundra', 'tundra', 'plains', 'forest', 'marsh'],
  ['rough', 'plains', 'clear', 'forest', 'marsh'],
  ['sand', 'rough', 'plains', 'forest', 'swamp'],
  ['sand', 'badlands', 'plains', 'jungle', 'swamp'],
];
export const TEMPERATURE_BANDS = [-6, 6, 17, 23] as const;
export const MOISTURE_BANDS = [0.2, 0.4, 0.6, 0.8] as const;
export const HILL_HEIGHT = 0.33;
export const MOUNTAIN_HEIGHT = 0.5;

function band(value: number, bounds: readonly number[]): number {
  let k = 0;
  while (k < bounds.length && value >= bounds[k]!) k++;
  return k;
}

/** The terrain id of one area tile. */
export function biomeOf(water: number, height: number, temperature: number, moisture: number): string {
  if (water === Water.SEA) return 'ocean';
  if (water === Water.LAKE) return 'lake';
  const t = band(temperature, TEMPERATURE_BANDS);
  if (height >= MOUNTAIN_HEIGHT) return t <= 1 && height >= 0.7 ? 'glacier' : 'mountains';
  if (height >= HILL_HEIGHT) return t === 0 ? 'tundra' : 'hills';
  return BIOME_MATRIX[t]![band(moisture, MOISTURE_BANDS)]!;
}

/** Terrain ids of every area tile. */
export function assignBiomes(water: Uint8Array, height: Float32Array, climate: Climate): string[] {
  const out: string[] = new Array<string>(water.length);
  for (let a = 0; a < water.length; a++) out[a] = biomeOf(water[a]!, height[a]!, climate.temperature[a]!, climate.moisture[a]!);
  return out;
}
