/**
 * "Auto-assemble" (issue 13, SPEC §6 automatic assembly): the region — exactly the area tiles
 * of the one selection (selection.svelte.ts: rectangle, lasso, fill-select, ground clicks; the
 * linear tiles a rectangle brings along are the assembly's own business), or the whole map
 * when nothing is selected — the dialog's seed, the
 * terrains whose network must be connected, tile weights and the mode (core/assemble
 * modes.ts), and the assembly itself: a job in the main process (`maps.assemble`; its
 * progress and Cancel are the jobs panel's) that lands as one undo step. When no assembly
 * exists, the conflicting region the solver found (core/assemble explain.ts) is kept here for
 * the views to outline, and said in one message with its tiles' coordinates. Painted tiles no
 * library tile honours (the painting is the constraint, core/assemble painted.ts) come back
 * before anything is solved: outlined too, and listed in the dialog, which opens again.
 *
 * Renderer layer, no DOM.
 */
import type { FitChoice } from '../../../../contract/contract.js';
import type { AssemblyModeName } from '../../../../core/assemble/modes.js';
import { MapFeature, type MapFeatureStores } from './map-feature.js';

/** Coordinates of the conflict named in the message; the rest are counted. */
const NAMED_TILES = 8;
/** Painted tiles the dialog lists with their reason; the rest are counted ("and N more"). */
export const LISTED_REFUSALS = 5;

export interface AssembleConflict {
  readonly region: readonly number[];
  readonly message: string;
  /** Painted tiles no library tile honours: the first few with where and why, and how many more. */
  readonly refused?: { readonly shown: readonly { readonly at: string; readonly reason: string }[]; readonly more: number };
}

export class AssembleStore extends MapFeature {
  dialog = $state(false);
  seed = $state(0);
  /** Terrains whose network must be one piece (linear terrains of the catalogue). */
  connected = $state.raw<string[]>([]);
  mode = $state<AssemblyModeName>('classic');
  /** Only what is painted: no river, road or village the painting does not show (core/assemble painted.ts `strict`). */
  strict = $state(false);
  /** Relative weight per library tile (1 when absent). */
  weights = $state.raw<Record<string, number>>({});
  /** The library tiles this map's tiles take, for the weights. */
  tiles = $state.raw<FitChoice[]>([]);
  running = $state(false);
  conflict = $state.raw<AssembleConflict | null>(null);

  constructor(stores: MapFeatureStores) {
    super(stores);
    this.onMapSwitch(() => {
      this.dialog = false;
      this.conflict = null;
      this.tiles = [];
    });
    this.maps.edited.on(() => {
      if (this.conflict) this.conflict = null;
    });
  }

  /** Where the assembly goes: the selection's area tiles (none when it holds only linear tiles), or every tile when nothing is selected. */
  get region(): readonly number[] | null {
    return this.sel.tiles.length ? this.sel.ground.tiles : null;
  }

  /** The linear terrains of the catalogue: what may be required to connect. */
  get networkTerrains(): { id: string; name: string }[] {
    return (this.project.catalogue?.terrains ?? []).filter((t) => t.class === 'linear').map((t) => ({ id: t.id, name: t.name }));
  }

  /** Opens the dialog, with the library tiles the map takes for the weights. */
  async openDialog(): Promise<void> {
    const loaded = this.maps.current;
    if (!loaded) return;
    this.dialog = true;
    await this.notes.run(null, async () => {
      const answer = await this.api.maps.fitting({ id: loaded.id, limit: 10_000 });
      if (answer.kind === 'library' && this.maps.current === loaded) this.tiles = answer.fits;
    });
  }

  setWeight(tile: string, weight: number): void {
    this.weights = { ...this.weights, [tile]: weight };
  }

  toggleConnected(terrain: string): void {
    this.connected = this.connected.includes(terrain) ? this.connected.filter((t) => t !== terrain) : [...this.connected, terrain];
  }

  /** Runs the assembly; true when it was stored. */
  async run(): Promise<boolean> {
    const loaded = this.maps.current;
    if (!loaded || this.running) return false;
    const region = this.region;
    if (region && region.length === 0) {
      this.notes.error('Cannot assemble the selection: it holds no area tile, only rivers, roads and other linear tiles; select hexes too.');
      return false;
    }
    const weights = Object.entries(this.weights)
      .filter(([, w]) => w !== 1)
      .map(([vectorTile, weight]) => ({ vectorTile, weight }));
    this.dialog = false;
    this.running = true;
    this.conflict = null;
    try {
      return await this.notes.run(
        null,
        async () => {
          const r = await this.api.maps.assemble({
            id: loaded.id,
            seed: this.seed,
            mode: this.mode,
            ...(region ? { tiles: [...region] } : {}),
            ...(this.connected.length ? { connected: this.connected } : {}),
            ...(weights.length ? { weights } : {}),
            ...(this.strict ? { strict: true } : {}),
          });
          if (this.maps.current !== loaded) return false;
          if (!r.ok && r.reason === 'painting') {
            const shown = r.refused.slice(0, LISTED_REFUSALS).map((c) => ({ at: loaded.map.grid.coord(c.tile).join(','), reason: c.reason }));
            const more = r.refused.length - shown.length;
            const message = `Cannot assemble ${region ? 'the selected ground' : 'this map'}: ${r.message} (${shown.map((c) => `${c.at}: ${c.reason}`).join('; ')}${more ? `; and ${more} more` : ''}). They are outlined in red; repaint them or add tiles that depict their painting.`;
            this.conflict = { region: r.region, message, refused: { shown, more } };
            this.notes.error(message);
            this.dialog = true;
            return false;
          }
          if (!r.ok) {
            const coords = r.region.slice(0, NAMED_TILES).map((t) => loaded.map.grid.coord(t).join(','));
            const more = r.region.length > NAMED_TILES ? ` and ${r.region.length - NAMED_TILES} more` : '';
            const message = `Cannot assemble ${region ? 'the selected ground' : 'this map'}: ${r.message}. The conflict lies in tile${r.region.length === 1 ? '' : 's'} ${coords.join(' · ')}${more}, outlined in red. Try another seed, fewer connected terrains, or clear tiles there.`;
            this.conflict = { region: r.region, message };
            this.notes.error(message);
            return false;
          }
          const stored = await this.editing.applyTo(loaded, async () => r.edit);
          if (stored) this.notes.info(`Assembled ${r.tiles.toLocaleString()} tile${r.tiles === 1 ? '' : 's'} (seed ${this.seed}). Undo takes the whole assembly back.`);
          return stored;
        },
        false,
      );
    } finally {
      this.running = false;
    }
  }
}
