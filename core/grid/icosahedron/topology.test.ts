import { describe, expect, test } from 'vitest';
import { bfsDistances } from '../conformance.testkit.js';
import { ICOSA_VERTICES } from './embedding.js';
import { IcosahedronGrid } from './icosahedron-grid.js';

const SIDES = Array.from({ length: 13 }, (_, L) => L);

/** (Δlat, Δlon) of each neighbour in direction order, Δlon taken modulo the neighbour's ring. */
function offsets(g: IcosahedronGrid, i: number): [number, number][] {
  const [lat, lon] = g.coord(i);
  const nb = new Int32Array(6);
  const deg = g.neighbors(i, nb);
  const out: [number, number][] = [];
  for (let d = 0; d < deg; d++) {
    const [lat2, lon2] = g.coord(nb[d]!);
    out.push([lat2! - lat!, lon2! - lon!]);
  }
  return out;
}

/** Compares offsets with a patent-style set, longitudes modulo the target ring. */
function sameOffsets(g: IcosahedronGrid, i: number, expected: readonly (readonly [number, number])[]): boolean {
  const got = offsets(g, i);
  if (got.length !== expected.length) return false;
  const lat = g.coord(i)[0]!;
  return got.every(([dl, dn], d) => {
    const [el, en] = expected[d]!;
    if (dl !== el) return false;
    const size = ringSize(g, lat + dl);
    return (((dn - en) % size) + size) % size === 0;
  });
}

function ringSize(g: IcosahedronGrid, lat: number): number {
  const n = g.n;
  if (lat === 0 || lat === 3 * n) return 1;
  return 5 * Math.min(lat, n, 3 * n - lat);
}

function dot(c: Float64Array, i: number, j: number): number {
  return c[3 * i]! * c[3 * j]! + c[3 * i + 1]! * c[3 * j + 1]! + c[3 * i + 2]! * c[3 * j + 2]!;
}

describe('icosahedron topology (SPEC §2)', () => {
  test.each(SIDES)('L=%i: 10n²+2 tiles, exactly 12 pentagons at the vertex positions', (L) => {
    const g = new IcosahedronGrid(L);
    const n = L + 1;
    expect(g.tileCount).toBe(10 * n * n + 2);
    const pent: number[] = [];
    for (let i = 0; i < g.tileCount; i++) if (g.degree(i) === 5) pent.push(i);
    expect(pent).toEqual(Array.from(g.pentagons()));
    const coords = pent.map((i) => g.coord(i));
    const expected = [[0, 0]];
    for (let k = 0; k < 5; k++) expected.push([n, k * n]);
    for (let k = 0; k < 5; k++) expected.push([2 * n, k * n]);
    expected.push([3 * n, 0]);
    expect(coords).toEqual(expected);
    // Each pentagon's centre is an icosahedron vertex, in the order V0, U_0…U_4, W_0…W_4, V11.
    const c = g.centers();
    pent.forEach((p, v) => {
      for (let t = 0; t < 3; t++) expect(c[3 * p + t]!).toBeCloseTo(ICOSA_VERTICES[3 * v + t]!, 12);
    });
  });

  test.each(SIDES)('L=%i: neighbours symmetric, latitude equals BFS distance from V0', (L) => {
    const g = new IcosahedronGrid(L);
    const nb = new Int32Array(6);
    const nb2 = new Int32Array(6);
    const bad: string[] = [];
    for (let i = 0; i < g.tileCount; i++) {
      const deg = g.neighbors(i, nb);
      if (new Set(Array.from(nb.subarray(0, deg))).size !== deg) bad.push(`repeated neighbour of ${i}`);
      for (let d = 0; d < deg; d++) {
        const j = nb[d]!;
        if (j === i || j < 0 || j >= g.tileCount) bad.push(`neighbour ${j} of ${i}`);
        const degJ = g.neighbors(j, nb2);
        if (!Array.from(nb2.subarray(0, degJ)).includes(i)) bad.push(`symmetry ${i}→${j}`);
      }
    }
    const bfs = bfsDistances(g, 0);
    for (let i = 0; i < g.tileCount; i++) if (bfs[i] !== g.coord(i)[0]) bad.push(`lat of ${i}`);
    expect(bad).toEqual([]);
    expect(bfs[g.tileCount - 1]).toBe(3 * (L + 1));
  });

  test.each(SIDES)("L=%i: every tile's neighbours are exactly its 5 or 6 nearest centres", (L) => {
    const g = new IcosahedronGrid(L);
    const c = g.centers();
    const nb = new Int32Array(6);
    for (let i = 0; i < g.tileCount; i++) {
      const deg = g.neighbors(i, nb);
      const mine = new Set(Array.from(nb.subarray(0, deg)));
      let farthestNeighbour = 0;
      let nearestOther = Infinity;
      for (let j = 0; j < g.tileCount; j++) {
        if (j === i) continue;
        const gap = 1 - dot(c, i, j); // grows with the distance between centres
        if (mine.has(j)) farthestNeighbour = Math.max(farthestNeighbour, gap);
        else nearestOther = Math.min(nearestOther, gap);
      }
      expect(farthestNeighbour, `tile ${i}: neighbours nearer than any other tile`).toBeLessThan(nearestOther);
    }
  });

  test.each(SIDES)('L=%i: direction order runs clockwise seen from outside, one full turn', (L) => {
    const g = new IcosahedronGrid(L);
    const c = g.centers();
    const nb = new Int32Array(6);
    const bad: string[] = [];
    for (let i = 0; i < g.tileCount; i++) {
      const deg = g.neighbors(i, nb);
      const [cx, cy, cz] = [c[3 * i]!, c[3 * i + 1]!, c[3 * i + 2]!];
      // Tangent basis (e1, e2) with e1 × e2 = outward normal: counter-clockwise = increasing angle.
      const ref = Math.abs(cz) < 0.9 ? [0, 0, 1] : [1, 0, 0];
      let e1 = [ref[1]! * cz - ref[2]! * cy, ref[2]! * cx - ref[0]! * cz, ref[0]! * cy - ref[1]! * cx];
      const l1 = Math.hypot(e1[0]!, e1[1]!, e1[2]!);
      e1 = e1.map((v) => v / l1);
      const e2 = [cy * e1[2]! - cz * e1[1]!, cz * e1[0]! - cx * e1[2]!, cx * e1[1]! - cy * e1[0]!];
      const angles: number[] = [];
      for (let d = 0; d < deg; d++) {
        const j = nb[d]!;
        const v = [c[3 * j]! - cx, c[3 * j + 1]! - cy, c[3 * j + 2]! - cz];
        angles.push(Math.atan2(v[0]! * e2[0]! + v[1]! * e2[1]! + v[2]! * e2[2]!, v[0]! * e1[0]! + v[1]! * e1[1]! + v[2]! * e1[2]!));
      }
      let turn = 0;
      for (let d = 0; d < deg; d++) {
        let step = angles[d]! - angles[(d + 1) % deg]!; // clockwise: positive decrease
        if (step <= 0) step += 2 * Math.PI;
        if (!(step > 0.5 && step < Math.PI)) bad.push(`tile ${i} dir ${d}→${(d + 1) % deg}: ${step}`);
        turn += step;
      }
      if (Math.abs(turn - 2 * Math.PI) > 1e-9) bad.push(`tile ${i}: turns ${turn}`);
    }
    expect(bad).toEqual([]);
  });

  test.each(SIDES)('L=%i: the meridian (lon 0) runs along icosahedron edges V0 → U_0 → W_0 → V11', (L) => {
    const g = new IcosahedronGrid(L);
    const n = L + 1;
    const c = g.centers();
    const V = ICOSA_VERTICES;
    // Edge endpoints (vertex ids) by latitude band: V0–U_0, U_0–W_0, W_0–V11.
    for (let lat = 0; lat <= 3 * n; lat++) {
      const i = g.index([lat, 0]);
      const [p, q] = lat <= n ? [0, 1] : lat <= 2 * n ? [1, 6] : [6, 11];
      // The centre lies on the great-circle arc between the two vertices: coplanar with them
      // and the origin, and between them.
      const a = [V[3 * p]!, V[3 * p + 1]!, V[3 * p + 2]!];
      const b = [V[3 * q]!, V[3 * q + 1]!, V[3 * q + 2]!];
      const x = [c[3 * i]!, c[3 * i + 1]!, c[3 * i + 2]!];
      const det = a[0]! * (b[1]! * x[2]! - b[2]! * x[1]!) - a[1]! * (b[0]! * x[2]! - b[2]! * x[0]!) + a[2]! * (b[0]! * x[1]! - b[1]! * x[0]!);
      expect(Math.abs(det), `lat ${lat} on the edge plane`).toBeLessThan(1e-12);
      const ab = a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;
      const ax = a[0]! * x[0]! + a[1]! * x[1]! + a[2]! * x[2]!;
      const bx = b[0]! * x[0]! + b[1]! * x[1]! + b[2]! * x[2]!;
      expect(ax).toBeGreaterThanOrEqual(ab - 1e-12);
      expect(bx).toBeGreaterThanOrEqual(ab - 1e-12);
    }
  });

  test.each(SIDES)('L=%i: one rule for all five sectors (the 72° turn about the axis commutes with every direction)', (L) => {
    const g = new IcosahedronGrid(L);
    const turn = (i: number): number => {
      if (i === 0 || i === g.tileCount - 1) return i; // the poles stay put
      const [lat, lon] = g.coord(i);
      return g.index([lat!, lon! + ringSize(g, lat!) / 5]);
    };
    const bad: string[] = [];
    for (let i = 1; i < g.tileCount - 1; i++) {
      for (let d = 0; d < g.degree(i); d++) {
        if (g.neighbor(turn(i), d) !== turn(g.neighbor(i, d))) bad.push(`tile ${i} dir ${d}`);
      }
    }
    expect(bad).toEqual([]);
  });

  test.each(SIDES)('L=%i: one edge slot per undirected edge, 3·tileCount − 6 = 30n² in all', (L) => {
    const g = new IcosahedronGrid(L);
    const slots = new Set<number>();
    let halfEdges = 0;
    for (let i = 0; i < g.tileCount; i++) {
      for (let d = 0; d < g.degree(i); d++) {
        slots.add(g.edgeSlot(i, d));
        halfEdges++;
      }
      expect(g.edgeSlot(i, 6)).toBe(-1);
      if (g.isPentagon(i)) expect(g.edgeSlot(i, 5)).toBe(-1);
    }
    const n = L + 1;
    expect(halfEdges).toBe(2 * 30 * n * n);
    expect(slots.size).toBe(30 * n * n);
    expect(slots.size).toBe(3 * g.tileCount - 6);
  });

  test('pentagons have five directions; the sixth is −1', () => {
    const g = new IcosahedronGrid(4);
    const out = new Int32Array(6).fill(99);
    for (const p of g.pentagons()) {
      expect(g.degree(p)).toBe(5);
      expect(g.neighbors(p, out)).toBe(5);
      expect(out[5]).toBe(-1);
      expect(g.neighbor(p, 5)).toBe(-1);
    }
    expect(g.neighbor(7, 6)).toBe(-1);
    expect(g.neighbor(7, -1)).toBe(-1);
  });

  // The seed's constant offset sets (CLAIM 1 (E)), which hold in the first sector for L ≥ 3.
  describe('the seed offset sets in sector 0', () => {
    const CAP_FACE = [[0, 1], [1, 1], [1, 0], [0, -1], [-1, -1], [-1, 0]] as const; // set (4)
    const SETS = {
      E0: [[0, 1], [1, 1], [1, 0], [1, -1], [0, -1], [-1, 0]],
      V1: [[0, 1], [1, 1], [1, 0], [0, -1], [-1, 0]],
      RING_2N: [[0, 1], [1, 0], [1, -1], [0, -1], [-1, -1], [-1, 0]], // set (5), E20–E24
      LOWER_FACE: [[0, 1], [1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1]], // set (6), F15–F19
      V6: [[0, 1], [1, 0], [0, -1], [-1, -1], [-1, 0]],
      V11: [[-1, 0], [-1, 1], [-1, 2], [-1, 3], [-1, 4]],
      // The seed lists {+1,0},{+1,+1},…,{+1,+4}: counter-clockwise, against its own E/F sets.
      V0_CLOCKWISE: [[1, 0], [1, -1], [1, -2], [1, -3], [1, -4]],
      // The seed's set (8) repeats set (5); on the edge W_0–V11 the ring shrinks towards V11,
      // so such a tile has three neighbours on the ring above it and one below.
      W_V11_EDGE: [[0, 1], [1, 0], [0, -1], [-1, -1], [-1, 0], [-1, 1]],
    } as const;

    test.each([3, 4, 5, 8])('L=%i', (L) => {
      const g = new IcosahedronGrid(L);
      const n = L + 1;
      expect(sameOffsets(g, 0, SETS.V0_CLOCKWISE)).toBe(true);
      expect(sameOffsets(g, g.index([n, 0]), SETS.V1)).toBe(true);
      expect(sameOffsets(g, g.index([2 * n, 0]), SETS.V6)).toBe(true);
      expect(sameOffsets(g, g.tileCount - 1, SETS.V11)).toBe(true);
      let checked = 0;
      for (let lat = 1; lat < 3 * n; lat++) {
        const sector = ringSize(g, lat) / 5;
        for (let lon = 0; lon < sector; lon++) {
          const i = g.index([lat, lon]);
          if (g.isPentagon(i)) continue;
          let expected: readonly (readonly [number, number])[];
          if (lat < n) expected = lon === 0 ? SETS.E0 : CAP_FACE;
          else if (lat < 2 * n) expected = CAP_FACE; // ring n, band faces and band edges: set (4)
          else if (lat === 2 * n) expected = SETS.RING_2N;
          else expected = lon === 0 ? SETS.W_V11_EDGE : SETS.LOWER_FACE;
          expect(sameOffsets(g, i, expected), `(${lat}, ${lon}): ${JSON.stringify(offsets(g, i))}`).toBe(true);
          checked++;
        }
      }
      expect(checked).toBe((g.tileCount - 12) / 5);
    });
  });

  test('a globe of L = 100 (102 012 tiles) is symmetric with 12 pentagons (timed by `npm run bench -- grid`)', () => {
    const g = new IcosahedronGrid(100);
    expect(g.tileCount).toBe(102_012);
    const nb = new Int32Array(6);
    const nb2 = new Int32Array(6);
    let pentagons = 0;
    for (let i = 0; i < g.tileCount; i++) {
      const deg = g.neighbors(i, nb);
      if (deg === 5) pentagons++;
      for (let d = 0; d < deg; d++) {
        const j = nb[d]!;
        const degJ = g.neighbors(j, nb2);
        let back = 0;
        for (let e = 0; e < degJ; e++) if (nb2[e] === i) back++;
        if (back !== 1) expect.fail(`symmetry ${i}→${j}`);
      }
    }
    expect(pentagons).toBe(12);
  });
});
