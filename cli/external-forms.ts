/**
 * Coordinate forms of other tools, offered by `--coords` on hex maps (see core/coords):
 * Red Blob offset / doubled / axial forms; Tiled staggered (col,row) for each stagger axis
 * and index; Wesnoth (1-based, with or without the border ring); 18xx hex names in the two
 * common board conventions. Each form turns a text into a tile and back.
 */
import type { Grid } from '../core/grid/types.js';
import { HexRectangleGrid } from '../core/grid/hex/hex-rectangle.js';
import {
  RED_BLOB_FORMS,
  hexNameToTile,
  redBlobToTile,
  tileToHexName,
  tileToRedBlob,
  tileToTiled,
  tileToWesnoth,
  tiledToTile,
  wesnothToTile,
  type HexNaming18xx,
  type TiledStaggeredMap,
} from '../core/coords/index.js';
import { parseCoord } from './args.js';

export interface ExternalForm {
  readonly name: string;
  decode(text: string): number;
  encode(tile: number): number[] | string;
}

const pair = (text: string): [number, number] => {
  const c = parseCoord(text);
  if (c.length !== 2) throw new Error(`expected two numbers, got "${text}"`);
  return [c[0]!, c[1]!];
};

const NAMINGS: Record<string, HexNaming18xx> = {
  '18xx-ew': { tileOrientation: 'EW', letterOrientation: 'vertical', even: 'A' },
  '18xx-ns': { tileOrientation: 'NS', letterOrientation: 'horizontal', even: 'A' },
};

export function externalForms(grid: Grid): ExternalForm[] {
  if (grid.kind !== 'hex-rectangle' && grid.kind !== 'hex-hexagon') return [];
  const forms: ExternalForm[] = RED_BLOB_FORMS.map((form) => ({
    name: form.startsWith('axial') ? `redblob-${form}` : form.startsWith('doubled') ? form : `offset-${form}`,
    decode: (text) => redBlobToTile(grid, pair(text), form),
    encode: (tile) => tileToRedBlob(grid, tile, form),
  }));
  if (!(grid instanceof HexRectangleGrid) || grid.shape !== 'classic' || grid.wrap.x || grid.wrap.y) return forms;
  const { width: w, height: h } = grid;
  for (const axis of ['x', 'y'] as const) {
    for (const index of ['odd', 'even'] as const) {
      const map: TiledStaggeredMap = axis === 'x' ? { width: w, height: h, staggerAxis: axis, staggerIndex: index } : { width: h, height: w, staggerAxis: axis, staggerIndex: index };
      forms.push({
        name: `tiled-${axis}-${index}`,
        decode: (text) => tiledToTile(grid, map, ...pair(text)),
        encode: (tile) => tileToTiled(grid, map, tile),
      });
    }
  }
  const wesnoth = [{ name: 'wesnoth', map: { width: w, height: h, border: false } }];
  if (w > 2 && h > 2) wesnoth.push({ name: 'wesnoth-border', map: { width: w - 2, height: h - 2, border: true } });
  for (const { name, map } of wesnoth) {
    forms.push({ name, decode: (text) => wesnothToTile(grid, map, ...pair(text)), encode: (tile) => tileToWesnoth(grid, map, tile) });
  }
  for (const [name, naming] of Object.entries(NAMINGS)) {
    forms.push({ name, decode: (text) => hexNameToTile(grid, naming, text.trim()), encode: (tile) => tileToHexName(grid, naming, tile) });
  }
  return forms;
}
