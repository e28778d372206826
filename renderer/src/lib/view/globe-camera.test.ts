import { describe, expect, it } from 'vitest';
import { GlobeCamera } from './globe-camera.js';

describe('globe camera', () => {
  it('picks the sphere point under the pointer and projects it back', () => {
    const cam = new GlobeCamera();
    cam.setViewport(800, 600);
    cam.fit();
    cam.rotateBy(120, -45);
    for (const [px, py] of [
      [400, 300],
      [520, 260],
      [330, 410],
    ] as const) {
      const p = cam.pickSphere(px, py)!;
      expect(Math.hypot(...p)).toBeCloseTo(1, 9);
      const s = cam.toScreen(p)!;
      // @ts-expect-error a screen point is not a model point
      void (() => cam.toScreen(s));
      expect(s[0]).toBeCloseTo(px, 6);
      expect(s[1]).toBeCloseTo(py, 6);
    }
    expect(cam.pickSphere(2, 2)).toBeNull();
  });

  it('turns a model point to face the viewer, and hides the far side', () => {
    const cam = new GlobeCamera();
    cam.setViewport(800, 600);
    cam.lookAt([0.2, -0.5, 0.3]);
    const [x, y, z] = cam.pickSphere(400, 300)!;
    const l = Math.hypot(0.2, -0.5, 0.3);
    expect([x, y, z].map((v) => +v.toFixed(9))).toEqual([0.2 / l, -0.5 / l, 0.3 / l].map((v) => +v.toFixed(9)));
    expect(cam.toScreen([-0.2 / l, 0.5 / l, -0.3 / l])).toBeNull();
  });

  it('zooms between its limits', () => {
    const cam = new GlobeCamera();
    for (let k = 0; k < 50; k++) cam.zoomBy(2);
    expect(cam.distance).toBeCloseTo(cam.minDistance, 9);
    for (let k = 0; k < 50; k++) cam.zoomBy(0.5);
    expect(cam.distance).toBeCloseTo(cam.maxDistance, 9);
  });
});
