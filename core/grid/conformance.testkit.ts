/**
 * The checks SPEC §2 demands of every grid kind, as one reusable test kit. Each kind's
 * test file calls `checkGridConformance` on many sizes; a kind that breaks any rule fails.
 * Test-only (imports vitest); excluded from core's production type check.
 */
import { describe, expect, it } from 'vitest';
import type { Grid, GridSize, Layout, Wrap } from './types.js';

/** Breadth-first hop counts from `source` over `grid.neighbors`. */
export function bfsDistances(grid: Grid, source: number): Int32Array {
  return bfsFrom(grid, [source]);
}

/** Breadth-first hop counts from the nearest of `sources` (−1 where none is reached). */
function bfsFrom(grid: Grid, sources: Iterable<number>): Int32Array {
  const dist = new Int32Array(grid.tileCount).fill(-1);
  const queue = new Int32Array(grid.tileCount);
  const nb = new Int32Array(grid.directions);
  let head = 0;
  let tail = 0;
  for (const source of sources) {
    dist[source] = 0;
    queue[tail++] = source;
  }
  while (head < tail) {
    const t = queue[head++]!;
    const deg = grid.neighbors(t, nb);
    for (let d = 0; d < deg; d++) {
      const n = nb[d]!;
      if (n >= 0 && dist[n]! < 0) {
        dist[n] = dist[t]! + 1;
        queue[tail++] = n;
      }
    }
  }
  return dist;
}

export interface ConformanceOptions {
  /** Expected degree of each tile (8, 6, or 5/6 on the globe), ignoring off-map neighbours. */
  expectedDegree: (grid: Grid, index: number) => number;
  /** Max number of BFS sources (all tiles on small maps). */
  maxSources?: number;
  /** Closed-form count of range(r) for an interior tile on an unbounded map (null: skip). */
  rangeClosedForm?: ((r: number) => number) | null;
  /** Check rotate(): full turn is identity, distance to the pivot is kept (default true). */
  checkRotation?: boolean;
}

/** Deterministic sample of tile indices. */
/** Hexagonal topology: six neighbours, 3r(r+1)+1 tiles within r of an interior tile. */
export const HEX_CONFORMANCE: ConformanceOptions = { expectedDegree: () => 6, rangeClosedForm: (r: number) => 3 * r * (r + 1) + 1 };

/** Rectangles the rectangular kinds are checked on: single tiles and strips, square, odd and even sides. */
export const RECTANGLE_SIZES: readonly (readonly [number, number])[] = [
  [1, 1],
  [1, 5],
  [5, 1],
  [2, 2],
  [3, 4],
  [4, 3],
  [7, 6],
  [10, 9],
];

/** One small map of each kind, in the order of GridKind; each is also a valid AL-FORM size. */
export const ONE_OF_EACH_KIND: readonly GridSize[] = [
  { kind: 'square', width: 5, height: 5 },
  { kind: 'offset-square', width: 5, height: 3 },
  { kind: 'hex-rectangle', width: 7, height: 5 },
  { kind: 'hex-hexagon', diameter: 5 },
  { kind: 'icosahedron', side: 1 },
];

/** Layouts the geometry tests try: the default, a large rotated and shifted one, a small one at 30°. */
export const TEST_LAYOUTS: readonly (Layout | undefined)[] = [undefined, { size: 37.5, origin: [-120, 55], rotation: 90 }, { size: 2, origin: [3, 4], rotation: 30 }];

export type RectangleShape = 'classic' | 'alform';
export type WrappedCase = readonly [width: number, height: number, x: boolean, y: boolean, shape: RectangleShape];

/**
 * `describe(name)` with the SPEC §2 checks of a rectangular kind on every RECTANGLE_SIZES in
 * each of `shapes`, then on each wrapped case (checked with `wrappedOptions`).
 */
export function describeRectangleConformance(
  name: string,
  make: (width: number, height: number, wrap: Wrap | undefined, shape: RectangleShape) => Grid,
  options: ConformanceOptions,
  wrapped: readonly WrappedCase[],
  { shapes = ['classic', 'alform'], wrappedOptions = options }: { shapes?: readonly RectangleShape[]; wrappedOptions?: ConformanceOptions } = {},
): void {
  describe(name, () => {
    for (const shape of shapes) {
      for (const [w, h] of RECTANGLE_SIZES) it(`${w}x${h} ${shape}`, () => checkGridConformance(make(w, h, undefined, shape), options));
    }
    for (const [w, h, x, y, shape] of wrapped) {
      it(`${w}x${h} ${shape} wrapped x=${x} y=${y}`, () => checkGridConformance(make(w, h, { x, y }, shape), wrappedOptions));
    }
  });
}

export function sampleTiles(grid: Grid, max: number): number[] {
  if (grid.tileCount <= max) return Array.from({ length: grid.tileCount }, (_, i) => i);
  const out: number[] = [];
  const step = grid.tileCount / max;
  for (let i = 0; i < max; i++) out.push(Math.floor(i * step));
  out.push(grid.tileCount - 1);
  return out;
}

export function checkGridConformance(grid: Grid, options: ConformanceOptions): void {
  const n = grid.tileCount;
  const nb = new Int32Array(grid.directions);
  const nb2 = new Int32Array(grid.directions);
  const label = `${grid.kind} ${JSON.stringify(grid.size)} wrap=${JSON.stringify(grid.wrap)}`;

  // Storage and coordinates round-trip.
  for (let i = 0; i < n; i++) {
    const c = grid.coord(i);
    expect(grid.index(c), `${label}: index(coord(${i}))`).toBe(i);
    for (const system of grid.coordSystems) {
      const s = grid.toSystem(i, system);
      expect(grid.fromSystem(s, system), `${label}: ${system} round trip of ${i}`).toBe(i);
    }
  }

  // Neighbours: degree, direction consistency, symmetry (as multisets, so tiny wrapped maps count right).
  for (let i = 0; i < n; i++) {
    const deg = grid.neighbors(i, nb);
    expect(deg, `${label}: degree of ${i}`).toBe(grid.degree(i));
    expect(deg, `${label}: expected degree of ${i}`).toBe(options.expectedDegree(grid, i));
    for (let d = 0; d < deg; d++) {
      const j = nb[d]!;
      expect(grid.neighbor(i, d), `${label}: neighbor(${i},${d})`).toBe(j);
      if (j < 0) continue;
      expect(j).toBeLessThan(n);
      const countIJ = countOf(nb, deg, j);
      const degJ = grid.neighbors(j, nb2);
      expect(countOf(nb2, degJ, i), `${label}: symmetry ${i}→${j}`).toBe(countIJ);
    }
  }

  // Edge slots: both sides of an edge share one slot; distinct edges get distinct slots.
  const slotOwner = new Map<number, string>();
  for (let i = 0; i < n; i++) {
    const deg = grid.neighbors(i, nb);
    for (let d = 0; d < deg; d++) {
      const j = nb[d]!;
      const slot = grid.edgeSlot(i, d);
      if (grid.directions === 8 && d % 2 === 1) {
        // Square diagonals meet at a vertex, not an edge.
        expect(slot, `${label}: diagonal ${i}/${d} has no edge slot`).toBe(-1);
        continue;
      }
      if (j < 0) {
        expect(slot, `${label}: off-map edge slot ${i}/${d}`).toBe(-1);
        continue;
      }
      expect(slot).toBeGreaterThanOrEqual(0);
      expect(slot).toBeLessThan(n * grid.edgeSlotsPerTile);
      const key = i < j ? `${i}-${j}` : `${j}-${i}`;
      const prev = slotOwner.get(slot);
      if (prev === undefined) slotOwner.set(slot, key);
      // On tiny wrapped maps two tiles may share more than one edge; the pair must still match.
      else expect(prev, `${label}: slot ${slot} shared by two different tile pairs`).toBe(key);
    }
  }

  // Distance equals BFS hop count; range/ring/spiral agree with it; lines are adjacent chains.
  const sources = sampleTiles(grid, options.maxSources ?? 24);
  for (const s of sources) {
    const bfs = bfsDistances(grid, s);
    let maxD = 0;
    for (let t = 0; t < n; t++) {
      expect(grid.distance(s, t), `${label}: distance(${s},${t})`).toBe(bfs[t]);
      expect(grid.distance(t, s), `${label}: distance symmetric (${t},${s})`).toBe(bfs[t]);
      if (bfs[t]! > maxD) maxD = bfs[t]!;
    }
    for (const r of [0, 1, 2, Math.max(0, Math.floor(maxD / 2)), maxD]) {
      const expected: number[] = [];
      const expectedRing: number[] = [];
      for (let t = 0; t < n; t++) {
        if (bfs[t]! <= r) expected.push(t);
        if (bfs[t] === r) expectedRing.push(t);
      }
      expect(Array.from(grid.range(s, r)), `${label}: range(${s},${r})`).toEqual(expected);
      const ring = Array.from(grid.ring(s, r));
      expect([...ring].sort((a, b) => a - b), `${label}: ring(${s},${r})`).toEqual(expectedRing);
      const spiral = Array.from(grid.spiral(s, r));
      expect(spiral.length, `${label}: spiral(${s},${r}) size`).toBe(expected.length);
      expect(spiral[0]).toBe(s);
      for (let k = 1; k < spiral.length; k++) {
        expect(bfs[spiral[k]!]!, `${label}: spiral order`).toBeGreaterThanOrEqual(bfs[spiral[k - 1]!]!);
      }
    }
    for (const t of sampleTiles(grid, 12)) {
      const line = grid.line(s, t);
      expect(line.length, `${label}: line(${s},${t}) length`).toBe(bfs[t]! + 1);
      expect(line[0]).toBe(s);
      expect(line[line.length - 1]).toBe(t);
      for (let k = 1; k < line.length; k++) {
        expect(grid.distance(line[k - 1]!, line[k]!), `${label}: line(${s},${t}) step ${k}`).toBe(1);
      }
    }
  }

  // Closed-form range size for an interior tile (on maps big enough to hold it).
  if (options.rangeClosedForm && !grid.wrap.x && !grid.wrap.y) {
    const mid = pickInteriorTile(grid);
    const bfs = bfsDistances(grid, mid);
    const reach = minDistanceToBorder(grid, bfs);
    for (let r = 0; r < reach; r++) {
      expect(grid.range(mid, r).length, `${label}: closed-form range(${r})`).toBe(options.rangeClosedForm(r));
    }
  }

  // Layout: pick(center(i)) = i, for the default layout and a rotated, scaled, shifted one.
  const layouts = [undefined, { size: 37.5, origin: [-120, 55] as const, rotation: 90 }, { size: 2, origin: [3, 4] as const, rotation: 30 }];
  for (const layout of layouts) {
    for (const i of sampleTiles(grid, 400)) {
      const c = grid.center(i, layout);
      expect(c.length).toBe(grid.modelDimensions);
      expect(grid.pick(c, layout), `${label}: pick(center(${i})) layout=${JSON.stringify(layout)}`).toBe(i);
      const corners = grid.corners(i, layout);
      // Squares have 4 corners whatever their degree (offset-square squares touch 6 tiles).
      expect(corners.length).toBe(grid.degree(i) === 8 || grid.kind === 'offset-square' ? 4 : grid.degree(i));
    }
  }

  checkSpacingAndPentagons(grid, layouts, label);

  // Rotation: a full turn is the identity and rotation keeps distance to the pivot.
  if (options.checkRotation === false) return;
  for (const pivot of sampleTiles(grid, 6)) {
    const turn = grid.directions === 8 ? 4 : grid.degree(pivot);
    for (const t of sampleTiles(grid, 30)) {
      expect(grid.rotate(t, pivot, turn), `${label}: full turn`).toBe(t);
      for (let k = 1; k < turn; k++) {
        const r = grid.rotate(t, pivot, k);
        if (r >= 0 && !grid.wrap.x && !grid.wrap.y) {
          expect(grid.distance(r, pivot), `${label}: rotate keeps distance`).toBe(grid.distance(t, pivot));
          expect(grid.rotate(r, pivot, turn - k)).toBe(t);
        }
      }
    }
  }
}

/**
 * `isPentagon` is "a globe tile of degree 5" (12 of them; none on flat kinds). `spacing(layout)`:
 * on flat maps no adjoining centres are nearer and the +Y neighbour is exactly that far; on
 * the globe it is the mean spacing — adjoining centres average within 10 % of it — and it
 * scales with the radius.
 */
function checkSpacingAndPentagons(grid: Grid, layouts: readonly (Layout | undefined)[], label: string): void {
  let pentagons = 0;
  for (let i = 0; i < grid.tileCount; i++) {
    const pentagon = grid.isPentagon(i);
    expect(pentagon, `${label}: isPentagon(${i})`).toBe(grid.kind === 'icosahedron' && grid.degree(i) === 5);
    if (pentagon) pentagons++;
  }
  expect(pentagons, `${label}: pentagon count`).toBe(grid.kind === 'icosahedron' ? 12 : 0);

  const nb = new Int32Array(grid.directions);
  for (const layout of layouts) {
    const spacing = grid.spacing(layout);
    let sum = 0;
    let pairs = 0;
    for (const i of sampleTiles(grid, 400)) {
      const c = grid.center(i, layout);
      const deg = grid.neighbors(i, nb);
      for (let d = 0; d < deg; d++) {
        if (nb[d]! < 0 || nb[d] === i) continue;
        const e = grid.center(nb[d]!, layout);
        const dist = Math.hypot(...c.map((v, k) => v - e[k]!));
        if (grid.modelDimensions === 2) {
          expect(dist, `${label}: centres ${i}/${d} nearer than spacing`).toBeGreaterThan(spacing * (1 - 1e-9));
          // Direction 0 (+Y, within a column on the column kinds) is exactly one spacing away.
          if (d === 0 && !grid.wrap.y) expect(dist, `${label}: spacing ${JSON.stringify(layout)} at ${i}`).toBeCloseTo(spacing, 9);
        }
        sum += dist;
        pairs++;
      }
    }
    if (pairs === 0) continue;
    if (grid.modelDimensions === 3) {
      expect(sum / pairs / spacing, `${label}: mean adjoining distance / spacing`).toBeGreaterThan(0.9);
      expect(sum / pairs / spacing, `${label}: mean adjoining distance / spacing`).toBeLessThan(1.1);
    }
  }
  if (grid.modelDimensions === 3) expect(grid.spacing({ size: 2, origin: [0, 0], rotation: 0 })).toBeCloseTo(2 * grid.spacing(), 12);
}

function countOf(arr: Int32Array, len: number, v: number): number {
  let c = 0;
  for (let k = 0; k < len; k++) if (arr[k] === v) c++;
  return c;
}

/** The tile farthest from the map border (by BFS from every border tile). */
export function pickInteriorTile(grid: Grid): number {
  const border = borderDistances(grid);
  let best = 0;
  for (let i = 1; i < grid.tileCount; i++) if (border[i]! > border[best]!) best = i;
  return best;
}

function borderDistances(grid: Grid): Int32Array {
  const n = grid.tileCount;
  const nb = new Int32Array(grid.directions);
  const border: number[] = [];
  for (let i = 0; i < n; i++) {
    const deg = grid.neighbors(i, nb);
    for (let d = 0; d < deg; d++) {
      if (nb[d]! < 0) {
        border.push(i);
        break;
      }
    }
  }
  if (border.length === 0) return new Int32Array(n).fill(1 << 20);
  return bfsFrom(grid, border);
}

function minDistanceToBorder(grid: Grid, bfsFromMid: Int32Array): number {
  const border = borderDistances(grid);
  let mid = 0;
  for (let i = 0; i < grid.tileCount; i++) if (bfsFromMid[i] === 0) mid = i;
  // Ranges of radius ≤ border distance of the centre stay entirely on the map.
  return Math.min(border[mid]! + 1, 12);
}
