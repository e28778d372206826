/**
 * Print-ready tile sheets from the shell (issue 29):
 *   sandtable sheets <library> --game G | --tiles id:count,… [--layout individual|die|grid]
 *     [--tile 38mm|1.5in] [--paper letter|a4|a3|11x17|12x18] [--landscape] [--margin 6.35mm]
 *     [--bleed 0|3|6] [--cut lines|marks] [--die-template] [--backs #rrggbb|VECTOR-TILE-ID]
 *     [--duplex long|short] [--back-offset X,Y] [--no-manifest] [--no-page-numbers]
 *     [--format pdf|svg|png] [--dpi N] [--unlimited N] -o out [--json]
 * The layout, the art and the writers are core/sheets (the app's dialog calls the same);
 * SVG and PNG write one file per page: out-1.svg, out-2.svg …
 */
import { basename, extname } from 'node:path';
import type { Io } from '../io.js';
import { UsageError } from '../io.js';
import { PRINT_OPTIONS, paperFlag, parse } from '../args.js';
import { LIBRARY_CATALOGUE_ID, withLibrary } from './library.js';
import { loadCatalogue } from '../catalogue.js';
import { SHEET_FORMATS as FORMATS, SheetSourceError, composeLibrarySheets, sheetFiles, type SheetSource } from '../../node/services/sheet-tiles.js';
import {
  SHEET_LAYOUTS,
  SHEET_PAPER_NAMES,
  SheetOptionError,
  parseLength,
  parseTileCounts,
  type SheetOptions,
} from '../../core/sheets/index.js';

export const sheetsHelp = `sheets <library> --game G | --tiles id:count,… [--layout ${SHEET_LAYOUTS.join('|')}] [--tile 38mm|1.5in] [--paper ${SHEET_PAPER_NAMES.join('|')}] [--landscape] [--margin L] [--bleed 0|3|6] [--cut lines|marks] [--die-template] [--backs #rrggbb|TILE-ID] [--duplex long|short] [--back-offset X,Y] [--no-manifest] [--no-page-numbers] [--format pdf|svg|png] [--dpi N] [--unlimited N] -o out   print-ready tile sheets: a game's manifest or vector tiles in counts (svg/png: one file per page)`;

export async function sheetsCommand(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parse('sheets', argv, {
    game: { type: 'string' },
    tiles: { type: 'string' },
    layout: { type: 'string' },
    tile: { type: 'string' },
    ...PRINT_OPTIONS,
    margin: { type: 'string' },
    bleed: { type: 'string' },
    cut: { type: 'string' },
    'die-template': { type: 'boolean', default: false },
    backs: { type: 'string' },
    duplex: { type: 'string' },
    'back-offset': { type: 'string' },
    'no-manifest': { type: 'boolean', default: false },
    'no-page-numbers': { type: 'boolean', default: false },
    format: { type: 'string' },
    unlimited: { type: 'string' },
    output: { type: 'string', short: 'o' },
    catalogue: { type: 'string' },
    json: { type: 'boolean', default: false },
  });
  if (positionals.length !== 1) throw new UsageError('sheets: expected exactly one library (sheets <library> --game G -o sheets.pdf)');
  const output = values.output;
  if (typeof output !== 'string' || !output) throw new UsageError('sheets: missing -o <out>');
  const format = (values.format ?? (extname(output).slice(1).toLowerCase() || 'pdf')) as (typeof FORMATS)[number];
  if (!FORMATS.includes(format)) throw new UsageError(`sheets: --format must be one of ${FORMATS.join(', ')}, got "${String(format).slice(0, 40)}"`);
  if (!values.game === !values.tiles) throw new UsageError('sheets: give either --game G (its manifest) or --tiles id:count,… (vector tiles)');
  let options: SheetOptions;
  try {
    options = sheetOptions(values, paperFlag('sheets', values));
  } catch (e) {
    if (e instanceof SheetOptionError) throw new UsageError(`sheets: ${e.message}`);
    throw e;
  }
  const library = positionals[0]!;
  const backs = typeof values.backs === 'string' && !values.backs.startsWith('#') ? values.backs : undefined;
  const source: SheetSource = {
    ...(typeof values.game === 'string' ? { game: values.game } : { tiles: parseTileCounts(String(values.tiles)) }),
    ...(backs === undefined ? {} : { backTile: backs }),
  };
  const { set, tiles, title } = withLibrary(library, (lib) => {
    const catalogue = lib.catalogues.get(LIBRARY_CATALOGUE_ID) ?? loadCatalogue(typeof values.catalogue === 'string' ? values.catalogue : undefined);
    try {
      return composeLibrarySheets(lib, source, options, catalogue, library, basename(library));
    } catch (e) {
      if (e instanceof SheetSourceError) throw new UsageError(`sheets: ${e.message}`);
      throw e;
    }
  });
  const written: string[] = [];
  for (const f of await sheetFiles(set, format, output, options.dpi ?? 150, title)) {
    if (typeof f.bytes === 'string') io.writeText(f.path, f.bytes);
    else io.writeBytes(f.path, f.bytes);
    written.push(f.path);
  }
  const printed = tiles.reduce((a, t) => a + t.count, 0);
  const summary = { library, format, written, sheets: set.layout.pages.length, pages: set.drawings.length, tiles: printed, kinds: tiles.length, perSheet: set.layout.perPage };
  io.out(values.json ? `${JSON.stringify(summary)}\n` : `${printed} tiles (${tiles.length} kinds) on ${set.layout.pages.length} sheets, ${set.layout.perPage} a sheet → ${written.join(', ')}\n`);
  return 0;
}

type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;

function sheetOptions(v: Values, paper: string | undefined): SheetOptions {
  const str = (k: string) => (typeof v[k] === 'string' ? (v[k] as string) : undefined);
  const num = (k: string, what: string) => {
    const s = str(k);
    if (s === undefined) return undefined;
    const n = Number(s);
    if (!Number.isFinite(n) || s.trim() === '') throw new SheetOptionError(`${what} must be a number, got ${s.slice(0, 40)}`);
    return n;
  };
  const tile = str('tile') ?? str('tile-mm');
  const bleed = str('bleed') ?? str('bleed-mm');
  const offset = str('back-offset');
  const xy = offset?.split(',').map(Number);
  if (offset !== undefined && (xy!.length !== 2 || xy!.some((n) => !Number.isFinite(n)))) throw new SheetOptionError(`back offset must be X,Y in mm, got ${offset.slice(0, 40)}`);
  return {
    ...(str('layout') ? { layout: str('layout') as SheetOptions['layout'] } : {}),
    ...(tile ? { tileMm: parseLength(tile, 'tile size') } : {}),
    ...(paper ? { paper: paper.toLowerCase() as SheetOptions['paper'] } : {}),
    landscape: v.landscape === true,
    ...(str('margin') ? { marginMm: parseLength(str('margin')!, 'margin') } : {}),
    ...(bleed !== undefined ? { bleedMm: parseLength(bleed, 'bleed') } : {}),
    ...(str('cut') ? { cut: str('cut') as SheetOptions['cut'] } : {}),
    dieTemplate: v['die-template'] === true,
    ...(str('backs')?.startsWith('#') ? { backColour: str('backs') } : {}),
    ...(str('duplex') ? { duplex: str('duplex') as SheetOptions['duplex'] } : {}),
    ...(xy ? { backOffsetMm: [xy[0]!, xy[1]!] as const } : {}),
    manifestPage: v['no-manifest'] !== true,
    pageNumbers: v['no-page-numbers'] !== true,
    ...(num('dpi', 'dpi') !== undefined ? { dpi: num('dpi', 'dpi') } : {}),
    ...(num('unlimited', 'unlimited count') !== undefined ? { unlimitedCount: num('unlimited', 'unlimited count') } : {}),
  };
}
