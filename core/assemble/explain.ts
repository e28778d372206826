/**
 * Explaining a contradiction (conflict-directed backjumping, MAC-CBJ): the cause graph on the
 * trail is walked back from the contradiction to the decisions it rests on. A wiped-out cell
 * rests on the removals of all its candidates; a removal for lost support on slot s rests on
 * the removals of every candidate across that had the wanted signature; a decision's
 * removals rest on that decision's level; a refutation on its kept explanation; a quantity
 * limit on the removals that made the count (quantities.ts); the connectivity requirement,
 * which does not explain itself, on every level up to its own (conflict-set.ts). (Explaining
 * a cut network by the removals that closed the cut was tried: as many decisions on the
 * geomorph instances, three times the time in walking the longer explanations.)
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { ConflictSet } from './conflict-set.js';
import type { SearchState } from './state.js';
import { CAUSE_COUNT, CAUSE_DECISION, CAUSE_GLOBAL, CAUSE_INIT, CAUSE_MIN_BASE, CAUSE_REFUTE } from './trail.js';

/** Trail entries one explanation walks at least before falling back to every level. */
export const WALK_LIMIT_MIN = 20_000;
/** The least a walk may be given after walks before it were cut. */
export const WALK_LIMIT_FLOOR = 1_000;

/**
 * How far the next explanation may walk. A walk may reach most of the trail (hundreds of
 * candidates a cell, every one removed by a cause — the starter square set's closure spans
 * the whole decided map): past its limit the explanation falls back to every level so far,
 * which is sound (plain backtracking for this conflict) but the walk was paid for nothing.
 * So a cut walk quarters the next one's limit, down to WALK_LIMIT_FLOOR, and a walk that
 * completes doubles it back, up to max(WALK_LIMIT_MIN, 4 × cells): where explanations pay
 * (small cause graphs) they keep their full reach; where they never complete, they cost a
 * few thousand steps instead of tens of thousands.
 */
export class WalkBudget {
  readonly max: number;
  limit: number;
  walks = 0;
  cut = 0;
  walked = 0;

  constructor(cellCount: number) {
    this.max = this.limit = Math.max(WALK_LIMIT_MIN, 4 * cellCount);
  }

  /** Records a walk of `walked` entries, cut short or not, and sets the next limit. */
  record(walked: number, cut: boolean): void {
    this.walks++;
    this.walked += walked;
    if (cut) {
      this.cut++;
      this.limit = Math.max(WALK_LIMIT_FLOOR, this.limit >> 2);
    } else this.limit = Math.min(this.max, this.limit * 2);
  }
}

export interface Explanation {
  /** The decision levels it rests on. */
  readonly set: ConflictSet;
  /** The cells the walk passed through: the conflicting region (ascending). */
  readonly cells: number[];
  /** False when the set is every level so far for want of an explanation (a cut walk, the connectivity requirement). */
  readonly explained: boolean;
}

/** The decisions the current contradiction of `st` rests on, and the cells it passed through. */
export function explainConflict(st: SearchState, budget: WalkBudget): Explanation {
  const set = new ConflictSet();
  const q = st.quantities;
  q?.startAnalysis();
  if (st.conflictGlobal) {
    set.addPrefix(st.level);
    return { set, cells: [...st.conflictGlobal], explained: false };
  }
  const { trail, classes, cls, neighbour, backSlot, removedAt, base } = st;
  const E = st.maxSlots;
  const S = st.S;
  const stamp = ++trail.stamp;
  const { cellMark, levelMark } = st.explainMarks();
  const seen: number[] = [];
  const seeCell = (c: number): void => {
    if (cellMark[c] === stamp) return;
    cellMark[c] = stamp;
    seen.push(c);
  };
  // Entries that would add nothing are not pushed: one already visited, a decision's removal
  // once that decision's level is in (all of a level's decision removals are in its one
  // cell), a setup removal once its cell is in. The explanation is the same; the walk visits
  // each decided cell once instead of once per candidate it lost (hundreds with a rich set).
  const stack: number[] = [];
  const adds = (t: number): boolean => {
    if (trail.visit[t] === stamp) return false;
    const cause = trail.cause[t]!;
    return cause === CAUSE_DECISION ? levelMark[trail.level[t]!] !== stamp : cause !== CAUSE_INIT || cellMark[trail.cell[t]!] !== stamp;
  };
  const push = (t: number): void => {
    if (adds(t)) stack.push(t);
  };
  if (st.conflictTile >= 0) q!.pushSingletons(st.conflictTile, trail.length, push);
  else if (st.conflictMinTile >= 0) {
    q!.pushLost(st.conflictMinTile, trail.length, push);
    // The cells that can still hold the tile are part of the conflict: too few of them.
    for (const c of q!.holders(st.conflictMinTile)) seeCell(c);
  } else {
    const x = st.conflictCell;
    const kx = classes[cls[x]!]!;
    for (let a = 0; a < kx.count; a++) push(removedAt[base[x]! + a]!);
  }
  const limit = budget.limit;
  let walked = 0;
  let cut = false;
  while (stack.length > 0) {
    const t = stack.pop()!;
    if (!adds(t)) continue; // checked again: entries pushed together may have been made redundant since
    trail.visit[t] = stamp;
    st.work++; // walking explanations is work too: the bound stops a search that thrashes in them
    if (++walked > limit) {
      cut = true;
      set.addPrefix(st.level);
      break;
    }
    const c = trail.cell[t]!;
    seeCell(c);
    const cause = trail.cause[t]!;
    if (cause === CAUSE_DECISION) {
      set.addLevel(trail.level[t]!);
      levelMark[trail.level[t]!] = stamp;
    }
    else if (cause === CAUSE_REFUTE) set.merge(st.refutes.get(t)!);
    else if (cause === CAUSE_GLOBAL) set.addPrefix(trail.level[t]!);
    else if (cause === CAUSE_COUNT) q!.pushSingletons(classes[cls[c]!]!.tile[trail.cand[t]!]!, t, push);
    else if (cause <= CAUSE_MIN_BASE) q!.pushLost(CAUSE_MIN_BASE - cause, t, push);
    else if (cause >= 0) {
      // Lost its support on slot `cause`: every candidate across with the wanted signature went.
      const k = classes[cls[c]!]!;
      const y = neighbour[c * E + cause]!;
      const bb = backSlot[c * E + cause]!;
      const v = k.want[trail.cand[t]! * k.slots + cause]!;
      const ky = classes[cls[y]!]!;
      const key = bb * S + v;
      for (let i = ky.bySig.start[key]!; i < ky.bySig.start[key + 1]!; i++) push(removedAt[base[y]! + ky.bySig.items[i]!]!);
    }
  }
  budget.record(walked, cut);
  return { set, cells: seen.sort((p, r) => p - r), explained: !cut };
}
