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
import { CAUSE_COUNT, CAUSE_DECISION, CAUSE_GLOBAL, CAUSE_MIN_BASE, CAUSE_REFUTE } from './trail.js';

/** Trail entries one explanation walks at least before falling back to every level. */
export const WALK_LIMIT_MIN = 20_000;

export interface Explanation {
  /** The decision levels it rests on. */
  readonly set: ConflictSet;
  /** The cells the walk passed through: the conflicting region (ascending). */
  readonly cells: number[];
}

/** The decisions the current contradiction of `st` rests on, and the cells it passed through. */
export function explainConflict(st: SearchState): Explanation {
  const set = new ConflictSet();
  const q = st.quantities;
  q?.startAnalysis();
  if (st.conflictGlobal) {
    set.addPrefix(st.level);
    return { set, cells: [...st.conflictGlobal] };
  }
  const { trail, classes, cls, neighbour, backSlot, removedAt, base } = st;
  const E = st.maxSlots;
  const S = st.S;
  const stamp = ++trail.stamp;
  const seenCell = new Set<number>();
  const stack: number[] = [];
  if (st.conflictTile >= 0) q!.pushSingletons(st.conflictTile, trail.length, stack);
  else if (st.conflictMinTile >= 0) {
    q!.pushLost(st.conflictMinTile, trail.length, stack);
    // The cells that can still hold the tile are part of the conflict: too few of them.
    for (const c of q!.holders(st.conflictMinTile)) seenCell.add(c);
  } else {
    const x = st.conflictCell;
    const kx = classes[cls[x]!]!;
    for (let a = 0; a < kx.count; a++) stack.push(removedAt[base[x]! + a]!);
  }
  // A walk may reach most of the trail (hundreds of candidates a cell, every one removed by a
  // cause): past this many entries the explanation falls back to every level so far, which
  // is sound (plain backtracking for this conflict) and bounds the cost of one analysis.
  const limit = Math.max(WALK_LIMIT_MIN, 4 * st.cellCount);
  let walked = 0;
  while (stack.length > 0) {
    const t = stack.pop()!;
    if (trail.visit[t] === stamp) continue;
    trail.visit[t] = stamp;
    st.work++; // walking explanations is work too: the bound stops a search that thrashes in them
    if (++walked > limit) {
      set.addPrefix(st.level);
      break;
    }
    const c = trail.cell[t]!;
    seenCell.add(c);
    const cause = trail.cause[t]!;
    if (cause === CAUSE_DECISION) set.addLevel(trail.level[t]!);
    else if (cause === CAUSE_REFUTE) set.merge(st.refutes.get(t)!);
    else if (cause === CAUSE_GLOBAL) set.addPrefix(trail.level[t]!);
    else if (cause === CAUSE_COUNT) q!.pushSingletons(classes[cls[c]!]!.tile[trail.cand[t]!]!, t, stack);
    else if (cause <= CAUSE_MIN_BASE) q!.pushLost(CAUSE_MIN_BASE - cause, t, stack);
    else if (cause >= 0) {
      // Lost its support on slot `cause`: every candidate across with the wanted signature went.
      const k = classes[cls[c]!]!;
      const y = neighbour[c * E + cause]!;
      const bb = backSlot[c * E + cause]!;
      const v = k.want[trail.cand[t]! * k.slots + cause]!;
      const ky = classes[cls[y]!]!;
      const key = bb * S + v;
      for (let i = ky.bySig.start[key]!; i < ky.bySig.start[key + 1]!; i++) stack.push(removedAt[base[y]! + ky.bySig.items[i]!]!);
    }
  }
  return { set, cells: [...seenCell].sort((p, r) => p - r) };
}
