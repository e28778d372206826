import { describe, expect, it } from 'vitest';
import type { GridKind } from '../../grid/types.js';
import { createGrid } from '../../grid/create.js';
import { HEX_CORNER_OFFSETS, axial120ToUnit } from '../../grid/hex/axial.js';
import { TileClass, classifyTile } from '../../alform/classify.js';
import { admissibleRatios, substituteLattice } from './ratios.js';
import { anchor, latticeClass, placement, substituteClasses, substituteOffsets, vertexOffsets } from './substitute-shape.js';

const KINDS: readonly GridKind[] = ['square', 'offset-square', 'hex-rectangle', 'hex-hexagon', 'icosahedron'];

function offsetSet(kind: GridKind, r: number): Set<string> {
  const o = substituteOffsets(kind, r);
  const s = new Set<string>();
  for (let i = 0; i < o.length; i += 2) s.add(`${o[i]},${o[i + 1]}`);
  return s;
}

/** Is the small tile's centre inside the closed large tile (unit frame, from the geometry)? */
function insideLargeTile(kind: GridKind, r: number, dx: number, dy: number): boolean {
  const eps = 1e-9;
  switch (substituteLattice(kind)) {
    case 'square':
      return Math.abs(dx) <= r / 2 && Math.abs(dy) <= r / 2;
    case 'offset-square':
      return Math.abs(dx) <= r / 2 + eps && Math.abs(dy - dx / 2) <= r / 2 + eps;
    case 'hex': {
      // Convex polygon, counter-clockwise corners: inside ⇔ left of (or on) every edge.
      const [px, py] = axial120ToUnit(dx, dy);
      return HEX_CORNER_OFFSETS.every(([ax, ay], i) => {
        const [bx, by] = HEX_CORNER_OFFSETS[(i + 1) % 6]!;
        return (r * bx! - r * ax!) * (py - r * ay!) - (r * by! - r * ay!) * (px - r * ax!) >= -eps;
      });
    }
  }
}

describe('substitute shape', () => {
  it('is exactly the small tiles centred in the closed large tile', () => {
    for (const kind of KINDS) {
      for (const r of admissibleRatios(kind, 24)) {
        const set = offsetSet(kind, r);
        let inside = 0;
        for (let dx = -r - 2; dx <= r + 2; dx++) {
          for (let dy = -r - 2; dy <= r + 2; dy++) {
            const want = insideLargeTile(kind, r, dx, dy);
            if (want) inside++;
            expect(set.has(`${dx},${dy}`), `${kind} r=${r} (${dx}, ${dy})`).toBe(want);
          }
        }
        expect(set.size).toBe(inside);
      }
    }
  });

  it('square is (r+1)×(r+1), sorted by dx then dy', () => {
    const o = substituteOffsets('square', 4);
    expect(o.length / 2).toBe(25);
    expect(Array.from(o.subarray(0, 6))).toEqual([-2, -2, -2, -1, -2, 0]);
    expect(Array.from(o.subarray(o.length - 2))).toEqual([2, 2]);
  });

  it('has ratio + 1 tiles along each axis through the centre', () => {
    for (const r of admissibleRatios('square', 12)) {
      const s = offsetSet('square', r);
      const along = (fx: number, fy: number): number => Array.from({ length: 4 * r + 1 }, (_, i) => i - 2 * r).filter((t) => s.has(`${fx * t},${fy * t}`)).length;
      expect([along(1, 0), along(0, 1)]).toEqual([r + 1, r + 1]);
    }
    for (const r of admissibleRatios('hex-rectangle', 30)) {
      const s = offsetSet('hex-rectangle', r);
      // The three hex axes in 120° axial: N–S (0,1), NE–SW (1,1), SE–NW (1,0).
      for (const [fx, fy] of [[0, 1], [1, 1], [1, 0]]) {
        const n = Array.from({ length: 4 * r + 1 }, (_, i) => i - 2 * r).filter((t) => s.has(`${fx! * t},${fy! * t}`)).length;
        expect(n, `hex r=${r} axis ${fx},${fy}`).toBe(r + 1);
      }
    }
    for (const r of admissibleRatios('offset-square', 24)) {
      const o = substituteOffsets('offset-square', r);
      const perColumn = new Map<number, number>();
      for (let i = 0; i < o.length; i += 2) perColumn.set(o[i]!, (perColumn.get(o[i]!) ?? 0) + 1);
      expect(perColumn.size).toBe(r + 1);
      for (const [x, n] of perColumn) expect(n, `column ${x}`).toBe(x % 2 === 0 ? r + 1 : r);
    }
  });

  it('has an area tile on every vertex of the large tile', () => {
    for (const kind of KINDS) {
      for (const r of admissibleRatios(kind, 24)) {
        const o = substituteOffsets(kind, r);
        const classes = substituteClasses(kind, r);
        const index = new Map<string, number>();
        for (let i = 0; i < o.length; i += 2) index.set(`${o[i]},${o[i + 1]}`, i / 2);
        const v = vertexOffsets(kind, r);
        for (let i = 0; i < v.length; i += 2) {
          const at = index.get(`${v[i]},${v[i + 1]}`);
          expect(at, `${kind} r=${r} vertex ${v[i]},${v[i + 1]}`).toBeDefined();
          expect(classes[at!]).toBe(TileClass.AREA);
        }
      }
    }
  });

  it('hex substitutes are centred on an area tile', () => {
    for (const r of [6, 12]) expect(anchor('hex-hexagon', r)).toEqual([0, 0]);
  });
});

describe('latticeClass agrees with classify.ts on real AL-FORM maps', () => {
  const grids = [
    ['square', createGrid({ size: { kind: 'square', width: 9, height: 7 }, alform: true })],
    ['offset-square', createGrid({ size: { kind: 'offset-square', width: 9, height: 7 }, alform: true })],
    ['hex', createGrid({ size: { kind: 'hex-rectangle', width: 9, height: 7 }, alform: true })],
    ['hex', createGrid({ size: { kind: 'hex-hexagon', diameter: 9 }, alform: true })],
  ] as const;
  for (const [lattice, grid] of grids) {
    it(`${grid.kind}`, () => {
      const system = lattice === 'square' ? 'cartesian' : 'axial120';
      for (let t = 0; t < grid.tileCount; t++) {
        const [a, b] = grid.toSystem(t, system) as [number, number];
        expect(latticeClass(lattice, a, b), `${grid.kind} (${a}, ${b})`).toBe(classifyTile(grid, t));
      }
    });
  }
});

describe('placement', () => {
  it('is ratio × the neighbour offset', () => {
    expect(placement('square', 10, 0)).toEqual([0, 10]);
    expect(placement('square', 10, 1)).toEqual([10, 10]);
    expect(placement('square', 10, 7)).toEqual([-10, 10]);
    expect(placement('hex-rectangle', 6, 1)).toEqual([6, 6]);
    expect(placement('offset-square', 8, 4)).toEqual([-8, -8]);
    expect(placement('icosahedron', 12, 3)).toEqual([0, -12]);
    expect(() => placement('hex-hexagon', 6, 6)).toThrow('hex-hexagon direction must be an integer 0 … 5, got 6');
    expect(() => placement('square', 10, 8)).toThrow(/0 … 7, got 8/);
  });

  it('neighbour substitutes meet along the shared edge and agree on its classes', () => {
    for (const kind of ['square', 'offset-square', 'hex-rectangle'] as const) {
      for (const r of admissibleRatios(kind, 24)) {
        const o = substituteOffsets(kind, r);
        const classes = substituteClasses(kind, r);
        const here = new Map<string, number>();
        for (let i = 0; i < o.length; i += 2) here.set(`${o[i]},${o[i + 1]}`, classes[i / 2]!);
        const dirs = kind === 'square' ? 8 : 6;
        for (let d = 0; d < dirs; d++) {
          const [tx, ty] = placement(kind, r, d);
          let shared = 0;
          for (let i = 0; i < o.length; i += 2) {
            const c = here.get(`${o[i]! + tx},${o[i + 1]! + ty}`);
            if (c === undefined) continue;
            shared++;
            expect(c, `${kind} r=${r} dir ${d}`).toBe(classes[i / 2]);
          }
          // Shared small tiles = those centred on the common edge (the common corner on square
          // diagonals); on offset-square only every other column has a tile centred on it.
          const want = kind === 'square' ? (d % 2 === 0 ? r + 1 : 1) : kind === 'hex-rectangle' ? r / 3 + 1 : r / 2 + 1;
          expect(shared, `${kind} r=${r} dir ${d}`).toBe(want);
        }
      }
    }
  });
});
