/**
 * The ground a derivation starts from (SPEC §7 "Deriving a smaller-scale map for a chosen set
 * of adjoining large tiles (a reference area tile and its neighbours; a globe pentagon is
 * never the reference)"; patent (L) "from a set of adjoining TILES"): the one home of the
 * rules the app's Select ground tool, the services and the CLI all apply, with their words.
 *
 * A selection is an ordered list of tile indices, the REFERENCE tile first:
 * - every tile is ground: an AREA tile on an AL-FORM map, any tile on a classic map;
 * - none twice;
 * - the reference is not a globe pentagon (it has no flat hex neighbourhood to unfold,
 *   core/derive/geometry/ratios.ts);
 * - connected: every tile is reached from the reference through adjoining selected ground,
 *   where "adjoining" is ./adjoining.ts — on square maps two tiles touching only at a corner
 *   adjoin (patent rule A across the VERTEX linear tile; see that header).
 *
 * The app's one selection (rectangle, lasso, fill-select, ground clicks; issue 30) may be
 * anything: `selectionGround` takes its ground, puts a reference first and says which rule it
 * breaks ("derive needs one connected area: the selection has 3 parts") — checked, not enforced
 * click by click.
 *
 * Messages name tiles through a `TileLabel` so each caller shows coordinates its own way
 * (the CLI in its --coords, the renderer as "(3, −2)"); the words are the same everywhere.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Grid } from '../grid/types.js';
import type { TerrainMap } from './terrain-map.js';
import { TileClass } from '../alform/classify.js';
import { GroundNeighbours } from '../alform/adjoining.js';
import { tileClasses } from '../alform/tile-classes.js';

/** How a message names a tile. */
export type TileLabel = (tile: number) => string;

/** "tile 2,4": the tile in its grid's preferred coordinates. */
export function tileLabelOf(grid: Grid): TileLabel {
  return (t) => `tile ${grid.coord(t).join(',')}`;
}

/** A selection the rules refuse; `at` is the offending position in the selection, −1 for the whole. */
export class SelectionError extends Error {
  constructor(
    message: string,
    readonly at: number,
  ) {
    super(message);
    this.name = 'SelectionError';
  }
}

/** A globe pentagon (degree 5; flat maps have none). */
function isPentagonTile(grid: Grid, tile: number): boolean {
  return grid.isPentagon(tile);
}

function classesOf(map: TerrainMap): Uint8Array | null {
  return map.spec.alform ? tileClasses(map.grid) : null;
}

/** Whether `tile` carries area terrain: an AL-FORM area tile, or any tile of a classic map. */
export function isGround(map: TerrainMap, tile: number): boolean {
  return !map.spec.alform || tileClasses(map.grid)[tile] === TileClass.AREA;
}

function linearMessage(label: string): string {
  return `${label} is a linear tile; select area tiles (the reference first)`;
}

/** Why `tile` (on the map) cannot be selected at all, or null. */
export function groundProblem(map: TerrainMap, tile: number, label: TileLabel = tileLabelOf(map.grid)): string | null {
  return isGround(map, tile) ? null : linearMessage(label(tile));
}

/** Why `tile` (on the map) cannot be the reference tile, or null. */
export function referenceProblem(map: TerrainMap, tile: number, label: TileLabel = tileLabelOf(map.grid)): string | null {
  if (isPentagonTile(map.grid, tile)) {
    return `the reference tile ${label(tile)} is a pentagon; a pentagon is never the reference tile (SPEC §7) — start on an adjoining hexagon, then add the pentagon`;
  }
  return groundProblem(map, tile, label);
}

/** The ground adjoining `tile` (./adjoining.ts), each once, in direction order. */
export function adjoiningSelectable(map: TerrainMap, tile: number): number[] {
  const g = new GroundNeighbours(map.grid, classesOf(map));
  return Array.from(g.out.subarray(0, g.of(tile)));
}

/** Positions in `tiles` not reached from the first through adjoining selected tiles (empty when connected). */
function unreached(map: TerrainMap, tiles: readonly number[]): number[] {
  if (tiles.length <= 1) return [];
  const at = new Map<number, number>();
  tiles.forEach((t, k) => {
    if (!at.has(t)) at.set(t, k);
  });
  const seen = new Set<number>();
  spread(new GroundNeighbours(map.grid, classesOf(map)), tiles[0]!, at, seen);
  return tiles.flatMap((t, k) => (seen.has(t) ? [] : [k]));
}

/** Adds to `seen` every tile of `within` reached from `start` through adjoining ground (start included). */
function spread(ground: GroundNeighbours, start: number, within: { has(tile: number): boolean }, seen: Set<number>): void {
  seen.add(start);
  const queue = [start];
  while (queue.length) {
    const n = ground.of(queue.pop()!);
    for (let e = 0; e < n; e++) {
      const u = ground.out[e]!;
      if (within.has(u) && !seen.has(u)) {
        seen.add(u);
        queue.push(u);
      }
    }
  }
}

/** True if every tile of `tiles` is reached from the first through adjoining selected tiles. */
export function isConnected(map: TerrainMap, tiles: readonly number[]): boolean {
  return unreached(map, tiles).length === 0;
}

/** True if `tile` adjoins a tile of `tiles`. */
export function adjoinsSelection(map: TerrainMap, tiles: readonly number[], tile: number): boolean {
  const inSel = new Set(tiles);
  return adjoiningSelectable(map, tile).some((u) => inSel.has(u));
}

/**
 * Throws a SelectionError unless `tiles` is a selection a derivation takes (see the header):
 * tile indices on the map, none twice, ground only, a reference that is no pentagon, connected.
 */
export function checkSelection(map: TerrainMap, tiles: readonly number[], label: TileLabel = tileLabelOf(map.grid)): void {
  if (tiles.length === 0) throw new SelectionError('select at least one tile to derive (the reference tile first)', -1);
  const n = map.grid.tileCount;
  const seen = new Set<number>();
  tiles.forEach((t, k) => {
    if (!Number.isInteger(t) || t < 0 || t >= n) throw new SelectionError(`tile ${t} is not on the map (it has tiles 0…${n - 1})`, k);
    if (seen.has(t)) throw new SelectionError(`${label(t)} is selected twice`, k);
    seen.add(t);
    const problem = k === 0 ? referenceProblem(map, t, label) : groundProblem(map, t, label);
    if (problem !== null) throw new SelectionError(problem, k);
  });
  const lost = unreached(map, tiles);
  if (lost.length) throw new SelectionError(`the selection must be connected: ${label(tiles[lost[0]!]!)} does not adjoin the others`, lost[0]!);
}

// ── the one selection (issue 30) ─────────────────────────────────────────

/** A derivation's ground taken from the one selection (rectangle, lasso, fill-select, clicks). */
export interface SelectionGround {
  /** The selection's ground tiles, the reference first (linear tiles a region brought along are left out). */
  readonly tiles: number[];
  /** Why a derivation refuses it, in words that name the rule; null when it takes it. */
  readonly problem: string | null;
}

/** How many connected parts `tiles` (ground) fall into, joined as a derivation joins them. */
export function selectionParts(map: TerrainMap, tiles: ArrayLike<number>): number {
  const inSel = new Set<number>(Array.from(tiles));
  const ground = new GroundNeighbours(map.grid, classesOf(map));
  const seen = new Set<number>();
  let parts = 0;
  for (const start of inSel) {
    if (seen.has(start)) continue;
    parts++;
    spread(ground, start, inSel, seen);
  }
  return parts;
}

/**
 * The ground of `selection` a derivation starts from — `reference` first when it is selected
 * ground that may be the reference, else the first selected tile that may — and, when the
 * rules refuse it, why: "derive needs one connected area: the selection has 3 parts".
 */
export function selectionGround(map: TerrainMap, selection: ArrayLike<number>, reference = -1, label: TileLabel = tileLabelOf(map.grid)): SelectionGround {
  const tiles: number[] = [];
  for (let k = 0; k < selection.length; k++) if (isGround(map, selection[k]!)) tiles.push(selection[k]!);
  if (tiles.length === 0) {
    const problem = selection.length ? 'derive needs ground: the selection holds no area tile (only linear tiles)' : 'derive needs ground: select an area first';
    return { tiles, problem };
  }
  let ref = tiles.indexOf(reference);
  if (ref < 0 || isPentagonTile(map.grid, reference)) ref = tiles.findIndex((t) => !isPentagonTile(map.grid, t));
  if (ref > 0) tiles.unshift(...tiles.splice(ref, 1));
  const parts = selectionParts(map, tiles);
  if (parts > 1) return { tiles, problem: `derive needs one connected area: the selection has ${parts} parts` };
  try {
    checkSelection(map, tiles, label);
    return { tiles, problem: null };
  } catch (e) {
    if (e instanceof SelectionError) return { tiles, problem: e.message };
    throw e;
  }
}
