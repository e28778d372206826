import { describe, expect, it } from 'vitest';
import { loadDefaultCatalogue } from '../terrain/catalogue.testkit.js';
import { updateMovementMode, updateTerrain } from '../terrain/edit.js';
import { derivationCatalogueKey } from './catalogue-key.js';

describe('derivationCatalogueKey', () => {
  const base = loadDefaultCatalogue();
  const key = derivationCatalogueKey(base);

  it('ignores what derivation never reads: look, movement, sight, modes', () => {
    expect(derivationCatalogueKey(updateTerrain(base, 'forest', { name: 'Woods', colour: '#ff00ff', pattern: 'scrub', cover: 0.1, height: 3 }))).toBe(key);
    expect(derivationCatalogueKey(updateTerrain(base, 'forest', { movement: { wheeled: { cost: 40, playable: true } } }))).toBe(key);
    expect(derivationCatalogueKey(updateMovementMode(base, 'wheeled', { name: 'Trucks' }))).toBe(key);
  });

  it('changes with what derivation reads', () => {
    expect(derivationCatalogueKey(updateTerrain(base, 'forest', { humanCurated: true }))).not.toBe(key);
    expect(derivationCatalogueKey(updateTerrain(base, 'forest', { elevationOffset: 5 }))).not.toBe(key);
    expect(derivationCatalogueKey({ ...base, transitions: base.transitions.slice(1) })).not.toBe(key);
    expect(derivationCatalogueKey({ ...base, linearPriority: [...base.linearPriority].reverse() })).not.toBe(key);
  });
});
