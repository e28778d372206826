/**
 * Print-ready tile sheets in the app (issue 29): `tiles.games` (a library's 18xx games),
 * `tiles.sheetsPreview` (one page as a small PNG) and `tiles.exportSheets` (PDF, or SVG / PNG
 * per page). Both run sheet-tiles.ts, the sequence `sandtable sheets` runs, so the dialog and
 * the CLI print the same sheets; bad choices come back as core/sheets' one-line refusals.
 * Files go only where the user chose or inside the allowed folders (file-capabilities.ts),
 * each written whole or not at all.
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import type { ArgsOf, OperationName } from '../../contract/contract.js';
import { encodeBase64 } from '../../core/formats/base64.js';
import { MM_PER_IN, sheetPng, SheetOptionError, type SheetOptions } from '../../core/sheets/index.js';
import type { FileOutputDeps } from './collaborators.js';
import type { LibraryHandles } from './library-handles.js';
import type { HandlersFor } from './router.js';
import { composeLibrarySheets, sheetFiles, type LibrarySheets } from './sheet-tiles.js';
import { outputPath, writeWhole } from './write-whole.js';

export type SheetsOperation = Extract<OperationName, 'tiles.games' | 'tiles.sheetsPreview' | 'tiles.exportSheets'>;

export interface SheetsDeps extends FileOutputDeps {
  readonly libraries: Pick<LibraryHandles, 'get' | 'entry'>;
}

type SheetArgs = ArgsOf<'tiles.exportSheets'>;

export function sheetsService(deps: SheetsDeps): HandlersFor<SheetsOperation> {
  const { queue, libraries } = deps;
  return {
    'tiles.games': ({ library }) =>
      queue.exclusive(() => ({ games: libraries.get(library).library.games.list().map((g) => ({ id: g.id, name: g.name, kinds: g.tiles })) })),
    'tiles.sheetsPreview': ({ source, options, page, size }) =>
      queue.exclusive(() => {
        const sheets = compose(deps, source, options);
        const drawing = sheets.set.drawings[Math.min(page, sheets.set.drawings.length) - 1]!;
        // The dpi that makes the page's longer side `size` pixels.
        const png = sheetPng(drawing, (size * MM_PER_IN) / Math.max(drawing.width, drawing.height));
        return { ...summary(sheets), base64: encodeBase64(png.bytes), width: png.width, height: png.height, page: Math.min(page, sheets.set.drawings.length) };
      }),
    'tiles.exportSheets': ({ source, options, format, path }) =>
      queue.exclusive(async () => {
        const dest = outputPath(deps, path, format, 'export tiles to');
        const sheets = compose(deps, source, options);
        // SVG and PNG pages are named from the checked path (`sheets-1.svg` …), never by the caller:
        // the name the user chose in the Save dialog covers its pages. writeWhole renames over a link, never through it.
        const checked = await sheetFiles(sheets.set, format, dest, options.dpi ?? 150, sheets.title);
        for (const f of checked) writeWhole(f.path, f.bytes);
        const bytes = checked.reduce((a, f) => a + (typeof f.bytes === 'string' ? Buffer.byteLength(f.bytes) : f.bytes.length), 0);
        return { ...summary(sheets), paths: checked.map((f) => f.path), bytes, format };
      }),
  };
}

function compose({ libraries, catalogue }: SheetsDeps, source: SheetArgs['source'], args: SheetArgs['options']): LibrarySheets {
  const h = libraries.get(source.library);
  const { backOffsetMm, ...rest } = args;
  if (backOffsetMm !== undefined && backOffsetMm.length !== 2) throw new SheetOptionError(`back offset must be X,Y in mm, got ${backOffsetMm.join(',')}`);
  const options: SheetOptions = { ...rest, ...(backOffsetMm ? { backOffsetMm: [backOffsetMm[0]!, backOffsetMm[1]!] as const } : {}) };
  const name = libraries.entry(h).name;
  return composeLibrarySheets(h.library, source, options, catalogue(), name, name);
}

function summary({ set, tiles }: LibrarySheets) {
  return { pages: set.drawings.length, sheets: set.layout.pages.length, perSheet: set.layout.perPage, tiles: tiles.reduce((a, t) => a + t.count, 0) };
}
