/**
 * The painted linear tiles of an AL-FORM map as the linear layer assembly needs (issue 25:
 * "the linear tiles PASS-THRU / WITH-TERRAIN / BLOCKING from painted linear tiles"). The
 * designer paints rivers, walls and roads on the linear tiles; realizing the map lays each
 * connected run of one painted terrain as one feature (`placeLinearFeature`, the patent's
 * classes (B) and (C)) with the library's tiles of that terrain, and leaves every unpainted
 * linear tile PASS-THRU.
 *
 * The class of a painted terrain (one rule, here):
 *   - a linear terrain the catalogue's first movement mode (foot, in the default catalogue)
 *     cannot occupy (a river, a wall: crossed, never stood on) is BLOCKING — the area terrain
 *     meeting it is rerouted, as a forest stops at a river;
 *   - one that mode plays (a road, a track: occupied and moved along) is
 *     PASS-THRU-WITH-TERRAIN — drawn over the area terrain that passes through it.
 * A composite painted where two terrains meet (river + road → river-bridge) joins the feature
 * of its higher-priority part (the river: the catalogue's pair order), and is reported: one
 * linear tile holds one tile, so the lower part is not drawn there.
 *
 * A linear tile painted with an AREA terrain is that area passing through (PASS-THRU), as the
 * app's fill paints a new AL-FORM map.
 *
 * Nothing painted is dropped silently: a feature no tile of the library can lay is refused
 * with its first cell and the reason, and its cells stay PASS-THRU.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { TileClass } from '../alform/classify.js';
import { tileClasses } from '../alform/tile-classes.js';
import type { TerrainCatalogue } from '../terrain/catalogue.js';
import type { TerrainMap } from '../map/terrain-map.js';
import type { LinearClassCode } from '../map/linear-layer.js';
import { LinearClass, LinearLayer } from '../map/linear-layer.js';
import type { MatchOptions } from '../vector/match.js';
import type { VectorTile } from '../vector/types.js';
import { featureTiles, placeLinearFeature } from './linear-feature.js';
import { edgeDirections } from './cell-geometry.js';

/** One connected run of one painted linear terrain. */
export interface PaintedLinearFeature {
  readonly terrain: string;
  readonly linearClass: LinearClassCode;
  /** Its linear cells, in a walk order (each after a neighbour already listed, from an end). */
  readonly cells: readonly number[];
  /** Its ends on the map's rim, with the edge facing off the map: it flows on beyond the map there. */
  readonly offMap: ReadonlyMap<number, number>;
}

export interface LinearRealization {
  /** The linear layer: painted features laid, the rest PASS-THRU. */
  readonly linear: LinearLayer;
  /** The tiles the layer uses (what the checker and the rerouting read). */
  readonly linearTiles: readonly VectorTile[];
  readonly features: readonly PaintedLinearFeature[];
  /** Features no tile lays, by their first cell, with why; their cells stay PASS-THRU. */
  readonly refused: readonly { readonly cell: number; readonly reason: string }[];
  /** Painted cells drawn otherwise than painted (a composite as its higher part), with why. */
  readonly notes: readonly { readonly cell: number; readonly note: string }[];
}

/** The AL-FORM class a painted linear terrain's tiles take (the module header's rule). */
export function paintedLinearClass(catalogue: TerrainCatalogue, terrain: string): LinearClassCode {
  const t = catalogue.terrains.find((x) => x.id === terrain);
  const first = catalogue.modes[0]?.id;
  return t && t.class === 'linear' && first !== undefined && t.movement[first]?.playable ? LinearClass.WITH_TERRAIN : LinearClass.BLOCKING;
}

/**
 * Whether a painted value is a linear terrain laid on linear tiles (a linear tile painted with
 * area terrain is that area passing through; a road the catalogue runs `through` area tiles is
 * the network layer's, drawn centre to centre: issue 26).
 */
export function isLinearTerrain(catalogue: TerrainCatalogue, id: string): boolean {
  return catalogue.terrains.some((t) => t.id === id && t.class === 'linear' && t.runs !== 'through');
}

/** What a painted linear value lays: itself, or a composite's higher-priority part. */
export function laidTerrain(catalogue: TerrainCatalogue, painted: string): string {
  const composite = catalogue.composites.find((c) => c.result === painted);
  return composite ? composite.pair[0] : painted;
}

/** The painted linear terrains of an AL-FORM map's linear tiles, composites read as what they lay. */
export function paintedAlFormLinearKinds(map: TerrainMap, catalogue: TerrainCatalogue): Set<string> {
  const out = new Set<string>();
  if (!map.spec.alform) return out;
  const cls = tileClasses(map.grid);
  for (let c = 0; c < map.grid.tileCount; c++) {
    if (cls[c] === TileClass.AREA) continue;
    const t = map.terrainAt(c);
    if (!isLinearTerrain(catalogue, t)) continue;
    out.add(t);
    const composite = catalogue.composites.find((x) => x.result === t);
    if (composite) for (const p of composite.pair) out.add(p);
  }
  return out;
}

/** The connected runs of painted linear terrain on the linear tiles of an AL-FORM map. */
export function paintedLinearFeatures(map: TerrainMap, catalogue: TerrainCatalogue): PaintedLinearFeature[] {
  const grid = map.grid;
  const cls = tileClasses(grid);
  const laid = new Array<string>(grid.tileCount).fill('');
  const linearIds = new Set(catalogue.terrains.filter((t) => isLinearTerrain(catalogue, t.id)).map((t) => t.id));
  for (let c = 0; c < grid.tileCount; c++) if (cls[c] !== TileClass.AREA && linearIds.has(map.terrainAt(c))) laid[c] = laidTerrain(catalogue, map.terrainAt(c));
  const seen = new Uint8Array(grid.tileCount);
  // Along edges, as placeLinearFeature lays them (a square's corner neighbours are not crossed).
  const sameNeighbours = (c: number): number[] => {
    const out: number[] = [];
    for (const d of edgeDirections(grid, c)) {
      const n = grid.neighbor(c, d);
      if (n >= 0 && cls[n] !== TileClass.AREA && laid[n] === laid[c]) out.push(n);
    }
    return out;
  };
  const features: PaintedLinearFeature[] = [];
  for (let start = 0; start < grid.tileCount; start++) {
    if (laid[start] === '' || seen[start]) continue;
    // The component, then a walk from one of its ends (a cell with one neighbour in it), so
    // each cell is laid after a neighbour and matches it.
    const component: number[] = [];
    const stack = [start];
    seen[start] = 1;
    while (stack.length) {
      const c = stack.pop()!;
      component.push(c);
      for (const n of sameNeighbours(c)) {
        if (seen[n]) continue;
        seen[n] = 1;
        stack.push(n);
      }
    }
    const end = component.find((c) => sameNeighbours(c).length === 1) ?? Math.min(...component);
    const order: number[] = [];
    const placed = new Set<number>([end]);
    const queue = [end];
    for (let q = 0; q < queue.length; q++) {
      order.push(queue[q]!);
      for (const n of sameNeighbours(queue[q]!)) {
        if (placed.has(n)) continue;
        placed.add(n);
        queue.push(n);
      }
    }
    // An end on the rim runs off the map (painted to the edge), not into a source or a lake.
    const offMap = new Map<number, number>();
    for (const c of component) {
      if (component.length > 1 && sameNeighbours(c).length !== 1) continue;
      const rim = edgeDirections(grid, c).find((d) => grid.neighbor(c, d) < 0);
      if (rim !== undefined) offMap.set(c, rim);
      if (component.length === 1 && offMap.size) break;
    }
    features.push({ terrain: laid[start]!, linearClass: paintedLinearClass(catalogue, laid[start]!), cells: order, offMap });
  }
  return features;
}

/**
 * The linear layer of a painted AL-FORM map: each painted feature laid with `library`'s tiles
 * of its terrain (`featureTiles`), the unpainted linear tiles PASS-THRU. With `start` (the
 * map's stored linear layer) what it holds is kept, its tile table extended, not reordered.
 */
export function realizeLinearPainting(map: TerrainMap, library: readonly VectorTile[], catalogue: TerrainCatalogue, match: MatchOptions = {}, start?: LinearLayer | null): LinearRealization {
  if (!map.spec.alform) throw new RangeError('realizing linear painting needs an AL-FORM map; classic maps paint their edges');
  // Linear tiles already laid are the designer's: a feature touching one is left as it is.
  const linear = start ? start.clone() : new LinearLayer(map.grid);
  const untouched = (f: PaintedLinearFeature): boolean => !start || f.cells.every((c) => start.classOf(c) === LinearClass.PASS_THRU && !start.get(c));
  const features = paintedLinearFeatures(map, catalogue).filter(untouched);
  const used = new Map<string, VectorTile>();
  const refused: { cell: number; reason: string }[] = [];
  const notes: { cell: number; note: string }[] = [];
  const byTerrain = new Map<string, VectorTile[]>();
  for (const f of features) {
    let tiles = byTerrain.get(f.terrain);
    if (!tiles) byTerrain.set(f.terrain, (tiles = featureTiles(library, f.terrain)));
    if (tiles.length === 0) {
      refused.push({ cell: f.cells[0]!, reason: `the tile set has no ${f.terrain} tiles (tiles whose lines cross their edges only as ${f.terrain}) for ${f.cells.length} painted linear tile(s)` });
      continue;
    }
    const trial = linear.clone();
    try {
      placeLinearFeature(trial, f.cells, tiles, f.linearClass, match, f.offMap);
    } catch (e) {
      refused.push({ cell: f.cells[0]!, reason: `the ${f.terrain} of ${f.cells.length} painted linear tile(s) cannot be laid: ${(e as Error).message}` });
      continue;
    }
    for (const c of f.cells) {
      const p = trial.get(c);
      linear.set(c, f.linearClass, p!.tile, p!.code);
      used.set(p!.tile, tiles.find((t) => t.id === p!.tile)!);
      const painted = map.terrainAt(c);
      if (painted !== f.terrain) notes.push({ cell: c, note: `${painted} painted; one linear tile holds one tile, so it is drawn as its ${f.terrain}` });
    }
  }
  return { linear, linearTiles: [...used.values()], features, refused, notes };
}
