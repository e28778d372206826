/**
 * The cells of a map as assembly sees them: per cell its shape class and, per edge slot (the
 * cell's edges in the shape's clockwise order), the neighbour across it and the slot of the
 * neighbour's edge that faces back — flat typed arrays, built once per grid.
 *
 * Slots, not directions: a square's edges face directions 0, 2, 4, 6 (core/vector/shape.ts)
 * and are slots 0…3; every other shape's slot s faces direction s. The slot facing back is
 * found from the grid (the neighbour's direction that leads back), which is what the globe
 * needs, and agrees with the flat shapes' opposite direction.
 *
 * Classic maps only for now: on an AL-FORM map area instances meet across linear tiles
 * (patent AL-FORM-MAP ASSEMBLY), a topology this module does not build yet.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { IcosahedronGrid } from '../grid/icosahedron/icosahedron-grid.js';
import type { Grid } from '../grid/types.js';
import { globeTileShape } from '../vector/globe-shape.js';
import type { TileShape } from '../vector/shape.js';
import { HEX, OFFSET_SQUARE, PENTAGON, SQUARE } from '../vector/shape.js';

/** Shape classes: which library candidates a cell takes (library.ts). */
export const ShapeClass = { SQUARE: 0, OFFSET_SQUARE: 1, HEX: 2, PENTAGON: 3 } as const;
export type ShapeClassCode = (typeof ShapeClass)[keyof typeof ShapeClass];
export const SHAPE_CLASS_COUNT = 4;
/** The tile shape each class is drawn in (globe hexagons take hexagon tiles through the warp). */
export const CLASS_SHAPES: readonly TileShape[] = [SQUARE, OFFSET_SQUARE, HEX, PENTAGON];

export interface Topology {
  readonly grid: Grid;
  readonly cellCount: number;
  /** Slots per cell in the arrays below (4 on square maps, 6 otherwise). */
  readonly maxSlots: number;
  readonly shapeClass: Uint8Array;
  readonly slotCount: Uint8Array;
  /** [cell * maxSlots + slot] → neighbour cell or −1 (off the map). */
  readonly neighbour: Int32Array;
  /** [cell * maxSlots + slot] → the neighbour's slot facing back (−1 off the map). */
  readonly backSlot: Int8Array;
  /** Grid direction of a slot. */
  slotDirection(cell: number, slot: number): number;
  /** The cell's real shape (a globe hexagon's polygon; the class shape elsewhere). */
  cellShape(cell: number): TileShape;
}

export function buildTopology(grid: Grid): Topology {
  const n = grid.tileCount;
  const square = grid.kind === 'square';
  const maxSlots = square ? 4 : 6;
  const shapeClass = new Uint8Array(n);
  const slotCount = new Uint8Array(n);
  const neighbour = new Int32Array(n * maxSlots).fill(-1);
  const backSlot = new Int8Array(n * maxSlots).fill(-1);
  const dirOf = (slot: number): number => (square ? slot * 2 : slot);
  const slotOf = (dir: number): number => (square ? (dir % 2 === 0 ? dir / 2 : -1) : dir);
  const baseClass = square ? ShapeClass.SQUARE : grid.kind === 'offset-square' ? ShapeClass.OFFSET_SQUARE : ShapeClass.HEX;
  const nb = new Int32Array(8);
  for (let c = 0; c < n; c++) {
    const pent = grid.isPentagon(c);
    shapeClass[c] = pent ? ShapeClass.PENTAGON : baseClass;
    slotCount[c] = pent ? 5 : maxSlots;
  }
  for (let c = 0; c < n; c++) {
    for (let s = 0; s < slotCount[c]!; s++) {
      const m = grid.neighbor(c, dirOf(s));
      if (m < 0) continue;
      neighbour[c * maxSlots + s] = m;
      // The back slot: the neighbour's edge direction that leads to c. With wrapping on a
      // map two tiles wide both of m's sides lead to c; prefer the opposite direction.
      const deg = grid.neighbors(m, nb);
      const opposite = grid.kind === 'icosahedron' ? -1 : (dirOf(s) + grid.directions / 2) % grid.directions;
      let back = -1;
      if (opposite >= 0 && nb[opposite] === c) back = slotOf(opposite);
      for (let d = 0; back < 0 && d < deg; d++) if (nb[d] === c && slotOf(d) >= 0) back = slotOf(d);
      if (back < 0) throw new Error(`grid topology: tile ${m} has no edge back to tile ${c}`);
      backSlot[c * maxSlots + s] = back;
    }
  }
  return {
    grid,
    cellCount: n,
    maxSlots,
    shapeClass,
    slotCount,
    neighbour,
    backSlot,
    slotDirection: (_cell, slot) => dirOf(slot),
    cellShape: cellShapes(grid, shapeClass),
  };
}

/**
 * A topology's `cellShape`: each class's shape on flat maps; on the globe each cell's own
 * shape (its true corners), made once per cell. Shared by the classic and AL-FORM topologies.
 */
export function cellShapes(grid: Grid, shapeClass: Uint8Array): (cell: number) => TileShape {
  const globe = grid instanceof IcosahedronGrid ? grid : null;
  if (!globe) return (cell) => CLASS_SHAPES[shapeClass[cell]!]!;
  const shapes = new Map<number, TileShape>();
  return (cell) => {
    let s = shapes.get(cell);
    if (!s) shapes.set(cell, (s = globeTileShape(globe, cell)));
    return s;
  };
}

/**
 * The tile shapes a map's cells take (what a tile set for it needs): each class's shape,
 * and hexagon tiles for globe pentagons too, which take them through the warp (library.ts).
 */
export function tileShapesFor(topology: Topology): string[] {
  const present = new Set<number>(topology.shapeClass);
  const out = new Set<string>([...present].map((c) => CLASS_SHAPES[c]!.name));
  if (present.has(ShapeClass.PENTAGON)) out.add(CLASS_SHAPES[ShapeClass.HEX]!.name);
  return [...out].sort();
}

/** The shape classes a map's cells take, ascending: what its library needs compiled (library.ts `shapeClasses`). */
export function shapeClassesOf(topology: Topology): number[] {
  return [...new Set<number>(topology.shapeClass)].sort((a, b) => a - b);
}
