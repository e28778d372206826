/**
 * The open map: the renderer's copy (map-model.ts), which screen shows, the tile under the
 * pointer, and every way a map comes to be open (create, load, import, convert; derive in
 * ground.svelte.ts) or is written out (export).
 *
 * Others follow the map through emitters rather than reading each other's state:
 * `switched` (another map opened, the same map loaded again, or none open), `edited`
 * (tiles changed in place; views update their buffers from it, STYLE.md "hot paths without
 * garbage") and `tilesFetched` (vector tile geometry new to the map arrived after an edit
 * that placed it: only the picture changes, so what follows edits — where a tile fits,
 * lineage, analysis — is not asked again). An edit whose result says `reload` (undo/redo of a re-derivation, which changes
 * elevation and vertices the tile changes do not carry) loads the map again instead.
 *
 * Maps created, imported or converted appear in the project through the main process's
 * `project.changed` push; nothing here asks for the project again.
 *
 * Renderer layer: DOM only for downloads.
 */
import type { ArgsOf, EditResult, MapPayload } from '../../../../contract/contract.js';
import type { Services } from '../../../../contract/api.js';
import { applyEdit, loadPayload, tileInfo, type AppliedEdit, type LoadedMap, type TileInfo } from '../map-model.js';
import { baseName, type ProjectStore } from './project.svelte.js';
import type { Notifications } from './notifications.svelte.js';
import { Emitter } from './emitter.js';
import { importSummary } from '../../../../core/formats/import-summary.js';
import { vectorTileFromJson } from '../../../../core/vector/json.js';
import { chosenNumbering, tileNumbering, type TileNumbering } from '../../../../core/map/numbering.js';
import { type NumberingSystem } from '../../../../core/map/meta.js';
import { sizeLabel } from '../map-size.js';

export type Screen = 'start' | 'workspace';

/** Why the open map changed: another map (`open`), the same map read again (`reload`), or none (`close`). */
export interface MapSwitch {
  readonly loaded: LoadedMap | null;
  readonly reason: 'open' | 'reload' | 'close';
}

/** A numbering system and the labeller for the open map. */
export interface ShownNumbering {
  readonly system: NumberingSystem;
  readonly label: TileNumbering;
}

function numberingOf(loaded: LoadedMap): ShownNumbering | null {
  const system = chosenNumbering(loaded.map);
  const label = system ? tileNumbering(loaded.map, system) : null;
  return system && label ? { system, label } : null;
}

export class OpenMapStore {
  screen = $state<Screen>('start');
  /** The open map; a new object on every load, the same object across edits. */
  current = $state.raw<LoadedMap | null>(null);
  /** Bumped when the open map's data changes (edits, palette, reload), for components that show map-wide facts. */
  revision = $state(0);
  hover = $state.raw<TileInfo | null>(null);
  /** On the globe: the model point under the pointer (the status bar shows it in degrees); null elsewhere. */
  globePoint = $state.raw<readonly number[] | null>(null);
  /** The open map's chosen tile numbering (core/map/numbering.ts `meta.numbering`) and its labeller; null for none. */
  numbering = $state.raw<ShownNumbering | null>(null);

  readonly switched = new Emitter<MapSwitch>();
  readonly edited = new Emitter<AppliedEdit>();
  /** The geometry of vector tiles an edit placed arrived (`tiles.get`): the views draw those instances (no terrain changed). */
  readonly tilesFetched = new Emitter<AppliedEdit>();
  /** A map was imported and is now open (after `switched`): the placeholder dialog looks at it. */
  readonly imported = new Emitter<LoadedMap>();
  /** Asks the designer a yes/no question (the app's confirm, as the catalogue editor asks); tests answer for them. */
  ask: (question: string) => boolean | Promise<boolean> = (question) => confirm(question);

  constructor(
    private readonly api: Services,
    private readonly notes: Notifications,
    private readonly project: ProjectStore,
    /** Saves a file the user asked for (exports); a browser download by default. */
    private readonly save: (blob: Blob, fileName: string) => void = download,
  ) {
    project.changed.on((info) => {
      if (this.current && !info.maps.some((m) => m.id === this.current!.id)) this.close();
    });
    // Another window's edits were read (this one is read-only): show the open map as it is now.
    project.followed.on(() => {
      if (this.current) void this.notes.run(null, () => this.reload(this.current!));
    });
    project.switched.on((info) => {
      this.close();
      const only = info.maps.length === 1 ? info.maps[0]! : null;
      if (only) void this.openMap(only.id);
    });
  }

  async create(args: ArgsOf<'maps.create'>): Promise<void> {
    await this.notes.run(`Creating ${args.name}`, async () => {
      await this.project.ensure();
      this.open(await this.api.maps.create(args));
    });
  }

  /** A generated world (issue 27): a job (progress and cancel in the jobs panel); the new map opens when it is done. */
  async generate(args: ArgsOf<'maps.generate'>): Promise<void> {
    await this.notes.run(`Generating ${args.name}`, async () => {
      await this.project.ensure();
      this.open((await this.api.maps.generate(args)).map);
    });
  }

  async openMap(id: string): Promise<void> {
    await this.notes.run('Opening map', async () => {
      const payload = await this.api.maps.load({ id });
      this.open(payload);
      // What opening did to an old map (its roads converted to through-tile networks), said, not silent.
      if (payload.notice) this.notes.info(payload.notice);
    });
  }

  /** Browser mode: the file's text goes to `maps.import`. */
  async importFile(file: File): Promise<void> {
    await this.importFiles([file]);
  }

  /**
   * Browser mode with several files chosen at once: one map (.tmx, .tmj, .map, .json) and the
   * external tilesets (.tsx, .tsj) it refers to — a browser cannot read files beside the map.
   */
  async importFiles(files: readonly File[]): Promise<void> {
    const { map, tilesets, problem } = splitImportFiles(files);
    if (problem || !map) {
      this.notes.error(problem ?? 'Choose a map file to import');
      return;
    }
    await this.notes.run(`Importing ${map.name}`, async () => {
      const chosen = await Promise.all(tilesets.map(async (f) => ({ name: f.name, text: await f.text() })));
      const result = await this.api.maps.import({ fileName: map.name, text: await map.text(), ...(chosen.length ? { tilesets: chosen } : {}) });
      this.showImported(map.name, result.map);
    });
  }

  /**
   * Electron: the native open dialog, then `maps.importFile`. Tiled external tilesets are read
   * relative to the file; when they lie in folders outside its own, the main process answers
   * `needsGrant`: the designer is asked once, the project remembers the folders
   * (`project.grantFolder`) and the import runs again.
   */
  async importWithDialog(): Promise<void> {
    const { path } = await this.api.dialog.open({ purpose: 'import' });
    if (!path) return;
    await this.notes.run(`Importing ${baseName(path)}`, async () => {
      let result = await this.api.maps.importFile({ path });
      // Once for the map's tilesets; again only if a granted tileset names an image in yet another folder.
      for (let asked = 0; 'needsGrant' in result; asked++) {
        if (asked === 3) throw new Error(result.needsGrant.question);
        if (!(await this.ask(result.needsGrant.question))) {
          this.notes.info(`Not imported: ${baseName(path)} needs its tilesets`);
          return;
        }
        for (const folder of result.needsGrant.folders) await this.api.project.grantFolder({ folder });
        result = await this.api.maps.importFile({ path });
      }
      this.showImported(baseName(path), result.map);
    });
  }

  async convertToAlform(): Promise<void> {
    const loaded = this.current;
    if (!loaded || loaded.map.spec.alform) return;
    await this.notes.run('Converting to AL-FORM', async () => {
      const { summary } = this.open(await this.api.maps.convert({ id: loaded.id }));
      this.notes.info(`Converted to AL-FORM: ${sizeLabel(summary)} (${summary.tileCount.toLocaleString()} tiles)`);
    });
  }

  async exportMap(format: ArgsOf<'maps.export'>['format']): Promise<void> {
    const loaded = this.current;
    if (!loaded) return;
    await this.notes.run('Exporting', async () => {
      const out = await this.api.maps.export({ id: loaded.id, format });
      this.save(new Blob([out.text], { type: out.mime }), out.fileName);
      // Tiled maps refer to their terrain tileset image: save it beside the map.
      if (out.image) this.save(new Blob([Uint8Array.from(atob(out.image.base64), (c) => c.charCodeAt(0))], { type: out.image.mime }), out.image.fileName);
    });
  }

  /** Shows a map the main process sent (created, loaded, converted, derived). */
  open(payload: MapPayload): LoadedMap {
    const loaded = loadPayload(payload);
    this.current = loaded;
    this.numbering = numberingOf(loaded);
    this.hover = null;
    this.globePoint = null;
    this.revision++;
    this.screen = 'workspace';
    this.switched.emit({ loaded, reason: 'open' });
    return loaded;
  }

  close(): void {
    this.current = null;
    this.numbering = null;
    this.hover = null;
    this.globePoint = null;
    this.screen = 'start';
    this.switched.emit({ loaded: null, reason: 'close' });
  }

  /**
   * Applies an edit's result to `loaded` if it is still the open map: in place, or by loading
   * the map again when the result says the tile changes are not the whole story.
   */
  async applyEdit(loaded: LoadedMap, result: EditResult): Promise<void> {
    if (this.current !== loaded) return; // the user switched maps while the call ran
    if (result.reload) return this.reload(loaded);
    const applied = applyEdit(loaded, result);
    this.revision++;
    this.edited.emit(applied);
    const missing = new Set((result.instances ?? []).flatMap((p) => (p.vectorTile !== null && !loaded.vectorTiles?.has(p.vectorTile) ? [p.vectorTile] : [])));
    if (missing.size) void this.fetchTiles(loaded, [...missing], applied.instanceTiles);
    if (this.hover) this.hover = this.info(loaded, this.hover.tile);
  }

  setHover(tile: number): void {
    const loaded = this.current;
    if (!loaded || tile < 0) {
      if (this.hover) this.hover = null;
      return;
    }
    if (this.hover?.tile === tile) return;
    this.hover = this.info(loaded, tile);
  }

  setGlobePoint(point: readonly number[] | null): void {
    this.globePoint = point ? [point[0]!, point[1]!, point[2]!] : null;
  }

  /**
   * Chooses the open map's tile numbering (null: none): stored with the map in the project
   * (`maps.setNumbering`), drawn on the map and used by the status bar from then on.
   */
  async setNumbering(system: NumberingSystem | null): Promise<void> {
    const loaded = this.current;
    if (!loaded) return;
    await this.notes.run(null, async () => {
      const { numbering } = await this.api.maps.setNumbering({ id: loaded.id, numbering: system });
      if (this.current !== loaded) return;
      if (numbering) loaded.map.meta.numbering = numbering;
      else delete loaded.map.meta.numbering;
      this.numbering = numberingOf(loaded);
      if (this.hover) this.hover = this.info(loaded, this.hover.tile);
    });
  }

  private info(loaded: LoadedMap, tile: number): TileInfo {
    return tileInfo(loaded, this.project.catalogue, tile, this.numbering);
  }

  /**
   * Vector tiles new to the map (placed or assembled): their geometry from the app library
   * (`tiles.get`), then the placed tiles drawn again. The map itself is already right; only
   * its picture waits, so a failure here leaves the tiles to the next load to draw.
   */
  private async fetchTiles(loaded: LoadedMap, ids: string[], instanceTiles: Int32Array): Promise<void> {
    try {
      const got = await Promise.all(ids.map((tile) => this.api.tiles.get({ library: 'user', tile })));
      if (this.current !== loaded || !loaded.vectorTiles) return;
      for (const g of got) {
        const tile = vectorTileFromJson(g.json, `tile "${g.tile.id}"`, { skipValidation: true });
        loaded.vectorTiles.set(tile.id, tile);
      }
      this.tilesFetched.emit({ tiles: new Int32Array(0), instanceTiles, edgeSlots: new Int32Array(0), networkTiles: new Int32Array(0), paletteChanged: false });
    } catch {
      // See above: drawn at the next load.
    }
  }

  private async reload(loaded: LoadedMap): Promise<void> {
    const payload = await this.api.maps.load({ id: loaded.id });
    if (this.current !== loaded) return;
    const fresh = loadPayload(payload);
    this.current = fresh;
    this.numbering = numberingOf(fresh);
    this.revision++;
    if (this.hover) this.hover = this.info(fresh, this.hover.tile);
    this.switched.emit({ loaded: fresh, reason: 'reload' });
  }

  private showImported(name: string, payload: MapPayload): void {
    const loaded = this.open(payload);
    const { summary, map } = loaded;
    // What the import changed or left out (placeholders, skipped layers): said, not silent.
    const notes = importSummary(map.meta);
    this.notes.info([`Imported ${name}: ${summary.kind} ${sizeLabel(summary)}, ${summary.tileCount.toLocaleString()} tiles`, ...notes].join('. '));
    this.imported.emit(loaded);
  }
}

/** Saves a file the browser way (a download); tests pass their own `save`. */
export function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const MAP_FILE = /\.(tmx|tmj|map|json)$/i;
const TILESET_FILE = /\.(tsx|tsj)$/i;

/** One map and its tilesets out of the files a user chose; `problem` says what is wrong with the choice. */
export function splitImportFiles<F extends { name: string }>(files: readonly F[]): { map: F | null; tilesets: F[]; problem?: string } {
  const maps = files.filter((f) => MAP_FILE.test(f.name));
  const tilesets = files.filter((f) => TILESET_FILE.test(f.name));
  const other = files.filter((f) => !MAP_FILE.test(f.name) && !TILESET_FILE.test(f.name));
  if (maps.length !== 1) {
    const names = maps.map((f) => f.name).slice(0, 3).join(', ');
    return { map: null, tilesets, problem: maps.length ? `Choose one map at a time (with its tilesets); you chose ${maps.length}: ${names}${maps.length > 3 ? ' …' : ''}` : 'Choose a map file (.tmx, .tmj, .map or .json), with its tilesets (.tsx, .tsj) if it has external ones' };
  }
  if (other.length) return { map: null, tilesets, problem: `Only a map and its tilesets (.tsx, .tsj) can be imported together; not ${other[0]!.name}` };
  return { map: maps[0]!, tilesets };
}
