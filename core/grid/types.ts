/**
 * The contract every map kind implements (SPEC §2).
 *
 * A grid is pure topology + geometry over a dense tile index 0 … tileCount−1. Coordinates
 * (what people and files see), layout (tile ↔ model space) and storage (the dense index)
 * are kept apart, as in Red Blob's hex guide: hot loops work on indices and typed arrays;
 * coordinates are converted at the edges.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */

export const GRID_KINDS = ['square', 'offset-square', 'hex-rectangle', 'hex-hexagon', 'icosahedron'] as const;
export type GridKind = (typeof GRID_KINDS)[number];

export function isGridKind(value: unknown): value is GridKind {
  return typeof value === 'string' && (GRID_KINDS as readonly string[]).includes(value);
}

// What only some kinds can do (vertex slots, the (x, y) lookup, the globe's extras): one
// interface and one type guard each, in ./capabilities.ts (imported from there).

/** Map size: W×H for the rectangular kinds, diameter D for hex-hexagon, side L for icosahedron. */
export type GridSize =
  | { readonly kind: 'square' | 'offset-square' | 'hex-rectangle'; readonly width: number; readonly height: number }
  | { readonly kind: 'hex-hexagon'; readonly diameter: number }
  | { readonly kind: 'icosahedron'; readonly side: number };

/** Which axes wrap (modulo the number of tiles along them). Only the rectangular kinds wrap. */
export interface Wrap {
  readonly x: boolean;
  readonly y: boolean;
}

export const NO_WRAP: Wrap = Object.freeze({ x: false, y: false });

/**
 * How a hex map's tiles stand on the page (the hex kinds only; every other kind is 'flat'):
 * 'flat' — flat-topped hexes in vertical columns (the grids' own unit frame); 'pointy' —
 * pointy-topped hexes in horizontal rows: the same topology and indices, drawn a quarter turn
 * clockwise (layout.ts `orientLayout`), so column x is row x counted down the page and a tile
 * further up its column stands further right in its row.
 */
export const HEX_ORIENTATIONS = ['flat', 'pointy'] as const;
export type HexOrientation = (typeof HEX_ORIENTATIONS)[number];


/** A tile coordinate in some system: 2 numbers, or 3 for cube. Plain arrays at the edges only. */
export type Coord = readonly number[];

/**
 * A point in model space: [x, y] on flat maps, [x, y, z] on the globe (unit sphere × radius).
 * Any plain array passes; a point tagged with another space (a ScreenPoint) does not.
 * Named coordinate and point types per system: ./coordinates.ts.
 */
import type { CoordOf, CoordSystem, GridPoint, ModelPoint } from './coordinates.js';
export type { GridPoint, ModelPoint };

/**
 * A tile's coordinate as a grid gives it: the tagged tuple of its system (./coordinates.ts),
 * so what `coord()` returns cannot be handed on as another system's pair. The preferred
 * system differs by kind (`Grid.coordSystem`), hence the union.
 */
export type GridCoord = CoordOf[CoordSystem];

/**
 * Tile ↔ model-space transform. `size` is the distance between the centres of two
 * adjoining (edge-sharing) tiles: the TILE-SPACING. `rotation` turns the whole map
 * counter-clockwise in degrees (90 on a hex map gives pointy-top hexagons in rows).
 * Model space is y-up; a screen with y-down flips it in the renderer, not here.
 * On the globe `size` is the sphere radius and origin/rotation are ignored.
 */
export interface Layout {
  readonly size: number;
  readonly origin: readonly [number, number];
  readonly rotation: number;
}

export const DEFAULT_LAYOUT: Layout = Object.freeze({ size: 1, origin: [0, 0] as const, rotation: 0 });

export interface Grid {
  readonly kind: GridKind;
  readonly size: GridSize;
  readonly wrap: Wrap;
  readonly tileCount: number;
  /** Length of the ordered transformation set: 8 (square), 6 (others). Pentagons use the first 5. */
  readonly directions: number;
  /** Dimension of model space: 2 for flat maps, 3 for the globe. */
  readonly modelDimensions: 2 | 3;
  /** The preferred coordinate system; `coord()` returns it and `index()` accepts it. */
  readonly coordSystem: CoordSystem;
  /** Every system `toSystem` / `fromSystem` accept for this kind. */
  readonly coordSystems: readonly CoordSystem[];

  // ── storage ───────────────────────────────────────────────────────────
  /** Dense index of the tile at `coord` (preferred system), wrapping applied; −1 if off the map. */
  index(coord: Coord): number;
  /** Preferred-system coordinate of a tile. */
  coord(index: number): GridCoord;
  /** Convert a tile to another of this kind's systems: the tagged coordinate of `system`. */
  toSystem<S extends CoordSystem>(index: number, system: S): CoordOf[S];
  /** Dense index from a coordinate in any supported system; −1 if off the map. Throws on an unsupported system. */
  fromSystem(coord: Coord, system: CoordSystem): number;

  // ── topology ──────────────────────────────────────────────────────────
  /** Neighbour in direction `dir` (0 = +Y, clockwise), or −1 (off the map / pentagon has no 6th). */
  neighbor(index: number, dir: number): number;
  /** Writes the neighbours in direction order into `out` (−1 for none); returns the tile's degree (5, 6 or 8). */
  neighbors(index: number, out: Int32Array): number;
  /** Number of directions this tile has (8, 6, or 5 for a pentagon), whether or not the neighbour is on the map. */
  degree(index: number): number;
  /** True for the 12 five-sided tiles of the globe (degree 5); false on every other tile and kind. */
  isPentagon(index: number): boolean;
  /** Hop count on the neighbour graph (wrapping aware). */
  distance(a: number, b: number): number;

  /** All tiles within `radius` of `center`, in ascending index order. */
  range(center: number, radius: number): Int32Array;
  /** Tiles at exactly `radius` from `center`, in walking order around the ring. */
  ring(center: number, radius: number): Int32Array;
  /** Centre first, then ring 1, ring 2 … up to `radius`. */
  spiral(center: number, radius: number): Int32Array;
  /** distance(a,b)+1 tiles from a to b, each adjoining the next. */
  line(a: number, b: number): Int32Array;
  /**
   * Rotate tile `index` about tile `pivot` by `steps` of the grid's rotational symmetry
   * (90° on square, 60° on hex kinds, clockwise for positive steps); −1 if it lands off the map.
   */
  rotate(index: number, pivot: number, steps: number): number;

  // ── edges (for classic maps, whose edge terrain lives on shared tile edges) ───────
  /** Edge slots per tile in the classic edge layer (each undirected edge has exactly one slot). */
  readonly edgeSlotsPerTile: number;
  /** Slot of the edge between `index` and its neighbour in `dir`, or −1 if that neighbour is off the map. */
  edgeSlot(index: number, dir: number): number;

  // ── layout ────────────────────────────────────────────────────────────
  /** Model-space centre of a tile. */
  center(index: number, layout?: Layout): GridPoint;
  /** Polygon corners in model space (4, 5 or 6 corners), counter-clockwise on flat maps. */
  corners(index: number, layout?: Layout): GridPoint[];
  /**
   * TILE-SPACING in model space: the distance between the centres of edge-sharing tiles —
   * `layout.size` on flat maps; on the globe the mean spacing of its tiles (hexagon area
   * (√3/2)·s² × tileCount = 4π) × the radius `layout.size`.
   */
  spacing(layout?: Layout): number;
  /** The tile whose area contains the model-space point, or −1. */
  pick(point: ModelPoint, layout?: Layout): number;
}
