/**
 * What the map features built on editing (ground/derive, regions, auto-assemble) share: the
 * stores they work through (the one selection among them), and the rule that their per-map state (a selection, an open
 * dialog, a conflict) goes when another map opens or the map closes but stays when the open
 * map is only read again (`reload`, after an undo or another window's edits).
 *
 * Renderer layer, no DOM.
 */
import type { Services } from '../../../../contract/api.js';
import type { LoadedMap } from '../map-model.js';
import type { Notifications } from './notifications.svelte.js';
import type { OpenMapStore } from './open-map.svelte.js';
import type { EditingStore } from './editing.svelte.js';
import type { ProjectStore } from './project.svelte.js';
import type { SelectionStore } from './selection.svelte.js';

/** The stores a map feature works through (workbench.ts passes its own). */
export interface MapFeatureStores {
  readonly api: Services;
  readonly notes: Notifications;
  readonly project: ProjectStore;
  readonly maps: OpenMapStore;
  readonly editing: EditingStore;
  /** The one selection (selection.svelte.ts) every feature reads and the selecting tools write. */
  readonly selection: SelectionStore;
}

export abstract class MapFeature {
  protected readonly api: Services;
  protected readonly notes: Notifications;
  protected readonly project: ProjectStore;
  protected readonly maps: OpenMapStore;
  protected readonly editing: EditingStore;
  protected readonly sel: SelectionStore;

  constructor(stores: MapFeatureStores) {
    ({ api: this.api, notes: this.notes, project: this.project, maps: this.maps, editing: this.editing, selection: this.sel } = stores);
  }

  /** Calls `reset` with the newly open map (null: closed) on every switch but a reload of the same map. */
  protected onMapSwitch(reset: (loaded: LoadedMap | null) => void): void {
    this.maps.switched.on(({ loaded, reason }) => {
      if (reason !== 'reload') reset(loaded);
    });
  }
}
