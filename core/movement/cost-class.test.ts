import { describe, expect, it } from 'vitest';
import { COST_CLASSES, barrierTerrains, costClass, costClassRange, modeBarrier, terrainsByCostClass } from './cost-class.js';
import { defaultCatalogue } from '../render/render.testkit.js';
import { getTerrain } from '../terrain/lookup.js';

describe('cost classes', () => {
  it('classes a cost: easy ≤ 1, slow ≤ 2, very slow ≤ 3, crawl above; impassable −1', () => {
    expect([0, 0.5, 1, 1.5, 2, 2.5, 3, 4, 99, Infinity].map(costClass)).toEqual([0, 0, 0, 1, 1, 2, 2, 3, 3, -1]);
    expect(COST_CLASSES.map((_, k) => costClassRange(k))).toEqual(['cost ≤ 1', '1 < cost ≤ 2', '2 < cost ≤ 3', 'cost > 3']);
  });

  it('puts forest in another class for foot than for wheels, and leaves out what a mode cannot enter', () => {
    const terrains = ['clear', 'forest', 'swamp', 'road'].map((id) => getTerrain(defaultCatalogue, id));
    const names = (mode: string) => terrainsByCostClass(defaultCatalogue, mode, terrains).map((ts) => ts.map((t) => t.id));
    expect(names('foot')).toEqual([['clear', 'road'], ['forest'], ['swamp'], []]);
    expect(names('wheeled')).toEqual([['clear', 'road'], [], [], ['forest']]);
    expect(() => names('hovercraft')).toThrow(/hovercraft/);
  });

  it('names what a mode cannot pass: swamp is impassable ground to wheels, an unbridged river a barrier line', () => {
    const barrier = (id: string, mode: string) => modeBarrier(getTerrain(defaultCatalogue, id), mode);
    expect(barrier('swamp', 'wheeled')).toBe('impassable-ground');
    expect(barrier('swamp', 'foot')).toBeNull();
    expect(barrier('river', 'wheeled')).toBe('barrier-line');
    expect(barrier('river', 'foot')).toBeNull(); // crossed at a cost
    expect(barrier('river-bridge', 'wheeled')).toBeNull();
    expect(barrier('road', 'wheeled')).toBeNull();
    expect(barrier('ocean', 'foot')).toBe('impassable-ground');
    const terrains = ['clear', 'swamp', 'river', 'river-bridge'].map((id) => getTerrain(defaultCatalogue, id));
    expect(barrierTerrains('wheeled', terrains).map((t) => t.id)).toEqual(['swamp', 'river']);
    expect(barrierTerrains('foot', terrains)).toEqual([]);
  });
});
