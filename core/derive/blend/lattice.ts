/**
 * The lattice of AREA tiles a blend works on, for the three AL-FORM window kinds. Area tiles
 * sit at global tile (2u, 2v); (u, v) is a lattice cell. The edge tile between cells p and
 * p + d sits at global tile 2p + d, so every edge of the lattice is one linear tile.
 *
 * - `square`: cartesian cells, 4 neighbours; edge slots E (1, 0) = X-EDGE tiles and
 *   N (0, 1) = Y-EDGE tiles. (VERTEX tiles join no two area tiles.)
 * - `hex` and `brick` (offset-square): 120° axial cells, the six neighbours of
 *   AXIAL120_DIRECTIONS; edge slots N (0, 1), NE (1, 1), SE (1, 0). Both kinds share this
 *   topology (the patent: identical transformation sets); they differ in geometry, hence in
 *   which edges line up (see straight-runs.ts for the geometry of each family).
 *
 * A FAMILY is a set of lines along which consecutive edge tiles are collinear: a straight run
 * of border is consecutive border edges of one line. Each family lists, for each of its edge
 * slots, the next edge along the line, and maps an edge to (line, position) so that
 * consecutive edges have consecutive positions; the straightener picks edges by position and
 * splits lines into two classes whose edges share no cell.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { AXIAL120_DIRECTIONS } from '../../grid/hex/axial.js';

export type LatticeKind = 'square' | 'hex' | 'brick';

/** Edge slot numbers: an edge is (cell, slot) and joins cell and cell + SLOT_STEP[slot]. */
export const SLOT = { E: 0, N: 1, AN: 0, ANE: 1, ASE: 2 } as const;

export interface Family {
  readonly name: string;
  /**
   * Consecutive border edges that make a straight run longer than 2 tiles: 3 where each
   * edge is a whole tile long (square, brick tops), 5 on the zig-zag lines of the axial
   * lattice, where each edge advances half a tile (straight-runs.ts).
   */
  readonly window: number;
  /** The slots of this family's edges. */
  readonly slots: readonly number[];
  /** For edge (u, v, slot), slot ∈ slots: the next edge along the line as [slot, du, dv]. */
  next(slot: number): readonly [number, number, number];
  /** For edge (u, v, slot), slot ∈ slots: the previous edge along the line as [slot, du, dv]. */
  prev(slot: number): readonly [number, number, number];
  /** Line number of an edge; every edge of one line has the same. */
  line(u: number, v: number, slot: number): number;
  /** Position of an edge along its line; consecutive edges differ by 1. */
  pos(u: number, v: number, slot: number): number;
  /** 0 or 1: lines of one class share no cell, so their edges can be pushed at once. */
  lineClass(line: number): number;
}

export interface LatticeGeometry {
  readonly kind: LatticeKind;
  /** Every neighbour step (du, dv). */
  readonly dirs: readonly (readonly [number, number])[];
  /** Step (du, dv) of each edge slot. */
  readonly slotSteps: readonly (readonly [number, number])[];
  readonly families: readonly Family[];
  /** Lattice distance of a step (du, dv): Manhattan on square, hex distance on axial lattices. */
  distance(du: number, dv: number): number;
}

function family(
  name: string,
  window: number,
  links: Record<number, { next: [number, number, number]; prev: [number, number, number] }>,
  line: Family['line'],
  pos: Family['pos'],
  lineClass: Family['lineClass'] = (l) => l & 1,
): Family {
  const slots = Object.keys(links).map(Number);
  return {
    name,
    window,
    slots,
    next: (s) => links[s]!.next,
    prev: (s) => links[s]!.prev,
    line,
    pos,
    lineClass,
  };
}

const { E, N } = { E: SLOT.E, N: SLOT.N };
const { AN, ANE, ASE } = { AN: SLOT.AN, ANE: SLOT.ANE, ASE: SLOT.ASE };

const SQUARE: LatticeGeometry = {
  kind: 'square',
  dirs: [
    [1, 0],
    [0, 1],
    [-1, 0],
    [0, -1],
  ],
  slotSteps: [
    [1, 0],
    [0, 1],
  ],
  families: [
    // North–south: the X-EDGE tiles of one odd column x = 2u + 1.
    family('vertical', 3, { [E]: { next: [E, 0, 1], prev: [E, 0, -1] } }, (u) => u, (_u, v) => v),
    // East–west: the Y-EDGE tiles of one odd row y = 2v + 1.
    family('horizontal', 3, { [N]: { next: [N, 1, 0], prev: [N, -1, 0] } }, (_u, v) => v, (u) => u),
  ],
  distance: (du, dv) => Math.abs(du) + Math.abs(dv),
};

/** Hex distance of a 120° axial step: max(|du|, |dv|, |dv − du|). */
function axialDistance(du: number, dv: number): number {
  return Math.max(Math.abs(du), Math.abs(dv), Math.abs(dv - du));
}

/** The six area neighbours are the grid's 120° axial directions (SPEC §2 order). */
const AXIAL_DIRS = AXIAL120_DIRECTIONS;
const AXIAL_SLOTS: readonly (readonly [number, number])[] = [
  [0, 1],
  [1, 1],
  [1, 0],
];

/**
 * The three families of the axial lattice: the edge tiles of a line of constant odd fine
 * coordinate x, y or y − x. Fine edge tile of (u, v, slot) = (2u, 2v) + step: N → (2u, 2v+1),
 * NE → (2u+1, 2v+1), SE → (2u+1, 2v).
 */
const AXIAL_FAMILIES: readonly Family[] = [
  // x = 2u + 1: SE and NE edges alternate going north (fine y = 2v, 2v + 1, 2v + 2 …).
  family(
    'x',
    5,
    { [ASE]: { next: [ANE, 0, 0], prev: [ANE, 0, -1] }, [ANE]: { next: [ASE, 0, 1], prev: [ASE, 0, 0] } },
    (u) => u,
    (_u, v, s) => 2 * v + (s === ANE ? 1 : 0),
  ),
  // y = 2v + 1: N and NE edges alternate going south-east (fine x = 2u, 2u + 1 …).
  family(
    'y',
    5,
    { [AN]: { next: [ANE, 0, 0], prev: [ANE, -1, 0] }, [ANE]: { next: [AN, 1, 0], prev: [AN, 0, 0] } },
    (_u, v) => v,
    (u, _v, s) => 2 * u + (s === ANE ? 1 : 0),
  ),
  // y − x = 2m + 1: N edges of (u, u + m) and SE edges of (u, u + m + 1) alternate going north-east.
  family(
    'z',
    5,
    { [AN]: { next: [ASE, 0, 1], prev: [ASE, -1, 0] }, [ASE]: { next: [AN, 1, 0], prev: [AN, 0, -1] } },
    (u, v, s) => (s === AN ? v - u : v - u - 1),
    (u, _v, s) => 2 * u + (s === ASE ? 1 : 0),
  ),
];

const HEX: LatticeGeometry = { kind: 'hex', dirs: AXIAL_DIRS, slotSteps: AXIAL_SLOTS, families: AXIAL_FAMILIES, distance: axialDistance };

const BRICK: LatticeGeometry = {
  kind: 'brick',
  dirs: AXIAL_DIRS,
  slotSteps: AXIAL_SLOTS,
  families: [
    ...AXIAL_FAMILIES,
    // Brick tops on one horizontal line (unit y = 2v + 1 − u): the N edges of every other
    // column, (u, v) then (u + 2, v + 1). Lines Y and Y + 2 share cells (the bricks between
    // them), Y and Y + 1 never (other columns), so the two classes are ⌊Y/2⌋ mod 2.
    family(
      'tops',
      3,
      { [AN]: { next: [AN, 2, 1], prev: [AN, -2, -1] } },
      (u, v) => 2 * v + 1 - u,
      (u) => u >> 1,
      (l) => (l >> 1) & 1,
    ),
  ],
  distance: axialDistance,
};

export function latticeGeometry(kind: LatticeKind): LatticeGeometry {
  switch (kind) {
    case 'square':
      return SQUARE;
    case 'hex':
      return HEX;
    case 'brick':
      return BRICK;
  }
}
