/**
 * The Library panel's state (issue 13): the open libraries (`library.list`: the user library
 * and the files the designer opened), the search (text, tag, terrain, shape, "fits the
 * selected position" — the ground selection's first tile on the open map), pages of tiles
 * (`tiles.list`), their thumbnails (`tiles.thumbnails`, SVG drawn by core from the geometry,
 * fetched for the tiles on screen only), the edits (rename, duplicate, delete, tag) with the
 * library's undo and redo, imports (a job: its progress and Cancel come through Jobs) and
 * export packs. Placing a tile on the map is the caller's (`onplace` of LibraryPanel).
 *
 * Renderer layer: Svelte runes, no DOM (File objects are read through their `text()`).
 */
import type { LibraryEntry, LibraryShape, LibraryTile, Results } from '../../../../contract/contract.js';
import { USER_LIBRARY_ID } from '../../../../contract/contract.js';
import type { Services } from '../../../../contract/api.js';
import type { Notifications } from './notifications.svelte.js';
import type { OpenMapStore } from './open-map.svelte.js';
import { replayNote } from './editing.svelte.js';
import type { GroundStore } from './ground.svelte.js';
import type { StarterRefusedEdit } from '../../../../core/vector/starter.js';
import { starterEditRefusal, starterTagRefusal } from '../../../../core/vector/starter.js';

/** Tiles per page of `tiles.list`. */
export const LIBRARY_PAGE = 120;
/** Thumbnail size asked of the main process (pixels; shown at half that on a 2× screen). */
export const THUMB_SIZE = 96;
/** Most files one upload sends (the contract's bound). */
const MAX_UPLOAD = 1000;

export type PackFormat = Results['tiles.export']['format'];

/** What an edit of the library answers: its undo state, and the tile or tiles it touched (tiles.rename, duplicate, tag), if any. */
type LibraryEditResult = { library: LibraryEntry; tile?: LibraryTile; tiles?: readonly LibraryTile[] };

export class LibraryStore {
  /** The panel is shown. */
  visible = $state(false);
  libraries = $state<LibraryEntry[]>([]);
  current = $state<string>(USER_LIBRARY_ID);
  text = $state('');
  tag = $state('');
  terrain = $state('');
  shape = $state<LibraryShape | ''>('');
  /** Only tiles that fit the selected map position. */
  fitsSelected = $state(false);
  tiles = $state.raw<LibraryTile[]>([]);
  more = $state(false);
  /** With `fitsSelected`: the orientations each listed tile fits in. */
  fits = $state.raw<Record<string, string[]>>({});
  /** Tile id → thumbnail as a data: URL. */
  thumbs = $state<Record<string, string>>({});
  selected = $state<string | null>(null);
  loading = $state(false);
  importing = $state(false);
  private seq = 0;
  private wanted = new Set<string>();

  constructor(
    private readonly api: Services,
    private readonly notes: Notifications,
    private readonly maps: OpenMapStore,
    private readonly ground: GroundStore,
  ) {}

  get entry(): LibraryEntry | undefined {
    return this.libraries.find((l) => l.id === this.current);
  }

  get selectedTile(): LibraryTile | undefined {
    return this.tiles.find((t) => t.id === this.selected);
  }

  /** Why the selected tile refuses `edit` (a starter tile, core/vector starter.ts), else null: the panel disables the button and says this on it. */
  refusal(edit: StarterRefusedEdit): string | null {
    const t = this.selectedTile;
    return t ? starterEditRefusal(edit, t.name, t.tags) : null;
  }

  /** The map position the "fits" filter asks about, if a map is open and a tile selected. */
  get position(): { id: string; tile: number } | null {
    const loaded = this.maps.current;
    const tile = this.ground.selection[0];
    return loaded && tile !== undefined ? { id: loaded.id, tile } : null;
  }

  async toggle(): Promise<void> {
    this.visible = !this.visible;
    if (this.visible) await this.refresh();
  }

  /** The libraries, then the first page of the current one. */
  async refresh(): Promise<void> {
    this.libraries = await this.notes.run(null, () => this.api.library.list(), this.libraries);
    if (!this.libraries.some((l) => l.id === this.current)) this.current = USER_LIBRARY_ID;
    await this.search();
  }

  async choose(library: string): Promise<void> {
    this.current = library;
    this.selected = null;
    this.thumbs = {};
    await this.search();
  }

  /** The first page for the current filters. */
  async search(): Promise<void> {
    await this.page(0);
  }

  async loadMore(): Promise<void> {
    if (this.more && !this.loading) await this.page(this.tiles.length);
  }

  private async page(offset: number): Promise<void> {
    const seq = ++this.seq;
    const position = this.fitsSelected ? this.position : null;
    if (this.fitsSelected && !position) {
      this.tiles = [];
      this.more = false;
      return;
    }
    this.loading = true;
    try {
      const r = await this.notes.run(
        null,
        () =>
          this.api.tiles.list({
            library: this.current,
            ...(this.text.trim() ? { text: this.text.trim() } : {}),
            ...(this.tag ? { tag: this.tag } : {}),
            ...(this.terrain ? { terrain: this.terrain } : {}),
            ...(this.shape ? { shape: this.shape } : {}),
            ...(position ? { fits: position } : {}),
            limit: LIBRARY_PAGE,
            offset,
          }),
        null,
      );
      if (!r || seq !== this.seq) return;
      this.tiles = offset === 0 ? r.tiles : [...this.tiles, ...r.tiles];
      this.more = r.more;
      this.fits = offset === 0 ? (r.fits ?? {}) : { ...this.fits, ...(r.fits ?? {}) };
    } finally {
      if (seq === this.seq) this.loading = false;
    }
  }

  /** Fetches the thumbnails of `ids` not yet here (the grid asks for the tiles on screen). */
  async thumbnails(ids: readonly string[]): Promise<void> {
    const missing = ids.filter((id) => !(id in this.thumbs) && !this.wanted.has(id));
    if (!missing.length) return;
    for (const id of missing) this.wanted.add(id);
    const library = this.current;
    try {
      const r = await this.api.tiles.thumbnails({ library, tiles: missing.slice(0, 500), size: THUMB_SIZE });
      if (library !== this.current) return;
      const next = { ...this.thumbs };
      for (const t of r.thumbnails) next[t.tile] = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(t.svg)}`;
      this.thumbs = next;
    } catch (e) {
      this.notes.error((e as Error).message);
    } finally {
      for (const id of missing) this.wanted.delete(id);
    }
  }

  async rename(tile: string, name: string): Promise<void> {
    await this.edit(() => this.api.tiles.rename({ library: this.current, tile, name }));
  }

  async duplicate(tile: string): Promise<void> {
    const r = await this.edit(() => this.api.tiles.duplicate({ library: this.current, tile }));
    if (r) this.selected = r.tile.id;
  }

  async remove(tiles: string[]): Promise<void> {
    await this.edit(() => this.api.tiles.delete({ library: this.current, tiles }));
    if (this.selected && tiles.includes(this.selected)) this.selected = null;
  }

  /** Tags from a comma-separated text: `river, ww2`; a leading "-" removes (`-old`). */
  async tagWith(tiles: string[], text: string): Promise<void> {
    const words = text.split(',').map((w) => w.trim()).filter(Boolean);
    const add = words.filter((w) => !w.startsWith('-'));
    const remove = words.filter((w) => w.startsWith('-')).map((w) => w.slice(1)).filter(Boolean);
    if (!add.length && !remove.length) return;
    // The starter mark is the library's (core/vector starter.ts): said here, nothing sent.
    const refused = starterTagRefusal([...add, ...remove]);
    if (refused) return void this.notes.error(refused);
    await this.edit(() => this.api.tiles.tag({ library: this.current, tiles, ...(add.length ? { add } : {}), ...(remove.length ? { remove } : {}) }));
  }

  async undo(): Promise<void> {
    const r = await this.edit(() => this.api.library.undo({ library: this.current }), true);
    if (r?.label) this.notes.info(replayNote('undo', r.label, 'in the library'));
  }

  async redo(): Promise<void> {
    const r = await this.edit(() => this.api.library.redo({ library: this.current }), true);
    if (r?.label) this.notes.info(replayNote('redo', r.label, 'in the library'));
  }

  /** Imports uploaded files (browser mode, or files dropped on the panel). */
  async importFiles(files: readonly File[]): Promise<void> {
    const list = files.slice(0, MAX_UPLOAD);
    const texts = await Promise.all(list.map(async (f) => ({ name: f.name, text: await f.text() })));
    await this.runImport(() => this.api.tiles.import({ library: this.current, files: texts, onConflict: 'replace' }));
  }

  /** Imports a file or folder by path (the desktop app's dialog answer, or a path typed in browser mode). */
  async importPath(path: string): Promise<void> {
    await this.runImport(() => this.api.tiles.import({ library: this.current, path, onConflict: 'replace' }));
  }

  async openFile(path: string, create: boolean): Promise<void> {
    const r = await this.notes.run('Opening library', () => this.api.library.open({ path, create }), null);
    if (!r) return;
    await this.refresh();
    await this.choose(r.id);
  }

  async closeFile(id: string): Promise<void> {
    const r = await this.notes.run(null, () => this.api.library.close({ library: id }), null);
    if (!r) return;
    this.libraries = r;
    if (this.current === id) await this.choose(USER_LIBRARY_ID);
  }

  async exportPack(format: PackFormat, path: string, tiles?: string[]): Promise<void> {
    const r = await this.notes.run(`Exporting tiles`, () => this.api.tiles.export({ library: this.current, path, format, ...(tiles?.length ? { tiles } : {}) }), null);
    if (r) this.notes.info(`Exported ${r.tiles} tile${r.tiles === 1 ? '' : 's'} to ${r.path}`);
  }

  private async runImport(work: () => Promise<Results['tiles.import']>): Promise<void> {
    if (this.importing) return;
    this.importing = true;
    try {
      const r = await this.notes.run(null, work, null);
      if (!r) return;
      const n = r.added + r.replaced;
      const parts = [`Imported ${n} tile${n === 1 ? '' : 's'}`];
      if (r.trackTiles) parts.push(`${r.trackTiles} 18xx track tile${r.trackTiles === 1 ? '' : 's'}`);
      if (r.rasterTiles) parts.push(`${r.rasterTiles} raster tile${r.rasterTiles === 1 ? '' : 's'}`);
      if (r.games.length) parts.push(`game${r.games.length === 1 ? '' : 's'} ${r.games.join(', ')}`);
      // Named, not only counted (issue 24): the first few with why, then how many more.
      if (r.skipped.length) {
        const named = r.skipped.slice(0, 3).map((k) => `${k.id} (${k.reason})`);
        parts.push(`${r.skipped.length} not imported: ${named.join('; ')}${r.skipped.length > 3 ? ` and ${r.skipped.length - 3} more` : ''}`);
      }
      this.notes.info(`${parts.join(', ')}${r.warnings.length ? ` (${r.warnings.length} warnings: ${r.warnings[0]})` : ''}`);
      this.afterEdit(r.library, r.tiles);
      await this.search();
    } finally {
      this.importing = false;
    }
  }

  /** Runs an edit; the library's undo state and the list follow it. */
  private async edit<R extends LibraryEditResult>(work: () => Promise<R>, all = false): Promise<R | null> {
    const r = await this.notes.run(null, work, null);
    if (!r) return null;
    const touched = all ? null : r.tile ? [r.tile.id] : r.tiles ? r.tiles.map((t) => t.id) : null;
    this.afterEdit(r.library, touched);
    await this.page(0);
    return r;
  }

  /** A tile the tile editor saved (`tiles.save`): that library's undo state, the tile's thumbnail drawn again, the page again when shown. */
  async tileSaved(r: Results['tiles.save']): Promise<void> {
    this.afterEdit(r.library, [r.tile.id]);
    if (this.visible) await this.page(0);
  }

  /** New undo state; thumbnails of the tiles an edit touched (all, when unknown) are drawn again. */
  private afterEdit(entry: LibraryEntry, touched: readonly string[] | null): void {
    this.libraries = this.libraries.map((l) => (l.id === entry.id ? entry : l));
    if (touched === null) this.thumbs = {};
    else {
      const next = { ...this.thumbs };
      for (const id of touched) delete next[id];
      this.thumbs = next;
    }
  }
}
