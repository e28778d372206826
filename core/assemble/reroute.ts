/**
 * VECTOR-REROUTING (patent; SPEC §6): after a continuous blocking feature is placed on the
 * linear tiles of an AL-FORM map, the area terrain that ran into it is cut and led along it:
 *   (1) to the nearest compatible end in the same area tile, (2) otherwise turning toward
 *   its inside/uphill side to the nearest compatible end (same terrain, same handedness),
 *   nearest pairs first, (3) if needed off the map, (4) if needed through EMPTY BLOCKING
 *   tiles put on the linear tiles a breadth-first search finds from the stranded end to the
 *   map's edge or to another blocking feature.
 * Banks: reroute-banks.ts; pairing and lanes: reroute-pairing.ts; shapes:
 * reroute-geometry.ts. Same-type curves never cross (bracket pairing + lanes); reroutes run
 * parallel to the feature with a small seeded variation. The area instances themselves do
 * not change: the result is each touched area cell's rerouted geometry (its frame, as
 * placed-tile.ts places it), which renderers draw instead and the checker verifies.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { seededRandom } from '../util/random.js';
import type { Cubic } from '../vector/bezier.js';
import { curveFromCubics } from '../vector/bezier.js';
import { edgeIndicators, indicatorsOf } from '../vector/indicators.js';
import type { AreaElement, CurveElement, Side, VectorElement, VectorTile } from '../vector/types.js';
import { withElements } from '../vector/types.js';
import { distance } from '../vector/vec2.js';
import type { AlFormTopology } from './alform-topology.js';
import { slotDirectionOf } from './topology.js';
import type { InstanceLayer } from '../map/instance-layer.js';
import type { LinearLayer } from '../map/linear-layer.js';
import { decodePlacement } from '../map/orientation-code.js';
import { placedTile } from './placed-tile.js';
import type { Bank } from './reroute-banks.js';
import { blockedSlots, findBanks } from './reroute-banks.js';
import type { Profile } from './reroute-clearance.js';
import { featureProfile } from './reroute-clearance.js';
import type { Leg, LegClearance, LegEnd } from './reroute-geometry.js';
import { cutNearEdge, legCubics } from './reroute-geometry.js';
import { smoothRoute } from './reroute-smooth.js';
import type { CutEnd, Route } from './reroute-pairing.js';
import { endTurn, groupOf, pairBank } from './reroute-pairing.js';
import { routeBlockers } from './reroute-step4.js';

export interface RerouteOptions {
  readonly seed: number;
  /** Terrains that cross a blocking feature instead of being rerouted (a road that bridges a river). */
  readonly bridges?: readonly string[];
  /** Step 4 on or off (default on). */
  readonly insertBlocking?: boolean;
  /** The tiles the linear layer holds: reroutes keep clear of the features they draw (reroute-clearance.ts). */
  readonly linearTiles?: readonly VectorTile[];
}

export interface RerouteResult {
  /** Area cell → its geometry after rerouting, in the cell's frame (only cells that changed). */
  readonly tiles: ReadonlyMap<number, VectorTile>;
  /** The linear layer with the empty blocking tiles of step 4 added (a copy). */
  readonly linear: LinearLayer;
  /** Linear cells given an empty blocking tile (step 4). */
  readonly inserted: readonly number[];
  /** Routes made by each step: [step 1, step 2, step 3]. */
  readonly routesByStep: readonly [number, number, number];
  /** Ends no step could lead anywhere (a closed bank with nothing compatible and no way out). */
  readonly unresolved: readonly { readonly cell: number; readonly slot: number; readonly element: string }[];
}

const BASE_DEPTH = 0.16;

export function reroute(topo: AlFormTopology, areas: InstanceLayer, library: readonly VectorTile[], linearIn: LinearLayer, options: RerouteOptions): RerouteResult {
  const byId = new Map(library.map((t) => [t.id, t]));
  const placed = new Map<number, VectorTile>();
  const tileAt = (c: number): VectorTile | null => {
    let t = placed.get(c);
    if (t) return t;
    const inst = areas.get(c);
    if (!inst) return null;
    const tile = byId.get(inst.tile);
    if (!tile) throw new RangeError(`cell ${c} holds tile "${inst.tile}", which the library does not have`);
    placed.set(c, (t = placedTile(tile, decodePlacement(inst.code), topo.cellShape(c))));
    return t;
  };
  const bridges = new Set(options.bridges ?? []);
  const linear = linearIn.clone();
  const inserted: number[] = [];
  const stranded = new Set<string>();
  for (;;) {
    const blocked = blockedSlots(topo, (l) => linear.isBlocking(l));
    const banks = findBanks(topo, blocked);
    const plans = banks.map((bank) => ({ bank, ...pairBank(bank, bankEnds(topo, bank, tileAt, bridges)) }));
    const open = plans.flatMap((p) => p.unresolved.map((e) => ({ e, bank: p.bank }))).filter(({ e }) => !stranded.has(endKey(e)));
    if (open.length === 0 || options.insertBlocking === false) return build(topo, plans, tileAt, linear, inserted, options);
    const { e, bank } = open[0]!;
    const path = routeBlockers(topo, linear, e, bank);
    if (path.length === 0) stranded.add(endKey(e));
    for (const l of path) {
      linear.setEmptyBlocking(l);
      inserted.push(l);
    }
  }
}

const endKey = (e: CutEnd): string => `${e.cell}:${e.position.element}:${e.position.end}`;

/** The cut ends along a bank, in bank order. */
function bankEnds(topo: AlFormTopology, bank: Bank, tileAt: (c: number) => VectorTile | null, bridges: ReadonlySet<string>): CutEnd[] {
  const out: CutEnd[] = [];
  bank.steps.forEach((st, step) => {
    if (st.kind !== 'edge') return;
    const tile = tileAt(st.cell);
    if (!tile) return;
    const ind = indicatorsOf(edgeIndicators(tile), slotDirectionOf(topo.grid, st.slot));
    for (const p of ind.positions) {
      if (bridges.has(p.terrain)) continue;
      out.push({ step, cell: st.cell, slot: st.slot, t: p.t, s: st.s0 + p.t * st.length, position: p, turn: endTurn(p), group: groupOf(p) });
    }
  });
  return out;
}

interface Piece {
  cubics: Cubic[];
  readonly el: CurveElement;
  side: Side | undefined;
  readonly startKey: string | null;
  readonly endKey: string | null;
}

function build(
  topo: AlFormTopology,
  plans: readonly { bank: Bank; routes: Route[]; unresolved: CutEnd[] }[],
  tileAt: (c: number) => VectorTile | null,
  linear: LinearLayer,
  inserted: number[],
  options: RerouteOptions,
): RerouteResult {
  const random = seededRandom(options.seed);
  const linearTiles = new Map((options.linearTiles ?? []).map((t) => [t.id, t]));
  const pieces = new Map<number, Piece[]>();
  const addPiece = (c: number, p: Piece): void => {
    let l = pieces.get(c);
    if (!l) pieces.set(c, (l = []));
    l.push(p);
  };
  // Depth of each end's route, then the originals cut at those depths.
  const depthOf = new Map<CutEnd, number>();
  const routeDepth = new Map<Route, number>();
  for (const { routes } of plans) {
    const lanes = Math.max(1, ...routes.map((r) => r.lane + 1));
    const step = Math.min(0.075, 0.3 / lanes);
    for (const r of routes) {
      const d = BASE_DEPTH + r.lane * step + (random() - 0.5) * Math.min(0.02, step / 3);
      routeDepth.set(r, d);
      if (r.a) depthOf.set(r.a, d);
      if (r.b) depthOf.set(r.b, d);
    }
  }
  const blocked = blockedSlots(topo, (l) => linear.isBlocking(l));
  const profile = featureProfile(topo, blocked, linear, linearTiles);
  const cuts = cutOriginals(topo, depthOf, tileAt, addPiece, profile);
  const unresolved = plans.flatMap((p) => p.unresolved.map((e) => ({ cell: e.cell, slot: e.slot, element: e.position.element })));
  const counts: [number, number, number] = [0, 0, 0];
  for (const { bank, routes } of plans) {
    for (const r of routes) {
      counts[r.stepNo - 1]++;
      const el = (r.a ?? r.b)!;
      const source = tileAt(el.cell)!.elements.find((x) => x.id === el.position.element) as CurveElement;
      const depth = routeDepth.get(r)!;
      const legs = legsOf(topo, bank, r, cuts);
      const whole = smoothRoute(topo, legs, depth, random, (c) => clearanceOf(topo, blocked, profile, c));
      for (const [k, leg] of legs.entries()) {
        const cubics = whole ? whole[k]! : legCubics(topo.cellShape(leg.cell), leg, depth, random, clearanceOf(topo, blocked, profile, leg.cell));
        if (cubics.length === 0) continue;
        addPiece(leg.cell, {
          cubics,
          el: source,
          side: source.kind === 'area' ? 'right' : undefined,
          startKey: leg.entry.kind === 'cut' && r.a ? cutKey(r.a) : null,
          endKey: leg.exit.kind === 'cut' && r.b ? cutKey(r.b) : null,
        });
      }
    }
  }
  const tiles = new Map<number, VectorTile>();
  for (const [c, list] of [...pieces].sort((x, y) => x[0] - y[0])) {
    const tile = tileAt(c)!;
    const kept = tile.elements.filter((e) => !cuts.cutElements.get(c)?.has(e.id));
    const chained = chain(list);
    tiles.set(c, withElements(tile, [...kept, ...chained]));
  }
  return { tiles, linear, inserted, routesByStep: counts, unresolved };
}

const cutKey = (e: CutEnd): string => `${e.cell}/${e.position.element}/${e.position.end}`;

interface Cuts {
  readonly at: Map<string, { point: readonly [number, number]; tangent: readonly [number, number] }>;
  readonly cutElements: Map<number, Set<string>>;
}

/** Cuts every original curve at its routed ends; the kept parts become pieces. */
function cutOriginals(topo: AlFormTopology, depthOf: Map<CutEnd, number>, tileAt: (c: number) => VectorTile | null, addPiece: (c: number, p: Piece) => void, profile: Profile): Cuts {
  const at: Cuts['at'] = new Map();
  const cutElements = new Map<number, Set<string>>();
  const byElement = new Map<string, CutEnd[]>();
  for (const e of depthOf.keys()) {
    const k = `${e.cell}/${e.position.element}`;
    byElement.set(k, [...(byElement.get(k) ?? []), e]);
  }
  for (const ends of byElement.values()) {
    const c = ends[0]!.cell;
    const tile = tileAt(c)!;
    const shape = topo.cellShape(c);
    const el = tile.elements.find((x) => x.id === ends[0]!.position.element) as CurveElement;
    let curve = el.curve;
    let startKey: string | null = null, endKey: string | null = null;
    for (const e of ends) {
      const r = Math.min(0.12, depthOf.get(e)! * 0.8);
      const cut = cutNearEdge(curve, e.position.end, shape.edges[e.slot]!, depthOf.get(e)! + profile(c, e.slot, e.t) + r);
      curve = curveFromCubics(cut.kept, false);
      at.set(cutKey(e), { point: cut.point, tangent: cut.tangent });
      if (e.position.end === 'end') endKey = cutKey(e);
      else startKey = cutKey(e);
    }
    let set = cutElements.get(c);
    if (!set) cutElements.set(c, (set = new Set()));
    set.add(el.id);
    const cubics: Cubic[] = [];
    for (let i = 0; i + 3 < curve.points.length; i += 3) cubics.push([curve.points[i]!, curve.points[i + 1]!, curve.points[i + 2]!, curve.points[i + 3]!]);
    addPiece(c, { cubics, el, side: el.kind === 'area' ? el.side : undefined, startKey, endKey });
  }
  return { at, cutElements };
}

/**
 * The feature's clearance as one cell's legs see it. At a pass point both cells sharing the
 * edge take the larger of the feature's depths at that corner, so the two halves meet.
 */
function clearanceOf(topo: AlFormTopology, blocked: Uint8Array, profile: Profile, cell: number): LegClearance {
  const E = topo.maxSlots;
  const depthAt = (c: number, slot: number, u: number): number => (blocked[c * E + slot] ? profile(c, slot, u) : 0);
  return {
    profile: (slot, u) => profile(cell, slot, u),
    pass(slot, atTo) {
      const n = topo.slotCount[cell]!;
      const mine = atTo ? depthAt(cell, (slot + 1) % n, 0) : depthAt(cell, (slot + n - 1) % n, 1);
      const m = topo.neighbour[cell * E + slot]!;
      if (m < 0) return mine;
      const b = topo.backSlot[cell * E + slot]!;
      const k = topo.slotCount[m]!;
      const theirs = atTo ? depthAt(m, (b + k - 1) % k, 1) : depthAt(m, (b + 1) % k, 0);
      return Math.max(mine, theirs);
    },
  };
}

/** A route's legs, cell by cell along its bank. */
function legsOf(topo: AlFormTopology, bank: Bank, r: Route, cuts: Cuts): Leg[] {
  const E = topo.maxSlots;
  const cutEnd = (e: CutEnd): LegEnd => ({ kind: 'cut', t: e.t, cutPoint: cuts.at.get(cutKey(e))!.point, tangent: cuts.at.get(cutKey(e))!.tangent });
  const steps = bank.steps;
  const n = steps.length;
  const legs: Leg[] = [];
  let cur: { cell: number; entry: LegEnd; edges: number[] };
  let i: number;
  if (r.a) {
    cur = { cell: r.a.cell, entry: cutEnd(r.a), edges: [r.a.slot] };
    if (r.b && r.b.step === r.a.step && r.b.s > r.a.s) return [{ ...cur, exit: cutEnd(r.b) }];
    i = (r.a.step + 1) % n;
  } else {
    const st = steps[0]!;
    cur = { cell: st.cell, entry: { kind: 'edge', slot: st.slot }, edges: [] };
    i = 1;
  }
  for (let guard = 0; guard <= n; guard++, i = (i + 1) % n) {
    const st = steps[i]!;
    if (st.kind === 'pass') {
      legs.push({ ...cur, exit: { kind: 'edge', slot: st.slot } });
      cur = { cell: topo.neighbour[st.cell * E + st.slot]!, entry: { kind: 'edge', slot: topo.backSlot[st.cell * E + st.slot]! }, edges: [] };
    } else if (st.kind === 'edge') {
      cur.edges.push(st.slot);
      if (r.b && i === r.b.step) {
        legs.push({ ...cur, exit: cutEnd(r.b) });
        return legs;
      }
    } else {
      legs.push({ ...cur, exit: { kind: 'edge', slot: st.slot } });
      return legs;
    }
  }
  throw new Error('reroute: a route did not reach its end');
}

/** Joins pieces meeting at cut points into whole curves (closed where they come round). */
function chain(pieces: readonly Piece[]): VectorElement[] {
  const byKey = new Map<string, Piece[]>();
  for (const p of pieces) for (const k of [p.startKey, p.endKey]) if (k) byKey.set(k, [...(byKey.get(k) ?? []), p]);
  const used = new Set<Piece>();
  const out: VectorElement[] = [];
  const flip = (p: Piece): { cubics: Cubic[]; side: Side | undefined; head: string | null; tail: string | null } => ({
    cubics: p.cubics.map((q) => [q[3], q[2], q[1], q[0]] as Cubic).reverse(),
    side: p.side === undefined ? undefined : p.side === 'left' ? 'right' : 'left',
    head: p.endKey,
    tail: p.startKey,
  });
  const asIs = (p: Piece) => ({ cubics: p.cubics, side: p.side, head: p.startKey, tail: p.endKey });
  const starts = [...pieces.filter((p) => p.startKey === null || p.endKey === null), ...pieces];
  let n = 0;
  for (const p0 of starts) {
    if (used.has(p0)) continue;
    used.add(p0);
    let cur = p0.startKey === null || p0.endKey !== null ? asIs(p0) : flip(p0);
    const cubics = [...cur.cubics];
    const side = cur.side;
    const head = cur.head;
    let closed = false;
    while (cur.tail) {
      const next = byKey.get(cur.tail)!.find((q) => !used.has(q));
      if (!next) {
        closed = cur.tail === head;
        break;
      }
      used.add(next);
      cur = next.startKey === cur.tail ? asIs(next) : flip(next);
      cubics.push(...cur.cubics);
    }
    if (cubics.length === 0) continue;
    if (closed) cubics[cubics.length - 1] = [cubics[cubics.length - 1]![0], cubics[cubics.length - 1]![1], cubics[cubics.length - 1]![2], cubics[0]![0]];
    const first = p0.el;
    const id = `${first.id}~${n++}`;
    const curve = curveFromCubics(cubics, closed && distance(cubics[0]![0], cubics[cubics.length - 1]![3]) < 1e-9);
    out.push(first.kind === 'area' ? ({ kind: 'area', id, terrain: first.terrain, side: side ?? (first as AreaElement).side, ...(first.height === undefined ? {} : { height: first.height }), curve } as AreaElement) : { kind: 'line', id, terrain: first.terrain, curve });
  }
  return out;
}
