import { describe, expect, it } from 'vitest';
import type { CatalogueState } from '../../../../contract/contract.js';
import { applyCatalogueEdits } from '../../../../core/terrain/edit-list.js';
import { catalogueToJson } from '../../../../core/terrain/serialize.js';
import { findTerrain } from '../../../../core/terrain/lookup.js';
import { parseCatalogue } from '../../../../core/terrain/parse.js';
import { CATALOGUE_JSON, payloadOf, settle, squareMap, startedBench } from './fake-api.testkit.js';

const base = () => parseCatalogue(structuredClone(CATALOGUE_JSON), 'catalogue');

describe('the catalogue editor store', () => {
  it("shows core's message beside a refused field and keeps the draft valid", async () => {
    const { app } = await startedBench({ 'catalogue.state': () => ({ catalogue: CATALOGUE_JSON, canUndo: false, canRedo: false }), 'catalogue.substitutes': () => [] });
    await app.catalogue.open();
    expect(app.catalogue.selected).toBe(base().terrains[0]!.id);
    expect(app.catalogue.setField('forest', 'cover', 1.5)).toBe(false);
    expect(app.catalogue.errors['forest.cover']).toBe('expected a number from 0 to 1, got 1.5');
    expect(app.catalogue.pending).toEqual([]);
    expect(app.catalogue.setRule('forest', 'wheeled', { cost: 'impassable', playable: true })).toBe(false);
    expect(app.catalogue.errors['forest.movement.wheeled']).toMatch(/^expected a number ≥ 0 for a playable terrain/);
    // A good value clears the field's message.
    expect(app.catalogue.setRule('forest', 'wheeled', { cost: 9, playable: true })).toBe(true);
    expect(app.catalogue.errors['forest.movement.wheeled']).toBeUndefined();
    expect(findTerrain(app.catalogue.draft!, 'forest')!.movement.wheeled!.cost).toBe(9);
    // The catalogue in use is untouched until Apply.
    expect(findTerrain(app.project.catalogue!, 'forest')!.movement.wheeled!.cost).toBe(4);
  });

  it('applies the pending edits as one update; the project, open maps and the path answer follow', async () => {
    let updated: CatalogueState | null = null;
    const { app, fake } = await startedBench({
      'catalogue.state': () => ({ catalogue: CATALOGUE_JSON, canUndo: false, canRedo: false }),
      'catalogue.substitutes': () => [],
      'catalogue.update': ({ edits }) => (updated = { catalogue: catalogueToJson(applyCatalogueEdits(base(), edits)), canUndo: true, canRedo: false }),
      'maps.lineage': () => ({ chain: [], children: [] }),
      'analysis.path': () => ({ cost: updated ? 30 : 12, tiles: [0, 1, 2] }),
    });
    app.maps.open(payloadOf(squareMap(), 'm1', 'Valley'));
    app.analysis.mode = 'wheeled';
    await app.analysis.analyse('path', 0);
    await app.analysis.analyse('path', 2);
    expect(app.analysis.result).toMatchObject({ kind: 'path', cost: 12 });

    await app.catalogue.open();
    app.catalogue.setRule('forest', 'wheeled', { cost: 9, playable: true });
    app.catalogue.renameMode('wheeled', 'Trucks');
    expect(await app.catalogue.apply()).toBe(true);
    await settle();
    const update = fake.calls.find((c) => c.name === 'catalogue.update')!;
    expect((update.args as { edits: unknown[] }).edits).toHaveLength(2);
    expect(findTerrain(app.project.catalogue!, 'forest')!.movement.wheeled!.cost).toBe(9);
    expect(app.project.catalogue!.modes.find((m) => m.id === 'wheeled')!.name).toBe('Trucks');
    expect(app.catalogue.pending).toEqual([]);
    expect(app.catalogue.canUndo).toBe(true);
    // The path shown is asked again under the new catalogue.
    expect(fake.names().filter((n) => n === 'analysis.path')).toHaveLength(2);
    expect(app.analysis.result).toMatchObject({ kind: 'path', cost: 30 });

    // The same change pushed by the main process is taken once.
    fake.emit({ type: 'catalogue.changed', ...updated! });
    await settle();
    expect(fake.names().filter((n) => n === 'analysis.path')).toHaveLength(2);
  });

  it('opens a substitute in the workspace', async () => {
    const sub = payloadOf(squareMap(), 's1', 'Forest · square 1:10 (substitute)', { substitute: { terrain: 'forest', lattice: 'square', ratio: 10 } });
    const { app, fake } = await startedBench({
      'catalogue.state': () => ({ catalogue: CATALOGUE_JSON, canUndo: false, canRedo: false }),
      'catalogue.substitutes': () => [{ terrain: 'forest', lattice: 'square', ratio: 10, mapId: 'substitute:default:forest:square:10', name: 'Forest', openAs: null }],
      'catalogue.openSubstitute': () => sub,
      'maps.lineage': () => ({ chain: [], children: [] }),
    });
    await app.catalogue.open();
    app.catalogue.select('forest');
    await settle();
    expect(app.catalogue.substitutes).toHaveLength(1);
    await app.catalogue.openSubstitute(app.catalogue.substitutes[0]!);
    expect(fake.calls.find((c) => c.name === 'catalogue.openSubstitute')!.args).toEqual({ terrain: 'forest', lattice: 'square', ratio: 10 });
    expect(app.maps.current?.summary.substitute).toEqual({ terrain: 'forest', lattice: 'square', ratio: 10 });
    expect(app.catalogue.dialog).toBe(false);
  });
});
