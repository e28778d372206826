import { describe, expect, it } from 'vitest';
import { band, cross, liftPoint, loopPositions, polygonFans, ribbon, ring, surfaceTangents, type OverlaySurface } from './overlay-geometry.js';

const FLAT: OverlaySurface = { globe: false, level: 0.05 };
const GLOBE: OverlaySurface = { globe: true, level: 1.01 };
const vertex = (p: Float32Array, v: number) => [p[3 * v]!, p[3 * v + 1]!, p[3 * v + 2]!];
const dist = (a: readonly number[], b: readonly number[]) => Math.hypot(...a.map((v, i) => v - b[i]!));

describe('overlay geometry', () => {
  it('lifts flat points to the overlay level and globe points to its radius', () => {
    expect(liftPoint(FLAT, [2, 3], 0.01)).toEqual([2, 3, 0.060000000000000005]);
    const g = liftPoint(GLOBE, [0, 3, 4], 0.02);
    expect(Math.hypot(g[0]!, g[1]!, g[2]!)).toBeCloseTo(1.03, 12);
    expect(g[1]! / g[2]!).toBeCloseTo(0.75, 12);
  });

  it('fills polygons as fans from their first corner', () => {
    const tri = [[0, 0], [1, 0], [0, 1]];
    const quad = [[0, 0], [2, 0], [2, 2], [0, 2]];
    const { positions, indices } = polygonFans(FLAT, [tri, quad], 0);
    expect(positions.length).toBe(7 * 3);
    expect(Array.from(indices)).toEqual([0, 1, 2, 3, 4, 5, 3, 5, 6]);
    expect(vertex(positions, 5)).toEqual([2, 2, Math.fround(0.05)]);
    expect(loopPositions(FLAT, tri, 0.004).length).toBe(9);
  });

  it('draws a ribbon of the given width through the points, across their direction', () => {
    const { positions, indices } = ribbon(FLAT, [[0, 0], [1, 0], [2, 0]], 0.1, 0);
    expect(indices.length).toBe(12);
    for (let k = 0; k < 3; k++) {
      // Right-hand side first (tangent × up).
      expect(vertex(positions, 2 * k)[1]).toBeCloseTo(-0.1, 6);
      expect(vertex(positions, 2 * k + 1)[1]).toBeCloseTo(0.1, 6);
      expect(vertex(positions, 2 * k)[0]).toBeCloseTo(k, 6);
    }
    expect(ribbon(FLAT, [[0, 0]], 0.1, 0).indices.length).toBe(0);
  });

  it('draws a band segment as a quad lengthened by half its width at both ends', () => {
    const { positions, indices } = band(FLAT, [[[0, 0], [1, 0]]], 0.1, 0);
    expect(indices.length).toBe(6);
    const xs = [0, 1, 2, 3].map((v) => vertex(positions, v)[0]!);
    const ys = [0, 1, 2, 3].map((v) => vertex(positions, v)[1]!);
    expect(Math.min(...xs)).toBeCloseTo(-0.1, 6);
    expect(Math.max(...xs)).toBeCloseTo(1.1, 6);
    expect(Math.max(...ys) - Math.min(...ys)).toBeCloseTo(0.2, 6);
  });

  it('keeps globe ribbons and bands tangent to the sphere', () => {
    const a = [1, 0, 0];
    const b = [Math.cos(0.1), Math.sin(0.1), 0];
    for (const { positions } of [ribbon(GLOBE, [a, b], 0.01, 0), band(GLOBE, [[a, b]], 0.01, 0)]) {
      for (let v = 0; v < positions.length / 3; v++) expect(Math.abs(vertex(positions, v)[2]!)).toBeCloseTo(0.01, 5);
    }
  });

  it('draws a ring between its two radii round the centre', () => {
    for (const [surface, c] of [
      [FLAT, [3, 4]],
      [GLOBE, [0.6, 0, 0.8]],
    ] as const) {
      const { positions, indices } = ring(surface, c, 0.4, 0.25, 0, 28);
      expect(indices.length).toBe(28 * 6);
      const centre = liftPoint(surface, c, 0);
      // Flat: exactly the radii. Globe: the ring is pushed out onto the sphere, so its chord
      // from the lifted centre is 2R·sin(atan(r)/2).
      const chord = (r: number) => (surface.globe ? 2 * surface.level * Math.sin(Math.atan(r) / 2) : r);
      for (let k = 0; k < 28; k++) {
        expect(dist(vertex(positions, 2 * k), centre)).toBeCloseTo(chord(0.4), 5);
        expect(dist(vertex(positions, 2 * k + 1), centre)).toBeCloseTo(chord(0.25), 5);
      }
    }
  });

  it('draws a cross as two diagonals of half-length r', () => {
    const [s1, s2] = cross(FLAT, [0, 0], 1, 0);
    expect(dist(vertex(s1, 0), vertex(s1, 1))).toBeCloseTo(2, 6);
    expect(vertex(s1, 1)[0]).toBeCloseTo(vertex(s1, 1)[1]!, 6);
    expect(vertex(s2, 1)[0]).toBeCloseTo(-vertex(s2, 1)[1]!, 6);
  });

  it('spans the surface with orthonormal tangents', () => {
    expect(surfaceTangents(FLAT, [5, 5])).toEqual([
      [1, 0],
      [0, 1],
    ]);
    for (const c of [
      [0, 1, 0],
      [0.3, -0.4, 0.866],
    ]) {
      const [e1, e2] = surfaceTangents(GLOBE, c);
      const dot = (a: number[], b: readonly number[]) => a.reduce((s, v, i) => s + v * b[i]!, 0);
      expect(dot(e1, e1)).toBeCloseTo(1, 12);
      expect(dot(e2, e2)).toBeCloseTo(1, 12);
      expect(dot(e1, e2)).toBeCloseTo(0, 12);
      expect(dot(e1, c)).toBeCloseTo(0, 12);
      expect(dot(e2, c)).toBeCloseTo(0, 12);
    }
  });
});
