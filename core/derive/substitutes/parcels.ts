/**
 * Human-curated layouts: a grid of straight lines across a substitute (field boundaries,
 * streets) routed on linear cells, and the parcels (blocks, fields) of area cells they cut
 * the substitute into. Lines run along model x and y; where the lattice has a straight
 * column or row of linear cells (every lattice's odd columns, square's odd rows) a line sits
 * exactly on it, otherwise it is the one-tile zigzag that is the straightest the lattice has.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Canvas } from './canvas.js';
import type { SubstituteCells } from './cells.js';
import { forEachNeighbour, isLinearCell } from './cells.js';
import { routeChain } from './chains.js';

export interface ParcelGrid {
  /** The lines cut at their crossings: each segment a chain of linear cells, ends included. */
  readonly segments: readonly Int32Array[];
  /** Parcel of each area cell, 0 … parcels − 1; −1 on linear cells. */
  readonly parcelOf: Int32Array;
  readonly parcels: number;
}

/** Positions from lo to hi about `spacing` apart (jittered), none closer than spacing/2 to either end. */
function positions(lo: number, hi: number, spacing: number, random: () => number): number[] {
  const out: number[] = [];
  let p = lo + spacing * (0.6 + 0.4 * random());
  while (p <= hi - spacing / 2) {
    out.push(p);
    p += spacing * (0.8 + 0.4 * random());
  }
  if (out.length === 0) out.push((lo + hi) / 2);
  return out;
}

/** Groups of cells sharing a key, for the lattice's all-linear columns (or rows). */
function straightLines(cells: SubstituteCells, key: (i: number) => number): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  const mixed = new Set<number>();
  for (let i = 0; i < cells.count; i++) {
    const k = key(i);
    if (!isLinearCell(cells, i)) mixed.add(k);
    else {
      const g = groups.get(k);
      if (g === undefined) groups.set(k, [i]);
      else g.push(i);
    }
  }
  for (const k of mixed) groups.delete(k);
  return groups;
}

/** Snapped positions in ascending order, dropping any closer than `gap` to the one kept before it. */
function spaced(values: readonly number[], gap: number, at: (v: number) => number): number[] {
  const out: number[] = [];
  for (const v of [...new Set(values)].sort((a, b) => at(a) - at(b))) {
    if (out.length === 0 || at(v) - at(out[out.length - 1]!) >= gap) out.push(v);
  }
  return out;
}

function nearestKey(keys: Iterable<number>, target: number, value: (k: number) => number): number {
  let best = NaN;
  for (const k of keys) if (Number.isNaN(best) || Math.abs(value(k) - target) < Math.abs(value(best) - target) - 1e-9) best = k;
  return best;
}

/**
 * Line positions that repeat with the large lattice, so lines run on unbroken from one
 * substitute into the next (a town's street grid): every `step` columns from the all-linear
 * column nearest the centre, `step` even (all-linear columns alternate) and dividing the
 * ratio (substitutes repeat every r small tiles); rows likewise on square, and every half
 * ratio in the unit frame on the axial lattices (a neighbour's centre lies r/2 up or down).
 */
function periodicLines(cells: SubstituteCells, spacing: number, columns: ReadonlyMap<number, unknown>, rows: ReadonlyMap<number, unknown> | undefined): { xs: number[]; ys: number[] } {
  const r = cells.ratio;
  // The smallest even divisor of r at least `spacing` apart; r itself on small substitutes
  // (twice r if r were odd: all-linear columns alternate).
  let step = r % 2 === 0 ? r : 2 * r;
  for (let d = 2; d < r; d += 2) {
    if (r % d === 0 && d >= spacing) {
      step = d;
      break;
    }
  }
  const from = (keys: Iterable<number>): number[] => {
    const all = [...keys].sort((a, b) => a - b);
    const c0 = all.reduce((best, k) => (Math.abs(k) < Math.abs(best) ? k : best), all[0]!);
    return all.filter((k) => (((k - c0) % step) + step) % step === 0);
  };
  const xs = from(columns.keys());
  if (rows !== undefined) return { xs, ys: from(rows.keys()) };
  const ys: number[] = [];
  for (let y = -r + 0.5; y <= r - 0.5; y += r / 2) ys.push(y);
  return { xs, ys };
}

export function parcelGrid(canvas: Canvas, spacing: number, salt: string, periodic = false): ParcelGrid {
  const cells = canvas.cells;
  const random = canvas.random(`parcels:${salt}`);
  const { minX, maxX, minY, maxY } = extent(cells);
  // Vertical lines sit on all-linear columns (same dx); every lattice has them.
  const columns = straightLines(cells, (i) => cells.dx[i]!);
  const columnX = (dx: number): number => cells.ux[columns.get(dx)![0]!]!;
  // Snapping to columns can bring two lines together; parcels stay at least ¾ of a spacing wide.
  // Horizontal lines sit on all-linear rows where the lattice has them (square), anywhere otherwise.
  const rows = cells.lattice === 'square' ? straightLines(cells, (i) => cells.dy[i]!) : undefined;
  const fixed = periodic ? periodicLines(cells, spacing, columns, rows) : undefined;
  const xs = fixed !== undefined
    ? fixed.xs
    : spaced(
        positions(minX, maxX, spacing, random).map((x) => nearestKey(columns.keys(), x, columnX)),
        0.75 * spacing,
        columnX,
      );
  let ys = fixed !== undefined ? fixed.ys.filter((y) => y > minY && y < maxY) : positions(minY, maxY, spacing, random);
  if (rows !== undefined && fixed === undefined) ys = spaced(ys.map((y) => nearestKey(rows.keys(), y, (k) => k)), 0.75 * spacing, (k) => k);

  const segments: Int32Array[] = [];
  const crossings = columnSegments(cells, columns, xs, ys, segments);
  rowSegments(cells, xs, ys, crossings, segments);
  const { parcelOf, parcels } = joinParcels(cells, segments);
  return { segments, parcelOf, parcels };
}

/** The unit-frame bounding box of the substitute's cells. */
function extent(cells: SubstituteCells): { minX: number; maxX: number; minY: number; maxY: number } {
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < cells.count; i++) {
    minX = Math.min(minX, cells.ux[i]!);
    maxX = Math.max(maxX, cells.ux[i]!);
    minY = Math.min(minY, cells.uy[i]!);
    maxY = Math.max(maxY, cells.uy[i]!);
  }
  return { minX, maxX, minY, maxY };
}

/**
 * The vertical lines at columns `xs`, cut where the rows `ys` cross them, pushed onto
 * `segments`; returns the cell each crossing uses, keyed `${dx}:${y}`.
 */
function columnSegments(
  cells: SubstituteCells,
  columns: ReadonlyMap<number, number[]>,
  xs: readonly number[],
  ys: readonly number[],
  segments: Int32Array[],
): Map<string, number> {
  const crossings = new Map<string, number>();
  for (const dx of xs) {
    const column = [...columns.get(dx)!].sort((a, b) => cells.uy[a]! - cells.uy[b]!);
    const stops = [column[0]!];
    for (const y of ys) {
      let best = column[0]!;
      for (const i of column) if (Math.abs(cells.uy[i]! - y) < Math.abs(cells.uy[best]! - y)) best = i;
      crossings.set(`${dx}:${y}`, best);
      if (best !== stops[stops.length - 1]) stops.push(best);
    }
    if (column[column.length - 1] !== stops[stops.length - 1]) stops.push(column[column.length - 1]!);
    for (let k = 0; k + 1 < stops.length; k++) {
      const a = column.indexOf(stops[k]!);
      const b = column.indexOf(stops[k + 1]!);
      segments.push(Int32Array.from(column.slice(a, b + 1)));
    }
  }
  return crossings;
}

/** The horizontal lines at `ys`, from the westmost to the eastmost linear cell, through their crossings; pushed onto `segments`. */
function rowSegments(
  cells: SubstituteCells,
  xs: readonly number[],
  ys: readonly number[],
  crossings: ReadonlyMap<string, number>,
  segments: Int32Array[],
): void {
  for (const y of ys) {
    // The line's ends: the westmost and eastmost linear cells lying on it.
    let west = -1;
    let east = -1;
    for (let i = 0; i < cells.count; i++) {
      if (!isLinearCell(cells, i) || Math.abs(cells.uy[i]! - y) > 0.75) continue;
      if (west < 0 || cells.ux[i]! < cells.ux[west]!) west = i;
      if (east < 0 || cells.ux[i]! > cells.ux[east]!) east = i;
    }
    if (west < 0) continue;
    const stops = [west];
    for (const dx of xs) {
      const c = crossings.get(`${dx}:${y}`);
      if (c !== undefined && cells.ux[c]! > cells.ux[stops[stops.length - 1]!]! && cells.ux[c]! < cells.ux[east]!) stops.push(c);
    }
    if (east !== stops[stops.length - 1]) stops.push(east);
    for (let k = 0; k + 1 < stops.length; k++) {
      const a = stops[k]!;
      const b = stops[k + 1]!;
      const chain = routeChain(cells, a, b, [cells.ux[a]!, cells.uy[a]!, cells.ux[b]!, cells.uy[b]!], 6);
      if (chain.length > 0) segments.push(chain);
    }
  }
}

/** Parcels: area cells joined through linear cells that no line occupies. */
function joinParcels(cells: SubstituteCells, segments: readonly Int32Array[]): { parcelOf: Int32Array; parcels: number } {
  const barrier = new Uint8Array(cells.count);
  for (const s of segments) for (const i of s) barrier[i] = 1;
  const parcelOf = new Int32Array(cells.count).fill(-1);
  let parcels = 0;
  for (let seed = 0; seed < cells.count; seed++) {
    if (isLinearCell(cells, seed) || parcelOf[seed] !== -1) continue;
    const stack = [seed];
    parcelOf[seed] = parcels;
    while (stack.length > 0) {
      const i = stack.pop()!;
      forEachNeighbour(cells.near, i, (l) => {
        if (!isLinearCell(cells, l) || barrier[l]) return;
        forEachNeighbour(cells.near, l, (j) => {
          if (!isLinearCell(cells, j) && parcelOf[j] === -1) {
            parcelOf[j] = parcels;
            stack.push(j);
          }
        });
      });
    }
    parcels++;
  }
  return { parcelOf, parcels };
}
