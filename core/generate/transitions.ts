/**
 * Stage 4, seed 004's transition bands: between biomes that should not meet in one tile's
 * step, a band of mixed terrain 2–4 tiles wide in all (1–2 tiles each side, the width varied
 * along the border by the border noise so the band's edges are organic too):
 *   forest/jungle ↔ open ground           forest-edge
 *   mountains/hills ↔ open ground          foothills (1–2 tiles on the open side; the hills are the rest of the band)
 *   forest/jungle ↔ swamp/marsh            marsh-edge
 *   sea ↔ land                             coastal-ocean on the sea side (1–3 tiles)
 * and the coast itself: low flat coasts in warm wet country become tidal flats.
 * Tiles are changed by the label they had BEFORE the pass, so bands do not feed each other.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { AreaLattice } from './lattice.js';
import { fbm, noiseField } from './noise.js';

const OPEN = new Set(['clear', 'plains', 'rough', 'tundra', 'sand', 'badlands']);
const WOOD = new Set(['forest', 'jungle']);
const HIGH = new Set(['mountains', 'hills']);
const WETLAND = new Set(['swamp', 'marsh']);
const LAND_WATER = new Set(['ocean']);

interface BandRule {
  /** Tiles of this side … */
  readonly from: ReadonlySet<string>;
  /** … facing tiles of this side … */
  readonly facing: ReadonlySet<string>;
  /** … within this band (per side) become … */
  readonly becomes: string;
  readonly minWidth: number;
  readonly maxWidth: number;
}

export const BAND_RULES: readonly BandRule[] = [
  { from: WOOD, facing: OPEN, becomes: 'forest-edge', minWidth: 1, maxWidth: 2 },
  { from: OPEN, facing: WOOD, becomes: 'forest-edge', minWidth: 1, maxWidth: 2 },
  { from: OPEN, facing: HIGH, becomes: 'foothills', minWidth: 1, maxWidth: 2 },
  { from: WOOD, facing: WETLAND, becomes: 'marsh-edge', minWidth: 1, maxWidth: 2 },
  { from: WETLAND, facing: WOOD, becomes: 'marsh-edge', minWidth: 1, maxWidth: 2 },
  { from: LAND_WATER, facing: new Set(['*land*']), becomes: 'coastal-ocean', minWidth: 1, maxWidth: 3 },
];

const isLandTerrain = (id: string): boolean => id !== 'ocean' && id !== 'lake' && id !== 'coastal-ocean';

/** Applies every band rule to `terrain` (per area tile) in place; `fixed` tiles never change. */
export function applyTransitions(lat: AreaLattice, seed: number, terrain: string[], fixed: Uint8Array): void {
  const before = terrain.slice();
  const noise = noiseField(seed, 'border');
  const n = lat.tiles.length;
  for (const rule of BAND_RULES) {
    const faces = (id: string): boolean => (rule.facing.has('*land*') ? isLandTerrain(id) : rule.facing.has(id));
    const steps = new Int32Array(n).fill(-1);
    const queue: number[] = [];
    for (let a = 0; a < n; a++) {
      if (!rule.from.has(before[a]!)) continue;
      for (let s = 0; s < lat.slots; s++) {
        const b = lat.nbr[a * lat.slots + s]!;
        if (b >= 0 && faces(before[b]!)) {
          steps[a] = 0;
          queue.push(a);
          break;
        }
      }
    }
    for (let h = 0; h < queue.length; h++) {
      const a = queue[h]!;
      if (steps[a]! + 1 >= rule.maxWidth) continue;
      for (let s = 0; s < lat.slots; s++) {
        const b = lat.nbr[a * lat.slots + s]!;
        if (b >= 0 && steps[b]! < 0 && rule.from.has(before[b]!)) {
          steps[b] = steps[a]! + 1;
          queue.push(b);
        }
      }
    }
    for (const a of queue) {
      if (fixed[a] === 1) continue;
      const t = lat.tiles[a]!;
      const v = 0.5 + 0.5 * fbm(noise, lat.world[t * 3]! / lat.tileWorld / 6, lat.world[t * 3 + 1]! / lat.tileWorld / 6, lat.world[t * 3 + 2]! / lat.tileWorld / 6, 2);
      const width = rule.minWidth + Math.round(v * (rule.maxWidth - rule.minWidth));
      if (steps[a]! < width) terrain[a] = rule.becomes;
    }
  }
}

/**
 * Seed 004's border noise injection: each land tile on a border between land biomes takes the
 * biome of the tile 0–3 steps away in a direction the border noise picks, so borders become
 * wavy, with tongues of one biome in the other. Water and `fixed` tiles neither move nor are
 * read across.
 */
export function warpBorders(lat: AreaLattice, seed: number, terrain: string[], fixed: Uint8Array): void {
  const before = terrain.slice();
  const noise = noiseField(seed, 'border');
  const S = lat.slots;
  for (let a = 0; a < lat.tiles.length; a++) {
    if (fixed[a] === 1 || !isLandTerrain(before[a]!)) continue;
    let border = false;
    for (let s = 0; s < S && !border; s++) {
      const b = lat.nbr[a * S + s]!;
      border = b >= 0 && isLandTerrain(before[b]!) && before[b] !== before[a];
    }
    if (!border) continue;
    const t = lat.tiles[a]!;
    const x = lat.world[t * 3]! / lat.tileWorld / 5;
    const y = lat.world[t * 3 + 1]! / lat.tileWorld / 5;
    const z = lat.world[t * 3 + 2]! / lat.tileWorld / 5;
    const dir = Math.floor((0.5 + 0.5 * fbm(noise, x + 50, y, z, 2)) * lat.degree[a]!) % lat.degree[a]!;
    const steps = Math.round(Math.abs(fbm(noise, x, y + 50, z, 2)) * 3 * 1.6);
    let c = a;
    for (let k = 0; k < Math.min(3, steps); k++) {
      const next = lat.nbr[c * S + (dir % Math.max(1, lat.degree[c]!))]!;
      if (next < 0 || !isLandTerrain(before[next]!) || fixed[next] === 1) break;
      c = next;
    }
    terrain[a] = before[c]!;
  }
}
