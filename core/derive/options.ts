/**
 * The parameters of a derivation as people give them (SPEC §7), in one place for the CLI,
 * the services and the derive dialog: the scale ratios offered and the default one, the
 * seed's bounds, and the derived map's name.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { GridKind } from '../grid/types.js';
import { admissibleRatios, nearestAdmissibleRatio, ratioStep } from './geometry/ratios.js';

/** The scale ratio a designer usually wants: the patent's 1:10, a strategic tile ≈ 10 tactical tiles. */
export const PREFERRED_RATIO = 10;
/** The largest ratio the dialog offers (a 1:48 substitute is already ~2 300 tiles per area tile). */
export const MAX_OFFERED_RATIO = 48;

/** The default ratio of a kind: the admissible one nearest 1:10 (square 10, offset-square 12, hex kinds and the globe 12). */
export function defaultRatio(kind: GridKind): number {
  return nearestAdmissibleRatio(kind, PREFERRED_RATIO);
}

/** The ratios offered for a kind: every admissible ratio up to MAX_OFFERED_RATIO (steps of 2, 4 or 6). */
export function offeredRatios(kind: GridKind): number[] {
  return admissibleRatios(kind, Math.max(MAX_OFFERED_RATIO, ratioStep(kind)));
}

/** Seeds are 0 … 2^31 − 1: they travel as JSON numbers and are stored as SQLite integers, and every noise hash takes 32 bits. */
export const MAX_SEED = 2 ** 31 - 1;

/** Why `seed` is no seed, or null. */
export function seedProblem(seed: number): string | null {
  if (!Number.isInteger(seed) || seed < 0) return `seed must be a whole number 0 … ${MAX_SEED}, got ${seed}`;
  if (seed > MAX_SEED) return `seed must be at most ${MAX_SEED}, got ${seed}`;
  return null;
}

/** Throws unless `seed` is a seed. */
export function checkSeed(seed: number): void {
  const problem = seedProblem(seed);
  if (problem !== null) throw new Error(problem);
}

/** A seed typed by a person ("" is 0), or a message saying what is wrong with it. */
export function parseSeed(text: string): { seed: number } | { error: string } {
  const t = text.trim();
  if (t === '') return { seed: 0 };
  if (!/^\d+$/.test(t)) return { error: `seed must be a whole number 0 … ${MAX_SEED}, got "${t}"` };
  const seed = Number(t);
  return seed > MAX_SEED ? { error: `seed must be at most ${MAX_SEED}, got ${t}` } : { seed };
}

/** Generated map names are cut to this length (imported and converted names are too). */
export const MAX_MAP_NAME = 200;

/** "Ardennes · tactical 1:10 at 4,4": the parent's name ("map" when it has none), the ratio and the reference tile. */
export function derivedMapName(parentName: unknown, ratio: number, reference: string): string {
  const parent = typeof parentName === 'string' && parentName.trim() ? parentName : 'map';
  return `${parent} · tactical 1:${ratio} at ${reference}`.slice(0, MAX_MAP_NAME);
}
