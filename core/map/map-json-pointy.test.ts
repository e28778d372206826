import { describe, expect, it } from 'vitest';
import { TerrainMap } from './terrain-map.js';
import { mapFromJson, mapFromJsonText, mapToJson, mapToJsonText } from './map-json.js';
import { classicToAlform } from './alform-transfer.js';

describe('pointy-top maps in the map JSON (issue 30)', () => {
  it('round-trips the orientation as meta.orientation, without a format version bump', () => {
    const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 5, height: 7 }, orientation: 'pointy', palette: ['clear', 'forest'], meta: { name: 'Rows' } });
    map.layers.terrain[3] = 2;
    const json = mapToJson(map);
    expect(json.version).toBe(1);
    expect(json.meta).toEqual({ name: 'Rows', orientation: 'pointy' });
    const back = mapFromJsonText(mapToJsonText(map), 'rows.json');
    expect(back.spec).toEqual({ kind: 'hex-rectangle', size: { kind: 'hex-rectangle', width: 5, height: 7 }, wrap: { x: false, y: false }, alform: false, orientation: 'pointy' });
    expect(back.grid.center(3)).toEqual(map.grid.center(3));
    expect(back.layers.terrain).toEqual(map.layers.terrain);
    expect(mapToJsonText(back)).toBe(mapToJsonText(map));
  });

  it('reads a file without the key (every older file) as flat-topped, and writes no key for flat maps', () => {
    const flat = TerrainMap.create({ size: { kind: 'hex-hexagon', diameter: 5 } });
    const json = mapToJson(flat);
    expect(json.meta).toBeUndefined();
    const back = mapFromJson(json);
    expect(back.spec.orientation).toBeUndefined();
    expect(back.grid.center(0)).toEqual(flat.grid.center(0));
  });

  it('opens a Tiled stagger-y map imported before orientations (meta.tiled.layoutRotation 270) pointy-topped', () => {
    const json = mapToJson(TerrainMap.create({ size: { kind: 'hex-rectangle', width: 3, height: 4 } }));
    const old = mapFromJson({ ...json, meta: { tiled: { orientation: 'hexagonal', staggeraxis: 'y', layoutRotation: 270 } } });
    expect(old.spec.orientation).toBe('pointy');
    expect(old.meta.orientation).toBe('pointy');
    expect(mapFromJson({ ...json, meta: { tiled: { layoutRotation: 0 } } }).spec.orientation).toBeUndefined();
  });

  it('refuses a bad orientation or a pointy square map with one line naming the field', () => {
    const json = mapToJson(TerrainMap.create({ size: { kind: 'hex-rectangle', width: 2, height: 2 } }));
    expect(() => mapFromJson({ ...json, meta: { orientation: 'sideways' } }, 'x.json')).toThrow(/x\.json.*\$\.meta\.orientation/);
    const square = mapToJson(TerrainMap.create({ size: { kind: 'square', width: 2, height: 2 } }));
    expect(() => mapFromJson({ ...square, meta: { orientation: 'pointy' } }, 'sq.json')).toThrow(/sq\.json.*only hex maps can be pointy-topped/);
  });

  it('keeps the orientation when a map is rebuilt from its metadata (AL-FORM transfer, resize)', () => {
    const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 4, height: 4 }, orientation: 'pointy' });
    const al = classicToAlform(map);
    expect(al.spec.orientation).toBe('pointy');
    expect(al.meta.orientation).toBe('pointy');
    // The spec wins over stale metadata, and a flat map carries no key.
    const flat = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 4, height: 4 }, orientation: 'flat', meta: { orientation: 'pointy' } });
    expect(flat.meta.orientation).toBeUndefined();
    expect(flat.spec.orientation).toBeUndefined();
  });
});
