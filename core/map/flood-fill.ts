/**
 * Flood fill (the fill tool, SPEC §11): the connected region of tiles that carry the same
 * terrain as the start tile, within the start tile's class.
 * - Ground (classic tiles, AL-FORM area tiles): joined as core/alform/adjoining.ts says —
 *   across the linear tile between two AL-FORM area tiles (SPEC §3) — except at a square
 *   corner (`corners: false`): a region is what the designer sees as one patch, and a fill
 *   must not leak through the single point where two squares meet.
 * - AL-FORM linear tiles: adjoining linear tiles (a river's tiles adjoin each other).
 * Typed arrays only: a visited byte per tile and an Int32 queue, whatever the map size.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainMap } from './terrain-map.js';
import { TileClass } from '../alform/classify.js';
import { GroundNeighbours } from '../alform/adjoining.js';
import { tileClasses } from '../alform/tile-classes.js';

/** The region's tiles, the start first (empty when `start` is off the map). */
export function floodFill(map: TerrainMap, start: number): Int32Array {
  const grid = map.grid;
  const classes = map.spec.alform ? tileClasses(grid) : null;
  const terrain = map.layers.terrain;
  const n = grid.tileCount;
  if (!Number.isInteger(start) || start < 0 || start >= n) return new Int32Array(0);
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
  push(start);
  if (classes === null || classes[start] === TileClass.AREA) {
    const ground = new GroundNeighbours(grid, classes, { corners: false });
    const out = ground.out;
    while (head < tail) {
      const k = ground.of(queue[head++]!);
      for (let e = 0; e < k; e++) if (terrain[out[e]!] === value) push(out[e]!);
    }
  } else {
    const nb = new Int32Array(grid.directions);
    while (head < tail) {
      const deg = grid.neighbors(queue[head++]!, nb);
      for (let d = 0; d < deg; d++) {
        const u = nb[d]!;
        if (u >= 0 && classes[u] !== TileClass.AREA && terrain[u] === value) push(u);
      }
    }
  }
  return queue.slice(0, tail);
}
