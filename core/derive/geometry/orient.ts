/**
 * Mirroring and rotating a substitute with its instance (SPEC §7: "Substitutes are mirrored
 * and rotated with their instance"; orientations as in core/alform/classify.ts: an optional
 * mirror, 'x' (x → −x) or 'y' (y → −y), then a clockwise rotation). Each orientation is an
 * integer 2×2 matrix on the small grid's coordinates about the substitute's centre, and a
 * substitute's reorientation is an index permutation over `substituteOffsets` order, so
 * terrain arrays are reordered without an object per tile.
 *
 * Rotation steps are the lattice's symmetries: 90° on square, 60° on hex, 180° on
 * offset-square (a brick wall has no 90° or 60° symmetry). Pentagon orientations (72°) are
 * refused: a pentagon is never the reference tile and has no flat substitute.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { GridKind } from '../../grid/types.js';
import type { Orientation, TileClassCode } from '../../alform/classify.js';
import { TileClass } from '../../alform/classify.js';
import type { SubstituteLattice } from '../../map/meta.js';
import { substituteLattice } from './ratios.js';
import { latticeClass, substituteOffsets } from './substitute-shape.js';

/** Row-major [m00, m01, m10, m11]: (x, y) → (m00·x + m01·y, m10·x + m11·y). */
export type Matrix2 = readonly [number, number, number, number];

const ROTATION_STEP: Record<SubstituteLattice, number> = { square: 90, 'offset-square': 180, hex: 60 };

// One clockwise step of each lattice's rotation. Square: (x, y) → (y, −x). Hex 120° axial:
// cube (x, y, z) → (−z, −x, −y) is (a, b) → (b, b − a). Offset-square: its only turn, 180°, is −I.
const ROTATE: Record<SubstituteLattice, Matrix2> = {
  square: [0, 1, -1, 0],
  'offset-square': [-1, 0, 0, -1],
  hex: [0, 1, -1, 1],
};
// Mirrors in each lattice's coordinates. On the 120° axial lattices the unit centre is
// (a, b − a/2) up to a scale of x, so ux → −ux is (a, b) → (−a, b − a) and uy → −uy is (a, a − b).
const MIRROR_X: Record<SubstituteLattice, Matrix2> = {
  square: [-1, 0, 0, 1],
  'offset-square': [-1, 0, -1, 1],
  hex: [-1, 0, -1, 1],
};
const MIRROR_Y: Record<SubstituteLattice, Matrix2> = {
  square: [1, 0, 0, -1],
  'offset-square': [1, 0, 1, -1],
  hex: [1, 0, 1, -1],
};
const IDENTITY: Matrix2 = [1, 0, 0, 1];

function multiply(a: Matrix2, b: Matrix2): Matrix2 {
  return [a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3], a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3]];
}

/** Rotation steps of `o` on this lattice (0 … full turn − 1); throws on a rotation the lattice lacks. */
function rotationSteps(kind: GridKind, lattice: SubstituteLattice, o: Orientation): number {
  const step = ROTATION_STEP[lattice];
  if (!Number.isInteger(o.rotation) || o.rotation % step !== 0) {
    throw new Error(`${kind} substitutes rotate in multiples of ${step}° (clockwise), got ${o.rotation}`);
  }
  if (o.mirror !== 'none' && o.mirror !== 'x' && o.mirror !== 'y') {
    throw new Error(`orientation mirror must be 'none', 'x' or 'y', got ${JSON.stringify(o.mirror)}`);
  }
  const turn = 360 / step;
  return (((o.rotation / step) % turn) + turn) % turn;
}

/** The matrix of an orientation on the small grid of `kind`: the mirror first, then the rotation. */
export function orientationMatrix(kind: GridKind, o: Orientation): Matrix2 {
  const lattice = substituteLattice(kind);
  const steps = rotationSteps(kind, lattice, o);
  let m = o.mirror === 'x' ? MIRROR_X[lattice] : o.mirror === 'y' ? MIRROR_Y[lattice] : IDENTITY;
  for (let s = 0; s < steps; s++) m = multiply(ROTATE[lattice], m);
  return m;
}

/** Every orientation of the lattice's symmetry group, once each (mirror 'y' is a rotated mirror 'x'). */
export function latticeOrientations(kind: GridKind): Orientation[] {
  const step = ROTATION_STEP[substituteLattice(kind)];
  const out: Orientation[] = [];
  for (const mirror of ['none', 'x'] as const) {
    for (let rotation = 0; rotation < 360; rotation += step) out.push({ rotation, mirror });
  }
  return out;
}

function sameMatrix(a: Matrix2, b: Matrix2): boolean {
  return a[0] === b[0] && a[1] === b[1] && a[2] === b[2] && a[3] === b[3];
}

/** The single orientation equal to applying `first`, then `second`. */
export function composeOrientations(kind: GridKind, first: Orientation, second: Orientation): Orientation {
  const m = multiply(orientationMatrix(kind, second), orientationMatrix(kind, first));
  for (const o of latticeOrientations(kind)) if (sameMatrix(orientationMatrix(kind, o), m)) return o;
  // Unreachable: the orientations form a group, closed under composition.
  throw new Error(`no ${kind} orientation composes ${JSON.stringify(first)} then ${JSON.stringify(second)}`);
}

/**
 * Scatter permutation of a substitute under `o`: the tile at offset index i moves to offset
 * index perm[i] (indices in `substituteOffsets(kind, ratio)` order). Terrain placed with
 * orientation o: out[perm[i]] = terrain[i].
 */
export function orientPermutation(kind: GridKind, ratio: number, o: Orientation): Int32Array {
  const m = orientationMatrix(kind, o);
  const offsets = substituteOffsets(kind, ratio);
  const n = offsets.length / 2;
  // Dense lookup over the bounding box |dx|, |dy| ≤ ratio (see substituteOffsets).
  const side = 2 * ratio + 1;
  const lookup = new Int32Array(side * side).fill(-1);
  for (let i = 0; i < n; i++) lookup[(offsets[2 * i]! + ratio) * side + offsets[2 * i + 1]! + ratio] = i;
  const perm = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const x = offsets[2 * i]!;
    const y = offsets[2 * i + 1]!;
    const tx = m[0] * x + m[1] * y;
    const ty = m[2] * x + m[3] * y;
    const j = Math.abs(tx) <= ratio && Math.abs(ty) <= ratio ? lookup[(tx + ratio) * side + ty + ratio]! : -1;
    // Unreachable while every shape is symmetric under its lattice's orientations (tested).
    if (j < 0) throw new Error(`${kind} substitute of ratio ${ratio} is not symmetric under ${JSON.stringify(o)}: (${x}, ${y}) → (${tx}, ${ty})`);
    perm[i] = j;
  }
  return perm;
}

/** A tile of each class on the lattice, next to the (area) origin. */
const REPRESENTATIVE: Record<SubstituteLattice, Partial<Record<TileClassCode, readonly [number, number]>>> = {
  square: { [TileClass.AREA]: [0, 0], [TileClass.X_EDGE]: [1, 0], [TileClass.Y_EDGE]: [0, 1], [TileClass.VERTEX]: [1, 1] },
  'offset-square': {
    [TileClass.AREA]: [0, 0],
    [TileClass.FULL_EDGE]: [0, 1],
    [TileClass.UPPER_HALF_EDGE]: [1, 1],
    [TileClass.LOWER_HALF_EDGE]: [1, 0],
  },
  hex: { [TileClass.AREA]: [0, 0], [TileClass.X_AXIS]: [0, 1], [TileClass.Y_AXIS]: [1, 1], [TileClass.Z_AXIS]: [1, 0] },
};

/**
 * The class a small tile of class `code` has after orientation `o` (e.g. hex X-AXIS turned
 * 60° clockwise is Y-AXIS). Orientations are linear maps about an area tile, so mapping one
 * representative of the class decides it for all.
 */
export function orientClass(kind: GridKind, code: TileClassCode, o: Orientation): TileClassCode {
  const lattice = substituteLattice(kind);
  const rep = REPRESENTATIVE[lattice][code];
  if (rep === undefined) throw new Error(`${kind} substitutes have no tiles of class code ${code}`);
  const m = orientationMatrix(kind, o);
  return latticeClass(lattice, m[0] * rep[0] + m[1] * rep[1], m[2] * rep[0] + m[3] * rep[1]);
}
