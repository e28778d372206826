/**
 * The cells of an AL-FORM map as assembly sees them (patent AL-FORM-MAP ASSEMBLY: "The
 * matching process is performed when placing AREA-TILES separated by only one LINEAR-TILE"):
 * area instances are scaled so their edges meet the next area instance's edges in the middle
 * of the linear tile between them (core/vector/instance.ts, scale = spacing), so for matching
 * an area cell's edge slot s faces the AREA tile across the linear tile in that direction.
 *
 * The result is an ordinary `Topology` (topology.ts) over the whole AL-FORM grid, so the one
 * solver runs on it unchanged: area cells carry the area-across neighbours, linear cells
 * carry none (they are never in the area region). `linearOf` keeps, per area slot, the
 * linear tile in between, which is what blocking and rerouting read. Which area tile is
 * across is core/alform's rule (`areaAcross`), not repeated here.
 *
 * On the square the four vertex neighbours of an area tile are VERTEX linear tiles: area
 * instances touch only at a corner there, so no edge is matched through them.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { areaAcross } from '../alform/adjoining.js';
import { TileClass } from '../alform/classify.js';
import { tileClasses } from '../alform/tile-classes.js';
import type { Grid } from '../grid/types.js';
import type { Topology } from './topology.js';
import { backSlotOf, slotDirectionOf, unlinkedTopology } from './topology.js';

export interface AlFormTopology extends Topology {
  /** AL-FORM class per cell (core/alform `TileClass`; 0 = AREA). */
  readonly tileClass: Uint8Array;
  /** The area cells, ascending. */
  readonly areaCells: Int32Array;
  /** The linear cells, ascending. */
  readonly linearCells: Int32Array;
  /** [cell * maxSlots + slot] of an area cell → the linear tile that edge lies on, or −1. */
  readonly linearOf: Int32Array;
}

export function buildAlFormTopology(grid: Grid): AlFormTopology {
  const cls = tileClasses(grid);
  const topology = unlinkedTopology(grid, true);
  const { cellCount: n, maxSlots, slotCount, neighbour, backSlot } = topology;
  const globe = grid.kind === 'icosahedron';
  const linearOf = new Int32Array(n * maxSlots).fill(-1);
  const scratch = new Int32Array(8);
  const areas: number[] = [];
  const linears: number[] = [];
  for (let c = 0; c < n; c++) (cls[c] === TileClass.AREA ? areas : linears).push(c);
  for (const c of areas) {
    for (let s = 0; s < slotCount[c]!; s++) {
      const l = grid.neighbor(c, slotDirectionOf(grid, s));
      if (l < 0 || cls[l] === TileClass.AREA) continue;
      linearOf[c * maxSlots + s] = l;
      const m = areaAcross(grid, cls, c, l, slotDirectionOf(grid, s), globe, scratch);
      if (m < 0) continue;
      neighbour[c * maxSlots + s] = m;
      const back = backSlotOf(grid, m, l, s, slotCount[m]!);
      if (back < 0) throw new Error(`AL-FORM topology: area tile ${m} has no edge on linear tile ${l}`);
      backSlot[c * maxSlots + s] = back;
    }
  }
  return { ...topology, tileClass: cls, areaCells: Int32Array.from(areas), linearCells: Int32Array.from(linears), linearOf };
}
