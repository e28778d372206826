import { describe, expect, it } from 'vitest';
import { errorOf, minimalCatalogueJson } from './catalogue.testkit.js';
import { addMovementMode, addTerrain, removeMovementMode, removeTerrain, updateTerrain } from './edit.js';
import { findTerrain, linearTerrains } from './lookup.js';
import { parseCatalogue } from './parse.js';
import { serializeCatalogue } from './serialize.js';
import type { LinearTerrain, Terrain, TerrainCatalogue } from './types.js';

const fresh = (): TerrainCatalogue => parseCatalogue(minimalCatalogueJson(), 'test.json');

/** Runs an edit and checks the input catalogue came out of it unchanged. */
function edited(edit: (c: TerrainCatalogue) => TerrainCatalogue): { before: TerrainCatalogue; after: TerrainCatalogue } {
  const before = fresh();
  const snapshot = serializeCatalogue(before);
  const after = edit(before);
  expect(serializeCatalogue(before)).toBe(snapshot);
  expect(after).not.toBe(before);
  expect(Object.isFrozen(after)).toBe(true);
  expect(Object.isFrozen(after.terrains)).toBe(true);
  // The result is as valid as a loaded file.
  expect(parseCatalogue(JSON.parse(serializeCatalogue(after)))).toEqual(after);
  return { before, after };
}

const canal: LinearTerrain = {
  id: 'canal',
  class: 'linear',
  name: 'Canal',
  colour: '#4080C0',
  humanCurated: true,
  elevationOffset: -2,
  height: 0,
  cover: 0,
  concealment: 0,
  width: 'medium',
  blocksSightAcross: false,
  blocksSightAlong: false,
  movement: { foot: { cost: 2, playable: false }, boat: { cost: 1, playable: true } },
};

describe('addMovementMode', () => {
  it('adds a mode with per-terrain rules and a default, sharing nothing mutable with the input', () => {
    const { before, after } = edited((c) =>
      addMovementMode(c, { id: 'hover', name: 'Hovercraft' }, {
        default: { cost: 'impassable', playable: false },
        byTerrain: { clear: { cost: 1, playable: true }, ocean: { cost: 1, playable: true }, river: { cost: 1, playable: true } },
      }),
    );
    expect(after.modes.map((m) => m.id)).toEqual(['foot', 'boat', 'hover']);
    expect(findTerrain(after, 'clear')!.movement.hover).toEqual({ cost: 1, playable: true });
    expect(findTerrain(after, 'forest')!.movement.hover).toEqual({ cost: 'impassable', playable: false });
    expect(findTerrain(before, 'clear')!.movement.hover).toBeUndefined();
    expect(Object.isFrozen(findTerrain(after, 'clear')!.movement)).toBe(true);
  });

  it('needs a rule for every terrain, or a default', () => {
    expect(errorOf(() => addMovementMode(fresh(), { id: 'hover', name: 'Hover' }, { byTerrain: { clear: { cost: 1, playable: true } } }))).toBe(
      'addMovementMode: $.rules: no rule for terrains "forest", "forest-edge", "sand", "ocean", "river", "road", "river-bridge", "beach", "cliff" (give each a byTerrain entry, or a default)',
    );
  });

  it('checks the default against each terrain class (an unplayable area cannot have a cost)', () => {
    expect(errorOf(() => addMovementMode(fresh(), { id: 'hover', name: 'Hover' }, { default: { cost: 0, playable: false } }))).toBe(
      'addMovementMode: $.rules.default.cost: expected "impassable" for an unplayable area terrain (it cannot be entered), got 0',
    );
  });

  it('rejects a duplicate mode, a bad id, unknown terrains and bad rules', () => {
    const any = { default: { cost: 1, playable: true } } as const;
    expect(errorOf(() => addMovementMode(fresh(), { id: 'foot', name: 'Foot again' }, any))).toBe(
      'addMovementMode: $.mode.id: movement mode "foot" already exists',
    );
    expect(errorOf(() => addMovementMode(fresh(), { id: 'Hover', name: 'Hover' }, any))).toBe(
      'addMovementMode: $.mode.id: expected a kebab-case id such as "river-ford", got "Hover"',
    );
    expect(errorOf(() => addMovementMode(fresh(), { id: 'hover', name: 'Hover' }, { ...any, byTerrain: { woods: { cost: 1, playable: true } } }))).toBe(
      'addMovementMode: $.rules.byTerrain.woods: unknown terrain "woods"',
    );
    expect(
      errorOf(() => addMovementMode(fresh(), { id: 'hover', name: 'Hover' }, { ...any, byTerrain: { 'forest-edge': { cost: -3, playable: true } } })),
    ).toBe('addMovementMode: $.rules.byTerrain["forest-edge"].cost: expected a number ≥ 0 or "impassable", got -3');
  });
});

describe('removeMovementMode', () => {
  it('removes the mode and every terrain rule for it', () => {
    const { before, after } = edited((c) => removeMovementMode(c, 'boat'));
    expect(after.modes.map((m) => m.id)).toEqual(['foot']);
    for (const t of after.terrains) expect(Object.keys(t.movement)).toEqual(['foot']);
    expect(Object.keys(before.terrains[0]!.movement)).toEqual(['foot', 'boat']);
  });

  it('refuses an unknown mode and the last mode', () => {
    expect(errorOf(() => removeMovementMode(fresh(), 'air'))).toBe('removeMovementMode: $.modes: no movement mode "air" to remove');
    const one = removeMovementMode(fresh(), 'boat');
    expect(errorOf(() => removeMovementMode(one, 'foot'))).toBe(
      'removeMovementMode: $.modes: cannot remove "foot": a catalogue needs at least one movement mode',
    );
  });
});

describe('addTerrain', () => {
  it('appends a validated, frozen copy and shares the untouched terrains', () => {
    const input = structuredClone(canal);
    const { before, after } = edited((c) => addTerrain(c, input));
    expect(after.terrains.length).toBe(before.terrains.length + 1);
    const added = findTerrain(after, 'canal')!;
    expect(added.colour).toBe('#4080c0');
    expect(added).not.toBe(input);
    expect(Object.isFrozen(added)).toBe(true);
    (input as { name: string }).name = 'changed';
    expect(added.name).toBe('Canal');
    before.terrains.forEach((t, i) => expect(after.terrains[i]).toBe(t));
    expect(findTerrain(before, 'canal')).toBeUndefined();
    // Unlisted in linearPriority, so it ranks after every other linear terrain.
    expect(linearTerrains(after).at(-1)!.id).toBe('canal');
  });

  it('rejects a duplicate id, a terrain missing a mode, and class-crossing properties', () => {
    expect(errorOf(() => addTerrain(fresh(), { ...canal, id: 'river' }))).toBe('addTerrain: $.terrain.id: terrain "river" already exists (at $.terrains[5])');
    expect(errorOf(() => addTerrain(fresh(), { ...canal, movement: { foot: { cost: 2, playable: false } } }))).toBe(
      'addTerrain: $.terrain.movement: terrain "canal" lacks movement mode "boat" (every terrain must define every mode of the catalogue: foot, boat)',
    );
    const areaWithAcross = { ...canal, class: 'area', blocksSightThrough: false } as unknown as Terrain;
    expect(errorOf(() => addTerrain(fresh(), areaWithAcross))).toBe(
      'addTerrain: $.terrain.width: not allowed on area terrain (only linear tiles have a width class)',
    );
  });
});

describe('updateTerrain', () => {
  it('changes fields, merges movement mode by mode, and shares the other terrains', () => {
    const { before, after } = edited((c) =>
      updateTerrain(c, 'forest', { name: 'Woods', cover: 0.6, movement: { foot: { cost: 3, playable: true } } }),
    );
    const woods = findTerrain(after, 'forest')!;
    expect(woods.name).toBe('Woods');
    expect(woods.cover).toBe(0.6);
    expect(woods.movement).toEqual({ foot: { cost: 3, playable: true }, boat: { cost: 'impassable', playable: false } });
    expect(findTerrain(before, 'forest')!.name).toBe('forest');
    expect(after.terrains.indexOf(woods)).toBe(1);
    expect(after.terrains[0]).toBe(before.terrains[0]);
  });

  it('removes an optional field set to undefined', () => {
    const { after } = edited((c) => updateTerrain(c, 'forest', { secondaryColour: undefined, pattern: undefined }));
    const forest = findTerrain(after, 'forest')!;
    expect('secondaryColour' in forest).toBe(false);
    expect('pattern' in forest).toBe(false);
  });

  it('validates the result like a loaded terrain', () => {
    expect(errorOf(() => updateTerrain(fresh(), 'forest', { cover: 2 }))).toBe(
      'updateTerrain: $.terrains[1].cover: expected a number from 0 to 1, got 2',
    );
    expect(errorOf(() => updateTerrain(fresh(), 'forest', { blocksSightAcross: true }))).toBe(
      'updateTerrain: $.terrains[1].blocksSightAcross: not allowed on area terrain (area terrain blocks sight through it: use blocksSightThrough)',
    );
    expect(errorOf(() => updateTerrain(fresh(), 'forest', { name: undefined }))).toBe(
      'updateTerrain: $.terrains[1].name: expected a non-empty string, got nothing',
    );
    expect(errorOf(() => updateTerrain(fresh(), 'clear', { movement: { boat: { cost: 2, playable: false } } }))).toBe(
      'updateTerrain: $.terrains[0].movement.boat.cost: expected "impassable" for an unplayable area terrain (it cannot be entered), got 2',
    );
  });

  it('never changes an id or a class, and refuses unknown terrains', () => {
    expect(errorOf(() => updateTerrain(fresh(), 'forest', { id: 'woods' } as never))).toBe(
      'updateTerrain: $.patch.id: a terrain\'s id never changes (maps refer to it); got "woods" for "forest"',
    );
    expect(errorOf(() => updateTerrain(fresh(), 'river', { class: 'area' } as never))).toBe(
      'updateTerrain: $.patch.class: a terrain\'s class never changes (maps refer to it); got "area" for "river"',
    );
    expect(errorOf(() => updateTerrain(fresh(), 'woods', { name: 'x' }))).toBe('updateTerrain: $.terrains: no terrain "woods" to update');
  });
});

describe('removeTerrain', () => {
  it('removes an unreferenced terrain and drops it from linearPriority', () => {
    const c = addTerrain(fresh(), canal);
    const listed = parseCatalogue({ ...JSON.parse(serializeCatalogue(c)), linearPriority: ['river', 'canal', 'road'] });
    const after = removeTerrain(listed, 'canal');
    expect(findTerrain(after, 'canal')).toBeUndefined();
    expect(after.linearPriority).toEqual(['river', 'road']);
    expect(findTerrain(listed, 'canal')).toBeDefined();
    expect(listed.linearPriority).toEqual(['river', 'canal', 'road']);
  });

  it('shares the remaining terrains and leaves its input untouched', () => {
    const { before, after } = edited((c) => removeTerrain(addTerrain(c, canal), 'canal'));
    expect(after.terrains.map((t) => t.id)).not.toContain('canal');
    expect(after.terrains.length).toBe(before.terrains.length);
    after.terrains.forEach((t, i) => expect(t).toBe(before.terrains[i]));
  });

  it('refuses a terrain referenced by a composite or a transition, naming where', () => {
    expect(errorOf(() => removeTerrain(fresh(), 'river'))).toBe(
      'removeTerrain: $.composites[0].pair[0]: cannot remove terrain "river" while the composite river + road → river-bridge refers to it (change or remove that first)',
    );
    expect(errorOf(() => removeTerrain(fresh(), 'river-bridge'))).toBe(
      'removeTerrain: $.composites[0].result: cannot remove terrain "river-bridge" while the composite river + road → river-bridge refers to it (change or remove that first)',
    );
    expect(errorOf(() => removeTerrain(fresh(), 'forest-edge'))).toBe(
      'removeTerrain: $.transitions[0].band: cannot remove terrain "forest-edge" while a transition rule refers to it (change or remove that first)',
    );
    expect(errorOf(() => removeTerrain(fresh(), 'ocean'))).toBe(
      'removeTerrain: $.transitions[1].between[1]: cannot remove terrain "ocean" while a transition rule refers to it (change or remove that first)',
    );
    expect(errorOf(() => removeTerrain(fresh(), 'beach'))).toBe(
      'removeTerrain: $.transitions[1].band.byElevation[0].edge: cannot remove terrain "beach" while a transition rule refers to it (change or remove that first)',
    );
    expect(errorOf(() => removeTerrain(fresh(), 'woods'))).toBe('removeTerrain: $.terrains: no terrain "woods" to remove');
  });
});
