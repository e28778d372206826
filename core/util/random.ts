/**
 * Seeded pseudo-random numbers (mulberry32): every seeded feature of the engine (generators,
 * derivation noise, tests, benchmarks) draws from here so the same seed gives the same map
 * on every machine.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
export type Random = () => number;

/** Uniform numbers in [0, 1) from a 32-bit seed. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Integer in [0, n). */
export function randomInt(random: Random, n: number): number {
  return Math.floor(random() * n);
}
