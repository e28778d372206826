/**
 * A placed instance's geometry as polylines in map (model) coordinates — what a ghost of a
 * tile about to be placed is drawn from (renderer lib/view/placing-overlay.ts): the tile in a
 * placement (placed-tile.ts: oriented, warped onto the cell's real shape), scaled into the
 * cell by the instance scale (core/vector instance.ts `instanceScale`: half the spacing on
 * classic maps, the whole spacing for AL-FORM area instances) and moved to its centre, each
 * curve flattened to points. Flat maps only: on the globe a cell's frame is not the plane.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Grid } from '../grid/types.js';
import { sampleCurve } from '../vector/bezier.js';
import { instanceScale } from '../vector/instance.js';
import type { VectorTile } from '../vector/types.js';
import { cellShapeOf } from './cell-geometry.js';
import { decodePlacement } from './orientation-code.js';
import { placedTile } from './placed-tile.js';

export interface PlacedPolyline {
  readonly kind: 'line' | 'area';
  readonly terrain: string;
  /** [x, y] in model units. */
  readonly points: readonly (readonly [number, number])[];
  readonly closed: boolean;
}

export interface PlacedPoint {
  readonly terrain: string;
  readonly at: readonly [number, number];
}

export interface PlacedOutline {
  readonly lines: PlacedPolyline[];
  readonly points: PlacedPoint[];
}

/** Tile `tile` in placement `code` on `cell` of a flat map, curves flattened with `perSegment` points per cubic. */
export function placedOutline(grid: Grid, cell: number, tile: VectorTile, code: number, alform: boolean, perSegment = 12): PlacedOutline {
  if (grid.modelDimensions !== 2) throw new RangeError('placedOutline: flat maps only');
  const placed = placedTile(tile, decodePlacement(code), cellShapeOf(grid, cell));
  const [cx, cy] = grid.center(cell) as [number, number];
  const k = instanceScale(grid.spacing(), alform);
  const at = (p: readonly number[]): [number, number] => [cx + k * p[0]!, cy + k * p[1]!];
  const lines: PlacedPolyline[] = [];
  const points: PlacedPoint[] = [];
  for (const el of placed.elements) {
    if (el.kind === 'point') points.push({ terrain: el.terrain, at: at(el.at) });
    else lines.push({ kind: el.kind, terrain: el.terrain, points: sampleCurve(el.curve, perSegment).map((s) => at(s.p)), closed: el.curve.closed });
  }
  return { lines, points };
}
