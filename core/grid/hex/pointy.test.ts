import { describe, expect, it } from 'vitest';
import { HexRectangleGrid } from './hex-rectangle.js';
import { HexHexagonGrid } from './hex-hexagon.js';
import { HEX_CONFORMANCE, TEST_LAYOUTS, checkGridConformance, describeRectangleConformance } from '../conformance.testkit.js';
import { createGrid } from '../create.js';
import { gridLayout, gridOrientation } from '../capabilities.js';
import type { Layout } from '../types.js';

describeRectangleConformance('pointy-top HexRectangleGrid conformance (SPEC §2 checks)', (w, h, wrap, shape) => new HexRectangleGrid(w, h, wrap, shape, 'pointy'), HEX_CONFORMANCE, [
  [4, 3, true, false, 'classic'],
  [3, 3, false, true, 'classic'],
  [8, 5, true, false, 'alform'],
]);

describe('pointy-top hex maps', () => {
  const flat = new HexRectangleGrid(6, 5);
  const pointy = new HexRectangleGrid(6, 5, undefined, 'classic', 'pointy');
  const angle = (p: readonly number[], c: readonly number[]): number => ((Math.atan2(p[1]! - c[1]!, p[0]! - c[0]!) * 180) / Math.PI + 360) % 360;

  it('keeps the topology and indices of the flat-top map of the same size', () => {
    expect(pointy.tileCount).toBe(flat.tileCount);
    const out = new Int32Array(6);
    const ref = new Int32Array(6);
    for (let i = 0; i < flat.tileCount; i++) {
      expect(pointy.coord(i)).toEqual(flat.coord(i));
      pointy.neighbors(i, out);
      flat.neighbors(i, ref);
      expect(out).toEqual(ref);
    }
  });

  it('has corners at 30°, 90° … 330° (a corner straight up and down) and flat sides east and west', () => {
    for (const layout of [undefined, { size: 40, origin: [5, -7], rotation: 0 } as Layout]) {
      const i = pointy.index([2, 3]);
      const c = pointy.center(i, layout);
      const angles = pointy.corners(i, layout).map((p) => Math.round(angle(p, c)));
      expect(angles.sort((a, b) => a - b)).toEqual([30, 90, 150, 210, 270, 330]);
      const r = Math.hypot(pointy.corners(i, layout)[0]![0]! - c[0]!, pointy.corners(i, layout)[0]![1]! - c[1]!);
      expect(r).toBeCloseTo((layout?.size ?? 1) / Math.sqrt(3), 12);
    }
  });

  it('turns the flat-top picture a quarter turn clockwise: columns become rows counted down the page', () => {
    // Column x of the flat map is row x of the pointy one; model space is y-up, so row x sits at y = −x·√3/2.
    for (let i = 0; i < pointy.tileCount; i++) {
      const [fx, fy] = flat.center(i);
      const [px, py] = pointy.center(i);
      expect(px).toBeCloseTo(fy!, 12);
      expect(py).toBeCloseTo(-fx!, 12);
    }
    const [x0, y0] = pointy.center(pointy.index([0, 0]));
    const [x1] = pointy.center(pointy.index([0, 1]));
    const [, yRow1] = pointy.center(pointy.index([1, 0]));
    expect(x1! - x0!).toBeCloseTo(1, 12); // the next tile up the column is the next one right in the row
    expect(yRow1!).toBeCloseTo(y0! - Math.sqrt(3) / 2, 12); // the next column is the next row, lower down
  });

  it('puts the six neighbours 1 apart at 0°, 60° … 300° in direction order, clockwise from east', () => {
    const i = pointy.index([2, 3]);
    const c = pointy.center(i);
    const seen = [];
    for (let d = 0; d < 6; d++) {
      const n = pointy.center(pointy.neighbor(i, d));
      expect(Math.hypot(n[0]! - c[0]!, n[1]! - c[1]!)).toBeCloseTo(1, 12);
      seen.push(Math.round(angle(n, c)));
    }
    // Direction 0 (+Y, north on a flat-top map) points east; directions then run clockwise (y-up: decreasing angle).
    expect(seen).toEqual([0, 300, 240, 180, 120, 60]);
  });

  it('picks the tile under a point, near its corners too, under every test layout', () => {
    for (const layout of TEST_LAYOUTS) {
      for (let i = 0; i < pointy.tileCount; i++) {
        const c = pointy.center(i, layout);
        expect(pointy.pick(c, layout)).toBe(i);
        for (const corner of pointy.corners(i, layout)) {
          const p = [corner[0]! + (c[0]! - corner[0]!) * 0.02, corner[1]! + (c[1]! - corner[1]!) * 0.02];
          expect(pointy.pick(p, layout)).toBe(i);
        }
      }
    }
  });

  it('is built by createGrid for both hex kinds, refused on the others, and reported by gridOrientation/gridLayout', () => {
    const rect = createGrid({ size: { kind: 'hex-rectangle', width: 4, height: 3 }, orientation: 'pointy' });
    const hexagon = createGrid({ size: { kind: 'hex-hexagon', diameter: 5 }, orientation: 'pointy' });
    expect(gridOrientation(rect)).toBe('pointy');
    expect(gridOrientation(hexagon)).toBe('pointy');
    expect(gridOrientation(createGrid({ size: { kind: 'hex-rectangle', width: 4, height: 3 } }))).toBe('flat');
    expect(gridOrientation(createGrid({ size: { kind: 'square', width: 4, height: 3 } }))).toBe('flat');
    expect(gridLayout(rect, { size: 2, origin: [1, 1], rotation: 30 })).toEqual({ size: 2, origin: [1, 1], rotation: 300 });
    expect(() => createGrid({ size: { kind: 'square', width: 4, height: 3 }, orientation: 'pointy' })).toThrow('only hex maps can be pointy-topped; a square map is drawn one way');
    expect(() => new HexHexagonGrid(5, undefined, 'sideways' as 'flat')).toThrow('hex orientation must be "flat" or "pointy", got "sideways"');
    checkGridConformance(hexagon, HEX_CONFORMANCE);
  });
});
