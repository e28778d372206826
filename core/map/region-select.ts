/**
 * Which tiles a rectangle or lasso covers (issue 14, "rectangle and lasso selection"), on
 * every kind: the caller gives the drawn shape as a polygon in some plane (model space on a
 * flat map; the screen on the globe, where only the caller knows the camera) and a
 * projection of tile centres into that plane (null for a tile the caller cannot see: the
 * far side of the globe).
 *
 * The rules, one home for them:
 * - a tile is covered when its centre lies inside the polygon (even–odd rule, so a lasso that
 *   crosses itself behaves as drawn);
 * - AL-FORM maps: an area tile by its centre; a linear tile by its centre too, and also when
 *   every area tile it touches on the map is covered — the hexsides and vertices between
 *   selected hexes come with them even where the outline cuts close, so copying a block of
 *   hexes copies the rivers and roads inside it;
 * - fill-select (the magic wand, `fillSelection`): the connected patch of the clicked tile's
 *   terrain, joined as the fill tool joins it (./flood-fill.ts); on AL-FORM maps a patch of
 *   area tiles brings the linear tiles it encloses (as a rectangle does), a click on a river
 *   or road takes the whole run of it;
 * - shift adds to the selection, alt subtracts from it, neither replaces it (`combineSelection`).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Grid } from '../grid/types.js';
import type { TerrainMap } from './terrain-map.js';
import { classifyTile, TileClass } from '../alform/classify.js';
import { floodFill } from './flood-fill.js';

/** A closed polygon as x0, y0, x1, y1, … (at least three corners). */
export type Polygon = ArrayLike<number>;

/** Projects a tile centre into the polygon's plane, or null when the tile cannot be selected there. */
export type CentreProjection = (tile: number) => readonly [number, number] | null;

/** Whether (x, y) lies inside `polygon` (even–odd rule; points on an edge count as inside for one of its two sides). */
export function pointInPolygon(polygon: Polygon, x: number, y: number): boolean {
  const n = polygon.length >> 1;
  let inside = false;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const xi = polygon[2 * i]!;
    const yi = polygon[2 * i + 1]!;
    const xj = polygon[2 * j]!;
    const yj = polygon[2 * j + 1]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The rectangle with corners (x0, y0) and (x1, y1) as a polygon. */
export function rectanglePolygon(x0: number, y0: number, x1: number, y1: number): Float64Array {
  return Float64Array.of(x0, y0, x1, y0, x1, y1, x0, y1);
}

/**
 * Tiles covered by `polygon` (see the module header), ascending. `seeds`: tiles the caller
 * knows to lie under the shape (the tile under a corner, under the middle); with one whose
 * centre falls in the shape's box, only the tiles round it whose centres stay in the box are
 * visited (breadth first — the tiles of a map whose centres lie in a box are connected),
 * not every tile of the map. Without one (the shape is off the map, or encloses it) every
 * tile is looked at.
 */
export function tilesInPolygon(grid: Grid, alform: boolean, polygon: Polygon, project: CentreProjection, seeds: ArrayLike<number> = []): Int32Array {
  if (polygon.length < 6) return new Int32Array(0);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let k = 0; k < polygon.length; k += 2) {
    minX = Math.min(minX, polygon[k]!);
    maxX = Math.max(maxX, polygon[k]!);
    minY = Math.min(minY, polygon[k + 1]!);
    maxY = Math.max(maxY, polygon[k + 1]!);
  }
  const inBox = (p: readonly [number, number] | null): p is readonly [number, number] => p !== null && p[0] >= minX && p[0] <= maxX && p[1] >= minY && p[1] <= maxY;
  const covered = new Uint8Array(grid.tileCount);
  const linear: number[] = [];
  const look = (t: number, p: readonly [number, number] | null): void => {
    if (inBox(p) && pointInPolygon(polygon, p[0], p[1])) covered[t] = 1;
    else if (alform && p && classifyTile(grid, t) !== TileClass.AREA) linear.push(t);
  };
  let seed = -1;
  for (let k = 0; k < seeds.length && seed < 0; k++) if (seeds[k]! >= 0 && inBox(project(seeds[k]!))) seed = seeds[k]!;
  if (seed < 0) {
    for (let t = 0; t < grid.tileCount; t++) look(t, project(t));
  } else {
    const seen = new Uint8Array(grid.tileCount);
    const nb = new Int32Array(grid.directions);
    const queue = [seed];
    seen[seed] = 1;
    for (let head = 0; head < queue.length; head++) {
      const t = queue[head]!;
      look(t, project(t));
      const deg = grid.neighbors(t, nb);
      for (let d = 0; d < deg; d++) {
        const u = nb[d]!;
        if (u < 0 || seen[u]) continue;
        seen[u] = 1;
        if (inBox(project(u))) queue.push(u);
      }
    }
  }
  if (alform) {
    const nb = new Int32Array(grid.directions);
    for (const t of linear) if (areaNeighboursCovered(grid, t, covered, nb)) covered[t] = 2;
  }
  const out: number[] = [];
  for (let t = 0; t < covered.length; t++) if (covered[t]) out.push(t);
  return Int32Array.from(out);
}

/** The fill-select of `tile` (see the module header), ascending; empty when `tile` is off the map. */
export function fillSelection(map: TerrainMap, tile: number): Int32Array {
  const patch = floodFill(map, tile);
  const grid = map.grid;
  if (patch.length === 0 || !map.spec.alform || classifyTile(grid, tile) !== TileClass.AREA) return patch.sort();
  const covered = new Uint8Array(grid.tileCount);
  for (const t of patch) covered[t] = 1;
  const nb = new Int32Array(grid.directions);
  const linear = new Set<number>();
  for (const t of patch) {
    const deg = grid.neighbors(t, nb);
    for (let d = 0; d < deg; d++) {
      const u = nb[d]!;
      if (u >= 0 && !covered[u] && classifyTile(grid, u) !== TileClass.AREA) linear.add(u);
    }
  }
  const out = Array.from(patch);
  for (const u of linear) if (areaNeighboursCovered(grid, u, covered, nb)) out.push(u);
  return Int32Array.from(out).sort();
}

/** A linear tile whose area neighbours on the map are all covered (and which has at least one). */
function areaNeighboursCovered(grid: Grid, t: number, covered: Uint8Array, nb: Int32Array): boolean {
  const deg = grid.neighbors(t, nb);
  let areas = 0;
  for (let d = 0; d < deg; d++) {
    const u = nb[d]!;
    if (u < 0 || classifyTile(grid, u) !== TileClass.AREA) continue;
    if (covered[u] !== 1) return false;
    areas++;
  }
  return areas > 0;
}

export type SelectionOp = 'replace' | 'add' | 'subtract';

/** Shift adds, alt subtracts, neither replaces. */
export function selectionOp(mods: { readonly shift: boolean; readonly alt: boolean }): SelectionOp {
  return mods.alt ? 'subtract' : mods.shift ? 'add' : 'replace';
}

/** The selection after applying `tiles` with `op`, ascending and without repeats. */
export function combineSelection(current: ArrayLike<number>, tiles: ArrayLike<number>, op: SelectionOp): Int32Array {
  const set = new Set<number>(op === 'replace' ? [] : Array.from(current));
  for (let k = 0; k < tiles.length; k++) {
    if (op === 'subtract') set.delete(tiles[k]!);
    else set.add(tiles[k]!);
  }
  return Int32Array.from([...set].sort((a, b) => a - b));
}
