import { describe, expect, it } from 'vitest';
import { floodFill } from './fill.js';
import { TerrainMap } from '../../../core/map/terrain-map.js';
import { tileClasses } from '../../../core/alform/tile-classes.js';
import type { LoadedMap } from './map-model.js';

function loaded(map: TerrainMap): LoadedMap {
  return { id: 'm', summary: { id: 'm', name: 'm', kind: map.spec.kind, size: '', alform: map.spec.alform, tileCount: map.tileCount, updatedAt: '' }, map, classes: map.spec.alform ? tileClasses(map.grid) : null };
}

describe('flood fill', () => {
  it('fills connected area tiles of the same terrain across linear tiles, and stops at other terrain', () => {
    const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 11, height: 9 }, alform: true });
    const cls = tileClasses(map.grid);
    for (let i = 0; i < map.tileCount; i++) if (cls[i] === 0) map.setTerrain(i, 'clear');
    // A wall of forest on area column x = 4 splits the clear land in two.
    const wall: number[] = [];
    for (let i = 0; i < map.tileCount; i++) if (cls[i] === 0 && map.grid.coord(i)[0] === 4) wall.push(i);
    for (const t of wall) map.setTerrain(t, 'forest');
    const left = floodFill(loaded(map), map.grid.index([0, 0]));
    const xs = Array.from(left, (t) => map.grid.coord(t)[0]!);
    expect(Math.max(...xs)).toBe(2);
    expect(left.every((t) => cls[t] === 0 && map.terrainAt(t) === 'clear')).toBe(true);
    // Every clear area tile left of the wall: columns 0 and 2, five rows each.
    expect(left.length).toBe(10);
    expect(floodFill(loaded(map), wall[0]!).length).toBe(wall.length);
  });

  it('fills linear tiles along a feature', () => {
    const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 11, height: 9 }, alform: true });
    const column: number[] = [];
    for (let i = 0; i < map.tileCount; i++) if (map.grid.coord(i)[0] === 5) column.push(i);
    for (const t of column) map.setTerrain(t, 'river');
    expect(floodFill(loaded(map), column[3]!).length).toBe(column.length);
  });

  it('uses edge neighbours only on classic square maps', () => {
    const map = TerrainMap.create({ size: { kind: 'square', width: 3, height: 3 } });
    // A diagonal line of forest does not connect the two clear corners across it.
    for (let i = 0; i < map.tileCount; i++) map.setTerrain(i, 'clear');
    for (const [x, y] of [[0, 2], [1, 1], [2, 0]]) map.setTerrain(map.grid.index([x, y]), 'forest');
    expect(floodFill(loaded(map), map.grid.index([0, 0])).length).toBe(3);
    expect(floodFill(loaded(map), map.grid.index([1, 1])).length).toBe(1);
  });
});
