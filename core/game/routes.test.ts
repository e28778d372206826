import { describe, expect, it } from 'vitest';
import { seededRandom, randomInt } from '../util/random.js';
import { randomGame, smallGame } from './game.testkit.js';
import { openGame } from './session.js';
import type { GameSession } from './session.js';
import { layTile, placeToken } from './actions.js';
import { layContext, legalLays } from './lays.js';
import { reachOf } from './reach.js';
import { bestRoutes } from './routes.js';
import { nodeRevenue, STOP_TYPES } from './revenue.js';
import type { Train } from './trains.js';
import { parseTrains, trainFits, trainRevenue } from './trains.js';
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
      if (!nodes.includes(n)) go([...nodes, n], paths, -1);
    } else go(nodes, paths, exit);
    paths.delete(q);
  };
  for (const node of net.nodes) if (node.alive && isStop(node.id)) go([node.id], new Set(), -1);
  return out;
}

/** The best total over every combination (each train: one route or none, no shared path). */
function exhaustiveBest(s: GameSession, company: string, trains: readonly Train[]): number {
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

describe('best routes', () => {
  it('runs a 2-train from the home city to the off-board, paying its phase revenue', () => {
    const s = openGame(smallGame());
    placeToken(s, 'PRR', 'B3', 0);
    layTile(s, 'PRR', 'B3', '57', 0); // B1 – B3 – B5
    layTile(s, 'PRR', 'B5', '7', 2); // B3 – B5 – A4
    const r = bestRoutes(s, 'PRR', parseTrains('2'));
    expect(r.revenue).toBe(50); // 20 + yellow 30
    expect(r.routes[0]!.nodes.map((n) => s.net.hexNames[s.net.nodes[n]!.hexIndex])).toEqual(['A4', 'B3']);
    s.setPhase('5');
    expect(bestRoutes(s, 'PRR', parseTrains('2')).revenue).toBe(80); // brown 60
    expect(bestRoutes(s, 'NYC', parseTrains('2')).revenue).toBe(0);
  });

  it('equals exhaustive search on random small boards, for n, n+m, express and diesel trains', () => {
    const sets = ['2', '3,2', '2,2', '3+1,2', '2E,3', 'D', '4,3,2'].map(parseTrains);
    let checked = 0;
    let positive = 0;
    for (let seed = 11; seed <= 16; seed++) {
      const random = seededRandom(seed);
      const s = openGame(randomGame(random));
      for (const c of s.game.companies) placeToken(s, c.id, c.homes[0]!.hex, 0);
      for (let step = 0; step < 40; step++) {
        const c = s.game.companies[randomInt(random, s.game.companies.length)]!;
        const ctx = layContext(s, c.id);
        const moves: [string, string, number][] = [];
        for (const hex of s.net.hexNames) for (const o of legalLays(s, c.id, hex, undefined, ctx).tiles) for (const r of o.rotations) moves.push([hex, o.tile, r]);
        if (moves.length) layTile(s, c.id, ...moves[randomInt(random, moves.length)]!);
        if (random() < 0.15) {
          const t = reachOf(s, c.id).tokenable[0];
          if (t) placeToken(s, c.id, t.hex, t.city);
        }
      }
      for (const c of s.game.companies) {
        for (const trains of sets) {
          const got = bestRoutes(s, c.id, trains);
          expect(got.revenue, `${c.id} ${trains.map((t) => t.name).join(',')} seed ${seed}`).toBe(exhaustiveBest(s, c.id, trains));
          const paths = got.routes.flatMap((r) => r?.paths ?? []);
          expect(new Set(paths).size).toBe(paths.length);
          checked++;
          if (got.revenue > 0) positive++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(positive).toBeGreaterThan(checked / 3);
  });
});
