import { describe, expect, it } from 'vitest';
import type { GridKind } from '../../grid/types.js';
import { createGrid } from '../../grid/create.js';
import { HEX_CORNER_OFFSETS, axial120ToCube, unitToAxial120 } from '../../grid/hex/axial.js';
import { TileClass, classifyTile } from '../../alform/classify.js';
import { admissibleRatios, checkRatio, checkReference, isAdmissibleRatio, nearestAdmissibleRatio, ratioStep, substituteLattice } from './ratios.js';
import { anchor, vertexOffsets } from './substitute-shape.js';

const isEvenInt = (v: number): boolean => Math.abs(v - Math.round(v)) < 1e-9 && (Math.round(v) & 1) === 0;
const PARITY_ANCHORS: readonly (readonly [number, number])[] = [
  [0, 0],
  [0, 1],
  [1, 0],
  [1, 1],
];

/**
 * Vertices of the large tile of ratio r around a small tile at `a`, as small-grid coordinates
 * (possibly fractional), straight from the geometry — independent of substitute-shape.ts.
 */
function geometricVertices(kind: 'square' | 'offset-square' | 'hex', r: number, a: readonly [number, number]): number[][] {
  const h = r / 2;
  if (kind === 'square') return [[h, h], [h, -h], [-h, h], [-h, -h]].map(([x, y]) => [a[0] + x!, a[1] + y!]);
  if (kind === 'offset-square') {
    // Unit centre of (x, y) is (x, y − x/2); the vertices are the square's corners and side midpoints.
    const cx = a[0];
    const cy = a[1] - a[0] / 2;
    return [[h, h], [h, 0], [h, -h], [-h, h], [-h, 0], [-h, -h]].map(([ux, uy]) => [cx + ux!, cy + uy! + (cx + ux!) / 2]);
  }
  // Large flat-top hexagon with spacing r: corners r × the unit corners, in 120° axial.
  const [ux0, uy0] = [a[0] * (Math.sqrt(3) / 2), a[1] - a[0] / 2];
  return HEX_CORNER_OFFSETS.map(([cx, cy]) => unitToAxial120(ux0 + r * cx!, uy0 + r * cy!));
}

function allOnAreaCentres(kind: 'square' | 'offset-square' | 'hex', r: number, a: readonly [number, number]): boolean {
  return geometricVertices(kind, r, a).every((v) => (kind === 'hex' ? axial120ToCube(v[0]!, v[1]!).every(isEvenInt) : v.every(isEvenInt)));
}

describe('admissible ratios follow from the geometry (SPEC §7)', () => {
  const cases: [GridKind, 'square' | 'offset-square' | 'hex', number][] = [
    ['square', 'square', 2],
    ['offset-square', 'offset-square', 4],
    ['hex-rectangle', 'hex', 6],
    ['hex-hexagon', 'hex', 6],
    ['icosahedron', 'hex', 6],
  ];
  for (const [kind, lattice, step] of cases) {
    it(`${kind}: vertices can land on area centres exactly when ratio is a multiple of ${step}`, () => {
      expect(substituteLattice(kind)).toBe(lattice);
      expect(ratioStep(kind)).toBe(step);
      for (let r = 1; r <= 60; r++) {
        const possible = PARITY_ANCHORS.some((a) => allOnAreaCentres(lattice, r, a));
        expect(possible, `ratio ${r}`).toBe(r % step === 0);
        expect(isAdmissibleRatio(kind, r), `ratio ${r}`).toBe(r % step === 0);
        if (possible) expect(allOnAreaCentres(lattice, r, anchor(kind, r)), `anchor for ${r}`).toBe(true);
      }
    });
  }

  it('hex 1:3 puts the corners on integer tiles, but linear ones', () => {
    const corners = geometricVertices('hex', 3, [0, 0]);
    expect(corners.every((v) => v.every((c) => Math.abs(c - Math.round(c)) < 1e-9))).toBe(true);
    expect(allOnAreaCentres('hex', 3, [0, 0])).toBe(false);
  });

  it('vertexOffsets match the geometry', () => {
    for (const [kind, lattice] of cases) {
      for (const r of admissibleRatios(kind, 36)) {
        const got = vertexOffsets(kind, r);
        const want = geometricVertices(lattice, r, [0, 0]).map((v) => v.map((c) => Math.round(c)).join(','));
        const have: string[] = [];
        for (let i = 0; i < got.length; i += 2) have.push(`${got[i]},${got[i + 1]}`);
        expect(have.sort(), `${kind} ${r}`).toEqual(want.sort());
      }
    }
  });

  it('square: the corners of an (r+1)×(r+1) AL-FORM map are area tiles', () => {
    for (const r of [2, 4, 6, 10]) {
      const grid = createGrid({ size: { kind: 'square', width: r + 1, height: r + 1 }, alform: true });
      for (const [x, y] of [[0, 0], [r, 0], [0, r], [r, r]]) expect(classifyTile(grid, grid.index([x!, y!]))).toBe(TileClass.AREA);
      // The anchor is the centre's parity class: centre (r/2, r/2) is a vertex tile when r ≡ 2 (mod 4).
      expect(anchor('square', r)).toEqual([(r / 2) % 2, (r / 2) % 2]);
    }
  });

  it('hex: the large corners are area tiles of a real AL-FORM hex-hexagon map', () => {
    for (const r of [6, 12, 18]) {
      const grid = createGrid({ size: { kind: 'hex-hexagon', diameter: (4 * r) / 3 + 1 }, alform: true });
      const v = vertexOffsets('hex-rectangle', r);
      for (let i = 0; i < v.length; i += 2) {
        const tile = grid.fromSystem([v[i]!, v[i + 1]!], 'axial120');
        expect(tile).toBeGreaterThanOrEqual(0);
        expect(classifyTile(grid, tile)).toBe(TileClass.AREA);
      }
    }
  });
});

describe('ratio lists', () => {
  it('admissibleRatios lists the multiples of the step', () => {
    expect(admissibleRatios('square', 10)).toEqual([2, 4, 6, 8, 10]);
    expect(admissibleRatios('offset-square', 13)).toEqual([4, 8, 12]);
    expect(admissibleRatios('hex-rectangle', 30)).toEqual([6, 12, 18, 24, 30]);
    expect(admissibleRatios('icosahedron', 5)).toEqual([]);
  });

  it('nearestAdmissibleRatio rounds to the nearest step, ties up, never below the step', () => {
    expect(nearestAdmissibleRatio('square', 10)).toBe(10);
    expect(nearestAdmissibleRatio('square', 9)).toBe(10);
    expect(nearestAdmissibleRatio('hex-hexagon', 10)).toBe(12);
    expect(nearestAdmissibleRatio('hex-hexagon', 8)).toBe(6);
    expect(nearestAdmissibleRatio('hex-hexagon', 9)).toBe(12);
    expect(nearestAdmissibleRatio('offset-square', 10)).toBe(12);
    expect(nearestAdmissibleRatio('offset-square', 1)).toBe(4);
    expect(nearestAdmissibleRatio('square', 0.5)).toBe(2);
    expect(() => nearestAdmissibleRatio('square', 0)).toThrow('wanted ratio must be a positive number, got 0');
    expect(() => nearestAdmissibleRatio('square', Number.NaN)).toThrow(/got NaN/);
  });

  it('checkRatio explains what it wanted', () => {
    expect(() => checkRatio('hex-rectangle', 10)).toThrow('hex-rectangle substitute ratio must be a positive multiple of 6 (6, 12, 18 …), got 10');
    expect(() => checkRatio('square', 0)).toThrow(/positive multiple of 2.*got 0/);
    expect(() => checkRatio('square', 2.5)).toThrow(/got 2.5/);
    expect(() => checkRatio('offset-square', 8)).not.toThrow();
  });

  it('substituteLattice rejects unknown kinds', () => {
    expect(() => substituteLattice('triangle' as GridKind)).toThrow(/grid kind must be one of square, .*got "triangle"/);
  });
});

describe('checkReference', () => {
  it('accepts area tiles and refuses linear and off-map tiles', () => {
    const grid = createGrid({ size: { kind: 'square', width: 5, height: 5 }, alform: true });
    expect(() => checkReference(grid, grid.index([2, 2]))).not.toThrow();
    expect(() => checkReference(grid, grid.index([1, 2]))).toThrow(/^reference tile must be an AREA tile, got X-EDGE tile \d+ at \[1,2\]$/);
    expect(() => checkReference(grid, 25)).toThrow('reference tile must be a tile index 0 … 24, got 25');
    expect(() => checkReference(grid, -1)).toThrow(/got -1/);
  });

  it('never takes a globe pentagon, but takes a hexagon area tile', () => {
    const grid = createGrid({ size: { kind: 'icosahedron', side: 3 }, alform: true });
    let pentagons = 0;
    let hexAreas = 0;
    for (let t = 0; t < grid.tileCount; t++) {
      if (grid.degree(t) === 5) {
        pentagons++;
        expect(() => checkReference(grid, t)).toThrow(/is a pentagon; a pentagon is never the reference tile/);
      } else if (classifyTile(grid, t) === TileClass.AREA) {
        hexAreas++;
        expect(() => checkReference(grid, t)).not.toThrow();
      }
    }
    expect(pentagons).toBe(12);
    expect(hexAreas).toBeGreaterThan(0);
  });
});
