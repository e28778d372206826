/**
 * Which small tiles make up a substitute map, and where a neighbour's substitute goes
 * (SPEC §7; patent "The dimensions of the smaller-scale substitutes are then defined as the
 * scale ratio plus one"). Everything is in the small grid's preferred coordinates (cartesian
 * on square, 120° axial on offset-square and hex) as offsets from the large tile's centre,
 * which sits on the small tile `anchor(kind, r)`; a small tile's class is the AREA-EVEN class
 * of anchor + offset (any anchor congruent mod 2 gives the same classes).
 *
 * Shape = the small tiles whose centres lie in the closed large tile (spacing r small tiles):
 * - square: |dx| ≤ r/2, |dy| ≤ r/2 — an (r+1)×(r+1) AL-FORM square.
 * - offset-square: |dx| ≤ r/2 and |2dy − dx| ≤ r (unit centre (dx, dy − dx/2)): r+1 columns,
 *   r+1 tiles in columns of the anchor's parity and r in the half-offset ones.
 * - hex: the large flat-top hexagon's six edge normals are the small grid's six directions
 *   with apothem r/2, so in cube (a, b, c): max(|a − b|, |b − c|, |c − a|) ≤ r. The three
 *   axes through the centre each cross r+1 tiles; the corners are cube ±k(2,−1,−1)… , k = r/3.
 *
 * Offsets are returned interleaved [dx0, dy0, dx1, dy1, …], sorted by dx then dy, so a
 * substitute's terrain is one typed array in this order.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { GridKind } from '../../grid/types.js';
import { AXIAL120_DIRECTIONS } from '../../grid/hex/axial.js';
import { SQUARE_DIRECTIONS } from '../../grid/square/square-grid.js';
import type { TileClassCode } from '../../alform/classify.js';
import { TileClass } from '../../alform/classify.js';
import type { SubstituteLattice } from '../../map/meta.js';
import { checkRatio, substituteLattice } from './ratios.js';

/** Small-grid coordinate of the large tile's centre (the parity representative, see ratios.ts). */
export function anchor(kind: GridKind, ratio: number): [number, number] {
  checkRatio(kind, ratio);
  switch (substituteLattice(kind)) {
    case 'square': {
      const p = (ratio / 2) & 1;
      return [p, p];
    }
    case 'offset-square':
      return [0, (ratio / 4) & 1];
    case 'hex':
      return [0, 0];
  }
}

function inShape(lattice: SubstituteLattice, r: number, dx: number, dy: number): boolean {
  const h = r / 2;
  switch (lattice) {
    case 'square':
      return Math.abs(dx) <= h && Math.abs(dy) <= h;
    case 'offset-square':
      return Math.abs(dx) <= h && Math.abs(2 * dy - dx) <= r;
    case 'hex':
      // cube (dx, dy − dx, −dy): pairwise differences 2dx − dy, 2dy − dx, dx + dy.
      return Math.abs(2 * dx - dy) <= r && Math.abs(2 * dy - dx) <= r && Math.abs(dx + dy) <= r;
  }
}

/** The substitute's tiles as offsets from its centre, interleaved and sorted by dx then dy. */
export function substituteOffsets(kind: GridKind, ratio: number): Int32Array {
  checkRatio(kind, ratio);
  const lattice = substituteLattice(kind);
  // Every shape lies within |dx| ≤ r and |dy| ≤ r (hex corners reach 2r/3).
  const out: number[] = [];
  for (let dx = -ratio; dx <= ratio; dx++) {
    for (let dy = -ratio; dy <= ratio; dy++) {
      if (inShape(lattice, ratio, dx, dy)) out.push(dx, dy);
    }
  }
  return Int32Array.from(out);
}

/**
 * Offsets of the large tile's vertices from its centre, counter-clockwise: square (4) from
 * the lower-right corner, offset-square (6: the 4 corners + the two side midpoints where
 * three bricks meet) from the right side's midpoint, hex (6) from the east corner.
 */
export function vertexOffsets(kind: GridKind, ratio: number): Int32Array {
  checkRatio(kind, ratio);
  const h = ratio / 2;
  switch (substituteLattice(kind)) {
    case 'square':
      return Int32Array.of(h, -h, h, h, -h, h, -h, -h);
    case 'offset-square': {
      const q = ratio / 4;
      // Unit (ux, uy) ↔ 120° axial (ux, uy + ux/2).
      return Int32Array.of(h, q, h, h + q, -h, h - q, -h, -q, -h, -h - q, h, -h + q);
    }
    case 'hex': {
      const k = ratio / 3;
      // Cube k(2,−1,−1) rotated counter-clockwise by 60° steps, in 120° axial (a, −c).
      return Int32Array.of(2 * k, k, k, 2 * k, -k, k, -2 * k, -k, -k, -2 * k, k, -k);
    }
  }
}

/**
 * Translation of the substitute of the large neighbour in direction `dir` (SPEC §2 order):
 * ratio × the neighbour offset, in small-grid coordinates — the small and large grids share
 * orientation and coordinate axes, so scaling the large offset by r is the small offset.
 */
export function placement(kind: GridKind, ratio: number, dir: number): [number, number] {
  checkRatio(kind, ratio);
  const dirs = substituteLattice(kind) === 'square' ? SQUARE_DIRECTIONS : AXIAL120_DIRECTIONS;
  if (!Number.isInteger(dir) || dir < 0 || dir >= dirs.length) {
    throw new Error(`${kind} direction must be an integer 0 … ${dirs.length - 1}, got ${dir}`);
  }
  const [dx, dy] = dirs[dir]!;
  return [ratio * dx, ratio * dy];
}

const even = (v: number): boolean => (v & 1) === 0;

/** AREA-EVEN class (SPEC §3) of the small tile at absolute coordinate (a, b) of the lattice. */
export function latticeClass(lattice: SubstituteLattice, a: number, b: number): TileClassCode {
  switch (lattice) {
    case 'square':
      if (even(a) && even(b)) return TileClass.AREA;
      return even(b) ? TileClass.X_EDGE : even(a) ? TileClass.Y_EDGE : TileClass.VERTEX;
    case 'offset-square':
      if (even(a) && even(b)) return TileClass.AREA;
      return even(a) ? TileClass.FULL_EDGE : even(b) ? TileClass.LOWER_HALF_EDGE : TileClass.UPPER_HALF_EDGE;
    case 'hex': {
      // cube (a, b − a, −b)
      const y = b - a;
      if (even(a) && even(y) && even(b)) return TileClass.AREA;
      return even(a) ? TileClass.X_AXIS : even(y) ? TileClass.Y_AXIS : TileClass.Z_AXIS;
    }
  }
}

/** One class code per substitute tile, in `substituteOffsets` order. */
export function substituteClasses(kind: GridKind, ratio: number): Uint8Array {
  const offsets = substituteOffsets(kind, ratio);
  const [ax, ay] = anchor(kind, ratio);
  const lattice = substituteLattice(kind);
  const out = new Uint8Array(offsets.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = latticeClass(lattice, ax + offsets[2 * i]!, ay + offsets[2 * i + 1]!);
  return out;
}
