/**
 * Placing a continuous linear feature (a river, a wall) on the linear tiles of an AL-FORM map
 * (patent AL-FORM-MAP ASSEMBLY, classes (B) and (C)): for each cell of the feature the first
 * tile and orientation, in library order, whose curves cross exactly the edges to the
 * feature's other cells — never an edge to an area tile — and match the feature's tiles
 * already placed (core/vector `matchTiles`). The rerouting (reroute.ts) runs once the whole
 * feature is placed, as the patent asks.
 *
 * Linear vector tiles are drawn in the linear cell's own shape at the grid's plain scale and
 * may take every orientation of that shape: unlike a terrain REPRESENTATION (SPEC §3) the
 * curve itself says where it runs, and the edges it must cross decide the orientation.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { TileClass } from '../alform/classify.js';
import { tileClasses } from '../alform/tile-classes.js';
import type { Grid } from '../grid/types.js';
import { edgeIndicators } from '../vector/indicators.js';
import { matchTiles } from '../vector/match.js';
import type { MatchOptions } from '../vector/match.js';
import { shapeOrientations } from '../vector/orientation.js';
import type { Orientation } from '../vector/orientation.js';
import type { TileShape } from '../vector/shape.js';
import type { VectorTile } from '../vector/types.js';
import type { LinearClassCode, LinearLayer } from '../map/linear-layer.js';
import { LinearClass } from '../map/linear-layer.js';
import { encodePlacement } from '../map/orientation-code.js';
import { placedTile, placementKind } from './placed-tile.js';
import { cellShapeOf, edgeDirections, facingBack } from './cell-geometry.js';

/**
 * The tiles of a library a feature of `terrain` is laid with (a library's river tiles): those
 * whose curves cross edges and all of them with `terrain` — a river source may draw its
 * spring's hills inside, but only the river leaves the tile.
 */
export function featureTiles(library: readonly VectorTile[], terrain: string): VectorTile[] {
  return library.filter((t) => {
    const crossings = edgeIndicators(t).flatMap((e) => e.positions);
    return crossings.length > 0 && crossings.every((p) => p.terrain === terrain);
  });
}

/** Puts tiles of `library` on `cells` (linear cells forming one feature); throws when a cell has no fitting tile. */
export function placeLinearFeature(
  linear: LinearLayer,
  cells: readonly number[],
  library: readonly VectorTile[],
  linearClass: LinearClassCode = LinearClass.BLOCKING,
  match: MatchOptions = {},
  /** Per cell an edge facing off the map that the feature also crosses (a river flowing off the map). */
  offMap?: ReadonlyMap<number, number>,
): void {
  const grid: Grid = linear.grid;
  const cls = tileClasses(grid);
  const inFeature = new Set(cells);
  const geometry = new Map<number, VectorTile>();
  // Every tile in every orientation with the edges it crosses, worked out once per kind of
  // cell shape (which edges a curve crosses does not depend on the cell's exact corners, so a
  // globe's cells share it); a candidate is placed on the cell itself only when its edges are
  // the ones asked for (a long river would otherwise place the whole library at each tile).
  const candidates = new Map<string, { tile: VectorTile; orientation: Orientation; crossed: Set<number> }[]>();
  const candidatesFor = (shape: TileShape) => {
    const key = `${shape.name}:${shape.edges.length}`;
    let out = candidates.get(key);
    if (out) return out;
    out = [];
    for (const tile of library) {
      if (!placementKind(tile.shape, shape) || shape.name === 'pentagon') continue;
      for (const orientation of shapeOrientations(tile.shape)) {
        const placed = placedTile(tile, { orientation }, shape);
        out.push({ tile, orientation, crossed: new Set(edgeIndicators(placed).filter((e) => e.positions.length > 0).map((e) => e.dir)) });
      }
    }
    candidates.set(key, out);
    return out;
  };
  for (const c of cells) {
    if (cls[c] === TileClass.AREA) throw new RangeError(`cell ${c} is an area tile; a linear feature lies on linear tiles`);
    const shape = cellShapeOf(grid, c, true);
    const dirs = edgeDirections(grid, c);
    const need = new Set(dirs.filter((d) => (inFeature.has(grid.neighbor(c, d)) && cls[grid.neighbor(c, d)] !== TileClass.AREA) || (offMap?.get(c) === d && grid.neighbor(c, d) < 0)));
    let done = false;
    for (const { tile, orientation, crossed } of candidatesFor(shape)) {
      if (crossed.size !== need.size || [...need].some((d) => !crossed.has(d))) continue;
      const t = placedTile(tile, { orientation }, shape);
      const fits = [...need].every((d) => {
        const n = grid.neighbor(c, d);
        const other = geometry.get(n);
        return !other || matchTiles(t, d, other, facingBack(grid, c, d, n), match).ok;
      });
      if (!fits) continue;
      linear.set(c, linearClass, tile.id, encodePlacement({ orientation }));
      geometry.set(c, t);
      done = true;
      break;
    }
    if (!done) throw new RangeError(`no tile of the linear set fits cell ${c} (its feature crosses edges ${[...need].join(', ') || 'none'})`);
  }
}
