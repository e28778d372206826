/**
 * What a company's graph means on the board (issue 28 item 3): the hexes where it may lay
 * track, with the sides it reaches them by; the nodes it reaches; the cities where it may
 * place a token.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { CompanyGraph } from './graph.js';
import { endNode } from './network.js';
import type { GameSession } from './session.js';

export interface HexReach {
  /** Sides of the hex that reached track touches, from inside or from the neighbour. */
  readonly sides: Set<number>;
  /** Nodes (ids) on the hex that the company reaches or holds a token in. */
  readonly nodes: Set<number>;
}

/** Per hex index, what the company reaches there. */
export function connectedHexes(graph: CompanyGraph): Map<number, HexReach> {
  const net = graph.net;
  const out = new Map<number, HexReach>();
  const at = (k: number): HexReach => {
    let r = out.get(k);
    if (!r) out.set(k, (r = { sides: new Set(), nodes: new Set() }));
    return r;
  };
  for (const s of graph.states()) {
    const p = net.paths[s >> 1]!;
    for (const e of p.ends) {
      if (e >= 0) {
        at(p.hexIndex).sides.add(e % 6);
        const y = net.across(e);
        if (y >= 0) at(Math.floor(y / 6)).sides.add(y % 6);
      } else at(p.hexIndex).nodes.add(endNode(e));
    }
  }
  for (const node of net.nodes) if (node.alive && node.tokens.includes(graph.company)) at(node.hexIndex).nodes.add(node.id);
  return out;
}

export interface ReachReport {
  readonly company: string;
  readonly hexes: { readonly hex: string; readonly sides: number[] }[];
  /** Revenue nodes reached: hex, junction id on the current tile, type. */
  readonly nodes: { readonly hex: string; readonly junction: string; readonly type: string }[];
  readonly tokenable: { readonly hex: string; readonly city: number }[];
}

/** Why `company` may not place a token in `node`, or null when it may (reach aside). */
export function tokenRefusal(session: GameSession, company: string, nodeId: number): string | null {
  const net = session.net;
  const node = net.nodes[nodeId]!;
  const hex = net.hexNames[node.hexIndex]!;
  if (node.junction.type !== 'city') return `${hex} ${node.junction.id} is a ${node.junction.type}, not a city`;
  const c = session.company(company);
  if (c.tokens !== undefined) {
    const used = session.tokens().filter((t) => t.company === company).length;
    if (used >= c.tokens) return `${company} has placed all its ${c.tokens} tokens`;
  }
  const sameHex = net.hexNodes[node.hexIndex]!.some((n) => net.nodes[n]!.tokens.includes(company));
  if (sameHex) return `${company} already has a token on ${hex}`;
  const others = node.reserved.filter((r) => r !== company).length;
  if (node.tokens.length + others >= node.junction.slots) {
    return others ? `city ${node.cityIndex} of ${hex} has no free slot (${others} reserved for ${node.reserved.filter((r) => r !== company).join(', ')})` : `city ${node.cityIndex} of ${hex} is full`;
  }
  return null;
}

/** The company's reach: hexes with the sides it reaches them by, nodes, and token-able cities. */
export function reachOf(session: GameSession, company: string): ReachReport {
  const net = session.net;
  const conn = connectedHexes(session.graph(company));
  const hexes = [...conn.entries()].sort((a, b) => a[0] - b[0]).map(([k, r]) => ({ hex: net.hexNames[k]!, sides: [...r.sides].sort((a, b) => a - b) }));
  const nodes: ReachReport['nodes'][number][] = [];
  const tokenable: ReachReport['tokenable'][number][] = [];
  for (const [k, r] of [...conn.entries()].sort((a, b) => a[0] - b[0])) {
    for (const n of [...r.nodes].sort((a, b) => a - b)) {
      const node = net.nodes[n]!;
      nodes.push({ hex: net.hexNames[k]!, junction: node.junction.id, type: node.junction.type });
      if (node.junction.type === 'city' && tokenRefusal(session, company, n) === null) tokenable.push({ hex: net.hexNames[k]!, city: node.cityIndex });
    }
  }
  return { company, hexes, nodes, tokenable };
}
