import { describe, expect, it } from 'vitest';
import { adjoiningGround, GroundNeighbours } from './adjoining.js';
import { TileClass } from './classify.js';
import { tileClasses } from './tile-classes.js';
import { createGrid } from '../grid/create.js';
import type { Grid } from '../grid/types.js';
import { alformGrid, ALFORM_GRID_CASES } from './alform.testkit.js';

const at = (grid: Grid, tiles: readonly number[]) => tiles.map((t) => grid.coord(t).join(',')).sort();

/** Brute force: the area tiles, other than `tile`, of every linear tile adjoining it. */
function acrossEveryLinear(grid: Grid, cls: Uint8Array, tile: number, corners: boolean): number[] {
  const out = new Set<number>();
  for (const l of Array.from({ length: grid.directions }, (_, d) => grid.neighbor(tile, d))) {
    if (l < 0 || cls[l] === TileClass.AREA || (!corners && cls[l] === TileClass.VERTEX)) continue;
    for (let e = 0; e < grid.directions; e++) {
      const w = grid.neighbor(l, e);
      if (w >= 0 && w !== tile && cls[w] === TileClass.AREA) out.add(w);
    }
  }
  return [...out].sort((a, b) => a - b);
}

describe('adjoining ground', () => {
  it('joins AL-FORM hex area tiles across one edge-like linear tile (six)', () => {
    const grid = createGrid({ size: { kind: 'hex-rectangle', width: 11, height: 9 }, alform: true });
    expect(at(grid, adjoiningGround(grid, tileClasses(grid), grid.index([4, 4])))).toEqual(['2,2', '2,4', '4,2', '4,6', '6,4', '6,6']);
  });

  // Patent CLAIM 1, PATH-FINDING rule (A): two AREA-TILES are adjacent when both adjoin the same
  // LINEAR-TILE; the square transformation set's diagonal entries make a VERTEX-LINEAR-TILE
  // adjoin the four AREA-TILES at its corners (SPEC §3). So (4,4) and (6,6), which touch only
  // at the corner where the vertex tile (5,5) lies, adjoin — as they do for movement.
  it('joins square AL-FORM area tiles touching only at a corner, across the VERTEX tile', () => {
    const grid = createGrid({ size: { kind: 'square', width: 9, height: 9 }, alform: true });
    const cls = tileClasses(grid);
    expect(cls[grid.index([5, 5])]).toBe(TileClass.VERTEX);
    expect(at(grid, adjoiningGround(grid, cls, grid.index([4, 4])))).toEqual(['2,2', '2,4', '2,6', '4,2', '4,6', '6,2', '6,4', '6,6']);
    // Flood fill's exception: not through the corner.
    expect(at(grid, adjoiningGround(grid, cls, grid.index([4, 4]), { corners: false }))).toEqual(['2,4', '4,2', '4,6', '6,4']);
  });

  it('joins classic square tiles across edges and corners (the eight of the transformation set)', () => {
    const grid = createGrid({ size: { kind: 'square', width: 5, height: 5 } });
    expect(adjoiningGround(grid, null, grid.index([2, 2]))).toHaveLength(8);
    expect(at(grid, adjoiningGround(grid, null, grid.index([2, 2]), { corners: false }))).toEqual(['1,2', '2,1', '2,3', '3,2']);
    expect(at(grid, adjoiningGround(grid, null, grid.index([0, 0])))).toEqual(['0,1', '1,0', '1,1']);
  });

  it('gives six bricks round an offset-square AL-FORM area tile', () => {
    const grid = createGrid({ size: { kind: 'offset-square', width: 9, height: 9 }, alform: true });
    const cls = tileClasses(grid);
    const around = adjoiningGround(grid, cls, grid.index([4, 4]));
    expect(around).toHaveLength(6);
    for (const t of around) expect(cls[t]).toBe(TileClass.AREA);
  });

  it.each(ALFORM_GRID_CASES)('is every area tile across a linear neighbour, each once, and symmetric on %o', (size, wrap) => {
    const grid = alformGrid(size, wrap);
    const cls = tileClasses(grid);
    for (const corners of [true, false]) {
      const g = new GroundNeighbours(grid, cls, { corners });
      for (let t = 0; t < grid.tileCount; t++) {
        if (cls[t] !== TileClass.AREA) continue;
        const mine = Array.from(g.out.subarray(0, g.of(t)));
        expect(new Set(mine).size).toBe(mine.length);
        const sorted = [...mine].sort((a, b) => a - b);
        // Through a vertex tile the brute force also meets the orthogonal pairs, which the edge tiles join anyway.
        expect(sorted).toEqual(acrossEveryLinear(grid, cls, t, corners));
        for (const u of mine) expect(adjoiningGround(grid, cls, u, { corners })).toContain(t);
      }
    }
  });
});
