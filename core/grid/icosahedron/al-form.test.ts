/**
 * The AL-FORM facts of SPEC §3 on the globe. The engine's AL-FORM layer lives elsewhere; these
 * tests pin down what it relies on from the grid: the AREA-EVEN rule on (lat, lon), the
 * linear axes, and the doubling L → 2L+1 with its direction numbering.
 */
import { describe, expect, test } from 'vitest';
import { IcosahedronGrid } from './icosahedron-grid.js';

const isArea = (g: IcosahedronGrid, i: number): boolean => {
  const [lat, lon] = g.coord(i);
  return lat! % 2 === 0 && lon! % 2 === 0;
};

describe('AL-FORM globe (odd L)', () => {
  test.each([1, 3, 5, 7, 9])('L=%i: area tiles never adjoin; each linear tile adjoins two, opposite each other', (L) => {
    const g = new IcosahedronGrid(L);
    const nb = new Int32Array(6);
    const bad: string[] = [];
    for (const p of g.pentagons()) if (!isArea(g, p)) bad.push(`pentagon ${p} is not an area tile`);
    for (let i = 0; i < g.tileCount; i++) {
      const deg = g.neighbors(i, nb);
      const areaDirs: number[] = [];
      for (let d = 0; d < deg; d++) if (isArea(g, nb[d]!)) areaDirs.push(d);
      if (isArea(g, i)) {
        if (areaDirs.length > 0) bad.push(`area tile ${i} adjoins an area tile`);
        expect(() => g.linearAxis(i)).toThrow('is an area tile');
        continue;
      }
      if (deg !== 6 || areaDirs.length !== 2 || areaDirs[1] !== areaDirs[0]! + 3) {
        bad.push(`linear tile ${i} ${JSON.stringify(g.coord(i))}: area neighbours in directions ${areaDirs}`);
        continue;
      }
      if (g.linearAxis(i) !== areaDirs[0]) bad.push(`linearAxis(${i}) = ${g.linearAxis(i)}, pair ${areaDirs}`);
    }
    expect(bad.slice(0, 10)).toEqual([]);
  });

  test('linearAxis needs an odd side', () => {
    expect(() => new IcosahedronGrid(2).linearAxis(3)).toThrow('linearAxis needs an AL-FORM globe (odd side L, SPEC §3), got L = 2');
  });
});

describe('doubling: the globe of side L inside the globe of side 2L+1 (SPEC §3)', () => {
  // (lat, lon) → (2·lat, 2·lon) is the strip lattice scaled by two, so the neighbour in
  // direction d of the image of a is the midpoint of the image of the edge (a, d): d' = d.
  test.each([0, 1, 2, 3, 4, 6])('L=%i → 2L+1', (L) => {
    const small = new IcosahedronGrid(L);
    const big = new IcosahedronGrid(2 * L + 1);
    const up = (i: number): number => big.index(small.coord(i).map((v) => 2 * v));
    const nbA = new Int32Array(6);
    const nbB = new Int32Array(6);
    const bad: string[] = [];
    const midpoints = new Set<number>();
    for (let a = 0; a < small.tileCount; a++) {
      const A = up(a);
      if (big.degree(A) !== small.degree(a)) bad.push(`degree of ${a}`);
      for (let d = 0; d < small.degree(a); d++) {
        const b = small.neighbor(a, d);
        const B = up(b);
        const m = big.neighbor(A, d);
        // m must be the one tile between A and B: their only common neighbour.
        const degA = big.neighbors(A, nbA);
        const degB = big.neighbors(B, nbB);
        const common = Array.from(nbA.subarray(0, degA)).filter((x) => Array.from(nbB.subarray(0, degB)).includes(x));
        if (common.length !== 1 || common[0] !== m) bad.push(`edge (${a}, ${d}): neighbor(2a, ${d}) = ${m}, common ${common}`);
        // And seen from B, the same direction numbers as in the small globe.
        const back = Array.from({ length: small.degree(b) }, (_, e) => e).find((e) => small.neighbor(b, e) === a)!;
        if (big.neighbor(B, back) !== m) bad.push(`edge (${a}, ${d}) seen from ${b}`);
        midpoints.add(m);
      }
    }
    expect(bad.slice(0, 10)).toEqual([]);
    // Area terrain and edge terrain fill the big globe exactly: 10n²+2 + 30n² = 10(2n)²+2.
    const n = L + 1;
    expect(midpoints.size).toBe(30 * n * n);
    expect(small.tileCount + midpoints.size).toBe(big.tileCount);
    let areas = 0;
    for (let i = 0; i < big.tileCount; i++) if (isArea(big, i)) areas++;
    expect(areas).toBe(small.tileCount);
  });
});
