import { describe, expect, it } from 'vitest';
import { countTiles, orientationOf, planSize, wrapOf, type NewMapForm } from './new-map.js';
import { createGrid } from '../../../core/grid/create.js';

const form = (over: Partial<NewMapForm>): NewMapForm => ({
  name: 'm',
  kind: 'hex-rectangle',
  width: 6,
  height: 5,
  diameter: 5,
  side: 2,
  alform: true,
  wrapX: false,
  wrapY: false,
  orientation: 'flat',
  fill: 'clear',
  ...over,
});

describe('new map form', () => {
  it('derives the AL-FORM grid from the size in area tiles (SPEC §3)', () => {
    expect(planSize(form({}))).toMatchObject({ size: '11x9', tileCount: 99, areaTiles: 30, error: null });
    expect(planSize(form({ kind: 'hex-hexagon', diameter: 5 }))).toMatchObject({ size: '9', error: null });
    expect(planSize(form({ kind: 'icosahedron', side: 2 }))).toMatchObject({ size: '5', tileCount: 362, error: null });
    expect(planSize(form({ kind: 'square', width: 4, height: 3, wrapX: true }))).toMatchObject({ size: '8x5', error: null });
  });

  it('keeps classic sizes as given', () => {
    expect(planSize(form({ alform: false }))).toMatchObject({ size: '6x5', tileCount: 30, error: null });
  });

  it('counts tiles as the grids do', () => {
    for (const size of [
      { kind: 'hex-hexagon', diameter: 9 },
      { kind: 'icosahedron', side: 3 },
      { kind: 'offset-square', width: 7, height: 4 },
    ] as const) {
      expect(countTiles(size)).toBe(createGrid({ size }).tileCount);
    }
  });

  it('explains sizes that cannot be made', () => {
    expect(planSize(form({ kind: 'hex-hexagon', diameter: 4 })).error).toBe('hex-hexagon diameter must be an odd integer ≥ 1, got 4');
    expect(planSize(form({ width: 0 })).error).toMatch(/width must be an integer ≥ 1, got 0/);
    expect(planSize(form({ kind: 'icosahedron', side: -1 })).error).toMatch(/side L must be an integer ≥ 0, got -1/);
    // A wrapped hex axis needs an even classic width so the column stagger meets itself.
    expect(planSize(form({ width: 5, wrapX: true })).error).toMatch(/multiple of 4/);
    expect(planSize(form({ alform: false, width: 5, wrapX: true })).error).toMatch(/needs an even width/);
  });

  // Changed: the form used to allow up to 2^28 tiles, which maps.create then refused above 2^24.
  it('refuses maps larger than the app makes, as maps.create does', () => {
    expect(planSize(form({ kind: 'square', width: 4097, height: 4096, alform: false })).error).toBe('a square 4097x4096 map has 16781312 tiles; maps have at most 16777216');
    expect(planSize(form({ kind: 'square', width: 4096, height: 4096, alform: false })).error).toBeNull();
  });
});

describe('new pointy-top maps (issue 30)', () => {
  it('takes hexes across × rows and asks for the transposed grid, east–west wrap on its y axis', () => {
    // 6 hexes across, 5 rows: the grid is 5 columns (the rows) of 6; AL-FORM doubles each.
    expect(planSize(form({ orientation: 'pointy', alform: false }))).toMatchObject({ size: '5x6', tileCount: 30, error: null });
    expect(planSize(form({ orientation: 'pointy' }))).toMatchObject({ size: '9x11', areaTiles: 30, error: null });
    expect(wrapOf(form({ orientation: 'pointy', wrapX: true, alform: false }))).toEqual({ x: false, y: true });
    expect(orientationOf(form({ orientation: 'pointy' }))).toBe('pointy');
    expect(orientationOf(form({ orientation: 'pointy', kind: 'square' }))).toBeUndefined();
    expect(orientationOf(form({}))).toBeUndefined();
  });
});
