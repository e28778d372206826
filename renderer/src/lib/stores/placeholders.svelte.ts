/**
 * The mapping dialog for unmapped Tiled tiles (issue 14): a Tiled import gives every tile kind
 * no catalogue terrain matched a placeholder terrain of its own (core/terrain/placeholder.ts).
 * This store lists the placeholders the open map still holds (core/map/remap.ts
 * placeholdersInUse: terrain, tile count, the file's tile keys), opens the dialog after an
 * import that left some (and again from the toolbar while any remain), keeps the designer's
 * choice of catalogue terrain per placeholder, and applies the choices as one undo step
 * (`maps.remapTerrain`, through the editing store).
 *
 * Renderer layer: Svelte runes, no DOM.
 */
import type { AreaTerrain } from '../../../../core/terrain/types.js';
import { areaTerrains } from '../../../../core/terrain/lookup.js';
import { isPlaceholderId } from '../../../../core/terrain/placeholder.js';
import { placeholdersInUse, type PlaceholderUse } from '../../../../core/map/remap.js';
import type { EditingStore } from './editing.svelte.js';
import type { OpenMapStore } from './open-map.svelte.js';
import type { ProjectStore } from './project.svelte.js';

export class PlaceholderStore {
  dialog = $state(false);
  /** Placeholder id → the catalogue terrain chosen for it ('' = not yet). */
  choices = $state<Record<string, string>>({});

  constructor(
    private readonly maps: OpenMapStore,
    private readonly project: ProjectStore,
    private readonly editing: EditingStore,
  ) {
    maps.imported.on((loaded) => {
      if (placeholdersInUse(loaded.map).length > 0) this.open();
    });
    maps.switched.on(({ reason }) => {
      if (reason !== 'reload') this.close();
    });
  }

  /** The placeholders on the open map, most used first (follows edits through `revision`). */
  get list(): PlaceholderUse[] {
    void this.maps.revision;
    const loaded = this.maps.current;
    return loaded ? placeholdersInUse(loaded.map) : [];
  }

  /** What a placeholder may become: the catalogue's area terrains (placeholders are area terrain). */
  get targets(): readonly AreaTerrain[] {
    const catalogue = this.project.catalogue;
    return catalogue ? areaTerrains(catalogue).filter((t) => !isPlaceholderId(t.id)) : [];
  }

  open(): void {
    this.choices = {};
    this.dialog = true;
  }

  close(): void {
    this.dialog = false;
  }

  choose(placeholder: string, terrain: string): void {
    this.choices = { ...this.choices, [placeholder]: terrain };
  }

  /** The chosen pairs, for placeholders still on the map. */
  get pairs(): { from: string; to: string }[] {
    const on = new Set(this.list.map((p) => p.terrain));
    return Object.entries(this.choices)
      .filter(([from, to]) => to !== '' && on.has(from))
      .map(([from, to]) => ({ from, to }));
  }

  /** Remaps every chosen placeholder in one undo step; closes the dialog when none is left. */
  async apply(): Promise<boolean> {
    const pairs = this.pairs;
    if (pairs.length === 0) return false;
    const done = await this.editing.remapTerrain(pairs);
    if (done) {
      this.choices = {};
      if (this.list.length === 0) this.close();
    }
    return done;
  }
}
