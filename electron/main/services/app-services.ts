/**
 * The main-process services (SPEC §11): one implementation of every operation of the
 * contract (electron/shared/contract.ts), over the project store (electron/main/store) and
 * the engine (core/). Electron IPC (electron/main/ipc.ts) and browser mode
 * (electron/browser/server.ts) are two thin doors onto this one object: both pass the raw
 * `(name, args)` they received to `call`, which validates them against the contract before
 * anything runs, so the two doors cannot drift apart.
 *
 * - Every edit is one undo step in the project's journal (SPEC §10); the journal refuses
 *   an edit whose "before" values differ from what is stored, so the in-memory copy of a
 *   map kept here for speed can never silently diverge from the file.
 * - Operations that touch the project run one at a time (`exclusive`), so a save (which
 *   awaits SQLite's backup) never interleaves with an edit. Long jobs compute outside that
 *   queue, in worker threads, and only their final write enters it.
 *
 * Plain Node: must not depend on Electron or DOM (Electron-only features, the native file
 * dialogs, come in through `DialogHost`).
 */
import { join } from 'node:path';
import catalogueJson from '../../../resources/terrain/default.json' with { type: 'json' };
import type { AppEvent, ArgsOf, EditResult, MapPayload, MapSummary, OperationName, ProjectInfo, Results } from '../../shared/contract.js';
import { validateCall } from '../../shared/contract.js';
import { InputError } from '../../../core/util/input-error.js';
import type { TerrainCatalogue } from '../../../core/terrain/catalogue.js';
import { catalogueToJson, parseCatalogue } from '../../../core/terrain/catalogue.js';
import { areaTerrains, findTerrain } from '../../../core/terrain/lookup.js';
import { TerrainMap } from '../../../core/map/terrain-map.js';
import type { MapSpec } from '../../../core/map/terrain-map.js';
import { mapToJson } from '../../../core/map/map-json.js';
import { applyPlan, fillArea, planEdgePaint, planPaint, writeValue } from '../../../core/map/paint.js';
import type { PaintPlan } from '../../../core/map/paint.js';
import { createGrid } from '../../../core/grid/create.js';
import { formatSize, parseSize, parseWrap } from '../../../core/grid/size.js';
import { classicToAlform } from '../../../core/alform/transfer.js';
import type { MapSummary as StoredMapSummary } from '../store/index.js';
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
  /** Recent files and the recovery folder live here. */
  userDataDir: string;
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
    return { path: info.path, dirty: info.dirty, maps: info.maps.map(toSummary) };
  }

  /** Closes the project ("Don't save" on an untitled one deletes it instead). */
  async shutdown(options: { discardUntitled?: boolean } = {}): Promise<void> {
    this.jobs.cancelAll();
    await this.exclusive(() => {
      if (options.discardUntitled) this.session.discardUntitled();
      this.session.close();
      this.open.clear();
    });
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
    return { summary: toSummary(this.summaryOf(id)), map: mapToJson(this.openMap(id).map) };
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
    if (r) {
      for (const c of r.changes) {
        if (c.layer !== 'terrain' && c.layer !== 'edges') throw new Error(`the journal holds a ${c.layer} change, which this app does not make`);
        writeValue(open.map, c.layer, c.index, c.after);
        changes.push({ layer: c.layer, index: c.index, value: c.after });
      }
      open.invalidate();
    }
    return this.editResult(id, changes);
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
      payload = (await this.runJob({ kind: 'create', spec, fill, name: args.name }, args.name)).map;
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
      payload = (await this.runJob({ kind: 'convert', map: packMap(map, true) }, newName)).map;
    }
    this.emit({ type: 'project.changed', project: await this.exclusive(() => this.projectInfo()) });
    return payload;
  }

  private async runImport(request: JobRequest): Promise<{ jobId: string; map: MapPayload }> {
    const result = await this.runJob(request, null);
    this.emit({ type: 'project.changed', project: await this.exclusive(() => this.projectInfo()) });
    return result;
  }

  /**
   * Runs a job in a worker and stores its map in the project that was open when it started
   * (a new untitled one if none was); refuses to store it anywhere else.
   */
  private async runJob(request: JobRequest, name: string | null): Promise<{ jobId: string; map: MapPayload }> {
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
        return this.store(map, name ?? (typeof map.meta.name === 'string' && map.meta.name ? map.meta.name : 'Imported map'));
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

function toSummary(s: StoredMapSummary): MapSummary {
  return { id: s.id, name: s.name, kind: s.kind, size: formatSize(s.size), alform: s.alform, tileCount: s.tileCount, updatedAt: s.updatedAt };
}

/** One line naming the operation: `maps.paint: tile 2,2 is an area tile; "river" is linear terrain`. */
function operationError(name: OperationName, e: unknown): Error {
  const message = e instanceof Error ? e.message : String(e);
  const line = message.replace(/\s*\n\s*/g, ' ').trim();
  const out = new Error(e instanceof InputError && e.source === name ? line : `${name}: ${line}`);
  out.name = e instanceof Error ? e.name : 'Error';
  return out;
}
