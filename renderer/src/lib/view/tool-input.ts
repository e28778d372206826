/**
 * What the primary pointer button does with the current tool, for the flat view and the
 * globe alike (each view only turns pointer positions into a picked tile + model point).
 *
 * A paint, linear or erase stroke collects tiles while the button is down, shows them at
 * once (area tiles recoloured in place, the rest as an overlay) and is sent as ONE
 * `maps.paint` call when the button is released — one undo step per stroke. Classic maps
 * take linear terrain on edges, one `maps.paintEdge` per edge crossed. Fill paints the
 * flood-filled region in one call; analysis tools act on click. The ground tool starts,
 * extends (shift, or dragging on) and shrinks the selection a derivation starts from
 * (lib/selection.ts). Ctrl/⌘-click on ground a child map was derived from opens that map. The
 * place tool places the chosen vector tile on a click, or lists what fits the tile clicked.
 *
 * It reaches the stores only through `ToolActions` (built from the workbench by
 * `toolActions`), so it is tested with a fake (tool-input.test.ts) and no WebGL.
 *
 * Renderer layer: no DOM, no Three.js.
 */
import type { Workbench } from '../stores/workbench.js';
import type { ToolId } from '../tools.js';
import type { Terrain } from '../../../../core/terrain/types.js';
import type { LoadedMap } from '../map-model.js';
import { fitsTile } from '../map-model.js';
import { areaTileAt, isArea, linearTilesSwept, nearestEdge } from '../targeting.js';
import { floodFill } from '../fill.js';
import { groundTileAt } from '../selection.js';
import type { ModelPoint } from '../../../../core/grid/types.js';

/** How close to an edge's midpoint (in tile spacings) the eraser takes the edge instead of the tile. */
const EDGE_REACH = 0.3;

export interface Picked {
  tile: number;
  point: ModelPoint;
}

/** Modifier keys held when the primary button went down. */
export interface Modifiers {
  shift: boolean;
  /** Ctrl, or ⌘ on macOS. */
  command: boolean;
}

export const NO_MODIFIERS: Modifiers = Object.freeze({ shift: false, command: false });

/** What the tool needs from a view. */
export interface ToolHost {
  /** Shows the stroke's tiles in the brush colour until the edit comes back. */
  preview(tiles: readonly number[], terrain: string): void;
  /** Drops the preview (after the edit is applied, or when it failed). */
  clearPreview(): void;
}

/** What the tools read and do: the stores' part they need, nothing more. */
export interface ToolActions {
  readonly tool: ToolId;
  readonly areaTerrain: string;
  readonly linearTerrain: string;
  /** The terrain a paint-like stroke puts down ('' erases). */
  readonly brushTerrain: string;
  readonly selection: readonly number[];
  terrain(id: string): Terrain | undefined;
  paint(tiles: ArrayLike<number>, terrain: string): Promise<boolean>;
  paintEdge(tile: number, dir: number, terrain: string): Promise<boolean>;
  analyse(tool: ToolId, tile: number): Promise<void>;
  selectGround(tile: number, add: boolean): void;
  extendGround(tile: number): void;
  /** The child map derived from the ground under `tile`, if any. */
  childAt(tile: number): string | null;
  /** The place tool's click on a tile (lib/stores/placing.svelte.ts): place the chosen tile there, or list what fits. */
  placeClick(tile: number): Promise<void>;
  openMap(id: string): Promise<void>;
}

/** The workbench's stores as `ToolActions` (read live: the getters follow the stores' state). */
export function toolActions(app: Workbench): ToolActions {
  const { editing, ground, analysis, lineage, maps, project } = app;
  return {
    get tool() {
      return editing.tool;
    },
    get areaTerrain() {
      return editing.areaTerrain;
    },
    get linearTerrain() {
      return editing.linearTerrain;
    },
    get brushTerrain() {
      return editing.brushTerrain;
    },
    get selection() {
      return ground.selection;
    },
    terrain: (id) => project.terrain(id),
    paint: (tiles, terrain) => editing.paint(tiles, terrain),
    paintEdge: (tile, dir, terrain) => editing.paintEdge(tile, dir, terrain),
    analyse: (tool, tile) => analysis.analyse(tool, tile),
    selectGround: (tile, add) => ground.select(tile, add),
    extendGround: (tile) => ground.extend(tile),
    childAt: (tile) => lineage.childAt(tile),
    openMap: (id) => maps.openMap(id),
    placeClick: (tile) => app.placing.click(tile),
  };
}

export class ToolInput {
  private stroke: number[] = [];
  private inStroke = new Set<number>();
  private last = -1;
  private edges = new Set<string>();
  private active = false;
  /** A ground-tool press: the tile it started on and whether the pointer left that tile. */
  private ground: { start: number; wasSelected: boolean; add: boolean; moved: boolean } | null = null;

  constructor(
    private readonly actions: ToolActions,
    private readonly loaded: LoadedMap,
    private readonly host: ToolHost,
  ) {}

  get stroking(): boolean {
    return this.active;
  }

  down(p: Picked, mods: Modifiers = NO_MODIFIERS): void {
    const s = this.actions;
    if (mods.command && p.tile >= 0) {
      const child = s.childAt(groundTileAt(this.loaded, p.tile, p.point));
      if (child) {
        void s.openMap(child);
        return;
      }
    }
    switch (s.tool) {
      case 'select': {
        const t = groundTileAt(this.loaded, p.tile, p.point);
        const wasSelected = t >= 0 && s.selection.includes(t);
        this.ground = { start: t, wasSelected, add: mods.shift, moved: false };
        this.last = p.tile;
        this.active = true;
        // A press on a selected tile removes it on release, unless the press becomes a drag.
        if (!wasSelected) s.selectGround(t, mods.shift);
        return;
      }
      case 'paint':
      case 'erase':
      case 'linear':
        this.active = true;
        this.stroke = [];
        this.inStroke.clear();
        this.edges.clear();
        this.last = -1;
        this.move(p);
        return;
      case 'fill':
        if (p.tile >= 0) void this.fill(p);
        return;
      case 'place': {
        // On AL-FORM maps tiles go on area tiles: the one under the pointer, or the nearest.
        const t = p.tile >= 0 ? groundTileAt(this.loaded, p.tile, p.point) : -1;
        if (t >= 0) void s.placeClick(t);
        return;
      }
      default:
        if (p.tile >= 0) void s.analyse(s.tool, p.tile);
    }
  }

  /** A stroke may start off the map; tiles count from where the pointer enters it. */
  move(p: Picked): void {
    if (!this.active || p.tile < 0) return;
    const s = this.actions;
    const loaded = this.loaded;
    if (this.ground) {
      const t = groundTileAt(loaded, p.tile, p.point);
      if (t === this.ground.start && !this.ground.moved) return;
      this.ground.moved = true;
      // Area tiles the pointer swept across since the last sample, so fast drags leave no gaps.
      if (this.last >= 0 && this.last !== p.tile) {
        for (const u of loaded.map.grid.line(this.last, p.tile)) if (u !== p.tile && isArea(loaded, u)) s.extendGround(u);
      }
      this.last = p.tile;
      s.extendGround(t);
      return;
    }
    if (s.tool === 'linear' && !loaded.map.spec.alform) {
      const edge = nearestEdge(loaded, p.tile, p.point);
      if (!edge) return;
      const slot = loaded.map.grid.edgeSlot(edge.tile, edge.dir);
      const key = String(slot);
      if (this.edges.has(key)) return;
      this.edges.add(key);
      void s.paintEdge(edge.tile, edge.dir, s.linearTerrain);
      return;
    }
    if (s.tool === 'erase' && !loaded.map.spec.alform) {
      // Classic maps: near an edge that carries terrain, erase the edge rather than the tile.
      const edge = nearestEdge(loaded, p.tile, p.point);
      const slot = edge ? loaded.map.grid.edgeSlot(edge.tile, edge.dir) : -1;
      if (edge && slot >= 0 && edge.distance < EDGE_REACH * loaded.map.grid.spacing() && loaded.map.layers.edges![slot] !== 0) {
        if (!this.edges.has(String(slot))) {
          this.edges.add(String(slot));
          void s.paintEdge(edge.tile, edge.dir, '');
        }
        return;
      }
    }
    let tiles: number[];
    if (s.tool === 'linear') {
      tiles = linearTilesSwept(loaded, this.last, p.tile);
      this.last = p.tile;
    } else if (s.tool === 'paint') {
      const t = areaTileAt(loaded, p.tile, p.point);
      tiles = t >= 0 ? [t] : [];
    } else tiles = [p.tile];
    const terrain = s.terrain(s.brushTerrain);
    let added = false;
    for (const t of tiles) {
      if (this.inStroke.has(t) || !fitsTile(loaded, terrain, t)) continue;
      this.inStroke.add(t);
      this.stroke.push(t);
      added = true;
    }
    if (added) this.host.preview(this.stroke, s.brushTerrain);
  }

  async up(): Promise<void> {
    if (!this.active) return;
    this.active = false;
    const ground = this.ground;
    if (ground) {
      this.ground = null;
      if (ground.wasSelected && !ground.moved) this.actions.selectGround(ground.start, ground.add);
      return;
    }
    const tiles = this.stroke;
    this.stroke = [];
    this.inStroke.clear();
    if (tiles.length) {
      const terrain = this.actions.brushTerrain;
      const k = terrain === '' ? -1 : this.loaded.map.palette.indexOf(terrain);
      const layer = this.loaded.map.layers.terrain;
      // Skip a stroke that changes nothing (the main process would record an empty undo step).
      const changes = terrain !== '' && k < 0 ? true : tiles.some((t) => layer[t] !== k + 1);
      if (changes) await this.actions.paint(tiles, terrain);
    }
    this.host.clearPreview();
  }

  cancel(): void {
    if (!this.active) return;
    this.active = false;
    this.ground = null;
    this.stroke = [];
    this.inStroke.clear();
    this.host.clearPreview();
  }

  /**
   * Fill: from an area tile, the connected area of its terrain becomes the selected area
   * terrain; from a linear tile that carries terrain (AL-FORM), the whole connected feature
   * becomes the selected linear terrain (a river turned into a canal in one click).
   */
  private async fill(p: Picked): Promise<void> {
    const s = this.actions;
    const loaded = this.loaded;
    const onFeature = !isArea(loaded, p.tile) && loaded.map.layers.terrain[p.tile] !== 0;
    const start = onFeature ? p.tile : areaTileAt(loaded, p.tile, p.point);
    if (start < 0) return;
    const terrainId = onFeature ? s.linearTerrain : s.areaTerrain;
    if (loaded.map.terrainOf(loaded.map.layers.terrain[start]!) === terrainId) return;
    const tiles = Array.from(floodFill(loaded, start));
    this.host.preview(tiles, terrainId);
    await s.paint(tiles, terrainId);
    this.host.clearPreview();
  }
}
