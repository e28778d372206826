/**
 * Default substitutes in a library and the library as a SubstituteSource: seeding fills
 * every terrain × lattice × default ratio in one transaction and keeps what is there; the
 * source reads each substitute once, sees an edited substitute map (from this connection or
 * another), and its hash follows the substitutes' content.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TerrainMap } from '../../core/map/terrain-map.js';
import type { TerrainCatalogue } from '../../core/terrain/catalogue.js';
import { loadDefaultCatalogue, minimalCatalogueJson } from '../../core/terrain/catalogue.testkit.js';
import { DEFAULT_RATIOS, generateSubstitute } from '../../core/derive/substitutes/generate.js';
import { substituteToMap } from '../../core/derive/substitutes/substitute-map.js';
import type { Library } from './library.js';
import { defaultSubstituteMapId } from './substitute-seed.js';
import { substitutesHash } from './substitute-source.js';
import { openStores, tempFile } from './store.testkit.js';

const stores = openStores();
afterEach(stores.closeAll);

let catalogue: TerrainCatalogue;
beforeAll(() => {
  catalogue = loadDefaultCatalogue();
});

const open = (path?: string): Library => stores.library(path);

function seeded(): Library {
  const lib = open();
  lib.catalogues.put('default', catalogue);
  lib.seedDefaultSubstitutes('default');
  return lib;
}

const perLattice = DEFAULT_RATIOS.square.length + DEFAULT_RATIOS['offset-square'].length + DEFAULT_RATIOS.hex.length;

describe('seeding default substitutes', () => {
  it('fills every terrain × lattice × default ratio with a map, once', () => {
    const lib = open();
    lib.catalogues.put('default', catalogue);
    const first = lib.seedDefaultSubstitutes('default');
    expect(first).toEqual({ added: catalogue.terrains.length * perLattice, kept: 0 });
    expect(lib.substitutes.list().length).toBe(first.added);
    expect(lib.maps.stats().count).toBe(first.added);
    expect(lib.substitutes.get('default', 'forest', 'hex', DEFAULT_RATIOS.hex[0]!)).toBe(defaultSubstituteMapId('default', 'forest', 'hex', DEFAULT_RATIOS.hex[0]!));
    expect(lib.maps.get(defaultSubstituteMapId('default', 'forest', 'square', 10))!.name).toBe('Forest · square 1:10');
    const hash = lib.contentHash();
    expect(lib.seedDefaultSubstitutes('default')).toEqual({ added: 0, kept: first.added });
    expect(lib.contentHash()).toBe(hash);
    expect(lib.integrityCheck()).toEqual(['ok']);
  });

  it("keeps a designer's substitute in its slot and fills the others", () => {
    const lib = open();
    lib.catalogues.put('default', catalogue);
    const mine = generateSubstitute(catalogue, 'clear', 'square', 10, 99);
    lib.maps.put(substituteToMap({ ...mine, terrain: 'forest' }), { id: 'my-forest' });
    lib.substitutes.set({ catalogueId: 'default', terrainId: 'forest', ratio: 10, mapId: 'my-forest' });
    const r = lib.seedDefaultSubstitutes('default');
    expect(r).toEqual({ added: catalogue.terrains.length * perLattice - 1, kept: 1 });
    expect(lib.substitutes.get('default', 'forest', 'square', 10)).toBe('my-forest');
  });

  it('refuses an unknown catalogue and bad options, writing nothing', () => {
    const lib = open();
    lib.catalogues.put('minimal', minimalCatalogueJson());
    const before = lib.contentHash();
    expect(() => lib.seedDefaultSubstitutes('default')).toThrow(/argument: catalogueId: no catalogue "default" in library .*; put the catalogue first/);
    expect(() => lib.seedDefaultSubstitutes('minimal', { seed: -1 })).toThrow('argument: options.seed: expected an integer 0…2147483647, got -1');
    expect(lib.contentHash()).toBe(before);
  });
});

describe('a library as a substitute source', () => {
  it('lets untouched seeded slots stand aside for the generators and gives back repainted ones, reading each map once', () => {
    const lib = seeded();
    const source = lib.substituteSource('default');
    // Still the seeded default: the generators stand in (with their variants), as with no library.
    expect(source.get('forest', 'hex', 12)).toBeUndefined();
    expect(source.get('forest', 'hex', 12, 2)).toBeUndefined();
    expect(source.get('forest', 'hex', 24)).toBeUndefined();
    expect(source.get('river', 'square', 10)).toBeUndefined();
    expect(source.loads).toBe(2);

    const id = lib.substitutes.get('default', 'forest', 'hex', 12)!;
    const repainted = lib.maps.load(id);
    const k = repainted.layers.terrain.findIndex((v) => v !== 0);
    repainted.layers.terrain[k] = repainted.terrainIndex('marsh');
    lib.maps.put(repainted, { id });
    const want = generateSubstitute(catalogue, 'forest', 'hex', 12, 0);
    const got = source.get('forest', 'hex', 12)!;
    expect(got).toMatchObject({ terrain: 'forest', lattice: 'hex', ratio: 12 });
    // The designer's drawing, cell for cell, for every variant.
    const ids = (s: { cells: Uint8Array; palette: readonly string[] }) => Array.from(s.cells, (v) => s.palette[v - 1] ?? '');
    expect(ids(got).filter((t, i) => t !== ids(want)[i])).toEqual(['marsh']);
    expect(source.get('forest', 'hex', 12, 3)).toBe(got);
    expect(() => lib.substituteSource('nope')).toThrow(/no catalogue "nope"/);
  });

  it('sees a substitute map repainted through this connection or by another process', () => {
    const path = tempFile();
    const lib = open(path);
    lib.catalogues.put('default', catalogue);
    lib.seedDefaultSubstitutes('default');
    const source = lib.substituteSource('default');
    const terrains = ['forest', 'clear', 'river'];
    const h0 = substitutesHash(source, terrains, 'square', 10);
    const before = source.get('forest', 'square', 10)!;
    const id = lib.substitutes.get('default', 'forest', 'square', 10)!;

    const repainted = lib.maps.load(id);
    const k = repainted.layers.terrain.findIndex((v) => v !== 0);
    repainted.layers.terrain[k] = repainted.terrainIndex('marsh');
    lib.maps.put(repainted, { id });
    const after = source.get('forest', 'square', 10)!;
    expect(after).not.toBe(before);
    expect(after.palette).toContain('marsh');
    const h1 = substitutesHash(source, terrains, 'square', 10);
    expect(h1).not.toBe(h0);

    // Another connection (another process would be the same) refills the slot.
    const other = open(path);
    const clearMap = other.substitutes.get('default', 'clear', 'square', 10)!;
    other.substitutes.set({ catalogueId: 'default', terrainId: 'forest', ratio: 10, mapId: clearMap });
    expect(() => source.get('forest', 'square', 10)).toThrow(/the square 1:10 substitute of "forest" \(map ".*"\) is a square 1:10 substitute of "clear"; put it in its own slot/);
    other.substitutes.set({ catalogueId: 'default', terrainId: 'forest', ratio: 10, mapId: id });
    expect(substitutesHash(source, terrains, 'square', 10)).toBe(h1);
    // An empty slot: the default generators stand in, and the hash says so.
    other.substitutes.remove('default', 'forest', 'square', 10);
    expect(source.get('forest', 'square', 10)).toBeUndefined();
    expect(substitutesHash(source, terrains, 'square', 10)).not.toBe(h1);
  });

  it('hashes content, not order or identity', () => {
    const a = seeded().substituteSource('default');
    const b = seeded().substituteSource('default');
    const h = substitutesHash(a, ['forest', 'river', 'clear'], 'hex', 12);
    expect(substitutesHash(b, ['clear', 'forest', 'river', 'forest'], 'hex', 12)).toBe(h);
    expect(substitutesHash(a, ['forest', 'river'], 'hex', 12)).not.toBe(h);
    expect(substitutesHash(a, ['forest', 'river', 'clear'], 'offset-square', 12)).not.toBe(h);
    expect(substitutesHash(undefined, ['forest'], 'hex', 12)).toBe(substitutesHash({ get: () => undefined }, ['forest'], 'hex', 12));
  });

  it('reports a slot map that is no substitute, naming the slot', () => {
    const lib = open();
    lib.catalogues.put('default', catalogue);
    lib.maps.put(TerrainMap.create({ size: { kind: 'square', width: 11, height: 11 }, alform: true }), { id: 'plain' });
    lib.substitutes.set({ catalogueId: 'default', terrainId: 'forest', ratio: 10, mapId: 'plain' });
    expect(() => lib.substituteSource('default').get('forest', 'square', 10)).toThrow(/the square 1:10 substitute of "forest" \(map "plain"\): substitute map: meta\.substitute must be an object/);
  });
});
