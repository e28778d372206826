/**
 * A region of terrain lifted off a map — the clipboard of cut, copy and paste (issue 14,
 * "cut, copy and paste of a region (linear terrain included) within and across maps").
 *
 * A region is terrain relative to an anchor tile, together with the rule that carries it to
 * another anchor (`translation`):
 * - flat kinds: offsets in a lattice coordinate system of the kind (square: cartesian;
 *   offset-square and the hex kinds: 120° axial). Lattice coordinates add like vectors, so a
 *   translation keeps every neighbour a neighbour in the same direction; the parity of
 *   offset columns (where a naive "col + dx" bends a hex region) never arises. On AL-FORM
 *   maps both anchors are area tiles (all coordinates even), so the offset is even and area
 *   tiles land on area tiles, linear tiles on linear tiles of the same sub-class.
 * - the globe: no translation exists on an icosahedron; the region keeps the steps of a
 *   breadth-first walk from the anchor and replays them from the new anchor (exact within a
 *   face, the nearest fit across face seams and pentagons; tiles two steps land on are
 *   written once and counted).
 *
 * Classic maps also carry the terrain of edges between two tiles of the region (rivers on
 * hexsides). Pasting writes every tile of the region, empty ones too (a pasted patch replaces
 * what was there, as in an image editor); the paint rules are paint.ts's (class checks, tiles
 * holding vector tile instances). Plans are made first and applied by the caller, so a paste
 * is ONE undo step in the project's journal.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Grid, GridKind } from '../grid/types.js';
import type { CoordSystem } from '../grid/coordinates.js';
import type { TerrainMap } from './terrain-map.js';
import type { LayerChange, PaintPlan } from './paint.js';
import { growingPalette, PaintError, tileLabel } from './paint.js';
import type { TerrainCatalogue } from '../terrain/types.js';
import { findTerrain } from '../terrain/lookup.js';
import { classifyTile, TileClass } from '../alform/classify.js';
import { quoted } from '../util/bounded.js';
import type { NetworkTileChange } from './network-layer.js';
import { copyRegionNetworks, planClearNetworks, planPasteNetworks } from './region-networks.js';

/** Most tiles one region holds (a 1000 × 1000 square). */
export const MAX_REGION_TILES = 1_000_000;

/** How offsets carry a region to another anchor. */
export type RegionTranslation = 'cartesian' | 'axial120' | 'walk';

export interface Region {
  /** The kind the region was copied from (it pastes into maps of the same lattice: `latticeOf`). */
  readonly kind: GridKind;
  readonly alform: boolean;
  readonly translation: RegionTranslation;
  /** Terrain ids; a value k > 0 means `palette[k − 1]`, 0 no terrain. */
  readonly palette: readonly string[];
  /**
   * Two numbers a cell: (dx, dy) from the anchor in the `translation` system, or for `walk`
   * (parent cell, direction) — cell 0 is the anchor, parent −1, and parents come first.
   */
  readonly steps: Int32Array;
  /** Value of each cell, or −1 for a cell the walk only passes through (globe). */
  readonly values: Int16Array;
  /** Classic maps: three numbers an edge (cell, direction, value); the edge joins two cells of the region. */
  readonly edges: Int32Array;
  /**
   * Through-tile networks between two cells of the region: four numbers a connection
   * (cell, code with a region palette kind, cell across port a, cell across port b);
   * region-networks.ts. Absent: none.
   */
  readonly networks?: Int32Array;
}

/** Which lattice a kind's tiles sit on: regions paste between kinds of one lattice (hex-rectangle ↔ hex-hexagon). */
export function latticeOf(kind: GridKind): string {
  return kind === 'hex-rectangle' || kind === 'hex-hexagon' ? 'hex' : kind;
}

function translationOf(kind: GridKind): RegionTranslation {
  if (kind === 'icosahedron') return 'walk';
  return kind === 'square' ? 'cartesian' : 'axial120';
}

/** The region's tile count (cells it writes; walk-through cells excluded). */
export function regionSize(region: Region): number {
  let n = 0;
  for (const v of region.values) if (v >= 0) n++;
  return n;
}

/** Why `region` cannot be pasted into `map`, in one line, or null when it can. */
export function regionMismatch(region: Region, map: TerrainMap): string | null {
  const kind = map.spec.kind;
  if (latticeOf(region.kind) !== latticeOf(kind)) return `a region copied from a ${region.kind} map pastes only into ${latticeOf(region.kind) === 'hex' ? 'hex-rectangle or hex-hexagon' : region.kind} maps; this map is ${kind}`;
  if (region.alform !== map.spec.alform) {
    return region.alform
      ? 'a region copied from an AL-FORM map pastes only into AL-FORM maps; this map is classic (convert it to AL-FORM first)'
      : 'a region copied from a classic map pastes only into classic maps; this map is AL-FORM (convert the source map to AL-FORM first)';
  }
  return null;
}

/**
 * The tile a region of `tiles` is anchored at: on AL-FORM maps an area tile (so offsets
 * stay even), the one nearest the middle of the region's tile centres, so a pasted ghost
 * sits centred under the pointer. −1 for an empty selection (or one without area tiles).
 */
export function regionAnchor(map: TerrainMap, tiles: ArrayLike<number>): number {
  const grid = map.grid;
  const alform = map.spec.alform;
  const sum = [0, 0, 0];
  let count = 0;
  for (let k = 0; k < tiles.length; k++) {
    const c = grid.center(tiles[k]!);
    for (let d = 0; d < c.length; d++) sum[d]! += c[d]!;
    count++;
  }
  if (count === 0) return -1;
  const mid = sum.map((v) => v / count);
  let best = -1;
  let bestD = Infinity;
  for (let k = 0; k < tiles.length; k++) {
    const t = tiles[k]!;
    if (alform && classifyTile(grid, t) !== TileClass.AREA) continue;
    const c = grid.center(t);
    let d2 = 0;
    for (let d = 0; d < c.length; d++) d2 += (c[d]! - mid[d]!) ** 2;
    if (d2 < bestD || (d2 === bestD && t < best)) {
      bestD = d2;
      best = t;
    }
  }
  return best;
}

/** Lifts the terrain of `tiles` (and, on classic maps, of the edges between two of them) off `map`, relative to `anchor`. */
export function copyRegion(map: TerrainMap, tiles: ArrayLike<number>, anchor: number): Region {
  const grid = map.grid;
  const unique = uniqueTiles(map, tiles);
  if (unique.length === 0) throw new PaintError('nothing is selected to copy');
  checkAnchor(map, anchor);
  const translation = translationOf(map.spec.kind);
  const cellOf = new Map<number, number>();
  let cellTiles: number[];
  let steps: number[];
  if (translation === 'walk') ({ cellTiles, steps } = walkFrom(grid, anchor, unique));
  else {
    cellTiles = unique;
    steps = [];
    const [ax, ay] = grid.toSystem(anchor, translation) as [number, number];
    for (const t of unique) {
      const [x, y] = grid.toSystem(t, translation) as [number, number];
      steps.push(x - ax, y - ay);
    }
  }
  const inRegion = new Set(unique);
  const palette: string[] = [];
  const local = new Map<number, number>();
  const valueOf = (stored: number): number => {
    if (stored === 0) return 0;
    let v = local.get(stored);
    if (v === undefined) {
      palette.push(map.terrainOf(stored));
      local.set(stored, (v = palette.length));
    }
    return v;
  };
  const values = new Int16Array(cellTiles.length);
  cellTiles.forEach((t, k) => {
    cellOf.set(t, k);
    values[k] = inRegion.has(t) ? valueOf(map.layers.terrain[t]!) : -1;
  });
  const edges: number[] = [];
  const layer = map.layers.edges;
  if (layer && !map.spec.alform) {
    const seen = new Set<number>();
    for (const t of unique) {
      for (let d = 0; d < grid.degree(t); d++) {
        const slot = grid.edgeSlot(t, d);
        if (slot < 0 || seen.has(slot) || !inRegion.has(grid.neighbor(t, d))) continue;
        seen.add(slot);
        edges.push(cellOf.get(t)!, d, valueOf(layer[slot]!));
      }
    }
  }
  const networks = copyRegionNetworks(map, unique, cellOf, valueOf);
  return { kind: map.spec.kind, alform: map.spec.alform, translation, palette, steps: Int32Array.from(steps), values, edges: Int32Array.from(edges), networks };
}

/** Where a region lands with its anchor on `anchor`: target tile per cell (−1 off the map or already taken) and edge slots. */
export interface Placement {
  /** Target tile of each cell (−1: off the map, or a tile an earlier cell took). */
  readonly targets: Int32Array;
  /** Edge slot of each of the region's edges (−1 where an end is off the map). */
  readonly edgeSlots: Int32Array;
  /** Region tiles that fall off the map. */
  readonly outside: number;
}

/** Carries `region` to `anchor` on `map` by its translation rule (the region must fit the map: `regionMismatch`). */
export function placeRegion(region: Region, map: TerrainMap, anchor: number): Placement {
  const problem = regionMismatch(region, map);
  if (problem) throw new PaintError(problem);
  checkAnchor(map, anchor);
  const grid = map.grid;
  const n = region.values.length;
  const targets = new Int32Array(n).fill(-1);
  const taken = new Set<number>();
  const { steps } = region;
  let outside = 0;
  if (region.translation === 'walk') {
    for (let k = 0; k < n; k++) {
      const parent = steps[2 * k]!;
      const from = parent < 0 ? anchor : targets[parent]!;
      const t = parent < 0 ? anchor : from >= 0 ? grid.neighbor(from, steps[2 * k + 1]!) : -1;
      // A walk-through cell still carries the walk on, even to a tile a written cell took.
      if (t >= 0 && (region.values[k]! < 0 || !taken.has(t))) {
        targets[k] = t;
        if (region.values[k]! >= 0) taken.add(t);
      } else if (region.values[k]! >= 0) outside++;
    }
  } else {
    const system: CoordSystem = region.translation;
    const [ax, ay] = grid.toSystem(anchor, system) as [number, number];
    for (let k = 0; k < n; k++) {
      const t = grid.fromSystem([ax + steps[2 * k]!, ay + steps[2 * k + 1]!], system);
      // On a wrapped map a region wider than the map meets itself: the first cell keeps the tile.
      if (t >= 0 && !taken.has(t)) {
        targets[k] = t;
        taken.add(t);
      } else outside++;
    }
  }
  const edgeSlots = new Int32Array(region.edges.length / 3);
  for (let e = 0; e < edgeSlots.length; e++) {
    const t = targets[region.edges[3 * e]!]!;
    edgeSlots[e] = t >= 0 ? grid.edgeSlot(t, region.edges[3 * e + 1]!) : -1;
  }
  return { targets, edgeSlots, outside };
}

/** A region's paint plan with the network changes of the same undo step. */
export interface RegionPlan extends PaintPlan {
  readonly networks: NetworkTileChange[];
}

/** A planned paste: the changes (one undo step), and what did not land. */
export interface PastePlan extends RegionPlan {
  /** Tiles written (changed or not). */
  readonly placed: number;
  /** Region tiles off the map. */
  readonly outside: number;
  /** Region tiles whose terrain does not fit the tile they land on (the globe's seams). */
  readonly misfits: number;
}

/** Plans pasting `region` with its anchor on `anchor`: paint.ts's rules, nothing changed yet. */
export function planPasteRegion(map: TerrainMap, catalogue: TerrainCatalogue, region: Region, anchor: number): PastePlan {
  const { targets, edgeSlots, outside } = placeRegion(region, map, anchor);
  // Region palette → the map's palette values, growing the palette for terrains it lacks.
  const { palette, valueOf } = growingPalette(map);
  const classOf: ('area' | 'linear')[] = [];
  const toMap = region.palette.map((id, k) => {
    const t = findTerrain(catalogue, id);
    if (!t) throw new PaintError(`the copied region holds ${quoted(id)}, which is not a terrain of catalogue ${quoted(catalogue.name)}`);
    classOf[k + 1] = t.class;
    return valueOf(id);
  });
  const mapped = (v: number): number => (v === 0 ? 0 : toMap[v - 1]!);
  const changes: LayerChange[] = [];
  const layer = map.layers.terrain;
  let placed = 0;
  let misfits = 0;
  const written: number[] = [];
  for (let k = 0; k < targets.length; k++) {
    const t = targets[k]!;
    const v = region.values[k]!;
    if (t < 0 || v < 0) continue;
    if (map.instances?.has(t)) throw new PaintError(`${tileLabel(map, t)} holds the vector tile "${map.instances.get(t)!.tile}", which gives it its terrain; clear the tile first or paste elsewhere`);
    const isArea = !map.spec.alform || classifyTile(map.grid, t) === TileClass.AREA;
    // AL-FORM: empty cells keep their class too (an empty linear cell lands on a linear tile).
    if (map.spec.alform && v > 0 && (classOf[v] === 'area') !== isArea) {
      misfits++;
      continue;
    }
    if (!map.spec.alform && v > 0 && classOf[v] !== 'area') throw new PaintError(`the copied region puts linear terrain ${quoted(region.palette[v - 1]!)} on a tile of a classic map`);
    placed++;
    written.push(t);
    const after = mapped(v);
    if (layer[t] !== after) changes.push({ layer: 'terrain', index: t, before: layer[t]!, after });
  }
  const edges = map.layers.edges;
  for (let e = 0; e < edgeSlots.length; e++) {
    const slot = edgeSlots[e]!;
    const v = region.edges[3 * e + 2]!;
    if (slot < 0 || !edges) continue;
    if (v > 0 && classOf[v] !== 'linear') throw new PaintError(`the copied region puts area terrain ${quoted(region.palette[v - 1]!)} on a tile edge`);
    const after = mapped(v);
    if (edges[slot] !== after) changes.push({ layer: 'edges', index: slot, before: edges[slot]!, after });
  }
  const networks = planPasteNetworks(map, region.networks ?? new Int32Array(0), targets, written, mapped);
  return { changes, palette, networks, placed, outside, misfits };
}

/**
 * Plans clearing the terrain of `tiles` (a cut): every tile, and on classic maps the edges
 * between two of them, and the networks through them — exactly what `copyRegion` lifts, so
 * cut then paste moves terrain and roads.
 */
export function planClearRegion(map: TerrainMap, tiles: ArrayLike<number>): RegionPlan {
  const unique = uniqueTiles(map, tiles);
  const inRegion = new Set(unique);
  const changes: LayerChange[] = [];
  const layer = map.layers.terrain;
  for (const t of unique) {
    if (map.instances?.has(t)) throw new PaintError(`${tileLabel(map, t)} holds the vector tile "${map.instances.get(t)!.tile}", which gives it its terrain; clear the tile first`);
    if (layer[t] !== 0) changes.push({ layer: 'terrain', index: t, before: layer[t]!, after: 0 });
  }
  const edges = map.layers.edges;
  if (edges && !map.spec.alform) {
    const seen = new Set<number>();
    for (const t of unique) {
      for (let d = 0; d < map.grid.degree(t); d++) {
        const slot = map.grid.edgeSlot(t, d);
        if (slot < 0 || seen.has(slot) || !inRegion.has(map.grid.neighbor(t, d))) continue;
        seen.add(slot);
        if (edges[slot] !== 0) changes.push({ layer: 'edges', index: slot, before: edges[slot]!, after: 0 });
      }
    }
  }
  return { changes, palette: map.palette, networks: planClearNetworks(map, unique) };
}

function uniqueTiles(map: TerrainMap, tiles: ArrayLike<number>): number[] {
  if (tiles.length > MAX_REGION_TILES) throw new PaintError(`a region holds at most ${MAX_REGION_TILES.toLocaleString('en')} tiles, got ${tiles.length.toLocaleString('en')}`);
  const seen = new Set<number>();
  const out: number[] = [];
  for (let k = 0; k < tiles.length; k++) {
    const t = tiles[k]!;
    if (!Number.isInteger(t) || t < 0 || t >= map.tileCount) throw new PaintError(`tile index ${t} is outside the map (0…${map.tileCount - 1})`);
    if (!seen.has(t)) {
      seen.add(t);
      out.push(t);
    }
  }
  return out;
}

function checkAnchor(map: TerrainMap, anchor: number): void {
  if (!Number.isInteger(anchor) || anchor < 0 || anchor >= map.tileCount) throw new PaintError(`anchor tile ${anchor} is outside the map (0…${map.tileCount - 1})`);
  if (map.spec.alform && classifyTile(map.grid, anchor) !== TileClass.AREA) throw new PaintError(`the anchor ${tileLabel(map, anchor)} must be an area tile`);
}

/**
 * Globe: a breadth-first walk from `anchor` until every tile of `tiles` is reached; cells are
 * the tiles in the order reached (parents first), each with its parent cell and direction.
 */
function walkFrom(grid: Grid, anchor: number, tiles: readonly number[]): { cellTiles: number[]; steps: number[] } {
  const wanted = new Set(tiles);
  let missing = wanted.size - (wanted.has(anchor) ? 1 : 0);
  const cellTiles = [anchor];
  const steps = [-1, 0];
  const cellOf = new Map([[anchor, 0]]);
  const nb = new Int32Array(grid.directions);
  for (let head = 0; head < cellTiles.length && missing > 0; head++) {
    const t = cellTiles[head]!;
    const deg = grid.neighbors(t, nb);
    for (let d = 0; d < deg && missing > 0; d++) {
      const u = nb[d]!;
      if (u < 0 || cellOf.has(u)) continue;
      cellOf.set(u, cellTiles.length);
      cellTiles.push(u);
      steps.push(head, d);
      if (wanted.has(u)) missing--;
    }
  }
  // Walk-through tiles reached after the last wanted one are dropped; the wanted ones are all in.
  return { cellTiles, steps };
}
