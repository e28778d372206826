import { describe, expect, it } from 'vitest';
import type { RasterShape } from './orientation.js';
import { orientationName as coreOrientationName, shapeOrientations } from '../../core/vector/orientation.js';
import { shapeByName } from '../../core/vector/shape.js';
import { RASTER_SHAPES, allOrientations, compose, edgeCount, orientEdges, orientationCode, orientationCount, orientationName, orientationNames, sourceEdge } from './orientation.js';

describe('tile orientations', () => {
  it('turns a square clockwise: the north edge goes east', () => {
    const canonical = ['n', 'e', 's', 'w'];
    expect(orientEdges('square', orientationCode('square', 'r90'), canonical)).toEqual(['w', 'n', 'e', 's']);
    expect(orientEdges('square', orientationCode('square', 'r180'), canonical)).toEqual(['s', 'w', 'n', 'e']);
  });

  it('mirrors left–right first (m0 swaps east and west; m180 is mirror Y)', () => {
    const canonical = ['n', 'e', 's', 'w'];
    expect(orientEdges('square', orientationCode('square', 'm0'), canonical)).toEqual(['n', 'w', 's', 'e']);
    expect(orientEdges('square', orientationCode('square', 'm180'), canonical)).toEqual(['s', 'e', 'n', 'w']);
    expect(orientEdges('hex', orientationCode('hex', 'm0'), ['0', '1', '2', '3', '4', '5'])).toEqual(['0', '5', '4', '3', '2', '1']);
  });

  it('names and parses every orientation of every shape', () => {
    for (const shape of RASTER_SHAPES) {
      const names = orientationNames(shape, allOrientations(shape));
      expect(names).toHaveLength(2 * edgeCount(shape));
      names.forEach((name, code) => {
        expect(orientationName(shape, code)).toBe(name);
        expect(orientationCode(shape, name)).toBe(code);
      });
    }
    expect(orientationNames('hex', allOrientations('hex'))).toEqual(['r0', 'r60', 'r120', 'r180', 'r240', 'r300', 'm0', 'm60', 'm120', 'm180', 'm240', 'm300']);
    expect(orientationNames('pentagon', allOrientations('pentagon')).slice(0, 5)).toEqual(['r0', 'r72', 'r144', 'r216', 'r288']);
    expect(orientationCode('square', 'r60')).toBe(-1);
    expect(orientationCode('hex', 'r360')).toBe(-1);
    expect(orientationCode('hex', 'x60')).toBe(-1);
  });

  it("names and reads orientations with core/vector's rule (the store's own copy was stricter; core's reader won)", () => {
    // The copy read only `r<deg>`/`m<deg>`; core/vector's parseOrientation also takes `m` (= m0) and `mr60`.
    expect(orientationCode('hex', 'm')).toBe(orientationCode('hex', 'm0'));
    expect(orientationCode('hex', 'mr60')).toBe(orientationCode('hex', 'm60'));
    for (const shape of RASTER_SHAPES) {
      const all = shapeOrientations(shapeByName(shape));
      all.forEach((o, code) => expect(orientationName(shape, code)).toBe(coreOrientationName(o)));
    }
  });

  it('forms the dihedral group: closed, with identity and inverses, composition matching the edge maps', () => {
    for (const shape of RASTER_SHAPES as readonly RasterShape[]) {
      const n = orientationCount(shape);
      const k = edgeCount(shape);
      for (let a = 0; a < n; a++) {
        expect(compose(shape, a, 0)).toBe(a);
        expect(compose(shape, 0, a)).toBe(a);
        let inverses = 0;
        for (let b = 0; b < n; b++) {
          const c = compose(shape, a, b);
          expect(c).toBeGreaterThanOrEqual(0);
          if (c === 0) inverses++;
          // Orienting with b and then a shows what c shows, edge by edge.
          for (let e = 0; e < k; e++) expect(sourceEdge(shape, c, e)).toBe(sourceEdge(shape, b, sourceEdge(shape, a, e)));
        }
        expect(inverses).toBe(1);
      }
      // Every mirror is its own inverse; the rotations form a cycle.
      for (let m = k; m < n; m++) expect(compose(shape, m, m)).toBe(0);
      expect(compose(shape, 1, k - 1)).toBe(0);
    }
  });
});
