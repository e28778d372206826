/**
 * A small hex map with every network case on it, for the drawing, mesh and export tests and
 * screenshots: clear and forest ground, a river running down the hexsides, a bent road that
 * crosses it (one bridge), a railroad crossing the road (a level crossing), a
 * trail fording it, and a branch (a junction). Test-only; excluded from core's production
 * type check.
 */
import { TerrainMap } from '../map/terrain-map.js';
import { TileClass } from '../alform/classify.js';
import { tileClasses } from '../alform/tile-classes.js';
import { brushLine } from '../alform/brush.js';
import { strokeThrough } from '../alform/linear-stroke.js';
import { NetworkLayer } from '../map/network-layer.js';
import { NetworkSides } from '../map/network-sides.js';
import { planDrawChain } from '../map/network-edit.js';
import type { ModelPoint } from '../grid/types.js';

/** The ground tile nearest fractions (fx, fy) of the map's extent. */
export function groundAt(map: TerrainMap, fx: number, fy: number): number {
  const g = map.grid;
  const cls = map.spec.alform ? tileClasses(g) : null;
  const [x0, y0, x1, y1] = extent(map);
  const px = x0 + fx * (x1 - x0);
  const py = y0 + fy * (y1 - y0);
  let best = -1;
  let bestD = Infinity;
  for (let t = 0; t < g.tileCount; t++) {
    if (cls && cls[t] !== TileClass.AREA) continue;
    const c = g.center(t);
    const d = (c[0]! - px) ** 2 + (c[1]! - py) ** 2;
    if (d < bestD) [best, bestD] = [t, d];
  }
  return best;
}

function extent(map: TerrainMap): [number, number, number, number] {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let t = 0; t < map.grid.tileCount; t++) {
    const [x, y] = map.grid.center(t) as [number, number];
    [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
  }
  return [x0, y0, x1, y1];
}

/** Draws network `terrain` through the ground tiles nearest the waypoints (fractions of the extent); returns the chain. */
export function drawNetwork(map: TerrainMap, waypoints: readonly (readonly [number, number])[], terrain: string): number[] {
  const cls = map.spec.alform ? tileClasses(map.grid) : null;
  const tiles = waypoints.map(([fx, fy]) => groundAt(map, fx, fy));
  const chain = [tiles[0]!];
  for (let k = 1; k < tiles.length; k++) chain.push(...Array.from(brushLine(map.grid, cls, tiles[k - 1]!, tiles[k]!, 'area')).slice(1));
  const layer = map.networks ?? new NetworkLayer(map.tileCount);
  layer.apply(planDrawChain(layer, NetworkSides.of(map), map.terrainIndex(terrain), chain));
  map.setNetworks(layer);
  return chain;
}

/** An AL-FORM map of `kind` with the river, road, railroad, trail and branch of the header. */
export function networkSampleMap(kind: 'hex-rectangle' | 'square' | 'offset-square' = 'hex-rectangle'): TerrainMap {
  const map = TerrainMap.create({ size: { kind, width: 25, height: 17 }, alform: true });
  const g = map.grid;
  const cls = tileClasses(g);
  const clear = map.terrainIndex('clear');
  const forest = map.terrainIndex('forest');
  const [x0, y0, x1, y1] = extent(map);
  for (let t = 0; t < g.tileCount; t++) {
    if (cls[t] !== TileClass.AREA) continue;
    const [x, y] = g.center(t) as [number, number];
    map.layers.terrain[t] = (x - x0) / (x1 - x0) > 0.65 && (y - y0) / (y1 - y0) < 0.5 ? forest : clear;
  }
  // The river down the middle, along the hexsides.
  const at = (fx: number, fy: number): ModelPoint => [x0 + fx * (x1 - x0), y0 + fy * (y1 - y0)] as ModelPoint;
  for (const t of strokeThrough(g, cls, [at(0.45, 0), at(0.5, 0.5), at(0.45, 1)])) map.setTerrain(t, 'river');
  drawNetwork(map, [[0.05, 0.3], [0.3, 0.3], [0.7, 0.6], [0.95, 0.6]], 'road');
  drawNetwork(map, [[0.2, 0.05], [0.2, 0.95]], 'railroad');
  drawNetwork(map, [[0.6, 0.95], [0.6, 0.75], [0.35, 0.85]], 'trail');
  drawNetwork(map, [[0.8, 0.6], [0.8, 0.1]], 'road');
  return map;
}

/**
 * A small AL-FORM globe with a road across a face seam that crosses a river three times
 * (three bridges), a railroad over it (a level crossing) and a branch off it (a junction).
 */
export function networkGlobeSampleMap(): { map: TerrainMap; road: number[]; crossings: number } {
  const map = TerrainMap.create({ size: { kind: 'icosahedron', side: 5 }, alform: true });
  const g = map.grid;
  const cls = tileClasses(g);
  const sides = NetworkSides.of(map);
  const clear = map.terrainIndex('clear');
  const areas: number[] = [];
  for (let t = 0; t < g.tileCount; t++) if (cls[t] === TileClass.AREA) areas.push(t);
  for (const t of areas) map.layers.terrain[t] = clear;
  const a = areas[Math.floor(areas.length / 4)]!;
  const b = areas.reduce((best, t) => (g.distance(a, t) > g.distance(a, best) ? t : best), a); // the far side
  const road = Array.from(brushLine(g, cls, a, b, 'area'));
  const draw = (chain: readonly number[], terrain: string) => {
    const layer = map.networks ?? new NetworkLayer(map.tileCount);
    layer.apply(planDrawChain(layer, sides, map.terrainIndex(terrain), chain));
    map.setNetworks(layer);
  };
  draw(road, 'road');
  const river = [1, 3, road.length - 2];
  for (const k of river) map.setTerrain(sides.between(road[k]!, sides.sideToward(road[k]!, road[k + 1]!)), 'river');
  // At the road's middle tile: a railroad across it and a branch road off it, through the sides the road leaves free.
  const mid = road[Math.floor(road.length / 2)]!;
  const used = new Set([road.indexOf(mid) - 1, road.indexOf(mid) + 1].map((k) => sides.sideToward(mid, road[k]!)));
  const free = Array.from({ length: sides.degree(mid) }, (_, d) => d).filter((d) => !used.has(d) && sides.across(mid, d) >= 0 && !road.includes(sides.across(mid, d)));
  draw([sides.across(mid, free[0]!), mid, sides.across(mid, free[2]!)], 'railroad');
  draw([mid, sides.across(mid, free[1]!)], 'road');
  return { map, road, crossings: river.length };
}
