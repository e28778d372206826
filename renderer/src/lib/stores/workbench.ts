/**
 * The renderer's composition root: builds the focused stores over one `SandtableApi`, wires
 * the few things they tell each other (see each store's header), subscribes once to the main
 * process's events, and answers the commands no single component owns. Components receive
 * the workbench (or just the stores they need) and call the stores directly.
 *
 * Commands answered elsewhere: fit and zoom by the open view (view-base.ts), import by
 * ImportButton (it owns the file picker), new/open/save/saveAs by App (they may open a dialog).
 *
 * Renderer layer; the DOM only through the stores it builds.
 */
import type { SandtableApi } from '../../../../electron/shared/contract.js';
import { services, type Services } from '../../../../electron/shared/api.js';
import type { Transport } from '../api.js';
import { CommandBus } from '../commands.js';
import { Notifications } from './notifications.svelte.js';
import { Jobs } from './jobs.svelte.js';
import { ProjectStore } from './project.svelte.js';
import { OpenMapStore } from './open-map.svelte.js';
import { EditingStore } from './editing.svelte.js';
import { AnalysisStore } from './analysis.svelte.js';
import { LineageStore } from './lineage.svelte.js';
import { GroundStore } from './ground.svelte.js';
import { ExportStore } from './exports.svelte.js';
import { ThemeStore } from './theme.svelte.js';
import { LibraryStore } from './library.svelte.js';

export interface WorkbenchOptions {
  theme?: ThemeStore;
  /** Saves exported files (a browser download unless a test passes its own). */
  save?: (blob: Blob, fileName: string) => void;
}

export class Workbench {
  readonly api: Services;
  readonly bus = new CommandBus();
  readonly notes = new Notifications();
  readonly jobs: Jobs;
  readonly project: ProjectStore;
  readonly maps: OpenMapStore;
  readonly editing: EditingStore;
  readonly analysis: AnalysisStore;
  readonly lineage: LineageStore;
  readonly ground: GroundStore;
  readonly exports: ExportStore;
  readonly theme: ThemeStore;
  /** The Library panel (issue 13). */
  readonly library: LibraryStore;
  private readonly disposers: (() => void)[] = [];

  constructor(
    api: SandtableApi,
    readonly transport: Transport,
    options: WorkbenchOptions = {},
  ) {
    this.api = services(api);
    this.jobs = new Jobs(this.api, this.notes, this.bus);
    this.project = new ProjectStore(this.api, this.notes, this.bus);
    this.maps = new OpenMapStore(this.api, this.notes, this.project, options.save);
    this.editing = new EditingStore(this.api, this.notes, this.project, this.maps);
    this.analysis = new AnalysisStore(this.api, this.notes, this.maps, this.editing);
    this.lineage = new LineageStore(this.api, this.notes, this.maps);
    this.ground = new GroundStore(this.api, this.notes, this.project, this.maps, this.editing, this.lineage);
    this.exports = new ExportStore(this.api, this.notes, this.maps);
    this.theme = options.theme ?? new ThemeStore();
    this.library = new LibraryStore(this.api, this.notes, this.maps, this.ground);
    const on = this.bus.on.bind(this.bus);
    this.disposers.push(
      on('undo', () => void this.editing.undo()),
      on('redo', () => void this.editing.redo()),
      on('toggleTheme', () => this.theme.toggle()),
      on('toggleBorders', () => (this.editing.showBorders = !this.editing.showBorders)),
      on('export', () => void this.maps.exportMap('json')),
      on('derive', () => this.ground.openDialog()),
      on('clear', () => this.clear()),
    );
  }

  /** Subscribes to the main process's events and asks the start-up questions. */
  async init(): Promise<void> {
    this.disposers.push(this.bus.connect(this.api));
    await this.notes.run('Starting', async () => {
      await this.project.init();
      if (this.project.catalogue) this.analysis.useModesOf(this.project.catalogue);
    });
  }

  dispose(): void {
    for (const d of this.disposers.splice(0)) d();
  }

  /** Esc: drops a half-finished two-click tool and the result; with nothing of that to drop, or with the ground tool, the ground selection. */
  clear(): void {
    if (this.editing.tool === 'select' || (this.analysis.result === null && this.analysis.pending === null)) this.ground.clear();
    this.analysis.clear();
  }
}
