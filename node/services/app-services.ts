/**
 * The main-process services (SPEC §11): the one public entry onto every operation of the
 * contract (contract/contract.ts). Electron IPC (electron/main/ipc.ts) and browser
 * mode (electron/browser/server.ts) are two thin doors onto this one object: both pass the
 * raw `(name, args)` they received to `call`, which validates them against the contract
 * before anything runs (router.ts), so the two doors cannot drift apart.
 *
 * The work is the services' — project-service.ts, maps-service.ts, editing-service.ts,
 * derive-service.ts, analysis-service.ts and project-jobs.ts — over what they share
 * (context.ts: the session, the queue, the open maps, derived-map status, jobs). Trusted
 * callers in the main process use `api`, the same operations grouped and typed by service
 * (`services.api.project.open({ path })`), or `invoke`.
 *
 * Plain Node: must not depend on Electron or DOM (Electron-only features, the native file
 * dialogs, come in through `DialogHost`).
 */
import type { AppEvent, ArgsOf, OperationName, ProjectInfo, Results } from '../../contract/contract.js';
import type { Services } from '../../contract/api.js';
import { createApi, services } from '../../contract/api.js';
import type { TerrainCatalogue } from '../../core/terrain/catalogue.js';
import type { ProjectSession } from './project-session.js';
import type { RecentFiles } from './recent-files.js';
import type { UserLibrary } from './user-library.js';
import type { AppServicesOptions, ServiceContext } from './context.js';
import type { ProjectAnnouncer } from './collaborators.js';
import { createContext } from './context.js';
import type { Handlers } from './router.js';
import { assembleHandlers, routeCall } from './router.js';
import { projectService } from './project-service.js';
import { DEFAULT_JOB_THRESHOLD_TILES, mapsService } from './maps-service.js';
import { editingService } from './editing-service.js';
import { networkService } from './network-service.js';
import { instanceService } from './instance-service.js';
import { placingService } from './placing-service.js';
import { deriveService } from './derive-service.js';
import { analysisService } from './analysis-service.js';
import { exportService } from './export-service.js';
import { catalogueService } from './catalogue-service.js';
import { mapViewService } from './map-view-service.js';
import { regionsService } from './regions-service.js';
import { libraryService } from './library-service.js';
import { sheetsService } from './sheets-service.js';
import { ProjectFollower } from './project-follow.js';

export type { AppServicesOptions, DialogHost } from './context.js';

/**
 * Every operation's handler, from the services: a missing operation is a type error here, two
 * services answering one a startup error. Each service is handed only the collaborators it
 * names (its `…Deps`); the context stays this composition root's.
 */
export function createHandlers(ctx: ServiceContext): Handlers {
  const { queue, maps, session, files, jobs, status, events, libraries, thumbnails, recent } = ctx;
  const catalogue = (): TerrainCatalogue => ctx.catalogue;
  const library = (): UserLibrary => ctx.library();
  const announcer: ProjectAnnouncer = { projectChange: (fn) => ctx.projectChange(fn), announceProject: () => ctx.announceProject() };
  const { options } = ctx;
  const app = { version: options.version, mode: options.mode, defaultProjectDir: ctx.defaultProjectDir };
  return assembleHandlers(
    projectService({ app, dialogs: options.dialogs, session, queue, maps, recent, files, announcer }),
    mapsService({ queue, maps, session, files, jobs, catalogue, library, announcer, jobThresholdTiles: options.jobThresholdTiles ?? DEFAULT_JOB_THRESHOLD_TILES }),
    editingService({ queue, maps, session, catalogue }),
    networkService({ queue, maps, session, catalogue }),
    instanceService({ queue, maps, session, catalogue, library, jobs }),
    placingService({ queue, maps, session, catalogue, library, thumbnails }),
    deriveService({ queue, maps, session, status, catalogue, library, jobs, announcer }),
    analysisService({ queue, maps }),
    exportService({ queue, maps, session, files, catalogue }),
    libraryService({ queue, libraries, files, session, maps, catalogue, library, thumbnails, jobs }),
    sheetsService({ queue, libraries, files, session, catalogue }),
    catalogueService({ queue, catalogue, useCatalogue: (next) => ctx.useCatalogue(next), library, events, announcer, session, maps, status }),
    mapViewService({ queue, maps, session }),
    regionsService({ queue, maps, session, catalogue, announcer }),
    jobs.handlers,
  );
}

export class AppServices {
  readonly session: ProjectSession;
  readonly recent: RecentFiles;
  /** The operations grouped by service for trusted callers: `api.maps.paint({ … })`; validated like any call. */
  readonly api: Services;
  private readonly ctx: ServiceContext;
  private readonly handlers: Handlers;
  /** A read-only window follows the writer's commits (project-follow.ts). */
  private readonly follower: ProjectFollower;

  /** The catalogue in use now (`catalogue.update` replaces it). */
  get catalogue(): TerrainCatalogue {
    return this.ctx.catalogue;
  }

  constructor(options: AppServicesOptions) {
    this.ctx = createContext(options);
    this.session = this.ctx.session;
    this.recent = this.ctx.recent;
    this.handlers = createHandlers(this.ctx);
    this.follower = new ProjectFollower(this.ctx);
    this.follower.start(options.followIntervalMs);
    this.api = services(
      createApi({
        invoke: (name, args) =>
          this.call(name, args).then(
            (value) => ({ ok: true, value }),
            (e: unknown) => ({ ok: false, error: e instanceof Error ? e.message : String(e) }),
          ),
        subscribe: (listener) => this.onEvent(listener),
      }),
    );
  }

  /**
   * The one entry point for untrusted callers: validates `(name, args)` against the
   * contract, then runs the operation. Errors come back as exceptions whose message is one
   * line naming the operation.
   */
  call(name: unknown, args: unknown): Promise<unknown> {
    return routeCall(this.handlers, name, args);
  }

  /** Typed call for trusted callers in the main process (menus, command line). */
  invoke<N extends OperationName>(name: N, args: ArgsOf<N>): Promise<Results[N]> {
    return this.call(name, args) as Promise<Results[N]>;
  }

  /**
   * Trusted main-process callers say the user chose this path (command line, second launch,
   * macOS open-file, drag and drop as the shell reports it): calls naming it are accepted
   * from now on (file-capabilities.ts).
   */
  grantPath(path: string): void {
    this.ctx.files.grant(path);
  }

  /** The folders where callers may name any path. */
  get allowedRoots(): readonly string[] {
    return this.ctx.files.roots;
  }

  onEvent(listener: (event: AppEvent) => void): () => void {
    return this.ctx.events.on(listener);
  }

  emit(event: AppEvent): void {
    this.ctx.events.emit(event);
  }

  /** The project as the renderer sees it, now (not queued: the main process asks between calls). */
  projectInfo(): ProjectInfo {
    return this.ctx.maps.projectInfo();
  }

  /** Closes the project ("Don't save" on an untitled one deletes it instead). */
  async shutdown(options: { discardUntitled?: boolean } = {}): Promise<void> {
    this.ctx.jobs.cancelAll();
    this.follower.stop();
    await this.ctx.queue.exclusive(() => {
      if (options.discardUntitled) this.session.discardUntitled();
      this.session.close();
      this.ctx.maps.clear();
      this.ctx.closeLibrary();
    });
  }

  /** The app's library (substitutes for derivations), opened — and on first use created and seeded — when first needed. */
  library(): UserLibrary {
    return this.ctx.library();
  }
}
