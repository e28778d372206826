/**
 * The choice heuristic of the search: the undecided cell of least weighted entropy
 * (WaveFunctionCollapse's "fewest remaining options", weighted), a fixed seeded jitter per
 * cell breaking ties; then a candidate drawn by weight. Entropy is cached per cell and
 * recomputed only where the domain changed (the state's `stale` flags).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Random } from '../util/random.js';
import type { SearchState } from './state.js';

export class Choice {
  private readonly jitter: Float64Array;
  private readonly entropy: Float64Array;

  constructor(
    private readonly st: SearchState,
    private readonly random: Random,
  ) {
    const C = st.cellCount;
    this.jitter = new Float64Array(C);
    this.entropy = new Float64Array(C);
    for (let c = 0; c < C; c++) this.jitter[c] = random() * 1e-6;
  }

  /** The next cell to decide, or −1 when every cell is decided. */
  cell(): number {
    const st = this.st;
    let best = -1;
    let bestH = Infinity;
    for (let c = 0; c < st.cellCount; c++) {
      if (!st.active[c]) continue;
      const n = st.size[c]!;
      if (n < 2) continue;
      if (st.stale[c]) {
        const W = st.sumW[c]!;
        this.entropy[c] = (W > 0 ? Math.log(W) - st.sumWlogW[c]! / W : Math.log(n)) + this.jitter[c]!;
        st.stale[c] = 0;
      }
      const h = this.entropy[c]!;
      if (h < bestH) {
        bestH = h;
        best = c;
      }
    }
    return best;
  }

  /** A candidate of the cell, drawn by weight (uniformly when every weight left is zero). */
  candidate(c: number): number {
    const st = this.st;
    const k = st.classes[st.cls[c]!]!;
    const W = st.sumW[c]!;
    let pick = -1;
    if (W > 1e-12) {
      let r = this.random() * W;
      st.forEachIn(c, (a) => {
        if (pick >= 0) return;
        r -= k.weight[a]!;
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
