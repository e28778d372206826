/**
 * The search state of the solver (solver.ts): per cell a bitset of its class's candidates
 * (library.ts) in one Uint32Array, its size and weight sums, and SUPPORT COUNTS
 * cnt[cell, slot, signature] = how many candidates left in the cell have that signature on
 * that edge. A candidate of the neighbour across that edge is supported while the count of
 * its WANT is above zero — AC-4 (as WaveFunctionCollapse propagates) counted per signature
 * rather than per candidate pair, since "fits" is signature equality. A count reaching zero
 * queues (cell, slot, signature) for propagation (propagate.ts).
 *
 * `remove` is the one way a candidate goes: it logs the removal on the trail with its cause
 * and keeps every counter in step (the quantity limits' and the network's through their
 * hooks); `undoTo` pops the trail back, restoring them.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { ConflictSet } from './conflict-set.js';
import type { CellDomains } from './domains.js';
import type { AssemblyLibrary, ClassCandidates } from './library.js';
import type { LoopGuard } from './network-loops.js';
import type { NetworkState } from './network-state.js';
import type { Quantities } from './quantities.js';
import type { Topology } from './topology.js';
import { CAUSE_REFUTE, Trail, grow } from './trail.js';

export class SearchState implements CellDomains {
  readonly cellCount: number;
  readonly maxSlots: number;
  readonly neighbour: Int32Array;
  readonly backSlot: Int8Array;
  readonly slotCount: Uint8Array;
  readonly cls: Uint8Array;
  readonly classes: readonly ClassCandidates[];
  /** Signature ids in the library. */
  readonly S: number;
  /** 1 for the cells being filled. */
  readonly active: Uint8Array;
  /** Candidate offset of each cell (removedAt) and word offset of its bitset (dom). */
  readonly base: Int32Array;
  readonly wbase: Int32Array;
  readonly dom: Uint32Array;
  readonly size: Int32Array;
  readonly cnt: Int32Array;
  readonly sumW: Float64Array;
  readonly sumWlogW: Float64Array;
  /** 1 where the domain changed since the choice heuristic last read it (choice.ts), and those cells in order. */
  readonly stale: Uint8Array;
  staleCells: Int32Array;
  staleCount: number;
  /** [base[cell] + candidate] → trail position of its latest removal. */
  readonly removedAt: Int32Array;
  readonly trail = new Trail();
  /** Explanations of refuted decisions, by trail position. */
  readonly refutes = new Map<number, ConflictSet>();
  level = 0;
  work = 0;

  /** Propagation queue: (cell, slot, signature) whose count reached zero. */
  queue = new Int32Array(3 * 1024);
  qLen = 0;
  /** The contradiction found, if any: a wiped-out cell, a global constraint's cells, a tile over its maximum or under its minimum. */
  conflictCell = -1;
  conflictGlobal: readonly number[] | null = null;
  conflictTile = -1;
  conflictMinTile = -1;

  quantities: Quantities | null = null;
  network: NetworkState | null = null;
  loops: LoopGuard | null = null;
  /** Scratch of the explanation walk (explain.ts): per cell and per level, the stamp of the last walk that reached it. */
  private cellMark: Int32Array | null = null;
  private levelMark = new Int32Array(0);

  constructor(topo: Topology, lib: AssemblyLibrary, region: ArrayLike<number> | undefined) {
    this.cellCount = topo.cellCount;
    this.maxSlots = topo.maxSlots;
    this.neighbour = topo.neighbour;
    this.backSlot = topo.backSlot;
    this.slotCount = topo.slotCount;
    this.cls = topo.shapeClass;
    this.classes = lib.classes;
    this.S = lib.signatureCount;
    const C = this.cellCount;
    this.active = new Uint8Array(C);
    if (region) {
      for (let i = 0; i < region.length; i++) {
        const c = region[i]!;
        if (!Number.isInteger(c) || c < 0 || c >= C) throw new RangeError(`region cell ${c} is outside the map (0…${C - 1})`);
        this.active[c] = 1;
      }
    } else this.active.fill(1);
    this.base = new Int32Array(C + 1);
    this.wbase = new Int32Array(C + 1);
    for (let c = 0; c < C; c++) {
      const k = this.active[c] ? this.classes[this.cls[c]!]!.count : 0;
      this.base[c + 1] = this.base[c]! + k;
      this.wbase[c + 1] = this.wbase[c]! + ((k + 31) >>> 5);
    }
    this.dom = new Uint32Array(this.wbase[C]!);
    this.removedAt = new Int32Array(this.base[C]!);
    this.size = new Int32Array(C);
    this.cnt = new Int32Array(C * this.maxSlots * Math.max(1, this.S));
    this.sumW = new Float64Array(C);
    this.sumWlogW = new Float64Array(C);
    this.stale = new Uint8Array(C).fill(1);
    this.staleCells = Int32Array.from({ length: Math.max(1, C) }, (_, c) => c);
    this.staleCount = C;
  }

  /** Fills an active cell's domain with every candidate of its class (setup). */
  fill(c: number): void {
    const k = this.classes[this.cls[c]!]!;
    const w0 = this.wbase[c]!;
    for (let a = 0; a < k.count; a++) this.dom[w0 + (a >>> 5)]! |= 1 << (a & 31);
    this.size[c] = k.count;
    const E = this.maxSlots;
    const S = this.S;
    for (let a = 0; a < k.count; a++) {
      const w = k.weight[a]!;
      this.sumW[c]! += w;
      if (w > 0) this.sumWlogW[c]! += w * Math.log(w);
      for (let s = 0; s < k.slots; s++) this.cnt[(c * E + s) * S + k.sig[a * k.slots + s]!]!++;
    }
  }

  /** The explanation walk's marks, sized for the cells and the current level. */
  explainMarks(): { cellMark: Int32Array; levelMark: Int32Array } {
    this.cellMark ??= new Int32Array(this.cellCount);
    if (this.levelMark.length <= this.level) {
      const grown = new Int32Array(Math.max(64, 2 * (this.level + 1)));
      grown.set(this.levelMark);
      this.levelMark = grown;
    }
    return { cellMark: this.cellMark, levelMark: this.levelMark };
  }

  has(c: number, a: number): boolean {
    return (this.dom[this.wbase[c]! + (a >>> 5)]! & (1 << (a & 31))) !== 0;
  }

  forEachIn(c: number, f: (a: number) => void): void {
    const w0 = this.wbase[c]!;
    const w1 = this.wbase[c + 1]!;
    for (let w = w0; w < w1; w++) {
      let bits = this.dom[w]!;
      while (bits !== 0) {
        const low = bits & -bits;
        f(((w - w0) << 5) + 31 - Math.clz32(low));
        bits ^= low;
      }
    }
  }

  /** The first candidate left in the cell (its only one once decided), or −1. */
  single(c: number): number {
    const w0 = this.wbase[c]!;
    for (let w = w0; w < this.wbase[c + 1]!; w++) {
      const bits = this.dom[w]!;
      if (bits !== 0) return ((w - w0) << 5) + 31 - Math.clz32(bits & -bits);
    }
    return -1;
  }

  remove(c: number, a: number, cause: number): void {
    const wi = this.wbase[c]! + (a >>> 5);
    const bit = 1 << (a & 31);
    if ((this.dom[wi]! & bit) === 0) return;
    this.dom[wi]! &= ~bit;
    this.work++;
    const t = this.trail.push(c, a, cause, this.level);
    this.removedAt[this.base[c]! + a] = t;
    const cl = this.cls[c]!;
    const k = this.classes[cl]!;
    const sz = --this.size[c]!;
    if (sz === 0 && this.conflictCell < 0) this.conflictCell = c;
    if (sz === 1) this.loops?.decided(c);
    this.quantities?.removed(c, k, a, sz);
    const w = k.weight[a]!;
    this.sumW[c]! -= w;
    if (w > 0) this.sumWlogW[c]! -= w * Math.log(w);
    this.markStale(c);
    this.network?.removed(c, cl, k, a, sz);
    const E = this.maxSlots;
    const S = this.S;
    for (let s = 0; s < k.slots; s++) {
      const v = k.sig[a * k.slots + s]!;
      if (--this.cnt[(c * E + s) * S + v]! === 0) {
        const m = this.neighbour[c * E + s]!;
        if (m >= 0 && this.active[m]) {
          if (this.qLen + 3 > this.queue.length) this.queue = grow(this.queue);
          this.queue[this.qLen++] = c;
          this.queue[this.qLen++] = s;
          this.queue[this.qLen++] = v;
        }
      }
    }
  }

  private markStale(c: number): void {
    if (this.stale[c]) return;
    this.stale[c] = 1;
    // Each cell is listed at most once while stale, so the list never outgrows the map.
    this.staleCells[this.staleCount++] = c;
  }

  private restore(t: number): void {
    const c = this.trail.cell[t]!;
    const a = this.trail.cand[t]!;
    const cl = this.cls[c]!;
    const k = this.classes[cl]!;
    const sz = this.size[c]!;
    this.quantities?.restoring(c, k, a, sz);
    this.dom[this.wbase[c]! + (a >>> 5)]! |= 1 << (a & 31);
    this.size[c] = sz + 1;
    const w = k.weight[a]!;
    this.sumW[c]! += w;
    if (w > 0) this.sumWlogW[c]! += w * Math.log(w);
    this.network?.restored(c, cl, k, a, sz + 1);
    this.markStale(c);
    const E = this.maxSlots;
    const S = this.S;
    for (let s = 0; s < k.slots; s++) this.cnt[(c * E + s) * S + k.sig[a * k.slots + s]!]!++;
    if (this.trail.cause[t] === CAUSE_REFUTE) this.refutes.delete(t);
  }

  /** Pops the trail back to `mark`, restoring every counter; clears the queue and the conflict. */
  undoTo(mark: number): void {
    while (this.trail.length > mark) this.restore(--this.trail.length);
    this.qLen = 0;
    this.conflictCell = -1;
    this.conflictGlobal = null;
    this.conflictTile = -1;
    this.conflictMinTile = -1;
    this.network?.undone();
    this.loops?.undoTo(mark);
  }
}
