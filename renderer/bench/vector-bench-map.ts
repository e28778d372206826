/**
 * The vector-tile maps of the render benchmark (issue 13, "a 100,000-instance vector map"),
 * one home for both sides: the Node build (bench/vector-map.ts) and the browser page
 * (renderer/bench/vector-cases.ts) make the same map from the same seed. Every cell holds a
 * tile of a set (the starter hex library) in a seeded random placement — on a globe the
 * hexagon cells through the polygon warp and the twelve pentagons through the pentagon warp
 * with a random pentagon turn, as core/assemble places them. Random placements do not match
 * across edges; the drawing work is the same as for an assembled map (each (tile, placement)
 * tessellated once, every instance copied), which at this size the solver would take minutes
 * to produce.
 *
 * DOM- and Node-free: the tiles come in as file texts (read from disk in Node, imported
 * `?raw` by Vite in the page).
 */
import { cellShapeOf } from '../../core/assemble/cell-geometry.js';
import { InstanceLayer } from '../../core/map/instance-layer.js';
import { encodePlacement, type Placement } from '../../core/map/orientation-code.js';
import { placementKind } from '../../core/assemble/placed-tile.js';
import type { GridSize } from '../../core/grid/types.js';
import { TerrainMap } from '../../core/map/terrain-map.js';
import { readVectorTile } from '../../core/vector/json.js';
import { importSvg } from '../../core/vector/svg.js';
import { seededRandom } from '../../core/util/random.js';
import type { VectorTile } from '../../core/vector/types.js';

/** The tiles both sides place (the page imports this folder through Vite's `import.meta.glob`). */
export const VECTOR_BENCH_TILES = 'resources/tiles/starter/hex';
/** The seed both sides place them with. */
export const VECTOR_BENCH_SEED = 13;

export interface TileText {
  /** File name (path); `.svg` or `.json` says the form, the SVG's id defaults to its base name. */
  readonly name: string;
  readonly text: string;
}

/** Tiles from file texts, in name order (so both sides number them alike). */
export function tilesFromTexts(files: readonly TileText[]): VectorTile[] {
  return [...files]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map(({ name, text }) => {
      const lower = name.toLowerCase();
      if (lower.endsWith('.json')) return readVectorTile(text, name);
      if (!lower.endsWith('.svg')) throw new Error(`${name}: expected a vector tile as .svg or .json`);
      const base = name.slice(name.lastIndexOf('/') + 1, -'.svg'.length);
      return importSvg(text, name, { id: base }).tile;
    });
}

/** A map whose every cell holds one of `tiles`, placed at random from `seed` (plains under them). */
export function vectorBenchMap(size: GridSize, tiles: readonly VectorTile[], seed: number): TerrainMap {
  if (tiles.length === 0) throw new Error('a vector bench map needs at least one tile');
  const map = TerrainMap.create({ size, palette: ['plains'] });
  map.layers.terrain.fill(map.terrainIndex('plains'));
  const layer = new InstanceLayer(map.grid);
  const random = seededRandom(seed);
  for (let c = 0; c < map.tileCount; c++) {
    const { tile, code } = randomPlacement(map, c, tiles, random);
    layer.set(c, tile.id, code);
  }
  map.setInstances(layer);
  return map;
}

/**
 * A tile of `tiles` that may stand on cell `c`, in a random orientation: hexagon turns of 60°
 * and a mirror; on a pentagon (warped) also a pentagon turn. A tile no cell shape takes is
 * skipped; a cell no tile fits is an error.
 */
export function randomPlacement(map: TerrainMap, c: number, tiles: readonly VectorTile[], random: () => number): { tile: VectorTile; code: number } {
  const shape = cellShapeOf(map.grid, c, map.spec.alform);
  for (let tries = 0; tries < 4 * tiles.length + 16; tries++) {
    const tile = tiles[Math.floor(random() * tiles.length)]!;
    const kind = placementKind(tile.shape, shape);
    if (!kind) continue;
    const steps = tile.shape.edges.length;
    const placement: Placement = {
      orientation: { rotation: (360 / steps) * Math.floor(random() * steps), mirror: random() < 0.5 ? 'x' : 'none' },
      ...(kind === 'warp-pentagon' ? { pentagonRotation: Math.floor(random() * 5) } : {}),
    };
    return { tile, code: encodePlacement(placement) };
  }
  throw new Error(`no tile of the set fits cell ${c} (a ${shape.name})`);
}
