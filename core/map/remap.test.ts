/** The terrain remap rule (issue 14's mapping dialog): one plan for every pair, classes kept, placeholders listed. */
import { describe, expect, it } from 'vitest';
import { TerrainMap } from './terrain-map.js';
import { applyPlan, planPaint, writeValue } from './paint.js';
import { placeholdersInUse, planRemap, terrainsInUse } from './remap.js';
import { InstanceLayer } from './instance-layer.js';
import { loadDefaultCatalogue } from '../terrain/catalogue.testkit.js';

const catalogue = loadDefaultCatalogue();

/** A classic 4×4 square map as a Tiled import leaves it: two placeholders, a known terrain, a river edge. */
function imported(): TerrainMap {
  const map = TerrainMap.create({ size: { kind: 'square', width: 4, height: 4 }, alform: false });
  applyPlan(map, planPaint(map, catalogue, [0, 1, 2, 3, 4], 'unmapped-sand-dunes'));
  applyPlan(map, planPaint(map, catalogue, [5, 6], 'unmapped-tile-29'));
  applyPlan(map, planPaint(map, catalogue, [7, 8, 9], 'forest'));
  map.meta.import = {
    format: 'tiled',
    file: 'desert.tmx',
    mapping: { tiles: { 'desert:3': 'unmapped-sand-dunes', 'desert:29': 'unmapped-tile-29' }, default: 'clear' },
    unmapped: [
      { terrain: 'unmapped-sand-dunes', tiles: ['desert:3'] },
      { terrain: 'unmapped-tile-29', tiles: ['desert:29'] },
    ],
  };
  return map;
}

describe('planRemap', () => {
  it('plans every tile of every pair as one edit and changes nothing until applied', () => {
    const map = imported();
    const plan = planRemap(map, catalogue, [
      { from: 'unmapped-sand-dunes', to: 'sand' },
      { from: 'unmapped-tile-29', to: 'forest' },
    ]);
    expect(plan.changes.map((c) => c.index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(map.terrainAt(0)).toBe('unmapped-sand-dunes');
    applyPlan(map, plan);
    expect([0, 1, 2, 3, 4].map((t) => map.terrainAt(t))).toEqual(Array(5).fill('sand'));
    expect([5, 6, 7, 8, 9].map((t) => map.terrainAt(t))).toEqual(Array(5).fill('forest'));
    expect(placeholdersInUse(map)).toEqual([]);
  });

  it('refuses another class, unknown or placeholder targets, repeats and chains, with the terrain named', () => {
    const map = imported();
    expect(() => planRemap(map, catalogue, [{ from: 'unmapped-tile-29', to: 'river' }])).toThrow('"unmapped-tile-29" is area terrain and "river" is linear; remap to area terrain');
    expect(() => planRemap(map, catalogue, [{ from: 'unmapped-tile-29', to: 'lava' }])).toThrow(/"lava" is not a terrain of catalogue/);
    expect(() => planRemap(map, catalogue, [{ from: 'unmapped-tile-29', to: 'unmapped-sand-dunes' }])).toThrow(/"unmapped-sand-dunes" is not a terrain of catalogue/);
    expect(() => planRemap(map, catalogue, [{ from: 'marsh', to: 'clear' }])).toThrow('the map holds no "marsh" to remap');
    expect(() => planRemap(map, catalogue, [{ from: 'forest', to: 'clear' }, { from: 'forest', to: 'sand' }])).toThrow('"forest" is remapped twice; give each terrain one new terrain');
    expect(() => planRemap(map, catalogue, [{ from: 'unmapped-tile-29', to: 'forest' }, { from: 'forest', to: 'clear' }])).toThrow(/"forest" is itself remapped/);
    expect(() => planRemap(map, catalogue, [])).toThrow(/at least one pair/);
  });

  it('remaps linear terrain on classic edges, and leaves tiles a vector tile instance gives terrain', () => {
    const map = imported();
    const slot = map.grid.edgeSlot(0, 0);
    map.layers.edges![slot] = map.terrainIndex('stream');
    const plan = planRemap(map, catalogue, [{ from: 'stream', to: 'river' }]);
    expect(plan.changes).toEqual([{ layer: 'edges', index: slot, before: map.terrainIndex('stream'), after: map.palette.length + 1 }]);
    expect(plan.palette.at(-1)).toBe('river');
    const held = imported();
    const layer = new InstanceLayer(held.grid);
    layer.set(1, 'sq-dunes', 0);
    held.setInstances(layer);
    expect(planRemap(held, catalogue, [{ from: 'unmapped-sand-dunes', to: 'sand' }]).changes.map((c) => c.index)).toEqual([0, 2, 3, 4]);
  });
});

describe('placeholdersInUse', () => {
  it('lists the placeholders on the tiles, most used first, with the file tiles they stand for', () => {
    expect(placeholdersInUse(imported())).toEqual([
      { terrain: 'unmapped-sand-dunes', count: 5, sources: ['desert:3'] },
      { terrain: 'unmapped-tile-29', count: 2, sources: ['desert:29'] },
    ]);
  });
});

describe('terrainsInUse', () => {
  it('lists what the tiles and edges hold now, not what the palette once took: an undone road leaves the legend (issue 30)', () => {
    const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 4, height: 4 } });
    applyPlan(map, planPaint(map, catalogue, [0, 1, 2, 3], 'clear'));
    const road = map.terrainIndex('road');
    const bridge = map.terrainIndex('river-bridge');
    writeValue(map, 'edges', 5, road);
    writeValue(map, 'edges', 9, bridge);
    expect(terrainsInUse(map)).toEqual(['clear', 'road', 'river-bridge']);
    // Undo replays the old values through writeValue: the palette keeps its entries, the map does not hold them.
    writeValue(map, 'edges', 5, 0);
    writeValue(map, 'edges', 9, 0);
    expect(map.palette).toEqual(['clear', 'road', 'river-bridge']);
    expect(terrainsInUse(map)).toEqual(['clear']);
  });
});
