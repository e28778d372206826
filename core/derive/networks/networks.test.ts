import { describe, expect, it } from 'vitest';
import type { GridSize } from '../../grid/types.js';
import { classifyTile, TileClass } from '../../alform/classify.js';
import { NetworkLayer } from '../../map/network-layer.js';
import { NetworkSides } from '../../map/network-sides.js';
import { planDrawChain } from '../../map/network-edit.js';
import { linearTerrainAcross, networkComponents, networkCrossings } from '../../map/network-query.js';
import type { TerrainMap } from '../../map/terrain-map.js';
import { runsThrough } from '../../terrain/network.js';
import { deriveTactical } from '../derive.js';
import { isOffMap } from '../coverage.js';
import { catalogue, layLineThrough, layStraightLine, strategicMap } from '../derive.testkit.js';
import { ChildLattice, NetworkRules } from './child-lattice.js';
import { squareCrossing } from './route-road.js';

const KINDS: readonly { name: string; size: GridSize; reference: [number, number] }[] = [
  { name: 'hex-rectangle', size: { kind: 'hex-rectangle', width: 21, height: 21 }, reference: [10, 14] },
  { name: 'square', size: { kind: 'square', width: 21, height: 21 }, reference: [10, 10] },
  { name: 'offset-square', size: { kind: 'offset-square', width: 21, height: 21 }, reference: [10, 14] },
];

const isArea = (map: TerrainMap, t: number): boolean => classifyTile(map.grid, t) === TileClass.AREA;

/** The reference tile and the area tiles around it (one ring). */
function around(map: TerrainMap, ref: number): number[] {
  const sides = NetworkSides.of(map);
  const out = [ref];
  for (let d = 0; d < map.grid.degree(ref); d++) {
    const t = sides.across(ref, d);
    if (t >= 0 && !out.includes(t)) out.push(t);
  }
  return out;
}

/** Area tiles on the map whose every on-map area neighbour carries the network while the tile itself does not: a tile ringed by road. */
function ringed(map: TerrainMap, kind: number): number[] {
  const layer = map.networks!;
  const sides = NetworkSides.of(map);
  const has = (t: number) => layer.at(t).some((c) => c >> 10 === kind);
  const out: number[] = [];
  for (let t = 0; t < map.grid.tileCount; t++) {
    if (!isArea(map, t) || isOffMap(map, t) || has(t)) continue;
    const next: number[] = [];
    for (let d = 0; d < map.grid.degree(t); d++) {
      const u = sides.across(t, d);
      if (u >= 0 && !isOffMap(map, u)) next.push(u);
    }
    if (next.length === map.grid.degree(t) && next.every(has)) out.push(t);
  }
  return out;
}

/** Linear tiles holding a network terrain (roads drawn along hexsides). */
function networksOnLinearTiles(map: TerrainMap): number {
  let n = 0;
  for (let t = 0; t < map.grid.tileCount; t++) if (!isArea(map, t) && map.layers.terrain[t] !== 0 && runsThrough(catalogue, map.terrainAt(t))) n++;
  return n;
}

function bridgeTiles(map: TerrainMap): number[] {
  const v = map.palette.indexOf('river-bridge') + 1;
  const out: number[] = [];
  if (v > 0) for (let t = 0; t < map.grid.tileCount; t++) if (map.layers.terrain[t] === v) out.push(t);
  return out;
}

describe.each(KINDS)('a derived town on $name (1:12) and its child', ({ size, reference }) => {
  const parent = strategicMap(size, 5);
  for (let t = 0; t < parent.grid.tileCount; t++) if (isArea(parent, t)) parent.setTerrain(t, 'urban');
  const ref = parent.grid.index(reference);
  const child = deriveTactical(parent, { catalogue, tiles: around(parent, ref), ratio: 12 });
  const centre = child.grid.index(child.grid.coord(0).map(() => 0));
  // The child's own reference: the on-map area tile nearest its middle.
  let inner = -1;
  const [w, h] = [child.spec.size as { width: number; height: number }].map((s) => [s.width, s.height])[0]!;
  for (let t = 0, best = Infinity; t < child.grid.tileCount; t++) {
    if (!isArea(child, t) || isOffMap(child, t)) continue;
    const [x, y] = child.grid.coord(t) as [number, number];
    const d = Math.hypot(x - w / 2, y - h / 2 - (size.kind === 'square' ? 0 : w / 4));
    if (d < best) [best, inner] = [d, t];
  }
  const grandchild = deriveTactical(child, { catalogue, tiles: around(child, inner), ratio: 12 });

  it.each([
    ['child', child],
    ['grandchild', grandchild],
  ])('%s: streets run through tile centres in one network, with blocks between — no tile ringed by road, none on a hexside', (_, map) => {
    expect(centre).toBeGreaterThanOrEqual(0);
    const road = map.palette.indexOf('road') + 1;
    expect(road).toBeGreaterThan(0);
    const layer = map.networks!;
    expect(layer).not.toBeNull();
    const pieces = networkComponents(layer, NetworkSides.of(map), road);
    expect(pieces).toHaveLength(1);
    let town = 0;
    for (let t = 0; t < map.grid.tileCount; t++) if (isArea(map, t) && !isOffMap(map, t)) town++;
    // Streets every half large tile: a good share of the tiles, most of them blocks.
    expect(pieces[0]!.tiles.length).toBeGreaterThan(town / 8);
    expect(pieces[0]!.tiles.length).toBeLessThan(town / 2);
    expect(ringed(map, road)).toEqual([]);
    expect(networksOnLinearTiles(map)).toBe(0);
  });
});

/** A straight river beside `ref` (a column of linear tiles on square, a row on the others). */
function riverMap(size: GridSize, reference: [number, number]): { map: TerrainMap; ref: number; river: Set<number> } {
  const map = strategicMap(size, 7);
  const ref = map.grid.index(reference);
  return { map, ref, river: new Set(layStraightLine(map, ref, 'river')) };
}

/** A road on linear tiles through `ref` that meets the river on exactly one tile, which becomes the bridge (as maps drew it before networks). */
function crossingOnLinearTiles(size: GridSize, reference: [number, number]): { map: TerrainMap; ref: number } {
  for (let d = 0; d < 4; d++) {
    const { map, ref, river } = riverMap(size, reference);
    const road = layLineThrough(map, ref, d, 5, 'road');
    if (road.filter((t) => river.has(t)).length !== 1) continue;
    for (const t of road) map.setTerrain(t, river.has(t) ? 'river-bridge' : 'road');
    return { map, ref };
  }
  throw new Error('no direction crosses the river once');
}

/** A straight chain of `n` area tiles from `start` in direction d, and how many river tiles its links cross. */
function straightChain(map: TerrainMap, start: number, d: number, n: number): { chain: number[]; crossed: number } {
  const sides = NetworkSides.of(map);
  const chain = [start];
  let crossed = 0;
  for (let k = 1; k < n; k++) {
    const prev = chain[k - 1]!;
    const next = sides.across(prev, d);
    if (next < 0) return { chain, crossed: -1 };
    if (map.terrainAt(sides.between(prev, d)) === 'river') crossed++;
    chain.push(next);
  }
  return { chain, crossed };
}

/** Draws `chain` as a through-tile road of the map's network layer. */
function drawRoad(map: TerrainMap, chain: readonly number[]): void {
  const sides = NetworkSides.of(map);
  const layer = map.networks ?? new NetworkLayer(map.grid.tileCount);
  layer.apply(planDrawChain(layer, sides, map.terrainIndex('road'), chain));
  map.setNetworks(layer);
}

function expectOneSquareBridge(out: TerrainMap, parentCrossings: number): void {
  const road = out.palette.indexOf('road') + 1;
  const layer = out.networks!;
  const sides = NetworkSides.of(out);
  expect(networkComponents(layer, sides, road)).toHaveLength(1);
  const bridges = bridgeTiles(out);
  expect(bridges).toHaveLength(parentCrossings);
  // Each bridge carries the road: a link of the network crosses it, square to the river within 30°.
  const crossings = networkCrossings(layer, sides, road, linearTerrainAcross(out)).filter((c) => c.type === 'feature' && out.terrainOf(c.other!) === 'river-bridge');
  expect(crossings).toHaveLength(parentCrossings);
  const child = new ChildLattice(out, out.meta.derived!.origin[0], out.meta.derived!.origin[1], out.meta.derived!.lattice);
  const rules = new NetworkRules(catalogue);
  for (const c of crossings) {
    const next = sides.across(c.tile, c.side!);
    expect(squareCrossing(child, rules, 'road', child.position(c.tile), child.position(next))).toBe(true);
  }
  // No other river tile is crossed by the road.
  const others = networkCrossings(layer, sides, road, linearTerrainAcross(out)).filter((c) => c.type === 'feature' && new NetworkRules(catalogue).mustBridge(out.terrainOf(c.other!), 'road'));
  expect(others).toEqual([]);
}

describe.each(KINDS)('roads and bridges derived on $name', ({ size, reference }) => {
  it('a road drawn on linear tiles across a river continues through the child, with one bridge for the parent\'s one', () => {
    const { map, ref } = crossingOnLinearTiles(size, reference);
    const out = deriveTactical(map, { catalogue, tiles: around(map, ref), ratio: 12 });
    expect(networksOnLinearTiles(out)).toBe(0);
    expectOneSquareBridge(out, 1);
  });

  it('a through-tile road crossing a river once gets one bridge', () => {
    const { map, ref } = riverMap(size, reference);
    const sides = NetworkSides.of(map);
    // A straight road of five area tiles centred on ref, in a direction that crosses the river once.
    const found = [...Array(map.grid.degree(ref)).keys()]
      .map((d) => straightChain(map, sides.across(sides.across(ref, (d + map.grid.directions / 2) % map.grid.directions), (d + map.grid.directions / 2) % map.grid.directions), d, 5))
      .find((c) => c.crossed === 1);
    expect(found).toBeDefined();
    drawRoad(map, found!.chain);
    const out = deriveTactical(map, { catalogue, tiles: around(map, ref), ratio: 12 });
    expectOneSquareBridge(out, 1);
  });

  it('a through-tile road beside a river, crossing none, gets no bridge', () => {
    const shifted: [number, number] = size.kind === 'square' ? [reference[0] - 6, reference[1]] : [reference[0], reference[1] - 6];
    const { map } = riverMap(size, reference);
    const far = map.grid.index(shifted);
    const found = [...Array(map.grid.degree(far)).keys()].map((d) => straightChain(map, far, d, 4)).find((c) => c.crossed === 0 && c.chain.length === 4);
    expect(found).toBeDefined();
    drawRoad(map, found!.chain);
    const out = deriveTactical(map, { catalogue, tiles: around(map, far), ratio: 12 });
    expect(bridgeTiles(out)).toEqual([]);
    expect(networkComponents(out.networks!, NetworkSides.of(out), out.palette.indexOf('road') + 1)).toHaveLength(1);
  });
});
