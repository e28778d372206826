/**
 * Automatic assembly (SPEC §6 "a seeded constraint solver fills a region (with backtracking
 * — no contradictions left — boundary conditions, weights, and an optional requirement that
 * the result is connected"); patent MAP ASSEMBLY): fills a region of an instance layer with
 * tile instances whose every shared edge matches.
 *
 * Representation (no object per cell): per cell a bitset of its class's candidates
 * (library.ts) in one Uint32Array, its size, and SUPPORT COUNTS cnt[cell, slot, signature] =
 * how many candidates left in the cell have that signature on that edge. A candidate of the
 * neighbour across that edge is supported while the count of its WANT is above zero — AC-4
 * (as WaveFunctionCollapse propagates) with the support counted per signature rather than
 * per candidate pair, since "fits" is signature equality.
 *
 * Search: pick the undecided cell of least weighted entropy (fixed seeded jitter breaks
 * ties), choose a candidate by weight, propagate. Every removal goes on a TRAIL (undo log)
 * with its cause — a decision, a lost support on slot b, a refuted decision, a global
 * constraint, or the boundary — so undoing is popping, never copying. On a wipe-out the
 * cause graph is walked back from the empty cell to the decisions it rests on (conflict-
 * directed backjumping, MAC-CBJ): the search jumps to the deepest of them, refutes it, and
 * carries the rest of the set as that refutation's explanation. A set with no decision
 * proves the region unsatisfiable; the cells the walk passed through are the conflicting
 * region reported. A bound on work (removals + decisions) stops the search with the
 * smallest conflicting region seen, so it never loops.
 *
 * Global constraints, applied at each propagation fixpoint: quantity limits per tile (a
 * tile's decided cells never exceed its count; at the count its other candidates go) and
 * connectivity (connectivity.ts). They do not explain themselves: their removals count as
 * depending on every decision so far (conflict-set.ts), which keeps backjumping sound.
 *
 * Deterministic: one seeded random stream (core/util/random.ts), fixed iteration orders.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Random } from '../util/random.js';
import { seededRandom } from '../util/random.js';
import { ConflictSet } from './conflict-set.js';
import type { NetworkView } from './connectivity.js';
import { ConnectivityPropagator } from './connectivity.js';
import type { InstanceLayer } from './instance-layer.js';
import type { AssemblyLibrary, ClassCandidates } from './library.js';
import type { Topology } from './topology.js';
import { buildTopology } from './topology.js';

export type BoundaryRule = 'closed' | 'open' | 'any';

export interface AssembleOptions {
  readonly seed: number;
  /** Cells to fill (any set; default the whole map). Instances outside it are fixed neighbours. */
  readonly region?: ArrayLike<number>;
  /** The map's outer edges: nothing may cross them (`closed`), something must (`open`), or `any` (default). */
  readonly boundary?: BoundaryRule;
  /** Keep the instances already placed inside the region (the user's fixed tiles). Default true. */
  readonly keepPlaced?: boolean;
  /** Most instances of a tile on the whole map (18xx manifests), by tile id. */
  readonly counts?: Readonly<Record<string, number>>;
  /** The network of these terrains must be one connected component. */
  readonly connectivity?: { readonly terrains: readonly string[] };
  /** Removals + decisions before giving up (default 20 million). */
  readonly maxWork?: number;
  /** A prebuilt topology of the layer's grid (buildTopology), to reuse between calls. */
  readonly topology?: Topology;
}

export interface AssembleStats {
  readonly decisions: number;
  readonly backjumps: number;
  /** Levels skipped by backjumps beyond plain backtracking. */
  readonly levelsSkipped: number;
  readonly work: number;
}

export type AssembleResult =
  | { readonly ok: true; readonly layer: InstanceLayer; readonly stats: AssembleStats }
  | {
      readonly ok: false;
      readonly reason: 'unsatisfiable' | 'work-bound';
      /** The smallest conflicting region found (cells). */
      readonly region: readonly number[];
      readonly message: string;
      readonly stats: AssembleStats;
    };

const CAUSE_DECISION = -1;
const CAUSE_REFUTE = -2;
const CAUSE_GLOBAL = -3;
const CAUSE_INIT = -4;
const CAUSE_COUNT = -5;

/** Fills `options.region` of `layer` (a copy is returned; the input is not changed). */
export function assemble(layer: InstanceLayer, library: AssemblyLibrary, options: AssembleOptions): AssembleResult {
  return new Search(layer, library, options).run();
}

class Search implements NetworkView {
  readonly cellCount: number;
  readonly maxSlots: number;
  readonly neighbour: Int32Array;
  readonly backSlot: Int8Array;
  readonly slotCount: Uint8Array;
  private readonly S: number;
  private readonly cls: Uint8Array;
  private readonly classes: readonly ClassCandidates[];
  private readonly active: Uint8Array;
  private readonly base: Int32Array;
  private readonly wbase: Int32Array;
  private readonly dom: Uint32Array;
  private readonly size: Int32Array;
  private readonly cnt: Int32Array;
  private readonly sumW: Float64Array;
  private readonly sumWlogW: Float64Array;
  private readonly jitter: Float64Array;
  /** Weighted entropy per cell, recomputed only when its domain changed (`stale`). */
  private readonly entropy: Float64Array;
  private readonly stale: Uint8Array;
  private readonly removedAt: Int32Array;
  private readonly random: Random;
  private readonly maxWork: number;

  // Trail (undo log), growable.
  private tCell = new Int32Array(1024);
  private tCand = new Int32Array(1024);
  private tCause = new Int32Array(1024);
  private tLevel = new Int32Array(1024);
  private visit = new Int32Array(1024);
  private tLen = 0;
  private stamp = 0;
  private readonly refutes = new Map<number, ConflictSet>();

  // Decisions.
  private level = 0;
  private readonly levelStart: number[] = [0];
  private readonly decCell: number[] = [-1];
  private readonly decCand: number[] = [-1];

  // Propagation queue: (cell, slot, signature) whose count reached zero.
  private queue = new Int32Array(3 * 1024);
  private qLen = 0;
  private conflictCell = -1;
  private conflictGlobal: readonly number[] | null = null;
  private conflictTile = -1;

  // Quantity limits.
  private readonly limit: Int32Array | null;
  private readonly placed: Int32Array;

  // Connectivity.
  private readonly conn: ConnectivityPropagator | null;
  private readonly sigNet: Uint8Array;
  private readonly netCount: Int32Array;
  private readonly netSlot: Int32Array;
  private readonly candNet: Uint8Array[];
  private readonly fixedNet: Uint8Array;
  private readonly fixedNetSlot: Uint8Array;
  private connDirty = true;

  private work = 0;
  private decisions = 0;
  private backjumps = 0;
  private levelsSkipped = 0;
  private best: number[] | null = null;

  constructor(
    private readonly layer: InstanceLayer,
    private readonly lib: AssemblyLibrary,
    private readonly options: AssembleOptions,
  ) {
    const topo = options.topology ?? buildTopology(layer.grid);
    if (topo.cellCount !== layer.cellCount) throw new RangeError(`the topology has ${topo.cellCount} cells; the layer ${layer.cellCount}`);
    this.cellCount = topo.cellCount;
    this.maxSlots = topo.maxSlots;
    this.neighbour = topo.neighbour;
    this.backSlot = topo.backSlot;
    this.slotCount = topo.slotCount;
    this.cls = topo.shapeClass;
    this.classes = lib.classes;
    this.S = lib.signatureCount;
    this.random = seededRandom(options.seed);
    this.maxWork = options.maxWork ?? 20_000_000;
    const C = this.cellCount;
    this.active = new Uint8Array(C);
    if (options.region) {
      for (let i = 0; i < options.region.length; i++) {
        const c = options.region[i]!;
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
    this.jitter = new Float64Array(C);
    this.entropy = new Float64Array(C);
    this.stale = new Uint8Array(C).fill(1);
    for (let c = 0; c < C; c++) this.jitter[c] = this.random() * 1e-6;

    this.placed = new Int32Array(lib.tiles.length);
    if (options.counts) {
      this.limit = new Int32Array(lib.tiles.length).fill(-1);
      for (const [id, n] of Object.entries(options.counts)) {
        const t = lib.tileIndex.get(id);
        if (t === undefined) throw new RangeError(`count for tile "${id}", which is not in the tile set`);
        if (!Number.isInteger(n) || n < 0) throw new RangeError(`count of tile "${id}" must be an integer ≥ 0, got ${n}`);
        this.limit[t] = n;
      }
    } else this.limit = null;

    const terrains = new Set(options.connectivity?.terrains ?? []);
    this.conn = options.connectivity ? new ConnectivityPropagator(C) : null;
    this.sigNet = lib.crossingSignatures(terrains);
    this.candNet = this.classes.map((k) => Uint8Array.from(k.tile, (t) => (lib.tiles[t]!.elements.some((e) => terrains.has(e.terrain)) ? 1 : 0)));
    this.netCount = new Int32Array(C);
    this.netSlot = new Int32Array(C * this.maxSlots);
    this.fixedNet = new Uint8Array(C);
    this.fixedNetSlot = new Uint8Array(C * this.maxSlots);
  }

  run(): AssembleResult {
    const init = this.init();
    if (init !== null) return init;
    if (!this.fixpoint()) {
      const r = this.resolve();
      if (r !== null) return r;
    }
    for (;;) {
      if (this.work > this.maxWork) return this.giveUp();
      const x = this.chooseCell();
      if (x < 0) return this.finish();
      const a = this.chooseCandidate(x);
      this.decisions++;
      this.work++;
      this.level++;
      this.levelStart[this.level] = this.tLen;
      this.decCell[this.level] = x;
      this.decCand[this.level] = a;
      this.forEachIn(x, (b) => {
        if (b !== a) this.remove(x, b, CAUSE_DECISION);
      });
      if (!this.fixpoint()) {
        const r = this.resolve();
        if (r !== null) return r;
      }
    }
  }

  // ── setup ──────────────────────────────────────────────────────────────
  private init(): AssembleResult | null {
    const { layer, lib } = this;
    const C = this.cellCount;
    const E = this.maxSlots;
    const S = this.S;
    const keep = this.options.keepPlaced ?? true;
    const candidateAt = (c: number): number => {
      const p = layer.get(c)!;
      const k = lib.candidateOf(this.cls[c]!, p.tile, p.code);
      if (k < 0) throw new RangeError(`cell ${c} holds tile "${p.tile}" (placement ${p.code}), which the tile set does not offer for that cell`);
      return k;
    };
    // Full domains and their counts.
    for (let c = 0; c < C; c++) {
      if (!this.active[c]) continue;
      const k = this.classes[this.cls[c]!]!;
      if (k.count === 0) return this.fail('unsatisfiable', [c], `no tile of the set fits cell ${c}'s shape`);
      const w0 = this.wbase[c]!;
      for (let a = 0; a < k.count; a++) this.dom[w0 + (a >>> 5)]! |= 1 << (a & 31);
      this.size[c] = k.count;
      for (let a = 0; a < k.count; a++) {
        const w = k.weight[a]!;
        this.sumW[c]! += w;
        if (w > 0) this.sumWlogW[c]! += w * Math.log(w);
        if (this.candNet[this.cls[c]!]![a]) this.netCount[c]!++;
        for (let s = 0; s < k.slots; s++) {
          const v = k.sig[a * k.slots + s]!;
          this.cnt[(c * E + s) * S + v]!++;
          if (this.sigNet[v]) this.netSlot[c * E + s]!++;
        }
      }
      if (k.count === 1) this.countSingle(c, 1);
    }
    // Instances outside the region: fixed neighbours, counted against the limits.
    for (let c = 0; c < C; c++) {
      if (this.active[c] || !layer.has(c)) continue;
      const a = candidateAt(c);
      const k = this.classes[this.cls[c]!]!;
      this.placed[k.tile[a]!]!++;
      this.fixedNet[c] = this.candNet[this.cls[c]!]![a]!;
      for (let s = 0; s < k.slots; s++) this.fixedNetSlot[c * E + s] = this.sigNet[k.sig[a * k.slots + s]!]!;
    }
    // Unary constraints, level 0: fixed cells, the map's outer edges, fixed neighbours.
    const closed = this.lib.closedSignatures();
    const boundary = this.options.boundary ?? 'any';
    for (let c = 0; c < C; c++) {
      if (!this.active[c]) continue;
      const k = this.classes[this.cls[c]!]!;
      if (keep && layer.has(c)) {
        const keepA = candidateAt(c);
        this.forEachIn(c, (b) => {
          if (b !== keepA) this.remove(c, b, CAUSE_INIT);
        });
      }
      for (let s = 0; s < k.slots; s++) {
        const m = this.neighbour[c * E + s]!;
        if (m < 0) {
          if (boundary === 'any') continue;
          const wantClosed = boundary === 'closed' ? 1 : 0;
          this.forEachIn(c, (b) => {
            if (closed[k.sig[b * k.slots + s]!] !== wantClosed) this.remove(c, b, CAUSE_INIT);
          });
        } else if (!this.active[m] && layer.has(m)) {
          const km = this.classes[this.cls[m]!]!;
          const need = km.want[candidateAt(m) * km.slots + this.backSlot[c * E + s]!]!;
          this.forEachIn(c, (b) => {
            if (k.sig[b * k.slots + s] !== need) this.remove(c, b, CAUSE_INIT);
          });
        }
      }
    }
    return null;
  }

  // ── domains ────────────────────────────────────────────────────────────
  private has(c: number, a: number): boolean {
    return (this.dom[this.wbase[c]! + (a >>> 5)]! & (1 << (a & 31))) !== 0;
  }

  private forEachIn(c: number, f: (a: number) => void): void {
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

  private single(c: number): number {
    const w0 = this.wbase[c]!;
    for (let w = w0; w < this.wbase[c + 1]!; w++) {
      const bits = this.dom[w]!;
      if (bits !== 0) return ((w - w0) << 5) + 31 - Math.clz32(bits & -bits);
    }
    return -1;
  }

  private countSingle(c: number, delta: number): void {
    const a = this.single(c);
    this.placed[this.classes[this.cls[c]!]!.tile[a]!]! += delta;
  }

  private remove(c: number, a: number, cause: number): void {
    const wi = this.wbase[c]! + (a >>> 5);
    const bit = 1 << (a & 31);
    if ((this.dom[wi]! & bit) === 0) return;
    this.dom[wi]! &= ~bit;
    this.work++;
    if (this.tLen === this.tCell.length) this.growTrail();
    const t = this.tLen++;
    this.tCell[t] = c;
    this.tCand[t] = a;
    this.tCause[t] = cause;
    this.tLevel[t] = this.level;
    this.removedAt[this.base[c]! + a] = t;
    const cl = this.cls[c]!;
    const k = this.classes[cl]!;
    const sz = --this.size[c]!;
    if (sz === 0) {
      this.placed[k.tile[a]!]!--;
      if (this.conflictCell < 0) this.conflictCell = c;
    } else if (sz === 1) this.countSingle(c, 1);
    const w = k.weight[a]!;
    this.sumW[c]! -= w;
    if (w > 0) this.sumWlogW[c]! -= w * Math.log(w);
    this.stale[c] = 1;
    // The may/must network changes only when a cell stops being possible or becomes certain, or a slot closes.
    if (this.candNet[cl]![a]) {
      if (--this.netCount[c]! === 0) this.connDirty = true;
    } else if (this.netCount[c] === sz && sz > 0) this.connDirty = true;
    const E = this.maxSlots;
    const S = this.S;
    for (let s = 0; s < k.slots; s++) {
      const v = k.sig[a * k.slots + s]!;
      if (this.sigNet[v] && --this.netSlot[c * E + s]! === 0) this.connDirty = true;
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

  private restore(t: number): void {
    const c = this.tCell[t]!;
    const a = this.tCand[t]!;
    const cl = this.cls[c]!;
    const k = this.classes[cl]!;
    const sz = this.size[c]!;
    if (sz === 1) this.countSingle(c, -1);
    this.dom[this.wbase[c]! + (a >>> 5)]! |= 1 << (a & 31);
    this.size[c] = sz + 1;
    if (sz === 0) this.placed[k.tile[a]!]!++;
    const w = k.weight[a]!;
    this.sumW[c]! += w;
    if (w > 0) this.sumWlogW[c]! += w * Math.log(w);
    if (this.candNet[cl]![a]) this.netCount[c]!++;
    this.stale[c] = 1;
    const E = this.maxSlots;
    const S = this.S;
    for (let s = 0; s < k.slots; s++) {
      const v = k.sig[a * k.slots + s]!;
      if (this.sigNet[v]) this.netSlot[c * E + s]!++;
      this.cnt[(c * E + s) * S + v]!++;
    }
    if (this.tCause[t] === CAUSE_REFUTE) this.refutes.delete(t);
  }

  private undoTo(mark: number): void {
    while (this.tLen > mark) this.restore(--this.tLen);
    this.qLen = 0;
    this.conflictCell = -1;
    this.conflictGlobal = null;
    this.conflictTile = -1;
    this.connDirty = true;
  }

  private growTrail(): void {
    this.tCell = grow(this.tCell);
    this.tCand = grow(this.tCand);
    this.tCause = grow(this.tCause);
    this.tLevel = grow(this.tLevel);
    this.visit = grow(this.visit);
  }

  // ── propagation ────────────────────────────────────────────────────────
  private propagateSupports(): boolean {
    const E = this.maxSlots;
    const S = this.S;
    while (this.qLen > 0 && this.conflictCell < 0) {
      const v = this.queue[--this.qLen]!;
      const s = this.queue[--this.qLen]!;
      const c = this.queue[--this.qLen]!;
      const m = this.neighbour[c * E + s]!;
      const b = this.backSlot[c * E + s]!;
      const km = this.classes[this.cls[m]!]!;
      const key = b * S + v;
      const { start, items } = km.byWant;
      for (let i = start[key]!; i < start[key + 1]! && this.conflictCell < 0; i++) {
        const B = items[i]!;
        if (this.has(m, B)) this.remove(m, B, b);
      }
    }
    if (this.conflictCell >= 0) {
      this.qLen = 0;
      return false;
    }
    return true;
  }

  /** Propagates to a fixpoint of supports and the global constraints; false on a contradiction. */
  private fixpoint(): boolean {
    for (;;) {
      if (!this.propagateSupports()) return false;
      if (this.limit) {
        const r = this.enforceCounts();
        if (r === 'conflict') return false;
        if (r === 'pruned') continue;
      }
      if (this.conn && this.connDirty) {
        this.connDirty = false;
        const r = this.conn.run(this);
        if (r.kind === 'conflict') {
          this.conflictGlobal = r.cells;
          return false;
        }
        if (r.force.length > 0) {
          for (const c of r.force) {
            const net = this.candNet[this.cls[c]!]!;
            this.forEachIn(c, (b) => {
              if (!net[b]) this.remove(c, b, CAUSE_GLOBAL);
            });
          }
          continue;
        }
      }
      return true;
    }
  }

  private enforceCounts(): 'ok' | 'pruned' | 'conflict' {
    const limit = this.limit!;
    let pruned = false;
    for (let t = 0; t < limit.length; t++) {
      const L = limit[t]!;
      if (L < 0 || this.placed[t]! < L) continue;
      if (this.placed[t]! > L) {
        this.conflictTile = t;
        return 'conflict';
      }
      for (let c = 0; c < this.cellCount; c++) {
        if (!this.active[c] || this.size[c]! < 2) continue;
        const tiles = this.classes[this.cls[c]!]!.tile;
        this.forEachIn(c, (b) => {
          if (tiles[b] === t && this.size[c]! > 1) {
            this.remove(c, b, CAUSE_COUNT);
            pruned = true;
          }
        });
        if (this.conflictCell >= 0) return 'conflict';
      }
    }
    return pruned ? 'pruned' : 'ok';
  }

  // NetworkView
  nodeState(c: number): 0 | 1 | 2 {
    if (!this.active[c]) return this.fixedNet[c] ? 2 : 0;
    const n = this.netCount[c]!;
    return n === 0 ? 0 : n === this.size[c] ? 2 : 1;
  }

  slotMay(c: number, s: number): boolean {
    const i = c * this.maxSlots + s;
    return this.active[c] ? this.netSlot[i]! > 0 : this.fixedNetSlot[i] === 1;
  }

  // ── conflicts and backjumping ──────────────────────────────────────────
  /** The decisions the current contradiction rests on, and the cells it passed through. */
  private analyze(): { set: ConflictSet; cells: number[] } {
    const set = new ConflictSet();
    this.spans = null;
    if (this.conflictGlobal) {
      set.addPrefix(this.level);
      return { set, cells: [...this.conflictGlobal] };
    }
    const E = this.maxSlots;
    const S = this.S;
    const stamp = ++this.stamp;
    const seenCell = new Set<number>();
    const stack: number[] = [];
    if (this.conflictTile >= 0) this.pushSingletons(this.conflictTile, this.tLen, stack);
    else {
      const x = this.conflictCell;
      const kx = this.classes[this.cls[x]!]!;
      for (let a = 0; a < kx.count; a++) stack.push(this.removedAt[this.base[x]! + a]!);
    }
    while (stack.length > 0) {
      const t = stack.pop()!;
      if (this.visit[t] === stamp) continue;
      this.visit[t] = stamp;
      const c = this.tCell[t]!;
      seenCell.add(c);
      const cause = this.tCause[t]!;
      if (cause === CAUSE_DECISION) set.addLevel(this.tLevel[t]!);
      else if (cause === CAUSE_REFUTE) set.merge(this.refutes.get(t)!);
      else if (cause === CAUSE_GLOBAL) set.addPrefix(this.tLevel[t]!);
      else if (cause === CAUSE_COUNT) this.pushSingletons(this.classes[this.cls[c]!]!.tile[this.tCand[t]!]!, t, stack);
      else if (cause >= 0) {
        // Lost its support on slot `cause`: every candidate across with the wanted signature went.
        const k = this.classes[this.cls[c]!]!;
        const y = this.neighbour[c * E + cause]!;
        const bb = this.backSlot[c * E + cause]!;
        const v = k.want[this.tCand[t]! * k.slots + cause]!;
        const ky = this.classes[this.cls[y]!]!;
        const key = bb * S + v;
        for (let i = ky.bySig.start[key]!; i < ky.bySig.start[key + 1]!; i++) stack.push(this.removedAt[this.base[y]! + ky.bySig.items[i]!]!);
      }
    }
    return { set, cells: [...seenCell].sort((p, q) => p - q) };
  }

  /**
   * A quantity limit's explanation: the removals that had made cells single instances of
   * tile `tile` at trail position `before` (instances outside the region need none). Domains
   * only shrink along the trail, so each cell was a single instance during one interval,
   * found once per analysis (`singletonSpans`).
   */
  private pushSingletons(tile: number, before: number, stack: number[]): void {
    this.spans ??= this.singletonSpans();
    for (const [y, from, to, alive] of this.spans.get(tile) ?? []) {
      if (from >= before || to < before) continue;
      const k = this.classes[this.cls[y]!]!;
      for (let b = 0; b < k.count; b++) if (b !== alive) stack.push(this.removedAt[this.base[y]! + b]!);
    }
  }

  private spans: Map<number, [cell: number, from: number, to: number, alive: number][]> | null = null;

  private singletonSpans(): Map<number, [number, number, number, number][]> {
    const out = new Map<number, [number, number, number, number][]>();
    for (let y = 0; y < this.cellCount; y++) {
      if (!this.active[y] || this.size[y]! > 1) continue;
      const k = this.classes[this.cls[y]!]!;
      const b0 = this.base[y]!;
      let last = -1, lastAt = -1, secondAt = -1;
      for (let b = 0; b < k.count; b++) {
        const at = this.has(y, b) ? Infinity : this.removedAt[b0 + b]!;
        if (at > lastAt) {
          secondAt = lastAt;
          lastAt = at;
          last = b;
        } else if (at > secondAt) secondAt = at;
      }
      const t = k.tile[last]!;
      let list = out.get(t);
      if (!list) out.set(t, (list = []));
      list.push([y, secondAt, lastAt, last]);
    }
    return out;
  }

  /** Backjumps until the search can go on (null) or ends (a result). */
  private resolve(): AssembleResult | null {
    let { set, cells } = this.analyze();
    for (;;) {
      if (this.best === null || cells.length < this.best.length) this.best = cells;
      const J = set.max();
      if (J === 0) return this.fail('unsatisfiable', cells, `no assembly exists: the ${cells.length} cells of the conflicting region cannot all be matched`);
      if (this.work > this.maxWork) return this.giveUp();
      this.backjumps++;
      this.levelsSkipped += this.level - J;
      this.undoTo(this.levelStart[J]!);
      const x = this.decCell[J]!;
      const a = this.decCand[J]!;
      this.level = J - 1;
      this.levelStart.length = J;
      this.decCell.length = J;
      this.decCand.length = J;
      set.dropMax(J);
      this.remove(x, a, CAUSE_REFUTE);
      this.refutes.set(this.tLen - 1, set.copy());
      if (this.fixpoint()) return null;
      ({ set, cells } = this.analyze());
    }
  }

  // ── choices ────────────────────────────────────────────────────────────
  private chooseCell(): number {
    let best = -1;
    let bestH = Infinity;
    for (let c = 0; c < this.cellCount; c++) {
      if (!this.active[c]) continue;
      const n = this.size[c]!;
      if (n < 2) continue;
      if (this.stale[c]) {
        const W = this.sumW[c]!;
        this.entropy[c] = (W > 0 ? Math.log(W) - this.sumWlogW[c]! / W : Math.log(n)) + this.jitter[c]!;
        this.stale[c] = 0;
      }
      const h = this.entropy[c]!;
      if (h < bestH) {
        bestH = h;
        best = c;
      }
    }
    return best;
  }

  private chooseCandidate(c: number): number {
    const k = this.classes[this.cls[c]!]!;
    const W = this.sumW[c]!;
    let pick = -1;
    if (W > 1e-12) {
      let r = this.random() * W;
      this.forEachIn(c, (a) => {
        if (pick >= 0) return;
        r -= k.weight[a]!;
        if (r < 0) pick = a;
      });
    }
    if (pick < 0) {
      // All weights zero (or rounding at the end): uniformly among the rest.
      let i = Math.floor(this.random() * this.size[c]!);
      this.forEachIn(c, (a) => {
        if (i-- === 0) pick = a;
      });
    }
    return pick;
  }

  // ── results ────────────────────────────────────────────────────────────
  private stats(): AssembleStats {
    return { decisions: this.decisions, backjumps: this.backjumps, levelsSkipped: this.levelsSkipped, work: this.work };
  }

  private finish(): AssembleResult {
    const out = this.layer.clone();
    for (let c = 0; c < this.cellCount; c++) {
      if (!this.active[c]) continue;
      const k = this.classes[this.cls[c]!]!;
      const a = this.single(c);
      out.set(c, this.lib.tiles[k.tile[a]!]!.id, k.code[a]!);
    }
    return { ok: true, layer: out, stats: this.stats() };
  }

  private giveUp(): AssembleResult {
    const region = this.best ?? [];
    return this.fail('work-bound', region, `gave up after ${this.work} steps without an assembly; the smallest conflicting region found has ${region.length} cells`);
  }

  private fail(reason: 'unsatisfiable' | 'work-bound', region: readonly number[], message: string): AssembleResult {
    return { ok: false, reason, region, message, stats: this.stats() };
  }
}

function grow(a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}
