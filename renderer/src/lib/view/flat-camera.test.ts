import { describe, expect, it } from 'vitest';
import { FlatCamera } from './flat-camera.js';
import { createGrid } from '../../../../core/grid/create.js';

describe('flat camera', () => {
  it('keeps the point under the pointer fixed while zooming, with model y up', () => {
    const cam = new FlatCamera();
    cam.setViewport(1000, 500);
    cam.fit({ minX: 0, minY: 0, maxX: 20, maxY: 10 });
    const before = cam.toModel(700, 100, [0, 0]);
    cam.zoomAt(700, 100, 1.7);
    const after = cam.toModel(700, 100, [0, 0]);
    expect(after[0]).toBeCloseTo(before[0], 9);
    expect(after[1]).toBeCloseTo(before[1], 9);
    const top = cam.toModel(500, 0, [0, 0]);
    const bottom = cam.toModel(500, 500, [0, 0]);
    expect(top[1]).toBeGreaterThan(bottom[1]);
    const [sx, sy] = cam.toScreen(before[0], before[1]);
    expect(sx).toBeCloseTo(700, 9);
    expect(sy).toBeCloseTo(100, 9);
  });

  it('hands the grid model points; a screen point does not compile there', () => {
    const cam = new FlatCamera();
    cam.setViewport(100, 100);
    cam.fit({ minX: 0, minY: 0, maxX: 3, maxY: 3 }, 0);
    const grid = createGrid({ size: { kind: 'square', width: 3, height: 3 }, wrap: { x: false, y: false } });
    const [cx, cy] = grid.center(4);
    const screen = cam.toScreen(cx!, cy!);
    expect(grid.pick(cam.toModel(screen[0], screen[1]))).toBe(4);
    // @ts-expect-error CSS pixels, not model space: the mix-up the ScreenPoint tag stops
    expect(grid.pick(screen)).not.toBe(4);
  });
});
