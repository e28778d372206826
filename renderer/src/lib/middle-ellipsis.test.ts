import { describe, expect, it } from 'vitest';
import { middleEllipsis } from './middle-ellipsis.js';

describe('middleEllipsis', () => {
  it('keeps a short name whole', () => {
    expect(middleEllipsis('Forest', 14)).toBe('Forest');
    expect(middleEllipsis('Exactly14chars', 14)).toBe('Exactly14chars');
  });

  it('keeps the end of a long name, so numbered copies stay apart (issue 30)', () => {
    const one = middleEllipsis('Forest road crossing (1)', 14);
    const two = middleEllipsis('Forest road crossing (2)', 14);
    expect(one).not.toBe(two);
    expect(one.endsWith('(1)')).toBe(true);
    expect(one.startsWith('Forest')).toBe(true);
    expect([...one].length).toBeLessThanOrEqual(14);
    expect(one).toContain('…');
  });

  it('counts characters, not UTF-16 units, and never exceeds the budget', () => {
    const s = middleEllipsis('Ébène 🌲🌲🌲🌲🌲🌲🌲🌲 hameau (12)', 12);
    expect([...s].length).toBeLessThanOrEqual(12);
    expect(s.endsWith('(12)')).toBe(true);
    expect(middleEllipsis('abcdef', 2)).toBe('ab');
  });
});
