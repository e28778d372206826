/**
 * Strategic maps for the derivation tests: every kind, AL-FORM, with natural and
 * human-curated ground and a river (and a road) laid as a shortest chain of linear tiles,
 * plus the checks the properties need (chains, global comparison).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import defaultJson from '../../resources/terrain/default.json' with { type: 'json' };
import { parseCatalogue } from '../terrain/parse.js';
import type { GridSize } from '../grid/types.js';
import { requireIndexXY } from '../grid/capabilities.js';
import { requireDerivedMeta } from '../map/meta.js';
import { TerrainMap } from '../map/terrain-map.js';
import { classifyTile, TileClass } from '../alform/classify.js';
import { hash2 } from './blend/noise.js';
import { featureFamilies } from '../terrain/crossing.js';
import { isOffMap } from './coverage.js';

export const catalogue = parseCatalogue(defaultJson, 'default.json');

const GROUND = ['forest', 'clear', 'hills', 'marsh', 'fields', 'forest', 'clear', 'rough'];

/** An AL-FORM map of `size` whose area tiles hold ground picked by a hash of the tile. */
export function strategicMap(size: GridSize, worldSeed = 1): TerrainMap {
  const map = TerrainMap.create({ size, alform: true, meta: { name: 'strategic' } });
  for (let i = 0; i < map.grid.tileCount; i++) {
    if (classifyTile(map.grid, i) !== TileClass.AREA) continue;
    map.setTerrain(i, GROUND[hash2(worldSeed, i, 7) % GROUND.length]!);
  }
  return map;
}

/** Lays `terrain` on a shortest chain of linear tiles from `from` to `to` (both linear tiles). */
export function layLine(map: TerrainMap, from: number, to: number, terrain: string): number[] {
  const grid = map.grid;
  const prev = new Int32Array(grid.tileCount).fill(-2);
  const nb = new Int32Array(8);
  prev[from] = -1;
  const queue = [from];
  for (let h = 0; h < queue.length && prev[to] === -2; h++) {
    const t = queue[h]!;
    const n = grid.neighbors(t, nb);
    for (let k = 0; k < n; k++) {
      const u = nb[k]!;
      if (prev[u] !== -2 || classifyTile(grid, u) === TileClass.AREA) continue;
      prev[u] = t;
      queue.push(u);
    }
  }
  if (prev[to] === -2) throw new Error('no chain of linear tiles between the two tiles');
  const path: number[] = [];
  for (let t = to; t >= 0; t = prev[t]!) path.push(t);
  for (const t of path) map.setTerrain(t, terrain);
  return path.reverse();
}

/**
 * Lays `terrain` across the map through `centre`'s neighbourhood: from the linear tile
 * `reach` steps away in direction `dir` to the one as far the opposite way.
 */
export function layLineThrough(map: TerrainMap, centre: number, dir: number, reach: number, terrain: string): number[] {
  const grid = map.grid;
  const walk = (d: number): number => {
    let t = centre;
    for (let k = 0; k < reach; k++) t = grid.neighbor(t, d);
    if (classifyTile(grid, t) === TileClass.AREA) t = grid.neighbor(t, (d + 1) % grid.directions);
    if (t < 0) throw new Error('the line leaves the map; pick a smaller reach');
    return t;
  };
  return layLine(map, walk(dir), walk((dir + grid.directions / 2) % grid.directions), terrain);
}

/**
 * Lays `terrain` on the straight line of linear tiles beside `centre` on a flat map: the
 * column x + 1 on square maps, the 120° axial row y + 1 on the others (all linear tiles:
 * the coordinate is odd), from rim to rim.
 */
export function layStraightLine(map: TerrainMap, centre: number, terrain: string): number[] {
  const [cx, cy] = map.grid.coord(centre) as [number, number];
  const square = map.spec.kind === 'square';
  const out: number[] = [];
  for (let i = 0; i < map.grid.tileCount; i++) {
    const [x, y] = map.grid.coord(i) as [number, number];
    if (square ? x === cx + 1 : y === cy + 1) out.push(i);
  }
  for (const t of out) map.setTerrain(t, terrain);
  return out;
}

/** Tiles of `map` whose terrain carries `feature` (itself or a composite of it). */
export function featureTiles(map: TerrainMap, feature: string): number[] {
  const out: number[] = [];
  const carries = map.palette.map((id) => featureFamilies(catalogue, id).includes(feature));
  for (let i = 0; i < map.grid.tileCount; i++) {
    const v = map.layers.terrain[i]!;
    if (v !== 0 && carries[v - 1]) out.push(i);
  }
  return out;
}

/** Connected components of a tile set under the grid's adjacency. */
export function components(map: TerrainMap, tiles: readonly number[]): number[][] {
  const inSet = new Set(tiles);
  const seen = new Set<number>();
  const nb = new Int32Array(8);
  const out: number[][] = [];
  for (const start of tiles) {
    if (seen.has(start)) continue;
    const comp = [start];
    seen.add(start);
    for (let h = 0; h < comp.length; h++) {
      const n = map.grid.neighbors(comp[h]!, nb);
      for (let k = 0; k < n; k++) {
        const u = nb[k]!;
        if (inSet.has(u) && !seen.has(u)) {
          seen.add(u);
          comp.push(u);
        }
      }
    }
    out.push(comp);
  }
  return out;
}

/** Whether a tile lies on the map's rim (some direction leads off the map). */
export function onRim(map: TerrainMap, tile: number): boolean {
  for (let d = 0; d < map.grid.directions; d++) if (map.grid.neighbor(tile, d) < 0) return true;
  return false;
}

/** Global coordinate of a derived map's tile. */
export function globalOf(map: TerrainMap, tile: number): [number, number] {
  const origin = requireDerivedMeta(map.meta, 'globalOf').origin;
  const [x, y] = map.grid.coord(tile) as [number, number];
  return [x + origin[0], y + origin[1]];
}

/** Pairs of differing terrain ids where two derived maps overlap on the map (off-map tiles say nothing), and how many tiles they share. */
export function compareOverlap(a: TerrainMap, b: TerrainMap): { shared: number; differ: number } {
  const ob = requireDerivedMeta(b.meta, 'compareOverlap').origin;
  const grid = requireIndexXY(b.grid, 'compareOverlap');
  const index = (x: number, y: number): number => grid.indexXY(x, y);
  let shared = 0;
  let differ = 0;
  for (let i = 0; i < a.grid.tileCount; i++) {
    const [gx, gy] = globalOf(a, i);
    const j = index(gx - ob[0], gy - ob[1]);
    if (j < 0 || isOffMap(a, i) || isOffMap(b, j)) continue;
    shared++;
    if (a.terrainAt(i) !== b.terrainAt(j)) differ++;
  }
  return { shared, differ };
}
