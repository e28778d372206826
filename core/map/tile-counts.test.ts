import { describe, expect, it } from 'vitest';
import { createGrid } from '../grid/create.js';
import { tileClasses } from '../alform/tile-classes.js';
import { TileClass } from '../alform/classify.js';
import { countMap, countTiles, designerSizeOf, formatDesignerSize, formatRadius, formatTileCount, gridRadius } from './tile-counts.js';

describe('tile counts designers read', () => {
  it('counts area tiles and linear tiles apart on an AL-FORM map', () => {
    const grid = createGrid({ size: { kind: 'hex-rectangle', width: 11, height: 9 }, alform: true });
    const classes = tileClasses(grid);
    const all = [...Array(grid.tileCount).keys()];
    const c = countTiles(classes, all);
    expect(c.area).toBe(all.filter((t) => classes[t] === TileClass.AREA).length);
    expect(c.area + c.linear).toBe(grid.tileCount);
    expect(c.area).toBeGreaterThan(0);
    expect(c.linear).toBeGreaterThan(c.area);
    expect(countTiles(null, all)).toEqual({ area: grid.tileCount, linear: 0 });
    expect(countMap(classes, grid.tileCount)).toEqual(c);
    expect(countMap(null, 7)).toEqual({ area: 7, linear: 0 });
  });

  it('says the count in hexes, squares or cells, linear tiles apart', () => {
    expect(formatTileCount('hex-rectangle', { area: 12, linear: 30 })).toBe('12 hexes (+ 30 linear tiles)');
    expect(formatTileCount('hex-hexagon', { area: 1, linear: 1 })).toBe('1 hex (+ 1 linear tile)');
    expect(formatTileCount('square', { area: 1200, linear: 0 })).toBe('1,200 squares');
    expect(formatTileCount('icosahedron', { area: 5, linear: 0 })).toBe('5 cells');
    expect(formatRadius('hex-rectangle', 8)).toBe('8 hexes');
  });

  it('turns a radius in area tiles into grid steps: two per hex on AL-FORM maps', () => {
    expect(gridRadius(true, 8)).toBe(16);
    expect(gridRadius(false, 8)).toBe(8);
  });
});

describe('a map size as designers read it (issue 30)', () => {
  it('an AL-FORM map reads as the classic size it is the image of, wrapped axes too', () => {
    expect(formatDesignerSize('hex-rectangle', '119x79', true)).toBe('60x40 hexes');
    expect(formatDesignerSize('hex-rectangle', '119x79', false)).toBe('119x79 hexes');
    expect(designerSizeOf('square', '20x9', true)).toEqual({ kind: 'square', width: 10, height: 5 }); // x wraps: 2M
    expect(formatDesignerSize('offset-square', '9x7', true)).toBe('5x4 squares');
    expect(formatDesignerSize('hex-hexagon', '9', true)).toBe('5 hexes across');
    expect(formatDesignerSize('icosahedron', '9', true)).toBe('side 4');
  });
});
