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
import type { SandtableApi } from '../../../../contract/contract.js';
import { services, type Services } from '../../../../contract/api.js';
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
import { TileEditorStore } from './tile-editor.svelte.js';
import { CatalogueEditorStore } from './catalogue.svelte.js';
import { CameraMemory } from './cameras.js';
import { RegionStore } from './regions.svelte.js';
import { PlacingStore } from './placing.svelte.js';
import { AssembleStore } from './assemble.svelte.js';
import { PlaceholderStore } from './placeholders.svelte.js';
import { LibraryStore } from './library.svelte.js';
import { SheetsStore } from './sheets.svelte.js';
import type { MapFeatureStores } from './map-feature.js';
import { SelectionStore } from './selection.svelte.js';
import type { ToolId } from '../tools.js';
import { LayersStore } from './layers.svelte.js';
import { MinimapStore } from './minimap.svelte.js';
import { LabelStore } from './labels.svelte.js';
import { GameStore } from './game.svelte.js';
import { serviceGameBackend } from './game-backend.js';

export interface WorkbenchOptions {
  theme?: ThemeStore;
  /** Saves exported files (a browser download unless a test passes its own). */
  save?: (blob: Blob, fileName: string) => void;
}

/** The tools that make the one selection: with one of them on, Esc drops the selection at once. */
const SELECTING_TOOLS: ReadonlySet<ToolId> = new Set<ToolId>(['select', 'marquee', 'lasso', 'wand']);

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
  readonly tileEditor: TileEditorStore;
  readonly catalogue: CatalogueEditorStore;
  /** The camera each map's view last had (this session). */
  readonly cameras = new CameraMemory();
  readonly regions: RegionStore;
  /** The one selection: rectangle, lasso, fill-select and ground clicks make it; copy, assemble and derive take it (issue 30). */
  readonly selection: SelectionStore;
  readonly placing: PlacingStore;
  readonly assemble: AssembleStore;
  readonly placeholders: PlaceholderStore;
  /** The Library panel (issue 13). */
  readonly library: LibraryStore;
  /** The "Print tile sheets…" dialog (issue 29). */
  readonly sheets: SheetsStore;
  /** The layers panel: each layer's visibility and opacity, per map (issue 25). */
  readonly layers: LayersStore;
  /** The minimap: shown or not for the session, its picture of the open map (issue 30). */
  readonly minimap: MinimapStore;
  /** The label tool: the label being typed, the style of new labels, the chosen one (issue 30). */
  readonly labels: LabelStore;
  /** The 18xx game screen: the open game, the lay and token tools, reach, routes (issue 28). */
  readonly game: GameStore;
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
    this.selection = new SelectionStore(this.maps);
    const features: MapFeatureStores = { api: this.api, notes: this.notes, project: this.project, maps: this.maps, editing: this.editing, selection: this.selection };
    this.ground = new GroundStore(features, this.lineage);
    this.exports = new ExportStore(this.api, this.notes, this.maps);
    this.theme = options.theme ?? new ThemeStore();
    this.tileEditor = new TileEditorStore(this.api, this.notes);
    this.catalogue = new CatalogueEditorStore(this.api, this.notes, this.project, this.maps);
    // Open maps redraw from the new catalogue (MapView); analysis keeps a mode the catalogue has and asks again.
    this.project.catalogueChanged.on(() => {
      if (!this.project.catalogue) return;
      this.analysis.useModesOf(this.project.catalogue);
      void this.analysis.rerun();
    });
    this.regions = new RegionStore(features);
    this.placing = new PlacingStore(this.api, this.notes, this.maps, this.editing);
    this.assemble = new AssembleStore(features);
    this.placeholders = new PlaceholderStore(this.maps, this.project, this.editing);
    this.library = new LibraryStore(this.api, this.notes, this.maps, this.ground);
    this.sheets = new SheetsStore(this.api, this.notes);
    this.layers = new LayersStore(this.api, this.notes, this.maps);
    this.minimap = new MinimapStore(this.maps, this.project);
    this.labels = new LabelStore(this.api, this.maps, this.editing, this.project);
    this.game = new GameStore(serviceGameBackend(this.api), this.notes, options.save);
    this.disposers.push(() => this.minimap.dispose());
    this.tileEditor.saved = (r) => void this.library.tileSaved(r);
    const on = this.bus.on.bind(this.bus);
    this.disposers.push(
      on('undo', () => void this.editing.undo()),
      on('redo', () => void this.editing.redo()),
      on('toggleTheme', () => this.theme.toggle()),
      on('toggleBorders', () => void this.layers.toggleGrid()),
      on('brushSmaller', () => this.editing.setBrushSize(this.editing.brushSize - 1)),
      on('brushLarger', () => this.editing.setBrushSize(this.editing.brushSize + 1)),
      on('export', () => void this.maps.exportMap('json')),
      on('derive', () => this.ground.openDialog()),
      on('clear', () => this.clear()),
      on('copy', () => void this.regions.copy()),
      on('cut', () => void this.regions.cut()),
      on('paste', () => this.regions.startPaste()),
      on('renameMap', () => this.mapDialog('rename')),
      on('duplicateMap', () => void (this.maps.current && this.regions.duplicate(this.maps.current.id, true))),
      on('resizeMap', () => this.mapDialog('resize')),
      on('deleteMap', () => this.mapDialog('delete')),
      on('rotateTile', () => this.placing.rotate()),
      on('mirrorTile', () => this.placing.mirror()),
      on('assemble', () => void this.assemble.openDialog()),
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

  /** The Map menu's dialogs, for the open map as the project lists it now. */
  private mapDialog(kind: 'rename' | 'resize' | 'delete'): void {
    const id = this.maps.current?.id;
    const summary = this.project.project?.maps.find((m) => m.id === id) ?? this.maps.current?.summary;
    if (summary) this.regions.openDialog(kind, summary);
  }

  /** Esc: drops the tile being placed, then paste mode; then a half-finished two-click tool and the result; with nothing of that to drop, or with a selecting tool, the selection. */
  clear(): void {
    if (this.placing.chosen || this.placing.selected >= 0) {
      this.placing.clear();
      return;
    }
    // Paste mode goes first (each Esc drops one thing).
    if (this.regions.pasting && this.regions.clear()) return;
    if (SELECTING_TOOLS.has(this.editing.tool) || (this.analysis.result === null && this.analysis.pending === null)) this.selection.clear();
    this.analysis.clear();
  }
}
