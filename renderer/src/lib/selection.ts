/**
 * The "Select ground" tool (SPEC §7, "Derive tactical map"; it clicks ground into the one
 * selection, stores/selection.svelte.ts): thin calls to the core's one
 * set of selection rules (core/map/ground-selection.ts: ground tiles only, no pentagon reference,
 * connected by core/alform/adjoining.ts — on square maps tiles touching at a corner adjoin)
 * and derive options (core/derive/options.ts), with tiles named as the renderer shows
 * coordinates ("(3, −2)"). What stays here is picking: which tile a click over an empty
 * linear tile means.
 *
 * Renderer layer, but pure: no DOM.
 */
import type { LoadedMap } from './map-model.js';
import { formatCoord } from './map-model.js';
import { areaTileAt } from './targeting.js';
import { TileClass } from '../../../core/alform/classify.js';
import type { GridKind, ModelPoint } from '../../../core/grid/types.js';
import * as core from '../../../core/map/ground-selection.js';
import type { TileLabel } from '../../../core/map/ground-selection.js';
import { defaultRatio, offeredRatios } from '../../../core/derive/options.js';

export { MAX_OFFERED_RATIO, parseSeed, PREFERRED_RATIO } from '../../../core/derive/options.js';

/** Tiles named as the status bar names them. */
function labelOf(loaded: LoadedMap): TileLabel {
  const grid = loaded.map.grid;
  return (t) => formatCoord(grid.coordSystem, grid.coord(t));
}

/**
 * The tile a click at `point` over picked tile `tile` selects, or −1: on AL-FORM maps a click
 * over an empty linear tile takes the area tile whose drawn (doubled) polygon is under the
 * pointer, as painting does; a linear tile that carries a feature (a river, a road) selects nothing.
 */
export function groundTileAt(loaded: LoadedMap, tile: number, point: ModelPoint): number {
  if (tile < 0) return -1;
  const { classes, map } = loaded;
  if (!classes || classes[tile] === TileClass.AREA) return tile;
  if (map.layers.terrain[tile] !== 0) return -1;
  return areaTileAt(loaded, tile, point);
}

/** Ground tiles adjoining `tile` (core/alform/adjoining.ts), each once, in direction order. */
export function adjoiningTiles(loaded: LoadedMap, tile: number): number[] {
  return core.adjoiningSelectable(loaded.map, tile);
}

/** Why `tile` cannot be the reference tile, or null if it can. */
export function referenceProblem(loaded: LoadedMap, tile: number): string | null {
  return core.referenceProblem(loaded.map, tile, labelOf(loaded));
}

/** True if every tile of `tiles` is reached from the first through adjoining selected tiles. */
export function isConnected(loaded: LoadedMap, tiles: readonly number[]): boolean {
  return core.isConnected(loaded.map, tiles);
}

/** Why `tile` cannot be selected as ground (a linear tile on an AL-FORM map), or null. */
export function groundProblem(loaded: LoadedMap, tile: number): string | null {
  return core.groundProblem(loaded.map, tile, labelOf(loaded));
}

/** The ratio the dialog starts with (core/derive/options.ts defaultRatio). */
export function defaultDeriveRatio(kind: GridKind): number {
  return defaultRatio(kind);
}

/** The ratios the dialog offers (core/derive/options.ts offeredRatios). */
export function deriveRatioChoices(kind: GridKind): number[] {
  return offeredRatios(kind);
}
