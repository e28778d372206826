/**
 * The lattice world generation works on: the AREA tiles of an AL-FORM grid, each with its area
 * neighbours in the grid's cyclic direction order and the LINEAR tile between (the hexside a
 * river may run on), plus every tile's position in WORLD space. Classic maps are generated on
 * their AL-FORM image (core/map/alform-transfer.ts reads them back), so this is the only
 * lattice the stages need.
 *
 * World positions make generation resolution-stable: flat maps are scaled so the longer side
 * of the area tiles' bounding box is 1 (a 40×30 and an 80×60 map cover the same world, the
 * larger one in finer tiles); the globe uses the unit sphere, so noise has no seams and no
 * pole pinching. `tileWorld` is one area step in world units (border noise is sized in tiles).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Grid } from '../grid/types.js';
import { tileClasses } from '../alform/tile-classes.js';

export interface AreaLattice {
  readonly grid: Grid;
  /** Grid tile of each area index. */
  readonly tiles: Int32Array;
  /** Area index of each grid tile, −1 for linear tiles. */
  readonly areaOf: Int32Array;
  /** Slots per area tile (6 or 8). */
  readonly slots: number;
  /** Area neighbour per slot (area index, −1 none), in the grid's cyclic direction order. */
  readonly nbr: Int32Array;
  /** Linear grid tile between the area tile and that neighbour, −1 none. */
  readonly link: Int32Array;
  /** Per slot: the slot of this tile among that neighbour's slots (−1 none). */
  readonly back: Int8Array;
  /** Number of slots the tile really has (5 on globe pentagons). */
  readonly degree: Uint8Array;
  /** 1 where an area tile touches the map's edge (a slot leads off the map). */
  readonly border: Uint8Array;
  /** World position of every GRID tile, 3 floats a tile (z = 0 on flat maps). */
  readonly world: Float64Array;
  /** One area step in world units. */
  readonly tileWorld: number;
  /** Whether the world is the unit sphere (the globe). */
  readonly sphere: boolean;
  /** Tile classes of the grid (0 = area). */
  readonly classes: Uint8Array;
}

/** Builds the lattice of an AL-FORM grid. */
export function areaLattice(grid: Grid): AreaLattice {
  const classes = tileClasses(grid);
  const n = grid.tileCount;
  const areaOf = new Int32Array(n).fill(-1);
  let count = 0;
  for (let t = 0; t < n; t++) if (classes[t] === 0) areaOf[t] = count++;
  const tiles = new Int32Array(count);
  for (let t = 0; t < n; t++) if (classes[t] === 0) tiles[areaOf[t]!] = t;
  const slots = grid.directions;
  const nbr = new Int32Array(count * slots).fill(-1);
  const link = new Int32Array(count * slots).fill(-1);
  const degree = new Uint8Array(count);
  const border = new Uint8Array(count);
  const out = new Int32Array(8);
  for (let a = 0; a < count; a++) {
    const t = tiles[a]!;
    const d = grid.neighbors(t, out);
    degree[a] = d;
    for (let k = 0; k < d; k++) {
      const l = out[k]!;
      if (l < 0) {
        border[a] = 1;
        continue;
      }
      const b = otherArea(grid, classes, l, t, k);
      if (b < 0) border[a] = 1;
      else {
        nbr[a * slots + k] = areaOf[b]!;
        link[a * slots + k] = l;
      }
    }
  }
  const back = new Int8Array(count * slots).fill(-1);
  for (let a = 0; a < count; a++) {
    for (let k = 0; k < slots; k++) {
      const b = nbr[a * slots + k]!;
      if (b < 0) continue;
      for (let j = 0; j < slots; j++) if (nbr[b * slots + j] === a) back[a * slots + k] = j;
    }
  }
  const { world, tileWorld, sphere } = worldPositions(grid, tiles);
  return { grid, tiles, areaOf, slots, nbr, link, back, degree, border, world, tileWorld, sphere, classes };
}

const SCRATCH = new Int32Array(8);

/**
 * The area tile across linear tile `l` from area tile `from` (reached in direction `k`): the
 * other of its two area neighbours, or on a square VERTEX (four) the one straight on.
 */
function otherArea(grid: Grid, classes: Uint8Array, l: number, from: number, k: number): number {
  const out = SCRATCH;
  const d = grid.neighbors(l, out);
  let found = -1;
  let areas = 0;
  for (let j = 0; j < d; j++) {
    const m = out[j]!;
    if (m >= 0 && classes[m] === 0) {
      areas++;
      if (m !== from) found = m;
    }
  }
  if (areas === 2) return found;
  const straight = grid.neighbor(l, k);
  return straight >= 0 && classes[straight] === 0 ? straight : -1;
}

function worldPositions(grid: Grid, tiles: Int32Array): { world: Float64Array; tileWorld: number; sphere: boolean } {
  const n = grid.tileCount;
  const world = new Float64Array(n * 3);
  if (grid.modelDimensions === 3) {
    for (let t = 0; t < n; t++) {
      const c = grid.center(t);
      const r = Math.hypot(c[0]!, c[1]!, c[2] ?? 0);
      world[t * 3] = c[0]! / r;
      world[t * 3 + 1] = c[1]! / r;
      world[t * 3 + 2] = (c[2] ?? 0) / r;
    }
    // Area tiles are two grid spacings apart on the AL-FORM globe.
    return { world, tileWorld: 2 * grid.spacing(), sphere: true };
  }
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const t of tiles) {
    const c = grid.center(t);
    minX = Math.min(minX, c[0]!);
    maxX = Math.max(maxX, c[0]!);
    minY = Math.min(minY, c[1]!);
    maxY = Math.max(maxY, c[1]!);
  }
  const span = Math.max(maxX - minX, maxY - minY, 1e-9);
  for (let t = 0; t < n; t++) {
    const c = grid.center(t);
    world[t * 3] = (c[0]! - minX) / span;
    world[t * 3 + 1] = (c[1]! - minY) / span;
  }
  return { world, tileWorld: (2 * grid.spacing()) / span, sphere: false };
}

/** The slot of `b` among `a`'s neighbours, −1 if not adjacent. */
export function slotOf(lat: AreaLattice, a: number, b: number): number {
  // Usually b is a neighbour whose back slot is known; fall back to a search.
  for (let k = 0; k < lat.slots; k++) if (lat.nbr[a * lat.slots + k] === b) return k;
  return -1;
}
