import { describe, expect, it } from 'vitest';
import { areaTileAt } from './area-pick.js';
import { TileClass } from './classify.js';
import { tileClasses } from './tile-classes.js';
import { createGrid } from '../grid/create.js';

describe('the area tile under the pointer (issue 30: area tools near a hexside)', () => {
  const grid = createGrid({ size: { kind: 'hex-rectangle', width: 21, height: 21 }, alform: true });
  const cls = tileClasses(grid);
  const hex = grid.index([10, 10]);

  it('a point a few pixels inside a hex\'s top edge (over the hexside tile) takes that hex', () => {
    const side = grid.neighbor(hex, 0);
    expect(cls[side]).not.toBe(TileClass.AREA);
    const c = grid.center(hex);
    const s = grid.center(side);
    // 40 % of the way from the hexside's centre back toward the hex: inside the hex as drawn.
    const point = s.map((v, k) => v + (c[k]! - v) * 0.4);
    expect(grid.pick(point)).toBe(side);
    expect(areaTileAt(grid, cls, side, point)).toBe(hex);
    // Past the middle of the hexside, toward the hex beyond: that hex.
    const beyond = grid.neighbor(side, 0);
    const far = s.map((v, k) => v + (grid.center(beyond)[k]! - v) * 0.4);
    expect(areaTileAt(grid, cls, side, far)).toBe(beyond);
  });

  it('an area tile is itself; off the map is −1; classic maps take the picked tile', () => {
    expect(areaTileAt(grid, cls, hex, grid.center(hex))).toBe(hex);
    expect(areaTileAt(grid, cls, -1, [0, 0])).toBe(-1);
    expect(areaTileAt(grid, null, 5, [0, 0])).toBe(5);
  });
});
