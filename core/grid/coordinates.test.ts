import { describe, expect, it } from 'vitest';
import type { Axial120, Axial60, Cube, ModelPoint } from './coordinates.js';
import { axial120, axial60, cube, modelXY, screenPoint } from './coordinates.js';
import { axial120ToAxial60, axial120ToCube, axial60ToAxial120 } from './hex/axial.js';
import { createGrid } from './create.js';

const stepNorth = (a: Axial120): Axial120 => axial120(a[0], a[1] + 1);

describe('named coordinate types', () => {
  it('are plain arrays at run time', () => {
    expect(axial120(1, 2)).toEqual([1, 2]);
    expect(JSON.stringify(cube(1, -1, 0))).toBe('[1,-1,0]');
    expect(Array.isArray(axial60(0, 0))).toBe(true);
  });

  it('conversions are typed from → to, so a pair in the wrong system does not compile', () => {
    const a60: Axial60 = axial120ToAxial60(2, 3);
    const c: Cube = axial120ToCube(2, 3);
    expect(axial60ToAxial120(a60[0], a60[1])).toEqual([2, 3]);
    expect(c[0] + c[1] + c[2]).toBe(0);
    expect(stepNorth(axial60ToAxial120(a60[0], a60[1]))).toEqual([2, 4]);
    // @ts-expect-error a 60° axial pair is not a 120° axial one (the same numbers name another tile)
    stepNorth(a60);
    // @ts-expect-error a plain pair has no system; say which with a factory
    const untagged: Axial120 = [2, 3];
    // @ts-expect-error cube is not axial
    stepNorth(c);
    void untagged;
  });

  it('model points: plain arrays and model points go to pick; screen points do not', () => {
    const grid = createGrid({ size: { kind: 'square', width: 3, height: 3 }, wrap: { x: false, y: false } });
    expect(grid.pick([1.2, 1.1])).toBe(grid.index([1, 1]));
    expect(grid.pick(modelXY(1.2, 1.1))).toBe(grid.index([1, 1]));
    const screen = screenPoint(1.2, 1.1);
    // @ts-expect-error CSS pixels are not model space: turn them with the camera first
    grid.pick(screen);
    // @ts-expect-error nor is a screen point a model point anywhere else
    const p: ModelPoint = screen;
    void p;
  });
});
