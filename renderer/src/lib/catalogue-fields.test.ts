import { describe, expect, it } from 'vitest';
import { PATTERN_CHOICES, readCost, readNumberField } from './catalogue-fields.js';

describe('catalogue editor fields', () => {
  it('reads costs as numbers or impassable, and leaves the rest to core as NaN', () => {
    expect(readCost(' 2.5 ')).toBe(2.5);
    expect(readCost('Impassable')).toBe('impassable');
    expect(readCost('∞')).toBe('impassable');
    expect(readCost('')).toBeNaN();
    expect(readCost('lots')).toBeNaN();
    expect(readNumberField('')).toBeNaN();
    expect(readNumberField('-3')).toBe(-3);
  });

  it('offers the patterns the map drawing knows', () => {
    expect(PATTERN_CHOICES).toContain('trees');
    expect(new Set(PATTERN_CHOICES).size).toBe(PATTERN_CHOICES.length);
  });
});
