/**
 * The solver's acyclic rule (issue 25 "assembled maps read as maps"; `networks.acyclic`): no
 * river or road network closes a loop. The graph is network-shape.ts's — per network terrain
 * the cells whose tile crosses it, joined across a shared side both cross — built over the
 * DECIDED cells (and the fixed instances around the region) with a union-find per terrain.
 * A decided cell joining two cells of one component closes a loop: a contradiction (its
 * cells: a shortest way round the loop), explained like the connectivity requirement by every
 * decision so far (explaining it by the removals in the loop's cells was tried: the same
 * decisions on the starter sets, whose walks are cut anyway, at two to three times the time).
 * An undecided cell two of whose decided neighbours of one component cross towards it is
 * doomed (supports left it only candidates crossing back on both sides): checked beside each
 * cell taken in, and along both components when a cell joins two — so a loop is found when it
 * becomes certain, not levels later when its last cell is decided (a globe side 5, seed 2:
 * 17 000 backjumps, 34 s, without; 175 backjumps with).
 *
 * Undo: union by size without path compression, each union and each cell taken into the graph
 * logged with the trail's length at the time; undoing the trail to a mark pops the log entries
 * after it. Marks are the search's levels, taken at a fixpoint, where every cell decided before
 * the mark had been taken in (`pass` runs at each fixpoint), so what stays decided stays in.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { CellDomains } from './domains.js';
import type { AssemblyLibrary, ClassCandidates } from './library.js';
import type { NetworkRoles } from './network-ends.js';

export class LoopGuard {
  /** Per network terrain of the library: per signature id, 1 when the edge crosses it. */
  private readonly crossing: readonly Uint8Array[];
  private readonly C: number;
  /** [terrain * C + cell] → parent node (itself at a root), and the root's size. */
  private readonly parent: Int32Array;
  private readonly size: Int32Array;
  /** Per cell: its candidate once in the graph (decided and taken in, or fixed), else −1. */
  private readonly held: Int32Array;
  /** Undo log: a union's child node (≥ 0) or a cell taken in (−cell − 1), with the trail length then. */
  private logNode: number[] = [];
  private logAt: number[] = [];
  /** Cells decided since the last pass, each once. */
  private readonly pending: number[] = [];
  private readonly isPending: Uint8Array;
  /** (terrain, cell) where a cell taken in joined two components, since the last pass. */
  private readonly merged: number[] = [];
  /** The terrain of the loop `join` found last. */
  private loopTerrain = 0;
  /** Work the tests bound: cells taken in and neighbours looked at. */
  steps = 0;

  constructor(
    private readonly st: CellDomains,
    lib: AssemblyLibrary,
    roles: NetworkRoles,
  ) {
    const terrains = [...roles.watercourses, ...roles.routes].sort();
    this.crossing = terrains.map((t) => lib.crossingSignatures(new Set([t]))).filter((sig) => sig.some((v) => v === 1));
    const C = (this.C = st.cellCount);
    const n = this.crossing.length * C;
    this.parent = Int32Array.from({ length: n }, (_, i) => i);
    this.size = new Int32Array(n).fill(1);
    this.held = new Int32Array(C).fill(-1);
    this.isPending = new Uint8Array(C);
  }

  /** Whether there is anything to guard (the library crosses some network terrain). */
  get active(): boolean {
    return this.crossing.length > 0;
  }

  /** An instance outside the region (setup): in the graph as it is, joined to fixed neighbours; its own loops are not the solver's. */
  fixed(c: number, a: number): void {
    this.held[c] = a;
    this.join(c, 0, true);
  }

  /** A cell's domain came down to one candidate (state.ts `remove`). */
  decided(c: number): void {
    if (this.isPending[c]) return;
    this.isPending[c] = 1;
    this.pending.push(c);
  }

  /** Pops what was logged after trail position `mark` (state.ts `undoTo`). */
  undoTo(mark: number): void {
    for (const c of this.pending) this.isPending[c] = 0;
    this.pending.length = 0;
    while (this.logAt.length > 0 && this.logAt[this.logAt.length - 1]! > mark) {
      this.logAt.pop();
      const x = this.logNode.pop()!;
      if (x < 0) {
        this.held[-x - 1] = -1;
        continue;
      }
      const root = this.parent[x]!;
      this.parent[x] = x;
      this.size[root]! -= this.size[x]!;
    }
  }

  /** Takes the cells decided since the last pass into the graph; the cells of a loop found, or null. */
  pass(trailLength: number): readonly number[] | null {
    const st = this.st;
        let conflict: readonly number[] | null = null;
    const touched: number[] = [];
    for (const c of this.pending) {
      this.isPending[c] = 0;
      if (conflict || this.held[c]! >= 0 || st.size[c] !== 1) continue;
      this.held[c] = st.single(c);
      this.logNode.push(-c - 1);
      this.logAt.push(trailLength);
      this.steps++;
      const m = this.join(c, trailLength, false);
      if (m >= 0) conflict = this.cycle(m, c);
      this.besides(c, touched);
    }
    this.pending.length = 0;
    const merged = this.merged.splice(0);
    if (conflict) return conflict;
    for (let i = 0; i < merged.length; i += 2) for (const c of this.route(merged[i]!, merged[i + 1]!, -1, -1)) this.besides(c, touched);
    for (const x of touched) {
      const doomed = this.doomed(x);
      if (doomed) return doomed;
    }
    return null;
  }

  /** Adds the undecided cells of the region beside cell c to `out`. */
  private besides(c: number, out: number[]): void {
    const st = this.st;
    const E = st.maxSlots;
    for (let s = 0; s < st.slotCount[c]!; s++) {
      const x = st.neighbour[c * E + s]!;
      if (x >= 0 && st.active[x] && this.held[x]! < 0) out.push(x);
    }
  }

  /** Joins cell c to its neighbours in the graph, per terrain; the neighbour closing a loop, or −1 (`quiet`: fixed cells, no loop reported). */
  private join(c: number, at: number, quiet: boolean): number {
    const st = this.st;
    const E = st.maxSlots;
    const k = this.classOf(c);
    const a = this.held[c]!;
    for (let t = 0; t < this.crossing.length; t++) {
      const cross = this.crossing[t]!;
      let joined = 0;
      for (let s = 0; s < k.slots; s++) {
        if (!cross[k.sig[a * k.slots + s]!]) continue;
        const m = st.neighbour[c * E + s]!;
        this.steps++;
        if (m < 0 || m === c || !this.crossesBack(m, st.backSlot[c * E + s]!, cross)) continue;
        if (this.union(t * this.C + c, t * this.C + m, at)) joined++;
        else if (!quiet) {
          this.loopTerrain = t;
          return m;
        }
      }
      // Two components became one: a cell beside both, anywhere along them, is doomed now.
      if (joined >= 2 && !quiet) this.merged.push(t, c);
    }
    return -1;
  }

  /** The cells of the loop cell c closed by joining m: c and the way from m back to c not over their shared side. */
  private cycle(m: number, c: number): readonly number[] {
    return this.route(this.loopTerrain, m, c, c);
  }

  /**
   * The cells of a shortest way from `from` to `to` over the terrain's graph of cells in it
   * (breadth-first), never stepping from `from` straight to `skip`: the cells a loop's conflict
   * names. `to` −1: the whole component.
   */
  private route(t: number, from: number, to: number, skip: number): number[] {
    const st = this.st;
    const E = st.maxSlots;
    const cross = this.crossing[t]!;
    const prev = new Map<number, number>([[from, -1]]);
    const queue = [from];
    for (let head = 0; head < queue.length && (to < 0 || !prev.has(to)); head++) {
      const c = queue[head]!;
      const k = this.classOf(c);
      const a = this.held[c]!;
      for (let s = 0; s < k.slots; s++) {
        const m = st.neighbour[c * E + s]!;
        this.steps++;
        if (m < 0 || prev.has(m) || (c === from && m === skip) || !cross[k.sig[a * k.slots + s]!] || !this.crossesBack(m, st.backSlot[c * E + s]!, cross)) continue;
        prev.set(m, c);
        queue.push(m);
      }
    }
    if (to < 0) return queue;
    const out: number[] = [];
    for (let c = prev.has(to) ? to : from; c >= 0; c = prev.get(c)!) out.push(c);
    return out;
  }

  /** Whether an undecided cell has two neighbours of one component crossing towards it (cells of the loop it must close), else null. */
  private doomed(x: number): readonly number[] | null {
    const st = this.st;
    const E = st.maxSlots;
    for (let t = 0; t < this.crossing.length; t++) {
      const roots: number[] = [];
      const ends: number[] = [];
      for (let s = 0; s < st.slotCount[x]!; s++) {
        const m = st.neighbour[x * E + s]!;
        this.steps++;
        if (m < 0 || m === x || !this.crossesBack(m, st.backSlot[x * E + s]!, this.crossing[t]!)) continue;
        const r = this.find(t * this.C + m);
        const i = roots.indexOf(r);
        if (i >= 0) return [x, ...this.route(t, ends[i]!, m, -1)];
        roots.push(r);
        ends.push(m);
      }
    }
    return null;
  }

  /** Whether neighbour m is in the graph and crosses the terrain on its slot `back`. */
  private crossesBack(m: number, back: number, cross: Uint8Array): boolean {
    const b = this.held[m]!;
    if (b < 0) return false;
    const km = this.classOf(m);
    return cross[km.sig[b * km.slots + back]!] === 1;
  }

  private classOf(c: number): ClassCandidates {
    return this.st.classes[this.st.cls[c]!]!;
  }

  private find(x: number): number {
    while (this.parent[x] !== x) x = this.parent[x]!;
    return x;
  }

  /** Links the two nodes' components (false: they were one already). Logged at trail length `at`. */
  private union(p: number, q: number, at: number): boolean {
    let a = this.find(p);
    let b = this.find(q);
    if (a === b) return false;
    if (this.size[a]! > this.size[b]!) [a, b] = [b, a];
    this.parent[a] = b;
    this.size[b]! += this.size[a]!;
    this.logNode.push(a);
    this.logAt.push(at);
    return true;
  }
}
