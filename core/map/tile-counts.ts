/**
 * Counts and radii in the tiles designers count: area tiles — hexes on hex maps, squares on
 * square maps, cells on the globe — with the linear tiles of an AL-FORM map (rivers, roads on
 * the hexsides) counted apart, "12 hexes (+ 30 linear tiles)". On an AL-FORM map one area
 * tile to the next is two grid steps (area, linear, area), so a radius of n hexes is 2n grid
 * steps; on classic maps every tile is an area tile and a step is a tile. Sizes too are read
 * in area tiles: an AL-FORM map is shown (and resized) by the classic size it is the image of.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { GridKind, GridSize, HexOrientation, Wrap } from '../grid/types.js';
import { TileClass } from '../alform/classify.js';
import { classicSizeOf } from '../grid/alform-size.js';
import { formatSize, orientSize, parseSize } from '../grid/size.js';

export interface TileCount {
  readonly area: number;
  readonly linear: number;
}

/** Area and linear tiles among `tiles`; `classes` is the AL-FORM class per tile (core/alform tileClasses), null on classic maps. */
export function countTiles(classes: Uint8Array | null, tiles: ArrayLike<number>): TileCount {
  if (!classes) return { area: tiles.length, linear: 0 };
  let area = 0;
  for (let k = 0; k < tiles.length; k++) if (classes[tiles[k]!] === TileClass.AREA) area++;
  return { area, linear: tiles.length - area };
}

/** Area and linear tiles of a whole map of `tileCount` tiles (`classes` as for countTiles). */
export function countMap(classes: Uint8Array | null, tileCount: number): TileCount {
  if (!classes) return { area: tileCount, linear: 0 };
  let area = 0;
  for (let t = 0; t < classes.length; t++) if (classes[t] === TileClass.AREA) area++;
  return { area, linear: classes.length - area };
}

/** "hex" / "hexes", "square" / "squares", "cell" / "cells" (globe) for `n` area tiles of a `kind` map. */
export function areaTileNoun(kind: GridKind, n: number): string {
  const one = n === 1;
  if (kind === 'hex-rectangle' || kind === 'hex-hexagon') return one ? 'hex' : 'hexes';
  if (kind === 'square' || kind === 'offset-square') return one ? 'square' : 'squares';
  return one ? 'cell' : 'cells';
}

/** "12 hexes (+ 30 linear tiles)"; without linear tiles just "12 hexes". */
export function formatTileCount(kind: GridKind, count: TileCount): string {
  const area = `${count.area.toLocaleString('en-US')} ${areaTileNoun(kind, count.area)}`;
  if (!count.linear) return area;
  return `${area} (+ ${count.linear.toLocaleString('en-US')} linear tile${count.linear === 1 ? '' : 's'})`;
}

/** Grid steps from one area tile to the next: 2 on AL-FORM maps (through a linear tile), else 1. */
export function stepsPerAreaTile(alform: boolean): 1 | 2 {
  return alform ? 2 : 1;
}

/** The grid radius (what sight and range questions take) of a radius of `areaTiles` area tiles. */
export function gridRadius(alform: boolean, areaTiles: number): number {
  return areaTiles * stepsPerAreaTile(alform);
}

/** "8 hexes": a radius of `areaTiles` area tiles as the panel says it. */
export function formatRadius(kind: GridKind, areaTiles: number): string {
  return `${areaTiles.toLocaleString('en-US')} ${areaTileNoun(kind, areaTiles)}`;
}

/**
 * A map's size as designers read and type it (issue 30): in area tiles — the classic size an
 * AL-FORM map is the image of ("60x40", not its grid's "119x79"), and on a pointy-top map
 * hexes across × rows (its grid transposed). `size` is the grid's size
 * text (MapSummary.size). An AL-FORM grid's axis is odd unless it wraps (2M−1 against 2M,
 * core/grid/alform-size.ts), so the wrap need not be known.
 */
export function designerSizeOf(kind: GridKind, size: string, alform: boolean, orientation?: HexOrientation): GridSize {
  const grid = parseSize(kind, size);
  // A pointy-top map is read as hexes across × rows: its grid transposed (core/grid/size.ts orientSize).
  return orientSize(alform ? classicSizeOf(grid, alformWrapOf(grid)) : grid, orientation);
}

/** The wrap an AL-FORM grid of `size` has: an axis of even length wraps (2M), an odd one does not (2M−1). */
export function alformWrapOf(size: GridSize): Wrap {
  return 'width' in size ? { x: size.width % 2 === 0, y: size.height % 2 === 0 } : { x: false, y: false };
}

/** "60x40 hexes", "5 hexes across" (a hexagon), "side 4" (a globe): the size a designer reads (`designerSizeOf`). */
export function formatDesignerSize(kind: GridKind, size: string, alform: boolean, orientation?: HexOrientation): string {
  const s = designerSizeOf(kind, size, alform, orientation);
  switch (s.kind) {
    case 'hex-hexagon':
      return `${s.diameter} ${areaTileNoun(kind, s.diameter)} across`;
    case 'icosahedron':
      return `side ${s.side}`;
    default:
      return `${formatSize(s)} ${areaTileNoun(kind, 2)}`;
  }
}
