import { describe, expect, it } from 'vitest';
import { brushFootprint, brushLine, clampBrushSize, MAX_BRUSH_SIZE } from './brush.js';
import { TileClass } from './classify.js';
import { tileClasses } from './tile-classes.js';
import { adjoiningGround } from './adjoining.js';
import { createGrid } from '../grid/create.js';
import type { Grid } from '../grid/types.js';

/** Area steps from `from` to every ground tile (breadth first over adjoining ground). */
function groundSteps(grid: Grid, cls: Uint8Array | null, from: number): Map<number, number> {
  const steps = new Map([[from, 0]]);
  const queue = [from];
  while (queue.length) {
    const t = queue.shift()!;
    for (const u of adjoiningGround(grid, cls, t)) {
      if (steps.has(u)) continue;
      steps.set(u, steps.get(t)! + 1);
      queue.push(u);
    }
  }
  return steps;
}

describe('brush footprint', () => {
  const cases = [
    ['hex-rectangle AL-FORM', createGrid({ size: { kind: 'hex-rectangle', width: 21, height: 21 }, alform: true }), true],
    ['square AL-FORM', createGrid({ size: { kind: 'square', width: 21, height: 21 }, alform: true }), true],
    ['offset-square AL-FORM', createGrid({ size: { kind: 'offset-square', width: 21, height: 21 }, alform: true }), true],
    ['globe AL-FORM', createGrid({ size: { kind: 'icosahedron', side: 9 }, alform: true }), true],
    ['hex classic', createGrid({ size: { kind: 'hex-rectangle', width: 11, height: 11 } }), false],
  ] as const;

  it.each(cases)('%s: size n paints exactly the area tiles within n − 1 area steps', (_, grid, alform) => {
    const cls = alform ? tileClasses(grid) : null;
    let centre = 0;
    while (cls && cls[centre] !== TileClass.AREA) centre++;
    if (grid.kind !== 'icosahedron') centre = alform ? grid.index([10, 10]) : grid.index([5, 5]);
    const steps = groundSteps(grid, cls, centre);
    for (const size of [1, 2, 3]) {
      const got = [...brushFootprint(grid, cls, centre, size, 'area')].sort((a, b) => a - b);
      const want = [...steps].filter(([, s]) => s <= size - 1).map(([t]) => t).sort((a, b) => a - b);
      expect(got).toEqual(want);
    }
    // A hex brush of size 2 is the hex and its six neighbours; size 3 adds the ring of 12.
    if (grid.kind === 'hex-rectangle') {
      expect(brushFootprint(grid, cls, centre, 2, 'area')).toHaveLength(7);
      expect(brushFootprint(grid, cls, centre, 3, 'area')).toHaveLength(19);
    }
  });

  it('erasing takes the linear tiles inside the footprint too', () => {
    const grid = createGrid({ size: { kind: 'hex-rectangle', width: 21, height: 21 }, alform: true });
    const cls = tileClasses(grid);
    const all = brushFootprint(grid, cls, grid.index([10, 10]), 2, 'all');
    const linear = [...all].filter((t) => cls[t] !== TileClass.AREA);
    // Seven hexes and the 6 + 6 + … hexsides between and around the centre: all within two hops.
    expect(all.length).toBe(grid.range(grid.index([10, 10]), 2).length);
    expect(linear.length).toBeGreaterThan(6);
  });

  it('sizes are clamped to 1…MAX; a centre off the map gives nothing', () => {
    expect(clampBrushSize(0)).toBe(1);
    expect(clampBrushSize(2.6)).toBe(3);
    expect(clampBrushSize(99)).toBe(MAX_BRUSH_SIZE);
    expect(clampBrushSize(Number.NaN)).toBe(1);
    const grid = createGrid({ size: { kind: 'square', width: 5, height: 5 } });
    expect(brushFootprint(grid, null, -1, 3, 'area')).toHaveLength(0);
    expect([...brushFootprint(grid, null, 12, 1, 'area')]).toEqual([12]);
  });
});

describe('brush line (issue 30: quick strokes leave no dotted trail)', () => {
  it('two samples 5 hexes apart paint the hexes between, each adjoining the next', () => {
    const grid = createGrid({ size: { kind: 'hex-rectangle', width: 21, height: 21 }, alform: true });
    const cls = tileClasses(grid);
    const from = grid.index([4, 10]);
    // Five hexes along +Y: 10 tile hops on the AL-FORM grid (hexsides between).
    const to = grid.index([4, 20]);
    expect(cls[from]).toBe(TileClass.AREA);
    expect(cls[to]).toBe(TileClass.AREA);
    const line = [...brushLine(grid, cls, from, to, 'area')];
    expect(line).toEqual([10, 12, 14, 16, 18, 20].map((y) => grid.index([4, y])));
  });

  it.each([
    ['hex-rectangle', createGrid({ size: { kind: 'hex-rectangle', width: 41, height: 41 }, alform: true })],
    ['square', createGrid({ size: { kind: 'square', width: 41, height: 41 }, alform: true })],
    ['globe', createGrid({ size: { kind: 'icosahedron', side: 9 }, alform: true })],
  ] as const)('%s AL-FORM: an oblique line is unbroken ground, from the first sample to the last', (_, grid) => {
    const cls = tileClasses(grid);
    const areas = [...Array(grid.tileCount).keys()].filter((t) => cls[t] === TileClass.AREA);
    const from = areas[3]!;
    const to = areas[Math.floor(areas.length * 0.37)]!;
    const line = [...brushLine(grid, cls, from, to, 'area')];
    expect(line[0]).toBe(from);
    expect(line.at(-1)).toBe(to);
    expect(line.every((t) => cls[t] === TileClass.AREA)).toBe(true);
    for (let k = 1; k < line.length; k++) expect(adjoiningGround(grid, cls, line[k - 1]!)).toContain(line[k]);
  });

  it('classic maps and the eraser take the grid line itself', () => {
    const grid = createGrid({ size: { kind: 'hex-rectangle', width: 11, height: 11 } });
    expect([...brushLine(grid, null, 0, 60, 'area')]).toEqual([...grid.line(0, 60)]);
    expect(brushLine(grid, null, -1, 60, 'area')).toHaveLength(0);
  });
});
