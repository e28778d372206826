import { describe, expect, it } from 'vitest';
import { floodFill } from './flood-fill.js';
import { TerrainMap } from './terrain-map.js';
import { tileClasses } from '../alform/tile-classes.js';

describe('flood fill', () => {
  it('fills connected area tiles of the same terrain across linear tiles, and stops at other terrain', () => {
    const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 11, height: 9 }, alform: true });
    const cls = tileClasses(map.grid);
    for (let i = 0; i < map.tileCount; i++) if (cls[i] === 0) map.setTerrain(i, 'clear');
    // A wall of forest on area column x = 4 splits the clear land in two.
    const wall: number[] = [];
    for (let i = 0; i < map.tileCount; i++) if (cls[i] === 0 && map.grid.coord(i)[0] === 4) wall.push(i);
    for (const t of wall) map.setTerrain(t, 'forest');
    const left = floodFill(map, map.grid.index([0, 0]));
    expect(Math.max(...Array.from(left, (t) => map.grid.coord(t)[0]!))).toBe(2);
    expect(left.every((t) => cls[t] === 0 && map.terrainAt(t) === 'clear')).toBe(true);
    expect(left.length).toBe(10);
    expect(floodFill(map, wall[0]!).length).toBe(wall.length);
    expect(floodFill(map, -1).length).toBe(0);
  });

  it('fills linear tiles along a feature', () => {
    const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 11, height: 9 }, alform: true });
    const column: number[] = [];
    for (let i = 0; i < map.tileCount; i++) if (map.grid.coord(i)[0] === 5) column.push(i);
    for (const t of column) map.setTerrain(t, 'river');
    expect(floodFill(map, column[3]!).length).toBe(column.length);
  });

  // Unlike a derive selection (core/alform/adjoining.ts), a fill does not pass a square corner:
  // a diagonal line of forest closes the clear land on either side of it.
  it('does not leak through a square corner, classic or AL-FORM', () => {
    const classic = TerrainMap.create({ size: { kind: 'square', width: 3, height: 3 } });
    for (let i = 0; i < classic.tileCount; i++) classic.setTerrain(i, 'clear');
    for (const [x, y] of [[0, 2], [1, 1], [2, 0]]) classic.setTerrain(classic.grid.index([x!, y!]), 'forest');
    expect(floodFill(classic, classic.grid.index([0, 0])).length).toBe(3);
    expect(floodFill(classic, classic.grid.index([1, 1])).length).toBe(1);

    const al = TerrainMap.create({ size: { kind: 'square', width: 5, height: 5 }, alform: true });
    const cls = tileClasses(al.grid);
    for (let i = 0; i < al.tileCount; i++) if (cls[i] === 0) al.setTerrain(i, 'clear');
    for (const [x, y] of [[0, 4], [2, 2], [4, 0]]) al.setTerrain(al.grid.index([x!, y!]), 'forest');
    expect(floodFill(al, al.grid.index([0, 0])).length).toBe(3);
    expect(floodFill(al, al.grid.index([2, 2])).length).toBe(1);
  });
});
