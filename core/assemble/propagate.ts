/**
 * Propagation to a fixpoint: support counts first (AC-4 over the queue the state's removals
 * fill), then the global constraints at each support fixpoint — no loops (network-loops.ts),
 * quantity limits (quantities.ts) and connectivity (connectivity.ts) — until none of them
 * removes anything.
 * A contradiction leaves its cause in the state (a wiped-out cell, a tile, or the cells of a
 * global conflict) for explain.ts.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { ConnectivityPropagator } from './connectivity.js';
import type { NetworkState } from './network-state.js';
import type { SearchState } from './state.js';
import { CAUSE_GLOBAL } from './trail.js';

/** Steps around the changed cells the incremental connectivity pass looks at. */
export const CONNECTIVITY_RADIUS = 3;

/**
 * One connectivity pass over what changed (connectivity.ts): the window around the changed
 * cells, or the whole map when due — the first pass, after a conflict a whole-map pass found
 * (until one passes), when asked (`net.full`, at the end of the search), and when the cells
 * changed since the last whole-map pass reach `net.fullEvery`. That interval adapts: a
 * whole-map pass that finds what the windows missed (a conflict, a cell to force) halves it,
 * down to every change (DeBroglie's schedule, on instances where far cuts matter, as
 * geomorph corridors); one that finds nothing doubles it, up to 1/32 of the map.
 */
function connectivityPass(net: NetworkState, conn: ConnectivityPropagator) {
  const full = net.full || net.sinceFull >= net.fullEvery;
  const changed = full ? [] : net.changed.slice();
  net.dirty = false;
  net.clearChanged();
  if (!full) return conn.runLocal(net, changed, CONNECTIVITY_RADIUS);
  const scheduled = !net.full;
  net.sinceFull = 0;
  const r = conn.run(net);
  net.full = r.kind === 'conflict';
  if (scheduled) {
    const missed = r.kind === 'conflict' || r.force.length > 0;
    net.fullEvery = missed ? Math.max(1, net.fullEvery >> 1) : Math.min(net.fullEveryMax, net.fullEvery * 2);
  }
  return r;
}

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
    if (st.loops) {
      const loop = st.loops.pass(st.trail.length);
      if (loop) {
        st.conflictGlobal = loop;
        return false;
      }
    }
    if (st.quantities) {
      const r = st.quantities.enforce();
      if (r === 'conflict') return false;
      if (r === 'pruned') continue;
    }
    const net = st.network;
    if (conn && net && (net.dirty || net.full)) {
      const r = connectivityPass(net, conn);
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
