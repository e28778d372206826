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

/** Grid direction of an edge slot (a square's edges face 0, 2, 4, 6). */
export const slotDirectionOf = (grid: Grid, slot: number): number => (grid.kind === 'square' ? slot * 2 : slot);

/**
 * The slot of cell `m` (with `slots` edges) whose edge leads to tile `to`, seen from slot `s`
 * of the tile across: the opposite slot first — on a map wrapped two tiles wide both of m's
 * sides lead to `to` — else the first that does; −1 when none does. The one back-slot rule
 * of the classic and the AL-FORM topology (alform-topology.ts: `to` is the linear tile
 * between two area tiles).
 */
export function backSlotOf(grid: Grid, m: number, to: number, s: number, slots: number): number {
  if (grid.kind !== 'icosahedron') {
    const o = (s + slots / 2) % slots;
    if (grid.neighbor(m, slotDirectionOf(grid, o)) === to) return o;
  }
  for (let k = 0; k < slots; k++) if (grid.neighbor(m, slotDirectionOf(grid, k)) === to) return k;
  return -1;
}

/**
 * The grid's cells with their shape classes and slot counts, and no neighbours yet (every
 * `neighbour` and `backSlot` −1): what the classic and the AL-FORM topology (alform-topology.ts)
 * share before each links the cells by its own rule.
 */
export function unlinkedTopology(grid: Grid, alform: boolean): Topology {
  const n = grid.tileCount;
  const square = grid.kind === 'square';
  const maxSlots = square ? 4 : 6;
  const shapeClass = new Uint8Array(n);
  const slotCount = new Uint8Array(n);
  const baseClass = square ? ShapeClass.SQUARE : grid.kind === 'offset-square' ? ShapeClass.OFFSET_SQUARE : ShapeClass.HEX;
  for (let c = 0; c < n; c++) {
    const pent = grid.isPentagon(c);
    shapeClass[c] = pent ? ShapeClass.PENTAGON : baseClass;
    slotCount[c] = pent ? 5 : maxSlots;
  }
  return {
    grid,
    cellCount: n,
    maxSlots,
    shapeClass,
    slotCount,
    neighbour: new Int32Array(n * maxSlots).fill(-1),
    backSlot: new Int8Array(n * maxSlots).fill(-1),
    slotDirection: (_cell, slot) => slotDirectionOf(grid, slot),
    cellShape: cellShapes(grid, shapeClass, alform),
  };
}

export function buildTopology(grid: Grid): Topology {
  const topology = unlinkedTopology(grid, false);
  const { cellCount: n, maxSlots, slotCount, neighbour, backSlot } = topology;
  for (let c = 0; c < n; c++) {
    for (let s = 0; s < slotCount[c]!; s++) {
      const m = grid.neighbor(c, slotDirectionOf(grid, s));
      if (m < 0) continue;
      neighbour[c * maxSlots + s] = m;
      const back = backSlotOf(grid, m, c, s, slotCount[m]!);
      if (back < 0) throw new Error(`grid topology: tile ${m} has no edge back to tile ${c}`);
      backSlot[c * maxSlots + s] = back;
    }
  }
  return topology;
}

/**
 * A topology's `cellShape`: each class's shape on flat maps; on the globe each cell's own
 * drawn polygon (its true corners; an AL-FORM area cell's wide polygon, core/vector
 * globe-shape.ts), made once per cell. Shared by the classic and AL-FORM topologies.
 */
export function cellShapes(grid: Grid, shapeClass: Uint8Array, alform: boolean): (cell: number) => TileShape {
  const globe = grid instanceof IcosahedronGrid ? grid : null;
  if (!globe) return (cell) => CLASS_SHAPES[shapeClass[cell]!]!;
  const shapes = new Map<number, TileShape>();
  return (cell) => {
    let s = shapes.get(cell);
    if (!s) shapes.set(cell, (s = globeTileShape(globe, cell, alform)));
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
