/**
 * VECTOR-TERRAIN and VECTOR-FORM tiles (SPEC §6; patent CLAIM 2): a tile is a shape plus
 * elements drawn in the shape's space (shape.ts). Plain readonly data shaped like the
 * native JSON form (json.ts), so storing and sending tiles needs no mapping layer.
 *
 * Three element kinds (patent CLAIM 2, "three classes"):
 *   point  a point + terrain (a peak, a well); always INTERIOR-ONLY.
 *   line   an open or closed curve + terrain (road, river, wall).
 *   area   a curve + the side that is inside or uphill, `left` or `right` of the curve's
 *          direction + terrain (forest edge, lake shore); with `height` it is an elevation
 *          contour and `side` is its uphill side.
 * Whether an element is INTERIOR-ONLY or EDGE-CROSSING is never stored: classify.ts derives
 * it from the geometry, as it does the indicators (indicators.ts).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Curve } from './bezier.js';
import type { TileShape } from './shape.js';
import type { Vec2 } from './vec2.js';

export type Side = 'left' | 'right';

interface ElementBase {
  /** Unique within the tile; errors and indicators name elements by it. */
  readonly id: string;
  /** Terrain id of the catalogue (core/terrain). */
  readonly terrain: string;
}

export interface PointElement extends ElementBase {
  readonly kind: 'point';
  readonly at: Vec2;
  /** A spot height (metres), e.g. a peak's; rasterization interpolates up to it. */
  readonly height?: number;
}

export interface LineElement extends ElementBase {
  readonly kind: 'line';
  readonly curve: Curve;
}

export interface AreaElement extends ElementBase {
  readonly kind: 'area';
  readonly curve: Curve;
  /** Which side of the curve's direction is inside (or uphill for a contour). Validation rejects a missing side. */
  readonly side: Side;
  /** Elevation of a contour line; absent for other areas. */
  readonly height?: number;
}

export type VectorElement = PointElement | LineElement | AreaElement;
export type CurveElement = LineElement | AreaElement;

export interface VectorTile {
  readonly id: string;
  readonly name?: string;
  readonly shape: TileShape;
  readonly elements: readonly VectorElement[];
}

export const isCurveElement = (e: VectorElement): e is CurveElement => e.kind !== 'point';

/** Returns a copy of the tile with other elements (and optionally another shape). */
export function withElements(tile: VectorTile, elements: readonly VectorElement[], shape: TileShape = tile.shape): VectorTile {
  return { ...tile, shape, elements };
}
