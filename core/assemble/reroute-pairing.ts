/**
 * Which cut ends a reroute joins (patent VECTOR-REROUTING steps 1–3, POSITIVE-TURNING), one
 * bank at a time (reroute-banks.ts), over the ends in bank order:
 *
 * - An end TURNS toward its inside/uphill side: an area end whose area lies after it along
 *   the bank turns forward (+1, an opening bracket), one whose area lies before it turns
 *   back (−1, a closing bracket). Compatible ends have the same terrain (and height) and
 *   the same handedness, which is exactly "+1 first, −1 later". A line has no side (0) and
 *   may turn either way.
 * - Pairs are made only between ends that are neighbours in the bank order among the
 *   unpaired ends of their type, nearest first. Joining neighbours only is what makes the
 *   pairs of one type nest like brackets, so same-type curves never cross.
 * - Step 1 first: neighbours in the same area tile, along one run of its blocked edges.
 * - Step 3, open banks: what is left leaves the map — backward turners by the bank's start,
 *   forward turners by its end, lines by the nearer end. On a closed bank what is left is
 *   unresolved here; step 4 (reroute.ts) opens a way.
 *
 * Each route gets a LANE: routes that contain others run nearer the blocking feature, so
 * parallel reroutes keep their order; overlapping routes of different types take different
 * lanes so they cross instead of running on top of one another.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { PositionIndicator } from '../vector/indicators.js';
import type { Bank } from './reroute-banks.js';

export interface CutEnd {
  /** Index of its 'edge' step in the bank. */
  readonly step: number;
  readonly cell: number;
  readonly slot: number;
  /** Parameter on the edge and position along the bank. */
  readonly t: number;
  readonly s: number;
  readonly position: PositionIndicator;
  /** +1 forward, −1 back, 0 either (a line). */
  readonly turn: 1 | -1 | 0;
  /** Terrain type: kind, terrain and contour height (positionKey without the side). */
  readonly group: string;
}

export interface Route {
  /** The end the route starts from (null: it comes in from off the map at the bank's start). */
  readonly a: CutEnd | null;
  /** The end it reaches (null: it leaves the map at the bank's end). */
  readonly b: CutEnd | null;
  readonly lo: number;
  readonly hi: number;
  /** Which patent step made it: 1 same tile, 2 positive turning, 3 off the map. */
  readonly stepNo: 1 | 2 | 3;
  lane: number;
}

export interface Pairing {
  readonly routes: Route[];
  readonly unresolved: CutEnd[];
}

export function endTurn(p: PositionIndicator): 1 | -1 | 0 {
  if (p.kind === 'line') return 0;
  return p.inside === 'after' ? 1 : -1;
}

export const groupOf = (p: PositionIndicator): string => `${p.kind}:${p.terrain}${p.height === undefined ? '' : `@${p.height}`}`;

const compatible = (a: CutEnd, b: CutEnd): boolean => a.group === b.group && a.turn >= 0 && b.turn <= 0 && (a.turn === 0) === (b.turn === 0);

/** Whether the bank between two ends stays on one run of blocked edges of one cell (step 1). */
function sameRun(bank: Bank, a: CutEnd, b: CutEnd): boolean {
  if (a.cell !== b.cell) return false;
  const n = bank.steps.length;
  for (let i = a.step; i !== b.step; i = (i + 1) % n) {
    const st = bank.steps[i]!;
    if (st.kind !== 'edge' || st.cell !== a.cell) return false;
    if (!bank.closed && i === n - 1) return false;
  }
  return true;
}

/** Pairs the ends of one bank (given in bank order). */
export function pairBank(bank: Bank, ends: readonly CutEnd[]): Pairing {
  const routes: Route[] = [];
  const unresolved: CutEnd[] = [];
  const T = bank.length;
  const groups = new Map<string, CutEnd[]>();
  for (const e of ends) {
    let g = groups.get(e.group);
    if (!g) groups.set(e.group, (g = []));
    g.push(e);
  }
  for (const key of [...groups.keys()].sort()) {
    const list = groups.get(key)!;
    for (const stepNo of [1, 2] as const) {
      for (;;) {
        let best = -1, bestD = Infinity;
        const n = list.length;
        const last = bank.closed && n >= 2 ? n : n - 1;
        for (let i = 0; i < last; i++) {
          const a = list[i]!, b = list[(i + 1) % n]!;
          if (!compatible(a, b) || (stepNo === 1 && !sameRun(bank, a, b))) continue;
          const d = b.s - a.s + (i === n - 1 ? T : 0);
          if (d < bestD) {
            best = i;
            bestD = d;
          }
        }
        if (best < 0) break;
        const a = list[best]!, b = list[(best + 1) % n]!;
        routes.push({ a, b, lo: a.s, hi: a.s + bestD, stepNo, lane: 0 });
        if (best === n - 1) {
          list.splice(best, 1);
          list.splice(0, 1);
        } else list.splice(best, 2);
      }
    }
    for (const e of list) {
      if (bank.closed) unresolved.push(e);
      else if (e.turn < 0 || (e.turn === 0 && e.s < T - e.s)) routes.push({ a: null, b: e, lo: -1, hi: e.s, stepNo: 3, lane: 0 });
      else routes.push({ a: e, b: null, lo: e.s, hi: T + 1, stepNo: 3, lane: 0 });
    }
  }
  assignLanes(routes, bank.closed ? T : 0);
  return { routes, unresolved };
}

function assignLanes(routes: Route[], period: number): void {
  const shifts = period > 0 ? [-period, 0, period] : [0];
  const contains = (x: Route, y: Route): boolean => shifts.some((k) => x.lo <= y.lo + k + 1e-12 && y.hi + k <= x.hi + 1e-12);
  const overlaps = (x: Route, y: Route): boolean => shifts.some((k) => x.lo < y.hi + k && y.lo + k < x.hi);
  const order = [...routes].sort((x, y) => y.hi - y.lo - (x.hi - x.lo) || x.lo - y.lo);
  const done: Route[] = [];
  for (const r of order) {
    let floor = 0;
    const taken = new Set<number>();
    for (const o of done) {
      if (contains(o, r)) floor = Math.max(floor, o.lane + 1);
      else if (overlaps(o, r)) taken.add(o.lane);
    }
    let lane = floor;
    while (taken.has(lane)) lane++;
    r.lane = lane;
    done.push(r);
  }
}
