/**
 * Fixtures for the terrain tests: a small valid catalogue as fresh JSON (each test may
 * mutate its copy), the default catalogue from resources/, and an error-message catcher.
 * Test-only; excluded from core's production type check.
 */
import defaultJson from '../../resources/terrain/default.json' with { type: 'json' };
import { parseCatalogue } from './parse.js';
import type { TerrainCatalogue } from './types.js';

export function loadDefaultCatalogue(): TerrainCatalogue {
  return parseCatalogue(structuredClone(defaultJson), 'default.json');
}

/** Fixtures are deliberately untyped JSON, so that tests can break them in any way. */
export type Json = any;

const land = (foot: number, boat: 'impassable' | number = 'impassable') => ({
  foot: { cost: foot, playable: true },
  boat: boat === 'impassable' ? { cost: 'impassable', playable: false } : { cost: boat, playable: true },
});

/** Two modes, five area and five linear terrains, one transition of each band form, composites. */
export function minimalCatalogueJson(): Json {
  return {
    format: 'sandtable-terrain-catalogue',
    version: 1,
    name: 'Minimal',
    modes: [
      { id: 'foot', name: 'Foot' },
      { id: 'boat', name: 'Boat', description: 'Water only.' },
    ],
    terrains: [
      areaJson('clear', '#C0D080', land(1)),
      areaJson('forest', '#307030', land(2), { blocksSightThrough: true, height: 15, secondaryColour: '#204020', pattern: 'trees' }),
      areaJson('forest-edge', '#508040', land(1.5)),
      areaJson('sand', '#e0d090', land(1.5)),
      areaJson('ocean', '#204080', {
        foot: { cost: 'impassable', playable: false },
        boat: { cost: 1, playable: true },
      }),
      linearJson('river', '#3070c0', {
        foot: { cost: 2, playable: false },
        boat: { cost: 1, playable: true },
      }),
      linearJson('road', '#804020', { foot: { cost: 0.5, playable: true }, boat: { cost: 'impassable', playable: false } }),
      linearJson('river-bridge', '#806040', { foot: { cost: 0.5, playable: true }, boat: { cost: 1, playable: true } }),
      linearJson('beach', '#f0e0a0', { foot: { cost: 0, playable: false }, boat: { cost: 0, playable: false } }),
      linearJson('cliff', '#504030', {
        foot: { cost: 'impassable', playable: false },
        boat: { cost: 'impassable', playable: false },
      }, { blocksSightAcross: true, height: 30 }),
    ],
    transitions: [
      { between: ['forest', 'clear'], band: 'forest-edge', width: 3 },
      { between: [['clear', 'forest'], 'ocean'], band: { byElevation: [{ below: 10, terrain: 'sand', edge: 'beach' }, { terrain: 'clear', edge: 'cliff' }] }, width: 2 },
      { between: ['sand', 'forest-edge'], band: [{ terrain: 'clear', weight: 2 }, { terrain: 'sand', weight: 1 }], edge: 'beach', width: 4 },
    ],
    composites: [
      { pair: ['river', 'road'], result: 'river-bridge' },
      { pair: ['road', 'road'], result: 'road' },
    ],
    linearPriority: ['river', 'road'],
  };
}

/**
 * A terrain's JSON with neutral elevation and sight fields (a linear one `narrow` and seen
 * across); `extra` overrides or adds any field. Roads and bridges are the human-curated ones.
 */
function terrainJson(id: string, cls: 'area' | 'linear', colour: string, movement: Json, extra: Json): Json {
  const sight = cls === 'area' ? { blocksSightThrough: false } : { width: 'narrow', blocksSightAcross: false, blocksSightAlong: false };
  return { id, class: cls, name: id, colour, humanCurated: id === 'road' || id === 'river-bridge', elevationOffset: 0, height: 0, cover: 0, concealment: 0, ...sight, movement, ...extra };
}

export function areaJson(id: string, colour: string, movement: Json, extra: Json = {}): Json {
  return terrainJson(id, 'area', colour, movement, extra);
}

export function linearJson(id: string, colour: string, movement: Json, extra: Json = {}): Json {
  return terrainJson(id, 'linear', colour, movement, extra);
}

/** The message of the error `fn` throws (fails the test if it does not throw). */
export function errorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
  throw new Error('expected an error, but none was thrown');
}
