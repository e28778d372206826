/**
 * The window a blend works on: an AL-FORM map placed at a GLOBAL origin (SPEC §7: blending
 * is a function of global coordinates, so overlapping windows agree). Tile (x, y) of the
 * map is global tile (originX + x, originY + y); area tiles have both global coordinates
 * even, so the origin must be even too.
 *
 * This slice supports unwrapped square AL-FORM maps; other kinds are refused with a clear
 * error rather than blended wrongly.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainMap } from '../../map/terrain-map.js';

export interface BlendWindow {
  readonly map: TerrainMap;
  /** Global coordinates of the map's tile (0, 0); both even. */
  readonly originX: number;
  readonly originY: number;
}

/** Width and height, in tiles, of a window's map after checking it can be blended. */
export function windowSize(w: BlendWindow): { width: number; height: number } {
  const { map, originX, originY } = w;
  if (!map.spec.alform) throw new Error('blending works on AL-FORM maps; got a classic map');
  if (map.spec.kind !== 'square') throw new Error(`blending supports square AL-FORM maps so far; got ${map.spec.kind}`);
  if (map.spec.wrap.x || map.spec.wrap.y) throw new Error('blending supports unwrapped maps so far; got a wrapped map');
  if (!Number.isInteger(originX) || !Number.isInteger(originY) || (originX & 1) !== 0 || (originY & 1) !== 0) {
    throw new Error(`window origin must be two even integers (area tiles sit on even global coordinates), got (${originX}, ${originY})`);
  }
  const size = map.spec.size as { width: number; height: number };
  return { width: size.width, height: size.height };
}

