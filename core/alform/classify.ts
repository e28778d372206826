/**
 * AL-FORM tile classes (SPEC §3; patent "AREA-EVEN"): a tile is an AREA tile iff all its
 * preferred coordinates are even; every other tile is LINEAR, and its sub-class follows from
 * which coordinates are odd. Classification needs nothing but the coordinates, so a whole
 * map classifies into one Uint8Array of class codes.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Grid, GridKind } from '../grid/types.js';
import { requireGlobe } from '../grid/capabilities.js';

/** Class codes stored per tile. 0 is AREA; the rest are the linear sub-classes. */
export const TileClass = {
  AREA: 0,
  X_EDGE: 1,
  Y_EDGE: 2,
  VERTEX: 3,
  FULL_EDGE: 4,
  UPPER_HALF_EDGE: 5,
  LOWER_HALF_EDGE: 6,
  X_AXIS: 7,
  Y_AXIS: 8,
  Z_AXIS: 9,
} as const;
export type TileClassCode = (typeof TileClass)[keyof typeof TileClass];

export const TILE_CLASS_NAMES: Record<TileClassCode, string> = {
  0: 'AREA',
  1: 'X-EDGE',
  2: 'Y-EDGE',
  3: 'VERTEX',
  4: 'FULL-EDGE',
  5: 'UPPER-HALF-EDGE',
  6: 'LOWER-HALF-EDGE',
  7: 'X-AXIS',
  8: 'Y-AXIS',
  9: 'Z-AXIS',
};

const even = (v: number): boolean => (v & 1) === 0;

/**
 * Class of one tile from its coordinates.
 * - square: X-EDGE (even y, odd x), Y-EDGE (even x, odd y), VERTEX (both odd).
 * - offset-square (120° axial): FULL-EDGE (even x), UPPER-/LOWER-HALF-EDGE (odd x; odd / even y).
 * - hex kinds: X-, Y-, Z-AXIS = the cube coordinate that is even (exactly one is, for a linear tile).
 * - icosahedron: the axis of the opposite direction pair joining its two area tiles, which on a
 *   flat hex map is exactly the cube rule (X ↔ directions 0/3, Y ↔ 1/4, Z ↔ 2/5).
 */
export function classifyTile(grid: Grid, index: number): TileClassCode {
  if (grid.kind === 'hex-rectangle' || grid.kind === 'hex-hexagon') {
    const [x, y, z] = grid.toSystem(index, 'cube') as [number, number, number];
    if (even(x) && even(y) && even(z)) return TileClass.AREA;
    return even(x) ? TileClass.X_AXIS : even(y) ? TileClass.Y_AXIS : TileClass.Z_AXIS;
  }
  const [a, b] = grid.coord(index) as [number, number];
  if (even(a) && even(b)) return TileClass.AREA;
  switch (grid.kind) {
    case 'square':
      return even(b) ? TileClass.X_EDGE : even(a) ? TileClass.Y_EDGE : TileClass.VERTEX;
    case 'offset-square':
      return even(a) ? TileClass.FULL_EDGE : even(b) ? TileClass.LOWER_HALF_EDGE : TileClass.UPPER_HALF_EDGE;
    case 'icosahedron': {
      return (TileClass.X_AXIS + requireGlobe(grid, 'the class of a globe tile').linearAxis(index)) as TileClassCode;
    }
  }
}

/** One class code per tile (1 byte a tile). */
export function classifyTiles(grid: Grid): Uint8Array {
  const out = new Uint8Array(grid.tileCount);
  for (let i = 0; i < grid.tileCount; i++) out[i] = classifyTile(grid, i);
  return out;
}

/** An orientation a REPRESENTATION may take on a tile: rotate (degrees, clockwise) after an optional mirror. */
export interface Orientation {
  readonly rotation: number;
  /** 'x' flips left↔right (x → −x), 'y' flips top↔bottom (y → −y); applied before the rotation. */
  readonly mirror: 'none' | 'x' | 'y';
}

const rotations = (degrees: readonly number[], mirror: Orientation['mirror'][]): Orientation[] =>
  mirror.flatMap((m) => degrees.map((rotation) => ({ rotation, mirror: m })));

/**
 * Orientations allowed for a REPRESENTATION on a tile of this class (SPEC §3). Listed as the
 * distinct group elements, so a mirror combined with a rotation that another entry already
 * gives is not listed twice.
 */
export function allowedOrientations(kind: GridKind, code: TileClassCode, pentagon = false): Orientation[] {
  const hexSteps = [0, 60, 120, 180, 240, 300];
  switch (code) {
    case TileClass.AREA:
      if (kind === 'square') return rotations([0, 90, 180, 270], ['none', 'x']);
      if (kind === 'offset-square') return [...rotations([0], ['none', 'x', 'y']), { rotation: 180, mirror: 'none' }];
      if (pentagon) return rotations([0, 72, 144, 216, 288], ['none', 'x']);
      return rotations(hexSteps, ['none', 'x']);
    case TileClass.VERTEX:
      return rotations([0, 90, 180, 270], ['none', 'x']);
    case TileClass.X_EDGE:
      return rotations([0, 180], ['none', 'x']);
    case TileClass.Y_EDGE:
      return rotations([90, 270], ['none', 'y']);
    case TileClass.FULL_EDGE:
      return [...rotations([0], ['none', 'x', 'y']), { rotation: 180, mirror: 'none' }];
    case TileClass.UPPER_HALF_EDGE:
    case TileClass.LOWER_HALF_EDGE:
      return rotations([0], ['none', 'x']);
    case TileClass.X_AXIS:
      return rotations([0, 180], ['none', 'x']);
    case TileClass.Y_AXIS:
      return rotations([60, 240], ['none', 'x']);
    case TileClass.Z_AXIS:
      return rotations([120, 300], ['none', 'x']);
  }
}
