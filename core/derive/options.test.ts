import { describe, expect, it } from 'vitest';
import { defaultRatio, derivedMapName, MAX_SEED, offeredRatios, parseSeed, seedProblem } from './options.js';
import { isAdmissibleRatio } from './geometry/ratios.js';
import { GRID_KINDS } from '../grid/types.js';

describe('derive options', () => {
  it('defaults to the admissible ratio nearest 1:10', () => {
    expect(GRID_KINDS.map(defaultRatio)).toEqual([10, 12, 12, 12, 12]);
    expect(defaultRatio('square')).toBe(10);
    expect(defaultRatio('offset-square')).toBe(12);
    expect(defaultRatio('icosahedron')).toBe(12);
  });

  it('offers every admissible ratio up to 48 in its step, the default among them', () => {
    expect(offeredRatios('square').slice(0, 4)).toEqual([2, 4, 6, 8]);
    expect(offeredRatios('offset-square')).toEqual([4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48]);
    expect(offeredRatios('icosahedron')).toEqual([6, 12, 18, 24, 30, 36, 42, 48]);
    for (const kind of GRID_KINDS) {
      expect(offeredRatios(kind)).toContain(defaultRatio(kind));
      for (const r of offeredRatios(kind)) expect(isAdmissibleRatio(kind, r)).toBe(true);
    }
  });

  it('bounds seeds to 0 … 2^31 − 1, typed or given', () => {
    expect(MAX_SEED).toBe(2147483647);
    expect(parseSeed(' 42 ')).toEqual({ seed: 42 });
    expect(parseSeed('')).toEqual({ seed: 0 });
    expect(parseSeed('-1')).toEqual({ error: 'seed must be a whole number 0 … 2147483647, got "-1"' });
    expect(parseSeed('1.5')).toHaveProperty('error');
    expect(parseSeed('2147483648')).toEqual({ error: 'seed must be at most 2147483647, got 2147483648' });
    expect(seedProblem(MAX_SEED)).toBeNull();
    expect(seedProblem(MAX_SEED + 1)).toBe('seed must be at most 2147483647, got 2147483648');
    expect(seedProblem(0.5)).toBe('seed must be a whole number 0 … 2147483647, got 0.5');
  });

  it('names a derived map after its parent, ratio and reference tile', () => {
    expect(derivedMapName('Ardennes', 10, '4,4')).toBe('Ardennes · tactical 1:10 at 4,4');
    expect(derivedMapName(undefined, 12, '0,0')).toBe('map · tactical 1:12 at 0,0');
    expect(derivedMapName('x'.repeat(300), 10, '4,4')).toHaveLength(200);
  });
});
