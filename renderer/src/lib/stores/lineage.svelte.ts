/**
 * `maps.lineage` of the open map (SPEC §7): where it was derived from (the breadcrumb) and
 * what was derived from it (the outlined areas, stale or not). Asked again whenever the map
 * opens or loads again, and after edits that may make a child (or the map itself) stale.
 *
 * Renderer layer, no DOM.
 */
import type { Lineage } from '../../../../contract/contract.js';
import type { Services } from '../../../../contract/api.js';
import type { Notifications } from './notifications.svelte.js';
import type { OpenMapStore } from './open-map.svelte.js';

export interface OpenLineage extends Lineage {
  /** The map it was asked for: a late answer for a map no longer open is dropped. */
  readonly mapId: string;
}

export class LineageStore {
  lineage = $state.raw<OpenLineage | null>(null);
  private asked = 0;

  constructor(
    private readonly api: Services,
    private readonly notes: Notifications,
    private readonly maps: OpenMapStore,
  ) {
    maps.switched.on(({ reason }) => {
      if (reason !== 'reload') this.lineage = null;
      void this.refresh();
    });
    maps.edited.on(() => {
      // Maps derived from this one may have gone stale (and a derived map itself may have).
      if (this.lineage?.children.length || this.maps.current?.summary.derived) void this.refresh();
    });
  }

  /** Asks where the open map comes from and what was derived from it. */
  async refresh(): Promise<void> {
    const loaded = this.maps.current;
    if (!loaded) return;
    const asked = ++this.asked;
    try {
      const lineage = await this.api.maps.lineage({ id: loaded.id });
      // Only the latest question for the map still open counts.
      if (asked === this.asked && this.maps.current === loaded) this.lineage = { ...lineage, mapId: loaded.id };
    } catch (e) {
      if (asked === this.asked) this.notes.error(e instanceof Error ? e.message : String(e));
    }
  }

  /** The child map derived from the ground under `tile` of the open map, if any. */
  childAt(tile: number): string | null {
    const lineage = this.lineage;
    if (!lineage || tile < 0 || lineage.mapId !== this.maps.current?.id) return null;
    return lineage.children.find((c) => c.tiles.includes(tile))?.id ?? null;
  }
}
