import { describe, expect, it } from 'vitest';
import { DX120, DY120, axial120Distance } from './axial.js';
import type { ColumnShape } from './column-grid.js';
import { columnStart } from './column-grid.js';
import { HexRectangleGrid } from './hex-rectangle.js';
import { OffsetSquareGrid } from '../offset-square/offset-square.js';
import { bfsDistances } from '../conformance.testkit.js';

describe('column shapes', () => {
  it('classic: column x starts at ⌊x/2⌋ (odd columns half a tile lower)', () => {
    expect(Array.from({ length: 9 }, (_, x) => columnStart('classic', x - 2))).toEqual([-1, -1, 0, 0, 1, 1, 2, 2, 3]);
    const g = new HexRectangleGrid(4, 3);
    expect(g.coord(0)).toEqual([0, 0]);
    expect(g.coord(3)).toEqual([1, 0]);
    expect(g.coord(6)).toEqual([2, 1]);
    expect(g.center(3)[1]! - g.center(0)[1]!).toBeCloseTo(-0.5);
    expect(g.center(6)[1]! - g.center(0)[1]!).toBeCloseTo(0);
  });

  it('alform: column X starts at 2⌊X/4⌋ (even X) or (X−1)/2 (odd X)', () => {
    expect(Array.from({ length: 13 }, (_, x) => columnStart('alform', x - 4))).toEqual([-2, -2, -2, -1, 0, 0, 0, 1, 2, 2, 2, 3, 4]);
  });

  it('dense index is x·H + (y − Y0(x))', () => {
    for (const shape of ['classic', 'alform'] as const) {
      const g = new HexRectangleGrid(6, 4, undefined, shape);
      for (let x = 0; x < 6; x++) {
        for (let k = 0; k < 4; k++) expect(g.index([x, columnStart(shape, x) + k])).toBe(x * 4 + k);
      }
    }
  });
});

describe('neighbours', () => {
  it('follow the 120° axial transformation set, +Y first, clockwise', () => {
    const g = new HexRectangleGrid(5, 5);
    const out = new Int32Array(6);
    g.neighbors(g.index([2, 2]), out);
    expect(Array.from(out, (i) => g.coord(i))).toEqual([
      [2, 3],
      [3, 3],
      [3, 2],
      [2, 1],
      [1, 1],
      [1, 2],
    ]);
  });

  it('agree between the interior fast path and the general path, in every column phase', () => {
    for (const shape of ['classic', 'alform'] as const) {
      const g = new HexRectangleGrid(9, 6, undefined, shape);
      const out = new Int32Array(6);
      for (let i = 0; i < g.tileCount; i++) {
        g.neighbors(i, out);
        const [x, y] = g.coord(i) as [number, number];
        for (let d = 0; d < 6; d++) {
          expect(out[d]).toBe(g.index([x + DX120[d]!, y + DY120[d]!]));
          expect(g.neighbor(i, d)).toBe(out[d]);
        }
      }
    }
  });

  it('are the same on offset-square and hex-rectangle (identical transformation sets)', () => {
    for (const [w, h, wrap, shape] of [
      [8, 5, { x: true, y: false }, 'classic'],
      [7, 5, { x: false, y: false }, 'alform'],
      [4, 3, { x: true, y: true }, 'alform'],
    ] as const) {
      const hex = new HexRectangleGrid(w, h, wrap, shape);
      const sq = new OffsetSquareGrid(w, h, wrap, shape);
      for (let i = 0; i < sq.tileCount; i++) for (let d = 0; d < 6; d++) expect(sq.neighbor(i, d)).toBe(hex.neighbor(i, d));
      for (let i = 0; i < sq.tileCount; i++) for (let j = 0; j < sq.tileCount; j++) expect(sq.distance(i, j)).toBe(hex.distance(i, j));
    }
  });

  it('cross the x seam with the stagger continued: (x, y) ≡ (x+W, y+W/2)', () => {
    const g = new HexRectangleGrid(6, 5, { x: true, y: false });
    const east = g.index([5, 4]); // column 5, k = 2
    expect(g.coord(g.neighbor(east, 2))).toEqual([0, 1]); // SE of (5,4) is (6,4) ≡ (0,1)
    expect(g.coord(g.neighbor(east, 1))).toEqual([0, 2]); // NE (6,5) ≡ (0,2)
    expect(g.neighbor(g.index([0, 4]), 0)).toBe(-1); // no y wrap
  });

  it('wrap y modulo the column height', () => {
    const g = new HexRectangleGrid(3, 4, { x: false, y: true });
    expect(g.coord(g.neighbor(g.index([0, 3]), 0))).toEqual([0, 0]);
    expect(g.coord(g.neighbor(g.index([0, 0]), 3))).toEqual([0, 3]);
    expect(g.neighbor(g.index([0, 0]), 5)).toBe(-1); // no x wrap
  });
});

describe('coordinates', () => {
  it('normalise wrapped coordinates and reject off-map ones', () => {
    const g = new HexRectangleGrid(6, 5, { x: true, y: true });
    expect(g.index([6, 3])).toBe(g.index([0, 0]));
    expect(g.index([-1, -1])).toBe(g.index([5, 2]));
    expect(g.index([0, 5])).toBe(g.index([0, 0]));
    expect(g.index([12, 6 + 10])).toBe(g.index([0, 0]));
    const u = new HexRectangleGrid(6, 5);
    expect(u.index([6, 3])).toBe(-1);
    expect(u.index([0, 5])).toBe(-1);
    expect(u.index([1, 0.5])).toBe(-1);
  });

  it('convert to 60° axial and cube through the patent relations', () => {
    const g = new HexRectangleGrid(5, 4);
    const i = g.index([3, 2]);
    expect(g.toSystem(i, 'axial60')).toEqual([3, -1]);
    expect(g.toSystem(i, 'cube')).toEqual([3, -1, -2]);
    expect(g.fromSystem([3, -1], 'axial60')).toBe(i);
    expect(g.fromSystem([3, -1, -2], 'cube')).toBe(i);
  });

  it('reject bad input with clear messages', () => {
    const g = new HexRectangleGrid(5, 4);
    expect(() => g.index([1, 2, 3])).toThrow('hex-rectangle coordinates are 120° axial [x, y], got [1,2,3]');
    expect(() => g.fromSystem([1, 1, 1], 'cube')).toThrow('cube coordinates must sum to 0, got [1,1,1]');
    expect(() => g.fromSystem([1, 1], 'cube')).toThrow('cube coordinates are [x, y, z], got [1,1]');
    expect(() => g.fromSystem([1], 'axial60')).toThrow('60° axial coordinates are [x, y]');
    expect(() => g.fromSystem([1, 1], 'cartesian')).toThrow('hex-rectangle maps use axial120, axial60, cube coordinates, not cartesian');
    expect(() => new OffsetSquareGrid(3, 3).toSystem(0, 'cube')).toThrow('offset-square maps use axial120, axial60 coordinates, not cube');
    expect(() => g.coord(20)).toThrow('tile index 20 is outside this 5x4 hex-rectangle map (0…19)');
    expect(() => g.range(0, -1)).toThrow('radius must be an integer ≥ 0, got -1');
    expect(() => g.rotate(0, 0, 0.5)).toThrow('rotation steps must be an integer');
  });

  it('validate sizes, shapes and seams', () => {
    expect(() => new HexRectangleGrid(0, 3)).toThrow('hex-rectangle width must be an integer ≥ 1, got 0');
    expect(() => new OffsetSquareGrid(3, 2.5)).toThrow('offset-square height must be an integer ≥ 1, got 2.5');
    expect(() => new HexRectangleGrid(3, 2, { x: false, y: true })).toThrow('wrapped along y needs height ≥ 3, got 2');
    expect(() => new HexRectangleGrid(5, 4, { x: true, y: false })).toThrow(
      'hex-rectangle (classic) wrapped along x needs a width that is a multiple of 2 so the column stagger continues across the seam, got 5',
    );
    expect(() => new HexRectangleGrid(6, 5, { x: true, y: false }, 'alform')).toThrow('multiple of 4');
    expect(() => new HexRectangleGrid(3, 3, undefined, 'brick' as ColumnShape)).toThrow('shape must be "classic" or "alform", got "brick"');
  });
});

describe('distance, range, ring, line on wrapped maps', () => {
  const maps = [
    new HexRectangleGrid(4, 3, { x: true, y: false }),
    new HexRectangleGrid(4, 3, { x: false, y: true }),
    new HexRectangleGrid(4, 3, { x: true, y: true }),
    new HexRectangleGrid(3, 3, { x: false, y: true }),
    new HexRectangleGrid(6, 4, { x: true, y: true }),
    new HexRectangleGrid(4, 5, { x: true, y: true }, 'alform'),
    new HexRectangleGrid(8, 3, { x: true, y: false }, 'alform'),
  ];
  for (const g of maps) {
    it(`${g.width}x${g.height} ${g.shape} wrap=${JSON.stringify(g.wrap)}: every pair, every radius`, () => {
      for (let s = 0; s < g.tileCount; s++) {
        const bfs = bfsDistances(g, s);
        for (let t = 0; t < g.tileCount; t++) {
          expect(g.distance(s, t)).toBe(bfs[t]);
          const line = g.line(s, t);
          expect(line.length).toBe(bfs[t]! + 1);
          for (let k = 1; k < line.length; k++) expect(g.distance(line[k - 1]!, line[k]!)).toBe(1);
          const [dx, dy] = g.displacement(s, t);
          expect(axial120Distance(dx, dy)).toBe(bfs[t]);
        }
        for (let r = 0; r <= 5; r++) {
          const within = Array.from(bfs.keys()).filter((t) => bfs[t]! <= r);
          expect(Array.from(g.range(s, r))).toEqual(within);
          const ring = Array.from(g.ring(s, r));
          expect(new Set(ring).size).toBe(ring.length);
          expect(ring.sort((a, b) => a - b)).toEqual(within.filter((t) => bfs[t] === r));
        }
      }
    });
  }
});

/** Classic W×H → AL-FORM map: tile (x,y) → (2x,2y), edge (tile, d) → (2x + T[d].x, 2y + T[d].y). */
function checkDoubling(width: number, height: number, wrapX: boolean, wrapY: boolean): void {
  const wrap = { x: wrapX, y: wrapY };
  const classic = new HexRectangleGrid(width, height, wrap);
  const al = new HexRectangleGrid(wrapX ? 2 * width : 2 * width - 1, wrapY ? 2 * height : 2 * height - 1, wrap, 'alform');
  const hits = new Int32Array(al.tileCount);
  const area = new Int32Array(classic.tileCount);
  for (let i = 0; i < classic.tileCount; i++) {
    const [x, y] = classic.coord(i) as [number, number];
    const a = al.index([2 * x, 2 * y]);
    expect(a, `doubled tile of (${x},${y})`).toBeGreaterThanOrEqual(0);
    expect(al.coord(a)).toEqual([2 * x, 2 * y]);
    area[i] = a;
    hits[a]!++;
  }
  for (let i = 0; i < classic.tileCount; i++) {
    const [x, y] = classic.coord(i) as [number, number];
    for (let d = 0; d < 3; d++) {
      const n = classic.neighbor(i, d);
      if (n < 0) continue;
      const e = al.index([2 * x + DX120[d]!, 2 * y + DY120[d]!]);
      expect(e, `edge tile of (${x},${y}) dir ${d}`).toBeGreaterThanOrEqual(0);
      // The linear tile lies between the two doubled tiles.
      expect(al.neighbor(area[i]!, d)).toBe(e);
      expect(al.neighbor(e, d)).toBe(area[n]);
      hits[e]!++;
    }
  }
  // Every AL-FORM tile is exactly one doubled tile or one classic edge.
  expect(Array.from(hits).every((h) => h === 1)).toBe(true);
}

describe('doubling a classic map gives exactly the AL-FORM shape (SPEC §3)', () => {
  for (const [w, h] of [
    [1, 1],
    [1, 4],
    [4, 1],
    [2, 2],
    [3, 4],
    [4, 3],
    [7, 6],
    [10, 9],
  ] as const) {
    it(`${w}x${h} → ${2 * w - 1}x${2 * h - 1}`, () => checkDoubling(w, h, false, false));
  }
  for (const [w, h, x, y] of [
    [4, 3, true, false],
    [6, 5, true, false],
    [3, 4, false, true],
    [4, 3, true, true],
    [8, 6, true, true],
  ] as const) {
    it(`${w}x${h} wrapped x=${x} y=${y}`, () => checkDoubling(w, h, x, y));
  }
});
