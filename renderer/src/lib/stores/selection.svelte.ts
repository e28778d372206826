/**
 * The one selection (issue 30): what the rectangle (M), the lasso (Q), fill-select (W, the
 * magic wand) and the ground tool's clicks (S) all make, and what copy/cut, auto-assemble and
 * derive all take. Shift adds, alt subtracts, neither replaces — for every tool
 * (core/map/region-select.ts combineSelection; fill-select's rule is fillSelection there).
 *
 * A derivation reads the selection's ground with a reference tile first, and why the rules
 * refuse it (core/map/ground-selection.ts selectionGround): the reference is the tile the
 * ground tool last started on, else the first selected tile that may be one.
 *
 * Tile numbers belong to one map: the selection goes when another map opens, and stays when
 * the open map is only read again.
 *
 * Renderer layer, no DOM.
 */
import { combineSelection, fillSelection, type SelectionOp } from '../../../../core/map/region-select.js';
import { selectionGround, type SelectionGround } from '../../../../core/map/ground-selection.js';
import { formatCoord, type LoadedMap } from '../map-model.js';
import type { OpenMapStore } from './open-map.svelte.js';

const NONE = new Int32Array(0);

export class SelectionStore {
  /** Selected tiles, ascending. */
  tiles = $state.raw<Int32Array>(NONE);
  /** The reference tile a derivation starts from (−1: the first selected tile that may be one). */
  reference = $state(-1);
  private memo: { tiles: Int32Array; reference: number; map: LoadedMap; ground: SelectionGround } | null = null;

  constructor(private readonly maps: OpenMapStore) {
    maps.switched.on(({ reason }) => {
      if (reason !== 'reload') this.clear();
    });
  }

  /** `tiles` combined with the selection by `op`; `reference`: the tile a click started on. */
  apply(tiles: ArrayLike<number>, op: SelectionOp, reference = -1): void {
    const next = combineSelection(this.tiles, tiles, op);
    if (op !== 'replace' && sameTiles(next, this.tiles)) return;
    this.tiles = next;
    if (op === 'replace') this.reference = reference;
    else if (op === 'add' && this.reference < 0) this.reference = reference;
  }

  /** Fill-select at `tile`: the connected patch of its terrain (core fillSelection), by `op`. */
  fill(tile: number, op: SelectionOp): void {
    const loaded = this.maps.current;
    if (!loaded || tile < 0) return;
    this.apply(fillSelection(loaded.map, tile), op, tile);
  }

  /** Drops the selection; true if there was one. */
  clear(): boolean {
    this.reference = -1;
    if (this.tiles.length === 0) return false;
    this.tiles = NONE;
    return true;
  }

  /** The selection's ground, reference first, and why a derivation refuses it (null: it takes it). */
  get ground(): SelectionGround {
    const loaded = this.maps.current;
    const { tiles, reference } = this;
    if (!loaded) return { tiles: [], problem: null };
    const m = this.memo;
    if (m && m.tiles === tiles && m.reference === reference && m.map === loaded) return m.ground;
    const grid = loaded.map.grid;
    const ground = selectionGround(loaded.map, tiles, reference, (t) => formatCoord(grid.coordSystem, grid.coord(t)));
    this.memo = { tiles, reference, map: loaded, ground };
    return ground;
  }
}

function sameTiles(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}
