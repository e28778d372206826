/**
 * Moving along through-tile networks (issue 26, item 3): the road's rate instead of the
 * terrain's, a bridge's cost over a river, the terrain when entering or leaving the road.
 */
import { describe, expect, it } from 'vitest';
import { TerrainMap } from '../map/terrain-map.js';
import { TileClass } from '../alform/classify.js';
import { tileClasses } from '../alform/tile-classes.js';
import { brushLine } from '../alform/brush.js';
import { loadDefaultCatalogue } from '../terrain/catalogue.testkit.js';
import { NetworkLayer } from '../map/network-layer.js';
import { NetworkSides } from '../map/network-sides.js';
import { planDrawChain } from '../map/network-edit.js';
import { CENTRE, encodeConnection } from '../map/network-code.js';
import { buildMovementGraph, edgesOf } from './graph.js';
import { PathFinder } from './path-finder.js';
import { movementTablesFor } from './tables.js';
import type { GridSize } from '../grid/types.js';

const catalogue = loadDefaultCatalogue();

function filledMap(size: GridSize, area: string, alform = true): TerrainMap {
  const map = TerrainMap.create({ size, alform });
  const cls = alform ? tileClasses(map.grid) : null;
  const k = map.terrainIndex(area);
  for (let i = 0; i < map.tileCount; i++) if (!cls || cls[i] === TileClass.AREA) map.layers.terrain[i] = k;
  return map;
}

/** The chain of adjoining ground tiles through the waypoints (centre to centre, as the linear tool draws). */
function chainThrough(map: TerrainMap, waypoints: readonly number[]): number[] {
  const cls = map.spec.alform ? tileClasses(map.grid) : null;
  const out: number[] = [waypoints[0]!];
  for (let k = 1; k < waypoints.length; k++) out.push(...Array.from(brushLine(map.grid, cls, waypoints[k - 1]!, waypoints[k]!, 'area')).slice(1));
  return out;
}

function drawRoad(map: TerrainMap, chain: readonly number[], terrain = 'road'): void {
  const layer = map.networks ?? new NetworkLayer(map.tileCount);
  layer.apply(planDrawChain(layer, NetworkSides.of(map), map.terrainIndex(terrain), chain));
  map.setNetworks(layer);
}

const finder = (map: TerrainMap, mode = 'foot') => new PathFinder(buildMovementGraph(map, movementTablesFor(catalogue, map, mode)));

/** The AL-FORM area tile nearest the point at fractions (fx, fy) of the map's width and height. */
function hexAt(map: TerrainMap, fx: number, fy: number): number {
  const g = map.grid;
  const cls = tileClasses(g);
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let t = 0; t < g.tileCount; t++) {
    const [x, y] = g.center(t) as [number, number];
    [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
  }
  const px = x0 + fx * (x1 - x0);
  const py = y0 + fy * (y1 - y0);
  let best = -1;
  let bestD = Infinity;
  for (let t = 0; t < g.tileCount; t++) {
    if (cls[t] !== TileClass.AREA) continue;
    const [x, y] = g.center(t) as [number, number];
    const d = (x - px) ** 2 + (y - py) ** 2;
    if (d < bestD) [best, bestD] = [t, d];
  }
  return best;
}

describe('movement along a through-tile road', () => {
  it('on a road-only corridor through forest the path follows the road and costs the road rate', () => {
    const map = filledMap({ kind: 'hex-rectangle', width: 23, height: 19 }, 'forest');
    // A detour: down, across, up again. Straight through the forest is 4 hexes at 2 × 2 each.
    const a = hexAt(map, 0.1, 0.2);
    const b = hexAt(map, 0.9, 0.2);
    const road = chainThrough(map, [a, hexAt(map, 0.1, 0.45), hexAt(map, 0.9, 0.45), b]);
    expect(road.length).toBeGreaterThan(8);
    const before = finder(map).findPath(a, b)!;
    drawRoad(map, road);
    const path = finder(map).findPath(a, b)!;
    expect(Array.from(path.tiles)).toEqual(road);
    // Every hop is two TILE-SPACINGs at the road's 0.5 for foot.
    expect(path.cost).toBeCloseTo((road.length - 1) * 2 * 0.5, 5);
    expect(path.cost).toBeLessThan(before.cost);
  });

  it('reach doubles along the road as the rates say (clear 1, road 0.5 per spacing)', () => {
    const map = filledMap({ kind: 'hex-rectangle', width: 29, height: 17 }, 'clear');
    const g = map.grid;
    const start = hexAt(map, 0.05, 0.5);
    const road = chainThrough(map, [start, hexAt(map, 0.95, 0.5)]);
    const hopsAlong = (t: number) => road.indexOf(t);
    const budget = 6;
    const off = finder(map).reach(start, budget);
    const farOff = Math.max(...Array.from(off, (t) => g.distance(start, t) / 2));
    expect(farOff).toBe(3);
    drawRoad(map, road);
    const on = finder(map).reach(start, budget);
    const farOn = Math.max(...Array.from(on).filter((t) => hopsAlong(t) >= 0).map(hopsAlong));
    expect(farOn).toBe(2 * farOff);
    // Leaving the road pays the terrain (2 a hex): every tile reached off the road is one hex
    // from a road tile reached with 2 to spare, or within 3 hexes of the start.
    const offRoad = Array.from(on).filter((t) => hopsAlong(t) < 0);
    expect(offRoad.length).toBeGreaterThan(0);
    for (const t of offRoad) {
      const viaRoad = road.some((r, k) => g.distance(r, t) === 2 && k + 2 <= budget);
      expect(viaRoad || g.distance(start, t) / 2 <= 3).toBe(true);
    }
    expect(on.length).toBeGreaterThan(off.length);
  });

  it('a river crossed on the road costs the bridge, and wheels cross where the river alone bars them', () => {
    const map = filledMap({ kind: 'hex-rectangle', width: 15, height: 11 }, 'clear');
    const sides = NetworkSides.of(map);
    const u = hexAt(map, 0.5, 0.4);
    const v = NetworkSides.of(map).across(u, 0);
    const side = sides.sideToward(u, v);
    map.setTerrain(sides.between(u, side), 'river');
    expect(edgesOf(buildMovementGraph(map, movementTablesFor(catalogue, map, 'wheeled')), u).some(([t]) => t === v)).toBe(false);
    drawRoad(map, [u, v]);
    // river + road → river-bridge (0.5 for wheels): half the hop on the bridge, half on the road (0.5).
    const wheeled = edgesOf(buildMovementGraph(map, movementTablesFor(catalogue, map, 'wheeled')), u).filter(([t]) => t === v);
    expect(wheeled.map(([, c]) => c)).toEqual([1]);
    // On foot the river costs 2 + 2 × 1; the bridge is cheaper.
    expect(finder(map).pathCost(u, v)).toBe(1);
  });

  it('a road that stops at the hexside does not help: both tiles must be joined', () => {
    const map = filledMap({ kind: 'hex-rectangle', width: 15, height: 11 }, 'forest');
    const sides = NetworkSides.of(map);
    const u = hexAt(map, 0.5, 0.4);
    const v = NetworkSides.of(map).across(u, 0);
    const layer = new NetworkLayer(map.tileCount);
    layer.set(u, [encodeConnection(sides.sideToward(u, v), CENTRE, map.terrainIndex('road'))]);
    map.setNetworks(layer);
    expect(finder(map).pathCost(u, v)).toBe(4);
  });

  it('railroads carry rail units, not units on foot; classic maps pay the rate per hop', () => {
    const map = filledMap({ kind: 'hex-rectangle', width: 8, height: 6 }, 'clear', false);
    const g = map.grid;
    const a = g.index([1, 1]);
    const b = g.index([1, 5]);
    const line = chainThrough(map, [a, b]);
    drawRoad(map, line, 'railroad');
    expect(finder(map, 'foot').pathCost(a, b)).toBe(4);
    // Rail units stand only on the railroad's tiles' terrain where the catalogue lets them; here clear is impassable for rail.
    drawRoad(map, line, 'road');
    expect(finder(map, 'foot').pathCost(a, b)).toBe(2);
  });
});
