/**
 * Checks a board map (board-map.ts) against the game it came from: every track side of every
 * hex points at the map tile of the board's neighbour across it, and the map's railroad
 * components (core/map network-query.ts) are the game network's connected track, hex for hex.
 */
import { NetworkSides } from '../map/network-sides.js';
import { networkComponents } from '../map/network-query.js';
import { isSidePort, portA, portB } from '../map/network-code.js';
import { sideToDirection, trackSides } from '../track/sides.js';
import type { BoardMap } from './board-map.js';
import { BOARD_TRACK } from './board-map.js';
import type { GameSession } from './session.js';
import { oppositeSide } from './topology.js';

/** Problems found, as lines (empty when the map matches the game). */
export function boardMapProblems(session: GameSession, bm: BoardMap): string[] {
  const out: string[] = [];
  const net = session.net;
  const { map, tiles } = bm;
  const layer = map.networks;
  const sides = NetworkSides.of(map);
  const orientation = session.game.board.orientation;
  net.hexNames.forEach((name, k) => {
    const t = tiles.get(name)!;
    const want = trackSides(net.hexTiles[k]!.tile).map((s) => sideToDirection(s, orientation));
    const got = [...new Set((layer?.at(t) ?? []).flatMap((c) => [portA(c), portB(c)]).filter(isSidePort))].sort((a, b) => a - b);
    if (want.sort((a, b) => a - b).join() !== got.join()) out.push(`${name}: track sides ${want.join()} on the board, ${got.join()} on the map`);
    for (let s = 0; s < 6; s++) {
      const n = net.neighbour[k * 6 + s]!;
      const across = sides.across(t, sideToDirection(s, orientation));
      const wantTile = n < 0 ? undefined : tiles.get(net.hexNames[n]!);
      if (wantTile !== undefined && across !== wantTile) out.push(`${name} side ${s}: the board's neighbour ${net.hexNames[n]} is map tile ${wantTile}, the map has ${across}`);
    }
  });
  const mapComponents = layer ? networkComponents(layer, sides, map.palette.indexOf(BOARD_TRACK) + 1).map((c) => c.tiles.join()) : [];
  const gameComponents = trackComponents(session).map((hexes) => [...new Set(hexes.map((k) => tiles.get(net.hexNames[k]!)!))].sort((a, b) => a - b).join());
  if (mapComponents.sort().join(' | ') !== gameComponents.sort().join(' | ')) out.push(`components differ: map ${mapComponents.length} [${mapComponents.join(' | ')}], game ${gameComponents.length} [${gameComponents.join(' | ')}]`);
  return out;
}

/** The game network's connected track: hexes of each set of paths joined at nodes and across sides. */
export function trackComponents(session: GameSession): number[][] {
  const net = session.net;
  const parent = new Map<number, number>();
  const find = (x: number): number => {
    let r = x;
    while (parent.has(r) && parent.get(r) !== r) r = parent.get(r)!;
    parent.set(x, r);
    return r;
  };
  const union = (a: number, b: number) => parent.set(find(a), find(b));
  const live = net.paths.filter((p) => p.alive);
  // Ends are keys already: edge points ≥ 0, nodes < 0 (network.ts).
  for (const p of live) union(p.ends[0], p.ends[1]);
  for (const p of live) for (const e of p.ends) {
    const n = e >= 0 ? net.neighbour[e]! : -1;
    if (n >= 0) union(e, n * 6 + oppositeSide(e % 6));
  }
  const groups = new Map<number, number[]>();
  for (const p of live) {
    const r = find(p.ends[0]);
    groups.set(r, [...(groups.get(r) ?? []), p.hexIndex]);
  }
  return [...groups.values()];
}
