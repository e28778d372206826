import { describe, expect, it } from 'vitest';
import { HexRectangleGrid } from '../grid/hex/hex-rectangle.js';
import type { WesnothMap } from './wesnoth.js';
import { axialToWesnoth, tileToWesnoth, wesnothPlacement, wesnothToAxial, wesnothToTile } from './wesnoth.js';
import { FORMAT_MAP_SIZES } from './coords.testkit.js';

/** Wesnoth's adjacency (1-based x): columns with even x sit half a hex down. */
function wesnothNeighbours(x: number, y: number, lo: number, hiX: number, hiY: number): string[] {
  const side = x % 2 === 0 ? [y, y + 1] : [y - 1, y];
  const cells: [number, number][] = [[x, y - 1], [x, y + 1], ...side.flatMap((yy) => [[x - 1, yy] as [number, number], [x + 1, yy] as [number, number]])];
  return cells.filter(([a, b]) => a >= lo && b >= lo && a <= hiX && b <= hiY).map((p) => p.join(','));
}

const cases: WesnothMap[] = [];
for (const [width, height] of FORMAT_MAP_SIZES)
  for (const border of [false, true]) cases.push({ width, height, border });

describe('Wesnoth maps', () => {
  for (const map of cases) {
    const label = `${map.width}x${map.height} ${map.border ? 'with' : 'without'} border`;
    const lo = map.border ? 0 : 1;
    const hiX = map.border ? map.width + 1 : map.width;
    const hiY = map.border ? map.height + 1 : map.height;
    const grid = () => {
      const { size } = wesnothPlacement(map);
      return new HexRectangleGrid(size.width, size.height);
    };

    it(`${label}: a bijection onto our map, inverted by export`, () => {
      const g = grid();
      const seen = new Set<number>();
      for (let x = lo; x <= hiX; x++) {
        for (let y = lo; y <= hiY; y++) {
          const t = wesnothToTile(g, map, x, y);
          seen.add(t);
          expect(tileToWesnoth(g, map, t)).toEqual([x, y]);
          const [ax, ay] = wesnothToAxial(map, x, y);
          expect(axialToWesnoth(map, ax, ay)).toEqual([x, y]);
        }
      }
      expect(seen.size).toBe(g.tileCount);
    });

    it(`${label}: neighbours follow Wesnoth's (even x shifted down)`, () => {
      const g = grid();
      const out = new Int32Array(6);
      for (let x = lo; x <= hiX; x++) {
        for (let y = lo; y <= hiY; y++) {
          g.neighbors(wesnothToTile(g, map, x, y), out);
          const ours = Array.from(out)
            .filter((n) => n >= 0)
            .map((n) => tileToWesnoth(g, map, n).join(','));
          expect(ours.sort()).toEqual(wesnothNeighbours(x, y, lo, hiX, hiY).sort());
        }
      }
    });

    it(`${label}: keeps the picture${map.border ? ' mirrored top↔bottom' : ''}`, () => {
      const g = grid();
      let offset: [number, number] | null = null;
      for (let x = lo; x <= hiX; x++) {
        for (let y = lo; y <= hiY; y++) {
          const px = (x * Math.sqrt(3)) / 2;
          const py = y + (x % 2 === 0 ? 0.5 : 0); // y-down screen
          const my = map.border ? py : -py;
          const [cx, cy] = g.center(wesnothToTile(g, map, x, y));
          offset ??= [cx! - px, cy! - my];
          expect(cx! - px).toBeCloseTo(offset[0], 9);
          expect(cy! - my).toBeCloseTo(offset[1], 9);
        }
      }
    });
  }

  it('puts the playable top-left hex (1,1) at our column 0, top', () => {
    const map = { width: 5, height: 4, border: false };
    const g = new HexRectangleGrid(5, 4);
    expect(g.coord(wesnothToTile(g, map, 1, 1))).toEqual([0, 3]);
    expect(g.coord(wesnothToTile(g, map, 2, 4))).toEqual([1, 0]);
  });

  it('rejects bad input with clear messages', () => {
    const map = { width: 5, height: 4, border: false };
    const g = new HexRectangleGrid(5, 4);
    expect(() => wesnothToTile(g, map, 0, 1)).toThrow('Wesnoth (0, 1) is not on this 5x4 map without its border (x 1…5, y 1…4)');
    expect(() => wesnothToTile(g, { ...map, border: true }, 7, 1)).toThrow('a 5x4 Wesnoth map with its border needs a classic hex-rectangle 7x6, got hex-rectangle 5x4');
    expect(() => wesnothToTile(new HexRectangleGrid(7, 6), { ...map, border: true }, 7, 1)).toThrow('Wesnoth (7, 1) is not on this 5x4 map with its border (x 0…6, y 0…5)');
    expect(() => wesnothPlacement({ width: 0, height: 3, border: false })).toThrow('Wesnoth map width (playable, without the border) must be an integer ≥ 1, got 0');
    expect(() => wesnothToAxial(map, 1, 1.5)).toThrow('Wesnoth coordinates must be integers');
    expect(() => axialToWesnoth(map, 5, 0)).toThrow('axial (5, 0) is not on the 5x4 hex-rectangle that holds this Wesnoth map');
  });
});
