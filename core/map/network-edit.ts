/**
 * Edits of the through-tile network (issue 26): a chain of adjoining area tiles drawn centre
 * to centre becomes, in each tile, a "spoke" from the side toward the next (or previous)
 * tile to the centre — a road through a tile is two spokes, a crossroads four, all meeting
 * at the centre, as a hex wargame runs roads from hex centre to hex centre. Erasing a chain
 * removes the kind's connections on the sides between its tiles (both tiles' ends, so the
 * network never keeps half a link). Plans are lists of NetworkTileChange (one per tile,
 * before/after), applied by the caller (NetworkLayer.apply) and journalled as one undo step.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { CENTRE, connectionKind, encodeConnection, sortedUnique, touchesPort } from './network-code.js';
import type { NetworkLayer, NetworkTileChange } from './network-layer.js';
import type { NetworkSides } from './network-sides.js';

/** A chain that cannot be drawn: says where (chain position) and why, in one line. */
export class NetworkChainError extends Error {
  constructor(
    readonly position: number,
    detail: string,
  ) {
    super(`network chain position ${position}: ${detail}`);
    this.name = 'NetworkChainError';
  }
}

/** One link of a chain: tile `tile` joins `next` across its side `side` (next's side `back`). */
export interface ChainLink {
  readonly tile: number;
  readonly side: number;
  readonly next: number;
  readonly back: number;
}

/** The links of a chain of tiles, each adjoining the next (repeats of one tile are skipped). */
export function chainLinks(sides: NetworkSides, tiles: readonly number[]): ChainLink[] {
  if (tiles.length === 0) throw new NetworkChainError(0, 'a chain needs at least one tile');
  const out: ChainLink[] = [];
  for (let k = 0; k < tiles.length; k++) {
    const t = tiles[k]!;
    if (!Number.isInteger(t) || !sides.isGround(t)) {
      throw new NetworkChainError(k, `tile ${String(t)} is not ${sides.classes ? 'an area tile' : 'a tile'} of this map`);
    }
    if (k === 0 || tiles[k - 1] === t) continue;
    const prev = tiles[k - 1]!;
    const side = sides.sideToward(prev, t);
    if (side < 0) throw new NetworkChainError(k, `tiles ${prev} and ${t} do not adjoin`);
    out.push({ tile: prev, side, next: t, back: sides.backSide(prev, side, t) });
  }
  return out;
}

/** Accumulates per-tile edits over a layer, reading each tile's current codes once. */
class TileEdits {
  private readonly before = new Map<number, readonly number[]>();
  private readonly after = new Map<number, number[]>();
  constructor(private readonly layer: NetworkLayer) {}

  codes(tile: number): number[] {
    let c = this.after.get(tile);
    if (!c) {
      const b = this.layer.at(tile);
      this.before.set(tile, b);
      c = [...b];
      this.after.set(tile, c);
    }
    return c;
  }

  changes(): NetworkTileChange[] {
    const out: NetworkTileChange[] = [];
    for (const [tile, codes] of this.after) {
      const before = this.before.get(tile)!;
      const after = sortedUnique(codes);
      if (after.length === before.length && after.every((c, i) => c === before[i])) continue;
      out.push({ tile, before, after });
    }
    return out.sort((x, y) => x.tile - y.tile);
  }
}

/**
 * The changes that draw `tiles` as a chain of network `kind` (a palette value): a spoke side
 * → centre at both ends of every link, at `level` (0 unless crossing over another).
 */
export function planDrawChain(layer: NetworkLayer, sides: NetworkSides, kind: number, tiles: readonly number[], level = 0): NetworkTileChange[] {
  const links = chainLinks(sides, tiles);
  const edits = new TileEdits(layer);
  for (const l of links) {
    edits.codes(l.tile).push(encodeConnection(l.side, CENTRE, kind, level));
    edits.codes(l.next).push(encodeConnection(l.back, CENTRE, kind, level));
  }
  return edits.changes();
}

/** The changes that erase network `kind` between the chain's tiles (every connection of the kind on the shared sides). */
export function planEraseChain(layer: NetworkLayer, sides: NetworkSides, kind: number, tiles: readonly number[]): NetworkTileChange[] {
  const links = chainLinks(sides, tiles);
  const edits = new TileEdits(layer);
  const drop = (tile: number, side: number) => {
    const c = edits.codes(tile);
    const kept = c.filter((code) => !(connectionKind(code) === kind && touchesPort(code, side)));
    c.length = 0;
    c.push(...kept);
  };
  for (const l of links) {
    drop(l.tile, l.side);
    drop(l.next, l.back);
  }
  return edits.changes();
}

/**
 * The changes that clear network `kind` (or every kind, with kind 0) from whole tiles, and
 * the matching ends in the tiles across their sides, so no link is left half drawn.
 */
export function planEraseTiles(layer: NetworkLayer, sides: NetworkSides, kind: number, tiles: readonly number[]): NetworkTileChange[] {
  const edits = new TileEdits(layer);
  const matches = (code: number) => kind === 0 || connectionKind(code) === kind;
  for (const t of tiles) {
    if (!sides.isGround(t)) continue;
    const codes = edits.codes(t);
    const deg = sides.degree(t);
    for (let d = 0; d < deg; d++) {
      if (!codes.some((c) => matches(c) && touchesPort(c, d))) continue;
      const next = sides.across(t, d);
      if (next < 0) continue;
      const back = sides.backSide(t, d, next);
      const nc = edits.codes(next);
      const kept = nc.filter((c) => !(matches(c) && touchesPort(c, back)));
      nc.length = 0;
      nc.push(...kept);
    }
    const kept = codes.filter((c) => !matches(c));
    codes.length = 0;
    codes.push(...kept);
  }
  return edits.changes();
}

/**
 * A chain of adjoining area tiles through `waypoints` in order (the CLI's `--through`, a
 * stroke's sampled tiles): between two waypoints each step goes to the adjoining tile nearest
 * the next waypoint (grid distance, then distance between centres), so a chain across open
 * ground runs as straight as the grid allows. Throws NetworkChainError when a waypoint is not
 * an area tile or the walk cannot get closer (a map edge in the way on a wrapped or odd map).
 */
export function chainThrough(sides: NetworkSides, waypoints: readonly number[]): number[] {
  if (waypoints.length === 0) throw new NetworkChainError(0, 'a chain needs at least one tile');
  const g = sides.grid;
  const out: number[] = [];
  waypoints.forEach((w, k) => {
    if (!Number.isInteger(w) || !sides.isGround(w)) throw new NetworkChainError(k, `waypoint ${String(w)} is not ${sides.classes ? 'an area tile' : 'a tile'} of this map`);
    if (k === 0) {
      out.push(w);
      return;
    }
    let t = out[out.length - 1]!;
    const goal = g.center(w);
    const far = (n: number) => {
      const c = g.center(n);
      return c.reduce((s, v, i) => s + (v - goal[i]!) ** 2, 0);
    };
    while (t !== w) {
      let best = -1;
      let bestD = g.distance(t, w);
      let bestE = far(t);
      for (let d = 0; d < sides.degree(t); d++) {
        const n = sides.across(t, d);
        if (n < 0) continue;
        const dist = g.distance(n, w);
        const e = far(n);
        if (dist < bestD || (dist === bestD && best >= 0 && e < bestE)) [best, bestD, bestE] = [n, dist, e];
      }
      if (best < 0) throw new NetworkChainError(k, `no way on from tile ${t} toward waypoint ${w}`);
      out.push(best);
      t = best;
    }
  });
  return out;
}
