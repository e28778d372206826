import { describe, expect, test } from 'vitest';
import { FACE_VERTS, ICOSA_VERTICES, faceVertices, nearestStripPoint, spherePoint } from './embedding.js';

const vertex = (i: number): number[] => [ICOSA_VERTICES[3 * i]!, ICOSA_VERTICES[3 * i + 1]!, ICOSA_VERTICES[3 * i + 2]!];
const dist = (p: number[], q: number[]): number => Math.hypot(p[0]! - q[0]!, p[1]! - q[1]!, p[2]! - q[2]!);

describe('icosahedron embedding', () => {
  test('12 unit vertices, V0 north, V11 south, every vertex with five neighbours at one edge length', () => {
    expect(vertex(0)).toEqual([0, 0, 1]);
    expect(vertex(11)).toEqual([0, 0, -1]);
    const edge = dist(vertex(0), vertex(1));
    for (let i = 0; i < 12; i++) {
      expect(Math.hypot(...vertex(i))).toBeCloseTo(1, 14);
      let near = 0;
      for (let j = 0; j < 12; j++) if (j !== i && Math.abs(dist(vertex(i), vertex(j)) - edge) < 1e-12) near++;
      expect(near).toBe(5);
    }
  });

  test('the 20 faces are distinct equilateral triangles that keep the strip plane orientation', () => {
    const seen = new Set<string>();
    const edge = dist(vertex(0), vertex(1));
    for (let k = 0; k < 5; k++) {
      for (let t = 0; t < 4; t++) {
        const f = faceVertices(k, t);
        expect(Array.from(FACE_VERTS.subarray(3 * (4 * k + t), 3 * (4 * k + t) + 3))).toEqual(f);
        seen.add([...f].sort((a, b) => a - b).join());
        const [p, q, r] = f.map(vertex) as [number[], number[], number[]];
        expect(dist(p, q)).toBeCloseTo(edge, 12);
        expect(dist(q, r)).toBeCloseTo(edge, 12);
        expect(dist(r, p)).toBeCloseTo(edge, 12);
        // Seen from outside, strip axis b lies 60° counter-clockwise of a (longitude grows
        // eastward), so each face winds as its strip-plane corners do: the cap's (0,0) (n,0)
        // (0,n) counter-clockwise; down (n,0) (0,n) (n,n), up (n,0) (n,n) (2n,0) and bottom
        // (2n,0) (n,n) (2n,n) clockwise.
        const u = [q[0]! - p[0]!, q[1]! - p[1]!, q[2]! - p[2]!];
        const v = [r[0]! - p[0]!, r[1]! - p[1]!, r[2]! - p[2]!];
        const normal = [u[1]! * v[2]! - u[2]! * v[1]!, u[2]! * v[0]! - u[0]! * v[2]!, u[0]! * v[1]! - u[1]! * v[0]!];
        const out = normal[0]! * (p[0]! + q[0]! + r[0]!) + normal[1]! * (p[1]! + q[1]! + r[1]!) + normal[2]! * (p[2]! + q[2]! + r[2]!);
        expect(Math.sign(out), `face ${k}/${t}`).toBe(t === 0 ? 1 : -1);
      }
    }
    expect(seen.size).toBe(20);
  });

  test('nearestStripPoint inverts spherePoint on every lattice point of every strip', () => {
    const n = 7;
    const w = new Int32Array(3);
    const c = new Float64Array(3);
    const out = new Int32Array(3);
    for (let k = 0; k < 5; k++) {
      for (let a = 1; a <= 2 * n; a++) {
        for (let b = 0; b < n; b++) {
          spherePoint(n, k, a, b, w, c, 0);
          nearestStripPoint(n, c[0]!, c[1]!, c[2]!, out);
          // Points on a face edge may come back in the neighbouring strip's coordinates.
          const back = new Float64Array(3);
          spherePoint(n, out[0]!, out[1]!, out[2]!, w, back, 0);
          expect(dist(Array.from(back), Array.from(c))).toBeLessThan(1e-12);
        }
      }
    }
  });
});
