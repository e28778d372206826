import { describe, expect, it } from 'vitest';
import { HEX } from '../vector/shape.js';
import { boxDistance, boxesOverlap, insideBy, type LabelBox } from './label-box.js';

const box = (x: number, y: number, ux: number, uy: number): LabelBox => ({ x, y, ux, uy, half: 0.2, across: 0.08 });

describe('label boxes', () => {
  it('sees overlapping and separate boxes, turned or not, with an optional gap', () => {
    expect(boxesOverlap(box(0, 0, 1, 0), box(0.1, 0.05, 1, 0))).toBe(true);
    expect(boxesOverlap(box(0, 0, 1, 0), box(0, 0.17, 1, 0))).toBe(false);
    expect(boxesOverlap(box(0, 0, 1, 0), box(0, 0.17, 1, 0), 0.02)).toBe(true);
    expect(boxesOverlap(box(0, 0, 1, 0), box(0.2, 0.2, 0, 1))).toBe(true);
    expect(boxesOverlap(box(0, 0, 1, 0), box(0.5, 0, 0, 1))).toBe(false);
  });

  it('measures a point to a box and how deep a point lies in a tile', () => {
    expect(boxDistance(box(0, 0, 1, 0), 0.1, 0)).toBe(0);
    expect(boxDistance(box(0, 0, 1, 0), 0.5, 0)).toBeCloseTo(0.3, 12);
    expect(boxDistance(box(0, 0, 0, 1), 0, 0.5)).toBeCloseTo(0.3, 12);
    // The hexagon's inradius is 1: its centre lies 1 deep, a point beyond an edge is negative.
    expect(insideBy(HEX, 0, 0)).toBeCloseTo(1, 9);
    expect(insideBy(HEX, 0, 1.1)).toBeCloseTo(-0.1, 9);
  });
});
