import { describe, expect, it } from 'vitest';
import { HexHexagonGrid } from './hex-hexagon.js';
import { HexRectangleGrid } from './hex-rectangle.js';
import { checkGridConformance } from '../conformance.testkit.js';
import { CUBE_DIRECTIONS } from './axial.js';

const hexOptions = { expectedDegree: () => 6, rangeClosedForm: (r: number) => 3 * r * (r + 1) + 1 };

describe('HexHexagonGrid conformance (SPEC §2 checks)', () => {
  for (const d of [1, 3, 5, 9, 15]) {
    it(`diameter ${d}`, () => checkGridConformance(new HexHexagonGrid(d), hexOptions));
  }
});

describe('HexHexagonGrid', () => {
  it('holds the 3R(R+1)+1 cube coordinates with max(|x|,|y|,|z|) ≤ R', () => {
    for (const d of [1, 3, 7, 11]) {
      const g = new HexHexagonGrid(d);
      const r = (d - 1) / 2;
      expect(g.tileCount).toBe(3 * r * (r + 1) + 1);
      const seen = new Set<string>();
      for (let i = 0; i < g.tileCount; i++) {
        const [x, y, z] = g.coord(i) as [number, number, number];
        expect(x + y + z).toBe(0);
        expect(Math.max(Math.abs(x), Math.abs(y), Math.abs(z))).toBeLessThanOrEqual(r);
        seen.add(`${x},${y},${z}`);
      }
      expect(seen.size).toBe(g.tileCount);
      expect(g.index([r + 1, -r - 1, 0])).toBe(-1);
    }
  });

  it('numbers tiles column by column (x), bottom to top in each column', () => {
    const g = new HexHexagonGrid(5);
    expect(g.coord(0)).toEqual([-2, 0, 2]);
    expect(g.coord(g.tileCount - 1)).toEqual([2, 0, -2]);
    let prev: [number, number] = [-Infinity, -Infinity];
    for (let i = 0; i < g.tileCount; i++) {
      const [x, y] = g.toSystem(i, 'axial120') as [number, number];
      expect(x > prev[0] || (x === prev[0] && y === prev[1] + 1), `tile ${i}`).toBe(true);
      prev = [x, y];
    }
  });

  it('converts index ↔ coordinate by arithmetic on large maps too', () => {
    const g = new HexHexagonGrid(301);
    for (let i = 0; i < g.tileCount; i += 7) expect(g.index(g.coord(i))).toBe(i);
    expect(g.index(g.coord(g.tileCount - 1))).toBe(g.tileCount - 1);
  });

  it('converts between cube, 60° axial and 120° axial', () => {
    const g = new HexHexagonGrid(7);
    const i = g.index([2, -3, 1]);
    expect(g.toSystem(i, 'axial60')).toEqual([2, -3]);
    expect(g.toSystem(i, 'axial120')).toEqual([2, -1]);
    expect(g.fromSystem([2, -3], 'axial60')).toBe(i);
    expect(g.fromSystem([2, -1], 'axial120')).toBe(i);
  });

  it('has the hex-rectangle neighbour order and geometry', () => {
    const g = new HexHexagonGrid(5);
    const r = new HexRectangleGrid(1, 1);
    const c = g.index([0, 0, 0]);
    const out = new Int32Array(6);
    g.neighbors(c, out);
    expect(Array.from(out, (i) => g.coord(i))).toEqual(CUBE_DIRECTIONS);
    expect(g.center(c)).toEqual(r.center(0));
    expect(g.corners(c)).toEqual(r.corners(0));
    expect(g.pick([0.2, -0.3])).toBe(c);
    expect(g.pick([100, 0])).toBe(-1);
  });

  it('rotates about a tile in 60° clockwise steps', () => {
    const g = new HexHexagonGrid(7);
    const pivot = g.index([0, 0, 0]);
    const north = g.index([0, 2, -2]);
    expect(g.coord(g.rotate(north, pivot, 1))).toEqual([2, 0, -2]);
    expect(g.coord(g.rotate(north, pivot, -1))).toEqual([-2, 2, 0]);
    expect(g.rotate(g.index([0, 2, -2]), g.index([1, 0, -1]), 1)).toBe(g.index([2, 1, -3])); // offset (−1,2,−1) → (1,1,−2)
    expect(g.rotate(g.index([0, 3, -3]), g.index([0, -3, 3]), 1)).toBe(-1);
  });

  it('range(r) about the centre is the whole r-hexagon, rings are 6r', () => {
    const g = new HexHexagonGrid(21);
    const c = g.index([0, 0, 0]);
    for (let r = 0; r <= 10; r++) {
      expect(g.range(c, r).length).toBe(3 * r * (r + 1) + 1);
      expect(g.ring(c, r).length).toBe(r === 0 ? 1 : 6 * r);
    }
    expect(g.ring(c, 11).length).toBe(0);
    expect(g.spiral(c, 100).length).toBe(g.tileCount);
  });

  it('rejects bad sizes, wrapping and coordinates with clear messages', () => {
    expect(() => new HexHexagonGrid(4)).toThrow('hex-hexagon diameter must be an odd integer ≥ 1, got 4');
    expect(() => new HexHexagonGrid(0)).toThrow('hex-hexagon diameter must be an odd integer ≥ 1, got 0');
    expect(() => new HexHexagonGrid(2.5)).toThrow('got 2.5');
    expect(() => new HexHexagonGrid(5, { x: true, y: false })).toThrow('hex-hexagon maps do not wrap');
    const g = new HexHexagonGrid(5);
    expect(() => g.index([1, 2])).toThrow('hex-hexagon coordinates are cube [x, y, z], got [1,2]');
    expect(() => g.index([1, 1, 1])).toThrow('cube coordinates must sum to 0, got [1,1,1]');
    expect(() => g.fromSystem([1, 1], 'latlon')).toThrow('hex-hexagon maps use cube, axial60 or axial120 coordinates, not latlon');
    expect(() => g.coord(19)).toThrow('tile index 19 is outside this diameter-5 hex-hexagon map (0…18)');
  });
});
