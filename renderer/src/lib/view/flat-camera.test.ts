import { describe, expect, it } from 'vitest';
import { FlatCamera } from './flat-camera.js';

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
});
