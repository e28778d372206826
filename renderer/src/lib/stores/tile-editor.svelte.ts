/**
 * The vector tile editor's state (issue 13): the tile being drawn, its undo history, the
 * tool (select, line pen, area pen, point), the selection, the path the pen is drawing, the
 * allowed orientations, and the save back to the library it came from (`tiles.save`). Pointer positions come in
 * tile space (the component converts from pixels); every geometric rule — hit testing, anchor
 * and handle moves, the pen's Bézier handles, snapping onto the boundary, validation and the
 * edge indicators shown live — is core/vector's.
 *
 * Renderer layer: Svelte runes, no DOM.
 */
import type { Services } from '../../../../contract/api.js';
import { USER_LIBRARY_ID, type Results } from '../../../../contract/contract.js';
import type { Notifications } from './notifications.svelte.js';
import { History } from '../../../../core/util/history.js';
import type { TileShape } from '../../../../core/vector/shape.js';
import type { VectorTile } from '../../../../core/vector/types.js';
import type { Vec2 } from '../../../../core/vector/vec2.js';
import { shapeOrientations, orientationName } from '../../../../core/vector/orientation.js';
import { vectorTileFromJson, writeVectorTile } from '../../../../core/vector/json.js';
import { isStarterTile } from '../../../../core/vector/starter.js';
import { addElement, deleteAnchor, deleteElement, emptyTile, hitTest, insertAnchor, isAnchorIndex, moveAnchor, moveHandle, nearestOnCurve, setElementProps, type EditTarget, type ElementProps } from '../../../../core/vector/edit.js';
import { freshElementId, penAddAnchor, penClosesAt, penDragHandle, penElement, penUndoAnchor, startPen, type PenPath } from '../../../../core/vector/pen.js';

export type EditorTool = 'select' | 'line' | 'area' | 'point';

export const EDITOR_TOOLS: readonly { id: EditorTool; short: string; label: string; key: string }[] = [
  { id: 'select', short: 'Select', label: 'Select and move anchors', key: 'V' },
  { id: 'line', short: 'Line pen', label: 'Pen: line (road, river, wall)', key: 'L' },
  { id: 'area', short: 'Area pen', label: 'Pen: area or contour', key: 'A' },
  { id: 'point', short: 'Point', label: 'Point (peak, well, spot height)', key: 'P' },
];

type Drag = { kind: 'anchor' | 'handle'; element: string; index: number; smooth: boolean; moved: boolean } | { kind: 'pen' } | null;

export class TileEditorStore {
  open = $state(false);
  tile = $state<VectorTile | null>(null);
  tool = $state<EditorTool>('select');
  /** The terrain new elements get, per kind (line terrains differ from area ones). */
  terrain = $state<Record<'line' | 'area' | 'point', string>>({ line: 'road', area: 'forest', point: 'clear' });
  selected = $state<string | null>(null);
  /** The anchor last clicked on the selected element (Delete removes it). */
  anchor = $state<number | null>(null);
  pen = $state<PenPath | null>(null);
  /** Allowed orientations by name (core/vector orientationName). */
  allowed = $state<string[]>([]);
  canUndo = $state(false);
  canRedo = $state(false);
  saving = $state(false);
  /** The library the tile is saved into: the one it was opened from, the user library for a new tile. */
  library = $state<string>(USER_LIBRARY_ID);
  /** The tile is a starter tile (read-only, core/vector starter.ts): saving stores a copy, which is edited from then on. */
  starter = $state(false);
  /** Called after a save stored the tile (the library panel lists it again, with its new thumbnail). */
  saved: (r: Results['tiles.save']) => void = () => {};
  /** Hit tolerance in tile units (the component sets it from the zoom: about 8 px). */
  tolerance = 0.05;
  private history = new History<VectorTile>(emptyTile('tile', { name: 'square', directions: 8, corners: [], edges: [], rotationStep: 0 }));
  private drag: Drag = null;

  constructor(
    private readonly api: Services,
    private readonly notes: Notifications,
  ) {}

  /** Opens a tile (from library `library`, or an imported one for the user library) for editing. */
  edit(tile: VectorTile, allowed?: readonly string[], library: string = USER_LIBRARY_ID, tags: readonly string[] = []): void {
    this.history.reset(tile);
    this.library = library;
    this.starter = isStarterTile(tags);
    this.allowed = allowed ? [...allowed] : shapeOrientations(tile.shape).map(orientationName);
    this.selected = null;
    this.anchor = null;
    this.pen = null;
    this.tool = 'select';
    this.sync();
    this.open = true;
  }

  /** Opens a tile of an open library (`tiles.get`) for editing; saving writes it back there. */
  async openTile(library: string, tile: string): Promise<boolean> {
    const r = await this.notes.run(null, () => this.api.tiles.get({ library, tile }), null);
    if (!r) return false;
    this.edit(vectorTileFromJson(r.json, `tile "${tile}"`, { skipValidation: true }), r.tile.orientations, library, r.tile.tags);
    return true;
  }

  /** Starts a new empty tile of a shape. */
  create(shape: TileShape, id: string, name: string): void {
    this.edit(emptyTile(id, shape, name));
  }

  close(): void {
    this.open = false;
    this.pen = null;
    this.drag = null;
  }

  setTool(tool: EditorTool): void {
    this.finishPen(false);
    this.tool = tool;
  }

  undo(): void {
    this.pen = null;
    this.history.undo();
    this.sync();
  }

  redo(): void {
    this.history.redo();
    this.sync();
  }

  /** One history step: the tile after a user action. */
  apply(next: VectorTile): void {
    this.history.push(next);
    this.sync();
  }

  setProps(props: ElementProps): void {
    if (this.tile && this.selected) this.apply(setElementProps(this.tile, this.selected, props));
  }

  rename(name: string): void {
    if (this.tile && name.trim() && name !== this.tile.name) this.apply({ ...this.tile, name: name.trim() });
  }

  toggleOrientation(name: string): void {
    this.allowed = this.allowed.includes(name) ? this.allowed.filter((n) => n !== name) : [...this.allowed, name];
  }

  pointerDown(p: Vec2, mods: { alt?: boolean; double?: boolean } = {}): void {
    const tile = this.tile;
    if (!tile) return;
    if (this.tool === 'point') {
      const id = freshElementId(tile, 'point');
      this.apply(addElement(tile, { id, kind: 'point', terrain: this.terrain.point, at: p }));
      this.selected = id;
      return;
    }
    if (this.tool === 'line' || this.tool === 'area') {
      if (mods.double) return this.finishPen(false);
      const pen = this.pen ?? startPen(this.tool, this.terrain[this.tool]);
      if (this.tool === 'area' && penClosesAt(pen, p, this.tolerance)) return this.finishPen(true);
      this.pen = penAddAnchor(tile.shape, pen, p);
      this.drag = { kind: 'pen' };
      return;
    }
    const hit = hitTest(tile, p, this.tolerance, this.selected);
    if (mods.double && this.selected && (!hit || hit.kind === 'element')) return this.insertAt(p);
    this.pick(hit, mods.alt === true);
  }

  pointerMove(p: Vec2): void {
    const tile = this.tile;
    const d = this.drag;
    if (!tile || !d) return;
    if (d.kind === 'pen') {
      if (this.pen) this.pen = penDragHandle(this.pen, p);
      return;
    }
    // The first move of a drag is the history step; later moves replace it.
    const next = d.kind === 'anchor' ? moveAnchor(tile, d.element, d.index, p) : moveHandle(tile, d.element, d.index, p, d.smooth);
    if (!d.moved) this.history.push(next);
    else this.history.replace(next);
    d.moved = true;
    this.sync();
  }

  pointerUp(): void {
    this.drag = null;
  }

  /** Keys while the editor has focus; true when the key was the editor's. */
  key(key: string, mods: { ctrl?: boolean; shift?: boolean } = {}): boolean {
    if (mods.ctrl && key.toLowerCase() === 'z') {
      if (mods.shift) this.redo();
      else this.undo();
      return true;
    }
    if (mods.ctrl && key.toLowerCase() === 'y') {
      this.redo();
      return true;
    }
    if (mods.ctrl) return false;
    if (key === 'Enter') return this.finishPen(false), true;
    if (key === 'Escape') {
      if (this.pen) this.pen = null;
      else this.selected = null;
      return true;
    }
    if (key === 'Backspace' && this.pen) {
      this.pen = penUndoAnchor(this.pen);
      return true;
    }
    if ((key === 'Delete' || key === 'Backspace') && this.tile && this.selected) {
      const next = this.anchor !== null ? deleteAnchor(this.tile, this.selected, this.anchor) : deleteElement(this.tile, this.selected);
      this.apply(next);
      if (!next.elements.some((e) => e.id === this.selected)) this.selected = null;
      this.anchor = null;
      return true;
    }
    const tool = EDITOR_TOOLS.find((t) => t.key === key.toUpperCase());
    if (tool) {
      this.setTool(tool.id);
      return true;
    }
    return false;
  }

  /** What the Save button says: a starter tile is saved as a copy. */
  get saveLabel(): string {
    return this.starter ? 'Save as copy' : 'Save to library';
  }

  /** Saves into the library the tile came from (a starter tile: a copy of it); true when stored. */
  async save(): Promise<boolean> {
    const tile = this.tile;
    if (!tile) return false;
    this.finishPen(false);
    this.saving = true;
    try {
      const r = await this.notes.run(null, () => this.api.tiles.save({ library: this.library, tile: writeVectorTile(this.tile!), orientations: this.allowed }), null);
      if (r && r.tile.id !== tile.id) {
        // Saved as a copy: from now on the editor edits the copy (its id and name), undo included.
        const { id, name } = r.tile;
        this.history.mapAll((t) => ({ ...t, id, name }));
        this.starter = false;
        this.sync();
      }
      if (r) this.saved(r);
      if (r) this.notes.info(`Saved tile “${r.tile.name}” to ${r.library.name} (${r.tile.elements} element${r.tile.elements === 1 ? '' : 's'}, ${r.tile.orientations.length} orientation${r.tile.orientations.length === 1 ? '' : 's'})`);
      return r !== null;
    } finally {
      this.saving = false;
    }
  }

  private pick(hit: EditTarget | null, alt: boolean): void {
    if (!hit) {
      this.selected = null;
      this.anchor = null;
      return;
    }
    this.selected = hit.element;
    this.anchor = hit.kind === 'anchor' ? hit.index : null;
    if (hit.kind === 'element') {
      // Dragging a point element moves it.
      const el = this.tile!.elements.find((e) => e.id === hit.element);
      if (el?.kind === 'point') this.drag = { kind: 'anchor', element: hit.element, index: 0, smooth: false, moved: false };
      return;
    }
    this.drag = { kind: hit.kind, element: hit.element, index: hit.index, smooth: !alt && !isAnchorIndex(hit.index), moved: false };
  }

  private insertAt(p: Vec2): void {
    const tile = this.tile!;
    const el = tile.elements.find((e) => e.id === this.selected);
    if (!el || el.kind === 'point') return;
    const near = nearestOnCurve(el.curve, p);
    if (near.distance > this.tolerance * 2) return;
    this.apply(insertAnchor(tile, el.id, near.seg, near.t));
  }

  /** Ends the pen's path: an element when it has enough anchors, nothing otherwise. */
  private finishPen(closed: boolean): void {
    const pen = this.pen;
    this.pen = null;
    this.drag = null;
    if (!pen || !this.tile) return;
    const id = freshElementId(this.tile, pen.kind);
    const el = penElement(pen, closed, id);
    if (!el) return;
    this.apply(addElement(this.tile, el));
    this.selected = id;
  }

  private sync(): void {
    this.tile = this.history.present;
    this.canUndo = this.history.canUndo;
    this.canRedo = this.history.canRedo;
  }
}
