/**
 * Quantity limits per tile (18xx manifests have counts): at most `max` instances of a tile
 * on the whole map, at least `min`. Instances outside the region count as placed.
 *
 * Maximum: a tile's decided cells never exceed its count; when they reach it the tile's other
 * candidates go (CAUSE_COUNT). Explained by the removals that had made the cells holding it
 * single instances of it (`pushSingletons`).
 * Minimum: `possible` counts the cells that can still hold the tile (a candidate of it left,
 * or an instance outside the region); below the minimum is a contradiction, and at the
 * minimum every such cell must hold the tile, so their other candidates go (CAUSE_MIN).
 * Explained by the removals that took the tile out of every cell that lost it (`pushLost`):
 * the region's cells are fixed, so only those removals made the count too small.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { AssemblyLibrary, ClassCandidates } from './library.js';
import type { CellDomains } from './domains.js';
import { CAUSE_COUNT, minCause } from './trail.js';

/** Per tile id: a maximum (a number, as 18xx manifests list), or a minimum and/or maximum. */
export type TileCounts = Readonly<Record<string, number | { readonly min?: number; readonly max?: number }>>;

export class Quantities {
  /** Per tile: the maximum, or −1. */
  private readonly max: Int32Array;
  /** Decided instances per tile: single-candidate cells and instances outside the region. */
  readonly placed: Int32Array;
  /** Tiles with a minimum, their minimum, and per class the candidates of each. */
  readonly minTiles: number[] = [];
  private readonly minOf: number[] = [];
  private readonly minIndex: Int32Array;
  private readonly candidatesOf: Int32Array[][];
  /** [cell * minTiles + i] → candidates of minTiles[i] left in the cell. */
  private readonly holds: Int32Array;
  /** Per min tile: cells that can still hold it, plus its instances outside the region. */
  private readonly possible: Int32Array;
  private spans: Map<number, [cell: number, from: number, to: number, alive: number][]> | null = null;

  constructor(
    private readonly state: CellDomains,
    lib: AssemblyLibrary,
    counts: TileCounts,
  ) {
    const T = lib.tiles.length;
    this.max = new Int32Array(T).fill(-1);
    this.placed = new Int32Array(T);
    this.minIndex = new Int32Array(T).fill(-1);
    for (const [id, spec] of Object.entries(counts)) {
      const t = lib.tileIndex.get(id);
      if (t === undefined) throw new RangeError(`count for tile "${id}", which is not in the tile set`);
      const { min, max } = typeof spec === 'number' ? { min: undefined, max: spec } : spec;
      const check = (n: number | undefined, what: string): void => {
        if (n !== undefined && (!Number.isInteger(n) || n < 0)) throw new RangeError(`${what} count of tile "${id}" must be an integer ≥ 0, got ${n}`);
      };
      check(max, 'maximum');
      check(min, 'minimum');
      if (min !== undefined && max !== undefined && min > max) throw new RangeError(`tile "${id}": minimum count ${min} above its maximum ${max}`);
      if (max !== undefined) this.max[t] = max;
      if (min !== undefined && min > 0) {
        this.minIndex[t] = this.minTiles.length;
        this.minTiles.push(t);
        this.minOf.push(min);
      }
    }
    const M = this.minTiles.length;
    this.candidatesOf = lib.classes.map((k) => this.minTiles.map((t) => Int32Array.from(k.tile.keys()).filter((a) => k.tile[a] === t)));
    this.holds = new Int32Array(M > 0 ? state.cellCount * M : 0);
    this.possible = new Int32Array(M);
  }

  /** Counts a freshly filled active cell (setup). */
  filled(c: number, k: ClassCandidates): void {
    const M = this.minTiles.length;
    if (M > 0) {
      for (let i = 0; i < M; i++) {
        const n = this.candidatesOf[this.state.cls[c]!]![i]!.length;
        this.holds[c * M + i] = n;
        if (n > 0) this.possible[i]!++;
      }
    }
    if (k.count === 1) this.placed[k.tile[0]!]!++;
  }

  /** An instance outside the region. */
  fixed(tile: number): void {
    this.placed[tile]!++;
    const i = this.minIndex[tile]!;
    if (i >= 0) this.possible[i]!++;
  }

  removed(c: number, k: ClassCandidates, a: number, sz: number): void {
    if (sz === 0) this.placed[k.tile[a]!]!--;
    else if (sz === 1) this.placed[k.tile[this.state.single(c)]!]!++;
    const i = this.minIndex[k.tile[a]!]!;
    if (i >= 0 && --this.holds[c * this.minTiles.length + i]! === 0) this.possible[i]!--;
  }

  /** Before candidate `a` comes back into a cell of size `sz`. */
  restoring(c: number, k: ClassCandidates, a: number, sz: number): void {
    if (sz === 1) this.placed[k.tile[this.state.single(c)]!]!--;
    else if (sz === 0) this.placed[k.tile[a]!]!++;
    const i = this.minIndex[k.tile[a]!]!;
    if (i >= 0 && this.holds[c * this.minTiles.length + i]!++ === 0) this.possible[i]!++;
  }

  /** Applies the limits at a propagation fixpoint. */
  enforce(): 'ok' | 'pruned' | 'conflict' {
    const st = this.state;
    let pruned = false;
    for (let t = 0; t < this.max.length; t++) {
      const L = this.max[t]!;
      if (L < 0 || this.placed[t]! < L) continue;
      if (this.placed[t]! > L) {
        st.conflictTile = t;
        return 'conflict';
      }
      for (let c = 0; c < st.cellCount; c++) {
        if (!st.active[c] || st.size[c]! < 2) continue;
        const tiles = st.classes[st.cls[c]!]!.tile;
        st.forEachIn(c, (b) => {
          if (tiles[b] === t && st.size[c]! > 1) {
            st.remove(c, b, CAUSE_COUNT);
            pruned = true;
          }
        });
        if (st.conflictCell >= 0) return 'conflict';
      }
    }
    const M = this.minTiles.length;
    for (let i = 0; i < M; i++) {
      const t = this.minTiles[i]!;
      if (this.possible[i]! > this.minOf[i]!) continue;
      if (this.possible[i]! < this.minOf[i]!) {
        st.conflictMinTile = t;
        return 'conflict';
      }
      for (let c = 0; c < st.cellCount; c++) {
        if (!st.active[c] || this.holds[c * M + i] === 0 || this.holds[c * M + i] === st.size[c]) continue;
        const tiles = st.classes[st.cls[c]!]!.tile;
        st.forEachIn(c, (b) => {
          if (tiles[b] !== t) st.remove(c, b, minCause(t));
        });
        pruned = true;
        if (st.conflictCell >= 0) return 'conflict';
      }
    }
    return pruned ? 'pruned' : 'ok';
  }

  /** A tile's minimum, or 0. */
  minimum(tile: number): number {
    const i = this.minIndex[tile]!;
    return i < 0 ? 0 : this.minOf[i]!;
  }

  /** Cells that can hold the tile now (for the conflict's region). */
  holders(tile: number): number[] {
    const i = this.minIndex[tile]!;
    const M = this.minTiles.length;
    const out: number[] = [];
    for (let c = 0; c < this.state.cellCount; c++) if (this.state.active[c] && this.holds[c * M + i]! > 0) out.push(c);
    return out;
  }

  /** A new analysis: the singleton intervals are found again when needed. */
  startAnalysis(): void {
    this.spans = null;
  }

  /**
   * A maximum's explanation: the removals that had made cells single instances of `tile` at
   * trail position `before` (instances outside the region need none). Domains only shrink
   * along the trail, so each cell was a single instance during one interval, found once per
   * analysis (`singletonSpans`).
   */
  pushSingletons(tile: number, before: number, push: (t: number) => void): void {
    const st = this.state;
    this.spans ??= this.singletonSpans();
    for (const [y, from, to, alive] of this.spans.get(tile) ?? []) {
      if (from >= before || to < before) continue;
      const k = st.classes[st.cls[y]!]!;
      for (let b = 0; b < k.count; b++) if (b !== alive) push(st.removedAt[st.base[y]! + b]!);
    }
  }

  /** A minimum's explanation: in every cell that had lost every candidate of `tile` before trail position `before`, those removals. */
  pushLost(tile: number, before: number, push: (t: number) => void): void {
    const st = this.state;
    const i = this.minIndex[tile]!;
    for (let y = 0; y < st.cellCount; y++) {
      if (!st.active[y]) continue;
      const list = this.candidatesOf[st.cls[y]!]![i]!;
      if (list.length === 0) continue;
      let lost = true;
      for (let j = 0; j < list.length && lost; j++) {
        const b = list[j]!;
        if (st.has(y, b) || st.removedAt[st.base[y]! + b]! >= before) lost = false;
      }
      if (lost) for (let j = 0; j < list.length; j++) push(st.removedAt[st.base[y]! + list[j]!]!);
    }
  }

  private singletonSpans(): Map<number, [number, number, number, number][]> {
    const st = this.state;
    const out = new Map<number, [number, number, number, number][]>();
    for (let y = 0; y < st.cellCount; y++) {
      if (!st.active[y] || st.size[y]! > 1) continue;
      const k = st.classes[st.cls[y]!]!;
      const b0 = st.base[y]!;
      let last = -1,
        lastAt = -1,
        secondAt = -1;
      for (let b = 0; b < k.count; b++) {
        const at = st.has(y, b) ? Infinity : st.removedAt[b0 + b]!;
        if (at > lastAt) {
          secondAt = lastAt;
          lastAt = at;
          last = b;
        } else if (at > secondAt) secondAt = at;
      }
      const t = k.tile[last]!;
      let list = out.get(t);
      if (!list) out.set(t, (list = []));
      list.push([y, secondAt, lastAt, last]);
    }
    return out;
  }
}
