/**
 * The shapes the tools share: what a view hands a tool (a picked tile, the modifier keys),
 * what a tool needs from the view (`ToolHost`) and from the stores (`ToolActions`), and a
 * `Gesture` — one press of the primary button, from down to release.
 *
 * Renderer layer: no DOM, no Three.js.
 */
import type { ToolId } from '../../tools.js';
import type { Terrain, TerrainCatalogue } from '../../../../../core/terrain/types.js';
import type { LoadedMap } from '../../map-model.js';
import type { ModelPoint } from '../../../../../core/grid/types.js';
import type { SelectionOp } from '../../../../../core/map/region-select.js';

export interface Picked {
  tile: number;
  point: ModelPoint;
  /** The pointer in CSS pixels over the canvas (region shapes are drawn in screen space). */
  screen?: readonly [number, number];
}

/** Modifier keys held when the primary button went down. */
export interface Modifiers {
  shift: boolean;
  /** Ctrl, or ⌘ on macOS. */
  command: boolean;
  /** Alt / Option: the selecting tools subtract. */
  alt?: boolean;
}

export const NO_MODIFIERS: Modifiers = Object.freeze({ shift: false, command: false, alt: false });

/** What the tool needs from a view. */
export interface ToolHost {
  /** Shows the stroke's tiles in the brush colour until the edit comes back. */
  preview(tiles: readonly number[], terrain: string): void;
  /** Classic maps: shows the edges of a linear stroke in the brush colour until the edit comes back. */
  previewEdges(slots: readonly number[], terrain: string): void;
  /** Through-tile terrain: shows the network a stroke along `chain` (ground tiles) will leave. */
  previewNetwork(chain: readonly number[], terrain: string): void;
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
  /** The one selection's tiles, ascending. */
  readonly selection: ArrayLike<number>;
  terrain(id: string): Terrain | undefined;
  paint(tiles: ArrayLike<number>, terrain: string): Promise<boolean>;
  paintEdge(tile: number, dir: number, terrain: string): Promise<boolean>;
  /** AL-FORM maps: a drawn chain of linear tiles, one undo step. */
  drawLinear(chain: readonly number[], terrain: string): Promise<boolean>;
  /** Classic maps: a drawn run of edges, one undo step. */
  drawEdges(slots: readonly number[], terrain: string): Promise<boolean>;
  /** Any map: a through-tile terrain (road, railroad) drawn centre to centre along a chain of ground tiles, one undo step. */
  drawNetwork(chain: readonly number[], terrain: string): Promise<boolean>;
  /** Any map: erases network `terrain` between consecutive tiles of the chain, one undo step. */
  eraseNetwork(chain: readonly number[], terrain: string): Promise<boolean>;
  /** AL-FORM maps: the linear feature through `tile` becomes `terrain` (through its crossings), one undo step. */
  fillFeature(tile: number, terrain: string): Promise<boolean>;
  /** The catalogue, for core rules that read it (the feature a fill walks). */
  readonly catalogue: TerrainCatalogue | null;
  analyse(tool: ToolId, tile: number): Promise<void>;
  /** The ground tool's click on `tile` (−1: none) into the one selection. */
  selectGround(tile: number, op: SelectionOp): void;
  /** The ground tool's drag over `tile`: `add` or `subtract`. */
  extendGround(tile: number, op: SelectionOp): void;
  /** Fill-select (the magic wand) at `tile` into the one selection. */
  fillSelect(tile: number, op: SelectionOp): void;
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
  /** The label tool's click on the map at model point `point` (tile `tile`, −1 off the map): start a new label there. */
  startLabel(point: ModelPoint, tile: number): void;
}

/** What every tool works with: the stores' actions, the open map and the view. */
export interface ToolContext {
  readonly actions: ToolActions;
  readonly loaded: LoadedMap;
  readonly host: ToolHost;
}

/** One press of the primary button with a dragging tool, from down to release. */
export interface Gesture {
  /** A pointer sample while the button is down (off the map too: `p.tile` is then -1). */
  move(p: Picked): void;
  /** The button went up: send what the press made. */
  up(): Promise<void>;
  /** The press was abandoned (a pinch began): drop what it showed, send nothing. */
  cancel(): void;
}
