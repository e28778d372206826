/**
 * A map's networks described by terrain name (`maps.network`, `sandtable network`): per
 * network kind its tiles, connected components, dead ends and crossings (network-query.ts),
 * the crossings of rivers named with the catalogue's bridge or ford.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainCatalogue } from '../terrain/types.js';
import { networkCrossing } from '../terrain/network.js';
import { connectionKind } from './network-code.js';
import { NetworkSides } from './network-sides.js';
import { linearTerrainAcross, networkComponents, networkCrossings, networkDeadEnds, type DeadEndReason, type CrossingType } from './network-query.js';
import type { TerrainMap } from './terrain-map.js';

export interface NetworkDeadEndInfo {
  tile: number;
  reason: DeadEndReason;
  side: number;
}

export interface NetworkCrossingInfo {
  tile: number;
  /** `junction` (crossroads, fork), `network` (another network in the tile: level crossing), `overpass`, `feature` (a link over a river edge / linear tile). */
  type: CrossingType;
  /** `network`: the other network's terrain; `feature`: the crossed linear terrain. */
  other?: string;
  /** `feature`: the side of `tile` crossed. */
  side?: number;
  /** `feature`: how the catalogue crosses it (the composite's result and its bridge or ford), when a composite covers the pair. */
  crossing?: { terrain: string; kind: 'bridge' | 'ford' | null };
}

export interface NetworkKindInfo {
  terrain: string;
  /** Tiles it passes through. */
  tiles: number;
  /** Connected components, largest first. */
  components: { tiles: number[] }[];
  deadEnds: NetworkDeadEndInfo[];
  crossings: NetworkCrossingInfo[];
}

export interface NetworkReport {
  kinds: NetworkKindInfo[];
}

/** The kinds (palette values) a map's networks hold, ascending. */
export function networkKindsInUse(map: TerrainMap): number[] {
  const kinds = new Set<number>();
  const layer = map.networks;
  if (layer) for (const t of layer.tiles()) for (const c of layer.at(t)) kinds.add(connectionKind(c));
  return [...kinds].sort((a, b) => a - b);
}

/** The report of every network of `map`, or of network terrain `only`. */
export function networkReport(map: TerrainMap, catalogue: TerrainCatalogue, only?: string): NetworkReport {
  const layer = map.networks;
  if (!layer) return { kinds: [] };
  const sides = NetworkSides.of(map);
  const featureAt = linearTerrainAcross(map);
  const kinds = networkKindsInUse(map).filter((k) => only === undefined || only === '' || map.terrainOf(k) === only);
  return {
    kinds: kinds.map((kind) => {
      const terrain = map.terrainOf(kind);
      const components = networkComponents(layer, sides, kind);
      return {
        terrain,
        tiles: components.reduce((n, c) => n + c.tiles.length, 0),
        components,
        deadEnds: networkDeadEnds(layer, sides, kind),
        crossings: networkCrossings(layer, sides, kind, featureAt).map((c): NetworkCrossingInfo => {
          if (c.type === 'network') return { tile: c.tile, type: c.type, other: map.terrainOf(c.other!) };
          if (c.type !== 'feature') return { tile: c.tile, type: c.type };
          const other = map.terrainOf(c.other!);
          const rule = networkCrossing(catalogue, other, terrain);
          return { tile: c.tile, type: c.type, other, side: c.side!, ...(rule ? { crossing: rule } : {}) };
        }),
      };
    }),
  };
}

/** The report as lines for people: one block per network kind. */
export function formatNetworkReport(report: NetworkReport, tileName: (tile: number) => string = String): string[] {
  if (report.kinds.length === 0) return ['no networks'];
  const lines: string[] = [];
  const list = (tiles: readonly number[], max = 12) => tiles.slice(0, max).map(tileName).join(', ') + (tiles.length > max ? `, … (${tiles.length - max} more)` : '');
  for (const k of report.kinds) {
    lines.push(`${k.terrain}: ${k.tiles} tile${k.tiles === 1 ? '' : 's'} in ${k.components.length} component${k.components.length === 1 ? '' : 's'}`);
    k.components.forEach((c, i) => lines.push(`  component ${i + 1}: ${c.tiles.length} tiles (${list(c.tiles)})`));
    lines.push(`  dead ends: ${k.deadEnds.length === 0 ? 'none' : k.deadEnds.map((d) => `${tileName(d.tile)}${d.reason === 'broken-at-side' ? ` (broken at side ${d.side})` : ''}`).join(', ')}`);
    const byType = new Map<string, string[]>();
    for (const c of k.crossings) {
      const what = c.type === 'feature' ? `${c.crossing?.kind ?? 'crossing'} over ${c.other}` : c.type === 'network' ? `level crossing with ${c.other}` : c.type;
      const l = byType.get(what) ?? [];
      l.push(tileName(c.tile));
      byType.set(what, l);
    }
    lines.push(`  crossings: ${byType.size === 0 ? 'none' : [...byType].map(([what, tiles]) => `${tiles.length} ${what} (${tiles.slice(0, 8).join(', ')}${tiles.length > 8 ? ', …' : ''})`).join('; ')}`);
  }
  return lines;
}
