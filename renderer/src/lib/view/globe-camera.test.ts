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

  it('zooms toward the pointer: the globe point under it stays under it', () => {
    const cam = new GlobeCamera();
    cam.setViewport(800, 600);
    cam.fit();
    cam.rotateBy(60, 30);
    const [px, py] = [560, 220];
    const p = cam.pickSphere(px, py)!;
    const centre = cam.pickSphere(400, 300)!;
    cam.zoomAt(px, py, 1.8);
    const s = cam.toScreen(p)!;
    expect(s[0]).toBeCloseTo(px, 4);
    expect(s[1]).toBeCloseTo(py, 4);
    // The view moved toward the pointer: the centre of the screen shows another point now.
    const now = cam.pickSphere(400, 300)!;
    expect(Math.hypot(now[0]! - centre[0]!, now[1]! - centre[1]!, now[2]! - centre[2]!)).toBeGreaterThan(0.01);
    // Off the globe it zooms about the centre and keeps the orientation.
    const q = [...cam.q];
    cam.zoomAt(3, 3, 0.7);
    expect(cam.q).toEqual(q);
  });

  it('gives its state and takes it back', () => {
    const a = new GlobeCamera();
    a.setViewport(800, 600);
    a.rotateBy(33, -12);
    a.zoomBy(1.7);
    const b = new GlobeCamera();
    b.setViewport(800, 600);
    b.restore(a.state());
    expect(b.pickSphere(410, 290)).toEqual(a.pickSphere(410, 290));
  });
});
