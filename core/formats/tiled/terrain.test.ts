import { describe, expect, it } from 'vitest';
import { InputError } from '../../util/input-error.js';
import { TerrainMap } from '../../map/terrain-map.js';
import { HexRectangleGrid } from '../../grid/hex/hex-rectangle.js';
import { tiledToTile } from '../../coords/tiled.js';
import { errorOf } from '../../../test/support/formats.js';
import { parseTmx, writeTmx } from './tmx.js';
import { FLIPPED_HORIZONTALLY } from './gid.js';
import type { TiledMap, TiledTileset } from './types.js';
import { generateMapping, reverseMapping, terrainMapToTiled, tiledToTerrainMap } from './terrain.js';
import { readTiledMapping } from '../../map/import-mapping.js';

const tileset: TiledTileset = {
  firstgid: 1,
  name: 'T',
  tilewidth: 32,
  tileheight: 32,
  tilecount: 4,
  columns: 2,
  spacing: 0,
  margin: 0,
  image: { source: 't.png', width: 64, height: 64 },
  tiles: [{ id: 2, properties: [{ name: 'terrain', type: 'string', value: 'Deep Forest' }] }],
  wangsets: [],
  properties: [],
};

function mapOf(orientation: TiledMap['orientation'], width: number, height: number, layers: number[][], extra: Partial<TiledMap> = {}): TiledMap {
  return {
    orientation,
    width,
    height,
    tilewidth: 32,
    tileheight: 32,
    infinite: false,
    properties: [],
    tilesets: [tileset],
    layers: layers.map((data, k) => ({ id: k + 1, name: `L${k}`, groups: [], width, height, startx: 0, starty: 0, data: Uint32Array.from(data), encoding: 'csv', compression: '', properties: [] })),
    skipped: [],
    ...extra,
  };
}

describe('Tiled mapping JSON', () => {
  it('reads tiles, default and layers', () => {
    expect(readTiledMapping({ tiles: { 'T:0': 'clear', 'My set:12': 'forest' }, default: '', layers: ['Ground'] })).toEqual({
      tiles: { 'T:0': 'clear', 'My set:12': 'forest' },
      default: '',
      layers: ['Ground'],
    });
  });

  it('names the JSON path of a mistake', () => {
    expect(() => readTiledMapping({ tiles: { T0: 'x' }, default: 'clear' }, 'm.json')).toThrow('m.json: $.tiles["T0"]: expected a key "<tileset name>:<local tile id>"');
    expect(() => readTiledMapping({ tiles: { 'T:0': 3 }, default: 'clear' }, 'm.json')).toThrow('m.json: $.tiles["T:0"]: expected a string, got 3');
    expect(() => readTiledMapping({ tiles: {}, defualt: 'clear' }, 'm.json')).toThrow(/\$\.defualt: unknown field/);
  });
});

describe('generateMapping', () => {
  it('proposes the "terrain" property, else "<tileset>-<id>", for the tiles the map uses', () => {
    const m = mapOf('orthogonal', 2, 1, [[3, (1 | FLIPPED_HORIZONTALLY) >>> 0]]);
    expect(generateMapping(m)).toEqual({ tiles: { 'T:0': 't-0', 'T:2': 'deep-forest' }, default: 'clear' });
  });
});

describe('tiledToTerrainMap', () => {
  it('orthogonal → square, Tiled row 0 at our top (y = H−1); flags do not change terrain', () => {
    const m = mapOf('orthogonal', 3, 2, [[1, 2, 3, (3 | FLIPPED_HORIZONTALLY) >>> 0, 0, 4]]);
    const t = tiledToTerrainMap(m, { tiles: { 'T:0': 'a', 'T:1': 'b', 'T:2': 'c' }, default: 'z' });
    expect(t.spec.size).toEqual({ kind: 'square', width: 3, height: 2 });
    const at = (x: number, y: number) => t.terrainAt(t.grid.index([x, y]));
    expect([at(0, 1), at(1, 1), at(2, 1)]).toEqual(['a', 'b', 'c']);
    expect([at(0, 0), at(1, 0), at(2, 0)]).toEqual(['c', '', 'z']);
  });

  it('isometric maps have the square topology', () => {
    const t = tiledToTerrainMap(mapOf('isometric', 2, 2, [[1, 1, 1, 1]]), { tiles: {}, default: 'x' });
    expect(t.spec.kind).toBe('square');
  });

  it('the topmost non-empty layer wins; `layers` picks and orders layers', () => {
    const m = mapOf('orthogonal', 2, 1, [
      [1, 1],
      [0, 2],
    ]);
    const mapping = { tiles: { 'T:0': 'low', 'T:1': 'high' }, default: '' };
    const both = tiledToTerrainMap(m, mapping);
    expect([both.terrainAt(0), both.terrainAt(1)]).toEqual(['low', 'high']);
    const only = tiledToTerrainMap(m, { ...mapping, layers: ['L0'] });
    expect([only.terrainAt(0), only.terrainAt(1)]).toEqual(['low', 'low']);
    expect(() => tiledToTerrainMap(m, { ...mapping, layers: ['Nope'] }, { source: 'x.tmx' })).toThrow('x.tmx: mapping $.layers[0]: expected the name of a tile layer ("L0", "L1"), got "Nope"');
  });

  it('hexagonal maps go through the core/coords Tiled converter', () => {
    for (const [axis, index] of [
      ['x', 'odd'],
      ['x', 'even'],
      ['y', 'odd'],
      ['y', 'even'],
    ] as const) {
      const w = 5;
      const h = 4;
      const data = Array.from({ length: w * h }, (_, k) => 1 + (k % 4));
      const m = mapOf('hexagonal', w, h, [data], { staggeraxis: axis, staggerindex: index, hexsidelength: 16 });
      const t = tiledToTerrainMap(m, { tiles: { 'T:0': 'a', 'T:1': 'b', 'T:2': 'c', 'T:3': 'd' }, default: '' });
      const grid = t.grid as HexRectangleGrid;
      for (let row = 0; row < h; row++) {
        for (let col = 0; col < w; col++) {
          const tile = tiledToTile(grid, { width: w, height: h, staggerAxis: axis, staggerIndex: index }, col, row);
          expect(t.terrainAt(tile)).toBe('abcd'[(row * w + col) % 4]);
        }
      }
    }
  });

  it('errors name the layer cell or the mapping entry', () => {
    const m = mapOf('orthogonal', 2, 1, [[1, 99]]);
    expect(() => tiledToTerrainMap(m, { tiles: {}, default: 'x' }, { source: 'a.tmx' })).toThrow('a.tmx: layer "L0", row 0, column 1: expected a tile id that a tileset covers, got 99');
    const wide: TiledTileset = { ...tileset, tilecount: 300, columns: 20, image: undefined };
    const big = mapOf('orthogonal', 300, 1, [Array.from({ length: 300 }, (_, k) => k + 1)], { tilesets: [wide] });
    const tiles = Object.fromEntries(Array.from({ length: 300 }, (_, k) => [`T:${k}`, `t${k}`]));
    const e2 = errorOf(() => tiledToTerrainMap(big, { tiles, default: '' }, { source: 'big.tmx' }));
    expect(e2).toBeInstanceOf(InputError);
    expect(e2.message).toMatch(/^big\.tmx: mapping \$\.tiles\["T:255"\]: a map holds at most 255 distinct terrains/);
  });
});

describe('terrainMapToTiled', () => {
  const reverse = { tileset: tileset, tiles: { a: 0, b: 1 } };

  it('square maps → orthogonal, hex-rectangle → hexagonal (axis x, odd), terrain kept', () => {
    for (const size of [
      { kind: 'square', width: 3, height: 2 },
      { kind: 'hex-rectangle', width: 4, height: 3 },
    ] as const) {
      const map = TerrainMap.create({ size });
      for (let i = 0; i < map.tileCount; i++) map.setTerrain(i, i % 3 === 0 ? 'a' : i % 3 === 1 ? 'b' : '');
      const tiled = terrainMapToTiled(map, reverse);
      expect(tiled.orientation).toBe(size.kind === 'square' ? 'orthogonal' : 'hexagonal');
      const back = tiledToTerrainMap(parseTmx(writeTmx(tiled), { source: 'x' }), { tiles: { 'T:0': 'a', 'T:1': 'b' }, default: '?' });
      expect(back.spec.size).toEqual(size);
      for (let i = 0; i < map.tileCount; i++) expect(back.terrainAt(i)).toBe(map.terrainAt(i));
    }
  });

  it('reverseMapping sends each terrain to the first tile mapped to it', () => {
    expect(reverseMapping({ tiles: { 'T:3': 'a', 'T:1': 'a', 'T:2': 'b', 'U:0': 'c' }, default: '' }, tileset).tiles).toEqual({ a: 1, b: 2 });
  });

  it('refuses kinds Tiled has no grid for', () => {
    expect(() => terrainMapToTiled(TerrainMap.create({ size: { kind: 'hex-hexagon', diameter: 3 } }), reverse)).toThrow(/supports square and hex-rectangle maps, not hex-hexagon/);
    expect(() => terrainMapToTiled(TerrainMap.create({ size: { kind: 'icosahedron', side: 1 } }), reverse)).toThrow(/no globe grid/);
  });
});
