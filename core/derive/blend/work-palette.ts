/**
 * The terrains an area blend works with (area-blend.ts): the candidates' palette, then band
 * terrains as met, each with its natural / water flags and noise seed; and the transition
 * rule between two of them, looked up once per pair.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainCatalogue, TransitionRule } from '../../terrain/types.js';
import { findTerrain, findTransition } from '../../terrain/lookup.js';
import { MAX_PALETTE } from '../../map/terrain-map.js';
import { hashString } from './noise.js';

export const FLAG_NATURAL = 1;
export const FLAG_WATER = 2;

/** The terrains a blend works with: the candidates' palette, then band terrains as met. */
export class WorkPalette {
  readonly ids: string[] = [''];
  readonly flags = new Uint8Array(MAX_PALETTE + 1);
  readonly seeds: number[] = [0];
  private readonly byId = new Map<string, number>();
  constructor(
    private readonly catalogue: TerrainCatalogue,
    private readonly seed: number,
  ) {}
  indexOf(id: string): number {
    const k = this.byId.get(id);
    if (k !== undefined) return k;
    if (this.ids.length > MAX_PALETTE) throw new Error(`a blend handles at most ${MAX_PALETTE} distinct terrains; cannot add "${id}"`);
    const t = findTerrain(this.catalogue, id);
    let flags = 0;
    if (t !== undefined && t.class === 'area' && !t.humanCurated) flags |= FLAG_NATURAL;
    if (t !== undefined && t.elevationOffset < 0) flags |= FLAG_WATER;
    this.flags[this.ids.length] = flags;
    this.ids.push(id);
    this.seeds.push(hashString(this.seed, id));
    this.byId.set(id, this.ids.length - 1);
    return this.ids.length - 1;
  }
  /** 1 per natural terrain index. */
  natural(): Uint8Array {
    return this.flags.map((f) => f & FLAG_NATURAL);
  }
}

/** The transition rule between work terrains a and b (either order), or null; memoized per pair. */
export function transitionLookup(catalogue: TerrainCatalogue, work: WorkPalette): (a: number, b: number) => TransitionRule | null {
  const rules = new Map<number, TransitionRule | null>();
  return (a, b) => {
    const key = a < b ? a * 256 + b : b * 256 + a;
    let r = rules.get(key);
    if (r === undefined) {
      r = findTransition(catalogue, work.ids[a]!, work.ids[b]!) ?? null;
      rules.set(key, r);
    }
    return r;
  };
}
