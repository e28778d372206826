import { describe, expect, it } from 'vitest';
import { TerrainMap } from './terrain-map.js';
import { applyPlan } from './paint.js';
import { planLinearStroke } from './draw-linear.js';
import { featureRegion, planFeatureFill } from './feature-fill.js';
import { loadDefaultCatalogue } from '../terrain/catalogue.testkit.js';

const catalogue = loadDefaultCatalogue();

describe('fill on a linear feature', () => {
  const setup = () => {
    const map = TerrainMap.create({ size: { kind: 'square', width: 9, height: 9 }, alform: true });
    const i = (x: number, y: number) => map.grid.index([x, y]);
    const river = [0, 1, 2, 3, 4, 5, 6, 7, 8].map((y) => i(3, y));
    const road = [0, 1, 2, 3, 4, 5, 6].map((x) => i(x, 5));
    applyPlan(map, planLinearStroke(map, catalogue, river, 'river'));
    applyPlan(map, planLinearStroke(map, catalogue, road, 'road'));
    return { map, i, river, road };
  };

  it('walks through the bridge: the whole river is one feature', () => {
    const { map, i, river } = setup();
    expect(map.terrainAt(i(3, 5))).toBe('river-bridge');
    expect(featureRegion(map, catalogue, i(3, 0)).sort((a, b) => a - b)).toEqual([...river].sort((a, b) => a - b));
  });

  it('a river filled into a canal keeps its road crossing as a canal bridge; the road is untouched', () => {
    const { map, i, river, road } = setup();
    applyPlan(map, planFeatureFill(map, catalogue, i(3, 8), 'canal'));
    for (const t of river) expect(map.terrainAt(t)).toBe(t === i(3, 5) ? 'canal-bridge' : 'canal');
    for (const t of road) if (t !== i(3, 5)) expect(map.terrainAt(t)).toBe('road');
  });

  it('the road filled into a railroad makes the bridge a rail bridge', () => {
    const { map, i } = setup();
    applyPlan(map, planFeatureFill(map, catalogue, i(0, 5), 'railroad'));
    expect(map.terrainAt(i(3, 5))).toBe('rail-bridge');
    expect(map.terrainAt(i(6, 5))).toBe('railroad');
    expect(map.terrainAt(i(3, 4))).toBe('river');
  });

  it('refuses area terrain and tiles without a feature', () => {
    const { map, i } = setup();
    expect(() => planFeatureFill(map, catalogue, i(3, 0), 'forest')).toThrow(/is area terrain$/);
    expect(() => planFeatureFill(map, catalogue, i(7, 1), 'canal')).toThrow(/^there is no linear feature on tile 7,1 to fill$/);
  });
});
