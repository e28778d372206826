/**
 * The catalogue service end to end through AppServices.call: updates validated by core
 * with its messages, written in one library transaction, undone and redone; analysis and a
 * new app session follow the edited catalogue; substitutes open as project maps and, saved
 * back, make the derived maps that used them stale.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { AppEvent, CatalogueState, MapPayload, ProjectInfo, Results, SubstituteEntry } from '../../contract/contract.js';
import { mapFromJson } from '../../core/map/map-json.js';
import { findTerrain, parseCatalogue } from '../../core/terrain/catalogue.js';
import { openLibrary } from '../store/index.js';
import { APP_CATALOGUE_ID, USER_LIBRARY_FILE } from './user-library.js';
import { useServicesKit } from './services.testkit.js';

const kit = useServicesKit('sandtable-catalogue-');
const { call } = kit;

const wheeledForest = (state: CatalogueState) => findTerrain(parseCatalogue(state.catalogue), 'forest')!.movement.wheeled;
const raiseForest = (cost: number) => ({ edits: [{ op: 'updateTerrain', id: 'forest', patch: { movement: { wheeled: { cost, playable: true } } } }] });

/** A 9×1 square map of clear ground with forest on x = 2…6: a wheeled path must cross it. */
async function forestStrip(): Promise<{ id: string; from: number; to: number }> {
  const created = await call<MapPayload>('maps.create', { name: 'Strip', kind: 'square', size: '9x1', alform: false, fill: 'clear' });
  const map = mapFromJson(created.map);
  const at = (x: number) => map.grid.index([x, 0]);
  await call('maps.paint', { id: created.summary.id, tiles: [2, 3, 4, 5, 6].map(at), terrain: 'forest' });
  return { id: created.summary.id, from: at(0), to: at(8) };
}

describe('catalogue.update', () => {
  it('applies an edit list, tells the renderer, and the path tool uses the new cost at once', async () => {
    const { id, from, to } = await forestStrip();
    const before = await call<Results['analysis.path']>('analysis.path', { id, mode: 'wheeled', from, to });
    expect(before.cost).not.toBeNull();

    const state = await call<CatalogueState>('catalogue.update', raiseForest(10));
    expect(wheeledForest(state)).toEqual({ cost: 10, playable: true });
    expect(state).toMatchObject({ canUndo: true, canRedo: false });
    expect(kit.events.filter((e): e is Extract<AppEvent, { type: 'catalogue.changed' }> => e.type === 'catalogue.changed')).toHaveLength(1);
    expect(findTerrain(parseCatalogue(await call('catalogue.get')), 'forest')!.movement.wheeled!.cost).toBe(10);

    const after = await call<Results['analysis.path']>('analysis.path', { id, mode: 'wheeled', from, to });
    // Five forest tiles entered at 10 instead of 4 each: the same route, 30 more.
    expect(after.cost! - before.cost!).toBeCloseTo(30);
  });

  it('refuses an invalid change with core\'s message and leaves the catalogue and library as they were', async () => {
    const bad = call('catalogue.update', { edits: [{ op: 'updateTerrain', id: 'forest', patch: { movement: { wheeled: { cost: 'impassable', playable: true } } } }] });
    await expect(bad).rejects.toThrow(
      'catalogue.update: edits[0] updateTerrain: $.terrains[11].movement.wheeled.cost: expected a number ≥ 0 for a playable terrain (its tiles are entered or moved along), got "impassable"',
    );
    const whole = parseCatalogue(await call('catalogue.get')) as unknown as Record<string, unknown>;
    await expect(call('catalogue.update', { catalogue: { ...whole, modes: [] } })).rejects.toThrow(/^catalogue\.update: catalogue: \$\.modes: /);
    await expect(call('catalogue.update', {})).rejects.toThrow('catalogue.update: $: expected either "catalogue"');
    const state = await call<CatalogueState>('catalogue.state');
    expect(state).toMatchObject({ canUndo: false, canRedo: false });
    expect(wheeledForest(state)).toEqual({ cost: 4, playable: true });
  });

  it('undoes and redoes, and a new app session keeps the edited catalogue', async () => {
    await call('catalogue.update', raiseForest(7));
    await call('catalogue.update', { edits: [{ op: 'updateMode', id: 'wheeled', patch: { name: 'Trucks' } }] });
    let state = await call<CatalogueState>('catalogue.undo');
    expect(parseCatalogue(state.catalogue).modes.find((m) => m.id === 'wheeled')!.name).toBe('Wheeled');
    expect(wheeledForest(state)!.cost).toBe(7);
    state = await call<CatalogueState>('catalogue.undo');
    expect(wheeledForest(state)!.cost).toBe(4);
    expect(state).toMatchObject({ canUndo: false, canRedo: true });
    await expect(call('catalogue.undo')).rejects.toThrow('catalogue.undo: nothing to undo in the catalogue');
    state = await call<CatalogueState>('catalogue.redo');
    expect(wheeledForest(state)!.cost).toBe(7);

    await kit.services.shutdown();
    kit.make();
    expect(findTerrain(kit.services.catalogue, 'forest')!.movement.wheeled!.cost).toBe(7);
    // What the library file holds is the catalogue in use, written by the update.
    const library = openLibrary(join(kit.dir, 'user', USER_LIBRARY_FILE));
    try {
      expect(findTerrain(library.catalogues.get(APP_CATALOGUE_ID)!, 'forest')!.movement.wheeled!.cost).toBe(7);
    } finally {
      library.close();
    }
  });

  it('seeds a new terrain\'s substitutes, and refuses to remove a terrain a map still uses', async () => {
    const catalogue = parseCatalogue(await call('catalogue.get'));
    const forest = findTerrain(catalogue, 'forest')!;
    await call('catalogue.update', { edits: [{ op: 'addTerrain', terrain: { ...forest, id: 'coppice', name: 'Coppice', colour: '#7a9a40' } }] });
    const slots = await call<SubstituteEntry[]>('catalogue.substitutes', { terrain: 'coppice' });
    expect(slots.length).toBeGreaterThan(0);
    expect(slots.every((s) => s.terrain === 'coppice' && s.openAs === null)).toBe(true);

    await forestStrip();
    await expect(call('catalogue.update', { edits: [{ op: 'removeTerrain', id: 'coppice' }, { op: 'removeTerrain', id: 'forest' }] })).rejects.toThrow(
      /cannot remove terrain "forest" while|cannot remove terrain "forest": map "Strip" uses it/,
    );
    await call('catalogue.update', { edits: [{ op: 'removeTerrain', id: 'coppice' }] });
    expect(await call<SubstituteEntry[]>('catalogue.substitutes', { terrain: 'coppice' })).toEqual([]);
    // Undo brings the terrain back with its slots.
    await call('catalogue.undo');
    expect((await call<SubstituteEntry[]>('catalogue.substitutes', { terrain: 'coppice' })).map((s) => s.mapId)).toEqual(slots.map((s) => s.mapId));
  });
});

describe('the catalogue in use', () => {
  it('is what painting, new maps and removals check against after an update', async () => {
    const catalogue = parseCatalogue(await call('catalogue.get'));
    const clear = findTerrain(catalogue, 'clear')!;
    await expect(call('maps.create', { name: 'Heath', kind: 'square', size: '4x4', alform: false, fill: 'heath' })).rejects.toThrow(/heath/);
    await call('catalogue.update', { edits: [{ op: 'addTerrain', terrain: { ...clear, id: 'heath', name: 'Heath', colour: '#9a8a60' } }] });
    const created = await call<MapPayload>('maps.create', { name: 'Heath', kind: 'square', size: '4x4', alform: false, fill: 'heath' });
    await call('maps.paint', { id: created.summary.id, tiles: [0], terrain: 'heath' });
    await expect(call('catalogue.update', { edits: [{ op: 'removeTerrain', id: 'heath' }] })).rejects.toThrow('catalogue.update: cannot remove terrain "heath": map "Heath" uses it (repaint it there first)');
  });
});

describe('substitutes', () => {
  it('open as a project map, and saved back make the derived map that used them stale', async () => {
    const created = await call<MapPayload>('maps.create', { name: 'Ardennes', kind: 'square', size: '9x9', alform: true, fill: 'clear' });
    const parentMap = mapFromJson(created.map);
    const at = (x: number, y: number) => parentMap.grid.index([x, y]);
    await call('maps.paint', { id: created.summary.id, tiles: [at(4, 4)], terrain: 'forest' });
    const derived = await call<Results['maps.derive']>('maps.derive', { id: created.summary.id, tiles: [at(4, 4)] });
    const child = derived.map.summary.id;
    expect(derived.map.summary.derived!.stale).toBe(false);

    const opened = await call<MapPayload>('catalogue.openSubstitute', { terrain: 'forest', lattice: 'square', ratio: 10 });
    expect(opened.summary.substitute).toEqual({ terrain: 'forest', lattice: 'square', ratio: 10 });
    // Opening again finds the copy already in the project.
    expect((await call<MapPayload>('catalogue.openSubstitute', { terrain: 'forest', lattice: 'square', ratio: 10 })).summary.id).toBe(opened.summary.id);
    expect((await call<SubstituteEntry[]>('catalogue.substitutes', { terrain: 'forest' })).find((s) => s.lattice === 'square' && s.ratio === 10)!.openAs).toBe(opened.summary.id);

    // Edited like any map: a marsh clearing in the wood.
    const sub = mapFromJson(opened.map);
    const forestTiles = Array.from(sub.layers.terrain.keys()).filter((t) => sub.terrainAt(t) === 'forest');
    // The middle of the wood: its rim is where blending lays the forest edge.
    const mid = forestTiles.length >> 1;
    await call('maps.paint', { id: opened.summary.id, tiles: forestTiles.slice(mid - 12, mid + 12), terrain: 'marsh' });
    expect((await call<ProjectInfo>('project.info')).maps.find((m) => m.id === child)!.derived!.stale).toBe(false);

    const saved = await call<Results['catalogue.saveSubstitute']>('catalogue.saveSubstitute', { id: opened.summary.id });
    expect(saved.stale).toEqual([child]);
    expect((await call<ProjectInfo>('project.info')).maps.find((m) => m.id === child)!.derived!.stale).toBe(true);
    // Derived again, it reads the edited substitute and is fresh.
    const again = await call<Results['maps.derive']>('maps.derive', { id: created.summary.id, tiles: [at(4, 4)] });
    expect(again).toMatchObject({ cached: false, map: { summary: { id: child, derived: { stale: false } } } });
    expect(mapFromJson(again.map.map).palette).toContain('marsh');
  });

  it('go stale when the catalogue changes what a derivation reads, and fresh again when that is undone', async () => {
    const created = await call<MapPayload>('maps.create', { name: 'Ardennes', kind: 'square', size: '9x9', alform: true, fill: 'clear' });
    const at = (x: number, y: number) => mapFromJson(created.map).grid.index([x, y]);
    await call('maps.paint', { id: created.summary.id, tiles: [at(4, 4)], terrain: 'forest' });
    const child = (await call<Results['maps.derive']>('maps.derive', { id: created.summary.id, tiles: [at(4, 4)] })).map.summary.id;
    const stale = async () => (await call<ProjectInfo>('project.info')).maps.find((m) => m.id === child)!.derived!.stale;
    expect(await stale()).toBe(false);
    // Colour and movement: a derivation never reads them.
    await call('catalogue.update', { edits: [{ op: 'updateTerrain', id: 'forest', patch: { colour: '#ff00ff', movement: { wheeled: { cost: 9, playable: true } } } }] });
    expect(await stale()).toBe(false);
    // Elevation offset: it does.
    await call('catalogue.update', { edits: [{ op: 'updateTerrain', id: 'forest', patch: { elevationOffset: 5 } }] });
    expect(await stale()).toBe(true);
    await call('catalogue.undo');
    expect(await stale()).toBe(false);
  });

  it('refuses to save a map that is not a substitute, or one painted outside its shape', async () => {
    const created = await call<MapPayload>('maps.create', { name: 'Plain', kind: 'square', size: '5x5', alform: true, fill: 'clear' });
    await expect(call('catalogue.saveSubstitute', { id: created.summary.id })).rejects.toThrow(/^catalogue\.saveSubstitute: id: map "Plain" cannot go into a substitute slot: substitute map: meta\.substitute must be an object/);
    const opened = await call<MapPayload>('catalogue.openSubstitute', { terrain: 'forest', lattice: 'square', ratio: 10 });
    await expect(call('catalogue.openSubstitute', { terrain: 'forest', lattice: 'square', ratio: 4 })).rejects.toThrow(/has no square 1:4 substitute/);
    void opened;
  });
});
