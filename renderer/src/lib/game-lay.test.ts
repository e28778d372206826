import { describe, expect, it } from 'vitest';
import { legalHexes, parseTrains, stepRotation } from './game-lay.js';

describe('the tile-lay tool', () => {
  it('steps Z/X through the legal rotations only, wrapping round', () => {
    const legal = [1, 4, 5];
    expect(stepRotation(legal, 1, 1)).toBe(4);
    expect(stepRotation(legal, 4, 1)).toBe(5);
    expect(stepRotation(legal, 5, 1)).toBe(1);
    expect(stepRotation(legal, 1, -1)).toBe(5);
    expect(stepRotation(legal, 5, -1)).toBe(4);
    // From a rotation the rules refuse, to the next legal one either way.
    expect(stepRotation(legal, 2, 1)).toBe(4);
    expect(stepRotation(legal, 2, -1)).toBe(1);
    expect(stepRotation([3], 3, 1)).toBe(3);
    expect(stepRotation([], 2, 1)).toBe(2);
  });

  it('reads trains as typed and names a bad one', () => {
    expect(parseTrains('2, 3+1 4d')).toEqual({ trains: ['2', '3+1', '4D'] });
    expect(parseTrains('')).toEqual({ error: 'name at least one train, e.g. 2, 3, 5' });
    expect(parseTrains('2, x')).toEqual({ error: '"x" is not a train (2, 3+1, 4D, D)' });
  });

  it('marks the hexes with a legal rotation', () => {
    expect([...legalHexes([{ hex: 'A1', rotations: [0] }, { hex: 'B2', rotations: [], reason: 'no' }])]).toEqual(['A1']);
  });
});
