import { describe, expect, it } from 'vitest';
import type { GridSize } from '../grid/types.js';
import { TerrainMap } from './terrain-map.js';
import {
  CENTRE,
  decodeConnection,
  edgeConnBits,
  encodeConnection,
  isConnectionCode,
  mirrorConnections,
  rotateConnections,
} from './network-code.js';
import { NetworkLayer } from './network-layer.js';
import { NetworkSides } from './network-sides.js';
import { NetworkChainError, chainThrough, planDrawChain, planEraseChain, planEraseTiles } from './network-edit.js';
import { linearTerrainAcross, networkComponents, networkCrossings, networkDeadEnds } from './network-query.js';

/** A chain of adjoining ground tiles from `a` toward `b`, each step the neighbour nearest b. */
function walk(sides: NetworkSides, a: number, b: number): number[] {
  const out = [a];
  let t = a;
  const g = sides.grid;
  while (t !== b && out.length < 500) {
    let best = -1;
    let bestD = Infinity;
    for (let d = 0; d < g.degree(t); d++) {
      const n = sides.across(t, d);
      if (n < 0) continue;
      const dist = g.distance(n, b);
      if (dist < bestD) [best, bestD] = [n, dist];
    }
    t = best;
    out.push(t);
  }
  return out;
}

function groundTiles(sides: NetworkSides): number[] {
  const out: number[] = [];
  for (let t = 0; t < sides.grid.tileCount; t++) if (sides.isGround(t)) out.push(t);
  return out;
}

describe('network codes', () => {
  it('encode and decode every field, ports in either order', () => {
    const c = encodeConnection(CENTRE, 3, 200, 2);
    expect(decodeConnection(c)).toEqual({ a: 3, b: CENTRE, level: 2, kind: 200 });
    expect(encodeConnection(3, CENTRE, 200, 2)).toBe(c);
    expect(isConnectionCode(c)).toBe(true);
    expect(isConnectionCode(0)).toBe(false);
    expect(() => encodeConnection(2, 2, 1)).toThrow(/two different ports/);
    expect(() => encodeConnection(0, 16, 1)).toThrow(/port b must be 0…15/);
    expect(() => encodeConnection(0, 1, 0)).toThrow(/palette value/);
  });

  it.each([5, 6, 8])('rotate with the tile (%i sides): a full turn is identity, mirror twice is identity', (deg) => {
    const codes = [encodeConnection(0, CENTRE, 1), encodeConnection(1, deg - 1, 2, 2), encodeConnection(2, 9, 1)];
    expect(rotateConnections(codes, deg, deg)).toEqual([...codes].sort((x, y) => x - y));
    expect(rotateConnections(rotateConnections(codes, 2, deg), -2, deg)).toEqual([...codes].sort((x, y) => x - y));
    expect(mirrorConnections(mirrorConnections(codes, deg), deg)).toEqual([...codes].sort((x, y) => x - y));
    // One step clockwise moves side 0's spoke to side 1; the junction port stays.
    const turned = rotateConnections(codes, 1, deg).map(decodeConnection);
    expect(turned).toContainEqual({ a: 1, b: CENTRE, level: 0, kind: 1 });
    expect(turned).toContainEqual({ a: 3, b: 9, level: 0, kind: 1 });
    // Mirroring keeps side 0 and swaps 1 with deg − 1.
    expect(mirrorConnections([encodeConnection(0, 1, 1)], deg).map(decodeConnection)).toEqual([{ a: 0, b: deg - 1, level: 0, kind: 1 }]);
    expect(() => rotateConnections([encodeConnection(7, CENTRE, 1)], 1, 6)).toThrow(/side 7 on a tile of 6 sides/);
  });

  it('edge_conn bits as the Rails database counts them', () => {
    // Tile 7-like: sides 0 and 1 joined → bit 0·6 + 1.
    expect(edgeConnBits([encodeConnection(0, 1, 4), encodeConnection(2, 5, 9)], 4, 6)).toBe(1 << 1);
  });
});

const KINDS: [string, GridSize, boolean][] = [
  ['square', { kind: 'square', width: 9, height: 9 }, false],
  ['square AL-FORM', { kind: 'square', width: 9, height: 9 }, true],
  ['offset-square', { kind: 'offset-square', width: 9, height: 7 }, false],
  ['offset-square AL-FORM', { kind: 'offset-square', width: 9, height: 7 }, true],
  ['hex-rectangle', { kind: 'hex-rectangle', width: 11, height: 9 }, false],
  ['hex-rectangle AL-FORM', { kind: 'hex-rectangle', width: 11, height: 9 }, true],
  ['hex-hexagon', { kind: 'hex-hexagon', diameter: 9 }, false],
  ['hex-hexagon AL-FORM', { kind: 'hex-hexagon', diameter: 9 }, true],
  ['icosahedron', { kind: 'icosahedron', side: 3 }, false],
  ['icosahedron AL-FORM', { kind: 'icosahedron', side: 5 }, true],
];

describe.each(KINDS)('a chain drawn centre to centre on %s', (_name, size, alform) => {
  const map = TerrainMap.create({ size, alform });
  const sides = NetworkSides.of(map);
  const ground = groundTiles(sides);
  const a = ground[0]!;
  const b = ground[ground.length - 1]!;
  const chain = walk(sides, a, b);

  it('puts a spoke at both ends of every link, one component with its two ends', () => {
    const layer = new NetworkLayer(map.tileCount);
    const road = map.terrainIndex('road');
    const changes = planDrawChain(layer, sides, road, chain);
    expect(changes.map((c) => c.tile).sort((x, y) => x - y)).toEqual([...new Set(chain)].sort((x, y) => x - y));
    layer.apply(changes);
    for (let k = 1; k < chain.length - 1; k++) expect(layer.at(chain[k]!)).toHaveLength(2);
    expect(layer.at(a)).toHaveLength(1);
    const comps = networkComponents(layer, sides, road);
    expect(comps).toHaveLength(1);
    expect(comps[0]!.tiles).toHaveLength(chain.length);
    expect(networkDeadEnds(layer, sides, road).map((d) => [d.tile, d.reason])).toEqual(
      [
        [a, 'ends-in-tile'],
        [b, 'ends-in-tile'],
      ].sort((x, y) => (x[0] as number) - (y[0] as number)),
    );
    // Undo is the changes played back.
    layer.apply(changes, 'back');
    expect(layer.isEmpty).toBe(true);
  });

  it('erasing the middle link splits the network in two and leaves no half links', () => {
    const layer = new NetworkLayer(map.tileCount);
    layer.apply(planDrawChain(layer, sides, 1, chain));
    const mid = Math.floor(chain.length / 2);
    layer.apply(planEraseChain(layer, sides, 1, [chain[mid - 1]!, chain[mid]!]));
    expect(networkComponents(layer, sides, 1)).toHaveLength(2);
    expect(networkDeadEnds(layer, sides, 1).filter((d) => d.reason === 'broken-at-side')).toEqual([]);
    layer.apply(planEraseTiles(layer, sides, 0, chain));
    expect(layer.isEmpty).toBe(true);
  });
});

describe('network edits and queries', () => {
  const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 9, height: 9 } });
  const sides = NetworkSides.of(map);
  const at = (x: number, y: number) => map.grid.index([x, y]);

  it('refuses chains of tiles that do not adjoin, naming the position', () => {
    const layer = new NetworkLayer(map.tileCount);
    expect(() => planDrawChain(layer, sides, 1, [at(1, 1), at(5, 5)])).toThrow(NetworkChainError);
    expect(() => planDrawChain(layer, sides, 1, [at(1, 1), at(5, 5)])).toThrow(/position 1: tiles \d+ and \d+ do not adjoin/);
    expect(() => planDrawChain(layer, sides, 1, [-3])).toThrow(/position 0: tile -3 is not a tile/);
  });

  it('an AL-FORM map refuses linear tiles in a chain', () => {
    const al = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 11, height: 9 }, alform: true });
    const s = NetworkSides.of(al);
    const linear = [...Array(al.tileCount).keys()].find((t) => !s.isGround(t))!;
    expect(() => planDrawChain(new NetworkLayer(al.tileCount), s, 1, [linear])).toThrow(/not an area tile/);
  });

  it('two roads crossing make a junction; a railroad through makes a network crossing; a river edge a feature crossing', () => {
    const layer = new NetworkLayer(map.tileCount);
    const road = map.terrainIndex('road');
    const rail = map.terrainIndex('railroad');
    const river = map.terrainIndex('river');
    const centre = at(4, 4);
    const ns = [at(4, 2), at(4, 3), centre, at(4, 5), at(4, 6)];
    layer.apply(planDrawChain(layer, sides, road, ns));
    const east = walk(sides, centre, at(7, 4));
    const west = walk(sides, centre, at(1, 4));
    layer.apply(planDrawChain(layer, sides, road, [...west.reverse(), ...east.slice(1)]));
    layer.apply(planDrawChain(layer, sides, rail, walk(sides, at(2, 6), at(6, 2))));
    // A river on the edge between (4,5) and (4,6).
    const side = sides.sideToward(at(4, 5), at(4, 6));
    map.setEdgeTerrain(at(4, 5), side, 'river');
    const crossings = networkCrossings(layer, sides, road, linearTerrainAcross(map));
    expect(crossings).toContainEqual({ tile: centre, type: 'junction' });
    expect(crossings.filter((c) => c.type === 'network').length).toBeGreaterThan(0);
    expect(crossings.filter((c) => c.type === 'feature')).toEqual([{ tile: at(4, 5), type: 'feature', other: river, side }]);
    expect(networkComponents(layer, sides, road)).toHaveLength(1);
    expect(networkComponents(layer, sides, rail)).toHaveLength(1);
  });

  it('the layer validates codes and junctions and clones independently', () => {
    const layer = new NetworkLayer(10);
    expect(() => layer.set(3, [5])).toThrow(/not a network connection code/);
    expect(() => layer.set(10, [])).toThrow(/outside the map/);
    expect(() => layer.setJunctions(2, [{ port: 3, type: 'city', slots: 2, revenue: 30, toward: null }])).toThrow(/port is 8…15/);
    layer.setJunctions(2, [{ port: CENTRE, type: 'city', slots: 2, revenue: 30, toward: null }]);
    layer.set(2, [encodeConnection(0, CENTRE, 1)]);
    const copy = layer.clone();
    layer.set(2, []);
    expect(copy.at(2)).toHaveLength(1);
    expect(copy.junctionsAt(2)[0]!.slots).toBe(2);
    const m = TerrainMap.create({ size: { kind: 'square', width: 2, height: 5 } });
    m.setNetworks(copy);
    expect(m.clone().networks!.at(2)).toEqual(copy.at(2));
    expect(() => m.setNetworks(new NetworkLayer(3))).toThrow(/covers 3 tiles/);
  });
});

describe('chainThrough', () => {
  it.each(KINDS)('joins waypoints on %s with adjoining tiles, straight where it can', (_name, size, alform) => {
    const map = TerrainMap.create({ size, alform });
    const sides = NetworkSides.of(map);
    const ground = groundTiles(sides);
    const way = [ground[0]!, ground[Math.floor(ground.length / 2)]!, ground[ground.length - 1]!];
    const chain = chainThrough(sides, way);
    expect(chain[0]).toBe(way[0]);
    expect(chain[chain.length - 1]).toBe(way[2]);
    expect(chain).toContain(way[1]);
    for (let k = 1; k < chain.length; k++) expect(sides.sideToward(chain[k - 1]!, chain[k]!)).toBeGreaterThanOrEqual(0);
    // As short as the grid allows between waypoints: one step per area tile of grid distance.
    const step = alform ? 2 : 1;
    const i1 = chain.indexOf(way[1]!);
    expect(i1).toBe(map.grid.distance(way[0]!, way[1]!) / step);
  });

  it('refuses a waypoint that is no area tile', () => {
    const al = TerrainMap.create({ size: { kind: 'square', width: 5, height: 5 }, alform: true });
    expect(() => chainThrough(NetworkSides.of(al), [0, 1])).toThrow(/position 1: waypoint 1 is not an area tile/);
  });
});
