/**
 * The search loop of the solver (solver.ts): pick a cell and a candidate (choice.ts), decide,
 * propagate to a fixpoint (propagate.ts); on a contradiction explain it (explain.ts), jump
 * back to the deepest decision it rests on, refute that decision carrying the rest of the
 * explanation (MAC-CBJ), and go on. An explanation with no decision proves the region
 * unsatisfiable; a bound on work (removals + decisions) stops the search with the smallest
 * conflicting region seen, so it never loops.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { seededRandom } from '../util/random.js';
import { Choice } from './choice.js';
import { ConnectivityPropagator } from './connectivity.js';
import { WalkBudget, explainConflict } from './explain.js';
import type { InstanceLayer } from '../map/instance-layer.js';
import type { AssemblyLibrary } from './library.js';
import { bothFilters, endFilter } from './network-filter.js';
import { LoopGuard } from './network-loops.js';
import { NetworkState } from './network-state.js';
import { PatchBias } from './patch-bias.js';
import { fixpoint } from './propagate.js';
import { Quantities } from './quantities.js';
import type { AssembleOptions, AssembleResult, AssembleStats } from './solver-types.js';
import { SearchState } from './state.js';
import type { Topology } from './topology.js';
import { buildTopology } from './topology.js';
import { CAUSE_DECISION, CAUSE_INIT, CAUSE_REFUTE } from './trail.js';

/** Decisions between two `onProgress` calls: cheap enough for a million-cell map, frequent enough for a bar. */
export const PROGRESS_EVERY = 64;
/** Unexplained backjumps without reaching a new deepest level before the first unwind (see `unwind`). */
export const THRASH_BACKJUMPS = 64;
/** Levels the first unwind undoes; each further one in the same thrash doubles it. */
export const UNWIND_SPAN_MIN = 32;

export class Search {
  private readonly st: SearchState;
  private readonly topo: Topology;
  private readonly patches: PatchBias | null;
  private readonly choice: Choice;
  private readonly conn: ConnectivityPropagator | null;
  private readonly maxWork: number;
  private readonly levelStart: number[] = [0];
  private readonly decCell: number[] = [-1];
  private readonly decCand: number[] = [-1];
  private decisions = 0;
  private backjumps = 0;
  private levelsSkipped = 0;
  private best: number[] | null = null;
  /** Thrash detection (see `unwind`): the deepest level reached, backjumps since, the next unwind's span. */
  private deepest = 0;
  private sinceDeepest = 0;
  private unwindSpan = UNWIND_SPAN_MIN;
  private thrashLimit = THRASH_BACKJUMPS;
  private unwinds = 0;
  private readonly walks: WalkBudget;
  private fillCount = -1;

  constructor(
    private readonly layer: InstanceLayer,
    private readonly lib: AssemblyLibrary,
    private readonly options: AssembleOptions,
  ) {
    const topo = (this.topo = options.topology ?? buildTopology(layer.grid));
    if (topo.cellCount !== layer.cellCount) throw new RangeError(`the topology has ${topo.cellCount} cells; the layer ${layer.cellCount}`);
    const st = (this.st = new SearchState(topo, lib, options.region));
    this.patches = options.patches ? new PatchBias(st, lib, options.patches) : null;
    this.choice = new Choice(st, seededRandom(options.seed), this.patches);
    this.maxWork = options.maxWork ?? 20_000_000;
    this.walks = new WalkBudget(st.cellCount);
    if (options.counts) st.quantities = new Quantities(st, lib, options.counts);
    if (options.connectivity) st.network = new NetworkState(st, lib, new Set(options.connectivity.terrains));
    this.conn = options.connectivity ? new ConnectivityPropagator(st.cellCount) : null;
    const net = options.networks;
    if (net && net.acyclic !== false) {
      const loops = new LoopGuard(st, lib, net.roles);
      if (loops.active) st.loops = loops;
    }
  }

  /** Cells being filled (the region's), for progress. */
  private get cellsToFill(): number {
    if (this.fillCount < 0) this.fillCount = this.st.active.reduce((n, v) => n + v, 0);
    return this.fillCount;
  }

  /** Work done so far (removals + decisions). */
  get work(): number {
    return this.st.work;
  }

  run(): AssembleResult {
    const st = this.st;
    const init = this.init();
    if (init !== null) return init;
    if (!fixpoint(st, this.conn)) {
      const r = this.resolve();
      if (r !== null) return r;
    }
    for (;;) {
      if (st.work > this.maxWork) return this.giveUp();
      const x = this.choice.cell();
      if (x < 0) {
        // Every cell decided: the network is checked whole before the map is given out.
        const net = st.network;
        if (!net || net.sinceFull === 0) return this.finish();
        net.full = net.dirty = true;
        if (!fixpoint(st, this.conn)) {
          const r = this.resolve();
          if (r !== null) return r;
        }
        continue;
      }
      const a = this.choice.candidate(x);
      this.decisions++;
      if (this.options.onProgress && this.decisions % PROGRESS_EVERY === 0) this.options.onProgress(st.level, this.cellsToFill);
      st.work++;
      const level = ++st.level;
      if (level > this.deepest) {
        this.deepest = level;
        this.sinceDeepest = 0;
        this.unwindSpan = UNWIND_SPAN_MIN;
      }
      this.levelStart[level] = st.trail.length;
      this.decCell[level] = x;
      this.decCand[level] = a;
      st.forEachIn(x, (b) => {
        if (b !== a) st.remove(x, b, CAUSE_DECISION);
      });
      if (!fixpoint(st, this.conn)) {
        const r = this.resolve();
        if (r !== null) return r;
      }
    }
  }

  /** Full domains, then the unary constraints at level 0: fixed cells, the map's outer edges, fixed neighbours. */
  private init(): AssembleResult | null {
    const { layer, lib, st } = this;
    const C = st.cellCount;
    const E = st.maxSlots;
    const keep = this.options.keepPlaced ?? true;
    const candidateAt = (c: number): number => {
      const p = layer.get(c)!;
      const k = lib.candidateOf(st.cls[c]!, p.tile, p.code);
      if (k < 0) throw new RangeError(`cell ${c} holds tile "${p.tile}" (placement ${p.code}), which the tile set does not offer for that cell`);
      return k;
    };
    for (let c = 0; c < C; c++) {
      if (!st.active[c]) continue;
      const k = st.classes[st.cls[c]!]!;
      if (k.count === 0) return this.fail('unsatisfiable', [c], `no tile of the set fits cell ${c}'s shape`);
      st.fill(c);
      st.network?.filled(c, k);
      st.quantities?.filled(c, k);
    }
    // Instances outside the region: fixed neighbours, counted against the limits.
    for (let c = 0; c < C; c++) {
      if (st.active[c] || !layer.has(c)) continue;
      const a = candidateAt(c);
      const k = st.classes[st.cls[c]!]!;
      st.quantities?.fixed(k.tile[a]!);
      st.network?.fixed(c, k, a);
      st.loops?.fixed(c, a);
      this.patches?.fixed(c, a);
    }
    const closed = lib.closedSignatures();
    const boundary = this.options.boundary ?? 'any';
    const net = this.options.networks;
    const allowed = bothFilters(this.options.allowed, net && net.ends !== false ? endFilter(this.topo, lib, net.roles, st.active, layer) : null);
    for (let c = 0; c < C; c++) {
      if (!st.active[c]) continue;
      const k = st.classes[st.cls[c]!]!;
      if (allowed) {
        st.forEachIn(c, (b) => {
          if (!allowed.allows(c, b)) st.remove(c, b, CAUSE_INIT);
        });
      }
      if (keep && layer.has(c)) {
        const keepA = candidateAt(c);
        st.forEachIn(c, (b) => {
          if (b !== keepA) st.remove(c, b, CAUSE_INIT);
        });
      }
      for (let s = 0; s < k.slots; s++) {
        const m = st.neighbour[c * E + s]!;
        if (m < 0) {
          if (boundary === 'any') continue;
          const wantClosed = boundary === 'closed' ? 1 : 0;
          st.forEachIn(c, (b) => {
            if (closed[k.sig[b * k.slots + s]!] !== wantClosed) st.remove(c, b, CAUSE_INIT);
          });
        } else if (!st.active[m] && layer.has(m)) {
          const km = st.classes[st.cls[m]!]!;
          const need = km.want[candidateAt(m) * km.slots + st.backSlot[c * E + s]!]!;
          st.forEachIn(c, (b) => {
            if (k.sig[b * k.slots + s] !== need) st.remove(c, b, CAUSE_INIT);
          });
        }
      }
    }
    return null;
  }

  /** Backjumps until the search can go on (null) or ends (a result). */
  private resolve(): AssembleResult | null {
    const st = this.st;
    let { set, cells, explained } = explainConflict(st, this.walks);
    for (;;) {
      if (this.best === null || cells.length < this.best.length) this.best = cells;
      const J = set.max();
      if (J === 0) return this.fail('unsatisfiable', cells, this.unsatisfiableMessage(cells));
      if (st.work > this.maxWork) return this.giveUp();
      if (!explained && ++this.sinceDeepest > this.thrashLimit && J > 1) {
        this.unwind(J);
        return null;
      }
      this.backjumps++;
      this.levelsSkipped += st.level - J;
      st.undoTo(this.levelStart[J]!);
      const x = this.decCell[J]!;
      const a = this.decCand[J]!;
      st.level = J - 1;
      this.levelStart.length = J;
      this.decCell.length = J;
      this.decCand.length = J;
      set.dropMax(J);
      st.remove(x, a, CAUSE_REFUTE);
      st.refutes.set(st.trail.length - 1, set.copy());
      if (fixpoint(st, this.conn)) return null;
      ({ set, cells, explained } = explainConflict(st, this.walks));
    }
  }

  /**
   * A partial restart when the search thrashes: `thrashLimit` UNEXPLAINED backjumps (a cut
   * walk or the connectivity requirement: each is plain backtracking, one level) without
   * reaching a deeper level than before mean the conflict's cause lies further back than
   * plain backtracking reaches in time (the starter square rivers, whose closed curves no
   * propagation sees, on 100×100: 14 000 backjumps). Undo the last `unwindSpan` levels
   * without refuting anything and go on: the cells come back, the random stream has moved
   * on, so they are decided again differently. Sound — no contradiction is kept, and
   * 'unsatisfiable' still needs an explanation with no decision. Complete as before given
   * the work: the limit doubles at each unwind and never shrinks, so in the end one run is
   * left the backjumps the whole search needs (restarts with a growing cutoff). Searches
   * whose conflicts are explained (backjumps that skip levels) never unwind. The span doubles
   * while the thrash goes on and resets once the search gets deeper than ever.
   */
  private unwind(J: number): void {
    const st = this.st;
    const to = Math.max(0, J - this.unwindSpan);
    this.unwinds++;
    this.unwindSpan *= 2;
    this.thrashLimit *= 2;
    this.sinceDeepest = 0;
    st.undoTo(this.levelStart[to + 1]!);
    st.level = to;
    this.levelStart.length = to + 1;
    this.decCell.length = to + 1;
    this.decCand.length = to + 1;
  }

  private unsatisfiableMessage(cells: readonly number[]): string {
    const t = this.st.conflictMinTile;
    if (t >= 0 && this.st.quantities) {
      return `no assembly exists: tile "${this.lib.tiles[t]!.id}" needs at least ${this.st.quantities.minimum(t)} instances, and the region cannot hold that many together with everything else`;
    }
    const net = this.options.networks;
    const rules = net ? [net.ends !== false ? 'no river or road ending inside the region' : '', net.acyclic !== false ? 'no network closing a loop' : ''].filter((x) => x !== '') : [];
    const why = rules.length > 0 ? ` with ${rules.join(' and ')} (rivers rise on high ground or a lake, roads end at a settlement or the border)` : '';
    return `no assembly exists: the ${cells.length} cells of the conflicting region cannot all be matched${why}`;
  }

  private stats(): AssembleStats {
    const c = this.conn;
    const connectivity = c ? { passes: c.localPasses + c.fullPasses, wholeMapPasses: c.fullPasses, cellsVisited: c.visited } : undefined;
    const w = this.walks;
    const explanations = { walks: w.walks, cut: w.cut, walked: w.walked };
    return { decisions: this.decisions, backjumps: this.backjumps, levelsSkipped: this.levelsSkipped, work: this.st.work, unwinds: this.unwinds, cellsExamined: this.choice.examined, explanations, ...(connectivity ? { connectivity } : {}) };
  }

  private finish(): AssembleResult {
    const st = this.st;
    this.options.onProgress?.(this.cellsToFill, this.cellsToFill);
    const out = this.layer.clone();
    for (let c = 0; c < st.cellCount; c++) {
      if (!st.active[c]) continue;
      const k = st.classes[st.cls[c]!]!;
      const a = st.single(c);
      out.set(c, this.lib.tiles[k.tile[a]!]!.id, k.code[a]!);
    }
    return { ok: true, layer: out, stats: this.stats() };
  }

  private giveUp(): AssembleResult {
    const region = this.best ?? [];
    const rules = this.options.networks ? ' (with the network rules: rivers and roads end only at a source, mouth, settlement or the border and never loop)' : '';
    return this.fail('work-bound', region, `gave up after ${this.st.work} steps without an assembly${rules}; the smallest conflicting region found has ${region.length} cells`);
  }

  private fail(reason: 'unsatisfiable' | 'work-bound', region: readonly number[], message: string): AssembleResult {
    return { ok: false, reason, region, message, stats: this.stats() };
  }
}
