/**
 * What a recipe paints on: a substitute's cells being filled with terrain ids, with the
 * catalogue at hand so a recipe only ever uses terrains the catalogue has, in the class
 * they belong to (area terrain on area cells, linear on linear cells: a mistake is a thrown
 * error, not a broken substitute). Randomness comes from seeded generators and noise fields
 * keyed by the recipe's seed and a salt per use, so the same arguments paint the same cells.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainCatalogue, TerrainClass } from '../../terrain/types.js';
import { findTerrain } from '../../terrain/lookup.js';
import type { Random } from '../../util/random.js';
import { AXIAL120_DIRECTIONS } from '../../grid/hex/axial.js';
import { seededRandom } from '../../util/random.js';
import { hashString, valueNoise } from '../blend/noise.js';
import type { Substitute } from '../types.js';
import type { SubstituteCells } from './cells.js';
import { compactPalette, forEachNeighbour, isLinearCell } from './cells.js';
import type { Polyline } from './chains.js';
import { meander, nearestLinear, routeChain } from './chains.js';

/** How a chain follows its guide: the straight line between its ends, or a meander. */
/** Steps between neighbouring area cells (two small tiles: across one linear tile). */
const SQUARE_AREA_STEPS: readonly (readonly [number, number])[] = [
  [2, 0],
  [0, 2],
  [-2, 0],
  [0, -2],
];
const AXIAL_AREA_STEPS = AXIAL120_DIRECTIONS.map(([a, b]) => [2 * a, 2 * b] as const);

export interface ChainStyle {
  readonly straight: boolean;
  /** Meanders: sideways swing as a fraction of the chain's length. */
  readonly amplitude?: number;
}

export class Canvas {
  private readonly ids: string[] = [];
  private readonly values: Uint8Array;

  constructor(
    readonly catalogue: TerrainCatalogue,
    readonly terrain: string,
    readonly cells: SubstituteCells,
    readonly seed: number,
  ) {
    this.values = new Uint8Array(cells.count);
  }

  get ratio(): number {
    return this.cells.ratio;
  }

  /** `id` if the catalogue has it as a terrain of class `cls`, else undefined. */
  has(id: string, cls: TerrainClass): string | undefined {
    return findTerrain(this.catalogue, id)?.class === cls ? id : undefined;
  }

  /** The first of `ids` the catalogue has as an area terrain. */
  area(...ids: string[]): string | undefined {
    return ids.find((id) => this.has(id, 'area') !== undefined);
  }

  /** The first of `ids` the catalogue has as a linear terrain. */
  linear(...ids: string[]): string | undefined {
    return ids.find((id) => this.has(id, 'linear') !== undefined);
  }

  /** A generator of its own for each salt, so adding one use never shifts another's numbers. */
  random(salt: string): Random {
    return seededRandom(hashString(this.seed, salt));
  }

  get(i: number): string {
    const v = this.values[i]!;
    return v === 0 ? '' : this.ids[v - 1]!;
  }

  set(i: number, id: string): void {
    const cls = findTerrain(this.catalogue, id)?.class;
    if (cls === undefined) throw new Error(`substitute of "${this.terrain}": terrain "${id}" is not in catalogue "${this.catalogue.name}"`);
    if ((cls === 'linear') !== isLinearCell(this.cells, i)) {
      throw new Error(`substitute of "${this.terrain}": ${cls} terrain "${id}" cannot go on ${cls === 'linear' ? 'an area' : 'a linear'} cell (${i})`);
    }
    let v = this.ids.indexOf(id) + 1;
    if (v === 0) {
      this.ids.push(id);
      v = this.ids.length;
    }
    this.values[i] = v;
  }

  areaCells(): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.cells.count; i++) if (!isLinearCell(this.cells, i)) out.push(i);
    return out;
  }

  fillArea(id: string): void {
    for (const i of this.areaCells()) this.set(i, id);
  }

  /**
   * Coherent noise in [0, 1) at each cell: two octaves of value noise over the model frame
   * with features about `period` tiles across.
   */
  field(salt: string, period: number): Float64Array {
    const s = hashString(this.seed, salt);
    // Value noise wants an integer period; sampling a 4× finer frame keeps fractional periods.
    const p = Math.max(1, Math.round(4 * period));
    const p2 = Math.max(1, Math.round(2 * period));
    const out = new Float64Array(this.cells.count);
    for (let i = 0; i < this.cells.count; i++) {
      const x = 4 * this.cells.ux[i]!;
      const y = 4 * this.cells.uy[i]!;
      out[i] = 0.7 * valueNoise(s, x, y, p) + 0.3 * valueNoise(s ^ 0x5bd1e995, x, y, p2);
    }
    return out;
  }

  /**
   * Paints `id` on the share `fraction` of the candidate area cells where a noise field of
   * feature size `period` is highest: patches (clearings, copses, ponds) of a known size.
   * Patches smaller than `minCells` area cells (joined side to side) are left out (a minimum
   * feature size: a derived map shows copses, not specks) — unless that would leave nothing
   * and the patches are not `strict` (a river's bank must show somewhere).
   */
  patches(id: string | undefined, fraction: number, period: number, salt: string, candidates: readonly number[] = this.areaCells(), minCells = 3, strict = false): number[] {
    if (id === undefined || fraction <= 0 || candidates.length === 0) return [];
    const f = this.field(`${salt}:${id}`, period);
    const order = [...candidates].sort((a, b) => f[b]! - f[a]! || a - b);
    const take = Math.min(order.length, Math.max(1, Math.round(fraction * order.length)));
    let chosen = order.slice(0, take);
    const big = this.withoutSmallPatches(chosen, minCells);
    if (big.length > 0 || strict) chosen = big;
    for (const i of chosen) this.set(i, id);
    return chosen;
  }

  /** The cells of `cells` in groups of at least `min` area cells (joined side to side: across one edge tile). */
  private withoutSmallPatches(cells: readonly number[], min: number): number[] {
    const inSet = new Set(cells);
    const seen = new Set<number>();
    const out: number[] = [];
    for (const start of cells) {
      if (seen.has(start)) continue;
      const group = [start];
      seen.add(start);
      for (let h = 0; h < group.length; h++) {
        for (const j of this.areaNeighbours(group[h]!)) {
          if (inSet.has(j) && !seen.has(j)) {
            seen.add(j);
            group.push(j);
          }
        }
      }
      if (group.length >= min) out.push(...group);
    }
    return out.sort((a, b) => a - b);
  }

  /** The area cells beside area cell `i` (across one edge tile; on square not diagonally). */
  private areaNeighbours(i: number): number[] {
    const { cells } = this;
    const out: number[] = [];
    for (const [a, b] of cells.lattice === 'square' ? SQUARE_AREA_STEPS : AXIAL_AREA_STEPS) {
      const j = cells.indexOf(cells.dx[i]! + a, cells.dy[i]! + b);
      if (j >= 0) out.push(j);
    }
    return out;
  }

  /**
   * One copse, clearing or knoll: a compact patch of `size` area cells grown cell by cell
   * from the candidate nearest (x, y), each step adding a seeded pick among the cells beside
   * it. On square a cell that would give the patch a straight side of 3 tiles is
   * skipped — the straightener would cut such a side back — so the patch keeps the shape it
   * grew: sizes and shapes differ from drawing to drawing, where `patches` of a small
   * substitute all came out alike. Returns the cells painted.
   */
  grow(id: string | undefined, size: number, x: number, y: number, salt: string, candidates: readonly number[]): number[] {
    if (id === undefined || size <= 0 || candidates.length === 0) return [];
    const allowed = new Set(candidates);
    const { cells } = this;
    let start = candidates[0]!;
    for (const i of candidates) if (Math.hypot(cells.ux[i]! - x, cells.uy[i]! - y) < Math.hypot(cells.ux[start]! - x, cells.uy[start]! - y)) start = i;
    const around = (i: number): number[] => this.areaNeighbours(i);
    const random = this.random(`grow:${salt}`);
    const patch = new Set([start]);
    while (patch.size < size) {
      const options: [number, number][] = [];
      for (const i of patch) {
        for (const j of around(i)) {
          if (patch.has(j) || !allowed.has(j) || options.some(([k]) => k === j)) continue;
          if (cells.lattice === 'square' && this.straightSide(patch, j)) continue;
          options.push([j, 1]);
        }
      }
      if (options.length === 0) break;
      options.sort((a, b) => a[0] - b[0]);
      let pick = random() * options.reduce((s, [, w]) => s + w, 0);
      let chosen = options[options.length - 1]![0];
      for (const [j, w] of options) {
        pick -= w;
        if (pick < 0) {
          chosen = j;
          break;
        }
      }
      patch.add(chosen);
    }
    const out = [...patch].sort((a, b) => a - b);
    for (const i of out) this.set(i, id);
    return out;
  }

  /** Square: whether `patch` plus cell `j` has a straight side of 3 area tiles (3 borders in a row along one line). */
  private straightSide(patch: ReadonlySet<number>, j: number): boolean {
    const { cells } = this;
    const inside = (dx: number, dy: number): boolean => {
      const k = cells.indexOf(dx, dy);
      return k >= 0 && (k === j || patch.has(k));
    };
    const [x0, y0] = [cells.dx[j]!, cells.dy[j]!];
    // Lines through j's four sides; a run of 3 borders on one of them includes a side of j
    // or lies within 2 tiles of it along the line.
    for (const [ax, ay] of [[2, 0], [0, 2]] as const) {
      // Borders between (x, y) and (x, y) + (ay, ax) along the line stepping (ax, ay).
      for (const off of [-1, 0]) {
        const [bx, by] = [x0 + off * ay, y0 + off * ax];
        let run = 0;
        for (let k = -2; k <= 2; k++) {
          const [px, py] = [bx + k * ax, by + k * ay];
          run = inside(px, py) !== inside(px + ay, py + ax) ? run + 1 : 0;
          if (run >= 3) return true;
        }
      }
    }
    return false;
  }

  /** Like `patches` with white noise: single scattered cells. */
  scatter(id: string | undefined, fraction: number, salt: string, candidates: readonly number[] = this.areaCells()): number[] {
    if (id === undefined || fraction <= 0 || candidates.length === 0) return [];
    const random = this.random(`${salt}:${id}`);
    const keyed = candidates.map((i) => [random(), i] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const take = Math.min(keyed.length, Math.max(1, Math.round(fraction * keyed.length)));
    const chosen = keyed.slice(0, take).map(([, i]) => i);
    for (const i of chosen) this.set(i, id);
    return chosen;
  }

  /**
   * Routes a chain of linear cells from the one nearest (x0, y0) to the one nearest
   * (x1, y1) along a straight or meandering guide and returns it (not painted). With
   * `edgeToEdge` both ends are cells on the shape's boundary, so the feature runs on into
   * the neighbouring substitutes.
   */
  route(x0: number, y0: number, x1: number, y1: number, style: ChainStyle, salt: string, edgeToEdge = false): Int32Array {
    const accept = edgeToEdge ? (i: number) => this.cells.boundary[i] === 1 : undefined;
    const from = nearestLinear(this.cells, x0, y0, accept);
    const to = nearestLinear(this.cells, x1, y1, accept);
    if (from === to) return Int32Array.of(from);
    const [ax, ay, bx, by] = [this.cells.ux[from]!, this.cells.uy[from]!, this.cells.ux[to]!, this.cells.uy[to]!];
    let guide: Polyline;
    if (style.straight) guide = [ax, ay, bx, by];
    else guide = meander(this.random(`meander:${salt}`), ax, ay, bx, by, (style.amplitude ?? 0.15) * Math.hypot(bx - ax, by - ay));
    // A straight guide is held tightly; a meander loosely enough that the chain stays smooth.
    return routeChain(this.cells, from, to, guide, style.straight ? 6 : 2);
  }

  /** Paints `id` on the cells of `chain` (where `keep` says a cell's current terrain stays, it does). */
  paintChain(chain: ArrayLike<number>, id: string | undefined, keep: (current: string) => boolean = () => false): void {
    if (id === undefined) return;
    for (let k = 0; k < chain.length; k++) {
      const i = chain[k]!;
      if (!keep(this.get(i))) this.set(i, id);
    }
  }

  /** Area cells next to any cell of `chain` (lattice neighbours), ascending. */
  beside(chain: ArrayLike<number>): number[] {
    const out = new Set<number>();
    for (let k = 0; k < chain.length; k++) {
      forEachNeighbour(this.cells.near, chain[k]!, (j) => {
        if (!isLinearCell(this.cells, j)) out.add(j);
      });
    }
    return [...out].sort((a, b) => a - b);
  }

  /**
   * Linear cells on the border of a region of area cells: those with an area neighbour in
   * the region and one outside it (the edge of a clearing, a field, a wood).
   */
  borderOf(inRegion: (areaCell: number) => boolean): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.cells.count; i++) {
      if (!isLinearCell(this.cells, i)) continue;
      let inside = false;
      let outside = false;
      forEachNeighbour(this.cells.near, i, (j) => {
        if (isLinearCell(this.cells, j)) return;
        if (inRegion(j)) inside = true;
        else outside = true;
      });
      if (inside && outside) out.push(i);
    }
    return out;
  }

  /** The finished substitute; its palette lists only terrains its cells use, in first-use order. */
  toSubstitute(): Substitute {
    const { palette, remap } = compactPalette(this.ids, this.values);
    const cells = this.values.map((v) => remap[v]!);
    return { terrain: this.terrain, lattice: this.cells.lattice, ratio: this.cells.ratio, palette, cells };
  }
}

/** A recipe paints one terrain's ground on a canvas (area-recipes.ts, curated-recipes.ts). */
export type AreaRecipe = (c: Canvas) => void;
