/**
 * Routes found a second way, for the optimality tests: every route walked path by path (no
 * links, no pruning), and every combination of one route or none per train.
 */
import type { GameSession } from './session.js';
import { nodeRevenue, STOP_TYPES } from './revenue.js';
import type { Train } from './trains.js';
import { trainFits, trainRevenue } from './trains.js';
import { endNode, nodeEnd } from './network.js';

interface Plain {
  readonly stops: number[];
  readonly paths: Set<number>;
}

/**
 * Every route, found a second way: walking path by path from each stop (no links), keeping
 * node and path sets, ending at stops, through passable nodes only, with a token node.
 */
function exhaustiveRoutes(s: GameSession, company: string): Plain[] {
  const net = s.net;
  const g = s.graph(company);
  const reached = new Set(g.states().map((x) => x >> 1));
  const out: Plain[] = [];
  const isStop = (n: number) => STOP_TYPES.has(net.nodes[n]!.junction.type);
  const go = (nodes: number[], paths: Set<number>, at: number) => {
    const last = nodes[nodes.length - 1]!;
    if (at < 0) {
      if (nodes.length > 1 && isStop(last) && nodes[0]! < last && nodes.some((n) => g.isSourceNode(n))) out.push({ stops: nodes.filter(isStop), paths: new Set(paths) });
      if (nodes.length > 1 && !g.passable(last)) return;
      for (const q of net.nodePaths.get(last) ?? []) if (reached.has(q) && !paths.has(q)) step(nodes, paths, q, nodeEnd(last));
    } else {
      const y = net.across(at);
      if (y < 0) return;
      for (const q of net.edgePaths.get(y) ?? []) if (reached.has(q) && !paths.has(q)) step(nodes, paths, q, y);
    }
  };
  const step = (nodes: number[], paths: Set<number>, q: number, entry: number) => {
    const p = net.paths[q]!;
    const exit = p.ends[0] === entry ? p.ends[1] : p.ends[0];
    paths.add(q);
    if (exit < 0) {
      const n = endNode(exit);
      const groups = net.nodes[n]!.junction.groups ?? [];
      const clash = nodes.some((m) => (net.nodes[m]!.junction.groups ?? []).some((g) => groups.includes(g)));
      if (!nodes.includes(n) && !clash) go([...nodes, n], paths, -1);
    } else go(nodes, paths, exit);
    paths.delete(q);
  };
  for (const node of net.nodes) if (node.alive && isStop(node.id)) go([node.id], new Set(), -1);
  return out;
}

/** The best total over every combination (each train: one route or none, no shared path). */
export function exhaustiveBest(s: GameSession, company: string, trains: readonly Train[]): number {
  const all = exhaustiveRoutes(s, company);
  const per = trains.map((t) =>
    all
      .filter((r) => {
        const towns = r.stops.filter((n) => s.net.nodes[n]!.junction.type === 'town').length;
        return trainFits(t, r.stops.length - towns, towns);
      })
      .map((r) => ({ paths: r.paths, revenue: trainRevenue(t, r.stops.map((n) => nodeRevenue(s, n))) })),
  );
  let best = 0;
  const used = new Set<number>();
  const rec = (i: number, total: number) => {
    if (i === trains.length) {
      best = Math.max(best, total);
      return;
    }
    rec(i + 1, total);
    for (const r of per[i]!) {
      if ([...r.paths].some((p) => used.has(p))) continue;
      for (const p of r.paths) used.add(p);
      rec(i + 1, total + r.revenue);
      for (const p of r.paths) used.delete(p);
    }
  };
  rec(0, 0);
  return best;
}

