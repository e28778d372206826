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
 * - The globe (and only it) is not flat: around a hexagonal reference tile it is unfolded
 *   into the plane by walking outwards from the reference through hexagons, carrying the
 *   direction frame across each step (neighbour lists run clockwise seen from outside, like
 *   the flat directions). Pentagons are placed but never walked through (their five
 *   neighbours do not fit a hex lattice), and the first placement of a tile wins, so the
 *   unfolding is one-to-one. Positions are relative to the reference.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Grid, IndexXYGrid } from '../grid/types.js';
import { requireIndexXY } from '../grid/types.js';
import { AXIAL120_DIRECTIONS } from '../grid/hex/axial.js';
import { TerrainMap } from '../map/terrain-map.js';
import { classicToAlform } from '../alform/transfer.js';
import type { SubstituteLattice } from './geometry/ratios.js';
import { substituteLattice } from './geometry/ratios.js';

export interface StrategicView {
  /** The strategic map in AL-FORM (a classic parent is converted, losslessly). */
  readonly map: TerrainMap;
  readonly lattice: SubstituteLattice;
  /** Large-lattice position of an AL-FORM tile, or undefined where the globe unfolding did not reach it. */
  positionOf(tile: number): readonly [number, number] | undefined;
  /** The AL-FORM tile at a large-lattice position; −1 off the map (or outside the globe's unfolding). */
  tileAt(x: number, y: number): number;
}

/** Maps a tile index of the map as given (classic or AL-FORM) to the AL-FORM view's index. */
export interface ViewWithSelection {
  readonly view: StrategicView;
  /** The selection's tiles in the AL-FORM view (same order as given). */
  readonly tiles: readonly number[];
}

/**
 * Builds the view of `map` and converts a selection on it. `reach` bounds the globe's
 * unfolding (large-lattice steps from the reference); flat maps ignore it.
 */
export function strategicView(map: TerrainMap, selection: readonly number[], reach: number): ViewWithSelection {
  const al = map.spec.alform ? map : classicToAlform(map);
  const tiles = map.spec.alform ? [...selection] : selection.map((t) => classicTileInAlform(map.grid, al.grid, t));
  const lattice = substituteLattice(map.spec.kind);
  if (map.spec.kind === 'icosahedron') return { view: unfoldGlobe(al, lattice, tiles[0]!, reach), tiles };
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

/** Breadth-first unfolding of an AL-FORM globe around `reference` (see the header). */
function unfoldGlobe(map: TerrainMap, lattice: SubstituteLattice, reference: number, reach: number): StrategicView {
  const grid = map.grid;
  if (!Number.isInteger(reference) || reference < 0 || reference >= grid.tileCount) {
    throw new Error(`reference tile must be a tile index 0 … ${grid.tileCount - 1}, got ${reference}`);
  }
  const px = new Int32Array(grid.tileCount);
  const py = new Int32Array(grid.tileCount);
  /** Flat direction of neighbour slot 0, per placed tile; −1 = not placed. */
  const frame = new Int8Array(grid.tileCount).fill(-1);
  const byPosition = new Map<number, number>();
  const key = (x: number, y: number): number => (x + 0x8000) * 0x10000 + (y + 0x8000);
  const limit = Math.min(reach, 0x7000);
  const nb = new Int32Array(6);
  const back = new Int32Array(6);
  frame[reference] = 0;
  byPosition.set(key(0, 0), reference);
  const queue = [reference];
  for (let head = 0; head < queue.length; head++) {
    const t = queue[head]!;
    const deg = grid.neighbors(t, nb);
    if (deg !== 6) continue; // a pentagon: placed, never walked through
    for (let i = 0; i < 6; i++) {
      const u = nb[i]!;
      if (frame[u]! >= 0) continue;
      const d = (frame[t]! + i) % 6;
      const x = px[t]! + AXIAL120_DIRECTIONS[d]![0];
      const y = py[t]! + AXIAL120_DIRECTIONS[d]![1];
      if (Math.max(Math.abs(x), Math.abs(y), Math.abs(x - y)) > limit) continue;
      const k = key(x, y);
      if (byPosition.has(k)) continue;
      // u sees t in the opposite direction: its slot m pointing back at t is flat direction d + 3.
      const du = grid.neighbors(u, back);
      let m = 0;
      while (m < du && back[m] !== t) m++;
      frame[u] = (((d + 3 - m) % 6) + 6) % 6;
      px[u] = x;
      py[u] = y;
      byPosition.set(k, u);
      queue.push(u);
    }
  }
  return {
    map,
    lattice,
    positionOf(tile) {
      return frame[tile]! >= 0 ? [px[tile]!, py[tile]!] : undefined;
    },
    tileAt(x, y) {
      return byPosition.get(key(x, y)) ?? -1;
    },
  };
}
