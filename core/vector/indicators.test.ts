import { describe, expect, it } from 'vitest';
import { IcosahedronGrid } from '../grid/icosahedron/icosahedron-grid.js';
import { extentOf } from './classify.js';
import { globeTileShape } from './globe-shape.js';
import type { EdgeIndicators } from './indicators.js';
import { edgeIndicators } from './indicators.js';
import { edgePoint } from './shape.js';
import type { VectorTile } from './types.js';
import { validateTile } from './validate.js';
import { CLEARING_TILE, HEX_TILE, OFFSET_TILE, PENTAGON_TILE, SQUARE_TILE, bend } from './vector.testkit.js';

/** [dir, [element, end, t, inside?][], presence] per edge */
type Expected = [number, [string, string, number, string?][], string[]][];

function expectIndicators(actual: EdgeIndicators[], expected: Expected): void {
  expect(actual.map((e) => e.dir)).toEqual(expected.map((e) => e[0]));
  actual.forEach((e, i) => {
    const [, positions, presence] = expected[i]!;
    expect(e.presence, `presence on edge ${e.dir}`).toEqual(presence);
    expect(e.positions.map((p) => [p.element, p.end, p.inside])).toEqual(positions.map((p) => [p[0], p[1], p[3]]));
    e.positions.forEach((p, k) => expect(p.t, `t of ${p.element} on edge ${e.dir}`).toBeCloseTo(positions[k]![2], 9));
  });
}

describe('indicators of hand-made tiles', () => {
  it('square: positions sorted from the anchor, an area corner, a lake and a peak inside', () => {
    expect(validateTile(SQUARE_TILE)).toEqual([]);
    expectIndicators(edgeIndicators(SQUARE_TILE), [
      [0, [['road', 'start', 0.3]], []],
      [2, [['road', 'end', 0.75]], []],
      [4, [['wood', 'end', 0.6, 'after']], []],
      [6, [['wood', 'start', 0.4, 'before']], []],
    ]);
    expect(edgeIndicators(SQUARE_TILE)[0]!.positions[0]!.key).toBe('line:road');
    expect(extentOf(SQUARE_TILE.shape, SQUARE_TILE.elements[0]!)).toBe('edge-crossing');
    expect(extentOf(SQUARE_TILE.shape, SQUARE_TILE.elements[2]!)).toBe('interior-only');
    expect(extentOf(SQUARE_TILE.shape, SQUARE_TILE.elements[3]!)).toBe('interior-only');
  });

  it('square: a clearing in a forest puts the forest on every edge', () => {
    expect(validateTile(CLEARING_TILE)).toEqual([]);
    expect(edgeIndicators(CLEARING_TILE).map((e) => e.presence)).toEqual([['forest'], ['forest'], ['forest'], ['forest']]);
  });

  it('offset-square: six edge segments, the side halves separately', () => {
    expect(validateTile(OFFSET_TILE)).toEqual([]);
    expectIndicators(edgeIndicators(OFFSET_TILE), [
      [0, [['road', 'start', 0.5]], []],
      [1, [['road', 'end', 0.5]], []],
      [2, [['river', 'end', 0.4]], []],
      [3, [], []],
      [4, [['river', 'start', 0.6]], []],
      [5, [], []],
    ]);
  });

  it('hex: river, a forest half with presence on the edges it covers, a contour loop', () => {
    expect(validateTile(HEX_TILE)).toEqual([]);
    expectIndicators(edgeIndicators(HEX_TILE), [
      [0, [['river', 'start', 0.3]], []],
      [1, [['wood', 'start', 0.5, 'after']], []],
      [2, [], ['forest']],
      [3, [['river', 'end', 0.6]], ['forest']],
      [4, [['wood', 'end', 0.5, 'before']], []],
      [5, [], []],
    ]);
  });

  it('pentagon: two ends on one edge sorted nearest first; forest over three whole edges', () => {
    expect(validateTile(PENTAGON_TILE)).toEqual([]);
    expectIndicators(edgeIndicators(PENTAGON_TILE), [
      [0, [['road', 'start', 0.25]], ['forest']],
      [1, [], ['forest']],
      [2, [['road', 'end', 0.5], ['wood', 'end', 0.8, 'before']], []],
      [3, [['wood', 'start', 0.5, 'after']], []],
      [4, [], ['forest']],
    ]);
  });

  it('globe: a non-regular hexagon and a pentagon use their real polygons', () => {
    const grid = new IcosahedronGrid(3);
    const hexIndex = [...Array(grid.tileCount).keys()].find((i) => !grid.isPentagon(i) && grid.distance(i, grid.pentagons()[0]!) === 1)!;
    const shape = globeTileShape(grid, hexIndex);
    expect(shape.name).toBe('polygon');
    const tile: VectorTile = {
      id: 'g',
      shape,
      elements: [{ kind: 'line', id: 'r', terrain: 'road', curve: bend(edgePoint(shape.edges[0]!, 0.5), edgePoint(shape.edges[3]!, 0.25)) }],
    };
    expect(validateTile(tile)).toEqual([]);
    const ind = edgeIndicators(tile);
    expect(ind[0]!.positions[0]!.t).toBeCloseTo(0.5, 12);
    expect(ind[3]!.positions[0]!.t).toBeCloseTo(0.25, 12);
    expect(globeTileShape(grid, grid.pentagons()[3]!).name).toBe('pentagon');
  });
});
