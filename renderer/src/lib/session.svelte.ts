/**
 * The workspace state and every action the UI can take, in one place: the open project, the
 * open map (the renderer's copy, see map-model.ts), the catalogue, the selected tool, terrain
 * and MOVEMENT-MODE, analysis results, long-job progress and messages. Components read the
 * `$state` fields and call the methods; only this module talks to the `SandtableApi`.
 *
 * Views register for tile changes (`onTiles`) and update their buffers in place rather than
 * reacting to a whole-map state change (STYLE.md, "hot paths without garbage").
 *
 * Renderer layer: DOM allowed (downloads, files), no Node.
 */
import type { AppEvent, ArgsOf, Lineage, ProjectInfo, RecoveryEntry, Results, SandtableApi } from '../../../electron/shared/contract.js';
import { MAX_DERIVE_TILES } from '../../../electron/shared/contract.js';
import type { Transport } from './api.js';
import { ApiError } from './api.js';
import { applyEdit, loadPayload, tileInfo, type AppliedEdit, type LoadedMap, type TileInfo } from './map-model.js';
import { parseCatalogue } from '../../../core/terrain/parse.js';
import type { Terrain, TerrainCatalogue } from '../../../core/terrain/types.js';
import { findTerrain } from '../../../core/terrain/lookup.js';
import type { ToolId } from './tools.js';
import { applyTheme, initialTheme, type Theme } from './theme.js';
import { defaultDeriveRatio, isConnected, selectionClick, selectionExtend } from './selection.js';
import type { GridKind } from '../../../core/grid/types.js';

export interface JobState {
  jobId: string;
  label: string;
  done: number;
  total: number;
}

export interface Toast {
  id: number;
  kind: 'error' | 'info';
  text: string;
}

export type AnalysisResult =
  | { kind: 'path'; from: number; to: number; cost: number | null; tiles: Int32Array; reason?: string }
  | { kind: 'reach'; from: number; budget: number; tiles: Int32Array; costs: Float64Array }
  | { kind: 'los'; from: number; to: number; visible: boolean; blockedAt: number }
  | { kind: 'fov'; from: number; radius: number; tiles: Int32Array };

export type TilesListener = (edit: AppliedEdit) => void;

/** `maps.lineage` of the open map (the breadcrumb and the outlines of derived areas). */
export interface OpenLineage extends Lineage {
  /** The map it was asked for: a late answer for a map no longer open is dropped. */
  readonly mapId: string;
}

export type Screen = 'start' | 'workspace';

export class Session {
  readonly api: SandtableApi;
  readonly transport: Transport;

  screen = $state<Screen>('start');
  appVersion = $state('');
  /** Where relative project paths resolve (shown as a hint next to path fields). */
  projectDir = $state('');
  recovery = $state<RecoveryEntry[]>([]);
  project = $state<ProjectInfo | null>(null);
  recent = $state<string[]>([]);
  catalogue = $state.raw<TerrainCatalogue | null>(null);
  /** The open map; a new object on every load, the same object across edits. */
  current = $state.raw<LoadedMap | null>(null);
  /** Bumped when the open map's data changes (edits, palette), for components that show map-wide facts. */
  revision = $state(0);
  canUndo = $state(false);
  canRedo = $state(false);

  tool = $state<ToolId>('paint');
  areaTerrain = $state('forest');
  linearTerrain = $state('river');
  mode = $state('foot');
  reachBudget = $state(12);
  fovRadius = $state(8);
  observerHeight = $state(2);
  /** Thin borders round every tile (a view aid over the four elements). */
  showBorders = $state(true);

  hover = $state.raw<TileInfo | null>(null);
  /** First click of a two-click tool (path, line of sight). */
  pending = $state<number | null>(null);
  analysis = $state.raw<AnalysisResult | null>(null);

  /** Ground selected for a derivation (lib/selection.ts): tile indices, the reference first. */
  selection = $state.raw<readonly number[]>([]);
  /** The "Derive tactical map" dialog is open. */
  deriveDialog = $state(false);
  /** The dialog's scale ratio; reset to the kind's default when a map of another kind opens. */
  deriveRatio = $state(12);
  deriveSeed = $state(0);
  lineage = $state.raw<OpenLineage | null>(null);
  private ratioKind: GridKind | null = null;
  private lineageAsked = 0;

  jobs = $state<JobState[]>([]);
  /** A call the user is waiting for (shown as an indeterminate progress bar). */
  busy = $state<string | null>(null);
  toasts = $state<Toast[]>([]);
  theme = $state<Theme>('light');

  private tilesListeners = new Set<TilesListener>();
  private commandListeners = new Set<(command: string) => void>();
  private toastId = 0;
  private unsubscribe: (() => void) | null = null;

  constructor(api: SandtableApi, transport: Transport) {
    this.api = api;
    this.transport = transport;
    this.theme = initialTheme();
    applyTheme(this.theme);
  }

  // ── start-up ──────────────────────────────────────────────────────────

  async init(): Promise<void> {
    this.unsubscribe = this.api.onEvent((e) => this.onEvent(e));
    await this.run('Starting', async () => {
      const [info, catalogueJson, project, recent, recovery] = await Promise.all([
        this.api['app.info']({}),
        this.api['catalogue.get']({}),
        this.api['project.info']({}),
        this.api['project.recent']({}),
        this.api['project.recovery']({}).catch(() => [] as RecoveryEntry[]),
      ]);
      this.appVersion = info.version;
      this.projectDir = info.defaultProjectDir;
      this.recovery = recovery;
      this.catalogue = parseCatalogue(catalogueJson, 'catalogue');
      this.project = project;
      this.recent = recent;
      const firstMode = this.catalogue.modes[0];
      if (firstMode && !this.catalogue.modes.some((m) => m.id === this.mode)) this.mode = firstMode.id;
    });
  }

  dispose(): void {
    this.unsubscribe?.();
  }

  // ── catalogue helpers ─────────────────────────────────────────────────

  terrain(id: string): Terrain | undefined {
    return this.catalogue && id ? findTerrain(this.catalogue, id) : undefined;
  }

  /** The terrain the paint-like tools put down for the current tool. */
  get brushTerrain(): string {
    if (this.tool === 'erase') return '';
    if (this.tool === 'linear') return this.linearTerrain;
    return this.areaTerrain;
  }

  selectTerrain(id: string): void {
    const t = this.terrain(id);
    if (!t) return;
    if (t.class === 'area') {
      this.areaTerrain = id;
      if (this.tool !== 'fill') this.tool = 'paint';
    } else {
      this.linearTerrain = id;
      this.tool = 'linear';
    }
  }

  // ── project and maps ──────────────────────────────────────────────────

  async refreshProject(): Promise<void> {
    const [project, recent] = await Promise.all([this.api['project.info']({}), this.api['project.recent']({})]);
    this.project = project;
    this.recent = recent;
  }

  async createMap(args: ArgsOf<'maps.create'>): Promise<void> {
    await this.run(`Creating ${args.name}`, async () => {
      if (!this.project) this.project = await this.api['project.new']({});
      this.openPayload(await this.api['maps.create'](args));
      await this.refreshProject();
    });
  }

  async openMap(id: string): Promise<void> {
    await this.run('Opening map', async () => this.openPayload(await this.api['maps.load']({ id })));
  }

  async newProject(): Promise<void> {
    await this.run('New project', async () => {
      this.project = await this.api['project.new']({});
      this.closeMap();
    });
  }

  async openProject(path: string): Promise<boolean> {
    return this.run(`Opening ${baseName(path)}`, async () => {
      this.project = await this.api['project.open']({ path });
      this.closeMap();
      this.recent = await this.api['project.recent']({});
      if (this.project.maps.length === 1) this.openPayload(await this.api['maps.load']({ id: this.project.maps[0]!.id }));
      return true;
    }, false);
  }

  /** Saves in place, or to `path` ("save as"). Returns false if it failed or there is nowhere to save. */
  async saveProject(path?: string): Promise<boolean> {
    return this.run('Saving', async () => {
      this.project = await this.api['project.save'](path ? { path } : {});
      this.recent = await this.api['project.recent']({});
      this.info(`Saved ${this.project.path ? baseName(this.project.path) : 'project'}`);
      return true;
    }, false);
  }

  async deleteMap(id: string): Promise<void> {
    await this.run('Deleting map', async () => {
      this.project = await this.api['maps.delete']({ id });
      if (this.current?.id === id) this.closeMap();
    });
  }

  closeMap(): void {
    this.current = null;
    this.analysis = null;
    this.pending = null;
    this.hover = null;
    this.selection = [];
    this.deriveDialog = false;
    this.lineage = null;
    this.screen = 'start';
  }

  private openPayload(payload: Results['maps.load']): void {
    this.current = loadPayload(payload);
    this.canUndo = false;
    this.canRedo = false;
    this.analysis = null;
    this.pending = null;
    this.hover = null;
    this.selection = [];
    this.deriveDialog = false;
    this.lineage = null;
    const kind = this.current.map.spec.kind;
    if (kind !== this.ratioKind) {
      this.ratioKind = kind;
      this.deriveRatio = defaultDeriveRatio(kind);
    }
    this.revision++;
    this.screen = 'workspace';
    void this.refreshLineage();
  }

  /** Asks where the open map comes from and what was derived from it (breadcrumb, outlines). */
  async refreshLineage(): Promise<void> {
    const loaded = this.current;
    if (!loaded) return;
    const asked = ++this.lineageAsked;
    try {
      const lineage = await this.api['maps.lineage']({ id: loaded.id });
      // Only the latest question for the map still open counts.
      if (asked === this.lineageAsked && this.current === loaded) this.lineage = { ...lineage, mapId: loaded.id };
    } catch (e) {
      if (asked === this.lineageAsked) this.error(e instanceof Error ? e.message : String(e));
    }
  }

  /** Electron: the native open dialog, then `maps.importFile` (Tiled external tilesets are read beside the file). */
  async importWithDialog(): Promise<void> {
    const { path } = await this.api['dialog.open']({ purpose: 'import' });
    if (!path) return;
    await this.run(`Importing ${baseName(path)}`, async () => {
      const result = await this.api['maps.importFile']({ path });
      this.openPayload(result.map);
      await this.refreshProject();
      this.info(`Imported ${baseName(path)}: ${result.map.summary.kind} ${result.map.summary.size}, ${result.map.summary.tileCount.toLocaleString()} tiles`);
    });
  }

  /** Electron: "Save as" through the native dialog. Returns false if cancelled or failed. */
  async saveWithDialog(): Promise<boolean> {
    const name = this.current?.summary.name ?? 'project';
    const { path } = await this.api['dialog.save']({ purpose: 'project', defaultName: `${name}.sandtable` });
    return path ? this.saveProject(path) : false;
  }

  /** Electron: "Open project" through the native dialog. */
  async openWithDialog(): Promise<void> {
    const { path } = await this.api['dialog.open']({ purpose: 'project' });
    if (path) await this.openProject(path);
  }

  async discardRecovery(path: string): Promise<void> {
    await this.run(null, async () => {
      this.recovery = await this.api['project.discardRecovery']({ path });
    });
  }

  async importFile(file: File): Promise<void> {
    await this.run(`Importing ${file.name}`, async () => {
      const text = await file.text();
      const result = await this.api['maps.import']({ fileName: file.name, text });
      this.openPayload(result.map);
      await this.refreshProject();
      this.info(`Imported ${file.name}: ${result.map.summary.kind} ${result.map.summary.size}, ${result.map.summary.tileCount.toLocaleString()} tiles`);
    });
  }

  async exportMap(format: 'json' | 'tmx' | 'tmj'): Promise<void> {
    const loaded = this.current;
    if (!loaded) return;
    await this.run('Exporting', async () => {
      const out = await this.api['maps.export']({ id: loaded.id, format });
      download(new Blob([out.text], { type: out.mime }), out.fileName);
      // Tiled maps refer to their terrain tileset image: save it beside the map.
      if (out.image) download(new Blob([Uint8Array.from(atob(out.image.base64), (c) => c.charCodeAt(0))], { type: out.image.mime }), out.image.fileName);
    });
  }

  async convertToAlform(): Promise<void> {
    const loaded = this.current;
    if (!loaded || loaded.map.spec.alform) return;
    await this.run('Converting to AL-FORM', async () => {
      this.openPayload(await this.api['maps.convert']({ id: loaded.id }));
      await this.refreshProject();
      this.info(`Converted to AL-FORM: ${this.current?.summary.size} (${this.current?.summary.tileCount.toLocaleString()} tiles)`);
    });
  }

  // ── editing ───────────────────────────────────────────────────────────

  /** One undo step: `terrain` ('' erases) on every tile. */
  async paint(tiles: ArrayLike<number>, terrain: string): Promise<boolean> {
    const loaded = this.current;
    if (!loaded || tiles.length === 0) return false;
    return this.run(null, async () => {
      this.afterEdit(loaded, await this.api['maps.paint']({ id: loaded.id, tiles: Array.from(tiles), terrain }));
      return true;
    }, false);
  }

  /** Classic maps: terrain on the edge between `tile` and its neighbour in `dir`. */
  async paintEdge(tile: number, dir: number, terrain: string): Promise<boolean> {
    const loaded = this.current;
    if (!loaded) return false;
    return this.run(null, async () => {
      this.afterEdit(loaded, await this.api['maps.paintEdge']({ id: loaded.id, tile, dir, terrain }));
      return true;
    }, false);
  }

  async undo(): Promise<void> {
    const loaded = this.current;
    if (!loaded || !this.canUndo) return;
    await this.run(null, async () => this.afterEdit(loaded, await this.api['maps.undo']({ id: loaded.id })));
  }

  async redo(): Promise<void> {
    const loaded = this.current;
    if (!loaded || !this.canRedo) return;
    await this.run(null, async () => this.afterEdit(loaded, await this.api['maps.redo']({ id: loaded.id })));
  }

  private afterEdit(loaded: LoadedMap, result: Results['maps.paint']): void {
    if (this.current !== loaded) return; // the user switched maps while the call ran
    const applied = applyEdit(loaded, result);
    this.canUndo = result.canUndo;
    this.canRedo = result.canRedo;
    if (this.project) this.project = { ...this.project, dirty: true };
    // Results drawn over the old terrain no longer hold.
    this.analysis = null;
    this.revision++;
    for (const l of this.tilesListeners) l(applied);
    if (this.hover) this.hover = tileInfo(loaded, this.catalogue, this.hover.tile);
    // Maps derived from this one may have gone stale (and a derived map itself may have).
    if (this.lineage?.children.length || loaded.summary.derived) void this.refreshLineage();
  }

  onTiles(listener: TilesListener): () => void {
    this.tilesListeners.add(listener);
    return () => this.tilesListeners.delete(listener);
  }

  // ── analysis ──────────────────────────────────────────────────────────

  /** A click of an analysis tool on `tile`. Two-click tools remember the first click. */
  async analyse(tile: number): Promise<void> {
    const loaded = this.current;
    if (!loaded) return;
    const id = loaded.id;
    const mode = this.mode;
    switch (this.tool) {
      case 'path':
      case 'los': {
        if (this.pending === null) {
          this.pending = tile;
          this.analysis = null;
          return;
        }
        const from = this.pending;
        this.pending = null;
        if (this.tool === 'path') {
          await this.run('Finding path', async () => {
            const r = await this.api['analysis.path']({ id, mode, from, to: tile });
            this.analysis = r.cost === null
              ? { kind: 'path', from, to: tile, cost: null, tiles: new Int32Array(0), reason: r.reason }
              : { kind: 'path', from, to: tile, cost: r.cost, tiles: Int32Array.from(r.tiles) };
          });
        } else {
          await this.run('Line of sight', async () => {
            const r = await this.api['analysis.los']({ id, from, to: tile, observerHeight: this.observerHeight });
            this.analysis = { kind: 'los', from, to: tile, visible: r.visible, blockedAt: r.blockedAt };
          });
        }
        return;
      }
      case 'reach': {
        const budget = this.reachBudget;
        await this.run('Reach', async () => {
          const r = await this.api['analysis.reach']({ id, mode, from: tile, budget });
          this.analysis = { kind: 'reach', from: tile, budget, tiles: Int32Array.from(r.tiles), costs: Float64Array.from(r.costs) };
        });
        return;
      }
      case 'fov': {
        const radius = this.fovRadius;
        await this.run('Field of vision', async () => {
          const r = await this.api['analysis.fov']({ id, from: tile, radius, observerHeight: this.observerHeight });
          this.analysis = { kind: 'fov', from: tile, radius, tiles: Int32Array.from(r.tiles) };
        });
        return;
      }
      default:
        return;
    }
  }

  clearAnalysis(): void {
    this.analysis = null;
    this.pending = null;
  }

  // ── ground selection and derivation (SPEC §7) ─────────────────────────

  /** A click of the "Select ground" tool on `tile` (already through groundTileAt); `add`: shift held. */
  selectGround(tile: number, add: boolean): void {
    const loaded = this.current;
    if (!loaded) return;
    const step = selectionClick(loaded, this.selection, tile, add);
    if (step.message) this.error(step.message);
    else this.setSelection(step.tiles);
  }

  /** A drag of the "Select ground" tool over `tile`: added when it adjoins the selection. */
  extendGround(tile: number): void {
    const loaded = this.current;
    if (loaded) this.setSelection(selectionExtend(loaded, this.selection, tile));
  }

  clearSelection(): void {
    if (this.selection.length) this.selection = [];
  }

  private setSelection(tiles: readonly number[]): void {
    if (tiles === this.selection) return;
    if (tiles.length > MAX_DERIVE_TILES) {
      this.error(`A derivation takes at most ${MAX_DERIVE_TILES.toLocaleString()} tiles; derive the ground in parts.`);
      return;
    }
    this.selection = tiles;
  }

  /** Opens the "Derive tactical map" dialog, or says what is missing. */
  openDeriveDialog(): void {
    if (!this.current) return;
    if (this.selection.length === 0) {
      this.tool = 'select';
      this.info('Select ground first: click an area tile, shift-click or drag to add adjoining tiles.');
      return;
    }
    this.deriveDialog = true;
  }

  /**
   * Derives a tactical map from the selection (a job: progress in the jobs panel, cancellable)
   * and opens it. Returns true if it opened.
   */
  async derive(ratio: number, seed: number): Promise<boolean> {
    const loaded = this.current;
    const tiles = this.selection;
    if (!loaded || tiles.length === 0) return false;
    if (!isConnected(loaded, tiles)) {
      this.error('The selection is not connected: every tile must share an edge with another.');
      return false;
    }
    this.deriveRatio = ratio;
    this.deriveSeed = seed;
    return this.deriveFrom(loaded.id, [...tiles], ratio, seed);
  }

  /** Derives a child map again after its parent changed (the same selection, ratio and seed: the same map, updated). */
  async rederive(childId: string): Promise<boolean> {
    const loaded = this.current;
    const child = this.lineage?.children.find((c) => c.id === childId);
    const summary = this.project?.maps.find((m) => m.id === childId);
    if (!loaded || !child || !summary?.derived) return false;
    return this.deriveFrom(loaded.id, child.tiles, summary.derived.ratio, summary.derived.seed);
  }

  private async deriveFrom(id: string, tiles: number[], ratio: number, seed: number): Promise<boolean> {
    return this.run('Deriving tactical map', async () => {
      const result = await this.api['maps.derive']({ id, tiles, ratio, seed });
      this.openPayload(result.map);
      await this.refreshProject();
      const s = result.map.summary;
      this.info(`${result.cached ? 'Opened the derived map' : 'Derived'} ${s.name}: ${s.kind} ${s.size}, ${s.tileCount.toLocaleString()} tiles`);
      return true;
    }, false);
  }

  /** The child map derived from the ground under `tile` of the open map, if any. */
  childAt(tile: number): string | null {
    const lineage = this.lineage;
    if (!lineage || tile < 0 || lineage.mapId !== this.current?.id) return null;
    return lineage.children.find((c) => c.tiles.includes(tile))?.id ?? null;
  }

  setTool(tool: ToolId): void {
    if (tool !== this.tool) this.pending = null;
    this.tool = tool;
  }

  // ── hover ─────────────────────────────────────────────────────────────

  setHover(tile: number): void {
    const loaded = this.current;
    if (!loaded || tile < 0) {
      if (this.hover) this.hover = null;
      return;
    }
    if (this.hover?.tile === tile) return;
    this.hover = tileInfo(loaded, this.catalogue, tile);
  }

  // ── theme, commands, events, messages ─────────────────────────────────

  toggleTheme(): void {
    this.theme = this.theme === 'light' ? 'dark' : 'light';
    applyTheme(this.theme);
  }

  /** Commands that views carry out themselves (fit, zoom), sent from menus and shortcuts. */
  command(name: string): void {
    for (const l of this.commandListeners) l(name);
  }

  onCommand(listener: (command: string) => void): () => void {
    this.commandListeners.add(listener);
    return () => this.commandListeners.delete(listener);
  }

  private onEvent(e: AppEvent): void {
    switch (e.type) {
      case 'job.progress': {
        const job = this.jobs.find((j) => j.jobId === e.jobId);
        if (job) Object.assign(job, { label: e.label, done: e.done, total: e.total });
        else this.jobs.push({ jobId: e.jobId, label: e.label, done: e.done, total: e.total });
        return;
      }
      case 'job.done':
        this.jobs = this.jobs.filter((j) => j.jobId !== e.jobId);
        return;
      case 'job.failed':
        this.jobs = this.jobs.filter((j) => j.jobId !== e.jobId);
        this.error(e.message);
        return;
      case 'menu':
        this.command(e.command);
        return;
      case 'project.changed':
        this.project = e.project;
        if (this.current && !e.project.maps.some((m) => m.id === this.current!.id)) this.closeMap();
        return;
    }
  }

  async cancelJob(jobId: string): Promise<void> {
    await this.run(null, async () => {
      await this.api['jobs.cancel']({ jobId });
      this.jobs = this.jobs.filter((j) => j.jobId !== jobId);
    });
  }

  info(text: string): void {
    this.pushToast('info', text);
  }

  error(text: string): void {
    this.pushToast('error', text);
  }

  dismiss(id: number): void {
    this.toasts = this.toasts.filter((t) => t.id !== id);
  }

  private pushToast(kind: Toast['kind'], text: string): void {
    const id = ++this.toastId;
    this.toasts.push({ id, kind, text });
    setTimeout(() => this.dismiss(id), kind === 'error' ? 9000 : 3500);
  }

  /** Runs a call, showing `label` as busy while it runs and any failure as an error message. */
  private async run<T>(label: string | null, work: () => Promise<T>, fallback?: T): Promise<T> {
    if (label) this.busy = label;
    try {
      return await work();
    } catch (e) {
      this.error(e instanceof ApiError || e instanceof Error ? e.message : String(e));
      return fallback as T;
    } finally {
      if (label && this.busy === label) this.busy = null;
    }
  }
}

export function baseName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}


function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
