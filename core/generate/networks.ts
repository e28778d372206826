/**
 * Stage 6, networks on the through-tile model: railways first, between the cities and towns
 * (largest first, along a minimum spanning tree of their world distances), then roads joining
 * every settlement to its tree the same way — each route by A* over the area tiles with the
 * seed's cost terms: ground by terrain and slope, bridges costed, and every link that
 * network-rules.ts refuses (along a river, in a river's or railway's exclusion zone, a road
 * at a bad angle over a railway or too close along a river) impassable. A network reuses its
 * own earlier track cheaply (a branch joins the line; it does not run beside it). What no
 * route reaches is counted, not forced.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import FlatQueue from 'flatqueue';
import type { AreaLattice } from './lattice.js';
import type { Settlement } from './settlements.js';
import { Breach, exemptTiles, linkBreach, riverDirections, riverDistance, setRail, type FeatureField } from './network-rules.js';

/** Cost of entering a tile of each terrain (absent: 1.5); Infinity: never. */
export const TERRAIN_COST: Readonly<Record<string, number>> = {
  clear: 1, plains: 1, fields: 1, 'forest-edge': 1.6, forest: 2.5, jungle: 4, rough: 1.8, rocky: 2.5, sand: 1.8, badlands: 2.5,
  tundra: 1.6, foothills: 1.8, hills: 3, mountains: 9, glacier: 14, marsh: 4, 'marsh-edge': 2, swamp: 6, 'tidal-flat': 3,
  village: 0.8, urban: 0.8, ocean: Infinity, 'coastal-ocean': Infinity, lake: Infinity,
};
export const BRIDGE_COST = { rail: 14, road: 6 } as const;
/** Cost per unit of relative height climbed or descended. */
export const SLOPE_COST = { rail: 80, road: 25 } as const;
/** A network's own earlier track costs this share of new ground. */
export const REUSE_FACTOR = 0.35;
/** The A* estimate per straight-line step (open ground costs 1). */
export const HEURISTIC_COST = 1;

export interface Route {
  /** Area tiles, in order, each adjoining the next. */
  readonly tiles: readonly number[];
  readonly road: boolean;
}

export interface NetworkPlan {
  readonly railways: readonly Route[];
  readonly roads: readonly Route[];
  /** Pairs of settlements the router could not join without breaking a rule. */
  readonly unrouted: number;
  readonly field: FeatureField;
}

export function planNetworks(lat: AreaLattice, terrain: readonly string[], height: Float32Array, river: Uint8Array, settlements: readonly Settlement[]): NetworkPlan {
  const n = lat.tiles.length;
  const isSettlement = new Uint8Array(n);
  for (const s of settlements) for (const a of s.tiles) isSettlement[a] = 1;
  const { steps, nearest } = riverDistance(lat, river, 2);
  const field: FeatureField = {
    lat,
    river,
    along: riverDirections(lat, river),
    exempt: exemptTiles(lat, (a) => isSettlement[a] === 1),
    riverSteps: steps,
    nearestRiver: nearest,
    railSpokes: new Uint8Array(n),
    railDir: new Float64Array(n * 3),
    railNear: new Uint8Array(n),
  };
  const cost = Float32Array.from(terrain, (id) => TERRAIN_COST[id] ?? 1.5);
  let unrouted = 0;
  const search = newSearch(n);
  const big = settlements.filter((s) => s.size !== 'village');
  const railUsed = new Uint8Array(n);
  const railSlots = new Map<number, Set<number>>();
  const railways: Route[] = [];
  for (const [p, q] of spanningPairs(lat, big)) {
    const path = route(field, cost, height, railUsed, big[p]!.at, big[q]!.at, false, search);
    if (!path) {
      unrouted++;
      continue;
    }
    railways.push({ tiles: path, road: false });
    markRoute(lat, path, railUsed, railSlots);
    for (const a of new Set(path)) setRail(field, a, [...railSlots.get(a)!].sort((x, y) => x - y));
  }
  const roadUsed = new Uint8Array(n);
  const roads: Route[] = [];
  for (const [p, q] of spanningPairs(lat, settlements)) {
    const path = route(field, cost, height, roadUsed, settlements[p]!.at, settlements[q]!.at, true, search);
    if (!path) {
      unrouted++;
      continue;
    }
    roads.push({ tiles: path, road: true });
    markRoute(lat, path, roadUsed, null);
  }
  return { railways, roads, unrouted, field };
}

function markRoute(lat: AreaLattice, path: readonly number[], used: Uint8Array, slots: Map<number, Set<number>> | null): void {
  for (let k = 0; k < path.length; k++) {
    used[path[k]!] = 1;
    if (!slots) continue;
    for (const [from, to] of [
      [k, k + 1],
      [k, k - 1],
    ]) {
      if (to < 0 || to >= path.length) continue;
      const a = path[from]!;
      const b = path[to]!;
      for (let s = 0; s < lat.slots; s++) {
        if (lat.nbr[a * lat.slots + s] === b) {
          if (!slots.has(a)) slots.set(a, new Set());
          slots.get(a)!.add(s);
        }
      }
    }
  }
}

/** Pairs (indices into `places`) of a minimum spanning tree of world distances, shortest first (Prim's). */
export function spanningPairs(lat: AreaLattice, places: readonly Settlement[]): [number, number][] {
  const m = places.length;
  if (m < 2) return [];
  const pos = (k: number): number => lat.tiles[places[k]!.at]! * 3;
  const dist = (i: number, j: number): number => Math.hypot(lat.world[pos(i)]! - lat.world[pos(j)]!, lat.world[pos(i) + 1]! - lat.world[pos(j) + 1]!, lat.world[pos(i) + 2]! - lat.world[pos(j) + 2]!);
  const inTree = new Uint8Array(m);
  const best = new Float64Array(m).fill(Infinity);
  const from = new Int32Array(m).fill(-1);
  const pairs: { p: number; q: number; d: number }[] = [];
  let cur = 0;
  inTree[0] = 1;
  for (let added = 1; added < m; added++) {
    for (let j = 0; j < m; j++) {
      if (inTree[j] === 1) continue;
      const d = dist(cur, j);
      if (d < best[j]!) {
        best[j] = d;
        from[j] = cur;
      }
    }
    let next = -1;
    for (let j = 0; j < m; j++) if (inTree[j] === 0 && (next < 0 || best[j]! < best[next]!)) next = j;
    inTree[next] = 1;
    pairs.push({ p: from[next]!, q: next, d: best[next]! });
    cur = next;
  }
  return pairs.sort((x, y) => x.d - y.d || x.p - y.p || x.q - y.q).map(({ p, q }) => [p, q]);
}

/** A* from area tile `from` to `to`; null when every way breaks a rule. */
/** Search arrays reused by every route of one plan; `stamp` marks what this search has touched. */
interface Search {
  readonly g: Float64Array;
  readonly prev: Int32Array;
  readonly seen: Int32Array;
  readonly closed: Int32Array;
  stamp: number;
}

function newSearch(n: number): Search {
  return { g: new Float64Array(n), prev: new Int32Array(n), seen: new Int32Array(n), closed: new Int32Array(n), stamp: 0 };
}

function route(field: FeatureField, cost: Float32Array, height: Float32Array, used: Uint8Array, from: number, to: number, road: boolean, search: Search): number[] | null {
  const { lat } = field;
  const S = lat.slots;
  const st = ++search.stamp;
  const { seen, closed } = search;
  const g = { get: (a: number): number => (seen[a] === st ? search.g[a]! : Infinity) };
  const prev = search.prev;
  const queue = new FlatQueue<number>();
  const tw = lat.tileWorld;
  const goal = lat.tiles[to]! * 3;
  const h = (a: number): number => {
    const p = lat.tiles[a]! * 3;
    // Weighted A*: straight-line steps at HEURISTIC_COST a step. Not a lower bound (own track
    // is cheaper), so routes are near-shortest, for a small share of the tiles searched.
    return (Math.hypot(lat.world[p]! - lat.world[goal]!, lat.world[p + 1]! - lat.world[goal + 1]!, lat.world[p + 2]! - lat.world[goal + 2]!) / tw) * HEURISTIC_COST;
  };
  seen[from] = st;
  search.g[from] = 0;
  prev[from] = -1;
  queue.push(from, h(from));
  const bridge = road ? BRIDGE_COST.road : BRIDGE_COST.rail;
  const slope = road ? SLOPE_COST.road : SLOPE_COST.rail;
  while (queue.length > 0) {
    const a = queue.pop()!;
    if (closed[a] === st) continue;
    closed[a] = st;
    if (a === to) break;
    for (let s = 0; s < S; s++) {
      const b = lat.nbr[a * S + s]!;
      if (b < 0 || closed[b] === st) continue;
      const ground = cost[b]!;
      if (ground === Infinity) continue;
      if (linkBreach(field, a, s, road) !== Breach.NONE) continue;
      const crossed = lat.link[a * S + s]!;
      let c = (used[a] === 1 && used[b] === 1 ? REUSE_FACTOR : 1) * ground + slope * Math.abs(Math.max(0, height[b]!) - Math.max(0, height[a]!));
      if (crossed >= 0 && field.river[crossed] === 1) c += bridge;
      const next = g.get(a) + c;
      if (next < g.get(b)) {
        seen[b] = st;
        search.g[b] = next;
        prev[b] = a;
        queue.push(b, next + h(b));
      }
    }
  }
  if (g.get(to) === Infinity) return null;
  const path: number[] = [];
  for (let c = to; c >= 0; c = prev[c]!) path.push(c);
  return path.reverse();
}
