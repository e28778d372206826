import { describe, expect, it } from 'vitest';
import type { GridSize } from '../grid/types.js';
import { generateWorld, type GeneratedWorld } from './world.js';
import { RIVER_FACTOR, RIVER_THRESHOLD } from './rivers.js';

/** The fine area tile nearest a world point (brute force: the maps are small). */
function nearest(w: GeneratedWorld, x: number, y: number, z: number): number {
  const lat = w.stages.lattice;
  let best = -1;
  let bd = Infinity;
  for (let i = 0; i < lat.tiles.length; i++) {
    const t = lat.tiles[i]!;
    const d = (lat.world[t * 3]! - x) ** 2 + (lat.world[t * 3 + 1]! - y) ** 2 + (lat.world[t * 3 + 2]! - z) ** 2;
    if (d < bd) {
      bd = d;
      best = i;
    }
  }
  return best;
}

/** Share of coarse area tiles whose land/sea matches the fine map's at the same world point. */
function landAgreement(coarse: GeneratedWorld, fine: GeneratedWorld): number {
  const lat = coarse.stages.lattice;
  let agree = 0;
  for (let i = 0; i < lat.tiles.length; i++) {
    const t = lat.tiles[i]!;
    const j = nearest(fine, lat.world[t * 3]!, lat.world[t * 3 + 1]!, lat.world[t * 3 + 2]!);
    if (coarse.stages.elevation.land[i] === fine.stages.elevation.land[j]) agree++;
  }
  return agree / lat.tiles.length;
}

/** Coarse river tiles (full rivers, not streams) and how many have a fine river within 1.5 coarse tiles. */
function bigRivers(coarse: GeneratedWorld, fine: GeneratedWorld): { big: number; matched: number } {
  const cl = coarse.stages.lattice;
  const fl = fine.stages.lattice;
  const fineRivers: number[] = [];
  fine.stages.rivers.river.forEach((r, t) => r && fineRivers.push(t));
  const r2 = (1.5 * cl.tileWorld) ** 2;
  let big = 0;
  let matched = 0;
  coarse.stages.rivers.flow.forEach((f, t) => {
    if (f < RIVER_FACTOR * RIVER_THRESHOLD) return;
    big++;
    const [x, y, z] = [cl.world[t * 3]!, cl.world[t * 3 + 1]!, cl.world[t * 3 + 2]!];
    if (fineRivers.some((u) => (fl.world[u * 3]! - x) ** 2 + (fl.world[u * 3 + 1]! - y) ** 2 + (fl.world[u * 3 + 2]! - z) ** 2 <= r2)) matched++;
  });
  return { big, matched };
}

describe('the same seed at two sizes', () => {
  for (const seed of [4, 9]) {
    it(`hex 40×30 and 80×60, seed ${seed}: same coastline and large rivers`, () => {
      const size = (width: number, height: number): GridSize => ({ kind: 'hex-rectangle', width, height });
      const coarse = generateWorld({ size: size(40, 30), alform: false }, { seed });
      const fine = generateWorld({ size: size(80, 60), alform: false }, { seed });
      expect(landAgreement(coarse, fine)).toBeGreaterThan(0.9);
      const { big, matched } = bigRivers(coarse, fine);
      expect(big).toBeGreaterThan(0);
      expect(matched / big).toBeGreaterThanOrEqual(0.75);
    });
  }

  it('globe sides 9 and 19: same continents', () => {
    const coarse = generateWorld({ size: { kind: 'icosahedron', side: 9 }, alform: false }, { seed: 4 });
    const fine = generateWorld({ size: { kind: 'icosahedron', side: 19 }, alform: false }, { seed: 4 });
    expect(landAgreement(coarse, fine)).toBeGreaterThan(0.85);
  });
});
