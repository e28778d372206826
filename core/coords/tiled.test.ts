import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HexRectangleGrid } from '../grid/hex/hex-rectangle.js';
import type { TiledStaggeredMap } from './tiled.js';
import { axialToTiled, tiledPlacement, tiledToAxial, tiledToTile, tileToTiled } from './tiled.js';
import { externalPath } from '../../test/support/formats.js';
import { FORMAT_MAP_SIZES } from './coords.testkit.js';

/**
 * Tiled's staggered neighbour rules, from its documentation: with staggeraxis x the shifted
 * columns (odd ones for staggerindex odd, even ones for even) sit half a tile DOWN; with
 * staggeraxis y the shifted rows sit half a tile RIGHT.
 */
function tiledNeighbours(map: TiledStaggeredMap, c: number, r: number): string[] {
  const odd = map.staggerIndex === 'odd';
  let cells: [number, number][];
  if (map.staggerAxis === 'x') {
    const shifted = (c % 2 === 1) === odd;
    const side = shifted ? [r, r + 1] : [r - 1, r];
    cells = [[c, r - 1], [c, r + 1], ...side.flatMap((rr) => [[c - 1, rr] as [number, number], [c + 1, rr] as [number, number]])];
  } else {
    const shifted = (r % 2 === 1) === odd;
    const side = shifted ? [c, c + 1] : [c - 1, c];
    cells = [[c - 1, r], [c + 1, r], ...side.flatMap((cc) => [[cc, r - 1] as [number, number], [cc, r + 1] as [number, number]])];
  }
  return cells.filter(([x, y]) => x >= 0 && y >= 0 && x < map.width && y < map.height).map((p) => p.join(','));
}

/** Tiled's pixel centre (y down) for hexes whose adjoining centres are 1 apart. */
function tiledCentre(map: TiledStaggeredMap, c: number, r: number): [number, number] {
  const odd = map.staggerIndex === 'odd';
  if (map.staggerAxis === 'x') return [(c * Math.sqrt(3)) / 2, r + ((c % 2 === 1) === odd ? 0.5 : 0)];
  return [c + ((r % 2 === 1) === odd ? 0.5 : 0), (r * Math.sqrt(3)) / 2];
}

const maps: TiledStaggeredMap[] = [];
for (const [width, height] of FORMAT_MAP_SIZES)
  for (const staggerAxis of ['x', 'y'] as const) for (const staggerIndex of ['odd', 'even'] as const) maps.push({ width, height, staggerAxis, staggerIndex });

function gridFor(map: TiledStaggeredMap): HexRectangleGrid {
  const { size } = tiledPlacement(map);
  return new HexRectangleGrid(size.width, size.height);
}

describe('Tiled staggered maps', () => {
  for (const map of maps) {
    const label = `${map.width}x${map.height} staggeraxis=${map.staggerAxis} staggerindex=${map.staggerIndex}`;

    it(`${label}: import is a bijection and export inverts it`, () => {
      const g = gridFor(map);
      const seen = new Set<number>();
      for (let r = 0; r < map.height; r++) {
        for (let c = 0; c < map.width; c++) {
          const t = tiledToTile(g, map, c, r);
          expect(t).toBeGreaterThanOrEqual(0);
          seen.add(t);
          expect(tileToTiled(g, map, t)).toEqual([c, r]);
          const [x, y] = tiledToAxial(map, c, r);
          expect(axialToTiled(map, x, y)).toEqual([c, r]);
        }
      }
      expect(seen.size).toBe(g.tileCount);
    });

    it(`${label}: neighbours are Tiled's staggered neighbours`, () => {
      const g = gridFor(map);
      const out = new Int32Array(6);
      for (let r = 0; r < map.height; r++) {
        for (let c = 0; c < map.width; c++) {
          g.neighbors(tiledToTile(g, map, c, r), out);
          const ours = Array.from(out)
            .filter((n) => n >= 0)
            .map((n) => tileToTiled(g, map, n).join(','));
          expect(ours.sort()).toEqual(tiledNeighbours(map, c, r).sort());
        }
      }
    });

    it(`${label}: the picture is Tiled's, or its documented mirror image`, () => {
      const g = gridFor(map);
      const { rotation, mirrored } = tiledPlacement(map);
      const layout = { size: 1, origin: [0, 0] as const, rotation };
      let offset: [number, number] | null = null;
      for (let r = 0; r < map.height; r++) {
        for (let c = 0; c < map.width; c++) {
          const [px, py] = tiledCentre(map, c, r);
          // Tiled's screen is y-down; a mirror flips one more axis.
          const [mx, my] = mirrored === 'left-right' ? [-px, -py] : mirrored === 'top-bottom' ? [px, py] : [px, -py];
          const [cx, cy] = g.center(tiledToTile(g, map, c, r), layout);
          offset ??= [cx! - mx, cy! - my];
          expect(cx! - mx).toBeCloseTo(offset[0], 9);
          expect(cy! - my).toBeCloseTo(offset[1], 9);
        }
      }
      expect(mirrored === false).toBe((map.staggerAxis === 'x') === (map.staggerIndex === 'odd'));
    });
  }

  it('transposes stagger-axis-y maps and shows them pointy-top (rotation 270)', () => {
    expect(tiledPlacement({ width: 7, height: 3, staggerAxis: 'y', staggerIndex: 'even' })).toEqual({
      size: { kind: 'hex-rectangle', width: 3, height: 7 },
      rotation: 270,
      mirrored: false,
    });
  });

  it('rejects bad input with clear messages', () => {
    const map: TiledStaggeredMap = { width: 4, height: 3, staggerAxis: 'x', staggerIndex: 'odd' };
    const g = gridFor(map);
    expect(() => tiledToTile(g, map, 4, 0)).toThrow('Tiled tile (4, 0) is outside the 4x3 map (col 0…3, row 0…2)');
    expect(() => tiledToTile(g, map, 0.5, 0)).toThrow('Tiled coordinates must be integers');
    expect(() => tiledToTile(new HexRectangleGrid(3, 4), map, 0, 0)).toThrow('a 4x3 Tiled map (staggeraxis x) needs a classic hex-rectangle 4x3, got hex-rectangle 3x4');
    expect(() => tiledToTile(new HexRectangleGrid(4, 3, undefined, 'alform'), map, 0, 0)).toThrow('(alform)');
    expect(() => tiledPlacement({ ...map, staggerAxis: 'z' as 'x' })).toThrow('Tiled staggeraxis must be "x" or "y", got "z"');
    expect(() => tiledPlacement({ ...map, staggerIndex: 'odd ' as 'odd' })).toThrow('Tiled staggerindex must be "odd" or "even"');
    expect(() => tiledPlacement({ ...map, width: 0 })).toThrow('Tiled map width must be an integer ≥ 1, got 0');
    expect(() => axialToTiled(map, 0, 5)).toThrow('axial (0, 5) is not on the 4x3 hex-rectangle that holds this 4x3 Tiled map');
    expect(() => tileToTiled(g, map, 12)).toThrow('tile index 12 is outside');
  });
});

// Real maps from Tiled's examples (shared/external-data; see its README).
const tiledDir = externalPath('tiled');
const haveData = tiledDir !== null;

describe.skipIf(!haveData)('Tiled example maps', () => {
  for (const file of ['hexagonal-mini.tmx', 'test_hexagonal_tile_60x60x30.tmx', 'isometric_staggered_grass_and_water.tmx']) {
    it(`${file}: every tile maps to one of ours and back`, () => {
      const head = /<map [^>]*>/.exec(readFileSync(join(tiledDir!, file), 'utf8'))![0];
      const attr = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(head)![1]!;
      const map: TiledStaggeredMap = {
        width: Number(attr('width')),
        height: Number(attr('height')),
        staggerAxis: attr('staggeraxis') as 'x' | 'y',
        staggerIndex: attr('staggerindex') as 'odd' | 'even',
      };
      const g = gridFor(map);
      const seen = new Set<number>();
      for (let r = 0; r < map.height; r++) {
        for (let c = 0; c < map.width; c++) {
          const t = tiledToTile(g, map, c, r);
          seen.add(t);
          expect(tileToTiled(g, map, t)).toEqual([c, r]);
        }
      }
      expect(seen.size).toBe(map.width * map.height);
    });
  }
});
