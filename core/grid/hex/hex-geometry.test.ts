import { describe, expect, it } from 'vitest';
import { hexCenter, hexCorners, pickHex } from './hex-geometry.js';

describe('flat-top hex geometry through a layout', () => {
  const layout = { size: 10, origin: [5, -3] as const, rotation: 90 };

  it('scales, rotates counter-clockwise, then shifts', () => {
    // (0,1) is one spacing north; a quarter turn counter-clockwise sends it west.
    const [x, y] = hexCenter(0, 1, layout);
    expect(x).toBeCloseTo(5 - 10);
    expect(y).toBeCloseTo(-3);
  });

  it('has corners at circumradius size/√3 around the centre, counter-clockwise', () => {
    const c = hexCenter(2, -1, layout);
    const corners = hexCorners(2, -1, layout);
    let area = 0;
    corners.forEach((p, i) => {
      expect(Math.hypot(p[0]! - c[0]!, p[1]! - c[1]!)).toBeCloseTo(10 / Math.sqrt(3));
      const q = corners[(i + 1) % 6]!;
      area += p[0]! * q[1]! - q[0]! * p[1]!;
    });
    expect(area).toBeGreaterThan(0);
  });

  it('picks the hex of a point, including points near corners', () => {
    expect(pickHex(hexCenter(3, 7, layout), layout)).toEqual([3, 7]);
    const corner = hexCorners(3, 7, layout)[2]!;
    const c = hexCenter(3, 7, layout);
    // A point 1% of the way from a corner towards the centre is still inside.
    expect(pickHex([corner[0]! + (c[0]! - corner[0]!) * 0.01, corner[1]! + (c[1]! - corner[1]!) * 0.01], layout)).toEqual([3, 7]);
    expect(() => pickHex([1], layout)).toThrow('a model-space point is [x, y], got [1]');
  });
});
