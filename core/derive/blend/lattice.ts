/**
 * The lattice of AREA tiles a blend works on, for the three AL-FORM window kinds. Area tiles
 * sit at global tile (2u, 2v); (u, v) is a lattice cell. The edge tile between cells p and
 * p + d sits at global tile 2p + d, so every edge of the lattice is one linear tile.
 *
 * - `square`: cartesian cells, 4 neighbours; edge slots E (1, 0) = X-EDGE tiles and
 *   N (0, 1) = Y-EDGE tiles. (VERTEX tiles join no two area tiles.)
 * - `hex` and `brick` (offset-square): 120° axial cells, the six neighbours of
 *   AXIAL120_DIRECTIONS; edge slots N (0, 1), NE (1, 1), SE (1, 0). Both kinds share this
 *   topology (the patent: identical transformation sets), and the same three lines of edge
 *   tiles are straight in both geometries (straight-runs.ts).
 *
 * A FAMILY is a set of lines along which consecutive edge tiles are collinear; a straight
 * run of border is consecutive border edges of one line, and `window` of them make a run
 * longer than 2 tiles.
 *
 * A TILE is a small group of cells, the same shape everywhere, tiling the plane (the
 * straightener makes each tile's natural cells one terrain). The tilings are chosen so that
 * every `window` consecutive edges of every line include an edge inside a tile; lattice.test.ts
 * checks it.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { AXIAL120_DIRECTIONS, axial120Distance } from '../../grid/hex/axial.js';

export type LatticeKind = 'square' | 'hex' | 'brick';

/** An edge relative to a cell: [du, dv, slot]; it joins (du, dv) and (du, dv) + slotSteps[slot]. */
export type RelEdge = readonly [number, number, number];

export interface Family {
  readonly name: string;
  /**
   * Consecutive border edges that make a straight run longer than 2 tiles: 3 where each
   * edge is a whole tile long (square), 5 on the zig-zag lines of the axial lattice, where
   * each edge advances half a tile.
   */
  readonly window: number;
  /** The slots of this family's edges. */
  readonly slots: readonly number[];
  /** For an edge with slot ∈ slots: the next edge along the line, relative to its cell. */
  next(slot: number): RelEdge;
  /** For an edge with slot ∈ slots: the previous edge along the line, relative to its cell. */
  prev(slot: number): RelEdge;
}

/** How tiles of a few cells tile the lattice (not a vector tile's shape: core/vector TileShape). */
export interface LatticeTiling {
  /** Whether cell (u, v) is the anchor of a tile. */
  isAnchor(u: number, v: number): boolean;
  /** The tile's cells as offsets from its anchor, the anchor first. */
  readonly cells: readonly (readonly [number, number])[];
}

export interface LatticeGeometry {
  readonly kind: LatticeKind;
  /** Every neighbour step (du, dv). */
  readonly dirs: readonly (readonly [number, number])[];
  /** Step (du, dv) of each edge slot. */
  readonly slotSteps: readonly (readonly [number, number])[];
  readonly families: readonly Family[];
  readonly tile: LatticeTiling;
  /** Lattice distance of a step (du, dv): Manhattan on square, hex distance on axial lattices. */
  distance(du: number, dv: number): number;
}

function family(name: string, window: number, links: Record<number, { next: RelEdge; prev: RelEdge }>): Family {
  return {
    name,
    window,
    slots: Object.keys(links).map(Number),
    next: (s) => links[s]!.next,
    prev: (s) => links[s]!.prev,
  };
}

const mod3 = (v: number): number => ((v % 3) + 3) % 3;

/** Square slots. */
const E = 0;
const N = 1;

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
    family('north–south', 3, { [E]: { next: [0, 1, E], prev: [0, -1, E] } }),
    // East–west: the Y-EDGE tiles of one odd row y = 2v + 1.
    family('east–west', 3, { [N]: { next: [1, 0, N], prev: [-1, 0, N] } }),
  ],
  // L-trominoes {p, p + (1, 0), p + (0, 1)} with v − u ≡ 1 (mod 3): the E edge inside lies on
  // column u at rows v ≡ u + 1 and the N edge on row v at columns u ≡ v − 1 — one in every 3
  // edges of every line.
  tile: {
    isAnchor: (u, v) => mod3(v - u) === 1,
    cells: [
      [0, 0],
      [1, 0],
      [0, 1],
    ],
  },
  distance: (du, dv) => Math.abs(du) + Math.abs(dv),
};

/** Axial slots. */
const AN = 0;
const ANE = 1;
const ASE = 2;

/**
 * The three families of the axial lattice: the edge tiles of a line of constant odd fine
 * coordinate x, y or y − x. Fine edge tile of (u, v, slot) = (2u, 2v) + step: N → (2u, 2v+1),
 * NE → (2u+1, 2v+1), SE → (2u+1, 2v).
 */
const AXIAL_FAMILIES: readonly Family[] = [
  // x = 2u + 1: SE and NE edges of column u alternate going north (fine y = 2v, 2v + 1 …).
  family('x', 5, { [ASE]: { next: [0, 0, ANE], prev: [0, -1, ANE] }, [ANE]: { next: [0, 1, ASE], prev: [0, 0, ASE] } }),
  // y = 2v + 1: N and NE edges of row v alternate going south-east (fine x = 2u, 2u + 1 …).
  family('y', 5, { [AN]: { next: [0, 0, ANE], prev: [-1, 0, ANE] }, [ANE]: { next: [1, 0, AN], prev: [0, 0, AN] } }),
  // y − x = 2m + 1: N edges of (u, u + m) and SE edges of (u, u + m + 1) alternate going north-east.
  family('y − x', 5, { [AN]: { next: [0, 1, ASE], prev: [-1, 0, ASE] }, [ASE]: { next: [1, 0, AN], prev: [0, -1, AN] } }),
];

const AXIAL_SLOTS: readonly (readonly [number, number])[] = [
  [0, 1],
  [1, 1],
  [1, 0],
];

/**
 * Triads {p, p + (1, 0), p + (1, 1)} with u + v ≡ 0 (mod 3) (u + v mod 3 is a proper
 * 3-colouring of the axial lattice, so they tile it). Their inside edges are the SE and NE
 * edges of p and the N edge of p + (1, 0): on every line they come as two neighbouring edges
 * every 6, leaving at most 4 outside edges in a row.
 */
const TRIADS: LatticeTiling = {
  isAnchor: (u, v) => mod3(u + v) === 0,
  cells: [
    [0, 0],
    [1, 0],
    [1, 1],
  ],
};

function axial(kind: 'hex' | 'brick'): LatticeGeometry {
  return { kind, dirs: AXIAL120_DIRECTIONS, slotSteps: AXIAL_SLOTS, families: AXIAL_FAMILIES, tile: TRIADS, distance: axial120Distance };
}

const HEX = axial('hex');
const BRICK = axial('brick');

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

/** A box of plane cells, half-open: i0 ≤ i < i1, j0 ≤ j < j1. */
export interface Box {
  readonly i0: number;
  readonly j0: number;
  readonly i1: number;
  readonly j1: number;
}

export function growBox(b: Box, by: number): Box {
  return { i0: b.i0 - by, j0: b.j0 - by, i1: b.i1 + by, j1: b.j1 + by };
}

/** The plane a blend works on: cells (u0 + i, v0 + j), stored at j·w + i. */
export interface Plane {
  readonly geo: LatticeGeometry;
  readonly u0: number;
  readonly v0: number;
  readonly w: number;
  readonly h: number;
}
