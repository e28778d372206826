import { describe, expect, it } from 'vitest';
import { TerrainMap } from './terrain-map.js';
import { planPaint, writeValue } from './paint.js';
import { paletteValue, tileIndex } from './units.js';
import { loadDefaultCatalogue } from '../terrain/catalogue.testkit.js';

const catalogue = loadDefaultCatalogue();

describe('tile index, edge slot and palette value', () => {
  it('plain numbers pass where any of them is wanted (hot loops need no cast)', () => {
    const map = TerrainMap.create({ size: { kind: 'square', width: 3, height: 3 }, alform: true });
    const layer = map.layers.terrain;
    map.setTerrain(4, 'forest');
    for (let i = 0; i < layer.length; i++) expect(map.terrainOf(layer[i]!)).toBe(i === 4 ? 'forest' : '');
    expect(map.terrainAt(tileIndex(4))).toBe(map.terrainOf(paletteValue(1)));
  });

  it('a palette value is refused where a tile index is wanted, and the other way round', () => {
    const map = TerrainMap.create({ size: { kind: 'square', width: 3, height: 3 }, alform: true });
    const forest = map.terrainIndex('forest');
    // @ts-expect-error a palette value is not a tile: terrainAt(tile) vs terrainOf(value)
    expect(map.terrainAt(forest)).toBe('');
    // @ts-expect-error nor a tile to paint
    map.setTerrain(forest, 'forest');
    const tile = tileIndex(0);
    // @ts-expect-error a tile index is not a palette value
    expect(map.terrainOf(tile)).toBe('');
    const [change] = planPaint(map, catalogue, [8], 'forest').changes;
    // @ts-expect-error writeValue(map, layer, index, value): index and value swapped
    writeValue(map, 'terrain', change!.after, change!.index);
    writeValue(map, 'terrain', change!.index, change!.after);
    expect(map.terrainAt(8)).toBe('forest');
  });
});
