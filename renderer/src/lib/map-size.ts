/**
 * A map's size where designers read and type it (issue 30, "AL-FORM internals in the
 * interface"): in hexes or squares — an AL-FORM map by the classic size it is the image of
 * (core/map/tile-counts.ts designerSizeOf), never its grid's 2M−1 — in the header, the Map
 * panel, the start screen and the Resize dialog. Resize turns the typed classic size back
 * into the grid size `maps.resize` takes (core/grid/alform-size.ts planMapSize, as the New
 * map dialog does), so its refusals speak of what was typed. A pointy-top map's size is hexes
 * across × rows, its grid transposed.
 *
 * Renderer layer, pure (no DOM).
 */
import type { MapSummary } from '../../../contract/contract.js';
import { alformWrapOf, areaTileNoun, designerSizeOf, formatDesignerSize } from '../../../core/map/tile-counts.js';
import { planMapSize } from '../../../core/grid/alform-size.js';
import { formatSize, MAX_APP_TILES, orientSize, parseSize } from '../../../core/grid/size.js';
import type { GridKind, GridSize } from '../../../core/grid/types.js';

type Sized = Pick<MapSummary, 'kind' | 'size' | 'alform' | 'orientation'>;

/** "60x40 hexes" for an AL-FORM hex map whose grid is 119x79. */
export function sizeLabel(map: Sized): string {
  try {
    return formatDesignerSize(map.kind as GridKind, map.size, map.alform, map.orientation);
  } catch {
    return `${map.size} tiles`; // not an AL-FORM size after all (an old file): the grid's own
  }
}

/** The unit the size fields are in: "hexes", "squares". */
export function sizeUnit(map: Sized): string {
  return areaTileNoun(map.kind as GridKind, 2);
}

/** The Resize dialog's fields to start with: width and height (a hexagon's diameter twice) in area tiles. */
export function resizeFields(map: Sized): { width: number; height: number } {
  const s = designerSizeOf(map.kind as GridKind, map.size, map.alform, map.orientation);
  if ('width' in s) return { width: s.width, height: s.height };
  const d = s.kind === 'hex-hexagon' ? s.diameter : s.side;
  return { width: d, height: d };
}

/**
 * The grid size text `maps.resize` takes for `width` × `height` area tiles (a hexagon: the
 * diameter `width`), or the one line saying why not — in the designer's terms.
 */
export function resizeTarget(map: Sized, width: number, height: number): { size: string } | { error: string } {
  const kind = map.kind as GridKind;
  try {
    // A pointy-top map's hexes across × rows are its grid's rows × places (core/grid/size.ts orientSize).
    const typed: GridSize = orientSize(parseSize(kind, kind === 'hex-hexagon' ? String(width) : `${width}x${height}`), map.orientation);
    const wrap = map.alform ? alformWrapOf(parseSize(kind, map.size)) : { x: false, y: false };
    return { size: formatSize(planMapSize(typed, wrap, map.alform, MAX_APP_TILES).size) };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}

/** "flat-topped" / "pointy-topped" for hex maps (header, Map panel); null for the kinds drawn one way. */
export function orientationLabel(map: Pick<MapSummary, 'kind' | 'orientation'>): string | null {
  if (map.kind !== 'hex-rectangle' && map.kind !== 'hex-hexagon') return null;
  return map.orientation === 'pointy' ? 'pointy-topped' : 'flat-topped';
}
