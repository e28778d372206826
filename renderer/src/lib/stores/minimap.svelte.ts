/**
 * The minimap (issue 30): whether it shows — toggled from the toolbar's view group, kept for
 * the session whatever map opens — and its picture of the open map (lib/view/minimap.ts,
 * core's raster in terrain colours), built when a map opens and again once edits pause
 * (debounced: a stroke of many edits builds it once), only while it shows.
 *
 * Renderer layer, no DOM.
 */
import { minimapImage, type MinimapImage } from '../view/minimap.js';
import type { OpenMapStore } from './open-map.svelte.js';
import type { ProjectStore } from './project.svelte.js';

/** How long edits must pause before the picture is built again. */
export const MINIMAP_DEBOUNCE_MS = 400;

export class MinimapStore {
  visible = $state(false);
  image = $state.raw<MinimapImage | null>(null);
  /** Pictures built (tests count work, not time). */
  builds = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly maps: OpenMapStore,
    private readonly project: ProjectStore,
  ) {
    maps.switched.on(() => this.schedule(0));
    maps.edited.on(() => this.schedule(MINIMAP_DEBOUNCE_MS));
    project.catalogueChanged.on(() => this.schedule(MINIMAP_DEBOUNCE_MS));
  }

  toggle(): void {
    this.visible = !this.visible;
    this.schedule(0);
  }

  private schedule(delay: number): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (!this.visible || !this.maps.current) {
      this.image = null;
      return;
    }
    if (delay === 0) this.build();
    else this.timer = setTimeout(() => this.build(), delay);
  }

  private build(): void {
    this.timer = null;
    const loaded = this.maps.current;
    const catalogue = this.project.catalogue;
    if (!this.visible || !loaded || !catalogue) return;
    this.builds++;
    this.image = minimapImage(loaded.map, catalogue);
  }

  dispose(): void {
    if (this.timer !== null) clearTimeout(this.timer);
  }
}
