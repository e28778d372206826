/**
 * Flat-top hexagon geometry shared by hex-rectangle and hex-hexagon: tile centre, corners and
 * picking through a layout (core/grid/layout.ts). The hexagons are the Voronoi cells of their
 * centres, so rounding a point to the nearest centre is exact picking.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Layout, ModelPoint } from '../types.js';
import { fromModel, toModel } from '../layout.js';
import { HEX_CORNER_OFFSETS, axial120Round, axial120ToUnit, unitToAxial120 } from './axial.js';

/** Model-space centre of the hex at 120° axial (x, y). */
export function flatHexCenter(x: number, y: number, layout?: Layout): number[] {
  const [ux, uy] = axial120ToUnit(x, y);
  return toModel(ux, uy, layout);
}

/** Model-space corners of the hex at 120° axial (x, y), counter-clockwise from the east corner. */
export function flatHexCorners(x: number, y: number, layout?: Layout): number[][] {
  const [ux, uy] = axial120ToUnit(x, y);
  return HEX_CORNER_OFFSETS.map(([ox, oy]) => toModel(ux + ox, uy + oy, layout));
}

/** 120° axial coordinate of the hex containing a model-space point. */
export function pickFlatHex(point: ModelPoint, layout?: Layout): [number, number] {
  if (point.length < 2) throw new Error(`a model-space point is [x, y], got ${JSON.stringify(point)}`);
  const [ux, uy] = fromModel(point[0]!, point[1]!, layout);
  const [fx, fy] = unitToAxial120(ux, uy);
  return axial120Round(fx, fy);
}
