/**
 * The main-process services (SPEC §11): one implementation of every operation of the
 * contract (electron/shared/contract.ts), over the project store (node/store) and
 * the engine (core/). Electron IPC (electron/main/ipc.ts) and browser mode
 * (electron/browser/server.ts) are two thin doors onto this one object: both pass the raw
 * `(name, args)` they received to `call`, which validates them against the contract before
 * anything runs, so the two doors cannot drift apart.
 *
 * - Every edit is one undo step in the project's journal (SPEC §10); the journal refuses
 *   an edit whose "before" values differ from what is stored, so the in-memory copy of a
 *   map kept here for speed can never silently diverge from the file.
 * - Derivations (`maps.derive`) read substitutes from the app's own library in userData
 *   (user-library.ts, opened and seeded on first use) and are cached in the project
 *   (store/derived-store.ts): unchanged ground and substitutes answer with the stored map.
 * - Operations that touch the project run one at a time (`exclusive`), so a save (which
 *   awaits SQLite's backup) never interleaves with an edit. Long jobs compute outside that
 *   queue, in worker threads, and only their final write enters it.
 *
 * Plain Node: must not depend on Electron or DOM (Electron-only features, the native file
 * dialogs, come in through `DialogHost`).
 */
import { join } from 'node:path';
import catalogueJson from '../../resources/terrain/default.json' with { type: 'json' };
import type { AppEvent, ArgsOf, DerivedSummary, EditResult, Lineage, MapPayload, MapSummary, OperationName, ProjectInfo, Results } from '../../electron/shared/contract.js';
import { validateCall } from '../../electron/shared/contract.js';
import { InputError } from '../../core/util/input-error.js';
import type { TerrainCatalogue } from '../../core/terrain/catalogue.js';
import { catalogueToJson, parseCatalogue } from '../../core/terrain/catalogue.js';
import { areaTerrains, findTerrain } from '../../core/terrain/lookup.js';
import { TerrainMap } from '../../core/map/terrain-map.js';
import type { MapSpec } from '../../core/map/terrain-map.js';
import { mapToJson } from '../../core/map/map-json.js';
import { requireDerivedMeta } from '../../core/map/meta.js';
import { applyPlan, fillArea, planEdgePaint, planPaint, writeValue } from '../../core/map/paint.js';
import type { PaintPlan } from '../../core/map/paint.js';
import { createGrid } from '../../core/grid/create.js';
import { formatSize, parseSize, parseWrap } from '../../core/grid/size.js';
import { classicToAlform } from '../../core/alform/transfer.js';
import { classifyTile, TileClass } from '../../core/alform/classify.js';
import { checkRatio, substituteLattice } from '../../core/derive/geometry/ratios.js';
import { defaultRatio } from '../../core/derive/derive.js';
import type { Substitute } from '../../core/derive/types.js';
import type { DerivationHashes, DerivationKey, DerivedLink, MapSummary as StoredMapSummary, Project } from '../store/index.js';
import { substitutesHash } from '../store/index.js';
import type { UserLibrary } from './user-library.js';
import { USER_LIBRARY_FILE, openUserLibrary } from './user-library.js';
import { ProjectSession } from './project-session.js';
import { RecentFiles } from './recent-files.js';
import { JobRunner, sourceWorkerUrl } from './jobs.js';
import type { JobRequest } from './job-protocol.js';
import { packMap } from './job-protocol.js';
import { OpenMap } from './analysis.js';
import { exportMap } from './export-map.js';

/** Native file dialogs; only the Electron shell has them. */
export interface DialogHost {
  open(purpose: 'project' | 'import'): Promise<string | null>;
  save(purpose: 'project' | 'export', defaultName?: string): Promise<string | null>;
}

export interface AppServicesOptions {
  mode: 'electron' | 'browser';
  version: string;
  /** Recent files, the recovery folder and the app's library live here. */
  userDataDir: string;
  /** The library whose substitutes derivations use; defaults to `<userDataDir>/library.sandtable-library` (created and seeded on first use). */
  libraryPath?: string;
  /** Where relative project paths resolve; defaults to `<userDataDir>/projects`. */
  defaultProjectDir?: string;
  /** Entry file of the job worker; defaults to the source bootstrap (jobs.ts). */
  workerUrl?: URL;
  dialogs?: DialogHost;
  catalogue?: TerrainCatalogue;
  /** Clock for the store's timestamps. */
  now?: () => string;
  /** Maps with at least this many tiles are created and converted in a worker (default 250 000). */
  jobThresholdTiles?: number;
  /** Test hook: pause between a job's steps so it can be cancelled at a known point. */
  jobStepDelayMs?: number;
}

/** The largest map the app creates: 16 M tiles is ~16 MB of terrain, and an AL-FORM 2000×2000 area-tile map. */
export const MAX_APP_TILES = 1 << 24;
/** Maps kept in memory for fast edits and analysis; the least recently used is dropped first. */
const OPEN_MAP_LIMIT = 8;

type Handlers = { [N in OperationName]: (args: ArgsOf<N>) => Promise<Results[N]> | Results[N] };

export class AppServices {
  readonly catalogue: TerrainCatalogue;
  readonly session: ProjectSession;
  readonly recent: RecentFiles;
  private readonly jobs: JobRunner;
  private readonly listeners = new Set<(event: AppEvent) => void>();
  private readonly open = new Map<string, OpenMap>();
  private openGeneration = -1;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly defaultProjectDir: string;
  private readonly threshold: number;
  private userLibrary: UserLibrary | null = null;

  constructor(private readonly options: AppServicesOptions) {
    this.catalogue = options.catalogue ?? parseCatalogue(structuredClone(catalogueJson), 'resources/terrain/default.json');
    this.recent = new RecentFiles(options.userDataDir);
    this.defaultProjectDir = options.defaultProjectDir ?? join(options.userDataDir, 'projects');
    this.session = new ProjectSession({
      userDataDir: options.userDataDir,
      defaultProjectDir: this.defaultProjectDir,
      recent: this.recent,
      ...(options.now ? { now: options.now } : {}),
    });
    this.jobs = new JobRunner({
      workerUrl: options.workerUrl ?? sourceWorkerUrl(),
      emit: (e) => this.emit(e),
      stepDelayMs: options.jobStepDelayMs ?? 0,
    });
    this.threshold = options.jobThresholdTiles ?? 250_000;
  }

  /**
   * The one entry point for untrusted callers: validates `(name, args)` against the
   * contract, then runs the operation. Errors come back as exceptions whose message is one
   * line naming the operation.
   */
  async call(name: unknown, args: unknown): Promise<unknown> {
    const valid = validateCall(name, args);
    const handler = this.handlers[valid.name] as (a: unknown) => unknown;
    try {
      return await handler(valid.args);
    } catch (e) {
      throw operationError(valid.name, e);
    }
  }

  /** Typed call for trusted callers in the main process (menus, command line). */
  invoke<N extends OperationName>(name: N, args: ArgsOf<N>): Promise<Results[N]> {
    return this.call(name, args) as Promise<Results[N]>;
  }

  onEvent(listener: (event: AppEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: AppEvent): void {
    for (const l of [...this.listeners]) {
      try {
        l(event);
      } catch {
        // One broken listener (a closed window, a dropped SSE client) must not stop the others.
      }
    }
  }

  projectInfo(): ProjectInfo {
    const info = this.session.info();
    const derived = this.session.isOpen ? this.derivedSummaries(this.session.current()) : new Map<string, DerivedSummary>();
    return { path: info.path, dirty: info.dirty, maps: info.maps.map((s) => toSummary(s, derived.get(s.id))) };
  }

  /** Closes the project ("Don't save" on an untitled one deletes it instead). */
  async shutdown(options: { discardUntitled?: boolean } = {}): Promise<void> {
    this.jobs.cancelAll();
    await this.exclusive(() => {
      if (options.discardUntitled) this.session.discardUntitled();
      this.session.close();
      this.open.clear();
      this.userLibrary?.library.close();
      this.userLibrary = null;
    });
  }

  /** The app's library (substitutes for derivations), opened — and on first use created and seeded — when first needed. */
  library(): UserLibrary {
    if (!this.userLibrary) {
      const path = this.options.libraryPath ?? join(this.options.userDataDir, USER_LIBRARY_FILE);
      this.userLibrary = openUserLibrary(path, this.catalogue, this.options.now ? { now: this.options.now } : {});
    }
    return this.userLibrary;
  }

  private readonly handlers: Handlers = {
    'app.info': () => ({ version: this.options.version, mode: this.options.mode, defaultProjectDir: this.defaultProjectDir }),
    'catalogue.get': () => catalogueToJson(this.catalogue),

    'project.new': () => this.projectChange(() => this.session.newProject()),
    'project.open': ({ path }) => this.projectChange(() => this.session.open(path)),
    'project.save': ({ path }) => this.projectChange(() => this.session.save(path)),
    'project.info': () => this.exclusive(() => this.projectInfo()),
    'project.recent': () => this.recent.list(),
    'project.recovery': () => this.exclusive(() => this.session.recoverable()),
    'project.discardRecovery': ({ path }) => this.exclusive(() => this.session.discardRecovery(path)),

    'dialog.open': ({ purpose }) => this.dialogs().open(purpose).then((path) => ({ path })),
    'dialog.save': ({ purpose, defaultName }) => this.dialogs().save(purpose, defaultName).then((path) => ({ path })),

    'maps.list': () => this.exclusive(() => this.projectInfo().maps),
    'maps.create': (args) => this.createMap(args),
    'maps.load': ({ id }) => this.exclusive(() => this.payload(id)),
    'maps.delete': ({ id }) =>
      this.projectChange(() => {
        const project = this.session.current();
        if (!project.maps.delete(id)) throw new Error(`no map with id "${id}" in this project`);
        this.open.delete(id);
      }),
    'maps.paint': ({ id, tiles, terrain }) =>
      this.exclusive(() => {
        const m = this.openMap(id).map;
        return this.edit(id, planPaint(m, this.catalogue, tiles, terrain), terrain === '' ? 'Erase' : `Paint ${terrain}`);
      }),
    'maps.paintEdge': ({ id, tile, dir, terrain }) =>
      this.exclusive(() => {
        const m = this.openMap(id).map;
        return this.edit(id, planEdgePaint(m, this.catalogue, tile, dir, terrain), terrain === '' ? 'Erase edge' : `Paint ${terrain} edge`);
      }),
    'maps.undo': ({ id }) => this.exclusive(() => this.replay(id, 'undo')),
    'maps.redo': ({ id }) => this.exclusive(() => this.replay(id, 'redo')),
    'maps.convert': ({ id }) => this.convertMap(id),
    'maps.import': async ({ fileName, text, mapping }) => {
      const areas = areaTerrains(this.catalogue).map((t) => t.id);
      return this.runImport({ kind: 'import-text', fileName, text, mapping, areaTerrains: areas });
    },
    'maps.importFile': async ({ path, mapping }) => {
      const areas = areaTerrains(this.catalogue).map((t) => t.id);
      return this.runImport({ kind: 'import-file', path: this.session.resolvePath(path), mapping, areaTerrains: areas });
    },
    'maps.export': ({ id, format }) =>
      this.exclusive(() => {
        const summary = this.summaryOf(id);
        return exportMap(this.openMap(id).map, summary.name, format, this.catalogue);
      }),
    'maps.derive': (args) => this.deriveMap(args),
    'maps.lineage': ({ id }) => this.exclusive(() => this.lineage(id)),

    'analysis.path': ({ id, mode, from, to }) => this.exclusive(() => this.openMap(id).path(mode, from, to)),
    'analysis.reach': ({ id, mode, from, budget }) => this.exclusive(() => this.openMap(id).reach(mode, from, budget)),
    'analysis.los': ({ id, from, to, observerHeight, targetHeight }) => this.exclusive(() => this.openMap(id).los(from, to, observerHeight, targetHeight)),
    'analysis.fov': ({ id, from, radius, observerHeight }) => this.exclusive(() => this.openMap(id).fov(from, radius, observerHeight)),

    'jobs.cancel': ({ jobId }) => ({ cancelled: this.jobs.cancel(jobId) }),
  };

  /** Runs `fn` after every earlier queued operation has finished. */
  private exclusive<T>(fn: () => T | Promise<T>): Promise<T> {
    const run = this.queue.then(fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** A project-level change: runs exclusively, then tells the renderer what the project looks like now. */
  private async projectChange(fn: () => void | Promise<void>): Promise<ProjectInfo> {
    const info = await this.exclusive(async () => {
      await fn();
      return this.projectInfo();
    });
    this.emit({ type: 'project.changed', project: info });
    return info;
  }

  private dialogs(): DialogHost {
    if (!this.options.dialogs) {
      throw new Error(`native file dialogs exist only in the desktop app; in browser mode ask for a path instead (relative paths resolve in ${this.defaultProjectDir})`);
    }
    return this.options.dialogs;
  }

  /** The open map `id`, loading it from the project on first use. */
  private openMap(id: string): OpenMap {
    const project = this.session.current();
    if (this.openGeneration !== this.session.generation) {
      this.open.clear();
      this.openGeneration = this.session.generation;
    }
    let m = this.open.get(id);
    if (m) {
      // Re-insert: Map iteration order is our least-recently-used order.
      this.open.delete(id);
      this.open.set(id, m);
      return m;
    }
    if (!project.maps.has(id)) throw new Error(`no map with id "${id}" in this project`);
    m = new OpenMap(project.maps.load(id), this.catalogue);
    this.open.set(id, m);
    while (this.open.size > OPEN_MAP_LIMIT) this.open.delete(this.open.keys().next().value!);
    return m;
  }

  private summaryOf(id: string): StoredMapSummary {
    const s = this.session.current().maps.get(id);
    if (!s) throw new Error(`no map with id "${id}" in this project`);
    return s;
  }

  private payload(id: string): MapPayload {
    const project = this.session.current();
    const link = project.derived.get(id);
    return { summary: toSummary(this.summaryOf(id), link ? this.derivedSummary(project, link, new Map()) : undefined), map: mapToJson(this.openMap(id).map) };
  }

  /** Stores a new map, keeps it open, and returns what the renderer needs to show it. */
  private store(map: TerrainMap, name: string): MapPayload {
    const summary = this.session.ensure().maps.put(map, { name });
    this.openMap(summary.id);
    return this.payload(summary.id);
  }

  private edit(id: string, plan: PaintPlan, label: string): EditResult {
    const open = this.openMap(id);
    if (plan.changes.length) {
      const grew = plan.palette.length > open.map.palette.length;
      this.session.current().edit(id, plan.changes, { label, ...(grew ? { palette: plan.palette } : {}) });
      applyPlan(open.map, plan);
      open.invalidate();
    }
    return this.editResult(id, plan.changes.map((c) => ({ layer: c.layer, index: c.index, value: c.after })));
  }

  private replay(id: string, which: 'undo' | 'redo'): EditResult {
    const open = this.openMap(id);
    const project = this.session.current();
    const r = which === 'undo' ? project.undo(id) : project.redo(id);
    const changes: EditResult['changes'] = [];
    let reload = false;
    if (r) {
      for (const c of r.changes) {
        if (c.layer === 'terrain' || c.layer === 'edges') {
          writeValue(open.map, c.layer, c.index, c.after);
          changes.push({ layer: c.layer, index: c.index, value: c.after });
        } else {
          // Only a re-derivation writes vertices or elevation: the renderer loads the map again.
          const values = open.map.layers[c.layer];
          if (!values) throw new Error(`the journal holds a ${c.layer} change, but map "${id}" has no ${c.layer} layer`);
          values[c.index] = c.after;
          reload = true;
        }
      }
      open.invalidate();
      // A re-derivation may have grown the palette: the open copy is read again (EditResult carries the palette).
      if (this.summaryOf(id).palette.length !== open.map.palette.length) this.open.delete(id);
    }
    return { ...this.editResult(id, changes), ...(reload ? { reload } : {}) };
  }

  private editResult(id: string, changes: EditResult['changes']): EditResult {
    const history = this.session.current().journal.history(id);
    return {
      changes,
      palette: [...this.openMap(id).map.palette],
      canUndo: history.some((e) => !e.undone),
      canRedo: history.some((e) => e.undone),
    };
  }

  private async createMap(args: ArgsOf<'maps.create'>): Promise<MapPayload> {
    const size = parseSize(args.kind, args.size);
    const wrap = parseWrap(args.wrap);
    const spec: MapSpec = { kind: size.kind, size, wrap, alform: args.alform };
    const tileCount = createGrid(spec).tileCount;
    if (tileCount > MAX_APP_TILES) throw new Error(`a ${args.kind} ${formatSize(size)} map has ${tileCount} tiles; the app makes maps of at most ${MAX_APP_TILES}`);
    const fill = args.fill === undefined || args.fill === '' ? null : args.fill;
    if (fill !== null) {
      const t = findTerrain(this.catalogue, fill);
      if (!t) throw new Error(`fill: "${fill}" is not a terrain of catalogue "${this.catalogue.name}"`);
      if (t.class !== 'area') throw new Error(`fill: needs area terrain; "${fill}" is linear`);
    }
    let payload: MapPayload;
    if (tileCount < this.threshold) {
      payload = await this.exclusive(() => {
        const map = TerrainMap.create({ size, wrap, alform: args.alform, meta: { name: args.name } });
        if (fill !== null) fillArea(map, this.catalogue, fill);
        return this.store(map, args.name);
      });
    } else {
      payload = (await this.runJob({ kind: 'create', spec, fill, name: args.name }, (map) => this.store(map, args.name))).map;
    }
    this.emit({ type: 'project.changed', project: await this.exclusive(() => this.projectInfo()) });
    return payload;
  }

  private async convertMap(id: string): Promise<MapPayload> {
    const { map, name } = await this.exclusive(() => ({ map: this.openMap(id).map, name: this.summaryOf(id).name }));
    if (map.spec.alform) throw new Error(`map "${name}" is already AL-FORM`);
    const newName = `${name} (AL-FORM)`.slice(0, 200);
    let payload: MapPayload;
    if (map.tileCount < this.threshold / 4) {
      payload = await this.exclusive(() => this.store(classicToAlform(map), newName));
    } else {
      payload = (await this.runJob({ kind: 'convert', map: packMap(map, true) }, (map) => this.store(map, newName))).map;
    }
    this.emit({ type: 'project.changed', project: await this.exclusive(() => this.projectInfo()) });
    return payload;
  }

  private async runImport(request: JobRequest): Promise<{ jobId: string; map: MapPayload }> {
    const result = await this.runJob(request, (map) => this.store(map, typeof map.meta.name === 'string' && map.meta.name ? map.meta.name : 'Imported map'));
    this.emit({ type: 'project.changed', project: await this.exclusive(() => this.projectInfo()) });
    return result;
  }

  /**
   * maps.derive: validates the selection on the parent, answers from the cache when the map
   * derived before from the same ground, selection, ratio and seed is fresh, and otherwise
   * derives in a worker and stores the result — a new derived map, or the stale one derived
   * again as one undo step (store/derived-store.ts).
   */
  private async deriveMap(args: ArgsOf<'maps.derive'>): Promise<Results['maps.derive']> {
    const plan = await this.exclusive(() => {
      const project = this.session.current();
      const parent = this.openMap(args.id).map;
      const parentName = this.summaryOf(args.id).name;
      const kind = parent.spec.kind;
      const ratio = args.ratio ?? defaultRatio(kind);
      checkRatio(kind, ratio);
      const seed = args.seed ?? 0;
      const tiles = checkSelection(parent, parentName, args.tiles);
      const key: DerivationKey = { parentId: args.id, selection: tiles, ratio, seed };
      const lattice = substituteLattice(kind);
      const source = this.library().source;
      const hashes: DerivationHashes = { groundHash: project.derived.groundHash(args.id), substitutesHash: substitutesHash(source, parent.palette, lattice, ratio) };
      const link = project.derived.find(key);
      if (link && link.groundHash === hashes.groundHash && link.substitutesHash === hashes.substitutesHash) return { cached: this.payload(link.mapId) };
      const substitutes = parent.palette.map((t) => source.get(t, lattice, ratio)).filter((s): s is Substitute => s !== undefined);
      const reference = parent.grid.coord(tiles[0]!).join(',');
      const name = `${parentName} · tactical 1:${ratio} at ${reference}`.slice(0, 200);
      const request: JobRequest = { kind: 'derive', map: packMap(parent, true), catalogue: catalogueToJson(this.catalogue), substitutes, tiles, ratio, seed };
      return { cached: null, request, key, hashes, name };
    });
    if (plan.cached) return { jobId: '', map: plan.cached, cached: true };
    const { key, hashes, name } = plan;
    const result = await this.runJob(plan.request, (map) => {
      const project = this.session.current();
      if (!project.maps.has(key.parentId)) throw new Error(`map "${key.parentId}" was deleted while the job ran; the derived map was not stored`);
      map.meta.derived = { ...requireDerivedMeta(map.meta, 'the result of a derive job'), parent: key.parentId };
      map.meta.name = name;
      // Found again here: another derivation of the same key may have finished meanwhile.
      const link = project.derived.find(key);
      let id: string;
      if (link) {
        project.derived.refresh(link.mapId, map, hashes, 'Derive again');
        id = link.mapId;
        this.open.delete(id);
      } else {
        id = project.derived.add(map, key, hashes, { name }).id;
      }
      return this.payload(id);
    });
    this.emit({ type: 'project.changed', project: await this.exclusive(() => this.projectInfo()) });
    return { ...result, cached: false };
  }

  private lineage(id: string): Lineage {
    const project = this.session.current();
    const name = (mapId: string) => project.maps.get(mapId)?.name ?? mapId;
    const chain = project.derived.chain(id).map((mapId) => ({ id: mapId, name: name(mapId) }));
    const hashes = new Map<string, string>();
    const children = project.derived.children(id).map((link) => ({
      id: link.mapId,
      name: name(link.mapId),
      tiles: link.selection,
      stale: this.derivedSummary(project, link, hashes).stale,
    }));
    return { chain, children };
  }

  /** What summaries say about derived maps, stale included (hashes computed once per parent). */
  private derivedSummaries(project: Project): Map<string, DerivedSummary> {
    const out = new Map<string, DerivedSummary>();
    const hashes = new Map<string, string>();
    for (const link of project.derived.list()) out.set(link.mapId, this.derivedSummary(project, link, hashes));
    return out;
  }

  /**
   * Stale: the parent's ground or the substitutes hash otherwise than when the content was
   * derived. A map whose parent is gone is never stale (there is nothing to derive it from).
   * `hashes` caches current hashes by parent (and ratio) within one answer.
   */
  private derivedSummary(project: Project, link: DerivedLink, hashes: Map<string, string>): DerivedSummary {
    const base = { parent: link.parentId, ratio: link.ratio, seed: link.seed };
    if (link.parentId === null) return { ...base, stale: false };
    const parentId = link.parentId;
    const ground = hashes.get(`g ${parentId}`) ?? project.derived.groundHash(parentId);
    hashes.set(`g ${parentId}`, ground);
    if (ground !== link.groundHash) return { ...base, stale: true };
    const subsKey = `s ${parentId} ${link.ratio}`;
    let subs = hashes.get(subsKey);
    if (subs === undefined) {
      const parent = project.maps.get(parentId)!;
      try {
        subs = substitutesHash(this.library().source, parent.palette, substituteLattice(parent.kind), link.ratio);
      } catch {
        // An unreadable library must not break listing the project; maps.derive reports it.
        subs = link.substitutesHash;
      }
      hashes.set(subsKey, subs);
    }
    return { ...base, stale: subs !== link.substitutesHash };
  }

  /**
   * Runs a job in a worker and stores its map in the project that was open when it started
   * (a new untitled one if none was); refuses to store it anywhere else. `save` stores it,
   * inside the project queue.
   */
  private async runJob(request: JobRequest, save: (map: TerrainMap) => MapPayload): Promise<{ jobId: string; map: MapPayload }> {
    const generation = await this.exclusive(() => {
      this.session.ensure();
      return this.session.generation;
    });
    const job = this.jobs.start(request);
    try {
      const map = await job.result;
      this.emit({ type: 'job.progress', jobId: job.jobId, label: 'Saving to the project', done: 0, total: 1 });
      const payload = await this.exclusive(() => {
        if (this.session.generation !== generation || !this.session.isOpen) throw new Error('the project was closed while the job ran; its result was not stored');
        return save(map);
      });
      this.emit({ type: 'job.progress', jobId: job.jobId, label: 'Saving to the project', done: 1, total: 1 });
      this.emit({ type: 'job.done', jobId: job.jobId });
      return { jobId: job.jobId, map: payload };
    } catch (e) {
      this.emit({ type: 'job.failed', jobId: job.jobId, message: (e as Error).message });
      throw e;
    }
  }
}

function toSummary(s: StoredMapSummary, derived?: DerivedSummary): MapSummary {
  return { id: s.id, name: s.name, kind: s.kind, size: formatSize(s.size), alform: s.alform, tileCount: s.tileCount, updatedAt: s.updatedAt, ...(derived ? { derived } : {}) };
}

/**
 * The selection as the service takes it: tiles on the map, none twice, and on an AL-FORM
 * map area tiles with a hexagonal reference (core/derive checks connectivity and reach).
 */
export function checkSelection(map: TerrainMap, name: string, tiles: readonly number[]): number[] {
  const seen = new Set<number>();
  const grid = map.grid;
  tiles.forEach((t, k) => {
    const where = `tiles[${k}]`;
    if (t >= grid.tileCount) throw new InputError('maps.derive', where, `tile ${t} is not on map "${name}" (it has tiles 0…${grid.tileCount - 1})`);
    if (seen.has(t)) throw new InputError('maps.derive', where, `tile ${t} is selected twice`);
    seen.add(t);
    const at = grid.coord(t).join(',');
    if (map.spec.alform && classifyTile(grid, t) !== TileClass.AREA) throw new InputError('maps.derive', where, `tile ${at} is a linear tile; select area tiles (the reference first)`);
  });
  if (grid.degree(tiles[0]!) === 5) {
    throw new InputError('maps.derive', 'tiles[0]', `the reference tile ${grid.coord(tiles[0]!).join(',')} is a pentagon; a pentagon is never the reference tile (SPEC §7) — select an adjoining hexagon first`);
  }
  return [...tiles];
}

/** One line naming the operation: `maps.paint: tile 2,2 is an area tile; "river" is linear terrain`. */
function operationError(name: OperationName, e: unknown): Error {
  const message = e instanceof Error ? e.message : String(e);
  const line = message.replace(/\s*\n\s*/g, ' ').trim();
  const out = new Error(e instanceof InputError && e.source === name ? line : `${name}: ${line}`);
  out.name = e instanceof Error ? e.name : 'Error';
  return out;
}
