import { describe, expect, test } from 'vitest';
import { bfsDistances } from '../conformance.testkit.js';
import { IcosahedronGrid } from './icosahedron-grid.js';

/** Deterministic pseudo-random numbers in [0, 1). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('IcosahedronGrid', () => {
  test('constructor validates the side and describes the globe', () => {
    expect(() => new IcosahedronGrid(2.5)).toThrow('icosahedron side L must be an integer ≥ 0, got 2.5');
    expect(() => new IcosahedronGrid(-1)).toThrow('icosahedron side L must be an integer ≥ 0, got -1');
    expect(() => new IcosahedronGrid(Number.NaN)).toThrow('got NaN');
    expect(() => new IcosahedronGrid(9000)).toThrow('at most 8191');
    const g = new IcosahedronGrid(3);
    expect(g.kind).toBe('icosahedron');
    expect(g.size).toEqual({ kind: 'icosahedron', side: 3 });
    expect(g.wrap).toEqual({ x: false, y: false });
    expect(g.directions).toBe(6);
    expect(g.modelDimensions).toBe(3);
    expect(g.coordSystem).toBe('latlon');
    expect(g.coordSystems).toEqual(['latlon']);
    expect(g.edgeSlotsPerTile).toBe(3);
    expect(g.tileCount).toBe(162);
  });

  test('coordinates: lon is taken modulo its ring, lat outside 0…3n is off the map', () => {
    const g = new IcosahedronGrid(2); // n = 3, lat 0…9
    expect(g.index([0, 0])).toBe(0);
    expect(g.index([0, 7])).toBe(0);
    expect(g.index([1, 5])).toBe(g.index([1, 0]));
    expect(g.index([1, -1])).toBe(g.index([1, 4]));
    expect(g.index([4, 15 + 2])).toBe(g.index([4, 2]));
    expect(g.index([9, 3])).toBe(g.tileCount - 1);
    expect(g.index([10, 0])).toBe(-1);
    expect(g.index([-1, 0])).toBe(-1);
    expect(g.index([1.5, 0])).toBe(-1);
    expect(g.coord(g.index([7, 4]))).toEqual([7, 4]);
    expect(() => g.index([1, 2, 3])).toThrow('latlon coordinate must have 2 numbers [lat, lon], got 3');
    expect(() => g.toSystem(5, 'cube')).toThrow("supports only the 'latlon' coordinate system, got 'cube'");
    expect(() => g.fromSystem([1, 1], 'axial60')).toThrow("got 'axial60'");
    expect(g.toSystem(5, 'latlon')).toEqual(g.coord(5));
    expect(() => g.coord(g.tileCount)).toThrow(`tile index must be an integer in 0…${g.tileCount - 1}, got ${g.tileCount}`);
    expect(() => g.neighbors(-1, new Int32Array(6))).toThrow('got -1');
    expect(() => g.range(0, -1)).toThrow('radius must be an integer ≥ 0, got -1');
  });

  test('pentagons(): V0 first, V11 last, the ten band pentagons in between', () => {
    const g = new IcosahedronGrid(5);
    const p = Array.from(g.pentagons());
    expect(p).toHaveLength(12);
    expect(p[0]).toBe(0);
    expect(p[11]).toBe(g.tileCount - 1);
    expect(p.every((i) => g.isPentagon(i))).toBe(true);
  });

  test.each([0, 1, 2, 5, 12])('L=%i: distance equals BFS (every pair up to L = 5, 24 sources beyond)', (L) => {
    const g = new IcosahedronGrid(L);
    const sources = L <= 5 ? g.tileCount : 24;
    const bad: string[] = [];
    for (let s = 0; s < sources; s++) {
      const src = Math.floor((s * g.tileCount) / sources);
      const bfs = bfsDistances(g, src);
      for (let t = 0; t < g.tileCount; t++) {
        if (g.distance(src, t) !== bfs[t]) bad.push(`distance(${src},${t}) = ${g.distance(src, t)}, BFS ${bfs[t]}`);
      }
    }
    expect(bad.slice(0, 10)).toEqual([]);
  });

  test('distance on a large globe: closed forms near, A* far, both exact against BFS', () => {
    const g = new IcosahedronGrid(60);
    for (const src of [0, 1234, 20000, 36612]) {
      const bfs = bfsDistances(g, src);
      for (let t = 0; t < g.tileCount; t += 97) expect(g.distance(src, t)).toBe(bfs[t]);
    }
  });

  test('pick finds the nearest centre for arbitrary directions and ignores the radius', () => {
    const random = rng(7);
    for (const L of [0, 1, 4, 11, 40]) {
      const g = new IcosahedronGrid(L);
      const c = g.centers();
      for (let s = 0; s < 300; s++) {
        // Uniform direction on the sphere.
        const z = 2 * random() - 1;
        const phi = 2 * Math.PI * random();
        const r = Math.sqrt(1 - z * z);
        const p = [r * Math.cos(phi), r * Math.sin(phi), z];
        let best = 0;
        let bestDot = -Infinity;
        for (let i = 0; i < g.tileCount; i++) {
          const dot = c[3 * i]! * p[0]! + c[3 * i + 1]! * p[1]! + c[3 * i + 2]! * p[2]!;
          if (dot > bestDot) {
            bestDot = dot;
            best = i;
          }
        }
        expect(g.pick(p)).toBe(best);
        expect(g.pick(p.map((v) => v * 6371))).toBe(best);
      }
    }
    const g = new IcosahedronGrid(3);
    expect(g.pick([0, 0, 0])).toBe(-1);
    expect(() => g.pick([1, 0])).toThrow('icosahedron pick expects a 3D point [x, y, z], got 2 numbers');
  });

  test('centres lie on the sphere of radius layout.size; corners wind counter-clockwise seen from outside', () => {
    const g = new IcosahedronGrid(4);
    const layout = { size: 3, origin: [10, 20] as const, rotation: 45 };
    for (let i = 0; i < g.tileCount; i++) {
      const c = g.center(i, layout);
      expect(Math.hypot(c[0]!, c[1]!, c[2]!)).toBeCloseTo(3, 12);
      const corners = g.corners(i, layout);
      expect(corners).toHaveLength(g.degree(i));
      const nb = new Int32Array(6);
      const around = [i, ...Array.from(nb.subarray(0, g.neighbors(i, nb)))];
      let area = 0;
      for (let k = 0; k < corners.length; k++) {
        const p = corners[k]!;
        const q = corners[(k + 1) % corners.length]!;
        expect(Math.hypot(p[0]!, p[1]!, p[2]!)).toBeCloseTo(3, 12);
        // (p − c) × (q − c) · c > 0: each corner pair turns counter-clockwise about the centre.
        const u = [p[0]! - c[0]!, p[1]! - c[1]!, p[2]! - c[2]!];
        const v = [q[0]! - c[0]!, q[1]! - c[1]!, q[2]! - c[2]!];
        const turn = (u[1]! * v[2]! - u[2]! * v[1]!) * c[0]! + (u[2]! * v[0]! - u[0]! * v[2]!) * c[1]! + (u[0]! * v[1]! - u[1]! * v[0]!) * c[2]!;
        expect(turn).toBeGreaterThan(0);
        area += turn;
        // A corner is where this cell meets two neighbours: no other tile is nearer.
        expect(around).toContain(g.pick(p));
      }
      expect(area).toBeGreaterThan(0);
    }
    expect(g.centers()).toHaveLength(3 * g.tileCount);
  });

  test('rotation about a pentagon is an exact symmetry: a bijection that keeps distance to the pivot', () => {
    for (const L of [0, 1, 4]) {
      const g = new IcosahedronGrid(L);
      for (const pivot of g.pentagons()) {
        for (let steps = 1; steps < 5; steps++) {
          const seen = new Set<number>();
          for (let i = 0; i < g.tileCount; i++) {
            const r = g.rotate(i, pivot, steps);
            seen.add(r);
            if (g.distance(r, pivot) !== g.distance(i, pivot)) expect.fail(`L=${L} rotate(${i}, ${pivot}, ${steps})`);
            expect(g.rotate(r, pivot, 5 - steps)).toBe(i);
          }
          expect(seen.size).toBe(g.tileCount);
        }
        for (let i = 0; i < g.tileCount; i += 7) {
          expect(g.rotate(i, pivot, 5)).toBe(i);
          expect(g.rotate(i, pivot, -1)).toBe(g.rotate(i, pivot, 4));
        }
      }
    }
  });

  test('one clockwise step about V0 is one sector down in longitude; about V11 one sector up', () => {
    const g = new IcosahedronGrid(5);
    const n = 6;
    for (let i = 1; i < g.tileCount - 1; i++) {
      const [lat, lon] = g.coord(i);
      const sector = Math.min(lat!, n, 3 * n - lat!);
      expect(g.rotate(i, 0, 1)).toBe(g.index([lat!, lon! - sector]));
      expect(g.rotate(i, g.tileCount - 1, 1)).toBe(g.index([lat!, lon! + sector]));
    }
  });

  test('rotation about a hexagon: a full turn is the identity; one step takes neighbour d to d+1', () => {
    const g = new IcosahedronGrid(12);
    const nb = new Int32Array(6);
    for (let pivot = 0; pivot < g.tileCount; pivot += 13) {
      if (g.isPentagon(pivot)) continue;
      for (let t = 0; t < g.tileCount; t += 101) expect(g.rotate(t, pivot, 6)).toBe(t);
      // Away from the pentagons the local frame is nearly regular.
      const nearPentagon = Array.from(g.pentagons()).some((p) => g.distance(p, pivot) <= 2);
      if (nearPentagon) continue;
      g.neighbors(pivot, nb);
      for (let d = 0; d < 6; d++) expect(g.rotate(nb[d]!, pivot, 1)).toBe(nb[(d + 1) % 6]);
    }
  });

  test('ring walks clockwise from direction 0; spiral is rings in order', () => {
    const g = new IcosahedronGrid(6);
    const nb = new Int32Array(6);
    for (const center of [0, 100, 200, 211, 300]) {
      const deg = g.neighbors(center, nb);
      expect(Array.from(g.ring(center, 1))).toEqual(Array.from(nb.subarray(0, deg)));
      const spiral = Array.from(g.spiral(center, 3));
      const rings = [center, ...g.ring(center, 1), ...g.ring(center, 2), ...g.ring(center, 3)];
      expect(spiral).toEqual(rings);
      expect(Array.from(g.ring(center, 0))).toEqual([center]);
    }
  });

  test('line hugs the great circle: along a meridian edge it is the edge itself', () => {
    const g = new IcosahedronGrid(7); // n = 8
    const line = Array.from(g.line(0, g.index([8, 0])));
    expect(line).toEqual(Array.from({ length: 9 }, (_, lat) => g.index([lat, 0])));
    const far = g.line(0, g.tileCount - 1);
    expect(far).toHaveLength(3 * 8 + 1);
  });

  test('neighbors() fills the caller\'s buffer with what neighbor() says, direction by direction', () => {
    // Their speed against h3-js gridDisk(k=1) is measured by `npm run bench -- grid`.
    const g = new IcosahedronGrid(100);
    const nb = new Int32Array(6);
    let pentagons = 0;
    for (let i = 0; i < g.tileCount; i++) {
      const deg = g.neighbors(i, nb);
      if (deg !== g.degree(i)) expect.fail(`degree of ${i}`);
      if (deg === 5) pentagons++;
      for (let d = 0; d < deg; d++) if (nb[d] !== g.neighbor(i, d)) expect.fail(`neighbor ${d} of ${i}`);
      if (g.neighbor(i, deg) !== -1) expect.fail(`no neighbour past the degree of ${i}`);
    }
    expect(pentagons).toBe(12);
  });
});
