/**
 * The layers panel (issue 25): painted terrain, linear terrain, vector drawing, grid, numbers,
 * labels and analysis, each shown or hidden and faded by the designer, per map. The settings
 * come with the map (`meta.layers`, core/map/view-layers.ts) and are stored with it through
 * `maps.setLayers`, so reopening the map or the project shows it as it was left. Nothing else
 * changes them: placing, assembling, painting, undo and reload leave every layer as it is.
 *
 * Renderer layer, no DOM.
 */
import type { Services } from '../../../../contract/api.js';
import { DEFAULT_VIEW_LAYERS, viewLayersOf, withLayer, type LayerSetting, type ViewLayer, type ViewLayers } from '../../../../core/map/view-layers.js';
import type { Notifications } from './notifications.svelte.js';
import type { OpenMapStore } from './open-map.svelte.js';

export class LayersStore {
  /** What the open map is shown with now. */
  layers = $state.raw<ViewLayers>(DEFAULT_VIEW_LAYERS);
  /** Whether the panel is open. */
  open = $state(false);

  constructor(
    private readonly api: Services,
    private readonly notes: Notifications,
    private readonly maps: OpenMapStore,
  ) {
    maps.switched.on(({ loaded }) => {
      this.layers = viewLayersOf(loaded?.map.meta.layers);
    });
  }

  /** Shows or hides `layer`, and stores the choice with the map. */
  setVisible(layer: ViewLayer, visible: boolean): Promise<void> {
    return this.set(layer, { visible });
  }

  /** Fades `layer` to `opacity` (0…1) at once; `store` keeps it with the map (the slider stores where it is let go). */
  setOpacity(layer: ViewLayer, opacity: number, store = true): Promise<void> {
    if (!store) {
      this.layers = withLayer(this.layers, layer, { opacity });
      return Promise.resolve();
    }
    return this.set(layer, { opacity });
  }

  /** The Tile borders toggle (B): the grid layer. */
  toggleGrid(): Promise<void> {
    return this.setVisible('grid', !this.layers.grid.visible);
  }

  private async set(layer: ViewLayer, change: Partial<LayerSetting>): Promise<void> {
    const loaded = this.maps.current;
    this.layers = withLayer(this.layers, layer, change);
    if (!loaded) return;
    const layers = this.layers;
    // The open copy keeps them too, so a reload (undo of a re-derivation) shows them unchanged.
    loaded.map.meta.layers = { ...layers };
    try {
      await this.api.maps.setLayers({ id: loaded.id, layers });
    } catch (e) {
      this.notes.error(e instanceof Error ? e.message : String(e));
    }
  }
}
