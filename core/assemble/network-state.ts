/**
 * The search's view of the network the connectivity requirement is about (connectivity.ts):
 * per cell how many of its candidates carry one of the chosen terrains, per edge slot how
 * many cross it with one — so a cell MAY be network while the first is above zero, MUST be
 * while it equals the domain size, and a slot may carry the network while the second is
 * above zero. Instances outside the region are fixed network or not.
 *
 * Kept in step by the search state's remove/restore hooks (state.ts); `dirty` says the
 * may/must graph changed since the connectivity pass last ran, and `changed` lists the cells
 * where it did (each once), which is what the incremental pass starts from.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { NetworkView } from './connectivity.js';
import type { AssemblyLibrary, ClassCandidates } from './library.js';
import type { CellDomains } from './domains.js';

export class NetworkState implements NetworkView {
  readonly cellCount: number;
  readonly maxSlots: number;
  readonly neighbour: Int32Array;
  readonly backSlot: Int8Array;
  readonly slotCount: Uint8Array;
  /** Per class, per candidate: 1 when its tile has one of the terrains. */
  readonly candNet: readonly Uint8Array[];
  /** Per signature id: 1 when the edge has a crossing of one of the terrains. */
  readonly sigNet: Uint8Array;
  private readonly netCount: Int32Array;
  private readonly netSlot: Int32Array;
  private readonly fixedNet: Uint8Array;
  private readonly fixedNetSlot: Uint8Array;
  /** The may/must graph changed since the last pass. */
  dirty = true;
  /** The next pass must be over the whole map: the first one, after a conflict it found, and at the end. */
  full = true;
  /** Cells changed since the last whole-map pass, and how many call for the next one (propagate.ts). */
  sinceFull = 0;
  readonly fullEveryMax: number;
  fullEvery: number;
  /** Cells that must be network (active or fixed). */
  mustTotal = 0;
  /** Cells whose state or slots changed since the last pass, each once (`mark`). */
  readonly changed: number[] = [];
  private readonly mark: Uint8Array;

  constructor(
    private readonly state: CellDomains,
    lib: AssemblyLibrary,
    terrains: ReadonlySet<string>,
  ) {
    this.cellCount = state.cellCount;
    this.maxSlots = state.maxSlots;
    this.neighbour = state.neighbour;
    this.backSlot = state.backSlot;
    this.slotCount = state.slotCount;
    this.sigNet = lib.crossingSignatures(terrains);
    this.candNet = lib.classes.map((k) => Uint8Array.from(k.tile, (t) => (lib.tiles[t]!.elements.some((e) => terrains.has(e.terrain)) ? 1 : 0)));
    const C = state.cellCount;
    this.netCount = new Int32Array(C);
    this.netSlot = new Int32Array(C * state.maxSlots);
    this.fixedNet = new Uint8Array(C);
    this.fixedNetSlot = new Uint8Array(C * state.maxSlots);
    this.mark = new Uint8Array(C);
    this.fullEveryMax = this.fullEvery = Math.max(16, C >> 5);
  }

  /** Counts a freshly filled active cell's candidates (setup). */
  filled(c: number, k: ClassCandidates): void {
    const net = this.candNet[this.state.cls[c]!]!;
    const E = this.maxSlots;
    for (let a = 0; a < k.count; a++) {
      if (net[a]) this.netCount[c]!++;
      for (let s = 0; s < k.slots; s++) if (this.sigNet[k.sig[a * k.slots + s]!]) this.netSlot[c * E + s]!++;
    }
    if (stateOf(this.netCount[c]!, k.count) === 2) this.mustTotal++;
  }

  /** An instance outside the region: fixed network or not, per cell and slot. */
  fixed(c: number, k: ClassCandidates, a: number): void {
    this.fixedNet[c] = this.candNet[this.state.cls[c]!]![a]!;
    this.mustTotal += this.fixedNet[c]!;
    for (let s = 0; s < k.slots; s++) this.fixedNetSlot[c * this.maxSlots + s] = this.sigNet[k.sig[a * k.slots + s]!]!;
  }

  removed(c: number, cl: number, k: ClassCandidates, a: number, sz: number): void {
    // The may/must network changes only when a cell stops being possible or becomes certain, or a slot closes.
    const n0 = this.netCount[c]!;
    const n1 = this.candNet[cl]![a] ? n0 - 1 : n0;
    this.netCount[c] = n1;
    const before = stateOf(n0, sz + 1);
    const after = stateOf(n1, sz);
    let changed = before !== after;
    if (changed) this.mustTotal += (after === 2 ? 1 : 0) - (before === 2 ? 1 : 0);
    const E = this.maxSlots;
    for (let s = 0; s < k.slots; s++) {
      if (this.sigNet[k.sig[a * k.slots + s]!] && --this.netSlot[c * E + s]! === 0) changed = true;
    }
    if (changed) this.touch(c);
  }

  restored(c: number, cl: number, k: ClassCandidates, a: number, sz: number): void {
    const n0 = this.netCount[c]!;
    const n1 = this.candNet[cl]![a] ? n0 + 1 : n0;
    this.netCount[c] = n1;
    this.mustTotal += (stateOf(n1, sz) === 2 ? 1 : 0) - (stateOf(n0, sz - 1) === 2 ? 1 : 0);
    const E = this.maxSlots;
    for (let s = 0; s < k.slots; s++) if (this.sigNet[k.sig[a * k.slots + s]!]) this.netSlot[c * E + s]!++;
  }

  /** After an undo: the state is one the passes have seen (at the fixpoint before a decision). */
  undone(): void {
    this.dirty = false;
    this.clearChanged();
  }

  /** The pass has seen the changes. */
  clearChanged(): void {
    for (const c of this.changed) this.mark[c] = 0;
    this.changed.length = 0;
  }

  private touch(c: number): void {
    this.dirty = true;
    if (!this.mark[c]) {
      this.mark[c] = 1;
      this.changed.push(c);
      this.sinceFull++;
    }
  }

  // NetworkView
  nodeState(c: number): 0 | 1 | 2 {
    if (!this.state.active[c]) return this.fixedNet[c] ? 2 : 0;
    return stateOf(this.netCount[c]!, this.state.size[c]!);
  }

  slotMay(c: number, s: number): boolean {
    const i = c * this.maxSlots + s;
    return this.state.active[c] ? this.netSlot[i]! > 0 : this.fixedNetSlot[i] === 1;
  }
}

/** 0 not network, 1 may be, 2 must be: from the network candidates left and the domain size. */
function stateOf(net: number, size: number): 0 | 1 | 2 {
  return net === 0 ? 0 : net === size ? 2 : 1;
}
