/**
 * Movement and sight analysis (SPEC §4): the MOVEMENT-MODE and the tools' parameters, the
 * first click of a two-click tool, and the last answer, drawn over the map until the map
 * changes (results drawn over old terrain no longer hold).
 *
 * Renderer layer, no DOM.
 */
import type { Services } from '../../../../contract/api.js';
import type { TerrainCatalogue } from '../../../../core/terrain/types.js';
import type { ToolId } from '../tools.js';
import type { Notifications } from './notifications.svelte.js';
import type { OpenMapStore } from './open-map.svelte.js';
import { gridRadius } from '../../../../core/map/tile-counts.js';
import type { EditingStore } from './editing.svelte.js';

export type AnalysisResult =
  | { kind: 'path'; from: number; to: number; cost: number | null; tiles: Int32Array; reason?: string }
  | { kind: 'reach'; from: number; budget: number; tiles: Int32Array; costs: Float64Array }
  | { kind: 'los'; from: number; to: number; visible: boolean; blockedAt: number }
  | { kind: 'fov'; from: number; radius: number; tiles: Int32Array };

export class AnalysisStore {
  mode = $state('foot');
  reachBudget = $state(12);
  /** Field-of-vision radius in area tiles (hexes on a hex map). */
  fovRadius = $state(8);
  observerHeight = $state(2);
  /** Line of sight and field of vision ray-cast on the map's raster (flat maps) instead of tile to tile. */
  rayCast = $state(false);
  /** First click of a two-click tool (path, line of sight). */
  pending = $state<number | null>(null);
  result = $state.raw<AnalysisResult | null>(null);

  constructor(
    private readonly api: Services,
    private readonly notes: Notifications,
    private readonly maps: OpenMapStore,
    editing: EditingStore,
  ) {
    maps.switched.on(() => this.clear());
    maps.edited.on(() => (this.result = null));
    editing.toolChanged.on(() => (this.pending = null));
  }

  /** Keeps the mode when the catalogue has it, else takes the catalogue's first. */
  useModesOf(catalogue: TerrainCatalogue): void {
    const first = catalogue.modes[0];
    if (first && !catalogue.modes.some((m) => m.id === this.mode)) this.mode = first.id;
  }

  /** A click of analysis tool `tool` on `tile`. Two-click tools remember the first click. */
  async analyse(tool: ToolId, tile: number): Promise<void> {
    const loaded = this.maps.current;
    if (!loaded) return;
    const id = loaded.id;
    const mode = this.mode;
    const observerHeight = this.observerHeight;
    const rayCast = this.rayCast || undefined;
    switch (tool) {
      case 'path':
      case 'los': {
        if (this.pending === null) {
          this.pending = tile;
          this.result = null;
          return;
        }
        const from = this.pending;
        this.pending = null;
        if (tool === 'path') {
          await this.notes.run('Finding path', async () => {
            const r = await this.api.analysis.path({ id, mode, from, to: tile });
            this.result = r.cost === null
              ? { kind: 'path', from, to: tile, cost: null, tiles: new Int32Array(0), reason: r.reason }
              : { kind: 'path', from, to: tile, cost: r.cost, tiles: Int32Array.from(r.tiles) };
          });
        } else {
          await this.notes.run('Line of sight', async () => {
            const r = await this.api.analysis.los({ id, from, to: tile, observerHeight, rayCast });
            this.result = { kind: 'los', from, to: tile, visible: r.visible, blockedAt: r.blockedAt };
          });
        }
        return;
      }
      case 'reach': {
        const budget = this.reachBudget;
        await this.notes.run('Reach', async () => {
          const r = await this.api.analysis.reach({ id, mode, from: tile, budget });
          this.result = { kind: 'reach', from: tile, budget, tiles: Int32Array.from(r.tiles), costs: Float64Array.from(r.costs) };
        });
        return;
      }
      case 'fov': {
        // The radius is in area tiles (hexes), as designers count; the service takes grid steps (core/map/tile-counts.ts).
        const radius = this.fovRadius;
        await this.notes.run('Field of vision', async () => {
          const r = await this.api.analysis.fov({ id, from: tile, radius: gridRadius(loaded.map.spec.alform, radius), observerHeight, rayCast });
          this.result = { kind: 'fov', from: tile, radius, tiles: Int32Array.from(r.tiles) };
        });
        return;
      }
      default:
        return;
    }
  }

  /** Asks the shown result's question again (the catalogue changed: costs and sight may differ). */
  async rerun(): Promise<void> {
    const r = this.result;
    if (!r || !this.maps.current) return;
    if (r.kind === 'path' || r.kind === 'los') {
      this.pending = r.from;
      await this.analyse(r.kind, r.to);
    } else {
      await this.analyse(r.kind, r.from);
    }
  }

  clear(): void {
    this.result = null;
    this.pending = null;
  }
}
