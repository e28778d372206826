import { describe, expect, it } from 'vitest';
import { OffsetSquareGrid } from './offset-square.js';
import { HEX_CONFORMANCE, TEST_LAYOUTS, describeRectangleConformance } from '../conformance.testkit.js';
import { fromModel, toModel } from '../layout.js';

describeRectangleConformance('OffsetSquareGrid conformance (SPEC §2 checks)', (w, h, wrap, shape) => new OffsetSquareGrid(w, h, wrap, shape), HEX_CONFORMANCE, [
  [4, 3, true, false, 'classic'],
  [6, 5, true, false, 'classic'],
  [8, 8, true, false, 'classic'],
  [3, 3, false, true, 'classic'],
  [6, 5, true, true, 'classic'],
  [8, 5, true, false, 'alform'],
  [5, 4, false, true, 'alform'],
  [4, 3, true, true, 'alform'],
]);

describe('OffsetSquareGrid geometry (brick layout)', () => {
  const layouts = TEST_LAYOUTS;

  it('offsets adjoining columns by half a tile: N is 1 up, NE and SE are 1 right and ½ up / down', () => {
    const g = new OffsetSquareGrid(5, 5);
    const i = g.index([2, 2]);
    const [cx, cy] = g.center(i);
    const expected = [
      [0, 1],
      [1, 0.5],
      [1, -0.5],
      [0, -1],
      [-1, -0.5],
      [-1, 0.5],
    ];
    for (let d = 0; d < 6; d++) {
      const [nx, ny] = g.center(g.neighbor(i, d));
      expect([nx! - cx!, ny! - cy!]).toEqual(expected[d]);
    }
  });

  it('has 4 corners; tiles in adjoining columns share exactly half an edge', () => {
    const g = new OffsetSquareGrid(5, 5);
    const i = g.index([2, 2]);
    const c = g.corners(i);
    expect(c.length).toBe(4);
    // Counter-clockwise.
    let area = 0;
    for (let k = 0; k < 4; k++) area += c[k]![0]! * c[(k + 1) % 4]![1]! - c[(k + 1) % 4]![0]! * c[k]![1]!;
    expect(area).toBeCloseTo(2); // twice the unit square's area
    const right = Math.max(...c.map((p) => p[0]!));
    for (const d of [1, 2]) {
      const m = g.corners(g.neighbor(i, d));
      const left = Math.min(...m.map((p) => p[0]!));
      expect(left).toBeCloseTo(right);
      const [a0, a1] = [Math.min(...c.map((p) => p[1]!)), Math.max(...c.map((p) => p[1]!))];
      const [b0, b1] = [Math.min(...m.map((p) => p[1]!)), Math.max(...m.map((p) => p[1]!))];
      expect(Math.min(a1, b1) - Math.max(a0, b0)).toBeCloseTo(0.5);
    }
  });

  it('picks exactly: the square containing the point (corners included), or −1 off the map', () => {
    let seed = 5;
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (const g of [new OffsetSquareGrid(6, 5), new OffsetSquareGrid(7, 4, undefined, 'alform')]) {
      for (const layout of layouts) {
        for (let n = 0; n < 800; n++) {
          const p = toModel(-1.5 + rnd() * (g.width + 2), -1.5 - g.width / 2 + rnd() * (g.height + g.width + 3), layout);
          // Brute force in the unit frame the point maps back to: the one square (on or off the map) holding it.
          const [ux, uy] = fromModel(p[0]!, p[1]!, layout);
          let hit = -1;
          let found = 0;
          for (let x = -3; x < g.width + 3; x++) {
            for (let y = -6; y < g.height + g.width + 3; y++) {
              const cx = x;
              const cy = y - x / 2;
              if (ux >= cx - 0.5 && ux < cx + 0.5 && uy >= cy - 0.5 && uy < cy + 0.5) {
                found++;
                hit = g.index([x, y]);
              }
            }
          }
          expect(found).toBe(1);
          expect(g.pick(p, layout)).toBe(hit);
        }
      }
    }
  });

  it('picks near a corner where three squares meet, which nearest-centre picking gets wrong', () => {
    const g = new OffsetSquareGrid(3, 3);
    // (0,1) is the square [−½, ½]×[½, 1½]; (1,1) is [½, 1½]×[0, 1]. Just inside (0,1)'s
    // bottom-right corner the point is nearer (1,1)'s centre (1, ½) than its own (0, 1).
    const p = [0.49, 0.51];
    expect(Math.hypot(p[0]! - 1, p[1]! - 0.5)).toBeLessThan(Math.hypot(p[0]!, p[1]! - 1));
    expect(g.pick(p)).toBe(g.index([0, 1]));
    expect(g.pick([0.51, 0.3])).toBe(g.index([1, 1]));
  });
});
