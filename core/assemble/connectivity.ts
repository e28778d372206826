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
 * Incremental: DeBroglie runs the articulation-point pass over the whole map at every
 * change, which makes a 100×100 map with connectivity take minutes. Here the pass after a
 * change looks only at a WINDOW — the cells within `radius` steps of the cells whose network
 * state changed — with everything outside it contracted into one node Ω (must if a must-cell
 * lies outside). Contracting only adds connections, so whatever the window shows is true of
 * the whole map: must-cells it finds cut apart are cut apart, and a cell it finds separating
 * must-cells separates them (sound pruning, sound conflicts). What it cannot see (a cut
 * farther away) the whole-map pass finds; that pass runs when the cells changed since the
 * last one reach a share of the map, when every cell is decided (so a finished map is always
 * checked whole), and after a conflict it found, until it passes again.
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
  /** Cells that must be network, on the whole map. */
  readonly mustTotal: number;
  /** 0 not a node (an empty cell outside the region), 1 may be network, 2 must be network. */
  nodeState(cell: number): 0 | 1 | 2;
  /** Whether the cell may have a network crossing on this slot. */
  slotMay(cell: number, slot: number): boolean;
}

export type ConnectivityOutcome = { readonly kind: 'ok'; readonly force: readonly number[] } | { readonly kind: 'conflict'; readonly cells: readonly number[] };

const OK_NOTHING: ConnectivityOutcome = { kind: 'ok', force: [] };

export class ConnectivityPropagator {
  /** Cells (and Ω) the passes have visited: the work the tests bound. */
  visited = 0;
  fullPasses = 0;
  localPasses = 0;
  private readonly omega: number;
  private readonly disc: Int32Array;
  private readonly low: Int32Array;
  private readonly mustBelow: Int32Array;
  private readonly stackNode: Int32Array;
  private readonly stackEdge: Int32Array;
  private readonly parent: Int32Array;
  /** Window membership: inWindow[c] === windowStamp. */
  private readonly inWindow: Int32Array;
  private windowStamp = 0;
  private readonly dist: Int32Array;
  private readonly critical: Uint8Array;
  /** Ω's edges: the window cells with a may-edge leaving the window (once per edge). */
  private omegaAdj: number[] = [];

  constructor(cellCount: number) {
    const n = cellCount + 1;
    this.omega = cellCount;
    this.disc = new Int32Array(n);
    this.low = new Int32Array(n);
    this.mustBelow = new Int32Array(n);
    this.stackNode = new Int32Array(n);
    this.stackEdge = new Int32Array(n);
    this.parent = new Int32Array(n);
    this.inWindow = new Int32Array(n);
    this.dist = new Int32Array(n);
    this.critical = new Uint8Array(n);
  }

  /** The pass over the whole map. */
  run(view: NetworkView): ConnectivityOutcome {
    this.fullPasses++;
    if (view.mustTotal === 0) return OK_NOTHING;
    const n = view.cellCount;
    let root = -1;
    for (let c = 0; c < n && root < 0; c++) if (view.nodeState(c) === 2) root = c;
    this.omegaAdj = [];
    return this.tarjan(view, root, false, false, view.mustTotal, () => {
      const cells: number[] = [];
      for (let c = 0; c < n; c++) if (view.nodeState(c) === 2) cells.push(c);
      return cells;
    });
  }

  /**
   * The pass over the window of `radius` steps around `changed`, the rest contracted into Ω.
   * Falls back to the whole map when the window would hold at least half of it.
   */
  runLocal(view: NetworkView, changed: readonly number[], radius: number): ConnectivityOutcome {
    if (view.mustTotal === 0) return OK_NOTHING;
    const n = view.cellCount;
    const E = view.maxSlots;
    const stamp = ++this.windowStamp;
    const { inWindow, dist } = this;
    const win: number[] = [];
    for (const c of changed) {
      if (inWindow[c] === stamp) continue;
      inWindow[c] = stamp;
      dist[c] = 0;
      win.push(c);
    }
    for (let head = 0; head < win.length; head++) {
      const c = win[head]!;
      if (dist[c]! >= radius) continue;
      for (let s = 0; s < view.slotCount[c]!; s++) {
        const m = view.neighbour[c * E + s]!;
        if (m < 0 || inWindow[m] === stamp) continue;
        inWindow[m] = stamp;
        dist[m] = dist[c]! + 1;
        win.push(m);
      }
      if (win.length * 2 >= n) return this.run(view);
    }
    this.localPasses++;
    this.visited += win.length;
    // The window's nodes, its must-cells, and Ω's edges.
    let mustInside = 0;
    let root = -1;
    const omegaAdj: number[] = [];
    const nodes: number[] = [];
    for (const c of win) {
      const st = view.nodeState(c);
      if (st === 0) continue;
      nodes.push(c);
      if (st === 2) {
        mustInside++;
        if (root < 0) root = c;
      }
      for (let s = 0; s < view.slotCount[c]!; s++) {
        const m = view.neighbour[c * E + s]!;
        if (m >= 0 && inWindow[m] !== stamp && this.edgeMay(view, c, s, m)) omegaAdj.push(c);
      }
    }
    const mustOutside = view.mustTotal - mustInside;
    if (mustOutside > 0 && omegaAdj.length === 0) {
      // Nothing leaves the window: its must-cells cannot reach the ones outside.
      return mustInside > 0 ? { kind: 'conflict', cells: nodes.filter((c) => view.nodeState(c) === 2) } : OK_NOTHING;
    }
    if (mustInside === 0) return OK_NOTHING; // every must-cell is in Ω: nothing in the window to cut apart
    this.omegaAdj = omegaAdj;
    const mustTotal = mustInside + (mustOutside > 0 ? 1 : 0);
    const start = mustOutside > 0 ? this.omega : root;
    return this.tarjan(view, start, true, mustOutside > 0, mustTotal, () => nodes.filter((c) => view.nodeState(c) === 2));
  }

  private edgeMay(view: NetworkView, c: number, s: number, m: number): boolean {
    return view.slotMay(c, s) && view.nodeState(m) !== 0 && view.slotMay(m, view.backSlot[c * view.maxSlots + s]!);
  }

  /**
   * Tarjan's articulation points from `root` (a must node) over the may-graph — the whole map,
   * or the window when it is stamped — with Ω (must when `omegaMust`) standing for the outside.
   */
  private tarjan(view: NetworkView, root: number, local: boolean, omegaMust: boolean, mustTotal: number, conflictCells: () => number[]): ConnectivityOutcome {
    const { disc, low, mustBelow, stackNode, stackEdge, parent, critical, omega, inWindow } = this;
    const E = view.maxSlots;
    const stamp = this.windowStamp;
    const visitedNodes: number[] = [];
    const isMust = (c: number): boolean => (c === omega ? omegaMust : view.nodeState(c) === 2);
    let time = 0;
    let sp = 0;
    const force: number[] = [];
    const enter = (c: number, p: number): void => {
      disc[c] = low[c] = ++time;
      mustBelow[c] = isMust(c) ? 1 : 0;
      parent[c] = p;
      stackNode[sp] = c;
      stackEdge[sp++] = 0;
      visitedNodes.push(c);
    };
    enter(root, -1);
    let reached = 0;
    while (sp > 0) {
      const c = stackNode[sp - 1]!;
      const e = stackEdge[sp - 1]!;
      let m = -1;
      let more: boolean;
      if (c === omega) {
        more = e < this.omegaAdj.length;
        if (more) m = this.omegaAdj[e]!;
      } else {
        more = e < view.slotCount[c]!;
        if (more) {
          const x = view.neighbour[c * E + e]!;
          if (x >= 0 && this.edgeMay(view, c, e, x)) m = !local || inWindow[x] === stamp ? x : omega;
        }
      }
      if (more) {
        stackEdge[sp - 1] = e + 1;
        if (m < 0) continue;
        // The edge back to the parent needs no skipping: for cut vertices low ≤ disc[parent] is harmless.
        if (disc[m] === 0) enter(m, c);
        else if (disc[m]! < low[c]!) low[c] = disc[m]!;
        continue;
      }
      sp--;
      if (isMust(c)) reached++;
      const p = parent[c]!;
      if (p < 0) continue;
      if (low[c]! < low[p]!) low[p] = low[c]!;
      mustBelow[p]! += mustBelow[c]!;
      // Removing p cuts c's subtree (which holds must-cells) from the root (a must node).
      if (low[c]! >= disc[p]! && mustBelow[c]! > 0 && p !== root && p !== omega && !isMust(p) && !critical[p]) {
        critical[p] = 1;
        force.push(p);
      }
    }
    this.visited += visitedNodes.length;
    for (const c of visitedNodes) disc[c] = 0;
    for (const c of force) critical[c] = 0;
    if (reached < mustTotal) return { kind: 'conflict', cells: conflictCells() };
    return { kind: 'ok', force };
  }
}
