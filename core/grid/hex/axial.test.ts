import { describe, expect, it } from 'vitest';
import {
  AXIAL120_DIRECTIONS,
  AXIAL60_DIRECTIONS,
  CUBE_DIRECTIONS,
  HEX_CIRCUMRADIUS,
  HEX_CORNER_OFFSETS,
  axial120Distance,
  axial120LineOffsets,
  axial120Round,
  axial120ToAxial60,
  axial120ToCube,
  axial120ToUnit,
  axial60ToAxial120,
  axial60ToCube,
  cubeDistance,
  cubeRound,
  cubeToAxial120,
  cubeToAxial60,
  forEachRingOffset,
  rotateAxial120,
  unitToAxial120,
} from './axial.js';

const close = (a: number, b: number) => Math.abs(a - b) < 1e-9;

describe('the three transformation sets (SPEC §2)', () => {
  it('describe the same six neighbours in the same order', () => {
    for (let d = 0; d < 6; d++) {
      const [x, y] = AXIAL120_DIRECTIONS[d]!;
      expect(axial120ToCube(x, y)).toEqual(CUBE_DIRECTIONS[d]);
      expect(axial120ToAxial60(x, y)).toEqual(AXIAL60_DIRECTIONS[d]);
      const [cx, cy, cz] = CUBE_DIRECTIONS[d]!;
      expect(cx + cy + cz).toBe(0);
      expect([cx, cy]).toEqual(AXIAL60_DIRECTIONS[d]); // axial60 = (cube.x, cube.y)
    }
  });

  it('start at +Y (north) and go clockwise, one per 60°, in the unit frame', () => {
    for (let d = 0; d < 6; d++) {
      const [x, y] = AXIAL120_DIRECTIONS[d]!;
      const [ux, uy] = axial120ToUnit(x, y);
      const angle = (Math.PI / 180) * (90 - 60 * d);
      expect(close(ux, Math.cos(angle)) && close(uy, Math.sin(angle)), `direction ${d}`).toBe(true);
    }
  });
});

describe('conversions', () => {
  it('round-trip between 120° axial, 60° axial and cube', () => {
    for (let x = -6; x <= 6; x++) {
      for (let y = -6; y <= 6; y++) {
        const [cx, cy, cz] = axial120ToCube(x, y);
        expect(cx + cy + cz).toBe(0);
        expect([cx, cy, cz]).toEqual([x, y - x, 0 - y]);
        // No −0 escapes (deep equality tells it from 0).
        const [p, q] = axial120ToAxial60(x, y);
        for (const v of [cx, cy, cz, ...cubeToAxial120(cx, cy, cz), ...axial60ToCube(p, q)]) expect(Object.is(v, -0)).toBe(false);
        expect(cubeToAxial120(cx, cy, cz)).toEqual([x, y]);
        const [a, b] = axial120ToAxial60(x, y);
        expect([a, b]).toEqual(cubeToAxial60(cx, cy, cz));
        expect(axial60ToAxial120(a, b)).toEqual([x, y]);
        expect(axial60ToCube(a, b)).toEqual([cx, cy, cz]);
      }
    }
  });

  it('unit frame ↔ fractional axial are inverse', () => {
    for (const [x, y] of [
      [0.3, -2.7],
      [5, 1],
      [-4.25, 3.5],
    ] as const) {
      const [ux, uy] = axial120ToUnit(x, y);
      const [fx, fy] = unitToAxial120(ux, uy);
      expect(close(fx, x) && close(fy, y)).toBe(true);
    }
  });
});

describe('distance', () => {
  it('equals the cube distance max(|dx|,|dy|,|dz|)', () => {
    for (let dx = -9; dx <= 9; dx++) {
      for (let dy = -9; dy <= 9; dy++) {
        const [a, b, c] = axial120ToCube(dx, dy);
        expect(axial120Distance(dx, dy)).toBe(cubeDistance(a, b, c));
        expect(axial120Distance(dx, dy)).toBe(Math.max(Math.abs(dx), Math.abs(dy), Math.abs(dy - dx)));
      }
    }
  });

  it('is one for each direction', () => {
    for (const [x, y] of AXIAL120_DIRECTIONS) expect(axial120Distance(x, y)).toBe(1);
    expect(axial120Distance(2, 1)).toBe(2);
    expect(axial120Distance(3, -3)).toBe(6);
  });
});

describe('rounding', () => {
  it('returns the hex whose centre is nearest', () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 10 - 5;
    for (let i = 0; i < 2000; i++) {
      const ux = rnd();
      const uy = rnd();
      const [fx, fy] = unitToAxial120(ux, uy);
      const [x, y] = axial120Round(fx, fy);
      const [cx, cy] = axial120ToUnit(x, y);
      const best = (cx - ux) ** 2 + (cy - uy) ** 2;
      for (const [dx, dy] of AXIAL120_DIRECTIONS) {
        const [nx, ny] = axial120ToUnit(x + dx, y + dy);
        expect((nx - ux) ** 2 + (ny - uy) ** 2).toBeGreaterThanOrEqual(best - 1e-12);
      }
    }
  });

  it('keeps x + y + z = 0 and returns plain zeros', () => {
    const [x, y, z] = cubeRound(0.4, -0.3, -0.1);
    expect(x + y + z).toBe(0);
    expect(Object.is(cubeRound(-0.2, 0.1, 0.1)[0], 0)).toBe(true);
  });
});

describe('rotation', () => {
  it('turns direction d into d + steps (clockwise)', () => {
    for (let d = 0; d < 6; d++) {
      for (let s = -7; s <= 7; s++) {
        const [x, y] = AXIAL120_DIRECTIONS[d]!;
        expect(rotateAxial120(x, y, s)).toEqual(AXIAL120_DIRECTIONS[(((d + s) % 6) + 6) % 6]);
      }
    }
  });

  it('keeps distance and is a rotation of the unit frame by −60° a step', () => {
    for (const [x, y] of [
      [3, 1],
      [-2, 4],
      [5, -1],
    ] as const) {
      const [rx, ry] = rotateAxial120(x, y, 1);
      expect(axial120Distance(rx, ry)).toBe(axial120Distance(x, y));
      const [ux, uy] = axial120ToUnit(x, y);
      const [vx, vy] = axial120ToUnit(rx, ry);
      const a = -Math.PI / 3;
      expect(close(vx, ux * Math.cos(a) - uy * Math.sin(a)) && close(vy, ux * Math.sin(a) + uy * Math.cos(a))).toBe(true);
      expect(rotateAxial120(x, y, 6)).toEqual([x, y]);
    }
  });
});

describe('lines', () => {
  it('are distance+1 hexes, each adjoining the next, from (0,0) to the target', () => {
    for (let dx = -6; dx <= 6; dx++) {
      for (let dy = -6; dy <= 6; dy++) {
        for (const nudge of [1, -1] as const) {
          const o = axial120LineOffsets(dx, dy, nudge);
          const n = axial120Distance(dx, dy);
          expect(o.length).toBe(2 * (n + 1));
          expect([o[0], o[1]]).toEqual([0, 0]);
          expect([o[2 * n], o[2 * n + 1]]).toEqual([dx, dy]);
          for (let i = 1; i <= n; i++) expect(axial120Distance(o[2 * i]! - o[2 * i - 2]!, o[2 * i + 1]! - o[2 * i - 1]!)).toBe(1);
        }
      }
    }
  });

  it('break ties along a hex edge to opposite sides for the two nudges', () => {
    // (0,0) → (2,1) runs exactly between (1,0) and (1,1).
    const a = axial120LineOffsets(2, 1, 1);
    const b = axial120LineOffsets(2, 1, -1);
    expect(new Set([`${a[2]},${a[3]}`, `${b[2]},${b[3]}`])).toEqual(new Set(['1,0', '1,1']));
  });
});

describe('rings', () => {
  it('visit 6r distinct offsets at distance r, each adjoining the next, closing the loop', () => {
    for (let r = 0; r <= 5; r++) {
      const pts: [number, number][] = [];
      forEachRingOffset(r, (x, y) => pts.push([x, y]));
      expect(pts.length).toBe(r === 0 ? 1 : 6 * r);
      expect(new Set(pts.map((p) => p.join(','))).size).toBe(pts.length);
      for (const [x, y] of pts) expect(axial120Distance(x, y)).toBe(r);
      if (r > 0) {
        for (let i = 0; i < pts.length; i++) {
          const [ax, ay] = pts[i]!;
          const [bx, by] = pts[(i + 1) % pts.length]!;
          expect(axial120Distance(bx - ax, by - ay)).toBe(1);
        }
        // Clockwise: the signed area of the walk is negative.
        let area = 0;
        for (let i = 0; i < pts.length; i++) {
          const [ax, ay] = axial120ToUnit(...pts[i]!);
          const [bx, by] = axial120ToUnit(...pts[(i + 1) % pts.length]!);
          area += ax * by - bx * ay;
        }
        expect(area).toBeLessThan(0);
      }
    }
  });
});

describe('flat-top corners', () => {
  it('are six points at the circumradius, counter-clockwise from the east corner', () => {
    expect(HEX_CORNER_OFFSETS.length).toBe(6);
    expect(close(HEX_CORNER_OFFSETS[0]![0], HEX_CIRCUMRADIUS) && close(HEX_CORNER_OFFSETS[0]![1], 0)).toBe(true);
    let area = 0;
    for (let c = 0; c < 6; c++) {
      const [ax, ay] = HEX_CORNER_OFFSETS[c]!;
      const [bx, by] = HEX_CORNER_OFFSETS[(c + 1) % 6]!;
      expect(close(Math.hypot(ax, ay), HEX_CIRCUMRADIUS)).toBe(true);
      area += ax * by - bx * ay;
    }
    expect(area).toBeGreaterThan(0);
  });

  it('put the edge towards direction d between corners (7−d) mod 6 and (8−d) mod 6', () => {
    for (let d = 0; d < 6; d++) {
      const [p, q] = [HEX_CORNER_OFFSETS[(7 - d) % 6]!, HEX_CORNER_OFFSETS[(8 - d) % 6]!];
      const [ux, uy] = axial120ToUnit(...(AXIAL120_DIRECTIONS[d] as [number, number]));
      // The shared edge's midpoint is halfway to the neighbour's centre.
      expect(close((p[0] + q[0]) / 2, ux / 2) && close((p[1] + q[1]) / 2, uy / 2), `direction ${d}`).toBe(true);
    }
  });
});
