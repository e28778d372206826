import { describe, expect, it } from 'vitest';
import { drawnOver, featureFamilies, sharesFeature } from './crossing.js';
import { loadDefaultCatalogue } from './catalogue.testkit.js';

const cat = loadDefaultCatalogue();

describe('drawing a linear terrain over another (the default catalogue)', () => {
  it('crossing features become their composite: bridge, rail bridge, level crossing, crossroads', () => {
    expect(drawnOver(cat, 'river', 'road', true)).toBe('river-bridge');
    expect(drawnOver(cat, 'road', 'river', true)).toBe('river-bridge');
    expect(drawnOver(cat, 'river', 'railroad', true)).toBe('rail-bridge');
    expect(drawnOver(cat, 'stream', 'road', true)).toBe('river-bridge');
    expect(drawnOver(cat, 'canal', 'road', true)).toBe('canal-bridge');
    expect(drawnOver(cat, 'river', 'trail', true)).toBe('river-ford');
    expect(drawnOver(cat, 'railroad', 'road', true)).toBe('level-crossing');
    expect(drawnOver(cat, 'road', 'railroad', true)).toBe('level-crossing');
    expect(drawnOver(cat, 'road', 'road', true)).toBe('crossroads');
  });

  it('drawn along a feature, the higher-priority terrain stays (no chain of bridges)', () => {
    expect(drawnOver(cat, 'river', 'road', false)).toBe('river');
    expect(drawnOver(cat, 'road', 'river', false)).toBe('river');
    expect(drawnOver(cat, 'road', 'road', false)).toBe('road');
    expect(drawnOver(cat, 'trail', 'road', false)).toBe('road');
  });

  it('without a composite the higher-priority terrain stays even across (a wall across a road leaves the road)', () => {
    expect(drawnOver(cat, 'road', 'wall', true)).toBe('road');
    expect(drawnOver(cat, 'wall', 'road', true)).toBe('road');
  });

  it('a tile already carrying the drawn feature keeps its composite; erasing and empty tiles', () => {
    expect(drawnOver(cat, 'river-bridge', 'road', true)).toBe('river-bridge');
    expect(drawnOver(cat, 'river-bridge', 'river', false)).toBe('river-bridge');
    expect(drawnOver(cat, 'crossroads', 'road', true)).toBe('crossroads');
    expect(drawnOver(cat, 'river-bridge', '', true)).toBe('');
    expect(drawnOver(cat, '', 'road', true)).toBe('road');
  });

  it('feature families: a composite carries both of its members', () => {
    expect(featureFamilies(cat, 'river-bridge')).toEqual(['river', 'road']);
    expect(featureFamilies(cat, 'crossroads')).toEqual(['road']);
    expect(featureFamilies(cat, 'river')).toEqual(['river']);
    expect(sharesFeature(cat, 'river-bridge', 'road')).toBe(true);
    expect(sharesFeature(cat, 'level-crossing', 'railroad')).toBe(true);
    expect(sharesFeature(cat, 'river', 'road')).toBe(false);
    expect(sharesFeature(cat, '', 'road')).toBe(false);
  });
});
