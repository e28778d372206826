import { describe, expect, it } from 'vitest';
import { errorOf, minimalCatalogueJson } from './catalogue.testkit.js';
import { applyCatalogueEdits } from './edit-list.js';
import { updateMovementMode } from './edit.js';
import { findTerrain } from './lookup.js';
import { parseCatalogue } from './parse.js';
import { serializeCatalogue } from './serialize.js';
import type { TerrainCatalogue } from './types.js';

const fresh = (): TerrainCatalogue => parseCatalogue(minimalCatalogueJson(), 'test.json');

describe('applyCatalogueEdits', () => {
  it('applies a list in order and leaves the input as it was', () => {
    const before = fresh();
    const text = serializeCatalogue(before);
    const after = applyCatalogueEdits(before, [
      { op: 'updateTerrain', id: 'forest', patch: { movement: { foot: { cost: 3, playable: true } }, colour: '#205020' } },
      { op: 'addMode', mode: { id: 'wheeled', name: 'Wheeled' }, rules: { default: { cost: 2, playable: true }, byTerrain: { ocean: { cost: 'impassable', playable: false } } } },
      { op: 'updateMode', id: 'boat', patch: { name: 'Riverine', description: null } },
    ]);
    expect(serializeCatalogue(before)).toBe(text);
    expect(findTerrain(after, 'forest')!.movement.foot).toEqual({ cost: 3, playable: true });
    expect(findTerrain(after, 'forest')!.colour).toBe('#205020');
    expect(findTerrain(after, 'forest')!.movement.wheeled).toEqual({ cost: 2, playable: true });
    expect(after.modes.map((m) => [m.id, m.name, m.description])).toEqual([
      ['foot', 'Foot', undefined],
      ['boat', 'Riverine', undefined],
      ['wheeled', 'Wheeled', undefined],
    ]);
    expect(parseCatalogue(JSON.parse(serializeCatalogue(after)))).toEqual(after);
  });

  it('names the failing edit and keeps the path into the catalogue', () => {
    const message = errorOf(() =>
      applyCatalogueEdits(fresh(), [
        { op: 'updateTerrain', id: 'clear', patch: { name: 'Open' } },
        { op: 'updateTerrain', id: 'forest', patch: { movement: { foot: { cost: 'impassable', playable: true } } } },
      ]),
    );
    expect(message).toBe(
      'edits[1] updateTerrain: $.terrains[1].movement.foot.cost: expected a number ≥ 0 for a playable terrain (its tiles are entered or moved along), got "impassable"',
    );
  });

  it('refuses unknown ops, stray fields and empty lists with one line each', () => {
    expect(errorOf(() => applyCatalogueEdits(fresh(), [{ op: 'renameTerrain', id: 'forest' }]))).toBe(
      'edits[0]: $.op: expected one of addTerrain, updateTerrain, removeTerrain, addMode, updateMode, removeMode, got "renameTerrain"',
    );
    expect(errorOf(() => applyCatalogueEdits(fresh(), [{ op: 'removeTerrain', id: 'forest', force: true }]))).toBe(
      'edits[0]: $.force: not a field of a removeTerrain edit (fields: op, id)',
    );
    expect(errorOf(() => applyCatalogueEdits(fresh(), []))).toMatch(/^edits: \$: /);
    expect(errorOf(() => applyCatalogueEdits(fresh(), [{ op: 'updateMode', id: 'foot', patch: { name: '' } }]))).toMatch(/^edits\[0\] updateMovementMode: \$\.modes\[0\]\.name: /);
  });

  it('keeps a mode id stable when renaming it', () => {
    expect(errorOf(() => updateMovementMode(fresh(), 'foot', { id: 'walk' } as never))).toMatch(/a movement mode's id never changes/);
    expect(errorOf(() => updateMovementMode(fresh(), 'fly', { name: 'Air' }))).toBe('updateMovementMode: $.modes: no movement mode "fly" to update');
  });
});
