/**
 * The "Print tile sheets…" dialog's state (issue 29): what to print (an 18xx game of the
 * library, from `tiles.games`, or the library's vector tiles with a count each), the layout
 * choices, a debounced preview of one page (`tiles.sheetsPreview`, drawn by core/sheets as
 * the file will be) with a page stepper, and the save (`tiles.exportSheets`). The ranges are
 * core's: a bad choice comes back as its one line and is shown in the dialog.
 *
 * Renderer layer: Svelte runes, no DOM beyond timers.
 */
import type { ArgsOf, Results } from '../../../../contract/contract.js';
import { formatBytes } from './exports.svelte.js';
import { PreviewedOutput } from './previewed-output.svelte.js';

export type SheetOptionArgs = ArgsOf<'tiles.exportSheets'>['options'];
export type SheetSourceArgs = ArgsOf<'tiles.exportSheets'>['source'];
export type SheetFormat = ArgsOf<'tiles.exportSheets'>['format'];
export type SheetGame = Results['tiles.games']['games'][number];

/** What the dialog's fields hold; `sheetOptionArgs` turns it into the operation's options. */
export interface SheetChoices {
  layout: 'individual' | 'die' | 'grid';
  tileSize: number;
  unit: 'mm' | 'in';
  paper: 'letter' | 'a4' | 'a3' | '11x17' | '12x18';
  landscape: boolean;
  marginMm: number;
  bleedMm: number;
  cut: 'lines' | 'marks';
  dieTemplate: boolean;
  pageNumbers: boolean;
  manifestPage: boolean;
  backs: 'none' | 'colour' | 'tile';
  backColour: string;
  backTile: string;
  duplex: 'long' | 'short';
  offsetXMm: number;
  offsetYMm: number;
  format: SheetFormat;
  dpi: number;
}

export function defaultSheetChoices(): SheetChoices {
  return {
    layout: 'die',
    tileSize: 1.5,
    unit: 'in',
    paper: 'letter',
    landscape: false,
    marginMm: 6.35,
    bleedMm: 3,
    cut: 'lines',
    dieTemplate: false,
    pageNumbers: true,
    manifestPage: true,
    backs: 'none',
    backColour: '#1d3557',
    backTile: '',
    duplex: 'long',
    offsetXMm: 0,
    offsetYMm: 0,
    format: 'pdf',
    dpi: 150,
  };
}

/** The options `tiles.sheetsPreview` / `tiles.exportSheets` take: the tile size in mm, backs only when chosen. */
export function sheetOptionArgs(c: SheetChoices): SheetOptionArgs {
  const backs = c.backs !== 'none';
  return {
    layout: c.layout,
    // Rounded to 0.1 µm: 1.5 in is 38.1 mm, not 38.099999….
    tileMm: c.unit === 'in' ? Math.round(c.tileSize * 254_000) / 10_000 : c.tileSize,
    paper: c.paper,
    landscape: c.landscape,
    marginMm: c.marginMm,
    bleedMm: c.bleedMm,
    cut: c.cut,
    dieTemplate: c.dieTemplate,
    pageNumbers: c.pageNumbers,
    manifestPage: c.manifestPage,
    ...(c.backs === 'colour' ? { backColour: c.backColour } : {}),
    ...(backs ? { duplex: c.duplex, backOffsetMm: [c.offsetXMm, c.offsetYMm] } : {}),
    ...(c.format === 'png' ? { dpi: c.dpi } : {}),
  };
}

/** The tile size shown again in the other unit (2 decimals), so switching unit keeps the size. */
export function convertTileSize(size: number, to: 'mm' | 'in'): number {
  return Math.round((to === 'mm' ? size * 25.4 : size / 25.4) * 100) / 100;
}

export class SheetsStore extends PreviewedOutput {
  dialog = $state(false);
  library = $state('');
  games = $state.raw<SheetGame[]>([]);
  /** A game's id; '' prints the vector tiles in `counts`. */
  game = $state('');
  /** Vector tile id → copies to print, for the tiles the library panel lists. */
  counts = $state<Record<string, number>>({});
  choices = $state<SheetChoices>(defaultSheetChoices());
  page = $state(1);
  /** The print's size, from the last preview. */
  summary = $state<{ pages: number; sheets: number; perSheet: number; tiles: number } | null>(null);

  /** Opens on `library`: its first game if it has one, else the `selected` vector tile, one copy. */
  async open(library: string, selected: string | null): Promise<void> {
    this.library = library;
    this.counts = selected ? { [selected]: 1 } : {};
    this.page = 1;
    this.preview = null;
    this.previewError = null;
    this.summary = null;
    this.games = (await this.notes.run(null, () => this.api.tiles.games({ library }), { games: [] })).games;
    this.game = this.games[0]?.id ?? '';
    this.dialog = true;
  }

  close(): void {
    this.dialog = false;
    this.dropPreview();
  }

  /** The operation's source; null when there is nothing to print yet. */
  get source(): SheetSourceArgs | null {
    const back = this.choices.backs === 'tile' && this.choices.backTile ? { backTile: this.choices.backTile } : {};
    if (this.game) return { library: this.library, game: this.game, ...back };
    const tiles = Object.entries(this.counts)
      .filter(([, n]) => n > 0)
      .map(([id, count]) => ({ id, count }));
    return tiles.length ? { library: this.library, tiles, ...back } : null;
  }

  setPage(page: number): void {
    const last = this.summary?.pages ?? 1;
    this.page = Math.max(1, Math.min(last, Math.round(page)));
    this.schedulePreview(0);
  }

  /** Asks for a new preview of the current page a moment after the last change. */
  schedulePreview(delayMs = 250): void {
    const source = this.source;
    const options = sheetOptionArgs(this.choices);
    const page = this.page;
    this.debounce(() => this.loadPreview(source, options, page), delayMs);
  }

  private async loadPreview(source: SheetSourceArgs | null, options: SheetOptionArgs, page: number): Promise<void> {
    if (!source) {
      this.refusePreview('Give at least one tile a count above 0.');
      this.summary = null;
      return;
    }
    const r = await this.showPreview(
      () => this.api.tiles.sheetsPreview({ source, options, page, size: 520 }),
      (e) => e.message.replace(/^tiles\.sheetsPreview: /, ''),
    );
    if (!r) return;
    this.summary = { pages: r.pages, sheets: r.sheets, perSheet: r.perSheet, tiles: r.tiles };
    this.page = r.page;
  }

  /** Writes the print; true when it was written. */
  async write(path: string): Promise<boolean> {
    const source = this.source;
    if (!source) return false;
    const format = this.choices.format;
    return this.writeOnce(`Printing tile sheets (${format.toUpperCase()})`, async () => {
      const r = await this.api.tiles.exportSheets({ source, options: sheetOptionArgs(this.choices), format, path });
      const where = r.paths.length === 1 ? r.paths[0] : `${r.paths[0]} … (${r.paths.length} files)`;
      return `Printed ${r.tiles} tiles on ${r.pages} pages: ${where} (${formatBytes(r.bytes)})`;
    });
  }
}
