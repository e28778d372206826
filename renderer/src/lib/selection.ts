/**
 * The "Select ground" tool's rules: which tiles a derivation (SPEC §7, "Derive tactical map")
 * may start from, and how clicks change the selection. The selection is an ordered list of
 * tile indices, the REFERENCE tile first, and always stays connected with a valid reference,
 * because that is what `maps.derive` accepts (core/derive/derive.ts DeriveOptions.tiles):
 *
 * - AL-FORM maps select AREA tiles only. A click over an empty linear tile takes the area
 *   tile whose drawn (doubled) polygon is under the pointer, as painting does; a click on a
 *   linear tile that carries a feature (a river, a road) selects nothing.
 * - Two tiles adjoin when they share an edge: classic maps, the grid's edge neighbours (no
 *   square diagonals); AL-FORM maps, two area tiles on either side of one edge-like linear
 *   tile (square VERTEX tiles only touch at corners and do not join, as in fill.ts).
 * - A globe pentagon is never the reference tile (SPEC §7); it may join as another tile.
 * - A plain click starts a new selection, shift-click (or a drag) adds an adjoining tile,
 *   a click on a selected tile removes it — unless that would split the selection or leave
 *   a pentagon as the reference, which is refused with a message saying why.
 *
 * Also the scale ratios the derive dialog offers (core/derive/geometry/ratios.ts).
 *
 * Renderer layer, but pure: no DOM.
 */
import type { LoadedMap } from './map-model.js';
import { formatCoord, isPentagon } from './map-model.js';
import { areaTileAt } from './targeting.js';
import { TileClass } from '../../../core/alform/classify.js';
import type { GridKind, ModelPoint } from '../../../core/grid/types.js';
import { admissibleRatios, nearestAdmissibleRatio, ratioStep } from '../../../core/derive/geometry/ratios.js';

/** The scale ratio a designer usually wants: a strategic tile ≈ 10 tactical tiles. */
export const PREFERRED_RATIO = 10;
/** The largest ratio the dialog offers (a 1:48 substitute is already ~2 300 tiles per area tile). */
export const MAX_OFFERED_RATIO = 48;

/** What a click or drag did: the new selection (the same array when nothing changed) and why not, if refused. */
export interface SelectionStep {
  readonly tiles: readonly number[];
  readonly message: string | null;
}

function where(loaded: LoadedMap, tile: number): string {
  const grid = loaded.map.grid;
  return `${formatCoord(grid.coordSystem, grid.coord(tile))}`;
}

/** The tile a click at `point` over picked tile `tile` selects, or −1 (see the header). */
export function groundTileAt(loaded: LoadedMap, tile: number, point: ModelPoint): number {
  if (tile < 0) return -1;
  const { classes, map } = loaded;
  if (!classes || classes[tile] === TileClass.AREA) return tile;
  if (map.layers.terrain[tile] !== 0) return -1;
  return areaTileAt(loaded, tile, point);
}

/** Tiles that share an edge with `tile` (see the header), each once, in direction order. */
export function adjoiningTiles(loaded: LoadedMap, tile: number): number[] {
  const { map, classes } = loaded;
  const grid = map.grid;
  const nb = new Int32Array(grid.directions);
  const out: number[] = [];
  const deg = grid.neighbors(tile, nb);
  if (!classes) {
    for (let d = 0; d < deg; d++) {
      const u = nb[d]!;
      if (u >= 0 && grid.edgeSlot(tile, d) >= 0 && !out.includes(u)) out.push(u);
    }
    return out;
  }
  const nb2 = new Int32Array(grid.directions);
  for (let d = 0; d < deg; d++) {
    const l = nb[d]!;
    if (l < 0 || classes[l] === TileClass.AREA || classes[l] === TileClass.VERTEX) continue;
    const deg2 = grid.neighbors(l, nb2);
    for (let e = 0; e < deg2; e++) {
      const w = nb2[e]!;
      if (w >= 0 && w !== tile && classes[w] === TileClass.AREA && !out.includes(w)) out.push(w);
    }
  }
  return out;
}

/** Why `tile` cannot be the reference tile, or null if it can. */
export function referenceProblem(loaded: LoadedMap, tile: number): string | null {
  if (isPentagon(loaded.map.grid, tile)) {
    return `The pentagon at ${where(loaded, tile)} cannot be the reference tile (SPEC §7): start the selection on an adjoining hexagon, then shift-click to add the pentagon.`;
  }
  if (loaded.classes && loaded.classes[tile] !== TileClass.AREA) return `Only area tiles can be selected; ${where(loaded, tile)} is a linear tile.`;
  return null;
}

/** True if every tile of `tiles` is reached from the first through adjoining selected tiles. */
export function isConnected(loaded: LoadedMap, tiles: readonly number[]): boolean {
  if (tiles.length <= 1) return true;
  const inSel = new Set(tiles);
  const seen = new Set<number>([tiles[0]!]);
  const queue = [tiles[0]!];
  while (queue.length) {
    const t = queue.pop()!;
    for (const u of adjoiningTiles(loaded, t)) {
      if (inSel.has(u) && !seen.has(u)) {
        seen.add(u);
        queue.push(u);
      }
    }
  }
  return seen.size === inSel.size;
}

function adjoinsSelection(loaded: LoadedMap, tiles: readonly number[], tile: number): boolean {
  const inSel = new Set(tiles);
  return adjoiningTiles(loaded, tile).some((u) => inSel.has(u));
}

/** A click on `tile` (already through `groundTileAt`); `add` is shift held. */
export function selectionClick(loaded: LoadedMap, tiles: readonly number[], tile: number, add: boolean): SelectionStep {
  if (tile < 0) return { tiles, message: null };
  const at = tiles.indexOf(tile);
  if (at >= 0) return removeTile(loaded, tiles, at);
  if (!add || tiles.length === 0) {
    const problem = referenceProblem(loaded, tile);
    return problem ? { tiles, message: problem } : { tiles: [tile], message: null };
  }
  if (loaded.classes && loaded.classes[tile] !== TileClass.AREA) return { tiles, message: referenceProblem(loaded, tile) };
  if (!adjoinsSelection(loaded, tiles, tile)) {
    return { tiles, message: `${where(loaded, tile)} does not adjoin the selection: add tiles that share an edge with a selected one.` };
  }
  return { tiles: [...tiles, tile], message: null };
}

/** A drag over `tile` adds it when it adjoins the selection; anything else is passed over silently. */
export function selectionExtend(loaded: LoadedMap, tiles: readonly number[], tile: number): readonly number[] {
  if (tile < 0 || tiles.includes(tile)) return tiles;
  if (tiles.length === 0) return referenceProblem(loaded, tile) ? tiles : [tile];
  if (loaded.classes && loaded.classes[tile] !== TileClass.AREA) return tiles;
  return adjoinsSelection(loaded, tiles, tile) ? [...tiles, tile] : tiles;
}

function removeTile(loaded: LoadedMap, tiles: readonly number[], at: number): SelectionStep {
  const rest = tiles.filter((_, k) => k !== at);
  if (rest.length === 0) return { tiles: rest, message: null };
  if (at === 0) {
    // The reference goes: the earliest remaining tile that can be a reference takes its place.
    const next = rest.findIndex((t) => referenceProblem(loaded, t) === null);
    if (next < 0) return { tiles, message: 'Removing the reference tile would leave only a pentagon, which cannot be the reference tile (SPEC §7).' };
    if (next > 0) rest.unshift(...rest.splice(next, 1));
  }
  if (!isConnected(loaded, rest)) {
    return { tiles, message: `Removing ${where(loaded, tiles[at]!)} would split the selection in two; remove tiles from its edge.` };
  }
  return { tiles: rest, message: null };
}

// ── scale ratios ────────────────────────────────────────────────────────

/** The ratio the dialog starts with: the admissible ratio nearest 1:10 (square 10, offset-square 12, hex kinds and the globe 12). */
export function defaultDeriveRatio(kind: GridKind): number {
  return nearestAdmissibleRatio(kind, PREFERRED_RATIO);
}

/** The ratios the dialog offers: every admissible ratio up to MAX_OFFERED_RATIO (steps of 2, 4 or 6). */
export function deriveRatioChoices(kind: GridKind): number[] {
  return admissibleRatios(kind, Math.max(MAX_OFFERED_RATIO, ratioStep(kind)));
}

/** A seed typed into the dialog, or a message saying what is wrong with it. */
export function parseSeed(text: string): { seed: number } | { error: string } {
  const t = text.trim();
  if (t === '') return { seed: 0 };
  if (!/^\d+$/.test(t)) return { error: `seed must be a whole number 0 … 2147483647, got "${t}"` };
  const seed = Number(t);
  if (seed > 2 ** 31 - 1) return { error: `seed must be at most 2147483647, got ${t}` };
  return { seed };
}
