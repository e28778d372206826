/**
 * The parent's networks as links between large-lattice points (issue 26 item 4: "roads
 * continue across the child along the parent's connections"). Two sources:
 * - the parent's through-tile network layer: each link between two area tiles joins their
 *   centres (a side with nothing across it ends at the side's middle); it crosses the river
 *   when the linear tile between holds one the network bridges;
 * - networks the parent still draws on linear tiles (maps made before networks, derived maps
 *   of older versions): each step between two adjoining linear tiles of the network joins
 *   their middles; a bridge tile (a composite of a feature and the network) is stepped over,
 *   joining the tiles on either side with one crossing.
 * Only large tiles in `box` are read: the ground a derivation depends on (./dependency.ts)
 * holds it.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { classifyTile, TileClass } from '../../alform/classify.js';
import { connectionKind, isSidePort, portA, portB } from '../../map/network-code.js';
import { NetworkSides } from '../../map/network-sides.js';
import { splitPalette } from '../../map/network-convert.js';
import type { StrategicView } from '../strategic-view.js';
import type { LargeBox } from '../window-cover.js';
import type { NetworkRules } from './child-lattice.js';

/** A parent link in large-lattice positions (area tiles at even, even; linear tiles between). */
export interface ParentLink {
  readonly from: readonly [number, number];
  readonly to: readonly [number, number];
  readonly kind: string;
  readonly crossings: number;
}

/** The parent's tiles in the box, each once. */
function tilesIn(view: StrategicView, box: LargeBox): number[] {
  const out = new Set<number>();
  for (let px = box.px0; px <= box.px1; px++) for (let py = box.py0; py <= box.py1; py++) {
    const t = view.tileAt(px, py);
    if (t >= 0) out.add(t);
  }
  return [...out].sort((a, b) => a - b);
}

function layerLinks(view: StrategicView, rules: NetworkRules, tiles: readonly number[], out: ParentLink[]): void {
  const map = view.map;
  const layer = map.networks;
  if (layer === null || layer.isEmpty) return;
  const sides = NetworkSides.of(map);
  for (const t of tiles) {
    const codes = layer.at(t);
    if (codes.length === 0) continue;
    const from = view.positionOf(t);
    if (from === undefined) continue;
    const seen = new Set<string>();
    for (const c of codes) {
      const kind = map.palette[connectionKind(c) - 1];
      if (kind === undefined) continue;
      for (const port of [portA(c), portB(c)]) {
        if (!isSidePort(port) || seen.has(`${kind}:${port}`)) continue;
        seen.add(`${kind}:${port}`);
        const next = sides.across(t, port);
        const between = sides.between(t, port);
        const mid = between >= 0 ? view.positionOf(between) : undefined;
        const feature = between >= 0 ? map.terrainOf(map.layers.terrain[between]!) : '';
        const crossings = rules.mustBridge(feature, kind) ? 1 : 0;
        const back = next >= 0 ? sides.backSide(t, port, next) : -1;
        const joined = next >= 0 && layer.at(next).some((n) => map.palette[connectionKind(n) - 1] === kind && (portA(n) === back || portB(n) === back));
        const to = joined ? view.positionOf(next) : undefined;
        if (to !== undefined) {
          if (next > t) out.push({ from, to, kind, crossings });
        } else if (mid !== undefined) out.push({ from, to: mid, kind, crossings: 0 });
      }
    }
  }
}

/** Per linear tile of the parent: the networks it draws, and whether it is a bridge of each (a feature's composite). */
function linearNetworks(view: StrategicView, rules: NetworkRules, tiles: readonly number[]): Map<number, Map<string, boolean>> {
  const map = view.map;
  // How each terrain splits into networks and what else the tile holds: core/map's rule.
  const byId = new Map<string, Map<string, boolean>>();
  splitPalette(map, rules.catalogue).forEach((split, v) => {
    if (split === null || v === 0) return;
    byId.set(map.palette[v - 1]!, new Map(split.networks.map((kind) => [kind, rules.mustBridge(split.rest, kind)])));
  });
  const out = new Map<number, Map<string, boolean>>();
  if (byId.size === 0) return out;
  for (const t of tiles) {
    if (classifyTile(map.grid, t) === TileClass.AREA) continue;
    const kinds = byId.get(map.terrainOf(map.layers.terrain[t]!));
    if (kinds !== undefined) out.set(t, kinds);
  }
  return out;
}

function linearLinks(view: StrategicView, rules: NetworkRules, tiles: readonly number[], out: ParentLink[]): void {
  const grid = view.map.grid;
  const networks = linearNetworks(view, rules, tiles);
  const nb = new Int32Array(Math.max(8, grid.directions));
  const neighbours = (t: number, kind: string): number[] => {
    const n = grid.neighbors(t, nb);
    const list: number[] = [];
    for (let k = 0; k < n; k++) if (nb[k]! >= 0 && networks.get(nb[k]!)?.has(kind)) list.push(nb[k]!);
    return list;
  };
  for (const [t, kinds] of networks) {
    const at = view.positionOf(t);
    if (at === undefined) continue;
    for (const [kind, bridge] of kinds) {
      const near = neighbours(t, kind);
      if (bridge) {
        // Step over the bridge: the road's tiles on either side, joined with one crossing.
        const sides = near.filter((u) => networks.get(u)!.get(kind) === false);
        for (let i = 0; i < sides.length; i++) for (let j = i + 1; j < sides.length; j++) {
          const a = view.positionOf(sides[i]!);
          const b = view.positionOf(sides[j]!);
          if (a !== undefined && b !== undefined) out.push({ from: a, to: b, kind, crossings: 1 });
        }
        if (sides.length === 1) {
          const a = view.positionOf(sides[0]!);
          if (a !== undefined) out.push({ from: a, to: at, kind, crossings: 1 });
        }
        continue;
      }
      for (const u of near) {
        if (u < t || networks.get(u)!.get(kind) !== false) continue;
        // A corner of three road tiles: the two that also meet a third road tile are joined through it.
        const shared = near.filter((w) => w !== u && neighbours(u, kind).includes(w));
        if (shared.length > 0 && near.length >= 3 && neighbours(u, kind).length >= 3) continue;
        const to = view.positionOf(u);
        if (to !== undefined) out.push({ from: at, to, kind, crossings: 0 });
      }
    }
  }
}

/** The links of every network of the parent within `box` (see the file comment). */
export function parentLinks(view: StrategicView, rules: NetworkRules, box: LargeBox): ParentLink[] {
  const tiles = tilesIn(view, box);
  const out: ParentLink[] = [];
  layerLinks(view, rules, tiles, out);
  linearLinks(view, rules, tiles, out);
  return out;
}
