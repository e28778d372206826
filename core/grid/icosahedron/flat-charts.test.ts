import { describe, expect, test } from 'vitest';
import { bfsDistances } from '../conformance.testkit.js';
import { FlatCharts } from './flat-charts.js';
import { IcosahedronGrid } from './icosahedron-grid.js';
import { IcosaLattice } from './lattice.js';

describe('closed-form distances', () => {
  test.each([0, 1, 2, 5, 10])('L=%i: distance to each pentagon is linear on every face', (L) => {
    const g = new IcosahedronGrid(L);
    const lattice = new IcosaLattice(L + 1);
    const charts = new FlatCharts(L + 1);
    const all = new Int32Array(12);
    const pentagons = g.pentagons();
    const bad: string[] = [];
    for (let v = 0; v < 12; v++) {
      const bfs = bfsDistances(g, pentagons[v]!);
      for (let i = 0; i < g.tileCount; i++) {
        lattice.decode(i);
        charts.vertexDistances(lattice.k, lattice.a, lattice.b, all);
        const d = charts.vertexDistance(lattice.k, lattice.a, lattice.b, v);
        if (d !== bfs[i] || all[v] !== d) bad.push(`V${v} → ${i}: ${d}, BFS ${bfs[i]}`);
      }
    }
    expect(bad.slice(0, 10)).toEqual([]);
  });

  test.each([1, 3, 6, 9])('L=%i: a flat chart never answers wrongly, and answers most near pairs', (L) => {
    const g = new IcosahedronGrid(L);
    const n = L + 1;
    const lattice = new IcosaLattice(n);
    const charts = new FlatCharts(n);
    const bad: string[] = [];
    let near = 0;
    let nearAnswered = 0;
    for (let s = 1; s < g.tileCount - 1; s++) {
      const bfs = bfsDistances(g, s);
      lattice.decode(s);
      const [ks, as, bs] = [lattice.k, lattice.a, lattice.b];
      for (let t = 1; t < g.tileCount - 1; t++) {
        lattice.decode(t);
        const d = charts.exact(ks, as, bs, lattice.k, lattice.a, lattice.b);
        if (d >= 0 && d !== bfs[t]) bad.push(`${s} → ${t}: ${d}, BFS ${bfs[t]}`);
        if (charts.upper < bfs[t]!) bad.push(`${s} → ${t}: chart route ${charts.upper} < BFS ${bfs[t]}`);
        if (bfs[t]! <= n / 2) {
          near++;
          if (d >= 0) nearAnswered++;
        }
      }
    }
    expect(bad.slice(0, 10)).toEqual([]);
    expect(nearAnswered / near).toBeGreaterThan(0.7);
  });
});
