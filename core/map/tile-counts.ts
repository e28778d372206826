/**
 * Counts and radii in the tiles designers count: area tiles — hexes on hex maps, squares on
 * square maps, cells on the globe — with the linear tiles of an AL-FORM map (rivers, roads on
 * the hexsides) counted apart, "12 hexes (+ 30 linear tiles)". On an AL-FORM map one area
 * tile to the next is two grid steps (area, linear, area), so a radius of n hexes is 2n grid
 * steps; on classic maps every tile is an area tile and a step is a tile.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { GridKind } from '../grid/types.js';
import { TileClass } from '../alform/classify.js';

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
