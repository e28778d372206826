import { describe, expect, it } from 'vitest';
import { TerrainMap } from './terrain-map.js';
import { classicToAlform } from './alform-transfer.js';
import { correspondence } from '../alform/correspondence.js';
import { numberNewMap, numberingSystems, tileNumbering } from './numbering.js';

/** The tile whose centre is nearest model point (x, y). */
function tileAt(map: TerrainMap, x: number, y: number): number {
  return map.grid.pick([x, y]);
}

describe('tile numbering on pointy-top maps (issue 30)', () => {
  // A 6-wide, 4-row pointy map: our grid is 4 columns (the rows) of 6.
  const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 4, height: 6 }, orientation: 'pointy' });
  const [x0, y0] = map.grid.center(0); // row 1's first hex: the top left
  const rowStep = Math.sqrt(3) / 2;

  it('numbers the place in the row then the row, from 0101 at the top left, rows down the page', () => {
    const n = tileNumbering(map)!;
    expect(n(tileAt(map, x0!, y0!))).toBe('0101');
    expect(n(tileAt(map, x0! + 1, y0!))).toBe('0201'); // one hex right along row 1
    expect(n(tileAt(map, x0! + 5, y0!))).toBe('0601');
    expect(n(tileAt(map, x0! - 0.5, y0! - rowStep))).toBe('0102'); // row 2 starts half a hex left
    expect(n(tileAt(map, x0! + 4.5, y0! - 3 * rowStep))).toBe('0604');
    const labels = new Set([...Array(map.tileCount).keys()].map((i) => n(i)));
    expect(labels.size).toBe(map.tileCount);
  });

  it('names tiles as Tiled (stagger axis y) and 18xx EW boards do; Wesnoth has no pointy-top maps', () => {
    const topLeft = tileAt(map, x0!, y0!);
    const right = tileAt(map, x0! + 1, y0!);
    const below = tileAt(map, x0! - 0.5, y0! - rowStep);
    const inRow2 = tileAt(map, x0! + 1.5, y0! - rowStep);
    expect(tileNumbering(map, 'tiled')!(topLeft)).toBe('0,0');
    expect(tileNumbering(map, 'tiled')!(right)).toBe('1,0');
    expect(tileNumbering(map, 'tiled')!(below)).toBe('0,1');
    // EW boards: letters name rows (A at the top), numbers run along the row.
    expect(tileNumbering(map, '18xx')!(topLeft)).toMatch(/^A\d+$/);
    expect(tileNumbering(map, '18xx')!(inRow2)).toMatch(/^B\d+$/);
    expect(numberingSystems(map)).toEqual(['ccrr', '18xx', 'tiled']);
    expect(tileNumbering(map, 'wesnoth')).toBeNull();
    expect(numberNewMap(TerrainMap.create({ size: { kind: 'hex-rectangle', width: 4, height: 6 }, orientation: 'pointy' })).meta.numbering).toBe('ccrr');
  });

  it('numbers a pointy hex-hexagon by rows too, and an AL-FORM pointy map as its classic map', () => {
    const hexagon = TerrainMap.create({ size: { kind: 'hex-hexagon', diameter: 5 }, orientation: 'pointy' });
    const n = tileNumbering(hexagon)!;
    const top = [...Array(hexagon.tileCount).keys()].sort((a, b) => hexagon.grid.center(b)[1]! - hexagon.grid.center(a)[1]! || hexagon.grid.center(a)[0]! - hexagon.grid.center(b)[0]!);
    expect(n(top[0]!)).toBe('0101');
    expect(n(top[1]!)).toBe('0201');
    const al = classicToAlform(map);
    expect(al.spec.orientation).toBe('pointy');
    const c = correspondence(map.grid, al.grid);
    const a = tileNumbering(map)!;
    const b = tileNumbering(al)!;
    for (let i = 0; i < map.tileCount; i++) expect(b(c.tile[i]!)).toBe(a(i));
  });
});
