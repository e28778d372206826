import { afterEach, describe, expect, it } from 'vitest';
import { TerrainMap } from '../../core/map/terrain-map.js';
import { catalogueToJson } from '../../core/terrain/catalogue.js';
import { loadDefaultCatalogue, minimalCatalogueJson } from '../../core/terrain/catalogue.testkit.js';
import type { Library } from './library.js';
import { openStores } from './store.testkit.js';

let lib: Library;
const stores = openStores();
afterEach(stores.closeAll);

describe('terrain catalogues and movement modes', () => {
  it('stores a catalogue (JSON or parsed) and gives back the same catalogue', () => {
    lib = stores.library();
    const def = loadDefaultCatalogue();
    lib.catalogues.put('default', def);
    lib.catalogues.put('minimal', minimalCatalogueJson());
    expect(catalogueToJson(lib.catalogues.get('default')!)).toEqual(catalogueToJson(def));
    expect(lib.catalogues.list().map((c) => [c.id, c.name, c.modeCount, c.terrainCount])).toEqual([
      ['default', def.name, def.modes.length, def.terrains.length],
      ['minimal', 'Minimal', 2, 10],
    ]);
    expect(lib.catalogues.modes('minimal')).toEqual([
      { id: 'foot', name: 'Foot' },
      { id: 'boat', name: 'Boat', description: 'Water only.' },
    ]);
    expect(lib.catalogues.get('none')).toBeNull();
    expect(lib.catalogues.stats()).toEqual({ catalogues: 2, modes: def.modes.length + 2, terrains: def.terrains.length + 10 });
  });

  it('records the catalogue text an app shipped, per catalogue id, in the library', () => {
    lib = stores.library();
    expect(lib.catalogues.shippedText('default')).toBeNull();
    lib.catalogues.setShippedText('default', '{"name":"v1"}');
    lib.catalogues.setShippedText('default', '{"name":"v2"}');
    expect(lib.catalogues.shippedText('default')).toBe('{"name":"v2"}');
    expect(lib.catalogues.shippedText('other')).toBeNull();
  });

  it('lists and searches terrains by catalogue, class, colour and name', () => {
    lib = stores.library();
    const json = minimalCatalogueJson();
    json.terrains[1].name = 'Forêt';
    lib.catalogues.put('minimal', json);
    expect(lib.catalogues.terrains({ class: 'linear' }).map((t) => t.id)).toEqual(['river', 'road', 'river-bridge', 'beach', 'cliff']);
    expect(lib.catalogues.terrains({ colour: '#C0D080' })).toEqual([{ catalogueId: 'minimal', id: 'clear', class: 'area', name: 'clear', colour: '#c0d080' }].map((t) => ({ ...t, name: json.terrains[0].name })));
    expect(lib.catalogues.terrains({ text: 'FORET' }).map((t) => t.id)).toEqual(['forest']);
    expect(lib.catalogues.search('forêt').map((c) => c.id)).toEqual(['minimal']);
    expect(lib.catalogues.search('lava')).toEqual([]);
  });

  it('names the catalogue, the JSON path and what was expected, and writes nothing', () => {
    lib = stores.library();
    lib.catalogues.put('minimal', minimalCatalogueJson());
    const before = lib.contentHash();
    const bad = minimalCatalogueJson();
    bad.terrains[2].colour = 'green';
    expect(() => lib.catalogues.import([{ id: 'ok', catalogue: minimalCatalogueJson() }, { id: 'bad', catalogue: bad }])).toThrow(
      /^argument: catalogues\[1\]\.catalogue\.terrains\[2\]\.colour \(record "bad"\): expected/,
    );
    expect(lib.contentHash()).toBe(before);
    expect(() => lib.catalogues.import([{ id: 'minimal', catalogue: minimalCatalogueJson() }])).toThrow(
      'argument: catalogues[0].id: a catalogue "minimal" already exists (import with onConflict "replace" or "skip")',
    );
    expect(() => lib.catalogues.put('', minimalCatalogueJson())).toThrow('argument: id: expected an id');
    expect(lib.contentHash()).toBe(before);
  });

  it('keeps the substitute slots of terrains that stay when a catalogue is replaced, and drops the others', () => {
    lib = stores.library();
    lib.catalogues.put('minimal', minimalCatalogueJson());
    lib.maps.put(TerrainMap.create({ size: { kind: 'square', width: 13, height: 13 }, alform: true }), { id: 'forest-12' });
    lib.maps.put(TerrainMap.create({ size: { kind: 'square', width: 13, height: 13 }, alform: true }), { id: 'sand-12' });
    lib.substitutes.set({ catalogueId: 'minimal', terrainId: 'forest', ratio: 12, mapId: 'forest-12' });
    lib.substitutes.set({ catalogueId: 'minimal', terrainId: 'sand', ratio: 12, mapId: 'sand-12' });
    const edited = minimalCatalogueJson();
    // Remove "sand" (and the transition that mentions it) and rename "forest".
    edited.terrains = edited.terrains.filter((t: { id: string }) => t.id !== 'sand');
    edited.transitions = edited.transitions.filter((t: unknown) => !JSON.stringify(t).includes('sand'));
    edited.terrains[1].name = 'Woods';
    lib.catalogues.put('minimal', edited);
    expect(lib.substitutes.list()).toEqual([{ catalogueId: 'minimal', terrainId: 'forest', lattice: 'square', ratio: 12, mapId: 'forest-12' }]);
    expect(lib.catalogues.terrains({ text: 'woods' }).map((t) => t.id)).toEqual(['forest']);
    expect(lib.catalogues.delete('minimal')).toBe(true);
    expect(lib.substitutes.list()).toEqual([]);
    expect(lib.maps.list().length).toBe(2);
  });
});
