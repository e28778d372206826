/**
 * What the primary pointer button does with the current tool, for the flat view and the
 * globe alike (each view only turns pointer positions into a picked tile + model point).
 *
 * A paint or erase stroke collects tiles while the button is down, shows them at once (area
 * tiles recoloured in place, the rest as an overlay) and is sent as ONE `maps.paint` call
 * when the button is released — one undo step per stroke. A linear stroke on an AL-FORM map
 * feeds the pointer samples to core's LinearStroke, previews the connected chain it makes
 * while dragging and sends it as ONE `maps.drawLinear` (crossings become composites there).
 * Classic maps take linear terrain on edges: the same rule, built on the map's AL-FORM image
 * (core/alform/classic-stroke.ts), previewed as edges and sent as ONE `maps.drawEdges`. Fill paints the
 * flood-filled region in one call; analysis tools act on click. The ground tool starts,
 * extends (shift, or dragging on) and shrinks the selection a derivation starts from
 * (lib/selection.ts). Ctrl/⌘-click on ground a child map was derived from opens that map.
 * The region tools draw a rectangle or a lasso in screen space (the view turns the shape into
 * tiles: core/map/region-select.ts) and combine it with the region selection — shift adds,
 * alt subtracts. In paste mode, whatever the tool, the pasted region's ghost follows the
 * pointer and a click lands it (lib/stores/regions.svelte.ts).
 * The place tool places the chosen vector tile on a click, or lists what fits the tile clicked.
 *
 * It reaches the stores only through `ToolActions` (built from the workbench by
 * `toolActions`), so it is tested with a fake (tool-input.test.ts) and no WebGL.
 *
 * Renderer layer: no DOM, no Three.js.
 */
import type { Workbench } from '../stores/workbench.js';
import type { ToolId } from '../tools.js';
import type { Terrain, TerrainCatalogue } from '../../../../core/terrain/types.js';
import { featureRegion } from '../../../../core/map/feature-fill.js';
import type { LoadedMap } from '../map-model.js';
import { fitsTile } from '../map-model.js';
import { areaTileAt, isArea, nearestEdge } from '../targeting.js';
import { LinearStroke } from '../../../../core/alform/linear-stroke.js';
import { ClassicLinearStroke } from '../../../../core/alform/classic-stroke.js';
import { brushFootprint } from '../../../../core/alform/brush.js';
import { floodFill } from '../fill.js';
import { groundTileAt } from '../selection.js';
import type { ModelPoint } from '../../../../core/grid/types.js';
import { rectanglePolygon, selectionOp, type SelectionOp } from '../../../../core/map/region-select.js';

/** How close to an edge's midpoint (in tile spacings) the eraser takes the edge instead of the tile. */
const EDGE_REACH = 0.3;

export interface Picked {
  tile: number;
  point: ModelPoint;
  /** The pointer in CSS pixels over the canvas (region shapes are drawn in screen space). */
  screen?: readonly [number, number];
}

/** Pixels a press must move before a region press becomes a shape rather than a click. */
const SHAPE_SLOP = 4;

/** Modifier keys held when the primary button went down. */
export interface Modifiers {
  shift: boolean;
  /** Ctrl, or ⌘ on macOS. */
  command: boolean;
  /** Alt / Option: the region tools subtract. */
  alt?: boolean;
}

export const NO_MODIFIERS: Modifiers = Object.freeze({ shift: false, command: false, alt: false });

/** What the tool needs from a view. */
export interface ToolHost {
  /** Shows the stroke's tiles in the brush colour until the edit comes back. */
  preview(tiles: readonly number[], terrain: string): void;
  /** Classic maps: shows the edges of a linear stroke in the brush colour until the edit comes back. */
  previewEdges(slots: readonly number[], terrain: string): void;
  /** Drops the preview (after the edit is applied, or when it failed). */
  clearPreview(): void;
  /** Shows the region shape being drawn (x0, y0, x1, y1, … in CSS pixels), or hides it (null). */
  marquee(points: readonly number[] | null): void;
  /** The tiles a closed screen-space shape covers (core/map/region-select.ts rules). */
  tilesInShape(points: readonly number[]): ArrayLike<number>;
}

/** What the tools read and do: the stores' part they need, nothing more. */
export interface ToolActions {
  readonly tool: ToolId;
  readonly areaTerrain: string;
  readonly linearTerrain: string;
  /** The terrain a paint-like stroke puts down ('' erases). */
  readonly brushTerrain: string;
  /** Paint and erase brush size (1 = one tile; core/alform/brush.ts). */
  readonly brushSize: number;
  readonly selection: readonly number[];
  terrain(id: string): Terrain | undefined;
  paint(tiles: ArrayLike<number>, terrain: string): Promise<boolean>;
  paintEdge(tile: number, dir: number, terrain: string): Promise<boolean>;
  /** AL-FORM maps: a drawn chain of linear tiles, one undo step. */
  drawLinear(chain: readonly number[], terrain: string): Promise<boolean>;
  /** Classic maps: a drawn run of edges, one undo step. */
  drawEdges(slots: readonly number[], terrain: string): Promise<boolean>;
  /** AL-FORM maps: the linear feature through `tile` becomes `terrain` (through its crossings), one undo step. */
  fillFeature(tile: number, terrain: string): Promise<boolean>;
  /** The catalogue, for core rules that read it (the feature a fill walks). */
  readonly catalogue: TerrainCatalogue | null;
  analyse(tool: ToolId, tile: number): Promise<void>;
  selectGround(tile: number, add: boolean): void;
  extendGround(tile: number): void;
  /** The child map derived from the ground under `tile`, if any. */
  childAt(tile: number): string | null;
  /** The place tool's click on a tile (lib/stores/placing.svelte.ts): place the chosen tile there, or list what fits. */
  placeClick(tile: number): Promise<void>;
  openMap(id: string): Promise<void>;
  /** Paste mode: the ghost follows the pointer, a click lands it. */
  readonly pasting: boolean;
  selectRegion(tiles: ArrayLike<number>, op: SelectionOp): void;
  showGhost(anchor: number): void;
  pasteAt(anchor: number): Promise<void>;
}

/** The workbench's stores as `ToolActions` (read live: the getters follow the stores' state). */
export function toolActions(app: Workbench): ToolActions {
  const { editing, ground, analysis, lineage, maps, project, regions } = app;
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
    get brushSize() {
      return editing.brushSize;
    },
    get selection() {
      return ground.selection;
    },
    terrain: (id) => project.terrain(id),
    paint: (tiles, terrain) => editing.paint(tiles, terrain),
    paintEdge: (tile, dir, terrain) => editing.paintEdge(tile, dir, terrain),
    drawLinear: (chain, terrain) => editing.drawLinear(chain, terrain),
    drawEdges: (slots, terrain) => editing.drawEdges(slots, terrain),
    fillFeature: (tile, terrain) => editing.fillFeature(tile, terrain),
    get catalogue() {
      return project.catalogue;
    },
    analyse: (tool, tile) => analysis.analyse(tool, tile),
    selectGround: (tile, add) => ground.select(tile, add),
    extendGround: (tile) => ground.extend(tile),
    childAt: (tile) => lineage.childAt(tile),
    openMap: (id) => maps.openMap(id),
    get pasting() {
      return regions.pasting;
    },
    selectRegion: (tiles, op) => regions.select(tiles, op),
    showGhost: (anchor) => regions.showGhost(anchor),
    pasteAt: (anchor) => regions.pasteAt(anchor),
    placeClick: (tile) => app.placing.click(tile),
  };
}

export class ToolInput {
  private stroke: number[] = [];
  private inStroke = new Set<number>();
  private last = -1;
  private edges = new Set<string>();
  /** The linear tool's stroke on an AL-FORM map (core builds the chain). */
  private linear: LinearStroke | null = null;
  /** The linear tool's stroke on a classic map (core builds it on the map's AL-FORM image). */
  private classic: ClassicLinearStroke | null = null;
  private active = false;
  /** A ground-tool press: the tile it started on and whether the pointer left that tile. */
  private ground: { start: number; wasSelected: boolean; add: boolean; moved: boolean } | null = null;
  /** A region-tool press: the shape so far (screen x, y pairs), how it combines, and the tile pressed on. */
  private shape: { lasso: boolean; points: number[]; op: SelectionOp; tile: number; moved: boolean } | null = null;

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
    if (s.pasting) {
      // The anchor is an area tile (AL-FORM regions are anchored on one), as for the ghost.
      const anchor = areaTileAt(this.loaded, p.tile, p.point);
      if (anchor >= 0) void s.pasteAt(anchor);
      return;
    }
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
      case 'marquee':
      case 'lasso': {
        const [x, y] = p.screen ?? [0, 0];
        this.shape = { lasso: s.tool === 'lasso', points: [x, y], op: selectionOp({ shift: mods.shift, alt: mods.alt ?? false }), tile: p.tile, moved: false };
        this.active = true;
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
        this.linear = s.tool === 'linear' && this.loaded.classes ? new LinearStroke(this.loaded.map.grid, this.loaded.classes) : null;
        this.classic = s.tool === 'linear' && !this.loaded.classes ? new ClassicLinearStroke(this.loaded.map.grid) : null;
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

  /** Every pointer move, pressed or not: the paste ghost follows it. */
  hover(p: Picked): void {
    if (this.actions.pasting) this.actions.showGhost(p.tile < 0 ? -1 : areaTileAt(this.loaded, p.tile, p.point));
  }

  /** A stroke may start off the map; tiles count from where the pointer enters it. */
  move(p: Picked): void {
    if (this.shape && this.active) {
      this.moveShape(p);
      return;
    }
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
    if (this.classic) {
      if (this.classic.add(p)) this.host.previewEdges(this.classic.edges, s.brushTerrain);
      return;
    }
    if (s.tool === 'erase' && !loaded.map.spec.alform && s.brushSize <= 1) {
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
    if (this.linear) {
      if (this.linear.add(p)) this.host.preview(this.linear.tiles, s.brushTerrain);
      return;
    }
    const footprint = this.footprint(p);
    const tiles: Iterable<number> = footprint.length ? footprint : s.tool === 'paint' ? [] : [p.tile];
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

  /**
   * The tiles the paint or erase brush covers at `p` (empty for other tools or off the map):
   * a paint brush is centred on the area tile under the pointer and covers area tiles, an
   * eraser is centred on the tile under the pointer and takes linear tiles inside too.
   * The views outline it under the pointer before the button goes down.
   */
  footprint(p: Picked): Int32Array {
    const s = this.actions;
    if (p.tile < 0 || (s.tool !== 'paint' && s.tool !== 'erase')) return new Int32Array(0);
    const { map, classes } = this.loaded;
    if (s.tool === 'paint') return brushFootprint(map.grid, classes, areaTileAt(this.loaded, p.tile, p.point), s.brushSize, 'area');
    return brushFootprint(map.grid, classes, p.tile, s.brushSize, 'all');
  }

  async up(): Promise<void> {
    if (!this.active) return;
    this.active = false;
    const shape = this.shape;
    if (shape) {
      this.shape = null;
      this.host.marquee(null);
      let tiles: ArrayLike<number>;
      if (!shape.moved) tiles = shape.tile >= 0 ? [shape.tile] : []; // a click selects the tile under it
      else tiles = this.host.tilesInShape(this.closed(shape));
      // A click off the map with nothing added clears, as a click beside a selection does in image editors.
      this.actions.selectRegion(tiles, shape.op);
      return;
    }
    const ground = this.ground;
    if (ground) {
      this.ground = null;
      if (ground.wasSelected && !ground.moved) this.actions.selectGround(ground.start, ground.add);
      return;
    }
    const tiles = this.stroke;
    this.stroke = [];
    this.inStroke.clear();
    const linear = this.linear;
    const classic = this.classic;
    this.linear = null;
    this.classic = null;
    if (classic) {
      const slots = classic.edges;
      const terrain = this.actions.brushTerrain;
      const edges = this.loaded.map.layers.edges;
      const k = this.loaded.map.palette.indexOf(terrain);
      if (slots.length && edges && (k < 0 || slots.some((e) => edges[e] !== k + 1))) await this.actions.drawEdges(slots, terrain);
    } else if (linear) {
      const chain = linear.tiles;
      const terrain = this.actions.brushTerrain;
      const layer = this.loaded.map.layers.terrain;
      const k = this.loaded.map.palette.indexOf(terrain);
      // Skip a stroke over tiles that already carry the terrain (no empty undo step).
      if (chain.length && (k < 0 || chain.some((t) => layer[t] !== k + 1))) await this.actions.drawLinear(chain, terrain);
    } else if (tiles.length) {
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
    if (this.shape) this.host.marquee(null);
    this.shape = null;
    this.stroke = [];
    this.inStroke.clear();
    this.linear = null;
    this.classic = null;
    this.host.clearPreview();
  }

  private moveShape(p: Picked): void {
    const shape = this.shape!;
    const [x, y] = p.screen ?? [0, 0];
    const pts = shape.points;
    const dx = x - pts[pts.length - 2]!;
    const dy = y - pts[pts.length - 1]!;
    if (!shape.moved && Math.hypot(x - pts[0]!, y - pts[1]!) < SHAPE_SLOP) return;
    shape.moved = true;
    if (!shape.lasso) {
      pts.length = 2;
      pts.push(x, y);
    } else if (Math.hypot(dx, dy) >= 2) pts.push(x, y);
    this.host.marquee(this.closed(shape));
  }

  /** The shape as a closed polygon: a rectangle's four corners, or the lasso's points. */
  private closed(shape: { lasso: boolean; points: number[] }): number[] {
    const p = shape.points;
    if (shape.lasso) return p;
    return Array.from(rectanglePolygon(p[0]!, p[1]!, p[2] ?? p[0]!, p[3] ?? p[1]!));
  }

  /**
   * Fill: from an area tile, the connected area of its terrain becomes the selected area
   * terrain; from a linear tile that carries terrain (AL-FORM), the whole connected feature
   * becomes the selected linear terrain (a river turned into a canal in one click), through
   * its bridges and crossings, which keep their other feature.
   */
  private async fill(p: Picked): Promise<void> {
    const s = this.actions;
    const loaded = this.loaded;
    const onFeature = !isArea(loaded, p.tile) && loaded.map.layers.terrain[p.tile] !== 0;
    const start = onFeature ? p.tile : areaTileAt(loaded, p.tile, p.point);
    if (start < 0) return;
    const terrainId = onFeature ? s.linearTerrain : s.areaTerrain;
    if (loaded.map.terrainOf(loaded.map.layers.terrain[start]!) === terrainId) return;
    if (onFeature && s.catalogue) {
      // The whole feature, through its bridges and crossings (core/map/feature-fill.ts).
      this.host.preview(featureRegion(loaded.map, s.catalogue, start), terrainId);
      await s.fillFeature(start, terrainId);
      this.host.clearPreview();
      return;
    }
    const tiles = Array.from(floodFill(loaded, start));
    this.host.preview(tiles, terrainId);
    await s.paint(tiles, terrainId);
    this.host.clearPreview();
  }
}
