import { describe, expect, test } from 'vitest';
import { bfsDistances } from '../conformance.testkit.js';
import { IcosahedronGrid } from './icosahedron-grid.js';
import { IcosaLattice } from './lattice.js';
import { GlobeSearch } from './search.js';
import { IcosaTopology } from './topology.js';

function searchFor(L: number): { grid: IcosahedronGrid; search: GlobeSearch } {
  const grid = new IcosahedronGrid(L);
  return { grid, search: new GlobeSearch(new IcosaTopology(new IcosaLattice(L + 1)), grid.centers()) };
}

describe('GlobeSearch', () => {
  test('nearby tiles on a large globe need no search; far ones are searched, exactly', () => {
    const { grid, search } = searchFor(100);
    let pairs = 0;
    for (let a = 1; a < grid.tileCount; a += 997) {
      for (const b of grid.ring(a, 5)) {
        expect(search.distance(a, b)).toBe(5);
        pairs++;
      }
    }
    expect(search.searches).toBeLessThan(pairs / 50);
    const before = search.searches;
    const src = 4321;
    const bfs = bfsDistances(grid, src);
    for (let t = 0; t < grid.tileCount; t += 1999) expect(search.distance(src, t)).toBe(bfs[t]);
    expect(search.searches).toBeGreaterThan(before);
  });

  test('reused buffers: interleaved calls give the same answers as fresh ones', () => {
    const { grid, search } = searchFor(9);
    const fresh = searchFor(9).search;
    for (let a = 0; a < grid.tileCount; a += 37) {
      const b = (a * 7 + 11) % grid.tileCount;
      const d = search.distance(a, b);
      expect(Array.from(search.range(b, 3))).toEqual(Array.from(fresh.range(b, 3)));
      expect(search.line(a, b)).toHaveLength(d + 1);
      expect(Array.from(search.ring(a, 2))).toEqual(Array.from(fresh.ring(a, 2)));
      expect(search.distance(b, a)).toBe(fresh.distance(a, b));
    }
  });

  test('range, ring and spiral agree with BFS at every radius', () => {
    const { grid, search } = searchFor(5);
    for (const center of [0, 61, 62, 200, grid.tileCount - 1]) {
      const bfs = bfsDistances(grid, center);
      for (let r = 0; r <= 18; r++) {
        const within = Array.from(bfs.keys()).filter((t) => bfs[t]! <= r);
        expect(Array.from(search.range(center, r))).toEqual(within);
        const ring = Array.from(search.ring(center, r)).sort((p, q) => p - q);
        expect(ring).toEqual(within.filter((t) => bfs[t] === r));
        expect(search.spiral(center, r)).toHaveLength(within.length);
      }
    }
  });
});
