/**
 * The best routes for a company's trains (issue 28 item 4), exactly.
 *
 * A route starts and ends at stops (cities, towns, off-board areas), visits each node at most
 * once and at most one node of each route group (18xx.games `groups:`, 1830's two Canada
 * off-board hexes), passes through no off-board area and no city filled by other companies' tokens,
 * includes a node where the company has a token, and uses only track the company reaches.
 * No track (path) is used twice, within a route or across the company's trains.
 *
 * Method: (1) links — every track walk from a node to the next node, through edge points
 * only, with the set of paths it uses; (2) every route each train type may run, by depth-first
 * search over links (a train's stop limit prunes it), each route with its revenue and its
 * paths as a bit set; (3) branch and bound over the trains, best routes first: a partial
 * choice is abandoned when its revenue plus the best single route of every remaining train
 * cannot beat the best found. The bound never under-estimates, so the result is optimal;
 * tests compare it with exhaustive search over every combination on small boards.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { GameSession } from './session.js';
import { endNode, nodeEnd } from './network.js';
import { nodeRevenue, STOP_TYPES } from './revenue.js';
import type { Train } from './trains.js';
import { trainAllows, trainFits, trainRevenue } from './trains.js';

export interface Link {
  readonly from: number;
  readonly to: number;
  /** Path ids in walking order from `from`. */
  readonly paths: readonly number[];
}

export interface Route {
  /** Node ids in order. */
  readonly nodes: readonly number[];
  /** Path ids used, in running order. */
  readonly paths: readonly number[];
  readonly revenue: number;
}

export interface RouteSearch {
  readonly routes: (Route | null)[];
  readonly revenue: number;
  /** Routes enumerated per train and branch-and-bound nodes visited: the work done. */
  readonly work: { readonly routes: number; readonly searched: number };
}

/** Largest number of candidate routes per train before the search refuses (one clear line). */
export const MAX_ROUTES = 2_000_000;

/** Every walk between two nodes over the company's reached paths, through edge points only. */
export function companyLinks(session: GameSession, company: string): Link[] {
  const g = session.graph(company);
  const net = session.net;
  const reachedPath = new Set<number>();
  for (const s of g.states()) reachedPath.add(s >> 1);
  const links: Link[] = [];
  const seen = new Set<string>();
  const used: number[] = [];
  const walk = (from: number, path: number, entry: number) => {
    used.push(path);
    const p = net.paths[path]!;
    const exit = p.ends[0] === entry ? p.ends[1] : p.ends[0];
    if (exit < 0) {
      const to = endNode(exit);
      if (to !== from) {
        const sorted = [...used].sort((a, b) => a - b);
        const key = `${Math.min(from, to)}|${Math.max(from, to)}|${sorted.join(',')}`;
        if (!seen.has(key)) {
          seen.add(key);
          links.push({ from, to, paths: [...used] });
        }
      }
    } else {
      const y = net.across(exit);
      if (y >= 0) for (const q of net.edgePaths.get(y) ?? []) if (reachedPath.has(q) && !used.includes(q)) walk(from, q, y);
    }
    used.pop();
  };
  for (const node of net.nodes) {
    if (!node.alive) continue;
    for (const q of net.nodePaths.get(node.id) ?? []) if (reachedPath.has(q)) walk(node.id, q, nodeEnd(node.id));
  }
  return links;
}

interface Candidate {
  readonly route: Route;
  readonly bits: Uint32Array;
}

/** Every route `train` may run for `company`, best first. */
export function trainRoutes(session: GameSession, company: string, train: Train, links: readonly Link[] = companyLinks(session, company)): Route[] {
  return candidates(session, company, train, links, 1).map((c) => c.route);
}

function candidates(session: GameSession, company: string, train: Train, links: readonly Link[], words: number): Candidate[] {
  const net = session.net;
  const g = session.graph(company);
  const adj = new Map<number, { to: number; link: Link }[]>();
  for (const l of links) {
    const back: Link = { from: l.to, to: l.from, paths: [...l.paths].reverse() };
    for (const link of [l, back]) {
      const list = adj.get(link.from) ?? [];
      list.push({ to: link.to, link });
      adj.set(link.from, list);
    }
  }
  const revenue = new Map<number, number>();
  const isStop = (n: number) => STOP_TYPES.has(net.nodes[n]!.junction.type);
  const out: Candidate[] = [];
  const nodes: number[] = [];
  const pathsUsed = new Set<number>();
  const routePaths: number[] = [];
  const visit = (n: number, big: number, towns: number, token: boolean) => {
    if (isStop(n) && token && nodes[0]! < n && trainFits(train, big, towns)) {
      const stops = nodes.filter(isStop);
      for (const s of stops) if (!revenue.has(s)) revenue.set(s, nodeRevenue(session, s));
      const route: Route = { nodes: [...nodes], paths: [...routePaths], revenue: trainRevenue(train, stops.map((s) => revenue.get(s)!)) };
      const bits = new Uint32Array(words);
      for (const p of route.paths) bits[p >> 5]! |= 1 << (p & 31);
      out.push({ route, bits });
      if (out.length > MAX_ROUTES) throw new Error(`train ${train.name} has more than ${MAX_ROUTES} possible routes for ${company}; try fewer or shorter trains`);
    }
    if (nodes.length > 1 && !g.passable(n)) return;
    for (const { to, link } of adj.get(n) ?? []) {
      if (nodes.includes(to) || link.paths.some((p) => pathsUsed.has(p))) continue;
      const groups = net.nodes[to]!.junction.groups;
      if (groups?.length && nodes.some((m) => net.nodes[m]!.junction.groups?.some((g) => groups.includes(g)))) continue;
      const type = net.nodes[to]!.junction.type;
      const nb = big + (type === 'city' || type === 'offmap' ? 1 : 0);
      const nt = towns + (type === 'town' ? 1 : 0);
      if (!trainAllows(train, nb, nt)) continue;
      nodes.push(to);
      for (const p of link.paths) {
        pathsUsed.add(p);
        routePaths.push(p);
      }
      visit(to, nb, nt, token || g.isSourceNode(to));
      for (const p of link.paths) pathsUsed.delete(p);
      routePaths.length -= link.paths.length;
      nodes.pop();
    }
  };
  for (const node of net.nodes) {
    if (!node.alive || !isStop(node.id) || !adj.has(node.id)) continue;
    const type = node.junction.type;
    nodes.push(node.id);
    visit(node.id, type === 'town' ? 0 : 1, type === 'town' ? 1 : 0, g.isSourceNode(node.id));
    nodes.pop();
  }
  return out.sort((a, b) => b.route.revenue - a.route.revenue);
}

/** The best set of non-overlapping routes, one per train at most, by branch and bound. */
export function bestRoutes(session: GameSession, company: string, trains: readonly Train[]): RouteSearch {
  const links = companyLinks(session, company);
  const words = Math.ceil(session.net.paths.length / 32) || 1;
  const byName = new Map<string, Candidate[]>();
  for (const t of trains) if (!byName.has(t.name)) byName.set(t.name, candidates(session, company, t, links, words));
  // Trains with the richest routes first: better incumbents sooner, tighter bounds.
  const order = trains.map((_, i) => i).sort((a, b) => (byName.get(trains[b]!.name)![0]?.route.revenue ?? 0) - (byName.get(trains[a]!.name)![0]?.route.revenue ?? 0));
  const lists = order.map((i) => byName.get(trains[i]!.name)!);
  const rest = new Array<number>(lists.length + 1).fill(0);
  for (let i = lists.length - 1; i >= 0; i--) rest[i] = rest[i + 1]! + (lists[i]![0]?.route.revenue ?? 0);
  let best = 0;
  let bestPick: (number | null)[] = lists.map(() => null);
  const pick: (number | null)[] = [];
  const used = new Uint32Array(words);
  let searched = 0;
  const search = (i: number, total: number, from: number) => {
    searched++;
    if (total > best) {
      best = total;
      bestPick = [...pick, ...new Array<null>(lists.length - pick.length).fill(null)];
    }
    if (i === lists.length || total + rest[i]! <= best) return;
    const list = lists[i]!;
    // Identical trains take routes in list order, so each set is tried once.
    const same = i > 0 && list === lists[i - 1];
    for (let r = same ? from : 0; r < list.length; r++) {
      const c = list[r]!;
      if (total + c.route.revenue + rest[i + 1]! <= best) break;
      if (!disjoint(c.bits, used)) continue;
      or(used, c.bits);
      pick.push(r);
      search(i + 1, total + c.route.revenue, r + 1);
      pick.pop();
      xor(used, c.bits);
    }
    pick.push(null);
    search(i + 1, total, same ? from : list.length);
    pick.pop();
  };
  search(0, 0, 0);
  const routes: (Route | null)[] = trains.map(() => null);
  order.forEach((t, i) => {
    const r = bestPick[i];
    routes[t] = r === null || r === undefined ? null : lists[i]![r]!.route;
  });
  const count = [...byName.values()].reduce((a, l) => a + l.length, 0);
  return { routes, revenue: best, work: { routes: count, searched } };
}

function disjoint(a: Uint32Array, b: Uint32Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i]! & b[i]!) return false;
  return true;
}

function or(into: Uint32Array, a: Uint32Array): void {
  for (let i = 0; i < a.length; i++) into[i]! |= a[i]!;
}

function xor(into: Uint32Array, a: Uint32Array): void {
  for (let i = 0; i < a.length; i++) into[i]! ^= a[i]!;
}
