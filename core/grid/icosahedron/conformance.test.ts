import { describe, test } from 'vitest';
import { checkGridConformance } from '../conformance.testkit.js';
import type { Grid } from '../types.js';
import { requireGlobe } from '../types.js';
import { IcosahedronGrid } from './icosahedron-grid.js';

const pentagonDegree = (grid: Grid, i: number): number => (requireGlobe(grid, 'pentagonDegree').isPentagon(i) ? 5 : 6);

// The kit's per-tile checks dominate; BFS sources are sampled beyond the tiny globes because
// icosahedron-grid.test.ts compares distance with BFS over all pairs (L ≤ 5) on its own.
describe('IcosahedronGrid conformance (SPEC §2)', () => {
  test.each(Array.from({ length: 13 }, (_, L) => L))('L=%i', (L) => {
    const grid = new IcosahedronGrid(L);
    checkGridConformance(grid, {
      expectedDegree: pentagonDegree,
      maxSources: L <= 2 ? grid.tileCount : L === 3 ? 24 : 6,
      // The globe has no border and no single closed form: ranges shrink near pentagons.
      rangeClosedForm: null,
      // The kit's rotation check assumes a symmetry about every pivot; only pentagon pivots are
      // exact symmetries of the globe, so icosahedron-grid.test.ts checks rotation itself.
      checkRotation: false,
    });
  });
});
