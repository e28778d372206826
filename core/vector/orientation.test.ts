import { describe, expect, it } from 'vitest';
import type { TileClassCode } from '../alform/classify.js';
import { TILE_CLASS_NAMES, TileClass, allowedOrientations } from '../alform/classify.js';
import type { GridKind } from '../grid/types.js';
import { seededRandom } from '../util/random.js';
import type { EdgeIndicators } from './indicators.js';
import { edgeIndicators } from './indicators.js';
import { isAllowedOrientation, placeTile } from './instance.js';
import { edgeMap, orientIndicators, orientTile } from './orientation.js';
import { HEX, OFFSET_SQUARE, PENTAGON, SQUARE } from './shape.js';
import type { VectorTile } from './types.js';
import { validateTile } from './validate.js';
import { CLEARING_TILE, HEX_TILE, OFFSET_TILE, PENTAGON_TILE, SQUARE_TILE, randomTile } from './vector.testkit.js';

function sameIndicators(a: EdgeIndicators[], b: EdgeIndicators[]): void {
  expect(a.map((e) => e.dir)).toEqual(b.map((e) => e.dir));
  a.forEach((e, i) => {
    const f = b[i]!;
    expect(e.presence).toEqual(f.presence);
    expect(e.positions.map((p) => [p.element, p.end, p.key])).toEqual(f.positions.map((p) => [p.element, p.end, p.key]));
    e.positions.forEach((p, k) => expect(Math.abs(p.t - f.positions[k]!.t)).toBeLessThan(1e-9));
  });
}

const random = seededRandom(11);
const CASES: [GridKind, TileClassCode[], VectorTile[], boolean][] = [
  ['square', [TileClass.AREA, TileClass.VERTEX, TileClass.X_EDGE, TileClass.Y_EDGE], [SQUARE_TILE, CLEARING_TILE, randomTile(SQUARE, random, 's1')], false],
  ['offset-square', [TileClass.AREA, TileClass.FULL_EDGE, TileClass.UPPER_HALF_EDGE, TileClass.LOWER_HALF_EDGE], [OFFSET_TILE, randomTile(OFFSET_SQUARE, random, 'o1')], false],
  ['hex-rectangle', [TileClass.AREA, TileClass.X_AXIS, TileClass.Y_AXIS, TileClass.Z_AXIS], [HEX_TILE, randomTile(HEX, random, 'h1'), randomTile(HEX, random, 'h2')], false],
  ['icosahedron', [TileClass.AREA], [PENTAGON_TILE, randomTile(PENTAGON, random, 'p1')], true],
];

describe('orientations (SPEC §3)', () => {
  for (const [kind, classes, tiles, pentagon] of CASES) {
    for (const code of classes) {
      it(`${kind}${pentagon ? ' pentagon' : ''} ${TILE_CLASS_NAMES[code]}: indicators of the transformed tile equal the transformed indicators`, () => {
        const orientations = allowedOrientations(kind, code, pentagon);
        expect(orientations.length).toBeGreaterThan(0);
        for (const tile of tiles) {
          expect(validateTile(tile)).toEqual([]);
          const base = edgeIndicators(tile);
          for (const o of orientations) {
            const oriented = orientTile(tile, o);
            expect(validateTile(oriented)).toEqual([]);
            sameIndicators(edgeIndicators(oriented), orientIndicators(tile.shape, base, o));
          }
        }
      });
    }
  }

  it('edge maps: hex 60° moves edge k to k+1, mirror x swaps 1 ↔ 5; square 90° moves 0 → 2', () => {
    expect([...edgeMap(HEX, { rotation: 60, mirror: 'none' }).values()]).toEqual([1, 2, 3, 4, 5, 0]);
    expect([...edgeMap(HEX, { rotation: 0, mirror: 'x' }).values()]).toEqual([0, 5, 4, 3, 2, 1]);
    expect([...edgeMap(SQUARE, { rotation: 90, mirror: 'none' }).values()]).toEqual([2, 4, 6, 0]);
    expect([...edgeMap(PENTAGON, { rotation: 72, mirror: 'none' }).values()]).toEqual([1, 2, 3, 4, 0]);
  });

  it('refuses an orientation that is not a symmetry of the shape', () => {
    expect(() => orientTile(OFFSET_TILE, { rotation: 90, mirror: 'none' })).toThrow(/not a symmetry of the offset-square/);
    expect(() => orientTile(PENTAGON_TILE, { rotation: 0, mirror: 'y' })).toThrow(/not a symmetry/);
  });

  it('instances: only allowed orientations, scale and translation applied', () => {
    const allowed = allowedOrientations('hex-rectangle', TileClass.X_AXIS);
    expect(isAllowedOrientation({ rotation: 180, mirror: 'x' }, allowed)).toBe(true);
    expect(isAllowedOrientation({ rotation: 60, mirror: 'none' }, allowed)).toBe(false);
    expect(() => placeTile(HEX_TILE, { tile: 'hex', orientation: { rotation: 60, mirror: 'none' }, translation: [0, 0] }, allowed)).toThrow(/not allowed/);
    const placed = placeTile(HEX_TILE, { tile: 'hex', orientation: { rotation: 180, mirror: 'none' }, translation: [10, 5], scale: 2 }, allowed);
    const well = placed.find((e) => e.id === 'well')!;
    expect(well.kind === 'point' && well.at[0]).toBeCloseTo(10 - 1, 12);
    expect(well.kind === 'point' && well.at[1]).toBeCloseTo(5 + 1, 12);
  });
});
