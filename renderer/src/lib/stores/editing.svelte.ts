/**
 * Map editing: the selected tool and terrain (what a stroke puts down) and the edits themselves — paint, paint an edge, remap terrain, undo, redo — each one undo step in
 * the main process, whose result is applied to the open map by open-map.svelte.ts.
 *
 * Renderer layer, no DOM.
 */
import type { EditResult } from '../../../../contract/contract.js';
import type { Services } from '../../../../contract/api.js';
import type { ToolId } from '../tools.js';
import type { LoadedMap } from '../map-model.js';
import type { Notifications } from './notifications.svelte.js';
import type { OpenMapStore } from './open-map.svelte.js';
import type { ProjectStore } from './project.svelte.js';
import { Emitter } from './emitter.js';
import { clampBrushSize } from '../../../../core/alform/brush.js';

/** "Undid: paint 12 hexes forest" — what an undo or redo did, named by the step's label; `where` names a history other than the map's ("in the library"). */
export function replayNote(which: 'undo' | 'redo', label: string, where = ''): string {
  const step = label.charAt(0).toLowerCase() + label.slice(1);
  return `${which === 'undo' ? 'Undid' : 'Redid'}${where ? ` ${where}` : ''}: ${step}`;
}

export class EditingStore {
  tool = $state<ToolId>('paint');
  areaTerrain = $state('forest');
  linearTerrain = $state('river');
  /** Paint and erase brush size: 1 is one tile, n every tile within n − 1 area tiles (core/alform/brush.ts). */
  brushSize = $state(1);
  canUndo = $state(false);
  canRedo = $state(false);

  /** The tool changed (a half-finished two-click analysis is dropped). */
  readonly toolChanged = new Emitter<ToolId>();

  constructor(
    private readonly api: Services,
    private readonly notes: Notifications,
    private readonly project: ProjectStore,
    private readonly maps: OpenMapStore,
  ) {
    maps.switched.on(({ loaded, reason }) => {
      // A reload comes from an undo or redo, whose result already set these. A map opened
      // (again) brings its journal's state: the history outlives the session.
      if (reason === 'open') {
        this.canUndo = loaded?.history?.canUndo ?? false;
        this.canRedo = loaded?.history?.canRedo ?? false;
      } else if (reason === 'close') this.canUndo = this.canRedo = false;
    });
  }

  setTool(tool: ToolId): void {
    if (tool === this.tool) return;
    this.tool = tool;
    this.toolChanged.emit(tool);
  }

  /** Sets the brush size, clamped to what core allows. */
  setBrushSize(size: number): void {
    this.brushSize = clampBrushSize(size);
  }

  /** The terrain the paint-like tools put down for the current tool ('' erases). */
  get brushTerrain(): string {
    if (this.tool === 'erase') return '';
    if (this.tool === 'linear') return this.linearTerrain;
    return this.areaTerrain;
  }

  /** A palette click: area terrain for painting (or filling), linear terrain for drawing. */
  selectTerrain(id: string): void {
    const t = this.project.terrain(id);
    if (!t) return;
    if (t.class === 'area') {
      this.areaTerrain = id;
      if (this.tool !== 'fill') this.setTool('paint');
    } else {
      this.linearTerrain = id;
      this.setTool('linear');
    }
  }

  /** One undo step: `terrain` ('' erases) on every tile. */
  async paint(tiles: ArrayLike<number>, terrain: string): Promise<boolean> {
    const loaded = this.maps.current;
    if (!loaded || tiles.length === 0) return false;
    return this.edit(loaded, () => this.api.maps.paint({ id: loaded.id, tiles: Array.from(tiles), terrain }));
  }

  /** AL-FORM maps: linear `terrain` along a drawn chain of linear tiles (crossings become composites). One undo step. */
  async drawLinear(chain: readonly number[], terrain: string): Promise<boolean> {
    const loaded = this.maps.current;
    if (!loaded || chain.length === 0) return false;
    return this.edit(loaded, () => this.api.maps.drawLinear({ id: loaded.id, tiles: [...chain], terrain }));
  }

  /** Any map: through-tile `terrain` (a road, a railroad) centre to centre along a chain of ground tiles. One undo step. */
  async drawNetwork(chain: readonly number[], terrain: string): Promise<boolean> {
    const loaded = this.maps.current;
    if (!loaded || chain.length < 2) return false;
    return this.edit(loaded, () => this.api.maps.drawNetwork({ id: loaded.id, tiles: [...chain], terrain }));
  }

  /** Any map: network `terrain` erased between consecutive tiles of a chain. One undo step. */
  async eraseNetwork(chain: readonly number[], terrain: string): Promise<boolean> {
    const loaded = this.maps.current;
    if (!loaded || chain.length < 2) return false;
    return this.edit(loaded, () => this.api.maps.eraseNetwork({ id: loaded.id, tiles: [...chain], terrain }));
  }

  /** AL-FORM maps: the whole linear feature through `tile` (through its crossings) becomes `terrain`. One undo step. */
  async fillFeature(tile: number, terrain: string): Promise<boolean> {
    const loaded = this.maps.current;
    if (!loaded) return false;
    return this.edit(loaded, () => this.api.maps.fillFeature({ id: loaded.id, tile, terrain }));
  }

  /** Classic maps: linear `terrain` along a drawn run of edges (crossings become composites). One undo step. */
  async drawEdges(slots: readonly number[], terrain: string): Promise<boolean> {
    const loaded = this.maps.current;
    if (!loaded || slots.length === 0) return false;
    return this.edit(loaded, () => this.api.maps.drawEdges({ id: loaded.id, slots: [...slots], terrain }));
  }

  /** Classic maps: terrain on the edge between `tile` and its neighbour in `dir`. */
  async paintEdge(tile: number, dir: number, terrain: string): Promise<boolean> {
    const loaded = this.maps.current;
    if (!loaded) return false;
    return this.edit(loaded, () => this.api.maps.paintEdge({ id: loaded.id, tile, dir, terrain }));
  }

  /** Another edit that answers an EditResult (a paste, a cut): one undo step, applied like a paint. */
  async apply(call: (id: string) => Promise<EditResult>): Promise<boolean> {
    const loaded = this.maps.current;
    if (!loaded) return false;
    return this.edit(loaded, () => call(loaded.id));
  }

  /** One undo step: every tile of each pair's `from` terrain gets its `to` (the mapping dialog for placeholders). */
  async remapTerrain(pairs: readonly { from: string; to: string }[]): Promise<boolean> {
    const loaded = this.maps.current;
    if (!loaded || pairs.length === 0) return false;
    return this.edit(loaded, () => this.api.maps.remapTerrain({ id: loaded.id, pairs: [...pairs] }));
  }

  /** Undoes the map's last step and says which ("Undid: paint 12 hexes forest"). */
  async undo(): Promise<void> {
    const loaded = this.maps.current;
    if (loaded && this.canUndo) await this.replay(loaded, 'undo');
  }

  async redo(): Promise<void> {
    const loaded = this.maps.current;
    if (loaded && this.canRedo) await this.replay(loaded, 'redo');
  }

  private async replay(loaded: LoadedMap, which: 'undo' | 'redo'): Promise<void> {
    let label: string | undefined;
    const ok = await this.edit(loaded, async () => {
      const r = await (which === 'undo' ? this.api.maps.undo({ id: loaded.id }) : this.api.maps.redo({ id: loaded.id }));
      label = r.label;
      return r;
    });
    if (ok && label) this.notes.info(replayNote(which, label));
  }

  /** One edit another store asks for (placing a tile, storing an assembly): its result applied like a paint's. */
  applyTo(loaded: LoadedMap, call: () => Promise<EditResult>): Promise<boolean> {
    return this.edit(loaded, call);
  }

  private edit(loaded: LoadedMap, call: () => Promise<EditResult>): Promise<boolean> {
    return this.notes.run(
      null,
      async () => {
        const result = await call();
        if (this.maps.current !== loaded) return true; // the user switched maps while the call ran
        this.canUndo = result.canUndo;
        this.canRedo = result.canRedo;
        this.project.markDirty();
        await this.maps.applyEdit(loaded, result);
        return true;
      },
      false,
    );
  }
}
