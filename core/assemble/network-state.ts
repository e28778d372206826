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
import type { SearchState } from './state.js';

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
  /** The may/must graph changed since the last pass; everything may have (after an undo). */
  dirty = true;
  all = true;
  /** Cells whose state or slots changed since the last pass, each once (`mark`). */
  readonly changed: number[] = [];
  private readonly mark: Uint8Array;

  constructor(
    private readonly state: SearchState,
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
  }

  /** Counts a freshly filled active cell's candidates (setup). */
  filled(c: number, k: ClassCandidates): void {
    const net = this.candNet[this.state.cls[c]!]!;
    const E = this.maxSlots;
    for (let a = 0; a < k.count; a++) {
      if (net[a]) this.netCount[c]!++;
      for (let s = 0; s < k.slots; s++) if (this.sigNet[k.sig[a * k.slots + s]!]) this.netSlot[c * E + s]!++;
    }
  }

  /** An instance outside the region: fixed network or not, per cell and slot. */
  fixed(c: number, k: ClassCandidates, a: number): void {
    this.fixedNet[c] = this.candNet[this.state.cls[c]!]![a]!;
    for (let s = 0; s < k.slots; s++) this.fixedNetSlot[c * this.maxSlots + s] = this.sigNet[k.sig[a * k.slots + s]!]!;
  }

  removed(c: number, cl: number, k: ClassCandidates, a: number, sz: number): void {
    // The may/must network changes only when a cell stops being possible or becomes certain, or a slot closes.
    let changed = false;
    if (this.candNet[cl]![a]) {
      if (--this.netCount[c]! === 0) changed = true;
    } else if (this.netCount[c] === sz && sz > 0) changed = true;
    const E = this.maxSlots;
    for (let s = 0; s < k.slots; s++) {
      if (this.sigNet[k.sig[a * k.slots + s]!] && --this.netSlot[c * E + s]! === 0) changed = true;
    }
    if (changed) this.touch(c);
  }

  restored(c: number, cl: number, k: ClassCandidates, a: number, _sz: number): void {
    if (this.candNet[cl]![a]) this.netCount[c]!++;
    const E = this.maxSlots;
    for (let s = 0; s < k.slots; s++) if (this.sigNet[k.sig[a * k.slots + s]!]) this.netSlot[c * E + s]!++;
  }

  /** After an undo the graph may have grown anywhere: the next pass looks at all of it. */
  undone(): void {
    this.dirty = true;
    this.all = true;
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
    }
  }

  // NetworkView
  nodeState(c: number): 0 | 1 | 2 {
    if (!this.state.active[c]) return this.fixedNet[c] ? 2 : 0;
    const n = this.netCount[c]!;
    return n === 0 ? 0 : n === this.state.size[c] ? 2 : 1;
  }

  slotMay(c: number, s: number): boolean {
    const i = c * this.maxSlots + s;
    return this.state.active[c] ? this.netSlot[i]! > 0 : this.fixedNetSlot[i] === 1;
  }
}
