/**
 * Ground selection and derivation (SPEC §7): the strategic tiles a tactical map is derived
 * from — the ground of the one selection (selection.svelte.ts: rectangle, lasso, fill-select
 * or the ground tool's clicks), the reference first; the rules and their words are
 * core/map/ground-selection.ts's, said when the selection does not satisfy them — the "Derive tactical map"
 * dialog's ratio and seed, and the derivation itself — a job in the main process whose map
 * opens when it is done. The new map reaches the project list through `project.changed`.
 *
 * Renderer layer, no DOM.
 */
import { MAX_DERIVE_TILES } from '../../../../contract/contract.js';
import type { GridKind } from '../../../../core/grid/types.js';
import type { SelectionOp } from '../../../../core/map/region-select.js';
import { defaultDeriveRatio, groundProblem } from '../selection.js';
import { MapFeature, type MapFeatureStores } from './map-feature.js';
import type { LineageStore } from './lineage.svelte.js';
import { sizeLabel } from '../map-size.js';

export class GroundStore extends MapFeature {
  /** The selection's ground tiles, the reference first. */
  get selection(): readonly number[] {
    return this.sel.ground.tiles;
  }

  /** Why a derivation refuses the selection ("derive needs one connected area: the selection has 3 parts"), or null. */
  get problem(): string | null {
    const { tiles, problem } = this.sel.ground;
    if (problem === null && tiles.length > MAX_DERIVE_TILES) return `derive takes at most ${MAX_DERIVE_TILES.toLocaleString()} tiles and the selection has ${tiles.length.toLocaleString()}; derive the ground in parts`;
    return problem;
  }
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
      this.dialog = false;
      const kind = loaded?.map.spec.kind;
      if (kind && kind !== this.ratioKind) {
        this.ratioKind = kind;
        this.ratio = defaultDeriveRatio(kind);
      }
    });
  }

  /**
   * A click of the "Select ground" tool on `tile` (already through groundTileAt) into the one
   * selection: `replace` starts over with `tile` as the reference, `add` (shift) adds it,
   * `subtract` (alt) takes it out. A tile that cannot be ground is refused with the reason.
   */
  select(tile: number, op: SelectionOp): void {
    const loaded = this.maps.current;
    if (!loaded || tile < 0) return;
    const problem = op === 'subtract' ? null : groundProblem(loaded, tile);
    if (problem) this.notes.error(problem);
    else this.sel.apply([tile], op, tile);
  }

  /** A drag of the "Select ground" tool over `tile`: added (taken out with alt); linear tiles are passed over. */
  extend(tile: number, op: SelectionOp): void {
    const loaded = this.maps.current;
    if (loaded && tile >= 0 && groundProblem(loaded, tile) === null) this.sel.apply([tile], op === 'subtract' ? 'subtract' : 'add', tile);
  }

  clear(): void {
    this.sel.clear();
  }

  /** Opens the "Derive tactical map" dialog, or says what is missing. */
  openDialog(): void {
    if (!this.maps.current) return;
    if (this.sel.tiles.length === 0) {
      this.editing.setTool('select');
      this.notes.info('Select ground first: drag a rectangle (M), fill-select an area (W) or click area tiles (S); shift adds, alt subtracts.');
      return;
    }
    const problem = this.problem;
    if (problem) {
      this.notes.error(`Cannot derive: ${problem}.`);
      return;
    }
    this.dialog = true;
  }

  /** Derives a tactical map from the selection and opens it. Returns true if it opened. */
  async derive(ratio: number, seed: number): Promise<boolean> {
    const loaded = this.maps.current;
    const tiles = this.selection;
    if (!loaded || tiles.length === 0) return false;
    const problem = this.problem;
    if (problem !== null) {
      this.notes.error(`Cannot derive: ${problem}.`);
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
}
