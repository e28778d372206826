import { describe, expect, it } from 'vitest';
import { errorOf, loadDefaultCatalogue, minimalCatalogueJson, type Json } from './catalogue.testkit.js';
import { parseCatalogue } from './parse.js';
import { catalogueToJson } from './serialize.js';
import { networkCost, networkCrossing, networkTerrains, runsThrough } from './network.js';
import { removeMovementMode } from './edit.js';

function withRoad(extra: Json, bridge: Json = {}): Json {
  const json = minimalCatalogueJson();
  Object.assign(json.terrains.find((t: Json) => t.id === 'road'), extra);
  Object.assign(json.terrains.find((t: Json) => t.id === 'river-bridge'), bridge);
  return json;
}

describe('catalogue network fields', () => {
  it('a catalogue without them reads unchanged: every linear terrain runs along tiles', () => {
    const c = parseCatalogue(minimalCatalogueJson(), 'old.json');
    expect(networkTerrains(c)).toEqual([]);
    expect(runsThrough(c, 'road')).toBe(false);
    expect(catalogueToJson(c)).toEqual(catalogueToJson(parseCatalogue(catalogueToJson(c), 'again')));
    expect(JSON.stringify(catalogueToJson(c))).not.toMatch(/runs|networkCost|crossing/);
  });

  it('reads runs, networkCost and crossing, and writes them back', () => {
    const c = parseCatalogue(withRoad({ runs: 'through', networkCost: { foot: 0.25 } }, { crossing: 'bridge' }), 'net.json');
    expect(runsThrough(c, 'road')).toBe(true);
    expect(networkTerrains(c).map((t) => t.id)).toEqual(['road']);
    expect(networkCost(c, 'road', 'foot')).toBe(0.25);
    expect(networkCost(c, 'road', 'boat')).toBeUndefined();
    expect(networkCrossing(c, 'river', 'road')).toEqual({ terrain: 'river-bridge', kind: 'bridge' });
    expect(networkCrossing(c, 'cliff', 'road')).toBeNull();
    const again = parseCatalogue(catalogueToJson(c), 'again');
    expect(networkCost(again, 'road', 'foot')).toBe(0.25);
    // Removing a mode takes the network's rate for it along.
    expect(networkCost(removeMovementMode(c, 'foot'), 'road', 'foot')).toBeUndefined();
  });

  it('refuses bad values with the path', () => {
    expect(errorOf(() => parseCatalogue(withRoad({ runs: 'across' }), 'x'))).toMatch(/\$\.terrains\[\d+\]\.runs: expected "along" or "through", got "across"/);
    expect(errorOf(() => parseCatalogue(withRoad({ networkCost: { foot: 1 } }), 'x'))).toMatch(/networkCost: only a terrain that runs "through"/);
    expect(errorOf(() => parseCatalogue(withRoad({ runs: 'through', networkCost: { hover: 1 } }), 'x'))).toMatch(/unknown movement mode "hover"/);
    expect(errorOf(() => parseCatalogue(withRoad({ runs: 'through', networkCost: { foot: -1 } }), 'x'))).toMatch(/a number ≥ 0 or "impassable"/);
    expect(errorOf(() => parseCatalogue(withRoad({}, { crossing: 'tunnel' }), 'x'))).toMatch(/crossing: expected "bridge" or "ford"/);
    const json = minimalCatalogueJson();
    json.terrains[0].runs = 'through';
    expect(errorOf(() => parseCatalogue(json, 'x'))).toMatch(/runs: not allowed on area terrain/);
  });

  it('the default catalogue runs roads, railroads and trails through tiles; rivers, walls and ridges along', () => {
    const c = loadDefaultCatalogue();
    expect(networkTerrains(c).map((t) => t.id).sort()).toEqual(['railroad', 'road', 'trail']);
    for (const id of ['river', 'wall', 'ridge', 'hedgerow', 'stream']) expect(runsThrough(c, id)).toBe(false);
    expect(networkCost(c, 'road', 'wheeled')).toBe(0.5);
    expect(networkCost(c, 'railroad', 'rail')).toBe(0.25);
    expect(networkCrossing(c, 'river', 'road')).toEqual({ terrain: 'river-bridge', kind: 'bridge' });
    expect(networkCrossing(c, 'river', 'trail')).toEqual({ terrain: 'river-ford', kind: 'ford' });
    expect(networkCrossing(c, 'river', 'railroad')).toEqual({ terrain: 'rail-bridge', kind: 'bridge' });
  });
});
