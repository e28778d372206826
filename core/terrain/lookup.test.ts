import { describe, expect, it } from 'vitest';
import { errorOf, minimalCatalogueJson } from './catalogue.testkit.js';
import {
  areaTerrains,
  bandAt,
  findComposite,
  findMovementMode,
  findTerrain,
  findTransition,
  getMovementMode,
  getTerrain,
  hasTerrain,
  linearRank,
  linearTerrains,
} from './lookup.js';
import { parseCatalogue } from './parse.js';

const c = parseCatalogue(minimalCatalogueJson(), 'test.json');

describe('terrain and mode lookups', () => {
  it('finds terrains by id', () => {
    expect(findTerrain(c, 'forest')?.name).toBe('forest');
    expect(findTerrain(c, 'woods')).toBeUndefined();
    expect(hasTerrain(c, 'river')).toBe(true);
    expect(hasTerrain(c, 'canal')).toBe(false);
    expect(getTerrain(c, 'river')).toBe(c.terrains[5]);
    expect(errorOf(() => getTerrain(c, 'woods'))).toBe('unknown terrain "woods" in catalogue "Minimal"');
  });

  it('splits area and linear terrains, in catalogue order', () => {
    expect(areaTerrains(c).map((t) => t.id)).toEqual(['clear', 'forest', 'forest-edge', 'sand', 'ocean']);
    expect(linearTerrains(c).map((t) => t.id)).toEqual(['river', 'road', 'river-bridge', 'beach', 'cliff']);
  });

  it('finds movement modes by id', () => {
    expect(findMovementMode(c, 'boat')?.description).toBe('Water only.');
    expect(findMovementMode(c, 'air')).toBeUndefined();
    expect(getMovementMode(c, 'foot').name).toBe('Foot');
    expect(errorOf(() => getMovementMode(c, 'air'))).toBe('unknown movement mode "air" (catalogue "Minimal" has: foot, boat)');
  });

  it('ranks linear terrains: listed first, then the rest in catalogue order', () => {
    expect(['river', 'road', 'river-bridge', 'beach', 'cliff'].map((id) => linearRank(c, id))).toEqual([0, 1, 2, 3, 4]);
    expect(linearRank(c, 'forest')).toBeUndefined();
  });
});

describe('transitions and composites', () => {
  it('finds a transition whichever order the pair is given in, through list sides', () => {
    const rule = c.transitions[1];
    expect(findTransition(c, 'forest', 'clear')).toBe(c.transitions[0]);
    expect(findTransition(c, 'clear', 'forest')).toBe(c.transitions[0]);
    expect(findTransition(c, 'ocean', 'clear')).toBe(rule);
    expect(findTransition(c, 'forest', 'ocean')).toBe(rule);
    expect(findTransition(c, 'sand', 'ocean')).toBeUndefined();
    expect(findTransition(c, 'river', 'clear')).toBeUndefined();
  });

  it('finds a composite whichever order the pair is given in', () => {
    expect(findComposite(c, 'river', 'road')?.result).toBe('river-bridge');
    expect(findComposite(c, 'road', 'river')?.result).toBe('river-bridge');
    expect(findComposite(c, 'road', 'road')?.result).toBe('road');
    expect(findComposite(c, 'river', 'river')).toBeUndefined();
  });

  it('bandAt: a single terrain, a weighted mix with its edge, and elevation steps', () => {
    expect(bandAt(c.transitions[0]!, 50)).toEqual({ fill: [{ terrain: 'forest-edge', weight: 1 }], edge: undefined });
    expect(bandAt(c.transitions[2]!, 0)).toEqual({
      fill: [
        { terrain: 'clear', weight: 2 },
        { terrain: 'sand', weight: 1 },
      ],
      edge: 'beach',
    });
    const coast = c.transitions[1]!;
    expect(bandAt(coast, -5)).toEqual({ fill: [{ terrain: 'sand', weight: 1 }], edge: 'beach' });
    expect(bandAt(coast, 9.99)).toEqual({ fill: [{ terrain: 'sand', weight: 1 }], edge: 'beach' });
    // "below" is strict: exactly 10 m belongs to the next step.
    expect(bandAt(coast, 10)).toEqual({ fill: [{ terrain: 'clear', weight: 1 }], edge: 'cliff' });
    expect(bandAt(coast, 1e6)).toEqual({ fill: [{ terrain: 'clear', weight: 1 }], edge: 'cliff' });
  });
});
