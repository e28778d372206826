/**
 * The open project and what the start screen shows beside it: the app's version and project
 * folder, recent projects, recovered work, and the terrain catalogue in use.
 *
 * The project's map list is pushed by the main process (`project.changed`, after every
 * project-level change: new, open, save, delete, create, convert, import, derive), so it is
 * never pulled again after such an operation; `project.info` is asked once, at start-up.
 * Recent projects are not pushed, so they are asked again after open and save.
 *
 * Renderer layer, no DOM.
 */
import type { CatalogueState, ProjectAccess, ProjectInfo, RecoveryEntry } from '../../../../contract/contract.js';
import { PROJECT_LOCKED_CHOICE } from '../../../../contract/contract.js';
import type { Services } from '../../../../contract/api.js';
import { parseCatalogue } from '../../../../core/terrain/parse.js';
import { findTerrain } from '../../../../core/terrain/lookup.js';
import type { Terrain, TerrainCatalogue } from '../../../../core/terrain/types.js';
import type { CommandBus } from '../commands.js';
import type { Notifications } from './notifications.svelte.js';
import { Emitter } from './emitter.js';

export class ProjectStore {
  appVersion = $state('');
  /** Where relative project paths resolve (shown as a hint next to path fields). */
  projectDir = $state('');
  recovery = $state<RecoveryEntry[]>([]);
  project = $state<ProjectInfo | null>(null);
  recent = $state<string[]>([]);
  catalogue = $state.raw<TerrainCatalogue | null>(null);
  /** The JSON text of `catalogue` as the main process sent it. */
  private catalogueText = '';
  /**
   * A project another window is editing (node/store/writer-lock.ts): the designer chooses to
   * open it read-only or to take it over (`openProject(path, access)`), or cancels.
   */
  locked = $state<{ path: string; message: string } | null>(null);

  /** The project's maps changed (pushed, or the answer of a project call). */
  readonly changed = new Emitter<ProjectInfo>();
  /** This read-only window read another window's committed edits (`project.followed`): the open map loads again. */
  readonly followed = new Emitter<ProjectInfo>();
  /** Another project replaced the open one (project.new, project.open from the renderer). */
  readonly switched = new Emitter<ProjectInfo>();
  /** The catalogue in use changed (the catalogue editor, or pushed by the main process). */
  readonly catalogueChanged = new Emitter<CatalogueState>();

  constructor(
    private readonly api: Services,
    private readonly notes: Notifications,
    bus: CommandBus,
  ) {
    bus.onEvent('project.changed', (e) => this.set(e.project));
    bus.onEvent('project.followed', (e) => {
      this.followed.emit(this.set(e.project));
      this.notes.info("Updated from the other window's changes");
    });
    bus.onEvent('catalogue.changed', (e) => this.useCatalogue(e));
  }

  /**
   * Makes the catalogue of `state` the one the renderer draws and analyses with (the main
   * process already uses it). The same change arrives twice — as the answer of the call and
   * pushed — and is taken once.
   */
  useCatalogue(state: CatalogueState): void {
    const text = JSON.stringify(state.catalogue);
    if (text === this.catalogueText) return;
    this.catalogueText = text;
    this.catalogue = parseCatalogue(state.catalogue, 'catalogue');
    this.catalogueChanged.emit(state);
  }

  /** The start-up questions, asked together. */
  async init(): Promise<void> {
    const [info, catalogueJson, project, recent, recovery] = await Promise.all([
      this.api.app.info(),
      this.api.catalogue.get(),
      this.api.project.info(),
      this.api.project.recent(),
      this.api.project.recovery().catch(() => [] as RecoveryEntry[]),
    ]);
    this.appVersion = info.version;
    this.projectDir = info.defaultProjectDir;
    this.recovery = recovery;
    this.catalogue = parseCatalogue(catalogueJson, 'catalogue');
    this.catalogueText = JSON.stringify(catalogueJson);
    this.recent = recent;
    this.set(project);
  }

  terrain(id: string): Terrain | undefined {
    return this.catalogue && id ? findTerrain(this.catalogue, id) : undefined;
  }

  /** The open project, creating an untitled one first when there is none. */
  async ensure(): Promise<ProjectInfo> {
    return this.project ?? this.set(await this.api.project.new());
  }

  async newProject(): Promise<void> {
    await this.notes.run('New project', async () => this.switched.emit(this.set(await this.api.project.new())));
  }

  /** Opens `path`; a project locked by another window asks the designer (see `locked`) instead of failing. */
  async openProject(path: string, access?: ProjectAccess): Promise<boolean> {
    this.locked = null;
    return this.notes.run(
      `Opening ${baseName(path)}`,
      async () => {
        let info: ProjectInfo;
        try {
          info = await this.api.project.open(access ? { path, access } : { path });
        } catch (e) {
          if (!access && e instanceof Error && e.message.includes(PROJECT_LOCKED_CHOICE)) {
            this.locked = { path, message: e.message };
            return false;
          }
          throw e;
        }
        const project = this.set(info);
        this.recent = await this.api.project.recent();
        this.switched.emit(project);
        return true;
      },
      false,
    );
  }

  /** Saves in place, or to `path` ("save as"). Returns false if it failed. */
  async saveProject(path?: string): Promise<boolean> {
    return this.notes.run(
      'Saving',
      async () => {
        const project = this.set(await this.api.project.save(path ? { path } : {}));
        this.recent = await this.api.project.recent();
        this.notes.info(`Saved ${project.path ? baseName(project.path) : 'project'}`);
        return true;
      },
      false,
    );
  }

  /** Electron: "Save as" through the native dialog. Returns false if cancelled or failed. */
  async saveWithDialog(defaultName: string): Promise<boolean> {
    const { path } = await this.api.dialog.save({ purpose: 'project', defaultName: `${defaultName}.sandtable` });
    return path ? this.saveProject(path) : false;
  }

  /** Electron: "Open project" through the native dialog. */
  async openWithDialog(): Promise<void> {
    const { path } = await this.api.dialog.open({ purpose: 'project' });
    if (path) await this.openProject(path);
  }

  async deleteMap(id: string): Promise<void> {
    await this.notes.run('Deleting map', async () => void this.set(await this.api.maps.delete({ id })));
  }

  async discardRecovery(path: string): Promise<void> {
    await this.notes.run(null, async () => {
      this.recovery = await this.api.project.discardRecovery({ path });
    });
  }

  /** An edit happened: the project has unsaved changes (the main process says so on its next push too). */
  markDirty(): void {
    if (this.project && !this.project.dirty) this.project = { ...this.project, dirty: true };
  }

  private set(project: ProjectInfo): ProjectInfo {
    this.project = project;
    this.changed.emit(project);
    return project;
  }
}

export function baseName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}
