/**
 * Which AREA tile a point means (issue 30, "area tools near a hexside"): the one home of
 * "the area tile under the pointer". An AL-FORM map draws each area tile's polygon twice the
 * tile (SPEC §5 A), so a point over a linear tile lies inside the drawn polygon of one of the
 * area tiles that linear tile adjoins — the one whose centre is nearest. Area-only tools
 * (paint, fill of area terrain, path, reach, line of sight, field of vision, select ground,
 * paste anchors) all take this tile, so a click a few pixels inside a hex's edge acts on
 * that hex, not on the hexside the grid's analytic pick returned.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Grid } from '../grid/types.js';
import { TileClass } from './classify.js';

function dist2(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  for (let k = 0; k < b.length; k++) {
    const d = a[k]! - b[k]!;
    s += d * d;
  }
  return s;
}

/**
 * The area tile whose drawn polygon contains `point`, given the tile the grid picked there
 * (−1 off the map). `classes` is the AL-FORM class per tile, null on classic maps (every
 * tile is ground). Returns −1 off the map, or when a linear tile has no area neighbour.
 */
export function areaTileAt(grid: Grid, classes: Uint8Array | null, tile: number, point: readonly number[]): number {
  if (tile < 0 || !classes || classes[tile] === TileClass.AREA) return tile;
  const nb = new Int32Array(grid.directions);
  const deg = grid.neighbors(tile, nb);
  let best = -1;
  let bestD = Infinity;
  for (let d = 0; d < deg; d++) {
    const u = nb[d]!;
    if (u < 0 || classes[u] !== TileClass.AREA) continue;
    const dd = dist2(grid.center(u), point);
    if (dd < bestD) {
      bestD = dd;
      best = u;
    }
  }
  return best;
}
