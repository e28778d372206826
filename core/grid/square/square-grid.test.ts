import { describe, expect, it } from 'vitest';
import { SquareGrid } from './square-grid.js';
import { describeRectangleConformance } from '../conformance.testkit.js';

describeRectangleConformance(
  'SquareGrid conformance (SPEC §2 checks)',
  (w, h, wrap) => new SquareGrid(w, h, wrap),
  { expectedDegree: () => 8, rangeClosedForm: (r) => (2 * r + 1) ** 2 },
  [
    [3, 3, true, false, 'classic'],
    [4, 3, false, true, 'classic'],
    [4, 4, true, true, 'classic'],
    [7, 6, true, true, 'classic'],
    [8, 5, true, false, 'classic'],
  ],
  { shapes: ['classic'], wrappedOptions: { expectedDegree: () => 8 } },
);

describe('SquareGrid specifics', () => {
  it('orders neighbours from +Y clockwise', () => {
    const g = new SquareGrid(3, 3);
    const out = new Int32Array(8);
    g.neighbors(g.index([1, 1]), out);
    expect(Array.from(out, (i) => g.coord(i))).toEqual([
      [1, 2],
      [2, 2],
      [2, 1],
      [2, 0],
      [1, 0],
      [0, 0],
      [0, 1],
      [0, 2],
    ]);
  });

  it('wraps neighbours across the seam', () => {
    const g = new SquareGrid(5, 4, { x: true, y: false });
    expect(g.coord(g.neighbor(g.index([4, 1]), 2))).toEqual([0, 1]);
    expect(g.neighbor(g.index([4, 3]), 0)).toBe(-1);
    expect(g.distance(g.index([0, 0]), g.index([4, 0]))).toBe(1);
  });

  it('rotates 90° clockwise about a tile', () => {
    const g = new SquareGrid(9, 9);
    const pivot = g.index([4, 4]);
    expect(g.coord(g.rotate(g.index([4, 6]), pivot, 1))).toEqual([6, 4]);
    expect(g.coord(g.rotate(g.index([4, 6]), pivot, -1))).toEqual([2, 4]);
    expect(g.rotate(g.index([4, 8]), g.index([0, 0]), 1)).toBe(-1);
  });

  it('gives each interior vertex one slot shared by the four tiles around it', () => {
    const g = new SquareGrid(3, 3);
    const v = g.vertexSlot(g.index([0, 0]), 1);
    expect(g.vertexSlot(g.index([1, 0]), 7)).toBe(v);
    expect(g.vertexSlot(g.index([0, 1]), 3)).toBe(v);
    expect(g.vertexSlot(g.index([1, 1]), 5)).toBe(v);
    expect(g.vertexSlot(g.index([2, 2]), 1)).toBe(-1);
  });

  it('rejects bad sizes and coordinates with clear messages', () => {
    expect(() => new SquareGrid(0, 3)).toThrow('square width must be an integer ≥ 1, got 0');
    expect(() => new SquareGrid(2, 5, { x: true, y: false })).toThrow('wrapped along x needs width ≥ 3');
    expect(() => new SquareGrid(3, 3).index([1, 2, 3])).toThrow('square coordinates are [x, y]');
    expect(() => new SquareGrid(3, 3).coord(9)).toThrow('tile index 9 is outside');
    expect(new SquareGrid(3, 3).index([3, 0])).toBe(-1);
  });
});
