import { describe, expect, it } from 'vitest';
import { createGrid } from '../../../../core/grid/create.js';
import { sightLine } from './sight-line.js';

/** Largest distance of any point from the straight line through the first and last. */
function bend(points: number[][]): number {
  const [ax, ay] = points[0]!;
  const [bx, by] = points[points.length - 1]!;
  const len = Math.hypot(bx! - ax!, by! - ay!);
  return Math.max(...points.map(([x, y]) => Math.abs((bx! - ax!) * (ay! - y!) - (ax! - x!) * (by! - ay!)) / len));
}

describe('the line of sight as drawn', () => {
  const grid = createGrid({ size: { kind: 'hex-rectangle', width: 20, height: 20 } });
  const from = grid.index([2, 3]);
  const to = grid.index([15, 11]);

  it('runs straight from centre to centre, not along the tiles the check walks', () => {
    const { seen, blocked } = sightLine(grid, from, to, -1);
    expect(blocked).toEqual([]);
    expect(seen[0]).toEqual(grid.center(from));
    expect(seen[seen.length - 1]).toEqual(grid.center(to));
    expect(bend(seen)).toBeLessThan(1e-9);
    // The tile chain's centres are not on one straight line: that was the stair-step.
    expect(bend(Array.from(grid.line(from, to), (t) => grid.center(t)))).toBeGreaterThan(0.1);
  });

  it('splits a blocked line where it passes the blocking tile; both parts on the same straight line', () => {
    const block = grid.line(from, to)[6]!;
    const { seen, blocked } = sightLine(grid, from, to, block);
    expect(seen[seen.length - 1]).toEqual(blocked[0]);
    expect(bend([...seen, ...blocked.slice(1)])).toBeLessThan(1e-9);
    const c = grid.center(block);
    const split = seen[seen.length - 1]!;
    expect(Math.hypot(split[0]! - c[0]!, split[1]! - c[1]!)).toBeLessThan(grid.spacing());
  });

  it('follows the sphere on the globe', () => {
    const globe = createGrid({ size: { kind: 'icosahedron', side: 4 } });
    const { seen } = sightLine(globe, 0, 100, -1);
    const r = Math.hypot(...globe.center(0));
    for (const p of seen) expect(Math.hypot(...p)).toBeCloseTo(r, 9);
  });
});
