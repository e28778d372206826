/**
 * Tile shapes of vector-form tiles (SPEC §6) in their own cartesian space.
 *
 * Scale and frame, the same for every shape: y up, the tile centre at the origin, the
 * inscribed circle of radius 1 (inscribed diameter 2; two adjoining flat tiles' centres are
 * 2 apart). Edges are listed clockwise starting with the one facing +Y. Each edge carries
 * the grid direction of the neighbour it faces (SPEC §2: direction 0 is +Y, clockwise), so
 * an edge is named by its direction everywhere in core/vector:
 *   square          4 edges, directions 0, 2, 4, 6 (1, 3, 5, 7 are vertex neighbours)
 *   offset-square   6 edge segments, directions 0…5: the top and bottom sides whole, the
 *                   left and right sides halved at their midpoints (the brick neighbours in
 *                   adjoining columns, core/grid/offset-square)
 *   hex             flat-top hexagon, 6 edges, directions 0…5 (core/grid/hex)
 *   pentagon        regular pentagon with a flat top, 5 edges, directions 0…4 (the globe's
 *                   12 pentagons, core/grid/icosahedron, which are regular)
 *   polygon         any convex polygon around the origin with one edge per direction (the
 *                   globe's non-regular hexagons, see globe-shape.ts)
 *
 * An edge runs clockwise from its ANCHOR vertex (`from`) to `to`; the parameter t along it is
 * the distance from the anchor divided by the edge length (patent CLAIM 2: "Each ordered-set
 * is associated with one vertex of its TILE edge").
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Vec2 } from './vec2.js';
import { lerp, segmentDistance } from './vec2.js';

export const SHAPE_NAMES = ['square', 'offset-square', 'hex', 'pentagon', 'polygon'] as const;
export type ShapeName = (typeof SHAPE_NAMES)[number];
/** The shapes a designer draws (SVG `data-shape`, JSON `shape`); `polygon` only comes out of the globe. */
export const DRAWN_SHAPES = ['square', 'offset-square', 'hex', 'pentagon'] as const;
export type DrawnShapeName = (typeof DRAWN_SHAPES)[number];

export interface ShapeEdge {
  /** The grid direction this edge faces; also the edge's name. */
  readonly dir: number;
  /** Anchor vertex (clockwise start). */
  readonly from: Vec2;
  readonly to: Vec2;
}

export interface TileShape {
  readonly name: ShapeName;
  /** Length of the grid's ordered direction set: 8 (square), 6, or 5 (pentagon). */
  readonly directions: number;
  /** Clockwise, from edge 0's anchor; for offset-square the side midpoints are corners too. */
  readonly corners: readonly Vec2[];
  /** Clockwise from the edge facing +Y. */
  readonly edges: readonly ShapeEdge[];
  /** Degrees of one rotation step of the shape's own symmetry (90, 180, 60, 72; 0 = none). */
  readonly rotationStep: number;
}

function fromCorners(name: ShapeName, directions: number, corners: readonly Vec2[], dirs: readonly number[], rotationStep: number): TileShape {
  const edges = corners.map((from, i) => Object.freeze({ dir: dirs[i]!, from, to: corners[(i + 1) % corners.length]! }));
  return Object.freeze({ name, directions, corners: Object.freeze(corners), edges: Object.freeze(edges), rotationStep });
}

/** Circumradius of the flat-top hexagon with inscribed radius 1. */
export const HEX_R = 2 / Math.sqrt(3);
/** Circumradius of the pentagon with inscribed radius 1. */
export const PENTAGON_R = 1 / Math.cos(Math.PI / 5);

export const SQUARE: TileShape = fromCorners('square', 8, [[-1, 1], [1, 1], [1, -1], [-1, -1]], [0, 2, 4, 6], 90);

export const OFFSET_SQUARE: TileShape = fromCorners(
  'offset-square',
  6,
  [[-1, 1], [1, 1], [1, 0], [1, -1], [-1, -1], [-1, 0]],
  [0, 1, 2, 3, 4, 5],
  180,
);

export const HEX: TileShape = fromCorners(
  'hex',
  6,
  [[-HEX_R / 2, 1], [HEX_R / 2, 1], [HEX_R, 0], [HEX_R / 2, -1], [-HEX_R / 2, -1], [-HEX_R, 0]],
  [0, 1, 2, 3, 4, 5],
  60,
);

/** Corner k sits between edge k−1 and edge k, at 72k − 36 degrees clockwise from +Y. */
export const PENTAGON: TileShape = fromCorners(
  'pentagon',
  5,
  [0, 1, 2, 3, 4].map((k): Vec2 => {
    const a = ((72 * k - 36) * Math.PI) / 180;
    return [PENTAGON_R * Math.sin(a), PENTAGON_R * Math.cos(a)];
  }),
  [0, 1, 2, 3, 4],
  72,
);

/** A convex polygon (clockwise corners, corner k = anchor of edge k facing direction k). */
export function polygonShape(corners: readonly Vec2[]): TileShape {
  return fromCorners('polygon', corners.length, corners.map((c): Vec2 => [c[0], c[1]]), corners.map((_, i) => i), 0);
}

export function shapeByName(name: DrawnShapeName): TileShape {
  switch (name) {
    case 'square':
      return SQUARE;
    case 'offset-square':
      return OFFSET_SQUARE;
    case 'hex':
      return HEX;
    case 'pentagon':
      return PENTAGON;
  }
}

export function edgeOf(shape: TileShape, dir: number): ShapeEdge {
  const e = shape.edges.find((x) => x.dir === dir);
  if (!e) throw new RangeError(`a ${shape.name} tile has no edge facing direction ${dir} (edges: ${shape.edges.map((x) => x.dir).join(', ')})`);
  return e;
}

/** Position of edge parameter t (0 at the anchor). */
export const edgePoint = (e: ShapeEdge, t: number): Vec2 => lerp(e.from, e.to, t);

/**
 * The direction of the edge that faces back across edge `dir` of a flat tile: the opposite
 * direction (d + directions/2). Pentagons and globe polygons have no such rule; the grid
 * tells (the neighbour's direction back to this tile).
 */
export function facingDirection(shape: TileShape, dir: number): number {
  if (shape.name === 'pentagon' || shape.name === 'polygon') {
    throw new RangeError(`the edge facing edge ${dir} of a ${shape.name} comes from the grid, not the shape`);
  }
  return (dir + shape.directions / 2) % shape.directions;
}

/** Nearest boundary edge to p: its direction, the distance and the parameter along it. */
export function nearestEdge(shape: TileShape, p: Vec2): { dir: number; distance: number; t: number } {
  let best = { dir: -1, distance: Infinity, t: 0 };
  for (const e of shape.edges) {
    const d = segmentDistance(p, e.from, e.to);
    if (d.distance < best.distance) best = { dir: e.dir, distance: d.distance, t: d.t };
  }
  return best;
}

/** Signed distance from p to the boundary: positive inside (convex shapes), negative outside. */
export function insideDistance(shape: TileShape, p: Vec2): number {
  let m = Infinity;
  for (const e of shape.edges) {
    const ux = e.to[0] - e.from[0], uy = e.to[1] - e.from[1];
    const l = Math.hypot(ux, uy);
    // Clockwise walk: the inside is to the right of the edge direction.
    const d = ((p[0] - e.from[0]) * uy - (p[1] - e.from[1]) * ux) / l;
    if (d < m) m = d;
  }
  return m;
}

/** Axis-aligned bounding box [minX, minY, maxX, maxY]. */
export function shapeBounds(shape: TileShape): [number, number, number, number] {
  const xs = shape.corners.map((c) => c[0]);
  const ys = shape.corners.map((c) => c[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}
