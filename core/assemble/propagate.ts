/**
 * Propagation to a fixpoint: support counts first (AC-4 over the queue the state's removals
 * fill), then the global constraints at each support fixpoint — quantity limits
 * (quantities.ts) and connectivity (connectivity.ts) — until none of them removes anything.
 * A contradiction leaves its cause in the state (a wiped-out cell, a tile, or the cells of a
 * global conflict) for explain.ts.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { ConnectivityPropagator } from './connectivity.js';
import type { SearchState } from './state.js';
import { CAUSE_GLOBAL } from './trail.js';

/** Empties the support queue; false on a wipe-out. */
export function propagateSupports(st: SearchState): boolean {
  const E = st.maxSlots;
  const S = st.S;
  const { neighbour, backSlot, classes, cls } = st;
  while (st.qLen > 0 && st.conflictCell < 0) {
    const v = st.queue[--st.qLen]!;
    const s = st.queue[--st.qLen]!;
    const c = st.queue[--st.qLen]!;
    const m = neighbour[c * E + s]!;
    const b = backSlot[c * E + s]!;
    const km = classes[cls[m]!]!;
    const key = b * S + v;
    const { start, items } = km.byWant;
    for (let i = start[key]!; i < start[key + 1]! && st.conflictCell < 0; i++) {
      const B = items[i]!;
      if (st.has(m, B)) st.remove(m, B, b);
    }
  }
  if (st.conflictCell >= 0) {
    st.qLen = 0;
    return false;
  }
  return true;
}

/** Propagates to a fixpoint of supports and the global constraints; false on a contradiction. */
export function fixpoint(st: SearchState, conn: ConnectivityPropagator | null): boolean {
  for (;;) {
    if (!propagateSupports(st)) return false;
    if (st.quantities) {
      const r = st.quantities.enforce();
      if (r === 'conflict') return false;
      if (r === 'pruned') continue;
    }
    const net = st.network;
    if (conn && net && net.dirty) {
      net.dirty = false;
      net.all = false;
      net.clearChanged();
      const r = conn.run(net);
      if (r.kind === 'conflict') {
        st.conflictGlobal = r.cells;
        return false;
      }
      if (r.force.length > 0) {
        for (const c of r.force) {
          const isNet = net.candNet[st.cls[c]!]!;
          st.forEachIn(c, (b) => {
            if (!isNet[b]) st.remove(c, b, CAUSE_GLOBAL);
          });
        }
        continue;
      }
    }
    return true;
  }
}
