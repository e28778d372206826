/**
 * The services' copies of domain rules (domain-rules.ts), pinned as they are until core/
 * owns them: the selection check, the derivation defaults, the derived map's name, the fill.
 */
import { describe, expect, it } from 'vitest';
import { TerrainMap } from '../../core/map/terrain-map.js';
import { loadDefaultCatalogue } from '../../core/terrain/catalogue.testkit.js';
import { checkFill, checkSelection, derivationRatio, derivationSeed, derivedMapName, fillNewMap } from './domain-rules.js';

const alform = () => TerrainMap.create({ size: { kind: 'square', width: 9, height: 9 }, alform: true, meta: { name: 'A' } });

describe('domain rules the services hold', () => {
  it('checks a selection: on the map, none twice, area tiles on AL-FORM maps', () => {
    const map = alform();
    const at = (x: number, y: number) => map.grid.index([x, y]);
    expect(checkSelection(map, 'A', [at(4, 4), at(6, 4)])).toEqual([at(4, 4), at(6, 4)]);
    expect(() => checkSelection(map, 'A', [81])).toThrow('tile 81 is not on map "A" (it has tiles 0…80)');
    expect(() => checkSelection(map, 'A', [at(4, 4), at(4, 4)])).toThrow('selected twice');
    expect(() => checkSelection(map, 'A', [at(5, 4)])).toThrow('tile 5,4 is a linear tile');
  });

  it('defaults the ratio per kind and the seed to 0, and names the derived map', () => {
    expect(derivationRatio('square', undefined)).toBe(10);
    expect(derivationRatio('square', 4)).toBe(4);
    expect(() => derivationRatio('square', 7)).toThrow(/multiple of 2/);
    expect(derivationSeed(undefined)).toBe(0);
    expect(derivationSeed(7)).toBe(7);
    const map = alform();
    expect(derivedMapName(map, 'Ardennes', 10, [map.grid.index([4, 4])])).toBe('Ardennes · tactical 1:10 at 4,4');
    expect(derivedMapName(map, 'x'.repeat(300), 10, [0])).toHaveLength(200);
  });

  it('checks and applies the fill of a new map', () => {
    const catalogue = loadDefaultCatalogue();
    expect(checkFill(catalogue, undefined)).toBeNull();
    expect(checkFill(catalogue, '')).toBeNull();
    expect(checkFill(catalogue, 'forest')).toBe('forest');
    expect(() => checkFill(catalogue, 'river')).toThrow('fill: needs area terrain; "river" is linear');
    expect(() => checkFill(catalogue, 'lava')).toThrow(/fill: "lava" is not a terrain/);
    const map = alform();
    fillNewMap(map, catalogue, 'forest');
    expect(map.terrainAt(map.grid.index([4, 4]))).toBe('forest');
    expect(map.terrainAt(map.grid.index([5, 4]))).toBe('');
  });
});
