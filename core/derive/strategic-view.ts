/**
 * The strategic map as a derivation sees it (SPEC §7): an AL-FORM map whose every tile —
 * area and linear alike — sits at an integer position of one flat lattice (cartesian on
 * square, 120° axial on offset-square and the hex kinds), area tiles at (even, even). A
 * tile at position P gets its substitute centred on the small tile r·P + anchor, so the
 * patent's "translation = ratio × the neighbour offset" holds for every neighbour.
 *
 * - Flat kinds: the position is the AL-FORM grid's own coordinate, plus the map's
 *   `meta.derived.origin` ÷ 2 when the map was itself derived (its grandchildren then share
 *   one global lattice with their cousins). Wrapping maps wrap: `tileAt` is the grid's index.
 * - The globe (and only it) is not flat: it is seen through the fixed chart of the strip of
 *   the icosahedron net that owns the reference tile (./globe-charts.ts), never through an
 *   unfolding that depends on the reference, so tactical ground is a function of the place on
 *   the planet. `globe` gives the other charts: each small tile is derived on its owner's.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Grid } from '../grid/types.js';
import type { IndexXYGrid } from '../grid/capabilities.js';
import { requireIndexXY } from '../grid/capabilities.js';
import { TerrainMap } from '../map/terrain-map.js';
import { classicToAlform } from '../map/alform-transfer.js';
import type { SubstituteLattice } from '../map/meta.js';
import { substituteLattice } from './geometry/ratios.js';
import { GlobeCharts } from './globe-charts.js';

export interface StrategicView {
  /** The strategic map in AL-FORM (a classic parent is converted, losslessly). */
  readonly map: TerrainMap;
  readonly lattice: SubstituteLattice;
  /** Large-lattice position of an AL-FORM tile, or undefined where the globe unfolding did not reach it. */
  positionOf(tile: number): readonly [number, number] | undefined;
  /** The AL-FORM tile at a large-lattice position; −1 off the map (or outside the globe's unfolding). */
  tileAt(x: number, y: number): number;
  /** On the globe: every strip's chart, and which one this view is. */
  readonly globe?: { readonly charts: GlobeCharts; readonly chart: number };
}

/** Maps a tile index of the map as given (classic or AL-FORM) to the AL-FORM view's index. */
export interface ViewWithSelection {
  readonly view: StrategicView;
  /** The selection's tiles in the AL-FORM view (same order as given). */
  readonly tiles: readonly number[];
}

/**
 * Builds the view of `map` and converts a selection on it. `_reach` (large-lattice steps from
 * the reference) is kept for callers; the globe's charts cover the whole planet.
 */
export function strategicView(map: TerrainMap, selection: readonly number[], _reach: number): ViewWithSelection {
  const al = map.spec.alform ? map : classicToAlform(map);
  const tiles = map.spec.alform ? [...selection] : selection.map((t) => classicTileInAlform(map.grid, al.grid, t));
  const lattice = substituteLattice(map.spec.kind);
  if (map.spec.kind === 'icosahedron') return { view: globeView(al, lattice, tiles[0]!), tiles };
  const grid = al.grid;
  const origin = derivedOrigin(map);
  const ox = origin[0] / 2;
  const oy = origin[1] / 2;
  const system = map.spec.kind === 'hex-hexagon' ? 'axial120' : grid.coordSystem;
  const indexer: Pick<IndexXYGrid, 'indexXY'> =
    map.spec.kind === 'hex-hexagon'
      ? { indexXY: (x, y) => grid.fromSystem([x, y], 'axial120') }
      : requireIndexXY(grid, 'a flat strategic view');
  return {
    tiles,
    view: {
      map: al,
      lattice,
      positionOf(tile) {
        const c = system === grid.coordSystem ? grid.coord(tile) : grid.toSystem(tile, system);
        return [c[0]! + ox, c[1]! + oy];
      },
      tileAt(x, y) {
        return indexer.indexXY(x - ox, y - oy);
      },
    },
  };
}

/** A derived parent's global origin (multiples of 4, see window-cover.ts), or (0, 0). */
function derivedOrigin(map: TerrainMap): readonly [number, number] {
  // meta.derived is typed (and checked where it was read from a file), but a map built in
  // code may carry any origin; only a window-cover origin (multiples of 4) is used.
  const o = map.meta.derived?.origin;
  if (o && o.every((v) => Number.isInteger(v) && (v & 3) === 0)) return o;
  return [0, 0];
}

function classicTileInAlform(classic: Grid, al: Grid, tile: number): number {
  if (!Number.isInteger(tile) || tile < 0 || tile >= classic.tileCount) {
    throw new Error(`selected tile must be a tile index 0 … ${classic.tileCount - 1}, got ${tile}`);
  }
  return al.index(classic.coord(tile).map((v) => 2 * v));
}

/** The chart of the strip that owns `reference`, with all five charts at hand. */
function globeView(map: TerrainMap, lattice: SubstituteLattice, reference: number): StrategicView {
  if (!Number.isInteger(reference) || reference < 0 || reference >= map.grid.tileCount) {
    throw new Error(`reference tile must be a tile index 0 … ${map.grid.tileCount - 1}, got ${reference}`);
  }
  const charts = new GlobeCharts(map, lattice);
  const k = charts.stripOf(reference);
  const chart = charts.chart(k);
  return { map, lattice, positionOf: chart.positionOf, tileAt: chart.tileAt, globe: { charts, chart: k } };
}
