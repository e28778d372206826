import { describe, expect, it } from 'vitest';
import { borderDisplacement, hash2, hashString, noise2, valueNoise } from './noise.js';

describe('noise', () => {
  it('noise2 is deterministic, in [0, 1), and depends on seed and both coordinates', () => {
    const seen = new Set<number>();
    for (let x = -20; x < 20; x++) {
      for (let y = -20; y < 20; y++) {
        const v = noise2(7, x, y);
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThan(1);
        expect(noise2(7, x, y)).toBe(v);
        seen.add(v);
      }
    }
    expect(seen.size).toBe(1600);
    expect(noise2(1, 3, 4)).not.toBe(noise2(2, 3, 4));
    expect(noise2(1, 3, 4)).not.toBe(noise2(1, 4, 3));
  });

  it('noise2 is roughly uniform', () => {
    const buckets = new Array<number>(10).fill(0);
    for (let x = 0; x < 100; x++) for (let y = 0; y < 100; y++) buckets[Math.floor(noise2(99, x, y) * 10)]!++;
    for (const b of buckets) expect(Math.abs(b - 1000)).toBeLessThan(150);
  });

  it('hash2 is an unsigned 32-bit integer and hashString separates ids', () => {
    const h = hash2(5, -1, 2);
    expect(Number.isInteger(h) && h >= 0 && h < 2 ** 32).toBe(true);
    expect(hashString(1, 'forest')).not.toBe(hashString(1, 'clear'));
    expect(hashString(1, 'forest')).toBe(hashString(1, 'forest'));
  });

  it('valueNoise matches lattice values on lattice points and changes smoothly between', () => {
    expect(valueNoise(3, 8, 12, 4)).toBeCloseTo(noise2(3, 2, 3), 12);
    for (let x = -10; x < 10; x++) {
      const a = valueNoise(3, x, 1, 4);
      const b = valueNoise(3, x + 1, 1, 4);
      expect(Math.abs(a - b)).toBeLessThan(0.8);
      expect(a).toBeGreaterThanOrEqual(0);
      expect(a).toBeLessThan(1);
    }
    expect(() => valueNoise(1, 0, 0, 0)).toThrow(/period must be an integer ≥ 1, got 0/);
  });

  it('borderDisplacement stays in range, uses every offset, and differs per axis', () => {
    const counts = new Map<number, number>();
    let differ = 0;
    for (let x = 0; x < 60; x++) {
      for (let y = 0; y < 60; y++) {
        const dx = borderDisplacement(11, x, y, 2, 0);
        expect(Math.abs(dx)).toBeLessThanOrEqual(2);
        counts.set(dx, (counts.get(dx) ?? 0) + 1);
        if (dx !== borderDisplacement(11, x, y, 2, 1)) differ++;
      }
    }
    expect([...counts.keys()].sort()).toEqual([-1, -2, 0, 1, 2]);
    expect(differ).toBeGreaterThan(1000);
    expect(() => borderDisplacement(1, 0, 0, -1, 0)).toThrow(/amplitude must be an integer ≥ 0, got -1/);
  });
});
