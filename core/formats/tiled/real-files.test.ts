// Real maps from Tiled's own examples (shared/external-data/tiled; see its README). Skipped
// with a note when that folder is absent (a fresh clone has no ../shared).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { externalPath, readExternal, testDeflate, testInflate } from '../../../test/support/formats.js';
import { parseTiled } from './read.js';
import { writeTmx } from './tmx.js';
import { writeTmj } from './tmj.js';
import { FLIPPED_DIAGONALLY, FLIPPED_HORIZONTALLY, FLIPPED_VERTICALLY, ROTATED_HEXAGONAL_120, gidFlags, gidId } from './gid.js';
import type { TiledMap, TiledReadOptions } from './types.js';
import { generateMapping, reverseMapping, terrainMapToTiled, tiledToTerrainMap } from './terrain.js';

const dir = externalPath('tiled');
const files = dir ? readdirSync(dir).filter((f) => /\.(tmx|tmj|json)$/.test(f)) : [];

function optionsFor(file: string): TiledReadOptions {
  return { source: file, inflate: testInflate, resolveTileset: (ref) => readExternal(join(dir!, ref)) };
}

function load(file: string): TiledMap {
  return parseTiled(readExternal(join(dir!, file)), optionsFor(file));
}

function expectSameLayers(a: TiledMap, b: TiledMap): void {
  expect(b.layers.map((l) => [l.name, l.width, l.height, l.startx, l.starty])).toEqual(a.layers.map((l) => [l.name, l.width, l.height, l.startx, l.starty]));
  a.layers.forEach((l, i) => expect(b.layers[i]!.data).toEqual(l.data));
}

describe.skipIf(!dir)('Tiled example maps (shared/external-data/tiled)', () => {
  it('the folder has the four documented examples', () => {
    expect(files).toEqual(expect.arrayContaining(['desert.tmx', 'hexagonal-mini.tmx', 'isometric_staggered_grass_and_water.tmx', 'test_hexagonal_tile_60x60x30.tmx']));
  });

  for (const file of files) {
    describe(file, () => {
      it('imports, and exporting again (TMX and TMJ, any encoding) gives the same layer data and flags', () => {
        const map = load(file);
        expect(map.layers.length).toBeGreaterThan(0);
        expect(map.skipped).toEqual([]);
        for (const text of [
          writeTmx(map),
          writeTmx(map, { deflate: testDeflate }),
          writeTmx(map, { encoding: 'csv' }),
          writeTmj(map),
          writeTmj(map, { deflate: testDeflate }),
          writeTmj(map, { encoding: 'base64' }),
        ]) {
          const again = parseTiled(text, optionsFor(file));
          expectSameLayers(map, again);
          expect(again.tilesets).toEqual(map.tilesets);
          expect([again.orientation, again.width, again.height, again.staggeraxis, again.staggerindex, again.hexsidelength, again.infinite]).toEqual([
            map.orientation,
            map.width,
            map.height,
            map.staggeraxis,
            map.staggerindex,
            map.hexsidelength,
            map.infinite,
          ]);
        }
      });

      it('converts to a terrain map and back to the same terrain', () => {
        const map = load(file);
        const mapping = generateMapping(map);
        const terrain = tiledToTerrainMap(map, mapping, { source: file });
        const ts = map.tilesets[0]!;
        const out = terrainMapToTiled(terrain, reverseMapping(mapping, ts));
        const again = tiledToTerrainMap(parseTiled(writeTmx(out), optionsFor(file)), mapping, { source: file });
        expect(again.spec).toEqual(terrain.spec);
        // Hex maps come back in their own orientation: stagger axis y is pointy-topped both ways (issue 30).
        if (map.orientation === 'hexagonal') {
          expect([out.staggeraxis, out.staggerindex, out.width, out.height]).toEqual([map.staggeraxis, map.staggerindex, map.width, map.height]);
          expect(terrain.spec.orientation).toBe(map.staggeraxis === 'y' ? 'pointy' : undefined);
          expect(out.layers[0]!.data).toEqual(map.layers[0]!.data.map((g) => gidId(g)));
        }
        for (let i = 0; i < terrain.tileCount; i++) expect(again.terrainAt(i)).toBe(terrain.terrainAt(i));
      });
    });
  }

  it('desert.tmx: orthogonal 40×40, zlib, the external desert.tsx with its corner Wang set', () => {
    const map = load('desert.tmx');
    expect(map).toMatchObject({ orientation: 'orthogonal', width: 40, height: 40 });
    expect(map.layers[0]).toMatchObject({ name: 'Ground', encoding: 'base64', compression: 'zlib' });
    const ts = map.tilesets[0]!;
    expect(ts).toMatchObject({ source: 'desert.tsx', name: 'Desert', tilecount: 48, columns: 8, spacing: 1, margin: 1 });
    expect(ts.wangsets[0]!.colors.map((c) => c.name)).toEqual(['Desert', 'Brick', 'Cobblestone', 'Dirt']);
    // The mapping proposes Wang colour names for the tiles the map uses.
    const mapping = generateMapping(map);
    expect(new Set(Object.values(mapping.tiles))).toEqual(new Set(['desert', 'brick', 'cobblestone', 'dirt']));
    expect(mapping.tiles['Desert:29']).toBe('desert');
    const terrain = tiledToTerrainMap(map, mapping);
    expect(terrain.spec.size).toEqual({ kind: 'square', width: 40, height: 40 });
    // Tiled row 0 (top) is our y = 39: gid 30 = Desert:29 at the top-left.
    expect(map.layers[0]!.data[0]).toBe(30);
    expect(terrain.terrainAt(terrain.grid.index([0, 39]))).toBe('desert');
  });

  it('test_hexagonal_tile_60x60x30.tmx: CSV with every flip and hex-rotation flag survives', () => {
    const map = load('test_hexagonal_tile_60x60x30.tmx');
    expect(map).toMatchObject({ orientation: 'hexagonal', staggeraxis: 'x', staggerindex: 'odd', hexsidelength: 30 });
    const data = map.layers[0]!.data;
    const flags = new Set<number>();
    for (const g of data) if (g) flags.add(gidFlags(g));
    for (const f of [FLIPPED_HORIZONTALLY, FLIPPED_VERTICALLY, FLIPPED_DIAGONALLY, ROTATED_HEXAGONAL_120]) expect([...flags].some((x) => (x & f) !== 0)).toBe(true);
    expect(Array.from(data.slice(0, 7))).toEqual([1, 536870913, 268435457, 3221225473, 3758096385, 3489660929, 1]);
    expect([...data].every((g) => g === 0 || gidId(g) === 1)).toBe(true);
    const again = parseTiled(writeTmj(map), optionsFor('x.tmj'));
    expect(Array.from(again.layers[0]!.data.slice(60, 67))).toEqual([2147483649, 2684354561, 2415919105, 1073741825, 1610612737, 1342177281, 2147483649]);
  });

  it('hexagonal-mini.tmx: stagger axis y lands on a transposed hex-rectangle drawn pointy-top', () => {
    const map = load('hexagonal-mini.tmx');
    const terrain = tiledToTerrainMap(map, generateMapping(map));
    expect(terrain.spec.size).toEqual({ kind: 'hex-rectangle', width: 20, height: 20 });
    expect(terrain.spec.orientation).toBe('pointy');
    expect(terrain.meta.orientation).toBe('pointy');
  });

  it('isometric_staggered_grass_and_water.tmx: an infinite map of chunks becomes their bounding box', () => {
    const map = load('isometric_staggered_grass_and_water.tmx');
    expect(map).toMatchObject({ orientation: 'staggered', infinite: true, staggeraxis: 'y', staggerindex: 'odd' });
    expect(map.layers[0]).toMatchObject({ startx: 0, starty: 0, width: 32, height: 64, chunk: { width: 16, height: 16 } });
    const mapping = generateMapping(map);
    expect(new Set(Object.values(mapping.tiles))).toEqual(new Set(['grass', 'water']));
    const terrain = tiledToTerrainMap(map, mapping);
    expect(terrain.spec.size).toEqual({ kind: 'hex-rectangle', width: 64, height: 32 });
  });
});
