/**
 * The choice heuristic of the search: the undecided cell of least weighted entropy
 * (WaveFunctionCollapse's "fewest remaining options", weighted), a fixed seeded jitter per
 * cell breaking ties; then a candidate drawn by weight (times the patch bias's factor when
 * asked, patch-bias.ts). Entropy is cached per cell and
 * recomputed only where the domain changed (the state's `stale` flags).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { FloatHeap } from '../util/float-heap.js';
import type { Random } from '../util/random.js';
import type { PatchBias } from './patch-bias.js';
import type { SearchState } from './state.js';

export class Choice {
  private readonly jitter: Float64Array;
  private readonly entropy: Float64Array;
  /** Per cell: bumped whenever its entropy is recomputed; a heap entry with an older tag is stale. */
  private readonly version: Int32Array;
  private readonly heap: FloatHeap;
  /** Cells and heap entries looked at while choosing: the work the tests bound (no scan of every cell per decision). */
  examined = 0;

  constructor(
    private readonly st: SearchState,
    private readonly random: Random,
    private readonly patches: PatchBias | null = null,
  ) {
    const C = st.cellCount;
    this.jitter = new Float64Array(C);
    this.entropy = new Float64Array(C);
    this.version = new Int32Array(C);
    this.heap = new FloatHeap(C);
    for (let c = 0; c < C; c++) this.jitter[c] = random() * 1e-6;
  }

  /**
   * The next cell to decide, or −1 when every cell is decided. Only the cells whose domain
   * changed since the last call (the state's stale list) are recomputed and pushed; the heap's
   * top, once stale entries are dropped, is the least (entropy, cell) — the same cell a scan
   * of the whole map would pick.
   */
  cell(): number {
    const st = this.st;
    const list = st.staleCells;
    const heap = this.heap;
    for (let i = 0; i < st.staleCount; i++) {
      const c = list[i]!;
      st.stale[c] = 0;
      this.examined++;
      if (!st.active[c]) continue;
      const ver = ++this.version[c]!;
      const n = st.size[c]!;
      if (n < 2) continue;
      const W = st.sumW[c]!;
      const h = (W > 0 ? Math.log(W) - st.sumWlogW[c]! / W : Math.log(n)) + this.jitter[c]!;
      this.entropy[c] = h;
      heap.push(h, c, ver);
    }
    st.staleCount = 0;
    if (heap.size > 2 * st.cellCount + 1024) this.rebuild();
    while (heap.size > 0) {
      const c = heap.topValue();
      this.examined++;
      if (heap.topTag() === this.version[c] && st.size[c]! >= 2) return c;
      heap.pop();
    }
    return -1;
  }

  /** Drops the stale entries in one go when they outnumber the cells (bounds the heap's memory). */
  private rebuild(): void {
    const st = this.st;
    this.heap.clear();
    for (let c = 0; c < st.cellCount; c++) {
      this.examined++;
      if (st.active[c] && st.size[c]! >= 2) this.heap.push(this.entropy[c]!, c, this.version[c]!);
    }
  }

  /**
   * A candidate of the cell, drawn by weight (uniformly when every weight left is zero); with
   * the patch bias (patch-bias.ts), each weight times its factor from the decided neighbours.
   */
  candidate(c: number): number {
    const st = this.st;
    const k = st.classes[st.cls[c]!]!;
    const bias = this.patches !== null && this.patches.prepare(c) ? this.patches : null;
    let W = st.sumW[c]!;
    if (bias) {
      W = 0;
      st.forEachIn(c, (a) => (W += k.weight[a]! * bias.factor(c, a)));
    }
    let pick = -1;
    if (W > 1e-12) {
      let r = this.random() * W;
      st.forEachIn(c, (a) => {
        if (pick >= 0) return;
        r -= bias ? k.weight[a]! * bias.factor(c, a) : k.weight[a]!;
        if (r < 0) pick = a;
      });
    }
    if (pick < 0) {
      // All weights zero (or rounding at the end): uniformly among the rest.
      let i = Math.floor(this.random() * st.size[c]!);
      st.forEachIn(c, (a) => {
        if (i-- === 0) pick = a;
      });
    }
    return pick;
  }
}
