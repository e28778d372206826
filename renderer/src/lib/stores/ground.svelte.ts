/**
 * Ground selection and derivation (SPEC §7): the strategic tiles a tactical map is derived
 * from (the reference first; the rules are lib/selection.ts's), the "Derive tactical map"
 * dialog's ratio and seed, and the derivation itself — a job in the main process whose map
 * opens when it is done. The new map reaches the project list through `project.changed`.
 *
 * Renderer layer, no DOM.
 */
import { MAX_DERIVE_TILES } from '../../../../contract/contract.js';
import type { GridKind } from '../../../../core/grid/types.js';
import { defaultDeriveRatio, selectionClick, selectionExtend, selectionProblem } from '../selection.js';
import { MapFeature, type MapFeatureStores } from './map-feature.js';
import type { LineageStore } from './lineage.svelte.js';
import { sizeLabel } from '../map-size.js';

export class GroundStore extends MapFeature {
  /** Tile indices, the reference first. */
  selection = $state.raw<readonly number[]>([]);
  /** The "Derive tactical map" dialog is open. */
  dialog = $state(false);
  /** The dialog's scale ratio; reset to the kind's default when a map of another kind opens. */
  ratio = $state(12);
  seed = $state(0);
  private ratioKind: GridKind | null = null;

  constructor(
    stores: MapFeatureStores,
    private readonly lineage: LineageStore,
  ) {
    super(stores);
    // Loading the same map again (after undoing a re-derivation) keeps its tiles: the selection holds.
    this.onMapSwitch((loaded) => {
      this.selection = [];
      this.dialog = false;
      const kind = loaded?.map.spec.kind;
      if (kind && kind !== this.ratioKind) {
        this.ratioKind = kind;
        this.ratio = defaultDeriveRatio(kind);
      }
    });
  }

  /** A click of the "Select ground" tool on `tile` (already through groundTileAt); `add`: shift held. */
  select(tile: number, add: boolean): void {
    const loaded = this.maps.current;
    if (!loaded) return;
    const step = selectionClick(loaded, this.selection, tile, add);
    if (step.message) this.notes.error(step.message);
    else this.set(step.tiles);
  }

  /** A drag of the "Select ground" tool over `tile`: added when it adjoins the selection. */
  extend(tile: number): void {
    const loaded = this.maps.current;
    if (loaded) this.set(selectionExtend(loaded, this.selection, tile));
  }

  clear(): void {
    if (this.selection.length) this.selection = [];
  }

  /** Opens the "Derive tactical map" dialog, or says what is missing. */
  openDialog(): void {
    if (!this.maps.current) return;
    if (this.selection.length === 0) {
      this.editing.setTool('select');
      this.notes.info('Select ground first: click an area tile, shift-click or drag to add adjoining tiles.');
      return;
    }
    this.dialog = true;
  }

  /** Derives a tactical map from the selection and opens it. Returns true if it opened. */
  async derive(ratio: number, seed: number): Promise<boolean> {
    const loaded = this.maps.current;
    const tiles = this.selection;
    if (!loaded || tiles.length === 0) return false;
    const problem = selectionProblem(loaded, tiles);
    if (problem !== null) {
      this.notes.error(problem);
      return false;
    }
    this.ratio = ratio;
    this.seed = seed;
    return this.deriveFrom(loaded.id, [...tiles], ratio, seed);
  }

  /** Derives a child map again after its parent changed (the same selection, ratio and seed: the same map, updated). */
  async rederive(childId: string): Promise<boolean> {
    const loaded = this.maps.current;
    const child = this.lineage.lineage?.children.find((c) => c.id === childId);
    const summary = this.project.project?.maps.find((m) => m.id === childId);
    if (!loaded || !child || !summary?.derived) return false;
    return this.deriveFrom(loaded.id, child.tiles, summary.derived.ratio, summary.derived.seed);
  }

  private async deriveFrom(id: string, tiles: number[], ratio: number, seed: number): Promise<boolean> {
    return this.notes.run(
      'Deriving tactical map',
      async () => {
        const result = await this.api.maps.derive({ id, tiles, ratio, seed });
        const { summary: s } = this.maps.open(result.map);
        this.notes.info(`${result.cached ? 'Opened the derived map' : 'Derived'} ${s.name}: ${s.kind} ${sizeLabel(s)}, ${s.tileCount.toLocaleString()} tiles`);
        return true;
      },
      false,
    );
  }

  private set(tiles: readonly number[]): void {
    if (tiles === this.selection) return;
    if (tiles.length > MAX_DERIVE_TILES) {
      this.notes.error(`A derivation takes at most ${MAX_DERIVE_TILES.toLocaleString()} tiles; derive the ground in parts.`);
      return;
    }
    this.selection = tiles;
  }
}
