import { describe, expect, it } from 'vitest';
import { sortPairs } from './sort-pairs.js';

describe('sortPairs', () => {
  it('sorts the keys and carries each partner along, stably', () => {
    const keys = [3, 1, 2, 1];
    const partners = [30, 10, 20, 11];
    sortPairs(keys, partners);
    expect(keys).toEqual([1, 1, 2, 3]);
    expect(partners).toEqual([10, 11, 20, 30]);
  });

  it('sorts only the first `count` entries of typed arrays', () => {
    const keys = Float64Array.from([0.5, 0.25, 0.75, 0]);
    const partners = Float64Array.from([5, 2.5, 7.5, 0]);
    sortPairs(keys, partners, 3);
    expect([...keys]).toEqual([0.25, 0.5, 0.75, 0]);
    expect([...partners]).toEqual([2.5, 5, 7.5, 0]);
  });
});
