import { describe, expect, it } from 'vitest';
import { axial120Distance, axial120LineOffsets } from './axial.js';
import type { AxialTileLookup } from './hex-walks.js';
import { lineTiles, ringTiles, spiralTiles } from './hex-walks.js';

/** A hand-made set of hexes, indexed in the order given; distance is the plain hex distance. */
function island(cells: [number, number][]): AxialTileLookup & { at(i: number): [number, number] } {
  const key = (x: number, y: number) => `${x},${y}`;
  const index = new Map(cells.map(([x, y], i) => [key(x, y), i]));
  return {
    indexXY: (x, y) => index.get(key(x, y)) ?? -1,
    distance: (a, b) => axial120Distance(cells[b]![0] - cells[a]![0], cells[b]![1] - cells[a]![1]),
    at: (i) => cells[i]!,
  };
}

describe('lines', () => {
  it('fall back to a walk that stays on the map when both tie-breaks leave it', () => {
    // (0,0) → (4,2) runs exactly along hex edges, with ties at x = 1 and x = 3. This strip
    // keeps (1,1) and (3,1) but not (1,0) or (3,2), so either nudge meets a missing hex.
    const strip: [number, number][] = [
      [0, 0],
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 2],
    ];
    const g = island(strip);
    for (const nudge of [1, -1] as const) {
      const o = axial120LineOffsets(4, 2, nudge);
      const cells = Array.from({ length: 5 }, (_, i) => [o[2 * i]!, o[2 * i + 1]!]);
      expect(cells.some(([x, y]) => g.indexXY(x!, y!) < 0)).toBe(true);
    }
    const line = lineTiles(g, 0, 0, 0, 4, 4, 2);
    // The fallback walks the whole strip.
    expect(Array.from(line, (i) => g.at(i))).toEqual(strip);
  });

  it('use the straight cube line when it stays on the map', () => {
    const cells: [number, number][] = [];
    for (let x = -4; x <= 4; x++) for (let y = -4; y <= 4; y++) cells.push([x, y]);
    const g = island(cells);
    const line = lineTiles(g, g.indexXY(0, 0), 0, 0, g.indexXY(3, -2), 3, -2);
    const o = axial120LineOffsets(3, -2, 1);
    expect(Array.from(line, (i) => g.at(i))).toEqual(Array.from({ length: line.length }, (_, i) => [o[2 * i], o[2 * i + 1]]));
  });
});

describe('rings and spirals', () => {
  it('skip positions off the map, keeping walking order', () => {
    const g = island([
      [0, 0],
      [0, 1],
      [1, 1],
      [-1, -1],
    ]);
    expect(Array.from(ringTiles(g, 0, 0, 0, 1, false), (i) => g.at(i))).toEqual([
      [-1, -1],
      [0, 1],
      [1, 1],
    ]);
    expect(Array.from(spiralTiles(g, 0, 0, 0, 5, 1, false))).toEqual([0, 3, 1, 2]);
  });
});
