/**
 * Flood fill for the fill tool: the connected region of tiles that carry the same terrain as
 * the start tile, within the start tile's class. Connectivity follows what a designer sees:
 * - classic maps: tiles sharing an edge (square maps: the four edge neighbours, so a fill
 *   does not leak through a diagonal gap);
 * - AL-FORM, area tiles: two area tiles are connected through the edge-like linear tile
 *   between them (SPEC §3: every linear tile adjoins two area tiles; square VERTEX tiles
 *   only touch area tiles at corners and do not connect, like the diagonal above);
 * - AL-FORM, linear tiles: adjoining linear tiles (a river's tiles adjoin each other).
 * Typed arrays only: a visited byte per tile and an Int32 queue, whatever the map size.
 *
 * Renderer layer, but pure: no DOM.
 */
import type { LoadedMap } from './map-model.js';
import { TileClass } from '../../../core/alform/classify.js';

export function floodFill(loaded: LoadedMap, start: number): Int32Array {
  const { map, classes } = loaded;
  const grid = map.grid;
  const terrain = map.layers.terrain;
  const n = grid.tileCount;
  if (start < 0 || start >= n) return new Int32Array(0);
  const value = terrain[start]!;
  const visited = new Uint8Array(n);
  let queue = new Int32Array(1024);
  let head = 0;
  let tail = 0;
  const push = (t: number) => {
    if (visited[t]) return;
    visited[t] = 1;
    if (tail === queue.length) {
      const bigger = new Int32Array(queue.length * 2);
      bigger.set(queue);
      queue = bigger;
    }
    queue[tail++] = t;
  };
  const nb = new Int32Array(grid.directions);
  const nb2 = new Int32Array(grid.directions);
  const squareEdgesOnly = grid.kind === 'square';
  const startIsArea = !classes || classes[start] === TileClass.AREA;
  push(start);
  while (head < tail) {
    const t = queue[head++]!;
    const deg = grid.neighbors(t, nb);
    for (let d = 0; d < deg; d++) {
      const u = nb[d]!;
      if (u < 0) continue;
      if (!classes) {
        if (squareEdgesOnly && (d & 1) === 1) continue;
        if (terrain[u] === value) push(u);
      } else if (!startIsArea) {
        if (classes[u] !== TileClass.AREA && terrain[u] === value) push(u);
      } else {
        // u is the linear tile between t and the area tile across it.
        if (classes[u] === TileClass.AREA || classes[u] === TileClass.VERTEX) continue;
        const deg2 = grid.neighbors(u, nb2);
        for (let e = 0; e < deg2; e++) {
          const w = nb2[e]!;
          if (w >= 0 && w !== t && classes[w] === TileClass.AREA && terrain[w] === value) push(w);
        }
      }
    }
  }
  return queue.slice(0, tail);
}
