/**
 * The app's library in userData: created and seeded on first open, left alone afterwards,
 * brought up to date (new terrains seeded, the designer's substitutes kept) when the app's
 * catalogue changed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDefaultCatalogue, minimalCatalogueJson } from '../../core/terrain/catalogue.testkit.js';
import { findTerrain, parseCatalogue, updateTerrain } from '../../core/terrain/catalogue.js';
import { DEFAULT_RATIOS } from '../../core/derive/substitutes/generate.js';
import { listVectorTileFiles } from '../formats/vector-files.js';
import { APP_CATALOGUE_ID, STARTER_VECTOR_TILES_DIR, USER_LIBRARY_FILE, openUserLibrary, putAppCatalogue } from './user-library.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const perTerrain = Object.values(DEFAULT_RATIOS).reduce((n, list) => n + list.length, 0);

describe('the app library', () => {
  it('is created with the catalogue and its default substitutes, once', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandtable-userlib-'));
    dirs.push(dir);
    const path = join(dir, 'user', USER_LIBRARY_FILE);
    const catalogue = loadDefaultCatalogue();
    const first = openUserLibrary(path, catalogue);
    expect(first.seeded).toBe(catalogue.terrains.length * perTerrain);
    expect(first.library.catalogues.list().map((c) => c.id)).toEqual([APP_CATALOGUE_ID]);
    // Every terrain has its slot; an untouched seeded slot stands aside for the generators' variants.
    expect(first.library.substitutes.get(APP_CATALOGUE_ID, 'forest', 'hex', 12)).not.toBeNull();
    expect(first.source.get('forest', 'hex', 12)).toBeUndefined();
    // The starter vector tiles, as `library init` seeds them (node/store seedStarterVectorTiles).
    const starterFiles = listVectorTileFiles(STARTER_VECTOR_TILES_DIR).length;
    expect(starterFiles).toBeGreaterThan(10);
    expect(first.seededVectorTiles).toBe(starterFiles);
    expect(first.library.vector.stats().count).toBe(starterFiles);
    expect(first.library.vector.search({ tag: 'starter', limit: 10_000 })).toHaveLength(starterFiles);
    expect(first.library.vector.search({ tag: 'river', shape: 'hex' }).length).toBeGreaterThan(0);
    const hash = first.library.contentHash();
    first.library.close();

    const second = openUserLibrary(path, catalogue);
    expect(second.seeded).toBe(0);
    expect(second.seededVectorTiles).toBe(0);
    expect(second.library.contentHash()).toBe(hash);
    second.library.close();
  });

  it("follows a changed catalogue: new terrains get substitutes, the designer's stay, removed terrains lose theirs", () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandtable-userlib-'));
    dirs.push(dir);
    const path = join(dir, USER_LIBRARY_FILE);
    const json = minimalCatalogueJson();
    const before = openUserLibrary(path, parseCatalogue(json));
    const lib = before.library;
    // The designer repaints forest on the square lattice: that map stays in its slot.
    const forestSlot = lib.substitutes.get(APP_CATALOGUE_ID, 'forest', 'square', 10)!;
    const mine = lib.maps.load(forestSlot);
    lib.maps.put(mine, { id: 'my-forest', name: 'My forest' });
    lib.substitutes.set({ catalogueId: APP_CATALOGUE_ID, terrainId: 'forest', ratio: 10, mapId: 'my-forest' });
    lib.close();

    const next = minimalCatalogueJson();
    const sand = next.terrains.find((t: { id: string }) => t.id === 'sand');
    next.terrains.push({ ...sand, id: 'dunes', name: 'Dunes' });
    next.terrains = next.terrains.filter((t: { id: string }) => t.id !== 'sand');
    next.transitions = next.transitions.filter((t: unknown) => !JSON.stringify(t).includes('sand'));
    const after = openUserLibrary(path, parseCatalogue(next));
    expect(after.seeded).toBe(perTerrain);
    // Starter tiles already there are kept, not added again.
    expect(after.seededVectorTiles).toBe(0);
    expect(after.library.substitutes.get(APP_CATALOGUE_ID, 'forest', 'square', 10)).toBe('my-forest');
    expect(after.library.substitutes.list({ terrainId: 'dunes' })).toHaveLength(perTerrain);
    expect(after.library.substitutes.list({ terrainId: 'sand' })).toEqual([]);
    after.library.close();
  });

  it("keeps the designer's edited catalogue while the app ships the same one, and takes an updated one", () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandtable-userlib-'));
    dirs.push(dir);
    const path = join(dir, USER_LIBRARY_FILE);
    const shipped = parseCatalogue(minimalCatalogueJson());
    const first = openUserLibrary(path, shipped);
    const edited = updateTerrain(shipped, 'forest', { name: 'Woods' });
    putAppCatalogue(first, edited);
    expect(first.catalogue).toBe(edited);
    // The source follows the new catalogue (it checks substitute maps against it).
    expect(first.source.get('forest', 'square', 10)).toBeUndefined();
    first.library.close();

    const again = openUserLibrary(path, shipped);
    expect(again.seeded).toBe(0);
    expect(findTerrain(again.catalogue, 'forest')!.name).toBe('Woods');
    again.library.close();

    // An app update ships another catalogue: it replaces the edited one.
    const update = minimalCatalogueJson();
    update.name = 'Minimal 2';
    const updated = openUserLibrary(path, parseCatalogue(update));
    expect(updated.catalogue.name).toBe('Minimal 2');
    expect(findTerrain(updated.catalogue, 'forest')!.name).toBe(findTerrain(shipped, 'forest')!.name);
    updated.library.close();
  });

  it('writes a catalogue all or nothing: a slot that cannot be put back leaves the library as it was', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandtable-userlib-'));
    dirs.push(dir);
    const shipped = parseCatalogue(minimalCatalogueJson());
    const user = openUserLibrary(join(dir, USER_LIBRARY_FILE), shipped);
    const before = user.library.contentHash();
    const slot = user.library.substitutes.list({ terrainId: 'forest' })[0]!;
    const edited = updateTerrain(shipped, 'forest', { name: 'Woods' });
    expect(() => putAppCatalogue(user, edited, [{ ...slot, ratio: 3 }])).toThrow(/ratio/);
    expect(user.library.contentHash()).toBe(before);
    expect(findTerrain(user.library.catalogues.get(APP_CATALOGUE_ID)!, 'forest')!.name).toBe(findTerrain(shipped, 'forest')!.name);
    expect(user.catalogue).toBe(shipped);
    user.library.close();
  });
});
