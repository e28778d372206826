import { describe, expect, it } from 'vitest';
import { Pinch } from './pinch.js';

const touch = (pointerId: number, offsetX: number, offsetY: number) => ({ pointerId, pointerType: 'touch', offsetX, offsetY });

describe('pinch', () => {
  it('is a pinch from the second touch on, and never for a mouse', () => {
    const p = new Pinch();
    expect(p.down({ pointerId: 9, pointerType: 'mouse', offsetX: 0, offsetY: 0 })).toBe(false);
    expect(p.down(touch(1, 0, 0))).toBe(false);
    expect(p.move(touch(1, 5, 0))).toBeNull();
    expect(p.down(touch(2, 10, 0))).toBe(true);
  });

  it('reports the zoom factor and the midpoint motion of two touches', () => {
    const p = new Pinch();
    p.down(touch(1, 0, 0));
    p.down(touch(2, 10, 0));
    const step = p.move(touch(2, 20, 10));
    expect(step!.zoom).toBeCloseTo(Math.hypot(20, 10) / 10, 12);
    expect([step!.x, step!.y, step!.dx, step!.dy]).toEqual([10, 5, 5, 5]);
    expect(p.move({ pointerId: 3, offsetX: 0, offsetY: 0 })).toBeNull();
  });

  it('gives no zoom when the touches meet', () => {
    const p = new Pinch();
    p.down(touch(1, 0, 0));
    p.down(touch(2, 0, 0));
    expect(p.move(touch(2, 4, 0))!.zoom).toBeNull();
  });

  it('says whether a lifted pointer was part of a pinch', () => {
    const p = new Pinch();
    p.down(touch(1, 0, 0));
    p.down(touch(2, 10, 0));
    expect(p.up(touch(2, 10, 0))).toBe(true);
    expect(p.up(touch(1, 0, 0))).toBe(false);
    expect(p.move(touch(1, 3, 3))).toBeNull();
  });
});
