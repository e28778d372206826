import { describe, expect, it } from 'vitest';
import { HexRectangleGrid } from './hex-rectangle.js';
import { HEX_CONFORMANCE, TEST_LAYOUTS, describeRectangleConformance } from '../conformance.testkit.js';
import { axial120ToUnit } from './axial.js';
import { toModel } from '../layout.js';

describeRectangleConformance('HexRectangleGrid conformance (SPEC §2 checks)', (w, h, wrap, shape) => new HexRectangleGrid(w, h, wrap, shape), HEX_CONFORMANCE, [
  [4, 3, true, false, 'classic'],
  [6, 5, true, false, 'classic'],
  [8, 8, true, false, 'classic'],
  [1, 3, false, true, 'classic'],
  [3, 3, false, true, 'classic'],
  [5, 4, false, true, 'classic'],
  [4, 3, true, true, 'classic'],
  [6, 5, true, true, 'classic'],
  [8, 5, true, false, 'alform'],
  [4, 3, true, false, 'alform'],
  [5, 3, false, true, 'alform'],
  [4, 4, true, true, 'alform'],
  [8, 6, true, true, 'alform'],
]);

describe('HexRectangleGrid geometry', () => {
  const layouts = TEST_LAYOUTS;

  it('puts centres at x·(√3/2, −1/2) + y·(0, 1) × size, rotated CCW, then shifted', () => {
    const g = new HexRectangleGrid(4, 4);
    const i = g.index([3, 2]);
    const [cx, cy] = g.center(i);
    expect(cx).toBeCloseTo((3 * Math.sqrt(3)) / 2);
    expect(cy).toBeCloseTo(0.5);
    const [rx, ry] = g.center(i, { size: 2, origin: [10, 20], rotation: 90 });
    expect(rx).toBeCloseTo(10 - 2 * 0.5);
    expect(ry).toBeCloseTo(20 + 2 * ((3 * Math.sqrt(3)) / 2));
  });

  it('gives adjoining hexes two shared corners (the shared edge)', () => {
    const g = new HexRectangleGrid(5, 5);
    for (const layout of layouts) {
      const c = g.corners(g.index([2, 2]), layout);
      for (let d = 0; d < 6; d++) {
        const n = g.neighbor(g.index([2, 2]), d);
        const m = g.corners(n, layout);
        const shared = c.filter((p) => m.some((q) => Math.hypot(p[0]! - q[0]!, p[1]! - q[1]!) < 1e-9));
        expect(shared.length, `direction ${d}`).toBe(2);
      }
    }
  });

  it('picks exactly: the hex whose centre is nearest, or −1 off the map', () => {
    let seed = 11;
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (const g of [new HexRectangleGrid(6, 5), new HexRectangleGrid(7, 4, undefined, 'alform')]) {
      for (const layout of layouts) {
        for (let n = 0; n < 600; n++) {
          // A point anywhere in (and a little around) the map's unit-frame bounding box.
          const ux = -1.5 + rnd() * (g.width + 2);
          const uy = -1.5 - g.width / 2 + rnd() * (g.height + g.width + 3);
          const p = toModel(ux, uy, layout);
          let best: [number, number] = [0, 0];
          let bestD = Infinity;
          for (let x = -3; x < g.width + 3; x++) {
            for (let y = -6; y < g.height + g.width + 3; y++) {
              const [cx, cy] = axial120ToUnit(x, y);
              const d = (cx - ux) ** 2 + (cy - uy) ** 2;
              if (d < bestD) [bestD, best] = [d, [x, y]];
            }
          }
          expect(g.pick(p, layout)).toBe(g.index(best));
        }
      }
    }
  });

  it('picks on wrapped maps by wrapping the containing hex', () => {
    const g = new HexRectangleGrid(6, 5, { x: true, y: true });
    const i = g.index([2, 3]);
    const [cx, cy] = axial120ToUnit(2 + 6, 3 + 3 + 5);
    expect(g.pick([cx, cy])).toBe(i);
  });

  it('rotates about a tile in 60° clockwise steps', () => {
    const g = new HexRectangleGrid(9, 9);
    const pivot = g.index([4, 4]);
    expect(g.coord(g.rotate(g.index([4, 6]), pivot, 1))).toEqual([6, 6]);
    expect(g.coord(g.rotate(g.index([4, 6]), pivot, 2))).toEqual([6, 4]);
    expect(g.coord(g.rotate(g.index([4, 6]), pivot, -1))).toEqual([2, 4]);
    expect(g.rotate(g.index([4, 6]), g.index([0, 0]), 3)).toBe(-1);
  });

  it('finds range(r) of an interior tile by closed form, 3r(r+1)+1', () => {
    const g = new HexRectangleGrid(40, 40);
    const c = g.index([20, 30]);
    for (let r = 0; r <= 9; r++) expect(g.range(c, r).length).toBe(3 * r * (r + 1) + 1);
  });
});
