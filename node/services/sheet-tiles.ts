/**
 * Tile sheets from a library (issue 29): the one sequence `sandtable sheets` and the app's
 * "Print tile sheets…" dialog (`tiles.sheetsPreview`, `tiles.exportSheets`) both run —
 * collect the tiles (a game's manifest in its counts, or vector tiles in the counts given),
 * the back drawing, compose the sheets with core/sheets, and name the files a format writes
 * (PDF: one file; SVG and PNG: one per page, `out-1.svg`, `out-2.svg` …).
 *
 * Plain Node: must not depend on Electron or DOM. Bad input throws one line (SheetSourceError,
 * or core/sheets' SheetOptionError / InputError).
 */
import { extname } from 'node:path';
import type { TerrainCatalogue } from '../../core/terrain/catalogue.js';
import { thumbnailStyle } from '../../core/export/thumbnail.js';
import { quoted } from '../../core/util/bounded.js';
import {
  MM_PER_IN,
  composeSheets,
  manifestSheetTiles,
  sheetPng,
  sheetSvg,
  sheetsPdf,
  vectorSheetTiles,
  vectorTileArt,
  type SheetOptions,
  type SheetSet,
  type SheetTile,
  type TileCount,
} from '../../core/sheets/index.js';
import type { Library } from '../store/index.js';

export const SHEET_FORMATS = ['pdf', 'svg', 'png'] as const;
export type SheetFormat = (typeof SHEET_FORMATS)[number];

/** What to print: a game's manifest, or vector tiles in counts; `backTile`: a vector tile drawn on every back. */
export interface SheetSource {
  readonly game?: string;
  readonly tiles?: readonly TileCount[];
  readonly backTile?: string;
}

export class SheetSourceError extends Error {
  override name = 'SheetSourceError';
}

export interface LibrarySheets {
  readonly set: SheetSet;
  readonly tiles: readonly SheetTile[];
  /** The game's name, or `fallbackTitle` for vector tiles: the footer's title unless the options name one. */
  readonly title: string;
}

/**
 * Composes the sheets of `source` from `lib`: vector tiles are drawn in `catalogue`'s colours
 * (as the library draws them); `where` names the library in messages.
 */
export function composeLibrarySheets(lib: Library, source: SheetSource, options: SheetOptions, catalogue: TerrainCatalogue, where: string, fallbackTitle: string): LibrarySheets {
  if (!source.game === !source.tiles) throw new SheetSourceError('give either a game (its manifest) or vector tiles with counts');
  const style = thumbnailStyle(catalogue);
  const backTile = source.backTile === undefined ? null : lib.vector.tile(source.backTile);
  if (source.backTile !== undefined && !backTile) throw new SheetSourceError(`backs: not a #rrggbb colour nor a vector tile in ${where}: ${quoted(source.backTile)}`);
  let tiles: SheetTile[];
  let title = fallbackTitle;
  if (source.game !== undefined) {
    const game = lib.games.get(source.game);
    if (!game) throw new SheetSourceError(`no game ${quoted(source.game)} in ${where} (import the game's Rails folder into it first)`);
    tiles = manifestSheetTiles(game.manifest, lib.track.getMany(game.manifest.tiles.map((t) => t.tileId)), options.unlimitedCount ?? 6);
    title = game.name;
  } else {
    tiles = vectorSheetTiles(source.tiles!, lib.vector.tiles(), style);
  }
  // A back tile's ground fills the back's bleed.
  const withBack = backTile ? { ...options, backColour: style.ground } : options;
  const back = backTile ? vectorTileArt(backTile, style, options.tileMm ?? 1.5 * MM_PER_IN) : undefined;
  const set = composeSheets(tiles, { ...withBack, title: options.title ?? title }, back);
  return { set, tiles, title };
}

/** The files `format` writes for `set` at `output`: PDF one, SVG and PNG one per page (`stem-1.svg` …). */
export async function sheetFiles(set: SheetSet, format: SheetFormat, output: string, dpi: number, title: string): Promise<{ path: string; bytes: Uint8Array | string }[]> {
  if (format === 'pdf') return [{ path: output, bytes: (await sheetsPdf(set, title)).bytes }];
  const stem = output.slice(0, output.length - extname(output).length);
  return set.drawings.map((d, k) => ({ path: `${stem}-${k + 1}.${format}`, bytes: format === 'svg' ? sheetSvg(d) : sheetPng(d, dpi).bytes }));
}
