/**
 * Networks on a derived map (issue 26 item 4). After blending: network terrain leaves the
 * linear tiles (./strip.ts); each link of the parent's networks (./parent-links.ts) is laid
 * through the derived map's area tiles from the parent's centre (or side middle) to the next
 * (./route-road.ts), with a bridge where — and only where — the parent's link crosses a
 * river, square to it; built-up ground gets its street grid (./streets.ts), joined into one
 * network per town. The result is the map's network layer; the globe keeps its roads on
 * linear tiles for now (its charts have no single lattice to lay links on).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { NetworkLayer } from '../../map/network-layer.js';
import { connectionKind } from '../../map/network-code.js';
import { planEraseTiles } from '../../map/network-edit.js';
import { networkComponents } from '../../map/network-query.js';
import type { TerrainMap } from '../../map/terrain-map.js';
import type { TerrainCatalogue } from '../../terrain/types.js';
import { networkTerrains } from '../../terrain/network.js';
import type { StrategicView } from '../strategic-view.js';
import type { WindowCover } from '../window-cover.js';
import { largeBox } from '../window-cover.js';
import { areaPoint, ChildLattice, nearestLargeTerrain, NetworkRules } from './child-lattice.js';
import { parentLinks } from './parent-links.js';
import { routeRoad } from './route-road.js';
import { drawStreets, joinTownPieces, NetworkDraft } from './streets.js';
import { stripLinearNetworks } from './strip.js';

export interface NetworkFrame {
  readonly view: StrategicView;
  readonly ratio: number;
  readonly anchor: readonly [number, number];
  readonly lattice: StrategicView['lattice'];
}

export interface CarriedNetworks {
  /** Parent links laid, and the bridges they made. */
  readonly links: number;
  readonly bridges: number;
  /** Street links drawn, and town pieces joined. */
  readonly streets: number;
  readonly joined: number;
}

/** The network town streets are drawn as: road where the catalogue has it, else its first network. */
function streetKind(catalogue: TerrainCatalogue): string | undefined {
  const all = networkTerrains(catalogue).map((t) => t.id);
  return all.includes('road') ? 'road' : all[0];
}

/** Lays the networks of a derived map `out` covering `cover` (see the file comment). */
export function carryNetworks(out: TerrainMap, frame: NetworkFrame, cover: WindowCover, catalogue: TerrainCatalogue): CarriedNetworks {
  const none = { links: 0, bridges: 0, streets: 0, joined: 0 };
  if (frame.view.globe !== undefined) return none;
  const rules = new NetworkRules(catalogue);
  const child = new ChildLattice(out, cover.originX, cover.originY, frame.lattice, nearestLargeTerrain(frame.view, frame.ratio, frame.anchor));
  stripLinearNetworks(out, rules);
  const layer = out.networks?.clone() ?? new NetworkLayer(out.grid.tileCount);
  const draft = new NetworkDraft(child);
  const r = frame.ratio;
  // A link's end on the selection's outline may fall on an off-map tile: it moves to the first
  // tile on the map beside it, the same for both links that share it, so the road stays whole.
  const at = (p: readonly [number, number]): [number, number] => {
    const [gx, gy] = areaPoint(r * p[0] + frame.anchor[0], r * p[1] + frame.anchor[1]);
    const onMap = (x: number, y: number) => {
      const t = child.tileAt(x, y);
      return t >= 0 && out.layers.terrain[t] !== 0;
    };
    if (child.tileAt(gx, gy) < 0 || onMap(gx, gy)) return [gx, gy];
    const step = child.steps.find(([dx, dy]) => onMap(gx + 2 * dx, gy + 2 * dy));
    return step === undefined ? [gx, gy] : [gx + 2 * step[0], gy + 2 * step[1]];
  };
  const bridges: { tile: number; terrain: string }[] = [];
  let links = 0;
  for (const link of parentLinks(frame.view, rules, largeBox(frame, cover, 1))) {
    const routed = routeRoad(child, rules, { from: at(link.from), to: at(link.to), kind: link.kind, crossings: link.crossings }, r);
    if (routed === null) continue;
    const kind = out.terrainIndex(link.kind);
    const tiles = routed.tiles.map(([gx, gy]) => child.tileAt(gx, gy));
    let drawn = false;
    const onMap = (t: number) => t >= 0 && out.layers.terrain[t] !== 0;
    for (let i = 1; i < tiles.length; i++) {
      const p = tiles[i - 1]!;
      const q = tiles[i]!;
      const [px, py] = routed.tiles[i - 1]!;
      const [qx, qy] = routed.tiles[i]!;
      // Where the link leaves the map's rectangle it leaves through the side facing out.
      if (onMap(p) && q < 0) draft.exit(p, (qx - px) / 2, (qy - py) / 2, kind);
      else if (onMap(q) && p < 0) draft.exit(q, (px - qx) / 2, (py - qy) / 2, kind);
      if (!onMap(p) || !onMap(q)) continue;
      drawn = draft.link(p, q, kind) || drawn;
    }
    if (drawn) links++;
    for (const [mx, my] of routed.bridges) {
      const t = child.tileAt(mx, my);
      const terrain = rules.bridgeTerrain(child.terrainAt(mx, my), link.kind);
      if (t >= 0 && terrain !== undefined) bridges.push({ tile: t, terrain });
    }
  }
  // Bridges last: a river tile read by a later link is still the river it crosses.
  for (const b of bridges) out.layers.terrain[b.tile] = out.terrainIndex(b.terrain);
  const kindId = streetKind(catalogue);
  let streets = 0;
  let joined = 0;
  // Streets only where the parent has built-up ground (the usual derivation has none to draw).
  const towns = frame.view.map.palette.some((id) => rules.streets(id) !== undefined);
  if (kindId !== undefined && towns) {
    const kind = out.terrainIndex(kindId);
    streets = drawStreets(child, rules, draft, kind, kindId, r);
    draft.commit(layer);
    joined = joinTownPieces(child, rules, layer, kind, kindId);
  } else draft.commit(layer);
  dropStubs(child, layer, frame.ratio);
  out.setNetworks(layer.isEmpty ? null : layer);
  return { links, bridges: bridges.length, streets, joined };
}

/**
 * Erases pieces of a network shorter than half a large tile that touch the edge of the
 * map's ground: where a parent link runs along the selection's outline it dips in and out,
 * leaving stubs that lead nowhere.
 */
function dropStubs(child: ChildLattice, layer: NetworkLayer, ratio: number): void {
  const map = child.map;
  const kinds = new Set<number>();
  for (const t of layer.tiles()) for (const c of layer.at(t)) kinds.add(connectionKind(c));
  const atEdge = (t: number): boolean => {
    for (let d = 0; d < map.grid.degree(t); d++) {
      const u = child.sides.across(t, d);
      if (u < 0 || map.layers.terrain[u] === 0) return true;
    }
    return false;
  };
  for (const kind of kinds) {
    for (const piece of networkComponents(layer, child.sides, kind)) {
      if (piece.tiles.length * 2 >= ratio || !piece.tiles.some(atEdge)) continue;
      layer.apply(planEraseTiles(layer, child.sides, kind, piece.tiles));
    }
  }
}
