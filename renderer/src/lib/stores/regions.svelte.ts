/**
 * Everyday editing (issue 14): the region selection (rectangle and lasso tools; the rules of
 * which tiles a shape covers are core/map/region-select.ts's), the clipboard — a core
 * `Region` (core/map/region.ts) that outlives switching maps, so a region pastes into another
 * map of the same lattice — paste with a ghost that follows the pointer until a click lands
 * it, and the maps as wholes: rename, duplicate, resize with an anchor, delete.
 *
 * Cut and paste are each one undo step in the main process (`maps.cut`, `maps.paste`),
 * applied to the open map like any paint (editing.svelte.ts `apply`).
 *
 * Renderer layer, no DOM.
 */
import type { ArgsOf, MapSummary, Results } from '../../../../contract/contract.js';
import { copyRegion, placeRegion, regionAnchor, regionSize, type Region } from '../../../../core/map/region.js';
import { regionForMap } from '../../../../core/map/region-transfer.js';
import { regionToJson } from '../../../../core/map/region-json.js';
import type { SelectionOp } from '../../../../core/map/region-select.js';
import { MapFeature, type MapFeatureStores } from './map-feature.js';
import { sizeLabel } from '../map-size.js';

/** What is on the clipboard: the region and where it came from (for messages). */
export interface Clipboard {
  readonly region: Region;
  readonly from: string;
  readonly tiles: number;
}

/** The pasted region shown under the pointer: target tiles grouped by terrain colour. */
export interface Ghost {
  readonly anchor: number;
  readonly groups: readonly { readonly colour: string; readonly tiles: readonly number[] }[];
}

/** Which map dialog is open, and for which map. */
export type MapDialog = { kind: 'rename' | 'resize' | 'delete'; map: MapSummary } | null;

export class RegionStore extends MapFeature {
  /** The one selection's tiles (selection.svelte.ts), ascending. */
  get selection(): Int32Array {
    return this.sel.tiles;
  }
  clipboard = $state.raw<Clipboard | null>(null);
  /** Paste mode: the ghost follows the pointer; a click lands it, Esc drops it. */
  pasting = $state(false);
  /** The clipboard as the open map takes it (classic ↔ AL-FORM carried across), while pasting. */
  private pasteRegion: Region | null = null;
  ghost = $state.raw<Ghost | null>(null);
  dialog = $state.raw<MapDialog>(null);

  constructor(stores: MapFeatureStores) {
    super(stores);
    this.onMapSwitch(() => {
      // Tile numbers belong to one map: the selection does not travel (selection.svelte.ts); the clipboard does.
      this.ghost = null;
      this.pasting = false;
      this.pasteRegion = null;
    });
  }

  /** A finished rectangle or lasso: `tiles` combined with the selection (shift adds, alt subtracts). */
  select(tiles: ArrayLike<number>, op: SelectionOp): void {
    this.sel.apply(tiles, op);
  }

  /** Esc: drops paste mode first, then the selection. Returns true if there was something to drop. */
  clear(): boolean {
    if (this.pasting) {
      this.pasting = false;
      this.pasteRegion = null;
      this.ghost = null;
      return true;
    }
    return this.sel.clear();
  }

  /** Copies the selection to the clipboard; false when nothing is selected. */
  copy(): boolean {
    const loaded = this.maps.current;
    if (!loaded) return false;
    if (this.selection.length === 0) {
      this.notes.info('Select a region first: drag a rectangle (M), draw a lasso (Q) or fill-select (W) over the map.');
      return false;
    }
    try {
      const anchor = regionAnchor(loaded.map, this.selection);
      if (anchor < 0) {
        this.notes.error('The selection holds no area tile to anchor the region on; select some hexes too.');
        return false;
      }
      const region = copyRegion(loaded.map, this.selection, anchor);
      this.clipboard = { region, from: loaded.summary.name, tiles: regionSize(region) };
      this.notes.info(`Copied ${this.clipboard.tiles.toLocaleString()} tiles of ${loaded.summary.name}`);
      return true;
    } catch (e) {
      this.notes.error(e instanceof Error ? e.message : String(e));
      return false;
    }
  }

  /** Copies, then clears the selected tiles in one undo step. */
  async cut(): Promise<void> {
    if (!this.copy()) return;
    const tiles = Array.from(this.selection);
    await this.editing.apply((id) => this.api.maps.cut({ id, tiles }));
  }

  /** Starts paste mode (the ghost follows the pointer), or says why the clipboard cannot go here. */
  startPaste(): void {
    const loaded = this.maps.current;
    if (!loaded) return;
    const clip = this.clipboard;
    if (!clip) {
      this.notes.info('Nothing to paste: select a region and copy it (Ctrl+C) first.');
      return;
    }
    try {
      this.pasteRegion = regionForMap(clip.region, loaded.map);
    } catch (e) {
      this.notes.error(`Cannot paste here: ${e instanceof Error ? e.message : String(e)}`);
      return;
    }
    this.pasting = true;
    this.notes.info(`Click where the region goes (${clip.tiles.toLocaleString()} tiles); Esc cancels.`);
  }

  /** The ghost with its anchor on `anchor` (−1: the pointer is off the map). */
  showGhost(anchor: number): void {
    const loaded = this.maps.current;
    const region = this.pasteRegion;
    if (!this.pasting || !loaded || !region) return;
    if (anchor < 0) {
      this.ghost = null;
      return;
    }
    if (this.ghost?.anchor === anchor) return;
    const { targets } = placeRegion(region, loaded.map, anchor);
    const byColour = new Map<string, number[]>();
    const { palette, values } = region;
    for (let k = 0; k < targets.length; k++) {
      const t = targets[k]!;
      const v = values[k]!;
      if (t < 0 || v < 0) continue;
      // An empty linear cell adds nothing to see (the area cells around it show the extent).
      if (v === 0 && loaded.classes && loaded.classes[t] !== 0) continue;
      // Empty cells show as a pale patch, so the ghost's extent is visible where it holds no terrain.
      const colour = v === 0 ? '#ffffff' : (this.project.terrain(palette[v - 1]!)?.colour ?? '#888888');
      let list = byColour.get(colour);
      if (!list) byColour.set(colour, (list = []));
      list.push(t);
    }
    this.ghost = { anchor, groups: [...byColour].map(([colour, tiles]) => ({ colour, tiles })) };
  }

  /** Lands the clipboard with its anchor on `anchor`: one undo step. */
  async pasteAt(anchor: number): Promise<void> {
    const clip = this.clipboard;
    if (!this.pasting || !clip || anchor < 0) return;
    this.pasting = false;
    this.ghost = null;
    // The clipboard as copied: the main process carries it across forms by the same core rules.
    const region = regionToJson(clip.region);
    let outcome: Results['maps.paste'] | null = null;
    await this.editing.apply(async (id) => (outcome = await this.api.maps.paste({ id, region, anchor })));
    const r = outcome as Results['maps.paste'] | null;
    if (r && (r.outside || r.misfits)) {
      const parts = [r.outside ? `${r.outside.toLocaleString()} fell off the map` : '', r.misfits ? `${r.misfits.toLocaleString()} did not fit their tile class` : ''].filter(Boolean);
      this.notes.info(`Pasted ${r.placed.toLocaleString()} tiles; ${parts.join(', ')}`);
    }
  }

  // ── maps as wholes ────────────────────────────────────────────────────

  openDialog(kind: 'rename' | 'resize' | 'delete', map: MapSummary): void {
    this.dialog = { kind, map };
  }

  closeDialog(): void {
    this.dialog = null;
  }

  async rename(id: string, name: string): Promise<boolean> {
    return this.notes.run(
      'Renaming map',
      async () => {
        await this.api.maps.rename({ id, name });
        const loaded = this.maps.current;
        // The open map's own summary follows (the project list comes with the main process's push).
        if (loaded?.id === id) loaded.summary = { ...loaded.summary, name: name.trim() };
        this.maps.revision++;
        this.dialog = null;
        return true;
      },
      false,
    );
  }

  /** A copy as a new map; from the workspace it opens. */
  async duplicate(id: string, open: boolean): Promise<void> {
    await this.notes.run('Duplicating map', async () => {
      const wasDerived = this.project.project?.maps.find((m) => m.id === id)?.derived !== undefined;
      const payload = await this.api.maps.duplicate({ id });
      if (open) this.maps.open(payload);
      this.notes.info(`Duplicated as ${payload.summary.name}${wasDerived ? ' (a plain map: the derivation link stays with the original)' : ''}`);
    });
  }

  /** What a resize would lose and add (nothing changes), or null with the reason shown. */
  async previewResize(args: Omit<ArgsOf<'maps.resize'>, 'preview'>): Promise<Results['maps.resize'] | { error: string }> {
    try {
      return await this.api.maps.resize({ ...args, preview: true });
    } catch (e) {
      return { error: e instanceof Error ? e.message.replace(/^maps\.resize: /, '') : String(e) };
    }
  }

  async resize(args: Omit<ArgsOf<'maps.resize'>, 'preview'>): Promise<boolean> {
    return this.notes.run(
      'Resizing map',
      async () => {
        const r = await this.api.maps.resize(args);
        if (r.map && this.maps.current?.id === args.id) this.maps.open(r.map);
        this.dialog = null;
        this.notes.info(`Resized to ${r.map ? sizeLabel(r.map.summary) : args.size}${r.lost ? `; ${r.lost.toLocaleString()} tiles cut off` : ''}`);
        return true;
      },
      false,
    );
  }

  async remove(id: string): Promise<void> {
    await this.project.deleteMap(id);
    this.dialog = null;
  }
}
