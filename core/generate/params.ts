/**
 * The parameters of a generated world (issue 27's dialog and `sandtable generate` flags), with
 * their defaults and bounds. Checked once here so every stage can trust them.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { InputError } from '../util/input-error.js';

/** Climate of a flat map (the globe's latitude gives its own): the band of latitudes it spans. */
export const CLIMATE_BANDS = ['polar', 'cold', 'temperate', 'warm', 'tropical'] as const;
export type ClimateBand = (typeof CLIMATE_BANDS)[number];

export interface WorldParams {
  /** 32-bit seed; the same seed and parameters give byte-identical maps. */
  readonly seed: number;
  /** Target fraction of area tiles that are land, 0.05–0.95. */
  readonly land: number;
  /** River amount: 1 is the default density; 2 twice as many river tiles' worth of catchment. */
  readonly rivers: number;
  /** Mountain amount: 0 no ridges, 1 default, up to 3. */
  readonly mountains: number;
  /** Settlements to place (villages, towns and cities together). */
  readonly settlements: number;
  /** Climate of a flat map. */
  readonly climate: ClimateBand;
}

export const DEFAULT_PARAMS: WorldParams = Object.freeze({ seed: 1, land: 0.35, rivers: 1, mountains: 1, settlements: 40, climate: 'temperate' });

/** The full parameters from a partial set, each checked; throws an InputError naming the bad one. */
export function worldParams(partial: Partial<WorldParams>): WorldParams {
  const p = { ...DEFAULT_PARAMS, ...partial };
  const bad = (what: string, want: string, got: unknown): never => {
    throw new InputError('world parameters', what, `must be ${want}, got ${String(got).slice(0, 40)}`);
  };
  if (!Number.isInteger(p.seed) || p.seed < 0 || p.seed > 0xffffffff) bad('seed', 'an integer 0–4294967295', p.seed);
  if (!(p.land >= 0.05 && p.land <= 0.95)) bad('land fraction', 'between 0.05 and 0.95', p.land);
  if (!(p.rivers >= 0 && p.rivers <= 10)) bad('river amount', 'between 0 and 10', p.rivers);
  if (!(p.mountains >= 0 && p.mountains <= 3)) bad('mountain amount', 'between 0 and 3', p.mountains);
  if (!Number.isInteger(p.settlements) || p.settlements < 0 || p.settlements > 10000) bad('settlement count', 'an integer 0–10000', p.settlements);
  if (!(CLIMATE_BANDS as readonly string[]).includes(p.climate)) bad('climate band', CLIMATE_BANDS.join('|'), p.climate);
  return p;
}
