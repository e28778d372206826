/**
 * Substitute-map slots: keyed by catalogue, terrain, lattice and ratio; the lattice comes
 * from the slot map's grid kind when not given and must agree with it when given; ratios
 * must be admissible on the lattice; the generation counter moves with every change to a
 * slot or a slot's map and with nothing else.
 */
import { KEPT_EXISTING } from './import-result.js';
import { afterEach, describe, expect, it } from 'vitest';
import { TerrainMap } from '../../core/map/terrain-map.js';
import { minimalCatalogueJson } from '../../core/terrain/catalogue.testkit.js';
import type { Library } from './library.js';
import { openStores, untrusted } from './store.testkit.js';

let lib: Library;
const stores = openStores();
afterEach(stores.closeAll);

function library(): Library {
  lib = stores.library();
  lib.catalogues.put('minimal', minimalCatalogueJson());
  lib.maps.put(TerrainMap.create({ size: { kind: 'hex-rectangle', width: 7, height: 7 }, alform: true }), { id: 'hex6' });
  lib.maps.put(TerrainMap.create({ size: { kind: 'square', width: 13, height: 13 }, alform: true }), { id: 'sq12' });
  lib.maps.put(TerrainMap.create({ size: { kind: 'offset-square', width: 13, height: 13 }, alform: true }), { id: 'os12' });
  return lib;
}

describe('substitute-map slots', () => {
  it('fills, reads, refuses bad slots, and empties when the map goes', () => {
    library();
    expect(lib.substitutes.set({ catalogueId: 'minimal', terrainId: 'forest', ratio: 6, mapId: 'hex6' })).toEqual({
      catalogueId: 'minimal',
      terrainId: 'forest',
      lattice: 'hex',
      ratio: 6,
      mapId: 'hex6',
    });
    expect(lib.substitutes.get('minimal', 'forest', 'hex', 6)).toBe('hex6');
    expect(lib.substitutes.get('minimal', 'forest', 'hex', 12)).toBeNull();
    expect(() => lib.substitutes.set({ catalogueId: 'minimal', terrainId: 'forest', ratio: 5, mapId: 'hex6' })).toThrow(
      'argument: slot.ratio: expected an even scale ratio (SPEC §7: a substitute has ratio + 1 tiles along each axis), got 5',
    );
    expect(() => lib.substitutes.set({ catalogueId: 'minimal', terrainId: 'forest', ratio: 8, mapId: 'hex6' })).toThrow(
      'argument: slot.ratio: expected a scale ratio admissible on the hex lattice (a multiple of 6: 6, 12, 18 …), got 8',
    );
    expect(() => lib.substitutes.set({ catalogueId: 'minimal', terrainId: 'lava', ratio: 6, mapId: 'hex6' })).toThrow(
      'argument: slot.terrainId: expected a terrain of catalogue "minimal" in this library, got "lava"',
    );
    expect(() => lib.substitutes.set({ catalogueId: 'minimal', terrainId: 'forest', ratio: 6, mapId: 'nope' })).toThrow('argument: slot.mapId: expected the id of a map in this library, got "nope"');
    expect(() => lib.substitutes.import([{ catalogueId: 'minimal', terrainId: 'forest', ratio: 6, mapId: 'hex6' }])).toThrow(
      'the hex 1:6 substitute slot of terrain "forest" (catalogue "minimal") already holds map "hex6"',
    );
    expect(lib.substitutes.list({ ratio: 6 }).length).toBe(1);
    expect(lib.substitutes.remove('minimal', 'forest', 'hex', 6)).toBe(true);
    expect(lib.substitutes.remove('minimal', 'forest', 'hex', 6)).toBe(false);
    lib.substitutes.set({ catalogueId: 'minimal', terrainId: 'forest', ratio: 6, mapId: 'hex6' });
    lib.maps.delete('hex6');
    expect(lib.substitutes.list()).toEqual([]);
  });

  it('keeps one slot per lattice at a ratio all lattices admit', () => {
    library();
    lib.substitutes.set({ catalogueId: 'minimal', terrainId: 'forest', ratio: 12, mapId: 'sq12' });
    lib.substitutes.set({ catalogueId: 'minimal', terrainId: 'forest', lattice: 'offset-square', ratio: 12, mapId: 'os12' });
    expect(lib.substitutes.list().map((s) => [s.lattice, s.mapId])).toEqual([
      ['offset-square', 'os12'],
      ['square', 'sq12'],
    ]);
    expect(lib.substitutes.get('minimal', 'forest', 'square', 12)).toBe('sq12');
    expect(lib.substitutes.get('minimal', 'forest', 'offset-square', 12)).toBe('os12');
    expect(lib.substitutes.get('minimal', 'forest', 'hex', 12)).toBeNull();
    expect(lib.substitutes.list({ lattice: 'square' }).map((s) => s.mapId)).toEqual(['sq12']);
    expect(() => lib.substitutes.set({ catalogueId: 'minimal', terrainId: 'forest', lattice: 'hex', ratio: 12, mapId: 'sq12' })).toThrow(
      'argument: slot.mapId: expected a map on the hex lattice (a hex-rectangle or hex-hexagon map), got "sq12", a square map',
    );
    expect(() => lib.substitutes.set({ catalogueId: 'minimal', terrainId: 'forest', lattice: 'offset-square', ratio: 6, mapId: 'os12' })).toThrow(
      'expected a scale ratio admissible on the offset-square lattice (a multiple of 4: 4, 8, 12 …), got 6',
    );
    expect(() => lib.substitutes.get('minimal', 'forest', untrusted('triangle'), 12)).toThrow('argument: lattice: expected one of "square", "offset-square", "hex", got "triangle"');
    expect(() => lib.substitutes.list(untrusted({ lattice: 'round' }))).toThrow('argument: filter.lattice: expected one of');
  });

  it('imports slots all or nothing, taking each lattice from its map', () => {
    library();
    const before = lib.contentHash();
    expect(() =>
      lib.substitutes.import([
        { catalogueId: 'minimal', terrainId: 'forest', ratio: 12, mapId: 'sq12' },
        { catalogueId: 'minimal', terrainId: 'sand', lattice: 'square', ratio: 12, mapId: 'os12' },
      ]),
    ).toThrow('argument: slots[1].mapId: expected a map on the square lattice (a square map), got "os12", a offset-square map');
    expect(lib.contentHash()).toBe(before);
    const result = lib.substitutes.import([
      { catalogueId: 'minimal', terrainId: 'forest', ratio: 12, mapId: 'sq12' },
      { catalogueId: 'minimal', terrainId: 'sand', ratio: 12, mapId: 'os12' },
    ]);
    expect(result).toEqual({ added: 2, replaced: 0, skipped: [] });
    expect(lib.substitutes.export().map((s) => s.lattice)).toEqual(['square', 'offset-square']);
    expect(lib.substitutes.import([{ catalogueId: 'minimal', terrainId: 'forest', ratio: 12, mapId: 'sq12' }], { onConflict: 'skip' })).toEqual({ added: 0, replaced: 0, skipped: [{ id: 'minimal/forest square 1:12', reason: KEPT_EXISTING }] });
  });

  it('counts changes to slots and to slot maps in the generation, and nothing else', () => {
    library();
    const g0 = lib.substitutes.generation();
    lib.maps.put(TerrainMap.create({ size: { kind: 'square', width: 5, height: 5 }, alform: true }), { id: 'other' });
    expect(lib.substitutes.generation()).toBe(g0);
    lib.substitutes.set({ catalogueId: 'minimal', terrainId: 'forest', ratio: 12, mapId: 'sq12' });
    const g1 = lib.substitutes.generation();
    expect(g1).toBeGreaterThan(g0);
    // Refilling a slot with the map it holds changes nothing.
    lib.substitutes.set({ catalogueId: 'minimal', terrainId: 'forest', ratio: 12, mapId: 'sq12' });
    expect(lib.substitutes.generation()).toBe(g1);
    // Repainting the slot's map (a put replacing it) is seen.
    const repainted = TerrainMap.create({ size: { kind: 'square', width: 13, height: 13 }, alform: true, palette: ['forest'] });
    repainted.layers.terrain.fill(1);
    lib.maps.put(repainted, { id: 'sq12' });
    const g2 = lib.substitutes.generation();
    expect(g2).toBeGreaterThan(g1);
    lib.maps.put(TerrainMap.create({ size: { kind: 'square', width: 5, height: 5 }, alform: true }), { id: 'other' });
    expect(lib.substitutes.generation()).toBe(g2);
    // Removing the terrain from the catalogue empties the slot: seen too.
    const edited = minimalCatalogueJson();
    edited.terrains = edited.terrains.filter((t: { id: string }) => t.id !== 'forest');
    edited.transitions = edited.transitions.filter((t: unknown) => !JSON.stringify(t).includes('forest'));
    edited.composites = (edited.composites ?? []).filter((t: unknown) => !JSON.stringify(t).includes('forest'));
    lib.catalogues.put('minimal', edited);
    expect(lib.substitutes.list()).toEqual([]);
    expect(lib.substitutes.generation()).toBeGreaterThan(g2);
  });
});
