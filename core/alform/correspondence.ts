/**
 * Which AL-FORM tile holds each classic tile, edge and vertex (SPEC §3; patent
 * "AL-FORM-TRANSFORMATION-PROCESSES"): (A) tile (x, y) → the area tile (2x, 2y); (B) edge E of
 * tile (x, y) → the linear tile between the two doubled tiles; (C) on square maps, a tile
 * vertex → the VERTEX tile between the four. The patent writes (B) as (2x + T[E].x, 2y + T[E].y);
 * that constant-offset form only holds where the coordinates are affine (not across the globe's
 * sector seams), so the linear tile is located topologically — the tile adjoining both doubled
 * tiles — which is the patent's tile wherever its formula applies and the right tile everywhere
 * else. The map transfer built on it is core/map/alform-transfer.ts.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Grid } from '../grid/types.js';
import { hasVertices } from '../grid/capabilities.js';

/** Which AL-FORM tile holds each classic tile, edge slot and vertex slot (−1 for unused slots). */
export interface Correspondence {
  readonly tile: Int32Array;
  readonly edge: Int32Array;
  readonly vertex: Int32Array | null;
}

export function correspondence(classic: Grid, al: Grid): Correspondence {
  const n = classic.tileCount;
  const tile = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const doubled = classic.coord(i).map((v) => 2 * v);
    const a = al.index(doubled);
    if (a < 0) throw new Error(`internal: doubled tile ${JSON.stringify(doubled)} is not on the AL-FORM map`);
    tile[i] = a;
  }
  const edge = new Int32Array(n * classic.edgeSlotsPerTile).fill(-1);
  const vertexGrid = hasVertices(classic) ? classic : null;
  const vertex = vertexGrid ? new Int32Array(n).fill(-1) : null;
  for (let i = 0; i < n; i++) {
    const deg = classic.degree(i);
    for (let d = 0; d < deg; d++) {
      const slot = classic.edgeSlot(i, d);
      if (slot >= 0 && edge[slot]! < 0) edge[slot] = between(al, tile[i]!, tile[classic.neighbor(i, d)]!, d);
      if (vertexGrid && vertex) {
        const v = vertexGrid.vertexSlot(i, d);
        // The VERTEX tile is the diagonal neighbour of the doubled tile in the same direction.
        if (v >= 0 && vertex[v]! < 0) vertex[v] = al.neighbor(tile[i]!, d);
      }
    }
  }
  return { tile, edge, vertex };
}

/** The AL-FORM tile adjoining both `a` and `b` (two doubled tiles); `hint` is the classic direction a→b. */
function between(al: Grid, a: number, b: number, hint: number): number {
  const guess = al.neighbor(a, hint);
  if (guess >= 0 && adjoins(al, guess, b)) return guess;
  for (let d = 0; d < al.degree(a); d++) {
    const m = al.neighbor(a, d);
    if (m >= 0 && adjoins(al, m, b)) return m;
  }
  throw new Error(`internal: no AL-FORM tile lies between tiles ${a} and ${b}`);
}

function adjoins(grid: Grid, a: number, b: number): boolean {
  for (let d = 0; d < grid.degree(a); d++) if (grid.neighbor(a, d) === b) return true;
  return false;
}
