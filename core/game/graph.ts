/**
 * One company's connectivity graph, kept up to date lay by lay and token by token (issue 28;
 * the seed 001's incremental connectivity). A walk is a path entered at one end: state
 * `path * 2 + j` enters path `path` at `ends[j]` and leaves at the other end. From an edge
 * point a walk goes on into the neighbour's paths at the matching side (never into another
 * path of the same tile at that edge: track does not turn at a tile's edge); from a node it
 * goes on into the node's other paths unless the node stops it — an off-board area, or a
 * city whose slots are all filled by other companies' tokens. The company's tokens are the
 * sources. `reached` is every state some walk from a source can be in.
 *
 * Updates are local. A lay maps the hex's old reached states onto its new paths (lays keep
 * every old path) and grows the set from the hex's new paths; a token grows its owner's set
 * from the new source. Where something may shrink — a city newly blocked by a token or by a
 * merge — it deletes and re-derives (DRed): it removes what was reached through the city,
 * then puts back every removed state that still has a reached predecessor, growing from it.
 * `work` counts states examined, for tests and the bench.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { LayChange, Network } from './network.js';
import { endNode, nodeEnd } from './network.js';

export class CompanyGraph {
  private reachedBits = new Uint8Array(64);
  /** States examined since creation (successor and predecessor scans count each state they look at). */
  work = 0;

  constructor(
    readonly net: Network,
    readonly company: string,
  ) {
    this.recompute();
  }

  /** Whether the walk state is reached. */
  has(state: number): boolean {
    return state < this.reachedBits.length && this.reachedBits[state] === 1;
  }

  /** Every reached state, ascending. */
  states(): number[] {
    const out: number[] = [];
    for (let s = 0; s < this.reachedBits.length; s++) if (this.reachedBits[s] && this.net.paths[s >> 1]!.alive) out.push(s);
    return out;
  }

  private mark(s: number): void {
    if (s >= this.reachedBits.length) {
      const grown = new Uint8Array(Math.max(s + 1, this.reachedBits.length * 2));
      grown.set(this.reachedBits);
      this.reachedBits = grown;
    }
    this.reachedBits[s] = 1;
  }

  private unmark(s: number): void {
    if (s < this.reachedBits.length) this.reachedBits[s] = 0;
  }

  /** Whether a walk may go on through node `n` (it may always stop there). */
  passable(n: number): boolean {
    const node = this.net.nodes[n]!;
    const j = node.junction;
    if (j.type === 'offmap') return false;
    if (j.type !== 'city' && j.type !== 'pass') return true;
    if (node.tokens.includes(this.company)) return true;
    return node.tokens.length < Math.max(1, j.slots);
  }

  isSourceNode(n: number): boolean {
    return this.net.nodes[n]!.tokens.includes(this.company);
  }

  /** State entering `path` at end `end`. */
  private stateAt(path: number, end: number): number {
    return path * 2 + (this.net.paths[path]!.ends[0] === end ? 0 : 1);
  }

  /** States a walk in `s` may go on to. */
  successors(s: number, out: number[]): void {
    const p = this.net.paths[s >> 1]!;
    const exit = p.ends[1 - (s & 1)]!;
    if (exit >= 0) {
      const y = this.net.across(exit);
      if (y < 0) return;
      for (const q of this.net.edgePaths.get(y) ?? []) out.push(this.stateAt(q, y));
    } else {
      const n = endNode(exit);
      if (!this.passable(n)) return;
      for (const q of this.net.nodePaths.get(n) ?? []) if (q !== s >> 1) out.push(this.stateAt(q, exit));
    }
  }

  /** Whether state `s` is a source or follows from a reached state. */
  private supported(s: number): boolean {
    const path = s >> 1;
    const p = this.net.paths[path]!;
    const entry = p.ends[s & 1]!;
    if (entry >= 0) {
      const y = this.net.across(entry);
      if (y < 0) return false;
      for (const q of this.net.edgePaths.get(y) ?? []) {
        this.work++;
        // q leaves at y when it was entered at its other end.
        if (this.has(q * 2 + (this.net.paths[q]!.ends[0] === y ? 1 : 0))) return true;
      }
      return false;
    }
    const n = endNode(entry);
    if (this.isSourceNode(n)) return true;
    if (!this.passable(n)) return false;
    for (const q of this.net.nodePaths.get(n) ?? []) {
      this.work++;
      if (q !== path && this.has(q * 2 + (this.net.paths[q]!.ends[0] === entry ? 1 : 0))) return true;
    }
    return false;
  }

  /** Marks `seeds` (when not yet reached) and everything they lead to. */
  private grow(seeds: Iterable<number>): void {
    const stack: number[] = [];
    for (const s of seeds) {
      if (this.has(s)) continue;
      this.mark(s);
      stack.push(s);
    }
    const next: number[] = [];
    while (stack.length) {
      const s = stack.pop()!;
      this.work++;
      next.length = 0;
      this.successors(s, next);
      for (const t of next) {
        if (this.has(t)) continue;
        this.mark(t);
        stack.push(t);
      }
    }
  }

  /** States entering the paths at node n from the node. */
  private statesFromNode(n: number): number[] {
    const end = nodeEnd(n);
    return (this.net.nodePaths.get(n) ?? []).map((q) => this.stateAt(q, end));
  }

  /** The whole graph again from the tokens: the reference the incremental updates must equal. */
  recompute(): void {
    this.reachedBits = new Uint8Array(Math.max(64, this.net.paths.length * 2));
    const seeds: number[] = [];
    for (const node of this.net.nodes) if (node.alive && node.tokens.includes(this.company)) seeds.push(...this.statesFromNode(node.id));
    this.grow(seeds);
  }

  /**
   * After `net.replaceTile`: moves reached states of the hex's old paths onto the new ones,
   * re-derives around nodes that now stop walks they used to let through, and grows from
   * the new paths. `passableBefore` says, per old node, whether it let this company through.
   */
  applyLay(change: LayChange, passableBefore: ReadonlyMap<number, boolean>): void {
    let lost = false;
    for (const p of change.oldPaths) {
      for (const j of [0, 1]) {
        if (!this.has(p * 2 + j)) continue;
        this.unmark(p * 2 + j);
        const to = change.pathMap.get(p);
        if (to) this.mark(to[0] * 2 + (to[1] ? 1 - j : j));
        else lost = true;
      }
    }
    if (lost) {
      // A lay that drops track (never a legal one) may disconnect anything: start again.
      this.recompute();
      return;
    }
    for (const [oldNode, newNode] of change.nodeMap) {
      if (passableBefore.get(oldNode) && !this.passable(newNode)) this.rederiveAround(newNode);
    }
    const seeds: number[] = [];
    for (const p of change.newPaths) for (const j of [0, 1]) if (!this.has(p * 2 + j) && this.supported(p * 2 + j)) seeds.push(p * 2 + j);
    // Neighbours' paths that lead into the hex's new edges are grown by the walk from these seeds.
    this.grow(seeds);
  }

  /** A token was placed on node `n` (by any company). */
  applyToken(n: number, company: string, wasPassable: boolean): void {
    if (company === this.company) this.grow(this.statesFromNode(n));
    else if (wasPassable && !this.passable(n)) this.rederiveAround(n);
  }

  /** Delete-and-re-derive after node `n` stopped letting walks through. */
  private rederiveAround(n: number): void {
    const removed: number[] = [];
    const stack: number[] = [];
    for (const s of this.statesFromNode(n)) {
      if (this.has(s) && !this.isSourceNode(n)) {
        this.unmark(s);
        removed.push(s);
        stack.push(s);
      }
    }
    // Over-delete: everything reached onward from the removed states.
    const next: number[] = [];
    while (stack.length) {
      const s = stack.pop()!;
      this.work++;
      next.length = 0;
      this.successors(s, next);
      for (const t of next) {
        if (!this.has(t)) continue;
        this.unmark(t);
        removed.push(t);
        stack.push(t);
      }
    }
    // Re-derive: what still has support comes back, with all it leads to.
    for (const s of removed) if (!this.has(s) && this.supported(s)) this.grow([s]);
  }
}
