import { describe, expect, it } from 'vitest';
import { loadDefaultCatalogue } from '../terrain/catalogue.testkit.js';
import { TerrainMap } from './terrain-map.js';
import { NetworkSides } from './network-sides.js';
import { applyNetworkChanges, applyNetworkPlan, planNetworkDraw, planNetworkErase } from './network-plan.js';
import { formatNetworkReport, networkKindsInUse, networkReport } from './network-report.js';

const catalogue = loadDefaultCatalogue();

function hexMap(): TerrainMap {
  const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 10, height: 8 }, palette: ['clear'] });
  map.layers.terrain.fill(1);
  return map;
}

const column = (map: TerrainMap, x: number, from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => map.grid.index([x, from + k + Math.floor(x / 2)]));

describe('network plans', () => {
  it('draw grows the palette with the network terrain and applies as one plan; back takes it out again', () => {
    const map = hexMap();
    const plan = planNetworkDraw(map, catalogue, 'road', column(map, 3, 1, 5));
    expect(plan.palette).toEqual(['clear', 'road']);
    expect(map.palette).toEqual(['clear']);
    applyNetworkPlan(map, plan);
    expect(map.palette).toEqual(['clear', 'road']);
    expect(map.networks!.size).toBe(5);
    expect(networkKindsInUse(map)).toEqual([2]);
    applyNetworkChanges(map, plan.changes, 'back');
    expect(map.networks).toBeNull();
  });

  it('refuses terrain that is no network, naming it', () => {
    const map = hexMap();
    expect(() => planNetworkDraw(map, catalogue, 'river', [0, 1])).toThrow('"river" runs along the tiles (a linear feature between them), not through them');
    expect(() => planNetworkDraw(map, catalogue, 'forest', [0, 1])).toThrow('"forest" is area terrain');
    expect(() => planNetworkDraw(map, catalogue, 'lava', [0, 1])).toThrow('unknown terrain "lava"');
    expect(() => planNetworkErase(map, catalogue, 'river', [0, 1])).not.toThrow(); // no networks yet: nothing to erase
  });

  it('erase of every network along a chain takes road and railroad off the same link', () => {
    const map = hexMap();
    const chain = column(map, 4, 0, 4);
    applyNetworkPlan(map, planNetworkDraw(map, catalogue, 'road', chain));
    applyNetworkPlan(map, planNetworkDraw(map, catalogue, 'railroad', chain));
    const plan = planNetworkErase(map, catalogue, '', [chain[1]!, chain[2]!]);
    applyNetworkPlan(map, plan);
    const report = networkReport(map, catalogue);
    expect(report.kinds.map((k) => [k.terrain, k.components.length])).toEqual([
      ['road', 2],
      ['railroad', 2],
    ]);
    expect(() => planNetworkErase(map, catalogue, 'river', chain)).toThrow(/runs along the tiles/);
  });
});

describe('network report', () => {
  it('names crossings by terrain: a level crossing, a junction, a bridge and a ford', () => {
    const map = hexMap();
    const sides = NetworkSides.of(map);
    const road = column(map, 4, 0, 6);
    applyNetworkPlan(map, planNetworkDraw(map, catalogue, 'road', road));
    // A trail branching off the road's fourth tile, west, and a river on the road between its 2nd and 3rd tiles.
    const west = sides.across(road[3]!, [...Array(6).keys()].find((d) => sides.across(road[3]!, d) >= 0 && map.grid.coord(sides.across(road[3]!, d))[0] === 3)!);
    applyNetworkPlan(map, planNetworkDraw(map, catalogue, 'road', [road[3]!, west]));
    map.setEdgeTerrain(road[1]!, sides.sideToward(road[1]!, road[2]!), 'river');
    const rail = column(map, 7, 0, 3);
    applyNetworkPlan(map, planNetworkDraw(map, catalogue, 'railroad', [...rail]));
    applyNetworkPlan(map, planNetworkDraw(map, catalogue, 'trail', [road[5]!, sides.across(road[5]!, sides.sideToward(road[5]!, road[6]!))]));
    const report = networkReport(map, catalogue, 'road');
    expect(report.kinds).toHaveLength(1);
    const k = report.kinds[0]!;
    expect(k.terrain).toBe('road');
    expect(k.components).toHaveLength(1);
    expect(k.crossings).toContainEqual({ tile: road[3], type: 'junction' });
    expect(k.crossings).toContainEqual({ tile: road[5], type: 'network', other: 'trail' });
    expect(k.crossings.filter((c) => c.type === 'feature')).toEqual([
      { tile: Math.min(road[1]!, road[2]!), type: 'feature', other: 'river', side: sides.sideToward(Math.min(road[1]!, road[2]!), Math.max(road[1]!, road[2]!)), crossing: { terrain: 'river-bridge', kind: 'bridge' } },
    ]);
    const trail = networkReport(map, catalogue, 'trail').kinds[0]!;
    expect(trail.crossings).toContainEqual({ tile: road[5], type: 'network', other: 'road' });
    const lines = formatNetworkReport(report);
    expect(lines[0]).toBe(`road: ${k.tiles} tiles in 1 component`);
    expect(lines.join('\n')).toMatch(/crossings: .*1 bridge over river/);
    expect(lines.join('\n')).toMatch(/dead ends: \d+, \d+, \d+/);
    expect(formatNetworkReport({ kinds: [] })).toEqual(['no networks']);
  });
});
