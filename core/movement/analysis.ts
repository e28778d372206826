/**
 * Tile-set analyses that need no search (SPEC §4): area effects and zones of control.
 *
 * Area effect: every tile within a grid distance of a target, terrain ignored (a barrage,
 * a blast radius). The distance is in grid hops of the map itself; on an AL-FORM map two
 * hops separate neighbouring area tiles, so a radius of "one classic hex" is 2.
 *
 * Zone of control: the tiles a unit on tile u projects into, judged for one MOVEMENT-MODE
 * (the mode of the units it stops). A ZOC reaches what a classic wargame would call the
 * adjacent hexes, and is stopped by linear terrain that this mode cannot cross:
 *  - AL-FORM, u an area tile: for each adjoining linear tile l, unless l blocks ZOC, the area
 *    tile across l and l itself, each where a unit of the mode could stand. l blocks ZOC
 *    when it is unplayable with crossing cost +Infinity (a cliff; a river for wheels) —
 *    the catalogue's impassability is the blocking notion, so no extra terrain property is
 *    needed. On square maps the area tile across a VERTEX tile is the diagonal one, as in
 *    the movement graph.
 *  - AL-FORM, u a linear tile (a boat on a river, troops on a wall): its adjoining tiles
 *    where a unit could stand.
 *  - classic maps: each neighbour a unit could stand on whose shared edge (square
 *    diagonals: vertex) does not carry impassable linear terrain.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { hasVertices } from '../grid/capabilities.js';
import type { TerrainMap } from '../map/terrain-map.js';
import { TileClass } from '../alform/classify.js';
import { tileClasses } from '../alform/tile-classes.js';
import type { MovementTables } from './tables.js';
import { checkMovementTables } from './tables.js';
import { paletteCosts } from './graph.js';
import { areaAcross } from '../alform/adjoining.js';

export interface AreaEffectOptions {
  /** On AL-FORM maps, keep only area tiles (the linear tiles between them are usually not targets). */
  readonly areaTilesOnly?: boolean;
}

/** Tiles within `radius` grid hops of `target`, ascending. */
export function areaEffect(map: TerrainMap, target: number, radius: number, options: AreaEffectOptions = {}): Int32Array {
  if (!Number.isInteger(radius) || radius < 0) throw new Error(`area effect radius must be an integer ≥ 0 (grid hops), got ${radius}`);
  const grid = map.grid;
  if (!Number.isInteger(target) || target < 0 || target >= grid.tileCount) {
    throw new RangeError(`area effect target ${target} is outside the map (0…${grid.tileCount - 1})`);
  }
  const tiles = grid.range(target, radius);
  // On a classic map every tile is an area tile.
  if (!options.areaTilesOnly || !map.spec.alform) return tiles;
  const cls = tileClasses(grid);
  return tiles.filter((t) => cls[t] === TileClass.AREA);
}

/** Tiles a unit on `unitTile` projects its zone of control into, for movement mode `tables`; ascending. */
export function zoneOfControl(map: TerrainMap, tables: MovementTables, unitTile: number): Int32Array {
  checkMovementTables(map, tables);
  const grid = map.grid;
  if (!Number.isInteger(unitTile) || unitTile < 0 || unitTile >= grid.tileCount) {
    throw new RangeError(`unit tile ${unitTile} is outside the map (0…${grid.tileCount - 1})`);
  }
  const terrain = map.layers.terrain;
  const { enter, cross } = paletteCosts(map, tables);
  const standable = (t: number) => t >= 0 && enter[terrain[t]!]! < Infinity;
  const nb = new Int32Array(grid.directions);
  const scratch = new Int32Array(grid.directions);
  const deg = grid.neighbors(unitTile, nb);
  const out: number[] = [];
  if (map.spec.alform) {
    const cls = tileClasses(grid);
    const globe = grid.kind === 'icosahedron';
    for (let d = 0; d < deg; d++) {
      const l = nb[d]!;
      if (l < 0) continue;
      if (cls[unitTile] !== TileClass.AREA) {
        if (standable(l)) out.push(l);
        continue;
      }
      const k = terrain[l]!;
      const blocks = enter[k] === Infinity && cross[k] === Infinity;
      if (blocks) continue;
      if (standable(l)) out.push(l);
      const v = areaAcross(grid, cls, unitTile, l, d, globe, scratch);
      if (standable(v)) out.push(v);
    }
  } else {
    const edges = map.layers.edges!;
    const square = hasVertices(grid);
    for (let d = 0; d < deg; d++) {
      const v = nb[d]!;
      if (!standable(v)) continue;
      const slot = square && d & 1 ? grid.vertexSlot(unitTile, d) : grid.edgeSlot(unitTile, d);
      const layer = square && d & 1 ? map.layers.vertices! : edges;
      const k = slot < 0 ? 0 : layer[slot]!;
      if (enter[k] === Infinity && cross[k] === Infinity) continue;
      out.push(v);
    }
  }
  return Int32Array.from(new Set(out)).sort();
}
