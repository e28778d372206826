/**
 * Seeded 3-D noise for world generation (simplex-noise's 3-D simplex over core/util's seeded
 * random, so one seed gives the same field on every machine). Each purpose (continents,
 * ridges, coast warp, border noise, moisture …) draws its own field from the world seed plus
 * a fixed offset, so changing one stage's parameters leaves the others' fields alone.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { createNoise3D, type NoiseFunction3D } from 'simplex-noise';
import { seededRandom } from '../util/random.js';

/** Fixed offsets that decouple the fields of one world seed (seed 004's BORDER_OFFSET …). */
export const NOISE_OFFSET = {
  continents: 0x1001,
  ridges: 0x2002,
  ridgeMask: 0x3003,
  coastWarp: 0x4004,
  border: 0x5005,
  moisture: 0x6006,
  temperature: 0x7007,
  band: 0x8008,
  settlements: 0x9009,
} as const;

export type NoisePurpose = keyof typeof NOISE_OFFSET;

/** The noise field of one purpose for a world seed, values in [−1, 1]. */
export function noiseField(seed: number, purpose: NoisePurpose): NoiseFunction3D {
  return createNoise3D(seededRandom((seed ^ Math.imul(NOISE_OFFSET[purpose], 0x9e3779b1)) >>> 0));
}

/** Fractal sum of `octaves` octaves (persistence 0.5, lacunarity 2), normalised to [−1, 1]. */
export function fbm(noise: NoiseFunction3D, x: number, y: number, z: number, octaves: number): number {
  let sum = 0;
  let amp = 1;
  let norm = 0;
  let f = 1;
  for (let o = 0; o < octaves; o++) {
    // Each octave is shifted so octaves do not share a zero at the origin.
    sum += amp * noise(x * f + o * 17.13, y * f + o * 31.7, z * f + o * 7.91);
    norm += amp;
    amp *= 0.5;
    f *= 2;
  }
  return sum / norm;
}

/** Ridged fractal noise in [0, 1]: sharp crests where the base noise crosses zero (mountain chains). */
export function ridged(noise: NoiseFunction3D, x: number, y: number, z: number, octaves: number): number {
  let sum = 0;
  let amp = 1;
  let norm = 0;
  let f = 1;
  for (let o = 0; o < octaves; o++) {
    const r = 1 - Math.abs(noise(x * f + o * 11.3, y * f + o * 5.7, z * f + o * 23.1));
    sum += amp * r * r;
    norm += amp;
    amp *= 0.5;
    f *= 2;
  }
  return sum / norm;
}
