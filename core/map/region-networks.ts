/**
 * The through-tile networks of a copied region (issue 26 on issue 14's clipboard): roads,
 * railroads and trails between two tiles of the region go with its terrain, and a paste or a
 * cut changes them in the same undo step.
 *
 * A region keeps four numbers a connection: (cell, code, acrossA, acrossB). The code's kind
 * is a value of the region's palette; acrossA / acrossB name the region cell across the
 * connection's port a / b when that port is a side (−1 for the centre and junction ports).
 * Sides are renumbered on paste as the side of the target tile toward the target of the
 * cell across (NetworkSides.sideToward), so a road keeps joining the same neighbours on
 * every kind: flat maps, AL-FORM (the area tile across a linear tile) and the globe, whose
 * directions turn across sector seams. A connection through a side toward a tile outside the
 * region stays behind (half a road at the rim would join nothing where it lands).
 *
 * A paste replaces the networks of the tiles it writes, as it replaces their terrain: their
 * old connections go, with the links of tiles around that reached into them (no half
 * roads left pointing at the patch). A cut clears the same.
 *
 * Junction records (towns, cities of an 18xx board) are not carried: the journal keeps
 * connection codes only, and a paste is one journalled step.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { connectionKind, connectionLevel, encodeConnection, isSidePort, portA, portB } from './network-code.js';
import type { NetworkTileChange } from './network-layer.js';
import { NetworkLayer } from './network-layer.js';
import { NetworkSides } from './network-sides.js';
import { planEraseTiles } from './network-edit.js';
import type { TerrainMap } from './terrain-map.js';

/** Numbers a region keeps for each network connection. */
export const REGION_NETWORK_STRIDE = 4;

/**
 * The connections of `tiles` (region tiles, each with its cell in `cellOf`) whose side ports
 * lead to another tile of the region; kinds through `valueOf` (map palette value → region's).
 */
export function copyRegionNetworks(map: TerrainMap, tiles: readonly number[], cellOf: ReadonlyMap<number, number>, valueOf: (stored: number) => number): Int32Array {
  const layer = map.networks;
  if (!layer || layer.isEmpty) return new Int32Array(0);
  const sides = NetworkSides.of(map);
  const inRegion = new Set(tiles);
  const cellAcross = (t: number, side: number): number => {
    const u = sides.across(t, side);
    return inRegion.has(u) ? cellOf.get(u)! : -2;
  };
  const out: number[] = [];
  for (const t of tiles) {
    const codes = layer.at(t);
    if (codes.length === 0) continue;
    const cell = cellOf.get(t)!;
    for (const code of codes) {
      const ends = [portA(code), portB(code)].map((p) => (isSidePort(p) ? cellAcross(t, p) : -1));
      if (ends[0] === -2 || ends[1] === -2) continue;
      const kind = valueOf(connectionKind(code));
      out.push(cell, encodeConnection(portA(code), portB(code), kind, connectionLevel(code)), ends[0]!, ends[1]!);
    }
  }
  return Int32Array.from(out);
}

/**
 * The network changes of pasting: the networks of `written` tiles cleared (with the links
 * reaching them), then the region's connections laid on their targets, kinds through `toMap`
 * (region palette value → the map's). Empty when neither the map nor the region has any.
 */
export function planPasteNetworks(map: TerrainMap, networks: Int32Array, targets: Int32Array, written: readonly number[], toMap: (v: number) => number): NetworkTileChange[] {
  if (networks.length === 0 && (!map.networks || map.networks.isEmpty)) return [];
  const sides = NetworkSides.of(map);
  const before = map.networks ?? new NetworkLayer(map.tileCount);
  const scratch = before.clone();
  const touched = new Set<number>();
  for (const c of planEraseTiles(scratch, sides, 0, written)) {
    scratch.set(c.tile, c.after);
    touched.add(c.tile);
  }
  const laid = new Map<number, number[]>();
  for (let i = 0; i < networks.length; i += REGION_NETWORK_STRIDE) {
    const t = targets[networks[i]!]!;
    if (t < 0 || !sides.isGround(t)) continue;
    const code = networks[i + 1]!;
    const port = (p: number, across: number): number => {
      if (!isSidePort(p)) return p;
      const to = across >= 0 ? targets[across]! : -1;
      return to >= 0 ? sides.sideToward(t, to) : -1;
    };
    const a = port(portA(code), networks[i + 2]!);
    const b = port(portB(code), networks[i + 3]!);
    // The tile across fell off the map, or the walk's nearest fit put it out of reach.
    if (a < 0 || b < 0 || a === b) continue;
    let list = laid.get(t);
    if (!list) laid.set(t, (list = []));
    list.push(encodeConnection(a, b, toMap(connectionKind(code)), connectionLevel(code)));
  }
  for (const [t, codes] of laid) {
    scratch.set(t, [...scratch.at(t), ...codes]);
    touched.add(t);
  }
  return diff(before, scratch, touched);
}

/** The network changes of a cut: every network of `tiles` cleared, with the links reaching them. */
export function planClearNetworks(map: TerrainMap, tiles: readonly number[]): NetworkTileChange[] {
  const layer = map.networks;
  if (!layer || layer.isEmpty) return [];
  return planEraseTiles(layer, NetworkSides.of(map), 0, tiles);
}

function diff(before: NetworkLayer, after: NetworkLayer, tiles: ReadonlySet<number>): NetworkTileChange[] {
  const out: NetworkTileChange[] = [];
  for (const tile of [...tiles].sort((x, y) => x - y)) {
    const b = before.at(tile);
    const a = after.at(tile);
    if (b.length !== a.length || b.some((c, k) => c !== a[k])) out.push({ tile, before: [...b], after: [...a] });
  }
  return out;
}
