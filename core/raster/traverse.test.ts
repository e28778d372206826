/** Grid traversal: every cell a segment passes, 4-connected, in order, clipped to the raster. */
import { describe, expect, it } from 'vitest';
import { traverseCells } from './traverse.js';

const cells = (x0: number, y0: number, x1: number, y1: number, w = 20, h = 20) => {
  const out: [number, number][] = [];
  traverseCells(x0, y0, x1, y1, w, h, (c, r) => {
    out.push([c, r]);
  });
  return out;
};

describe('traverseCells', () => {
  it('walks 4-connected from the first cell to the last, covering every cell the segment enters', () => {
    for (const [x0, y0, x1, y1] of [
      [0, 0, 7, 3],
      [5.2, 9.7, 0.4, 1.1],
      [3, 3, 3, 12],
      [10, 2, 2, 10],
    ] as const) {
      const path = cells(x0, y0, x1, y1);
      expect(path[0]).toEqual([Math.round(x0), Math.round(y0)]);
      expect(path.at(-1)).toEqual([Math.round(x1), Math.round(y1)]);
      for (let i = 1; i < path.length; i++) expect(Math.abs(path[i]![0] - path[i - 1]![0]) + Math.abs(path[i]![1] - path[i - 1]![1])).toBe(1);
      // Every sample point of the segment lies in a visited cell.
      for (let k = 0; k <= 200; k++) {
        const x = x0 + ((x1 - x0) * k) / 200;
        const y = y0 + ((y1 - y0) * k) / 200;
        const c = Math.round(x);
        const r = Math.round(y);
        if (Math.abs(x - c) < 0.4999 && Math.abs(y - r) < 0.4999) expect(path).toContainEqual([c, r]);
      }
    }
  });

  it('skips cells off the raster and stops when asked', () => {
    expect(cells(-3, 0, 3, 0, 2, 1)).toEqual([
      [0, 0],
      [1, 0],
    ]);
    let seen = 0;
    const n = traverseCells(0, 0, 9, 0, 10, 1, () => ++seen < 3);
    expect([n, seen]).toEqual([3, 3]);
  });
});
