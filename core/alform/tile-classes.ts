/**
 * AL-FORM tile classes per grid, computed once and shared: `classifyTiles` converts every
 * tile's coordinates, which is too slow to repeat for every movement graph, sight query,
 * fill or selection on a 4 M-tile map. Grids are immutable, so a WeakMap keyed by the grid
 * is a safe cache. This is the one cache of tile classes: movement, sight, painting, the
 * derivation checks and the renderer all read it.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Grid } from '../grid/types.js';
import { classifyTiles } from './classify.js';
import { oncePer } from '../util/once-per.js';

/** One class code per tile (0 = AREA); do not modify the returned array. */
export const tileClasses: (grid: Grid) => Uint8Array = oncePer(classifyTiles);
