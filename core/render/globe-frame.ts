/**
 * What the globe geometry builders need to know about an icosahedron grid (SPEC §2, §5),
 * computed once per grid and cached (grids are immutable): the neighbour table (6 per tile,
 * −1 after a pentagon's five) and the AL-FORM class of every tile. Asking the grid for
 * neighbours costs ~150 ns a call; a 1 M-tile globe needs several million lookups per build.
 *
 * Corners: a globe tile's corner between neighbours p and q is the normalised centroid of the
 * three centres (the grid's own `corners` rule). `globeCorner` sums the three centres in
 * ascending index order, so the three tiles sharing a corner compute the same bits and the
 * polygons of neighbouring tiles meet exactly.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Grid } from '../grid/types.js';
import type { GlobeGrid } from '../grid/capabilities.js';
import { isGlobeGrid } from '../grid/capabilities.js';
import { IcosaLattice } from '../grid/icosahedron/lattice.js';
import { TileClass } from '../alform/classify.js';

export interface GlobeFrame {
  readonly grid: GlobeGrid;
  readonly tileCount: number;
  /** Unit-sphere centres, xyz per tile (the grid's own array: read only). */
  readonly centers: Float64Array;
  /** Neighbours, 6 per tile in direction order; −1 in a pentagon's sixth slot. */
  readonly neighbours: Int32Array;
  /** Mean distance between adjoining centres on the unit sphere (`grid.spacing()`). */
  readonly spacing: number;
}

const frames = new WeakMap<Grid, GlobeFrame>();
const classCache = new WeakMap<Grid, Uint8Array>();

export function globeFrame(grid: Grid): GlobeFrame {
  if (!isGlobeGrid(grid)) throw new Error(`globe geometry needs an icosahedron grid, got ${grid.kind}`);
  let frame = frames.get(grid);
  if (frame) return frame;
  const n = grid.tileCount;
  const neighbours = new Int32Array(6 * n);
  const scratch = new Int32Array(6);
  for (let i = 0; i < n; i++) {
    const deg = grid.neighbors(i, scratch);
    neighbours.set(scratch, 6 * i);
    if (deg === 5) neighbours[6 * i + 5] = -1;
  }
  frame = { grid, tileCount: n, centers: grid.centers(), neighbours, spacing: grid.spacing() };
  frames.set(grid, frame);
  return frame;
}

/**
 * AL-FORM class codes of an AL-FORM globe's tiles (the codes of core/alform/classify.ts),
 * cached per grid. Read straight off the strip lattice — the rule of the grid's
 * `linearAxis`: area tiles have both strip coordinates even; a linear tile is X-, Y- or
 * Z-AXIS as both, only β, or only α is odd — without a coordinate array per tile.
 */
export function globeClasses(grid: Grid): Uint8Array {
  if (!isGlobeGrid(grid)) throw new Error(`globe classes need an icosahedron grid, got ${grid.kind}`);
  let cls = classCache.get(grid);
  if (!cls) {
    if (grid.n % 2 !== 0) throw new Error(`AL-FORM globe geometry needs an odd side L (SPEC §3), got L = ${grid.n - 1}`);
    const lattice = new IcosaLattice(grid.n);
    cls = new Uint8Array(grid.tileCount);
    for (let i = 0; i < cls.length; i++) {
      lattice.decode(i);
      const oddA = lattice.a & 1;
      const oddB = lattice.b & 1;
      if (oddA | oddB) cls[i] = oddA && oddB ? TileClass.X_AXIS : oddB ? TileClass.Y_AXIS : TileClass.Z_AXIS;
    }
    classCache.set(grid, cls);
  }
  return cls;
}

/** Normalised centroid of three tile centres, summed in ascending index order; written at out[o…o+2] (unit sphere). */
export function globeCorner(c: Float64Array, i: number, j: number, k: number, out: Float64Array, o: number): void {
  let a = i;
  let b = j;
  let d = k;
  if (a > b) [a, b] = [b, a];
  if (b > d) [b, d] = [d, b];
  if (a > b) [a, b] = [b, a];
  const x = c[3 * a]! + c[3 * b]! + c[3 * d]!;
  const y = c[3 * a + 1]! + c[3 * b + 1]! + c[3 * d + 1]!;
  const z = c[3 * a + 2]! + c[3 * b + 2]! + c[3 * d + 2]!;
  const m = 1 / Math.sqrt(x * x + y * y + z * z);
  out[o] = x * m;
  out[o + 1] = y * m;
  out[o + 2] = z * m;
}

/**
 * The tile beyond the corner shared by `a`'s neighbours p and q: their common neighbour other
 * than `a` (p's neighbour next to q, on the side away from `a`). −1 if there is none.
 */
export function thirdAtCorner(nb: Int32Array, a: number, p: number, q: number): number {
  const base = 6 * p;
  const deg = nb[base + 5]! < 0 ? 5 : 6;
  for (let k = 0; k < deg; k++) {
    if (nb[base + k] !== q) continue;
    const before = nb[base + ((k + deg - 1) % deg)]!;
    const after = nb[base + ((k + 1) % deg)]!;
    return before === a ? after : before;
  }
  return -1;
}

/** Layer radii (A, B, C, D) for a globe drawn at `size` (SPEC §5: A inside B inside C inside D). */
export function defaultGlobeRadii(spacing: number, size: number): [number, number, number, number] {
  // A step of 1/20 of a tile keeps the layers apart for the depth buffer without visible
  // parallax between them on a dense globe; 0.002 caps it on coarse ones.
  const step = Math.min(0.002, spacing / 20);
  return [size, size * (1 + step), size * (1 + 2 * step), size * (1 + 3 * step)];
}
