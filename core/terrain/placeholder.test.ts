import { describe, expect, it } from 'vitest';
import { loadDefaultCatalogue } from './catalogue.testkit.js';
import { findTerrain, getTerrain } from './lookup.js';
import { compileColours, compileMovement } from './compiled.js';
import { isPlaceholderId, placeholderId, placeholderTerrain } from './placeholder.js';

const catalogue = loadDefaultCatalogue();

describe('import placeholders', () => {
  it('name a tile kind from its file name, kebab-case and bounded', () => {
    expect(placeholderId('Desert-29')).toBe('unmapped-desert-29');
    expect(placeholderId('Sand dunes (light)')).toBe('unmapped-sand-dunes-light');
    expect(placeholderId('!!!')).toBe('unmapped-tile');
    // Idempotent: an exported placeholder imported again keeps its name (issue 24).
    for (const name of ['Desert-29', 'Sand dunes (light)', '!!!', 'unmapped-x', 'x'.repeat(500)]) expect(placeholderId(placeholderId(name))).toBe(placeholderId(name));
    expect(placeholderId('unmapped-sand-dunes')).toBe('unmapped-sand-dunes');
    expect(placeholderId('x'.repeat(500)).length).toBeLessThanOrEqual(80);
    expect(isPlaceholderId(placeholderId('x'.repeat(500)))).toBe(true);
    expect(isPlaceholderId('clear')).toBe(false);
    expect(isPlaceholderId('unmapped-')).toBe(false);
  });

  it('are neutral, passable area terrain in every mode of the catalogue, known to every lookup', () => {
    const t = getTerrain(catalogue, 'unmapped-desert-29');
    expect(t.class).toBe('area');
    expect([t.cover, t.concealment, t.height, t.elevationOffset]).toEqual([0, 0, 0, 0]);
    expect(t.class === 'area' && t.blocksSightThrough).toBe(false);
    expect(Object.keys(t.movement).sort()).toEqual(catalogue.modes.map((m) => m.id).sort());
    for (const rule of Object.values(t.movement)) expect(rule).toEqual({ cost: 1, playable: true });
    expect(findTerrain(catalogue, 'not-a-terrain')).toBeUndefined();
    expect(placeholderTerrain(catalogue, 'clear')).toBeUndefined();
  });

  it('compile into movement and colour tables, distinct tiles in distinct greys', () => {
    const palette = ['clear', 'unmapped-desert-1', 'unmapped-desert-2'];
    const foot = compileMovement(catalogue, palette, 'foot');
    expect(Array.from(foot.cost.slice(1))).toEqual([1, 1, 1]);
    expect(Array.from(foot.playable.slice(1))).toEqual([1, 1, 1]);
    const colours = palette.map((id) => getTerrain(catalogue, id).colour);
    expect(new Set(colours).size).toBe(3);
    expect(() => compileColours(catalogue, palette)).not.toThrow();
  });
});
