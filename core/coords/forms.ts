/**
 * The coordinate forms of other tools that name every tile of one of our grids: Red Blob
 * offset / doubled / axial forms on any hex grid; on a classic (unwrapped) hex-rectangle also
 * Tiled staggered (col, row) for each stagger axis and index, Wesnoth (1-based, with or
 * without the border ring) and 18xx hex names in the two common board conventions.
 *
 * One list for everyone who offers them: the CLI's `--coords` (cli/coord-codec.ts) and the
 * map numbering a designer chooses per map (core/map/numbering.ts).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Grid } from '../grid/types.js';
import { HexRectangleGrid } from '../grid/hex/hex-rectangle.js';
import { RED_BLOB_FORMS, redBlobToTile, tileToRedBlob } from './redblob.js';
import { tiledToTile, tileToTiled, type TiledStaggeredMap } from './tiled.js';
import { tileToWesnoth, wesnothToTile } from './wesnoth.js';
import { hexNameToTile, tileToHexName, type HexNaming18xx } from './names-18xx.js';

/** A form: a pair of numbers (`pair`) or a name (18xx), each way between it and a tile. */
export type CoordForm =
  | { readonly name: string; readonly kind: 'pair'; toTile(value: readonly [number, number]): number; fromTile(tile: number): readonly [number, number] }
  | { readonly name: string; readonly kind: 'name'; toTile(value: string): number; fromTile(tile: number): string };

/** Rails' two board conventions: pointy-top boards with lettered rows, flat-top boards with lettered columns. */
export const NAMINGS_18XX: Readonly<Record<'18xx-ew' | '18xx-ns', HexNaming18xx>> = {
  '18xx-ew': { tileOrientation: 'EW', letterOrientation: 'vertical', even: 'A' },
  '18xx-ns': { tileOrientation: 'NS', letterOrientation: 'horizontal', even: 'A' },
};

/** True where the Tiled, Wesnoth and 18xx forms apply: a classic hex-rectangle without wrap. */
export function isPlainHexRectangle(grid: Grid): grid is HexRectangleGrid {
  return grid instanceof HexRectangleGrid && grid.shape === 'classic' && !grid.wrap.x && !grid.wrap.y;
}

export function coordForms(grid: Grid): CoordForm[] {
  if (grid.kind !== 'hex-rectangle' && grid.kind !== 'hex-hexagon') return [];
  const forms: CoordForm[] = RED_BLOB_FORMS.map((form) => ({
    name: form.startsWith('axial') ? `redblob-${form}` : form.startsWith('doubled') ? form : `offset-${form}`,
    kind: 'pair' as const,
    toTile: (c: readonly [number, number]) => redBlobToTile(grid, c, form),
    fromTile: (tile: number): readonly [number, number] => tileToRedBlob(grid, tile, form),
  }));
  if (!isPlainHexRectangle(grid)) return forms;
  const { width: w, height: h } = grid;
  for (const axis of ['x', 'y'] as const) {
    for (const index of ['odd', 'even'] as const) {
      const map: TiledStaggeredMap = axis === 'x' ? { width: w, height: h, staggerAxis: axis, staggerIndex: index } : { width: h, height: w, staggerAxis: axis, staggerIndex: index };
      forms.push({ name: `tiled-${axis}-${index}`, kind: 'pair', toTile: (c) => tiledToTile(grid, map, c[0], c[1]), fromTile: (tile) => tileToTiled(grid, map, tile) });
    }
  }
  const wesnoth = [{ name: 'wesnoth', map: { width: w, height: h, border: false } }];
  if (w > 2 && h > 2) wesnoth.push({ name: 'wesnoth-border', map: { width: w - 2, height: h - 2, border: true } });
  for (const { name, map } of wesnoth) {
    forms.push({ name, kind: 'pair', toTile: (c) => wesnothToTile(grid, map, c[0], c[1]), fromTile: (tile) => tileToWesnoth(grid, map, tile) });
  }
  for (const [name, naming] of Object.entries(NAMINGS_18XX)) {
    forms.push({ name, kind: 'name', toTile: (text) => hexNameToTile(grid, naming, text.trim()), fromTile: (tile) => tileToHexName(grid, naming, tile) });
  }
  return forms;
}

/** The form called `name` on `grid`, or undefined. */
export function coordForm(grid: Grid, name: string): CoordForm | undefined {
  return coordForms(grid).find((f) => f.name === name);
}
