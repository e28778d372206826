/**
 * Flood fill for the fill tool: core/map/flood-fill.ts (the one home of the rule), called
 * with the renderer's copy of the map.
 *
 * Renderer layer, but pure: no DOM.
 */
import type { LoadedMap } from './map-model.js';
import { floodFill as coreFloodFill } from '../../../core/map/flood-fill.js';

/** The region of tiles with the start tile's terrain, within its class, the start first. */
export function floodFill(loaded: LoadedMap, start: number): Int32Array {
  return coreFloodFill(loaded.map, start);
}
