/**
 * The small tiles of one substitute (lattice × ratio) as the generators see them: offsets in
 * `substituteOffsets` order, AL-FORM classes, model-frame centres, and neighbour tables, so
 * recipes work on cell indices and typed arrays, never on coordinates.
 *
 * Model frame: tile spacing 1, x east, y north, origin at the large tile's centre (square:
 * (dx, dy); offset-square: the brick centre (dx, dy − dx/2); hex: `axial120ToUnit`). The
 * canonical linear substitute runs along model x (core/derive/types.ts).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { GridKind } from '../../grid/types.js';
import { AXIAL120_DIRECTIONS, axial120ToUnit } from '../../grid/hex/axial.js';
import { SQUARE_DIRECTIONS } from '../../grid/square/square-grid.js';
import { TileClass } from '../../alform/classify.js';
import type { SubstituteLattice } from '../../map/meta.js';
import { checkRatio } from '../geometry/ratios.js';
import { SUBSTITUTE_LATTICES } from '../../map/meta.js';
import { substituteClasses, substituteOffsets, vertexOffsets } from '../geometry/substitute-shape.js';

export { SUBSTITUTE_LATTICES };

const KIND: Record<SubstituteLattice, GridKind> = { square: 'square', 'offset-square': 'offset-square', hex: 'hex-rectangle' };

/** The grid kind a substitute of this lattice is drawn on (hex lattices: hex-rectangle). */
export function latticeKind(lattice: SubstituteLattice): GridKind {
  const kind = KIND[lattice];
  if (kind === undefined) throw new Error(`substitute lattice must be one of ${SUBSTITUTE_LATTICES.join(', ')}, got ${JSON.stringify(lattice)}`);
  return kind;
}

/** Model-frame centre of the small tile at offset (dx, dy) from the large tile's centre. */
export function modelOf(lattice: SubstituteLattice, dx: number, dy: number): [number, number] {
  switch (lattice) {
    case 'square':
      return [dx, dy];
    case 'offset-square':
      return [dx, dy - dx / 2];
    case 'hex':
      return axial120ToUnit(dx, dy);
  }
}

/** Compressed neighbour lists: cell i's neighbours are list[start[i]] … list[start[i + 1] − 1]. */
export interface Adjacency {
  readonly start: Int32Array;
  readonly list: Int32Array;
}

export interface SubstituteCells {
  readonly lattice: SubstituteLattice;
  readonly kind: GridKind;
  readonly ratio: number;
  readonly count: number;
  readonly dx: Int32Array;
  readonly dy: Int32Array;
  readonly classes: Uint8Array;
  /** Model-frame centres. */
  readonly ux: Float64Array;
  readonly uy: Float64Array;
  /** Every lattice neighbour inside the shape (square: 8, others: 6). */
  readonly near: Adjacency;
  /**
   * Steps a linear feature takes between linear cells: the 6 neighbours on offset-square and
   * hex; on square only orthogonal ones (X-EDGE/Y-EDGE ↔ VERTEX), because two edge tiles that
   * touch diagonally do not join into one line.
   */
  readonly steps: Adjacency;
  /** 1 where some lattice neighbour lies outside the shape. */
  readonly boundary: Uint8Array;
  /** Model-frame points where the canonical linear feature enters (west) and leaves (east). */
  readonly west: readonly [number, number];
  readonly east: readonly [number, number];
  /** Cell at offset (dx, dy), or −1 outside the shape. */
  indexOf(dx: number, dy: number): number;
}

const cache = new Map<string, SubstituteCells>();

/** The cells of a substitute on `lattice` at `ratio` (built once per lattice and ratio). */
export function substituteCells(lattice: SubstituteLattice, ratio: number): SubstituteCells {
  const kind = latticeKind(lattice);
  checkRatio(kind, ratio);
  const key = `${lattice}:${ratio}`;
  let cells = cache.get(key);
  if (cells === undefined) {
    cells = build(lattice, kind, ratio);
    cache.set(key, cells);
  }
  return cells;
}

function build(lattice: SubstituteLattice, kind: GridKind, ratio: number): SubstituteCells {
  const offsets = substituteOffsets(kind, ratio);
  const count = offsets.length / 2;
  const dx = new Int32Array(count);
  const dy = new Int32Array(count);
  const ux = new Float64Array(count);
  const uy = new Float64Array(count);
  // Offsets lie within |dx|, |dy| ≤ ratio (substitute-shape.ts), so a dense box indexes them.
  const side = 2 * ratio + 1;
  const box = new Int32Array(side * side).fill(-1);
  for (let i = 0; i < count; i++) {
    dx[i] = offsets[2 * i]!;
    dy[i] = offsets[2 * i + 1]!;
    [ux[i], uy[i]] = modelOf(lattice, dx[i]!, dy[i]!);
    box[(dx[i]! + ratio) * side + dy[i]! + ratio] = i;
  }
  const indexOf = (x: number, y: number): number => {
    if (x < -ratio || x > ratio || y < -ratio || y > ratio) return -1;
    return box[(x + ratio) * side + y + ratio]!;
  };
  const classes = substituteClasses(kind, ratio);
  const dirs = lattice === 'square' ? SQUARE_DIRECTIONS : AXIAL120_DIRECTIONS;
  const stepDirs = lattice === 'square' ? SQUARE_DIRECTIONS.filter(([a, b]) => a === 0 || b === 0) : AXIAL120_DIRECTIONS;
  const boundary = new Uint8Array(count);
  const near = adjacency(count, (i, push) => {
    for (const [ddx, ddy] of dirs) {
      const j = indexOf(dx[i]! + ddx, dy[i]! + ddy);
      if (j >= 0) push(j);
      else boundary[i] = 1;
    }
  });
  const steps = adjacency(count, (i, push) => {
    if (classes[i] === TileClass.AREA) return;
    for (const [ddx, ddy] of stepDirs) {
      const j = indexOf(dx[i]! + ddx, dy[i]! + ddy);
      if (j >= 0 && classes[j] !== TileClass.AREA) push(j);
    }
  });
  // West and east ends of the canonical feature: the middle of the large tile's west side
  // (its west corner on hex), from the vertices, so every lattice agrees with its geometry.
  const v = vertexOffsets(kind, ratio);
  let minX = Infinity;
  let maxX = -Infinity;
  for (let k = 0; k < v.length; k += 2) {
    const [x] = modelOf(lattice, v[k]!, v[k + 1]!);
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
  }
  return { lattice, kind, ratio, count, dx, dy, classes, ux, uy, near, steps, boundary, west: [minX, 0], east: [maxX, 0], indexOf };
}

function adjacency(count: number, visit: (i: number, push: (j: number) => void) => void): Adjacency {
  const start = new Int32Array(count + 1);
  const list: number[] = [];
  for (let i = 0; i < count; i++) {
    start[i] = list.length;
    visit(i, (j) => list.push(j));
  }
  start[count] = list.length;
  return { start, list: Int32Array.from(list) };
}

/** Calls `visit` for each neighbour of cell i in `adj`. */
export function forEachNeighbour(adj: Adjacency, i: number, visit: (j: number) => void): void {
  for (let k = adj.start[i]!; k < adj.start[i + 1]!; k++) visit(adj.list[k]!);
}

export function isLinearCell(cells: SubstituteCells, i: number): boolean {
  return cells.classes[i] !== TileClass.AREA;
}

/** The cell nearest the model point (x, y) among those `accept` allows (ties: lowest index); −1 if none. */
export function nearestCell(cells: SubstituteCells, x: number, y: number, accept: (i: number) => boolean): number {
  let best = -1;
  let bestD = Infinity;
  for (let i = 0; i < cells.count; i++) {
    if (!accept(i)) continue;
    const d = (cells.ux[i]! - x) ** 2 + (cells.uy[i]! - y) ** 2;
    if (d < bestD - 1e-9) {
      bestD = d;
      best = i;
    }
  }
  return best;
}

/** Centre of the cell farthest out along the ray from the middle at `angle` (radians, model frame): where the ray leaves the shape. */
export function rayExit(cells: SubstituteCells, angle: number): [number, number] {
  const cx = Math.cos(angle);
  const cy = Math.sin(angle);
  let best = 0;
  let bestT = -Infinity;
  for (let i = 0; i < cells.count; i++) {
    const t = cells.ux[i]! * cx + cells.uy[i]! * cy;
    const off = Math.abs(cells.uy[i]! * cx - cells.ux[i]! * cy);
    if (off <= 0.75 && t > bestT) {
      bestT = t;
      best = i;
    }
  }
  return [cells.ux[best]!, cells.uy[best]!];
}

/**
 * The palette `ids` (layer value k + 1 = ids[k]) cut to the entries `values` use, in palette
 * order, and the old value → new value map (0 stays 0). A substitute's palette lists only
 * terrains its cells use.
 */
export function compactPalette(ids: readonly string[], values: Iterable<number>): { palette: string[]; remap: Uint8Array } {
  const used = new Uint8Array(ids.length + 1);
  for (const v of values) used[v] = 1;
  const remap = new Uint8Array(ids.length + 1);
  const palette: string[] = [];
  ids.forEach((id, k) => {
    if (used[k + 1]) {
      palette.push(id);
      remap[k + 1] = palette.length;
    }
  });
  return { palette, remap };
}
