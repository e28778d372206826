/**
 * Rerouting step 4 (patent VECTOR-REROUTING: "empty BLOCKING VECTOR-TERRAIN-TILES are
 * assigned to adjoining LINEAR-TILES so that rerouting may occur through those TILES. … a
 * breadth first search of adjoining LINEAR-TILES"): from the linear tile of an end that its
 * bank cannot pair or lead off the map, a breadth-first search over linear tiles that adjoin
 * by an edge, through PASS-THRU and WITH-TERRAIN tiles, to the nearest tile that opens a way
 * — one on the map's rim (the bank then reaches off the map) or a blocking tile of another
 * feature (the banks join). The tiles on the way get empty blocking tiles; rerouting runs
 * again over the longer banks. Fixed order of directions, so it is deterministic.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { TileClass } from '../alform/classify.js';
import type { AlFormTopology } from './alform-topology.js';
import type { LinearLayer } from '../map/linear-layer.js';
import type { Bank } from './reroute-banks.js';
import type { CutEnd } from './reroute-pairing.js';

/**
 * Linear cells to make empty-blocking, nearest first; empty when no way exists. The search
 * starts on the end's own side: from the linear tiles on the edges of the end's area tile
 * next to its blocked edge (so the new blocking tiles continue the bank round that corner),
 * and never passes a blocking tile.
 */
export function routeBlockers(topo: AlFormTopology, linear: LinearLayer, end: CutEnd, bank: Bank): number[] {
  const { grid, tileClass, maxSlots: E } = topo;
  const nb = new Int32Array(8);
  const edgeDir = (d: number): boolean => grid.kind !== 'square' || (d & 1) === 0;
  // The bank's own feature: every blocking tile joined to its edges (square vertex tiles too).
  const own = new Set<number>();
  const stack: number[] = [];
  for (const st of bank.steps) if (st.kind === 'edge') stack.push(topo.linearOf[st.cell * E + st.slot]!);
  while (stack.length) {
    const l = stack.pop()!;
    if (own.has(l)) continue;
    own.add(l);
    const deg = grid.neighbors(l, nb);
    for (let d = 0; d < deg; d++) if (edgeDir(d) && nb[d]! >= 0 && linear.isBlocking(nb[d]!) && !own.has(nb[d]!)) stack.push(nb[d]!);
  }
  const from = new Int32Array(grid.tileCount).fill(-2);
  const queue: number[] = [];
  const n = topo.slotCount[end.cell]!;
  for (const s of [(end.slot + n - 1) % n, (end.slot + 1) % n]) {
    const l = topo.linearOf[end.cell * E + s]!;
    if (l >= 0 && !linear.isBlocking(l) && from[l] === -2) {
      from[l] = -1;
      queue.push(l);
    }
  }
  for (let head = 0; head < queue.length; head++) {
    const l = queue[head]!;
    const deg = grid.neighbors(l, nb);
    let rim = false;
    for (let d = 0; d < deg; d++) if (edgeDir(d) && nb[d]! < 0) rim = true;
    const blocking = linear.isBlocking(l);
    if ((blocking && !own.has(l)) || (!blocking && rim)) {
      const path: number[] = [];
      for (let x = l; x >= 0; x = from[x]!) if (!linear.isBlocking(x)) path.push(x);
      return path.reverse();
    }
    if (blocking) continue;
    for (let d = 0; d < deg; d++) {
      const m = nb[d]!;
      if (!edgeDir(d) || m < 0 || tileClass[m] === TileClass.AREA || from[m] !== -2 || own.has(m)) continue;
      from[m] = l;
      queue.push(m);
    }
  }
  return [];
}
