/**
 * Which tile (or edge) a tool acts on, from the tile the grid picked under the pointer and
 * the model-space point itself. Picking stays the grid's analytic `pick`; these rules only
 * choose among that tile and its neighbours:
 * - area tools on AL-FORM maps (paint, fill, path, reach, LOS, FOV, select ground): the area
 *   polygon drawn for an area tile is twice the tile (SPEC §5 A), so a point over a linear
 *   tile belongs to the nearer of its area neighbours (core/alform/area-pick.ts);
 * - the linear tool on AL-FORM maps: not here — core/alform/linear-stroke.ts turns the
 *   pointer samples into one connected chain of linear tiles;
 * - the linear tool on classic maps: the edge of the picked tile nearest the point.
 *
 * Renderer layer, pure (no DOM).
 */
import type { LoadedMap } from './map-model.js';
import { TileClass } from '../../../core/alform/classify.js';
import { areaTileAt as coreAreaTileAt } from '../../../core/alform/area-pick.js';
import type { ModelPoint } from '../../../core/grid/types.js';

function dist2(a: readonly number[], b: ModelPoint): number {
  let s = 0;
  for (let k = 0; k < b.length; k++) {
    const d = a[k]! - b[k]!;
    s += d * d;
  }
  return s;
}

export function isArea(loaded: LoadedMap, tile: number): boolean {
  return !loaded.classes || loaded.classes[tile] === TileClass.AREA;
}

/** The area tile whose drawn polygon contains `point` (core/alform/area-pick.ts, the one home of the rule). */
export function areaTileAt(loaded: LoadedMap, tile: number, point: ModelPoint): number {
  return coreAreaTileAt(loaded.map.grid, loaded.classes, tile, point);
}

export interface EdgeTarget {
  tile: number;
  dir: number;
  /** Distance from the point to the edge's midpoint, in model units. */
  distance: number;
}

/** Classic maps: the edge of `tile` nearest `point` that exists (a neighbour on the map, no square diagonal). */
export function nearestEdge(loaded: LoadedMap, tile: number, point: ModelPoint): EdgeTarget | null {
  if (tile < 0) return null;
  const grid = loaded.map.grid;
  const c = grid.center(tile);
  const deg = grid.degree(tile);
  let best: EdgeTarget | null = null;
  let bestD = Infinity;
  for (let d = 0; d < deg; d++) {
    if (grid.edgeSlot(tile, d) < 0) continue;
    const u = grid.neighbor(tile, d);
    if (u < 0) continue;
    const m = grid.center(u).map((v, k) => (v + c[k]!) / 2);
    // Wrapped maps: a neighbour across the seam has its centre on the far side; use the
    // direction's own midpoint instead, mirrored from the tile centre.
    const far = dist2(m, c) > 1;
    const dd = far ? Infinity : dist2(m, point);
    if (dd < bestD) {
      bestD = dd;
      best = { tile, dir: d, distance: Math.sqrt(dd) };
    }
  }
  return best;
}
