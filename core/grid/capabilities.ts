/**
 * What only some grids can do, as interfaces and type guards, so callers ask once
 * (`if (hasVertices(grid)) …`) instead of casting the grid to an ad-hoc shape or
 * probing methods at every use. Each guard checks the kind and the method together: the
 * kind says the capability is part of that kind's contract, the method check keeps a test
 * double of the kind honest. Re-exported by core/grid/types.ts, the one place to look.
 *
 * The guards are cheap (a string compare and a property test): call them once per map or
 * per loop, not per tile.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte, or any grid class (the classes
 * implement these interfaces; importing them here would make a cycle).
 */
import type { Grid, HexOrientation, Layout } from './types.js';
import { orientLayout } from './layout.js';

/**
 * Square maps: the classic vertex layer (terrain on tile corners, SPEC §3 — walls that meet
 * at a corner). One slot a tile; `vertexSlot(i, d)` for a diagonal direction d names the
 * corner between tile i and its neighbour in d, or −1 off the map.
 */
export interface VertexGrid extends Grid {
  readonly kind: 'square';
  readonly vertexSlotsPerTile: number;
  vertexSlot(index: number, dir: number): number;
}

export function hasVertices(grid: Grid): grid is VertexGrid {
  return grid.kind === 'square' && 'vertexSlot' in grid && typeof grid.vertexSlot === 'function';
}

/**
 * The flat kinds: an allocation-free lookup by the integer lattice coordinate — cartesian
 * (x, y) on square maps, 120° axial (x, y) on offset-square and the hex kinds — with the
 * map's wrapping applied; −1 off the map. Hot loops use it instead of `index([x, y])`.
 */
export interface IndexXYGrid extends Grid {
  readonly modelDimensions: 2;
  indexXY(x: number, y: number): number;
}

export function hasIndexXY(grid: Grid): grid is IndexXYGrid {
  return grid.modelDimensions === 2 && 'indexXY' in grid && typeof grid.indexXY === 'function';
}

/** Axis of a linear tile on an AL-FORM globe: the direction pair {d, d+3} joining its area neighbours. */
export type LinearAxis = 0 | 1 | 2;

/** The globe (icosahedron): unit-sphere centres, the 12 pentagons and, on AL-FORM globes, linear axes. */
export interface GlobeGrid extends Grid {
  readonly kind: 'icosahedron';
  readonly modelDimensions: 3;
  /** Side L of the classic globe. */
  readonly side: number;
  /** L + 1: lattice steps along an icosahedron edge. */
  readonly n: number;
  /** Tile centres, xyz per tile on the unit sphere (shared, read only). */
  centers(): Float64Array;
  isPentagon(index: number): boolean;
  /** The 12 pentagon tiles. */
  pentagons(): Int32Array;
  /** Axis of a linear tile on an AL-FORM globe (odd L); throws on area tiles and even L. */
  linearAxis(index: number): LinearAxis;
}

export function isGlobeGrid(grid: Grid): grid is GlobeGrid {
  return grid.kind === 'icosahedron' && 'centers' in grid && typeof grid.centers === 'function';
}

// The `require…` forms: for code that cannot go on without the capability; the message
// says who needed it and what the grid was.

export function requireVertices(grid: Grid, who: string): VertexGrid {
  if (!hasVertices(grid)) throw new Error(`${who} needs a square grid with vertex slots, got ${grid.kind}`);
  return grid;
}

export function requireIndexXY(grid: Grid, who: string): IndexXYGrid {
  if (!hasIndexXY(grid)) throw new Error(`${who} needs a flat grid with an (x, y) lookup, got ${grid.kind}`);
  return grid;
}

export function requireGlobe(grid: Grid, who: string): GlobeGrid {
  if (!isGlobeGrid(grid)) throw new Error(`${who} needs an icosahedron grid, got ${grid.kind}`);
  return grid;
}

/**
 * Flat-top or pointy-top: the hex kinds carry an orientation (core/grid/hex); every other
 * kind is drawn one way and answers 'flat'.
 */
export function gridOrientation(grid: Grid): HexOrientation {
  return (grid.kind === 'hex-rectangle' || grid.kind === 'hex-hexagon') && 'orientation' in grid && grid.orientation === 'pointy' ? 'pointy' : 'flat';
}

/**
 * The layout from the grid's unit frame to model space that its own `center`/`corners`/`pick`
 * use: `layout` turned by the grid's orientation. Code that places tiles from unit-frame
 * coordinates itself (the renderer's frames, rasters) goes through this, never through
 * `layout` alone, so pointy-top maps follow.
 */
export function gridLayout(grid: Grid, layout?: Layout): Layout {
  return orientLayout(layout, gridOrientation(grid));
}
