import { describe, expect, it } from 'vitest';
import { TerrainMap } from '../map/terrain-map.js';
import { classicToAlform, correspondence } from '../alform/transfer.js';
import { tileNumbering } from './numbering.js';

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
});
