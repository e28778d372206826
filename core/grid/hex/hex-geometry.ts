/**
 * Hexagon geometry shared by hex-rectangle and hex-hexagon: tile centre, corners and picking
 * through a layout (core/grid/layout.ts). The grids compute in a flat-top unit frame; a
 * pointy-top map turns that frame a quarter turn (`orientLayout`) before the layout, so
 * topology and indices are the same for both orientations. The hexagons are the Voronoi
 * cells of their centres, so rounding a point to the nearest centre is exact picking.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { HexOrientation, Layout, ModelPoint } from '../types.js';
import { HEX_ORIENTATIONS } from '../types.js';
import { fromModel, orientLayout, toModel } from '../layout.js';
import { HEX_CORNER_OFFSETS, axial120Round, axial120ToUnit, unitToAxial120 } from './axial.js';

/** Model-space centre of the hex at 120° axial (x, y). */
export function hexCenter(x: number, y: number, layout?: Layout, orientation: HexOrientation = 'flat'): number[] {
  const [ux, uy] = axial120ToUnit(x, y);
  return toModel(ux, uy, orientLayout(layout, orientation));
}

/** Model-space corners of the hex at 120° axial (x, y), counter-clockwise from the east corner (flat) or the south-east corner (pointy). */
export function hexCorners(x: number, y: number, layout?: Layout, orientation: HexOrientation = 'flat'): number[][] {
  const [ux, uy] = axial120ToUnit(x, y);
  const l = orientLayout(layout, orientation);
  return HEX_CORNER_OFFSETS.map(([ox, oy]) => toModel(ux + ox, uy + oy, l));
}

/** 120° axial coordinate of the hex containing a model-space point. */
export function pickHex(point: ModelPoint, layout?: Layout, orientation: HexOrientation = 'flat'): [number, number] {
  if (point.length < 2) throw new Error(`a model-space point is [x, y], got ${JSON.stringify(point)}`);
  const [ux, uy] = fromModel(point[0]!, point[1]!, orientLayout(layout, orientation));
  const [fx, fy] = unitToAxial120(ux, uy);
  return axial120Round(fx, fy);
}


/** Throws unless `value` is a hex orientation ('flat' or 'pointy'). */
export function checkOrientation(value: unknown): asserts value is HexOrientation {
  if (!(HEX_ORIENTATIONS as readonly unknown[]).includes(value)) throw new Error(`hex orientation must be "flat" or "pointy", got ${JSON.stringify(value)}`);
}
