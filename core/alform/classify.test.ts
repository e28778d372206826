import { describe, expect, it } from 'vitest';
import { createGrid } from '../grid/create.js';
import type { Grid } from '../grid/types.js';
import { allowedOrientations, classifyTiles, TILE_CLASS_NAMES, TileClass } from './classify.js';
import { alformSizeOf, checkAlformSize, classicSizeOf } from '../grid/alform-size.js';
import { alformGrid, ALFORM_GRID_CASES, caseLabel } from './alform.testkit.js';

/** The AL-FORM invariants of SPEC §3, checked on every tile of a grid. */
function checkInvariants(grid: Grid): void {
  const classes = classifyTiles(grid);
  const nb = new Int32Array(grid.directions);
  for (let i = 0; i < grid.tileCount; i++) {
    const deg = grid.neighbors(i, nb);
    const areaDirs: number[] = [];
    for (let d = 0; d < deg; d++) if (nb[d]! >= 0 && classes[nb[d]!] === TileClass.AREA) areaDirs.push(d);
    const label = `${grid.kind} tile ${i} (${grid.coord(i)}) ${TILE_CLASS_NAMES[classes[i] as 0]}`;
    if (classes[i] === TileClass.AREA) {
      expect(areaDirs, `${label}: area tiles never adjoin area tiles`).toEqual([]);
    } else if (classes[i] === TileClass.VERTEX) {
      // Square VERTEX tiles touch four area tiles by their corners (the diagonals).
      expect(areaDirs, label).toEqual([1, 3, 5, 7]);
    } else if (grid.kind === 'square') {
      // EDGE tiles: two area tiles across opposite edges (plus none diagonally).
      expect(areaDirs.length, label).toBe(2);
      expect(areaDirs[1]! - areaDirs[0]!, label).toBe(4);
      expect(areaDirs[0]! % 2, label).toBe(0);
    } else {
      expect(areaDirs.length, `${label}: adjoins exactly two area tiles`).toBe(2);
      expect(new Set(areaDirs.map((d) => d % 3)).size, `${label}: the two area tiles are opposite`).toBe(1);
    }
  }
}

describe('AL-FORM classification and invariants (SPEC §3)', () => {
  for (const [size, wrap] of ALFORM_GRID_CASES) {
    it(caseLabel(size, wrap), () => {
      checkInvariants(alformGrid(size, wrap));
    });
  }

  it('names square and offset-square sub-classes from coordinates', () => {
    const sq = createGrid({ size: { kind: 'square', width: 5, height: 5 }, alform: true });
    const at = (g: Grid, c: number[]) => TILE_CLASS_NAMES[classifyTiles(g)[g.index(c)] as 0];
    expect(at(sq, [2, 2])).toBe('AREA');
    expect(at(sq, [1, 2])).toBe('X-EDGE');
    expect(at(sq, [2, 1])).toBe('Y-EDGE');
    expect(at(sq, [1, 1])).toBe('VERTEX');
    const os = createGrid({ size: { kind: 'offset-square', width: 5, height: 5 }, alform: true });
    expect(at(os, [2, 3])).toBe('FULL-EDGE');
    expect(at(os, [1, 1])).toBe('UPPER-HALF-EDGE');
    expect(at(os, [1, 0])).toBe('LOWER-HALF-EDGE');
  });

  it('names hex sub-classes by the even cube coordinate', () => {
    const g = createGrid({ size: { kind: 'hex-hexagon', diameter: 5 }, alform: true });
    const name = (cube: number[]) => TILE_CLASS_NAMES[classifyTiles(g)[g.fromSystem(cube, 'cube')] as 0];
    expect(name([0, 1, -1])).toBe('X-AXIS');
    expect(name([1, 0, -1])).toBe('Y-AXIS');
    expect(name([1, -1, 0])).toBe('Z-AXIS');
    expect(name([2, -2, 0])).toBe('AREA');
  });

  it('gives the allowed orientations of SPEC §3', () => {
    expect(allowedOrientations('square', TileClass.AREA)).toHaveLength(8);
    expect(allowedOrientations('square', TileClass.X_EDGE).map((o) => o.rotation)).toEqual([0, 180, 0, 180]);
    expect(allowedOrientations('square', TileClass.Y_EDGE).every((o) => o.rotation === 90 || o.rotation === 270)).toBe(true);
    expect(allowedOrientations('hex-rectangle', TileClass.AREA)).toHaveLength(12);
    expect(allowedOrientations('icosahedron', TileClass.AREA, true).map((o) => o.rotation)).toEqual([0, 72, 144, 216, 288, 0, 72, 144, 216, 288]);
    expect(allowedOrientations('hex-rectangle', TileClass.Z_AXIS).map((o) => o.rotation)).toEqual([120, 300, 120, 300]);
    expect(allowedOrientations('offset-square', TileClass.UPPER_HALF_EDGE).map((o) => o.mirror)).toEqual(['none', 'x']);
  });
});

describe('AL-FORM dimensions', () => {
  it('derives 2M−1, 2D−1, 2L+1 (2M on wrapped axes)', () => {
    const nw = { x: false, y: false };
    expect(alformSizeOf({ kind: 'square', width: 10, height: 4 }, nw)).toEqual({ kind: 'square', width: 19, height: 7 });
    expect(alformSizeOf({ kind: 'hex-rectangle', width: 10, height: 4 }, { x: true, y: false })).toEqual({ kind: 'hex-rectangle', width: 20, height: 7 });
    expect(alformSizeOf({ kind: 'hex-hexagon', diameter: 7 }, nw)).toEqual({ kind: 'hex-hexagon', diameter: 13 });
    expect(alformSizeOf({ kind: 'icosahedron', side: 4 }, nw)).toEqual({ kind: 'icosahedron', side: 9 });
    expect(classicSizeOf({ kind: 'icosahedron', side: 9 }, nw)).toEqual({ kind: 'icosahedron', side: 4 });
  });

  it('rejects sizes that are no AL-FORM map, saying why', () => {
    const nw = { x: false, y: false };
    expect(() => checkAlformSize({ kind: 'icosahedron', side: 4 }, nw)).toThrow('side L must be odd so the 12 pentagons are area tiles');
    expect(() => checkAlformSize({ kind: 'square', width: 4, height: 5 }, nw)).toThrow('width must be odd');
    expect(() => checkAlformSize({ kind: 'hex-rectangle', width: 6, height: 5 }, { x: true, y: false })).toThrow('multiple of 4');
    expect(() => checkAlformSize({ kind: 'hex-hexagon', diameter: 7 }, nw)).toThrow('diameter must be 2D−1');
    expect(() => createGrid({ size: { kind: 'icosahedron', side: 2 }, alform: true })).toThrow('odd');
  });
});
