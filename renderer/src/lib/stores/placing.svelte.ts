/**
 * Placing vector tiles by hand (issue 13, SPEC §6): the tile chosen to place (from the
 * library panel's `onplace(ref)`, or the "Fits here" list), every tile of the map where it
 * fits and in which placements (asked of the main process, `maps.fitting`: core's one fit
 * rule), the placement the designer turned it to (lib/placing.ts: only placements that fit
 * where the pointer is), and placing it (`maps.placeTile`, one undo step). Clicking a tile
 * where the chosen tile does not fit — or with nothing chosen — selects it and lists the
 * library tiles that fit there. The views draw the marks and the ghost from this state.
 *
 * Renderer layer, no DOM.
 */
import type { FitChoice } from '../../../../contract/contract.js';
import type { Services } from '../../../../contract/api.js';
import type { VectorTile } from '../../../../core/vector/types.js';
import { vectorTileFromJson } from '../../../../core/vector/json.js';
import { mirrorAmong, placementAt, placementLabel, rotateAmong } from '../placing.js';
import type { Notifications } from './notifications.svelte.js';
import type { OpenMapStore } from './open-map.svelte.js';
import type { EditingStore } from './editing.svelte.js';

/** A tile of a library, as the library panel names it. */
export interface TileRef {
  library: string;
  tile: string;
}

/** The app's own library (the services' name for it). */
export const USER_LIBRARY = 'user';

export interface ChosenTile {
  readonly ref: TileRef;
  readonly name: string;
  readonly geometry: VectorTile;
  /** Map tile → the placements (codes) in which the tile fits there; empty tiles only. */
  readonly places: ReadonlyMap<number, readonly number[]>;
}

export class PlacingStore {
  chosen = $state.raw<ChosenTile | null>(null);
  /** The placement the designer last turned to; shown wherever it fits. */
  preferred = $state(0);
  /** The map tile under the pointer (−1 off the map). */
  hover = $state(-1);
  /** The map tile whose fitting library tiles are listed ("Fits here"), or −1. */
  selected = $state(-1);
  fitsHere = $state.raw<FitChoice[]>([]);
  /** Ends of the hovered ghost with no partner across an edge (the neighbour's edge does not match; the view counts them). */
  ghostGaps = $state(0);
  fitsTotal = $state(0);
  /** Answers to older questions are dropped (the designer moved on). */
  private asked = 0;

  constructor(
    private readonly api: Services,
    private readonly notes: Notifications,
    private readonly maps: OpenMapStore,
    private readonly editing: EditingStore,
  ) {
    maps.switched.on(({ reason }) => {
      if (reason === 'reload') void this.refresh();
      else this.clear();
    });
    // Any edit (a tile placed, painted, undone) changes what fits where.
    maps.edited.on(() => void this.refresh());
  }

  /** The placement shown at `tile`: the preferred one if it fits there, else the first that does; null where the tile does not fit. */
  placementAt(tile: number): number | null {
    return placementAt(this.chosen?.places.get(tile), this.preferred);
  }

  /** What the status line says about the hovered tile. */
  get hint(): string {
    const c = this.chosen;
    if (!c) return '';
    const code = this.placementAt(this.hover);
    if (this.hover < 0) return `${c.name}: fits ${c.places.size} tile${c.places.size === 1 ? '' : 's'}`;
    if (code === null) return `${c.name} does not fit here`;
    const n = c.places.get(this.hover)!.length;
    const gaps = this.ghostGaps ? ` · ${this.ghostGaps} end${this.ghostGaps === 1 ? '' : 's'} with no partner across the edge` : '';
    return `${c.name} ${placementLabel(code)} · ${n} orientation${n === 1 ? '' : 's'} fit here${gaps}`;
  }

  /** Chooses a library tile to place; marks where it fits. */
  async choose(ref: TileRef, name?: string): Promise<boolean> {
    const loaded = this.maps.current;
    if (!loaded) return false;
    const ask = ++this.asked;
    return this.notes.run(
      null,
      async () => {
        const answer = await this.api.maps.fitting({ id: loaded.id, library: ref.library, vectorTile: ref.tile });
        if (answer.kind !== 'tile' || ask !== this.asked || this.maps.current !== loaded) return false;
        const geometry = vectorTileFromJson(answer.geometry, `tile "${ref.tile}"`, { skipValidation: true });
        const chosen: ChosenTile = { ref, name: name ?? geometry.name ?? ref.tile, geometry, places: new Map(answer.places.map((p) => [p.tile, p.placements])) };
        this.chosen = chosen;
        this.editing.setTool('place');
        if (chosen.places.size === 0) this.notes.info(`${chosen.name} fits nowhere on this map as it stands.`);
        return true;
      },
      false,
    );
  }

  /** The place tool's click: places the chosen tile where it fits; elsewhere (or with none chosen) lists what fits there. */
  async click(tile: number): Promise<void> {
    const c = this.chosen;
    const code = this.placementAt(tile);
    if (c && code !== null) await this.place(tile, code);
    else await this.select(tile);
  }

  /** Lists the library tiles that fit `tile`. */
  async select(tile: number): Promise<void> {
    const loaded = this.maps.current;
    if (!loaded) return;
    this.selected = tile;
    const ask = ++this.asked;
    await this.notes.run(null, async () => {
      const answer = await this.api.maps.fitting({ id: loaded.id, library: this.chosen?.ref.library ?? USER_LIBRARY, at: tile });
      if (answer.kind !== 'position' || ask !== this.asked || this.maps.current !== loaded) return;
      this.fitsHere = answer.fits;
      this.fitsTotal = answer.total;
    });
  }

  /** Z: the next placement that fits at the hovered tile. */
  rotate(): void {
    const allowed = this.chosen?.places.get(this.hover);
    const current = this.placementAt(this.hover);
    if (allowed && current !== null) this.preferred = rotateAmong(allowed, current);
  }

  /** X: the mirrored placement that fits at the hovered tile, if any does. */
  mirror(): void {
    const allowed = this.chosen?.places.get(this.hover);
    const current = this.placementAt(this.hover);
    if (!allowed || current === null) return;
    const next = mirrorAmong(allowed, current);
    if (next === null) this.notes.info(`No mirrored ${this.chosen!.name} fits here.`);
    else this.preferred = next;
  }

  /** Esc: drops the chosen tile and the "Fits here" list. */
  clear(): void {
    this.asked++;
    this.chosen = null;
    this.selected = -1;
    this.fitsHere = [];
    this.fitsTotal = 0;
  }

  private async place(tile: number, code: number): Promise<void> {
    const loaded = this.maps.current;
    const c = this.chosen;
    if (!loaded || !c) return;
    this.preferred = code;
    await this.editing.applyTo(loaded, () => this.api.maps.placeTile({ id: loaded.id, tile, library: c.ref.library, vectorTile: c.ref.tile, placement: code }));
  }

  /** Asks again where the chosen tile fits and what fits the selected tile (after an edit). */
  private async refresh(): Promise<void> {
    const c = this.chosen;
    const loaded = this.maps.current;
    if (!loaded) return;
    if (c) {
      const ask = ++this.asked;
      await this.notes.run(null, async () => {
        const answer = await this.api.maps.fitting({ id: loaded.id, library: c.ref.library, vectorTile: c.ref.tile });
        if (answer.kind !== 'tile' || ask !== this.asked || this.chosen !== c) return;
        this.chosen = { ...c, places: new Map(answer.places.map((p) => [p.tile, p.placements])) };
      });
    }
    if (this.selected >= 0) await this.select(this.selected);
  }
}
