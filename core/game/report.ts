/**
 * Routes as people read them (the CLI's --json and the app's route list): for each train,
 * its stops (hex, junction, type, revenue paid there) and the hexes it runs through in
 * order, and the total.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { GameSession } from './session.js';
import { bestRoutes } from './routes.js';
import type { Route } from './routes.js';
import { nodeRevenue } from './revenue.js';
import type { Train } from './trains.js';

export interface RouteStop {
  readonly hex: string;
  readonly junction: string;
  readonly type: string;
  readonly revenue: number;
}

export interface TrainRoute {
  readonly train: string;
  readonly revenue: number;
  readonly stops: RouteStop[];
  /** Hexes in running order, each once per visit. */
  readonly hexes: string[];
}

export interface RoutesReport {
  readonly company: string;
  readonly phase: string;
  readonly revenue: number;
  /** One per train, in the order given; null for a train with no route. */
  readonly routes: (TrainRoute | null)[];
  /** Candidate routes enumerated and branch-and-bound steps: the work done. */
  readonly work: { readonly routes: number; readonly searched: number };
}

export function routesReport(session: GameSession, company: string, trains: readonly Train[]): RoutesReport {
  const found = bestRoutes(session, company, trains);
  return {
    company,
    phase: session.phase.name,
    revenue: found.revenue,
    routes: found.routes.map((r, i) => (r ? trainRoute(session, trains[i]!.name, r) : null)),
    work: found.work,
  };
}

function trainRoute(session: GameSession, train: string, r: Route): TrainRoute {
  const net = session.net;
  const stops = r.nodes.map((n): RouteStop => {
    const node = net.nodes[n]!;
    return { hex: net.hexNames[node.hexIndex]!, junction: node.junction.id, type: node.junction.type, revenue: node.junction.type === 'junction' ? 0 : nodeRevenue(session, n) };
  });
  const hexes: string[] = [];
  for (const p of r.paths) {
    const h = net.hexNames[net.paths[p]!.hexIndex]!;
    if (hexes[hexes.length - 1] !== h) hexes.push(h);
  }
  return { train, revenue: r.revenue, stops, hexes };
}
