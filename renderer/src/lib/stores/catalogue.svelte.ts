/**
 * The terrain catalogue editor (SPEC §4, §7): a draft of the catalogue in use, changed one
 * field at a time through core's edit functions (core/terrain/edit-list.ts) — so every
 * message the editor shows inline is core's, and a draft is always a valid catalogue — and
 * sent as one edit list with Apply (`catalogue.update`, validated again in the main process,
 * one undo step there). The main process pushes the new catalogue (`catalogue.changed`) to
 * ProjectStore, and open maps and analysis follow it.
 *
 * Also the substitutes of the selected terrain: listed, opened as project maps, and the open
 * substitute map saved back into its slot.
 *
 * Renderer layer, no DOM.
 */
import type { CatalogueState, SubstituteEntry } from '../../../../contract/contract.js';
import type { Services } from '../../../../contract/api.js';
import { applyCatalogueEdits, type CatalogueEdit } from '../../../../core/terrain/edit-list.js';
import { findTerrain } from '../../../../core/terrain/lookup.js';
import { CatalogueError, type ModeRule, type Terrain, type TerrainCatalogue, type TerrainClass } from '../../../../core/terrain/types.js';
import type { Notifications } from './notifications.svelte.js';
import type { ProjectStore } from './project.svelte.js';
import type { OpenMapStore } from './open-map.svelte.js';

/** A terrain's fields the editor changes (id, class and movement have their own edits). */
export type TerrainField = Exclude<keyof Terrain, 'id' | 'class' | 'movement'> | 'blocksSightThrough' | 'streets' | 'width' | 'blocksSightAcross' | 'blocksSightAlong';

export class CatalogueEditorStore {
  dialog = $state(false);
  /** The catalogue being edited: the one in use plus `pending`. */
  draft = $state.raw<TerrainCatalogue | null>(null);
  /** Edits made since the catalogue in use, sent together by `apply`. */
  pending = $state.raw<CatalogueEdit[]>([]);
  selected = $state<string | null>(null);
  /** Core's message for a field whose last edit was refused, by field key (`forest.cover`, `forest.movement.wheeled`, `mode.foot`). */
  errors = $state<Record<string, string>>({});
  canUndo = $state(false);
  canRedo = $state(false);
  /** The selected terrain's substitute slots. */
  substitutes = $state.raw<SubstituteEntry[]>([]);

  constructor(
    private readonly api: Services,
    private readonly notes: Notifications,
    private readonly project: ProjectStore,
    private readonly maps: OpenMapStore,
  ) {
    project.catalogueChanged.on((state) => {
      this.canUndo = state.canUndo;
      this.canRedo = state.canRedo;
      // Someone changed the catalogue in use: a draft on the old one would undo that.
      if (this.pending.length === 0) this.draft = this.project.catalogue;
    });
  }

  get terrain(): Terrain | undefined {
    return this.draft && this.selected ? findTerrain(this.draft, this.selected) : undefined;
  }

  async open(): Promise<void> {
    this.dialog = true;
    this.discard();
    await this.notes.run(null, async () => {
      const state = await this.api.catalogue.state();
      this.useState(state);
    });
    if (this.draft && (!this.selected || !findTerrain(this.draft, this.selected))) this.select(this.draft.terrains[0]?.id ?? null);
  }

  close(): void {
    this.dialog = false;
  }

  select(id: string | null): void {
    this.selected = id;
    this.substitutes = [];
    if (id) void this.loadSubstitutes(id);
  }

  private async loadSubstitutes(id: string): Promise<void> {
    await this.notes.run(null, async () => {
      const list = await this.api.catalogue.substitutes({ terrain: id });
      if (this.selected === id) this.substitutes = list;
    });
  }

  /** Applies one edit to the draft; refused, core's message goes to field `key` and the draft stays. */
  edit(key: string, edit: CatalogueEdit): boolean {
    if (!this.draft) return false;
    const { [key]: _old, ...rest } = this.errors;
    try {
      this.draft = applyCatalogueEdits(this.draft, [edit], 'edit');
    } catch (e) {
      this.errors = { ...rest, [key]: fieldMessage(e) };
      return false;
    }
    this.errors = rest;
    this.pending = [...this.pending, edit];
    return true;
  }

  setField(id: string, field: TerrainField, value: unknown): boolean {
    return this.edit(`${id}.${field}`, { op: 'updateTerrain', id, patch: { [field]: value } as never });
  }

  setRule(id: string, mode: string, rule: ModeRule): boolean {
    return this.edit(`${id}.movement.${mode}`, { op: 'updateTerrain', id, patch: { movement: { [mode]: rule } } });
  }

  renameMode(id: string, name: string): boolean {
    return this.edit(`mode.${id}`, { op: 'updateMode', id, patch: { name } });
  }

  /** A new mode; each terrain starts with its rule of `like` (the first mode by default), to be changed here. */
  addMode(id: string, name: string, like?: string): boolean {
    if (!this.draft) return false;
    const from = like ?? this.draft.modes[0]!.id;
    const byTerrain = Object.fromEntries(this.draft.terrains.map((t) => [t.id, t.movement[from]!]));
    return this.edit('mode.new', { op: 'addMode', mode: { id, name }, rules: { byTerrain } });
  }

  removeMode(id: string): boolean {
    return this.edit(`mode.${id}`, { op: 'removeMode', id });
  }

  /** A new terrain of `cls`, a copy of the selected one's values when it has that class, under a fresh id. */
  addTerrain(cls: TerrainClass): boolean {
    if (!this.draft) return false;
    const like = this.terrain?.class === cls ? this.terrain : this.draft.terrains.find((t) => t.class === cls);
    if (!like) return false;
    let n = 1;
    while (findTerrain(this.draft, `new-${cls}-${n}`)) n++;
    const id = `new-${cls}-${n}`;
    const ok = this.edit('terrain.new', { op: 'addTerrain', terrain: { ...like, id, name: `New ${cls} terrain ${n}` } });
    if (ok) this.select(id);
    return ok;
  }

  removeTerrain(id: string): boolean {
    const ok = this.edit(`${id}.remove`, { op: 'removeTerrain', id });
    if (ok) this.select(this.draft?.terrains[0]?.id ?? null);
    return ok;
  }

  /** Back to the catalogue in use. */
  discard(): void {
    this.draft = this.project.catalogue;
    this.pending = [];
    this.errors = {};
  }

  /** Sends the pending edits as one change. */
  async apply(): Promise<boolean> {
    const edits = this.pending;
    if (edits.length === 0) return true;
    return this.notes.run(
      'Updating the catalogue',
      async () => {
        this.useState(await this.api.catalogue.update({ edits }));
        this.notes.info(`Catalogue updated (${edits.length} change${edits.length === 1 ? '' : 's'})`);
        return true;
      },
      false,
    );
  }

  async undo(): Promise<void> {
    await this.notes.run('Undo catalogue change', async () => this.useState(await this.api.catalogue.undo()));
  }

  async redo(): Promise<void> {
    await this.notes.run('Redo catalogue change', async () => this.useState(await this.api.catalogue.redo()));
  }

  /** Opens a substitute slot's map in the workspace (a project map; saving writes it back to the slot). */
  async openSubstitute(entry: SubstituteEntry): Promise<void> {
    await this.notes.run('Opening substitute', async () => {
      this.maps.open(await this.api.catalogue.openSubstitute({ terrain: entry.terrain, lattice: entry.lattice, ratio: entry.ratio }));
      this.dialog = false;
    });
  }

  /** Writes the open substitute map back into its slot; derived maps that used it go stale. */
  async saveSubstitute(id: string): Promise<void> {
    await this.notes.run('Saving substitute', async () => {
      const r = await this.api.catalogue.saveSubstitute({ id });
      const stale = r.stale.length;
      this.notes.info(`Saved the ${r.slot.lattice} 1:${r.slot.ratio} substitute of ${r.slot.terrain}${stale ? `; ${stale} derived map${stale === 1 ? ' is' : 's are'} stale now` : ''}`);
    });
  }

  private useState(state: CatalogueState): void {
    this.project.useCatalogue(state);
    this.canUndo = state.canUndo;
    this.canRedo = state.canRedo;
    this.discard();
  }
}

/** Core's message without the edit's name and path: the field it sits beside says where. */
export function fieldMessage(e: unknown): string {
  if (e instanceof CatalogueError) {
    const at = e.message.indexOf(`${e.path}: `);
    return at >= 0 ? e.message.slice(at + e.path.length + 2) : e.message;
  }
  return e instanceof Error ? e.message : String(e);
}
