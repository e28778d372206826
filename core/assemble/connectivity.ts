/**
 * The connectivity requirement (SPEC §6 "the result is connected, as geomorph generators
 * want"): the network of chosen terrains — cells whose tile has one of them, joined across
 * the edges those terrains cross — is one connected component. After DeBroglie's
 * ConnectedConstraint: over the graph of what MAY still be network (a cell with some
 * candidate that has the terrain; an edge slot with some candidate crossing it there), every
 * cell that MUST be network (all its candidates have it) has to lie in one component, and a
 * cell whose removal would cut must-cells apart (an articulation point, Tarjan's low-link)
 * must be network too. When every domain is a single candidate the may-graph is the network
 * itself, so a finished map is connected, not connected by luck (seed 002's problem).
 *
 * Works on the solver's counters through `NetworkView`; no state of its own between calls
 * except scratch arrays.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */

/** What the connectivity propagator reads of the search state. */
export interface NetworkView {
  readonly cellCount: number;
  readonly maxSlots: number;
  readonly neighbour: Int32Array;
  readonly backSlot: Int8Array;
  readonly slotCount: Uint8Array;
  /** 0 not a node (an empty cell outside the region), 1 may be network, 2 must be network. */
  nodeState(cell: number): 0 | 1 | 2;
  /** Whether the cell may have a network crossing on this slot. */
  slotMay(cell: number, slot: number): boolean;
}

export type ConnectivityOutcome = { readonly kind: 'ok'; readonly force: readonly number[] } | { readonly kind: 'conflict'; readonly cells: readonly number[] };

export class ConnectivityPropagator {
  private readonly disc: Int32Array;
  private readonly low: Int32Array;
  private readonly mustBelow: Int32Array;
  private readonly stackCell: Int32Array;
  private readonly stackSlot: Int32Array;
  private readonly parent: Int32Array;
  private readonly parentSlot: Int32Array;

  constructor(cellCount: number) {
    this.disc = new Int32Array(cellCount);
    this.low = new Int32Array(cellCount);
    this.mustBelow = new Int32Array(cellCount);
    this.stackCell = new Int32Array(cellCount);
    this.stackSlot = new Int32Array(cellCount);
    this.parent = new Int32Array(cellCount);
    this.parentSlot = new Int32Array(cellCount);
  }

  run(view: NetworkView): ConnectivityOutcome {
    const n = view.cellCount;
    let root = -1;
    let mustTotal = 0;
    for (let c = 0; c < n; c++) {
      if (view.nodeState(c) === 2) {
        if (root < 0) root = c;
        mustTotal++;
      }
    }
    if (root < 0) return { kind: 'ok', force: [] };
    const { disc, low, mustBelow, stackCell, stackSlot, parent, parentSlot } = this;
    disc.fill(0);
    const E = view.maxSlots;
    let time = 0;
    let sp = 0;
    const critical: number[] = [];
    const isCritical = new Uint8Array(n);
    const enter = (c: number, p: number, ps: number): void => {
      disc[c] = low[c] = ++time;
      mustBelow[c] = view.nodeState(c) === 2 ? 1 : 0;
      parent[c] = p;
      parentSlot[c] = ps;
      stackCell[sp] = c;
      stackSlot[sp++] = 0;
    };
    enter(root, -1, -1);
    let reached = 0;
    while (sp > 0) {
      const c = stackCell[sp - 1]!;
      const s = stackSlot[sp - 1]!;
      if (s < view.slotCount[c]!) {
        stackSlot[sp - 1] = s + 1;
        const m = view.neighbour[c * E + s]!;
        if (m < 0 || !view.slotMay(c, s) || view.nodeState(m) === 0 || !view.slotMay(m, view.backSlot[c * E + s]!)) continue;
        // The tree edge back to the parent is skipped once (by slot), so a second edge to it counts.
        if (disc[m] === 0) enter(m, c, view.backSlot[c * E + s]!);
        else if (s !== parentSlot[c] && disc[m]! < low[c]!) low[c] = disc[m]!;
        continue;
      }
      sp--;
      if (view.nodeState(c) === 2) reached++;
      const p = parent[c]!;
      if (p < 0) continue;
      if (low[c]! < low[p]!) low[p] = low[c]!;
      mustBelow[p]! += mustBelow[c]!;
      // Removing p cuts c's subtree (which holds must-cells) from the root (a must-cell).
      if (low[c]! >= disc[p]! && mustBelow[c]! > 0 && p !== root && view.nodeState(p) !== 2 && !isCritical[p]) {
        isCritical[p] = 1;
        critical.push(p);
      }
    }
    if (reached < mustTotal) {
      const cells: number[] = [];
      for (let c = 0; c < n; c++) if (view.nodeState(c) === 2) cells.push(c);
      return { kind: 'conflict', cells };
    }
    return { kind: 'ok', force: critical };
  }
}
