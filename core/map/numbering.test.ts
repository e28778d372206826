import { describe, expect, it } from 'vitest';
import { TerrainMap } from './terrain-map.js';
import { classicToAlform } from './alform-transfer.js';
import { correspondence } from '../alform/correspondence.js';
import { chosenNumbering, numberNewMap, numberingSystems, tileNumbering } from './numbering.js';

describe('tile numbering', () => {
  it('numbers hex columns and rows from 01 at the top left (model y up)', () => {
    const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 12, height: 25 } });
    const n = tileNumbering(map)!;
    const top = (x: number) => {
      let best = -1;
      for (let i = 0; i < map.tileCount; i++) if (map.grid.coord(i)[0] === x && (best < 0 || map.grid.center(i)[1]! > map.grid.center(best)[1]!)) best = i;
      return best;
    };
    expect(n(top(0))).toBe('0101');
    expect(n(top(4))).toBe('0501');
    const bottom5 = [...Array(map.tileCount).keys()].filter((i) => map.grid.coord(i)[0] === 4).sort((a, b) => map.grid.center(a)[1]! - map.grid.center(b)[1]!)[0]!;
    expect(n(bottom5)).toBe('0525');
  });

  it('numbers square maps and pads to the widest number', () => {
    const map = TerrainMap.create({ size: { kind: 'square', width: 120, height: 3 } });
    const n = tileNumbering(map)!;
    expect(n(map.grid.index([0, 2]))).toBe('00101');
    expect(n(map.grid.index([119, 0]))).toBe('12003');
  });

  it('gives an AL-FORM map the numbers of the classic map it stands for, none on linear tiles', () => {
    const classic = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 7, height: 5 } });
    const al = classicToAlform(classic);
    const c = correspondence(classic.grid, al.grid);
    const a = tileNumbering(classic)!;
    const b = tileNumbering(al)!;
    for (let i = 0; i < classic.tileCount; i++) expect(b(c.tile[i]!)).toBe(a(i));
    expect(b(al.grid.neighbor(c.tile[0]!, 0))).toBeNull();
  });

  it('has no numbering for globes', () => {
    expect(tileNumbering(TerrainMap.create({ size: { kind: 'icosahedron', side: 3 } }))).toBeNull();
  });

  it('names hex tiles in the 18xx, Wesnoth and Tiled systems as those tools do', () => {
    const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 6, height: 5 } });
    const g = map.grid;
    const topLeft = [...Array(map.tileCount).keys()].find((i) => tileNumbering(map)!(i) === '0101')!;
    // Wesnoth's 1,1 and Tiled's 0,0 are the top-left hex; the 18xx board (flat-top, letters name columns) calls it A1 or A2.
    expect(tileNumbering(map, 'wesnoth')!(topLeft)).toBe('1,1');
    expect(tileNumbering(map, 'tiled')!(topLeft)).toBe('0,0');
    expect(tileNumbering(map, '18xx')!(topLeft)).toMatch(/^A\d+$/);
    // The column to its right is column B in 18xx, x 2 in Wesnoth, col 1 in Tiled.
    const right = [...Array(map.tileCount).keys()].find((i) => tileNumbering(map)!(i) === '0201')!;
    expect(tileNumbering(map, '18xx')!(right)).toMatch(/^B\d+$/);
    expect(tileNumbering(map, 'wesnoth')!(right)).toBe('2,1');
    expect(tileNumbering(map, 'tiled')!(right)).toBe('1,0');
    // Every tile gets a distinct Wesnoth label.
    const labels = new Set([...Array(map.tileCount).keys()].map((i) => tileNumbering(map, 'wesnoth')!(i)));
    expect(labels.size).toBe(g.tileCount);
    expect(numberingSystems(map)).toEqual(['ccrr', '18xx', 'wesnoth', 'tiled']);
  });

  it('offers only the systems that apply: square maps column-row and Tiled, globes none', () => {
    const square = TerrainMap.create({ size: { kind: 'square', width: 4, height: 3 } });
    expect(numberingSystems(square)).toEqual(['ccrr', 'tiled']);
    expect(tileNumbering(square, '18xx')).toBeNull();
    expect(tileNumbering(square, 'tiled')!(square.grid.index([0, 2]))).toBe('0,0');
    expect(numberingSystems(TerrainMap.create({ size: { kind: 'icosahedron', side: 3 } }))).toEqual([]);
    expect(numberingSystems(TerrainMap.create({ size: { kind: 'hex-hexagon', diameter: 5 } }))).toEqual(['ccrr']);
  });

  it('gives an AL-FORM hex map the 18xx names of its classic map', () => {
    const classic = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 7, height: 5 } });
    const al = classicToAlform(classic);
    const c = correspondence(classic.grid, al.grid);
    expect(numberingSystems(al)).toEqual(numberingSystems(classic));
    for (let i = 0; i < classic.tileCount; i++) expect(tileNumbering(al, '18xx')!(c.tile[i]!)).toBe(tileNumbering(classic, '18xx')!(i));
  });

  it('reads the chosen numbering from the map, ignoring one that does not apply', () => {
    const map = TerrainMap.create({ size: { kind: 'square', width: 4, height: 3 }, meta: { numbering: 'tiled' } });
    expect(chosenNumbering(map)).toBe('tiled');
    map.meta.numbering = '18xx';
    expect(chosenNumbering(map)).toBeNull();
    delete map.meta.numbering;
    expect(chosenNumbering(map)).toBeNull();
  });

  it('gives a new map its grid\'s usual numbering (column-row), a globe none, and keeps a chosen one (issue 30)', () => {
    for (const size of [{ kind: 'hex-rectangle', width: 6, height: 5 }, { kind: 'square', width: 4, height: 3 }] as const) {
      const map = numberNewMap(TerrainMap.create({ size }));
      expect(chosenNumbering(map)).toBe('ccrr');
    }
    const al = numberNewMap(TerrainMap.create({ size: { kind: 'hex-rectangle', width: 7, height: 5 }, alform: true }));
    expect(chosenNumbering(al)).toBe('ccrr');
    expect(numberNewMap(TerrainMap.create({ size: { kind: 'icosahedron', side: 3 } })).meta.numbering).toBeUndefined();
    const wesnoth = numberNewMap(TerrainMap.create({ size: { kind: 'hex-rectangle', width: 6, height: 5 }, meta: { numbering: 'wesnoth' } }));
    expect(chosenNumbering(wesnoth)).toBe('wesnoth');
  });
});
