/**
 * What a network is made of (issue 26; `sandtable network`): its connected components, its
 * dead ends and its crossings. Ports of one tile are joined by the tile's connections of the
 * kind (connections sharing a port meet, whatever their level: seeds/001 keeps levels of
 * meeting connections within 1); side ports are joined to the facing side of the tile across.
 * Union-find over (tile, port) keys of the tiles the kind passes through only, so a query on
 * a million-tile map costs what the network costs.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { connectionKind, connectionLevel, isSidePort, portA, portB, CENTRE } from './network-code.js';
import type { NetworkLayer } from './network-layer.js';
import type { NetworkSides } from './network-sides.js';
import type { TerrainMap } from './terrain-map.js';

export interface NetworkComponent {
  /** Tiles the component passes through, ascending. */
  readonly tiles: number[];
}

export type DeadEndReason = 'ends-in-tile' | 'broken-at-side';

export interface NetworkDeadEnd {
  readonly tile: number;
  /** `ends-in-tile`: the kind reaches one side only (the road stops here); `broken-at-side`: a side port with no connection back across it. */
  readonly reason: DeadEndReason;
  readonly side: number;
}

export type CrossingType = 'junction' | 'network' | 'overpass' | 'feature';

export interface NetworkCrossing {
  readonly tile: number;
  /**
   * `junction`: three or more ends of the kind meet at one port (crossroads, fork);
   * `network`: another network kind in the same tile (level crossing); `overpass`: the
   * kind's own connections on levels ≥ 2 apart; `feature`: a link crosses the linear
   * terrain between two tiles (a river: bridge or ford, by the catalogue's composites).
   */
  readonly type: CrossingType;
  /** `network`: the other kind (palette value); `feature`: the linear terrain's palette value. */
  readonly other?: number;
  /** `feature`: the side of `tile` crossed. */
  readonly side?: number;
}

const key = (tile: number, port: number) => tile * 16 + port;

class UnionFind {
  private readonly parent = new Map<number, number>();
  find(x: number): number {
    let p = this.parent.get(x);
    if (p === undefined) {
      this.parent.set(x, x);
      return x;
    }
    let r = x;
    while (p !== r) {
      r = p;
      p = this.parent.get(r)!;
    }
    // Path halving done cheaply: point x straight at its root.
    this.parent.set(x, r);
    return r;
  }
  union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent.set(ra, rb);
  }
}

/** The kind's codes in a tile. */
export function kindCodes(layer: NetworkLayer, tile: number, kind: number): number[] {
  return layer.at(tile).filter((c) => connectionKind(c) === kind);
}

/** Connected components of network `kind`, largest first (ties by first tile). */
export function networkComponents(layer: NetworkLayer, sides: NetworkSides, kind: number): NetworkComponent[] {
  const uf = new UnionFind();
  const tiles: number[] = [];
  for (const t of layer.tiles()) {
    const codes = kindCodes(layer, t, kind);
    if (codes.length === 0) continue;
    tiles.push(t);
    for (const c of codes) {
      uf.union(key(t, portA(c)), key(t, portB(c)));
      for (const p of [portA(c), portB(c)]) {
        if (!isSidePort(p)) continue;
        const next = sides.across(t, p);
        if (next < 0) continue;
        const back = sides.backSide(t, p, next);
        if (kindCodes(layer, next, kind).some((n) => portA(n) === back || portB(n) === back)) uf.union(key(t, p), key(next, back));
      }
    }
  }
  const groups = new Map<number, Set<number>>();
  for (const t of tiles) {
    for (const c of kindCodes(layer, t, kind)) {
      const root = uf.find(key(t, portA(c)));
      let g = groups.get(root);
      if (!g) groups.set(root, (g = new Set()));
      g.add(t);
    }
  }
  const out = [...groups.values()].map((g) => ({ tiles: [...g].sort((a, b) => a - b) }));
  return out.sort((x, y) => y.tiles.length - x.tiles.length || x.tiles[0]! - y.tiles[0]!);
}

/** Where network `kind` stops: tiles it reaches through one side only, and sides it leaves through with nothing across to meet it. Off-map sides are exits, not dead ends. */
export function networkDeadEnds(layer: NetworkLayer, sides: NetworkSides, kind: number): NetworkDeadEnd[] {
  const out: NetworkDeadEnd[] = [];
  for (const t of layer.tiles()) {
    const codes = kindCodes(layer, t, kind);
    if (codes.length === 0) continue;
    const reached = new Set<number>();
    for (const c of codes) for (const p of [portA(c), portB(c)]) if (isSidePort(p)) reached.add(p);
    const junctions = layer.junctionsAt(t).length;
    if (reached.size === 1 && junctions === 0) out.push({ tile: t, reason: 'ends-in-tile', side: [...reached][0]! });
    for (const p of [...reached].sort((a, b) => a - b)) {
      const next = sides.across(t, p);
      if (next < 0) continue;
      const back = sides.backSide(t, p, next);
      if (!kindCodes(layer, next, kind).some((n) => portA(n) === back || portB(n) === back)) out.push({ tile: t, reason: 'broken-at-side', side: p });
    }
  }
  return out;
}

/**
 * Crossings of network `kind`. `featureAt(tile, side)` gives the palette value of the linear
 * terrain a link across that side crosses (0 for none): the edge terrain of a classic map,
 * the linear tile's terrain on an AL-FORM map (see `linearTerrainAcross`).
 */
export function networkCrossings(layer: NetworkLayer, sides: NetworkSides, kind: number, featureAt: (tile: number, side: number) => number): NetworkCrossing[] {
  const out: NetworkCrossing[] = [];
  for (const t of layer.tiles()) {
    const all = layer.at(t);
    const own = all.filter((c) => connectionKind(c) === kind);
    if (own.length === 0) continue;
    const ends = new Map<number, number>();
    for (const c of own) for (const p of [portA(c), portB(c)]) ends.set(p, (ends.get(p) ?? 0) + 1);
    const centreEnds = ends.get(CENTRE) ?? 0;
    if ([...ends.entries()].some(([p, n]) => !isSidePort(p) && n >= 3) || centreEnds >= 3) out.push({ tile: t, type: 'junction' });
    const others = new Set(all.map(connectionKind).filter((k) => k !== kind));
    for (const k of [...others].sort((a, b) => a - b)) out.push({ tile: t, type: 'network', other: k });
    const levels = own.map(connectionLevel);
    if (Math.max(...levels) - Math.min(...levels) >= 2) out.push({ tile: t, type: 'overpass' });
    for (const p of [...ends.keys()].filter(isSidePort).sort((a, b) => a - b)) {
      const next = sides.across(t, p);
      // Each crossing once: from the lower tile of the pair (or from the tile alone at the map edge).
      if (next >= 0 && next < t) {
        const back = sides.backSide(t, p, next);
        if (kindCodes(layer, next, kind).some((n) => portA(n) === back || portB(n) === back)) continue;
      }
      const f = featureAt(t, p);
      if (f !== 0) out.push({ tile: t, type: 'feature', other: f, side: p });
    }
  }
  return out;
}

/** `featureAt` for a map: the palette value on the edge (classic) or linear tile (AL-FORM) a link across `side` of `tile` crosses. */
export function linearTerrainAcross(map: TerrainMap): (tile: number, side: number) => number {
  const { grid } = map;
  if (map.spec.alform) {
    return (tile, side) => {
      const l = grid.neighbor(tile, side);
      return l < 0 ? 0 : map.layers.terrain[l]!;
    };
  }
  const edges = map.layers.edges!;
  return (tile, side) => {
    const slot = grid.edgeSlot(tile, side);
    return slot < 0 ? 0 : edges[slot]!;
  };
}
