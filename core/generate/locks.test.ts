import { describe, expect, it } from 'vitest';
import type { GridSize } from '../grid/types.js';
import type { TerrainMap } from '../map/terrain-map.js';
import { generateWorld } from './world.js';
import { checkWorld } from './check-world.js';

const tilesOf = (map: TerrainMap, ids: readonly string[]): number[] => {
  const out: number[] = [];
  for (let t = 0; t < map.tileCount; t++) if (ids.includes(map.terrainAt(t))) out.push(t);
  return out;
};

describe('locked layers', () => {
  const size: GridSize = { kind: 'hex-rectangle', width: 55, height: 41 };

  it('keeps edited rivers and the settlements, regenerating the rest around them', () => {
    const first = generateWorld({ size, alform: true }, { seed: 3 }).map;
    // The designer erases every stream, keeping the rivers.
    for (const t of tilesOf(first, ['stream'])) first.layers.terrain[t] = 0;
    const rivers = tilesOf(first, ['river', 'stream']);
    const towns = tilesOf(first, ['village', 'urban']);
    expect(rivers.length).toBeGreaterThan(0);
    const again = generateWorld({ size, alform: true }, { seed: 3, settlements: 60 }, { map: first, keep: ['rivers', 'settlements'] });
    expect(tilesOf(again.map, ['river', 'stream'])).toEqual(rivers);
    for (const t of towns) expect(['village', 'urban']).toContain(again.map.terrainAt(t));
    expect(again.stages.settlements.length).toBeGreaterThan(towns.length / 3);
    expect(checkWorld(again.map)).toMatchObject({ straightBorderRuns: 0, parallelFeatures: 0, crossingAngles: 0, uphillRivers: 0, riversEndingInland: 0 });
  });

  it('without locks the same parameters draw their own streams again', () => {
    const a = generateWorld({ size, alform: true }, { seed: 3 }).map;
    expect(tilesOf(a, ['stream']).length).toBeGreaterThan(0);
  });

  it('refuses a locked map of another size or form', () => {
    const other = generateWorld({ size: { kind: 'hex-rectangle', width: 41, height: 31 }, alform: true }, { seed: 3 }).map;
    expect(() => generateWorld({ size, alform: true }, { seed: 3 }, { map: other, keep: ['rivers'] })).toThrow(/locked map.*must be the generated world's hex-rectangle 55x41 AL-FORM/);
  });
});
