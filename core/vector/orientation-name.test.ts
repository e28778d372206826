import { describe, expect, it } from 'vitest';
import { canonicalOrientation, edgeMap, orientationMatrix, orientationName, parseOrientation, shapeOrientations } from './orientation.js';
import { HEX, OFFSET_SQUARE, PENTAGON, SQUARE, polygonShape } from './shape.js';

describe('orientation names', () => {
  it('lists every symmetry of each shape once, and each is a symmetry', () => {
    expect(shapeOrientations(SQUARE).map(orientationName)).toEqual(['r0', 'r90', 'r180', 'r270', 'm0', 'm90', 'm180', 'm270']);
    expect(shapeOrientations(HEX)).toHaveLength(12);
    expect(shapeOrientations(PENTAGON)).toHaveLength(10);
    expect(shapeOrientations(OFFSET_SQUARE).map(orientationName)).toEqual(['r0', 'r180', 'm0', 'm180']);
    expect(shapeOrientations(polygonShape(HEX.corners))).toEqual([{ rotation: 0, mirror: 'none' }]);
    for (const shape of [SQUARE, HEX, PENTAGON, OFFSET_SQUARE]) for (const o of shapeOrientations(shape)) expect(() => edgeMap(shape, o)).not.toThrow();
  });

  it('reads r/m names in their spellings, and mirror y is mirror x turned 180°', () => {
    expect(parseOrientation(HEX, 'r60')).toEqual({ rotation: 60, mirror: 'none' });
    for (const t of ['m120', 'm r120', 'mr120', ' m 120 ']) expect(parseOrientation(HEX, t)).toEqual({ rotation: 120, mirror: 'x' });
    expect(parseOrientation(SQUARE, 'm')).toEqual({ rotation: 0, mirror: 'x' });
    expect(canonicalOrientation({ rotation: 0, mirror: 'y' })).toEqual({ rotation: 180, mirror: 'x' });
    expect(orientationMatrix(canonicalOrientation({ rotation: 90, mirror: 'y' })).map((v) => Math.round(v * 1e9) / 1e9 + 0)).toEqual(
      orientationMatrix({ rotation: 90, mirror: 'y' }).map((v) => Math.round(v * 1e9) / 1e9 + 0),
    );
  });

  it('refuses what is not an orientation of the shape, naming the ones it takes', () => {
    expect(() => parseOrientation(HEX, 'r90')).toThrow(/"r90" is not an orientation of the hex tile; it takes r0, r60/);
    expect(() => parseOrientation(SQUARE, 'x')).toThrow(/expected an orientation such as r60/);
    expect(() => parseOrientation(SQUARE, '')).toThrow(/expected an orientation/);
    expect(() => parseOrientation(OFFSET_SQUARE, 'r90')).toThrow(/takes r0, r180, m0, m180/);
  });
});
