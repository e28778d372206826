import { describe, expect, it } from 'vitest';
import type { GridSize } from '../grid/types.js';
import { loadDefaultCatalogue, type Json } from '../terrain/catalogue.testkit.js';
import { TerrainMap } from './terrain-map.js';
import { mapFromJson, mapToJson, NETWORKS_VERSION } from './map-json.js';
import { CENTRE, encodeConnection } from './network-code.js';
import { NetworkLayer } from './network-layer.js';
import { NetworkSides } from './network-sides.js';
import { planDrawChain } from './network-edit.js';
import { convertLinearNetworks } from './network-convert.js';
import { networkComponents, networkCrossings, linearTerrainAcross } from './network-query.js';
import { alformToClassic, classicToAlform } from './alform-transfer.js';
import { resizeMap } from './resize.js';
import { TileClass } from '../alform/classify.js';
import { tileClasses } from '../alform/tile-classes.js';

const catalogue = loadDefaultCatalogue();

function roadMap(size: GridSize, alform: boolean): TerrainMap {
  const map = TerrainMap.create({ size, alform, palette: ['clear', 'road', 'railroad'] });
  const sides = NetworkSides.of(map);
  const layer = new NetworkLayer(map.tileCount);
  const ground = [...Array(map.tileCount).keys()].filter((t) => sides.isGround(t));
  const a = ground[0]!;
  const b = sides.across(a, [...Array(sides.degree(a)).keys()].find((d) => sides.across(a, d) >= 0)!);
  layer.apply(planDrawChain(layer, sides, 2, [a, b]));
  layer.setJunctions(b, [{ port: CENTRE, type: 'town', slots: 0, revenue: 10, toward: null, name: 'Ham' }]);
  map.setNetworks(layer);
  return map;
}

describe('map JSON version 3: networks', () => {
  it.each([
    [{ kind: 'hex-rectangle', width: 7, height: 5 } as GridSize, false],
    [{ kind: 'square', width: 5, height: 5 } as GridSize, true],
    [{ kind: 'icosahedron', side: 2 } as GridSize, false],
  ])('writes version 3 and reads back the same network (%o, AL-FORM %s)', (size, alform) => {
    const map = roadMap(size, alform);
    const json = mapToJson(map);
    expect(json.version).toBe(NETWORKS_VERSION);
    const back = mapFromJson(JSON.parse(JSON.stringify(json)), 'x.json');
    const n = map.networks!;
    expect(back.networks!.tiles()).toEqual(n.tiles());
    for (const t of n.tiles()) expect(back.networks!.at(t)).toEqual(n.at(t));
    expect(back.networks!.junctionsAt(n.junctionTiles()[0]!)).toEqual(n.junctionsAt(n.junctionTiles()[0]!));
  });

  it('a map without networks stays version 1', () => {
    expect(mapToJson(TerrainMap.create({ size: { kind: 'square', width: 3, height: 3 } })).version).toBe(1);
  });

  const bad: [string, (j: Json) => void, RegExp][] = [
    ['networks in a version-2 file', (j) => (j.version = 2), /\$\.networks: networks need format version 3/],
    ['a code of a kind outside the palette', (j) => (j.networks.connections[0][1] = encodeConnection(0, CENTRE, 9)), /connections\[0\]\[1\]: connection kind 9 is not a palette index 1…3/],
    ['a bad code', (j) => (j.networks.connections[0][1] = 7), /connections\[0\]\[1\]: expected a network connection code/],
    ['tiles out of order', (j) => (j.networks.connections[1][0] = 0), /tiles must be listed once each, ascending/],
    ['a side the tile lacks', (j) => (j.networks.connections[0][1] = encodeConnection(6, CENTRE, 2)), /side 6 of tile \d+, which has 6 sides/],
    ['a junction of an unknown type', (j) => (j.networks.junctions[0].type = 'castle'), /junctions\[0\]\.type: expected one of/],
  ];
  it.each(bad)('refuses %s in one line', (_name, mutate, message) => {
    const json = JSON.parse(JSON.stringify(mapToJson(roadMap({ kind: 'hex-rectangle', width: 7, height: 5 }, false)))) as Json;
    mutate(json);
    expect(() => mapFromJson(json, 'x.json')).toThrow(message);
  });

  it('refuses a network on a linear tile of an AL-FORM map', () => {
    const map = roadMap({ kind: 'square', width: 5, height: 5 }, true);
    const json = JSON.parse(JSON.stringify(mapToJson(map))) as Json;
    json.networks.connections[0][0] = 1;
    expect(() => mapFromJson(json, 'x.json')).toThrow(/tile 1 is a linear tile/);
  });
});

/** A classic hex map with a road along a run of edges (the old way) and a river crossing it. */
function oldHexRoad(): TerrainMap {
  const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 12, height: 10 }, palette: ['clear'] });
  map.layers.terrain.fill(1);
  // The zigzag a north–south road made along hexsides: the edges between column 4 and column 5, rows 2…7.
  for (let y = 2; y <= 7; y++) {
    const t = map.grid.index([4, y + 2]);
    for (let d = 0; d < 6; d++) {
      const n = map.grid.neighbor(t, d);
      if (n >= 0 && map.grid.coord(n)[0] === 5) map.setEdgeTerrain(t, d, y === 5 ? 'river-bridge' : 'road');
    }
  }
  return map;
}

describe('old linear-tile roads become through-tile roads', () => {
  it('a classic hex road along hexsides becomes one chain of centres; a bridge leaves its river', () => {
    const map = oldHexRoad();
    const roadEdges = map.layers.edges!.filter((v) => v === map.palette.indexOf('road') + 1).length;
    expect(roadEdges).toBeGreaterThan(6);
    const json = mapToJson(map);
    const read = mapFromJson(JSON.parse(JSON.stringify(json)), 'old.json', { catalogue });
    const road = read.palette.indexOf('road') + 1;
    const river = read.palette.indexOf('river') + 1;
    expect(read.layers.edges!.filter((v) => v === road)).toHaveLength(0);
    expect(read.layers.edges!.filter((v) => v === read.palette.indexOf('river-bridge') + 1)).toHaveLength(0);
    expect(read.layers.edges!.filter((v) => v === river).length).toBeGreaterThan(0);
    const sides = NetworkSides.of(read);
    const comps = networkComponents(read.networks!, sides, road);
    expect(comps).toHaveLength(1);
    // Centre to centre along the old road: every tile of the chain touched the old road.
    for (const t of comps[0]!.tiles) expect([4, 5]).toContain(read.grid.coord(t)[0]);
    expect(comps[0]!.tiles.length).toBeGreaterThanOrEqual(5);
    // The road ran beside the river the bridge stood on; centre to centre it no longer crosses it.
    expect(networkCrossings(read.networks!, sides, road, linearTerrainAcross(read)).filter((c) => c.type === 'feature')).toEqual([]);
    // Written back it is version 3 and reads again unchanged (no second conversion).
    const again = mapFromJson(JSON.parse(JSON.stringify(mapToJson(read))), 'new.json', { catalogue });
    expect(mapToJson(again)).toEqual(mapToJson(read));
  });

  it('without a catalogue an old file reads exactly as written', () => {
    const map = oldHexRoad();
    const read = mapFromJson(JSON.parse(JSON.stringify(mapToJson(map))), 'old.json');
    expect(read.networks).toBeNull();
    expect(read.layers.edges).toEqual(map.layers.edges);
  });

  it.each([
    [{ kind: 'hex-rectangle', width: 11, height: 9 } as GridSize],
    [{ kind: 'square', width: 9, height: 9 } as GridSize],
    [{ kind: 'hex-hexagon', diameter: 9 } as GridSize],
    [{ kind: 'icosahedron', side: 5 } as GridSize],
  ])('an AL-FORM road on linear tiles bending round a tile (%o) becomes one connected through-tile road', (size) => {
    const al = TerrainMap.create({ size, alform: true, palette: ['clear'] });
    const cls = tileClasses(al.grid);
    const sides = NetworkSides.of(al);
    // An area tile with all its sides on the map; the road runs along its first sides.
    const centre = [...Array(al.tileCount).keys()].find((t) => cls[t] === TileClass.AREA && [...Array(al.grid.degree(t)).keys()].every((d) => sides.across(t, d) >= 0))!;
    const deg = al.grid.degree(centre);
    const laid = Math.min(deg - 1, 4);
    for (let d = 0; d < laid; d++) al.setTerrain(al.grid.neighbor(centre, d), 'road');
    const road = al.palette.indexOf('road') + 1;
    const before = al.layers.terrain.filter((v) => v === road).length;
    expect(before).toBe(laid);
    const result = convertLinearNetworks(al, catalogue);
    expect(result.linearTiles).toBe(laid);
    expect(result.kinds).toEqual(['road']);
    expect(al.layers.terrain.filter((v) => v === road)).toHaveLength(0);
    for (const t of al.networks!.tiles()) expect(cls[t]).toBe(TileClass.AREA);
    const comps = networkComponents(al.networks!, sides, road);
    expect(comps).toHaveLength(1);
    expect(comps[0]!.tiles.length).toBeGreaterThanOrEqual(2);
    expect(result.links).toBe(comps[0]!.tiles.length - 1);
  });
});

describe('networks through the AL-FORM transfer', () => {
  it.each([
    [{ kind: 'hex-rectangle', width: 7, height: 5 } as GridSize],
    [{ kind: 'square', width: 5, height: 5 } as GridSize],
    [{ kind: 'icosahedron', side: 2 } as GridSize],
  ])('classic → AL-FORM → classic keeps every connection (%o)', (size) => {
    const map = TerrainMap.create({ size, palette: ['road'] });
    const sides = NetworkSides.of(map);
    const layer = new NetworkLayer(map.tileCount);
    // A chain through every tile's first on-map neighbour, from tile 0, 6 links long.
    const chain = [0];
    for (let k = 0; k < 6; k++) {
      const t = chain[chain.length - 1]!;
      const d = [...Array(sides.degree(t)).keys()].find((x) => sides.across(t, x) >= 0 && !chain.includes(sides.across(t, x)));
      if (d === undefined) break;
      chain.push(sides.across(t, d));
    }
    layer.apply(planDrawChain(layer, sides, 1, chain));
    map.setNetworks(layer);
    const al = classicToAlform(map);
    expect(networkComponents(al.networks!, NetworkSides.of(al), 1)[0]!.tiles).toHaveLength(chain.length);
    const back = alformToClassic(al);
    for (const t of layer.tiles()) expect(back.networks!.at(t)).toEqual(layer.at(t));
  });
});

describe('networks through a resize', () => {
  it('a road moves with its tiles; the part off a shrunk map is left behind', () => {
    const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 8, height: 6 }, palette: ['clear', 'road'] });
    map.layers.terrain.fill(1);
    const sides = NetworkSides.of(map);
    const layer = new NetworkLayer(map.tileCount);
    const chain = [1, 2, 3, 4].map((y) => map.grid.index([3, y + 1]));
    layer.apply(planDrawChain(layer, sides, 2, chain));
    map.setNetworks(layer);
    const grown = resizeMap(map, catalogue, { kind: 'hex-rectangle', width: 10, height: 8 }, 'center', 'clear');
    const moved = chain.map((t) => grown.plan.targets[t]!);
    expect(grown.map.networks!.tiles()).toEqual([...moved].sort((a, b) => a - b));
    for (let k = 0; k < chain.length; k++) expect(grown.map.networks!.at(moved[k]!)).toEqual(layer.at(chain[k]!));
    const shrunk = resizeMap(map, catalogue, { kind: 'hex-rectangle', width: 8, height: 4 }, 's', 'clear');
    const kept = chain.filter((t) => shrunk.plan.targets[t]! >= 0);
    expect(kept.length).toBeLessThan(chain.length);
    expect(shrunk.map.networks!.size).toBe(kept.length);
  });
});
