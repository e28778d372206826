import { describe, expect, it } from 'vitest';
import type { GridKind } from '../../grid/types.js';
import type { Orientation, TileClassCode } from '../../alform/classify.js';
import { TileClass, allowedOrientations } from '../../alform/classify.js';
import { admissibleRatios } from './ratios.js';
import { substituteClasses, substituteOffsets } from './substitute-shape.js';
import { composeOrientations, latticeOrientations, orientClass, orientPermutation, orientationMatrix } from './orient.js';

const KINDS: readonly GridKind[] = ['square', 'offset-square', 'hex-rectangle'];
const FULL_TURN_STEP: Record<string, number> = { square: 90, 'offset-square': 180, 'hex-rectangle': 60 };
const o = (rotation: number, mirror: Orientation['mirror'] = 'none'): Orientation => ({ rotation, mirror });

function offsetAt(kind: GridKind, r: number, i: number): [number, number] {
  const off = substituteOffsets(kind, r);
  return [off[2 * i]!, off[2 * i + 1]!];
}

describe('orientPermutation', () => {
  it('is a bijection for every orientation of the lattice', () => {
    for (const kind of KINDS) {
      for (const r of admissibleRatios(kind, 24)) {
        for (const or of latticeOrientations(kind)) {
          const perm = orientPermutation(kind, r, or);
          expect(new Set(perm).size).toBe(perm.length);
          expect(Math.min(...perm)).toBe(0);
          expect(Math.max(...perm)).toBe(perm.length - 1);
        }
      }
    }
  });

  it('a full turn, and the identity, leave every tile in place', () => {
    for (const kind of KINDS) {
      const r = admissibleRatios(kind, 12)[1]!;
      const id = Int32Array.from({ length: substituteOffsets(kind, r).length / 2 }, (_, i) => i);
      expect(orientPermutation(kind, r, o(0))).toEqual(id);
      expect(orientPermutation(kind, r, o(360))).toEqual(id);
      expect(orientPermutation(kind, r, o(-360))).toEqual(id);
      // One step applied a full turn's worth of times.
      const step = orientPermutation(kind, r, o(FULL_TURN_STEP[kind]!));
      let acc = id.slice();
      for (let s = 0; s < 360 / FULL_TURN_STEP[kind]!; s++) acc = acc.map((p) => step[p]!);
      expect(acc).toEqual(id);
      expect(step).not.toEqual(id);
      // A mirror twice is the identity.
      const mx = orientPermutation(kind, r, o(0, 'x'));
      expect(id.map((i) => mx[mx[i]!]!)).toEqual(id);
    }
  });

  it('composes: permuting by a then b equals permuting by compose(a, b)', () => {
    for (const kind of KINDS) {
      const r = admissibleRatios(kind, 12)[0]!;
      const all = [...latticeOrientations(kind), o(0, 'y'), o(FULL_TURN_STEP[kind]!, 'y')];
      for (const a of all) {
        for (const b of all) {
          const pa = orientPermutation(kind, r, a);
          const pb = orientPermutation(kind, r, b);
          const pab = orientPermutation(kind, r, composeOrientations(kind, a, b));
          expect(pa.map((j) => pb[j]!), `${kind} ${JSON.stringify(a)} then ${JSON.stringify(b)}`).toEqual(pab);
        }
      }
    }
  });

  it('rotates clockwise and mirrors as the geometry says', () => {
    // Hex: 60° clockwise takes direction N (0,1) to NE (1,1); mirror x takes NE to NW (−1,0).
    const hex = substituteOffsets('hex-rectangle', 6);
    const find = (off: Int32Array, x: number, y: number): number => {
      for (let i = 0; i < off.length; i += 2) if (off[i] === x && off[i + 1] === y) return i / 2;
      return -1;
    };
    expect(offsetAt('hex-rectangle', 6, orientPermutation('hex-rectangle', 6, o(60))[find(hex, 0, 1)]!)).toEqual([1, 1]);
    expect(offsetAt('hex-rectangle', 6, orientPermutation('hex-rectangle', 6, o(0, 'x'))[find(hex, 1, 1)]!)).toEqual([-1, 0]);
    expect(offsetAt('hex-rectangle', 6, orientPermutation('hex-rectangle', 6, o(0, 'y'))[find(hex, 0, 1)]!)).toEqual([0, -1]);
    // Square: 90° clockwise takes +Y to +X; mirror y takes (1, 2) to (1, −2).
    const sq = substituteOffsets('square', 4);
    expect(offsetAt('square', 4, orientPermutation('square', 4, o(90))[find(sq, 0, 2)]!)).toEqual([2, 0]);
    expect(offsetAt('square', 4, orientPermutation('square', 4, o(0, 'y'))[find(sq, 1, 2)]!)).toEqual([1, -2]);
    // Offset-square mirror x: the brick (1, 1) (unit (1, ½)) goes to unit (−1, ½) = (−1, 0).
    const os = substituteOffsets('offset-square', 4);
    expect(offsetAt('offset-square', 4, orientPermutation('offset-square', 4, o(0, 'x'))[find(os, 1, 1)]!)).toEqual([-1, 0]);
  });

  it('refuses rotations the lattice does not have', () => {
    expect(() => orientPermutation('hex-rectangle', 6, o(72))).toThrow('hex-rectangle substitutes rotate in multiples of 60° (clockwise), got 72');
    expect(() => orientPermutation('offset-square', 4, o(90))).toThrow(/multiples of 180°.*got 90/);
    expect(() => orientPermutation('square', 2, o(45))).toThrow(/multiples of 90°/);
    expect(() => orientationMatrix('square', { rotation: 0, mirror: 'z' as Orientation['mirror'] })).toThrow(`orientation mirror must be 'none', 'x' or 'y', got "z"`);
    expect(() => orientPermutation('hex-rectangle', 10, o(0))).toThrow(/multiple of 6/);
  });
});

describe('tile classes under orientation', () => {
  it('every tile lands on a tile of the class orientClass predicts', () => {
    for (const kind of KINDS) {
      // Both anchor parities: square r = 2 (centre on a vertex tile) and 4 (on an area tile); offset-square 4 and 8.
      for (const r of admissibleRatios(kind, 12).slice(0, 2)) {
        const classes = substituteClasses(kind, r);
        for (const or of [...latticeOrientations(kind), o(0, 'y')]) {
          const perm = orientPermutation(kind, r, or);
          for (let i = 0; i < perm.length; i++) {
            expect(classes[perm[i]!], `${kind} r=${r} ${JSON.stringify(or)} tile ${i}`).toBe(orientClass(kind, classes[i] as TileClassCode, or));
          }
        }
      }
    }
  });

  it('hex axes turn X → Y → Z every 60°, mirror x keeps X and swaps Y and Z', () => {
    const k = 'hex-hexagon';
    expect(orientClass(k, TileClass.X_AXIS, o(60))).toBe(TileClass.Y_AXIS);
    expect(orientClass(k, TileClass.X_AXIS, o(120))).toBe(TileClass.Z_AXIS);
    expect(orientClass(k, TileClass.X_AXIS, o(180))).toBe(TileClass.X_AXIS);
    expect(orientClass(k, TileClass.Y_AXIS, o(60))).toBe(TileClass.Z_AXIS);
    expect(orientClass(k, TileClass.X_AXIS, o(0, 'x'))).toBe(TileClass.X_AXIS);
    expect(orientClass(k, TileClass.Y_AXIS, o(0, 'x'))).toBe(TileClass.Z_AXIS);
    expect(orientClass(k, TileClass.AREA, o(240, 'x'))).toBe(TileClass.AREA);
  });

  it('square edges swap under 90°, vertices stay; offset-square half-edges swap under a mirror', () => {
    expect(orientClass('square', TileClass.X_EDGE, o(90))).toBe(TileClass.Y_EDGE);
    expect(orientClass('square', TileClass.X_EDGE, o(0, 'y'))).toBe(TileClass.X_EDGE);
    expect(orientClass('square', TileClass.VERTEX, o(270, 'x'))).toBe(TileClass.VERTEX);
    expect(orientClass('offset-square', TileClass.UPPER_HALF_EDGE, o(0, 'x'))).toBe(TileClass.LOWER_HALF_EDGE);
    expect(orientClass('offset-square', TileClass.UPPER_HALF_EDGE, o(0, 'y'))).toBe(TileClass.LOWER_HALF_EDGE);
    expect(orientClass('offset-square', TileClass.UPPER_HALF_EDGE, o(180))).toBe(TileClass.UPPER_HALF_EDGE);
    expect(orientClass('offset-square', TileClass.FULL_EDGE, o(0, 'x'))).toBe(TileClass.FULL_EDGE);
    expect(() => orientClass('hex-rectangle', TileClass.VERTEX, o(0))).toThrow('hex-rectangle substitutes have no tiles of class code 3');
  });

  it("agrees with classify.ts: each allowed orientation takes the canonical linear class to the tile's class", () => {
    for (const code of [TileClass.X_AXIS, TileClass.Y_AXIS, TileClass.Z_AXIS]) {
      for (const or of allowedOrientations('hex-rectangle', code)) expect(orientClass('hex-rectangle', TileClass.X_AXIS, or)).toBe(code);
    }
    for (const code of [TileClass.X_EDGE, TileClass.Y_EDGE]) {
      for (const or of allowedOrientations('square', code)) expect(orientClass('square', TileClass.X_EDGE, or)).toBe(code);
    }
    for (const or of allowedOrientations('offset-square', TileClass.FULL_EDGE)) expect(orientClass('offset-square', TileClass.FULL_EDGE, or)).toBe(TileClass.FULL_EDGE);
    for (const kind of KINDS) {
      for (const or of allowedOrientations(kind, TileClass.AREA)) {
        expect(orientClass(kind, TileClass.AREA, or)).toBe(TileClass.AREA);
        expect(() => orientPermutation(kind, admissibleRatios(kind, 12)[0]!, or)).not.toThrow();
      }
    }
  });
});
