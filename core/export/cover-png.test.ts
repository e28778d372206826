/** The cover grid as an indexed PNG, decoded back: palette = catalogue colours, index = palette value. */
import { describe, expect, it } from 'vitest';
import { decode } from 'fast-png';
import { TerrainMap } from '../map/terrain-map.js';
import { loadDefaultCatalogue } from '../terrain/catalogue.testkit.js';
import { sightTablesFor } from '../sight/tables.js';
import { rasterizeTerrainMap } from '../raster/terrain-raster.js';
import { coverPng } from './cover-png.js';

const catalogue = loadDefaultCatalogue();
const hex = (c: string) => [parseInt(c.slice(1, 3), 16), parseInt(c.slice(3, 5), 16), parseInt(c.slice(5, 7), 16)];

describe('coverPng', () => {
  it('indexed PNG: each pixel is the terrain of its tile, the palette is the catalogue colours, features drawn over', () => {
    const map = TerrainMap.create({ size: { kind: 'square', width: 3, height: 2 }, palette: ['clear', 'forest', 'wall'] });
    map.layers.terrain.set([1, 1, 2, 1, 2, 2]);
    map.layers.edges![map.grid.edgeSlot(map.grid.index([0, 0]), 2)] = 3; // a wall east of (0, 0)
    const r = rasterizeTerrainMap(map, sightTablesFor(catalogue, map), { width: 30 });
    const { png, sidecar } = coverPng(r, catalogue);
    const img = decode(png);
    expect([img.width, img.height, img.channels, img.depth]).toEqual([30, 20, 1, 8]);
    expect(sidecar.terrains).toEqual(['', 'clear', 'forest', 'wall']);
    const colour = (id: string) => hex(catalogue.terrains.find((t) => t.id === id)!.colour);
    expect(img.palette![1]).toEqual(colour('clear'));
    expect(img.palette![2]).toEqual(colour('forest'));
    expect(img.palette![3]).toEqual(colour('wall'));
    const at = (x: number, y: number) => img.data[y * 30 + x];
    expect(at(5, 15)).toBe(1); // tile (0, 0): rows run from the top, y up
    expect(at(25, 15)).toBe(2); // tile (2, 0)
    expect(at(5, 5)).toBe(1); // tile (0, 1)
    expect(at(15, 5)).toBe(2); // tile (1, 1)
    expect(at(10, 15)).toBe(3); // the wall on the border x = 0.5
    const plain = decode(coverPng(r, catalogue, { features: false }).png);
    expect(plain.data[15 * 30 + 10]).toBe(1);
  });
});
