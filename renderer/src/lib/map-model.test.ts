import { describe, expect, it } from 'vitest';
import { applyEdit, formatCoord, loadPayload, tileInfo } from './map-model.js';
import { TerrainMap } from '../../../core/map/terrain-map.js';
import { mapToJson } from '../../../core/map/map-json.js';
import { parseCatalogue } from '../../../core/terrain/parse.js';
import catalogueJson from '../../../resources/terrain/default.json' with { type: 'json' };

const catalogue = parseCatalogue(structuredClone(catalogueJson));

function payload(map: TerrainMap) {
  return { summary: { id: 'm1', name: 'Valley', kind: map.spec.kind, size: '11x9', alform: map.spec.alform, tileCount: map.tileCount, updatedAt: '' }, map: mapToJson(map), history: { canUndo: false, canRedo: false } };
}

describe('the renderer copy of a map', () => {
  it('applies an edit and reports what to redraw', () => {
    const source = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 11, height: 9 }, alform: true, palette: ['clear'] });
    const loaded = loadPayload(payload(source));
    const a = applyEdit(loaded, { changes: [{ layer: 'terrain', index: 0, value: 2 }], palette: ['clear', 'forest'] });
    expect(a.paletteChanged).toBe(true);
    expect(Array.from(a.tiles)).toEqual([0]);
    expect(loaded.map.terrainAt(0)).toBe('forest');
    const b = applyEdit(loaded, { changes: [{ layer: 'terrain', index: 0, value: 1 }], palette: ['clear', 'forest'] });
    expect(b.paletteChanged).toBe(false);
    expect(loaded.map.terrainAt(0)).toBe('clear');
    expect(() => applyEdit(loaded, { changes: [{ layer: 'edges', index: 0, value: 1 }], palette: ['clear', 'forest'] })).toThrow(/AL-FORM map has no edge layer/);
    expect(() => applyEdit(loaded, { changes: [{ layer: 'terrain', index: 99, value: 1 }], palette: ['clear', 'forest'] })).toThrow(/outside this map \(0…98\)/);
  });

  it('places and clears vector tile instances an edit reports', () => {
    const loaded = loadPayload(payload(TerrainMap.create({ size: { kind: 'hex-rectangle', width: 11, height: 9 }, palette: ['clear'] })));
    expect(loaded.map.instances).toBeNull();
    const a = applyEdit(loaded, { changes: [], palette: ['clear'], instances: [{ tile: 4, vectorTile: 'hex-road-straight-1', placement: 2 }] });
    expect(Array.from(a.instanceTiles)).toEqual([4]);
    expect(loaded.map.instances!.get(4)).toEqual({ tile: 'hex-road-straight-1', code: 2 });
    applyEdit(loaded, { changes: [], palette: ['clear'], instances: [{ tile: 4, vectorTile: null, placement: 0 }] });
    expect(loaded.map.instances!.has(4)).toBe(false);
    expect(() => applyEdit(loaded, { changes: [], palette: ['clear'], instances: [{ tile: 99, vectorTile: 'x', placement: 0 }] })).toThrow(/outside this map/);
  });

  it('describes a tile for the status bar', () => {
    const source = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 11, height: 9 }, alform: true });
    const linear = source.grid.index([5, 3]);
    source.setTerrain(linear, 'river');
    const loaded = loadPayload(payload(source));
    expect(tileInfo(loaded, catalogue, linear)).toMatchObject({ coord: [5, 3], system: 'axial120', tileClass: 'LINEAR', terrainId: 'river', terrainName: 'River', pentagon: false });
    expect(tileInfo(loaded, catalogue, source.grid.index([4, 4]))).toMatchObject({ tileClass: 'AREA', subClass: '', terrainId: '' });
    expect(formatCoord('axial120', [3, -2])).toBe('(3, −2)');
    expect(formatCoord('latlon', [4, 12])).toBe('lat 4, lon 12');
  });

  it('marks pentagons on the globe', () => {
    const globe = TerrainMap.create({ size: { kind: 'icosahedron', side: 1 }, alform: true });
    const loaded = loadPayload(payload(globe));
    expect(tileInfo(loaded, catalogue, 0)).toMatchObject({ pentagon: true, system: 'latlon', coord: [0, 0], tileClass: 'AREA' });
  });
});
