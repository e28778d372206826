/**
 * Stateless, seeded noise of integer GLOBAL coordinates for blending (SPEC §7: derivation
 * is a pure function of map, library, seed and global coordinates). Nothing here keeps
 * state or calls Math.random, so two windows that overlap read the same values on their
 * overlap, and deriving twice gives identical output.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte, or anything outside core/.
 */

const TO_UNIT = 1 / 4294967296;

/** Avalanching 32-bit hash of (seed, x, y); every input bit flips about half the output bits. */
export function hash2(seed: number, x: number, y: number): number {
  let h = Math.imul(seed | 0, 0x9e3779b1) ^ Math.imul(x | 0, 0x85ebca77) ^ Math.imul(y | 0, 0xc2b2ae3d);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  h ^= h >>> 16;
  // A second round keeps (x, y) and (y, x) unrelated even for small coordinates.
  h = Math.imul(h ^ Math.imul(x | 0, 0x27d4eb2f) ^ (h >>> 13), 0x165667b1);
  return (h ^ (h >>> 16)) >>> 0;
}

/** White noise in [0, 1): independent value per integer point. */
export function noise2(seed: number, x: number, y: number): number {
  return hash2(seed, x, y) * TO_UNIT;
}

/** Seed derived from a string (a terrain id), so per-terrain noise fields differ. */
export function hashString(seed: number, text: string): number {
  let h = (seed ^ 0x811c9dc5) >>> 0;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return hash2(h, text.length, 0x5bd1e995);
}

const smooth = (t: number): number => t * t * (3 - 2 * t);

/**
 * Coherent value noise in [0, 1): lattice values every `period` units, smoothly
 * interpolated between. Integer floor division keeps the lattice anchored to global
 * coordinates, never to a window.
 */
export function valueNoise(seed: number, x: number, y: number, period: number): number {
  if (!Number.isInteger(period) || period < 1) throw new RangeError(`valueNoise period must be an integer ≥ 1, got ${period}`);
  const x0 = Math.floor(x / period);
  const y0 = Math.floor(y / period);
  const fx = smooth((x - x0 * period) / period);
  const fy = smooth((y - y0 * period) / period);
  const a = noise2(seed, x0, y0);
  const b = noise2(seed, x0 + 1, y0);
  const c = noise2(seed, x0, y0 + 1);
  const d = noise2(seed, x0 + 1, y0 + 1);
  const top = a + (b - a) * fx;
  const bottom = c + (d - c) * fx;
  return top + (bottom - top) * fy;
}

/**
 * High-frequency border displacement (seed 004, "Border Noise Layer"): an integer offset in
 * −amplitude…amplitude along `axis` (0 = x, 1 = y) for the point (x, y). Half coherent noise
 * (so borders wander in bays and tongues) and half white noise (so no two neighbouring
 * points move in lockstep, which is what leaves straight runs).
 */
export function borderDisplacement(seed: number, x: number, y: number, amplitude: number, axis: 0 | 1): number {
  if (!Number.isInteger(amplitude) || amplitude < 0) throw new RangeError(`displacement amplitude must be an integer ≥ 0, got ${amplitude}`);
  const s = axis === 0 ? seed ^ 0x68e31da4 : seed ^ 0x1b56c4e9;
  const v = 0.5 * valueNoise(s, x, y, 3) + 0.5 * noise2(s ^ 0x2545f491, x, y);
  const d = Math.floor(v * (2 * amplitude + 1)) - amplitude;
  return d > amplitude ? amplitude : d;
}
