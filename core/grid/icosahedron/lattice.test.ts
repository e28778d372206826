import { describe, expect, test } from 'vitest';
import { IcosaLattice } from './lattice.js';

/** Ring sizes as SPEC §2 states them. */
function specRingSize(n: number, lat: number): number {
  if (lat === 0 || lat === 3 * n) return 1;
  if (lat <= n) return 5 * lat;
  if (lat <= 2 * n) return 5 * n;
  return 5 * (3 * n - lat);
}

describe('IcosaLattice', () => {
  test('ring sizes and closed-form offsets match the SPEC ring sizes summed ring by ring', () => {
    for (let n = 1; n <= 40; n++) {
      const L = new IcosaLattice(n);
      let offset = 0;
      for (let lat = 0; lat <= 3 * n; lat++) {
        expect(L.ringSize(lat), `n=${n} ringSize(${lat})`).toBe(specRingSize(n, lat));
        expect(L.ringOffset(lat), `n=${n} ringOffset(${lat})`).toBe(offset);
        offset += specRingSize(n, lat);
      }
      expect(offset).toBe(10 * n * n + 2);
      expect(L.tileCount).toBe(offset);
    }
  });

  test('decode gives rings in latitude order, longitude within the ring, and encode inverts it', () => {
    const bad: string[] = [];
    for (let n = 1; n <= 30; n++) {
      const L = new IcosaLattice(n);
      let i = 0;
      for (let lat = 0; lat <= 3 * n; lat++) {
        for (let lon = 0; lon < specRingSize(n, lat); lon++, i++) {
          L.decode(i);
          // lat = α + β, and strip k owns 1 ≤ α ≤ 2n, 0 ≤ β ≤ n−1 (the poles sit at (0,0), (2n,n)).
          const pole = i === 0 || i === L.last;
          const ok =
            L.lat === lat &&
            L.lon === lon &&
            L.a + L.b === lat &&
            (pole ||
              (L.k >= 0 && L.k < 5 && L.a >= 1 && L.a <= 2 * n && L.b >= 0 && L.b <= n - 1 && L.encode(L.k, L.a, L.b) === i && L.canon(L.k, L.a, L.b) === i));
          if (!ok) bad.push(`n=${n} i=${i}: lat ${L.lat} lon ${L.lon} k ${L.k} α ${L.a} β ${L.b}`);
        }
      }
    }
    expect(bad.slice(0, 10)).toEqual([]);
  });

  test('decode stays exact on large globes (square-root ring inversion)', () => {
    const n = 3000;
    const L = new IcosaLattice(n);
    for (const lat of [1, 2, 17, n - 1, n, n + 1, 2 * n - 1, 2 * n, 2 * n + 1, 3 * n - 2, 3 * n - 1]) {
      const size = L.ringSize(lat);
      for (const lon of [0, 1, size >> 1, size - 1]) {
        L.decode(L.ringOffset(lat) + lon);
        expect([L.lat, L.lon]).toEqual([lat, lon]);
      }
    }
  });

  test('the seams identify the right border of strip k with the left border of strip k+1', () => {
    for (let n = 1; n <= 12; n++) {
      const L = new IcosaLattice(n);
      for (let k = 0; k < 5; k++) {
        const k1 = (k + 1) % 5;
        // V0–U_{k+1}, U_{k+1}–W_{k+1}, W_{k+1}–V11.
        for (let t = 1; t <= n; t++) expect(L.canon(k, 0, t)).toBe(L.encode(k1, t, 0));
        for (let t = 1; t <= n; t++) expect(L.canon(k, t, n)).toBe(L.encode(k1, n + t, 0));
        for (let t = 1; t < n; t++) expect(L.canon(k, n + t, n)).toBe(L.encode(k1, 2 * n, t));
      }
      expect(L.canon(2, 0, 0)).toBe(0);
      expect(L.canon(3, 2 * n, n)).toBe(L.last);
    }
  });
});
