/**
 * The shipped catalogue, resources/terrain/default.json: it loads, it is in canonical form,
 * it has every terrain the patent lists, and its numbers make the sense README.md claims.
 */
import { describe, expect, it } from 'vitest';
import defaultJson from '../../resources/terrain/default.json' with { type: 'json' };
import { readFileSync } from 'node:fs';
import { errorOf, loadDefaultCatalogue } from './catalogue.testkit.js';
import { bandAt, findComposite, findTransition, getTerrain, linearRank } from './lookup.js';
import { parseCatalogue } from './parse.js';
import { serializeCatalogue } from './serialize.js';
import type { ModeRule, TerrainCatalogue } from './types.js';

const defaultCatalogueText = (): string => readFileSync(new URL('../../resources/terrain/default.json', import.meta.url), 'utf8');

const AREA = [
  'ocean', 'coastal-ocean', 'lake', 'clear', 'rough', 'rocky', 'orchard', 'swamp', 'marsh', 'sand', 'plains', 'forest',
  'jungle', 'hills', 'mountains', 'badlands', 'urban', 'village', 'fields', 'tundra', 'glacier', 'forest-edge',
  'foothills', 'tidal-flat',
];
const LINEAR = [
  'river', 'river-ford', 'river-bridge', 'river-cataract', 'canal', 'stream', 'wall', 'hedgerow', 'tree-line', 'ridge',
  'ridge-pass', 'escarpment', 'escarpment-ramp', 'cliff', 'beach', 'slope', 'berm', 'road', 'railroad', 'rail-bridge',
  'level-crossing', 'crossroads', 'trail',
];
const LAND_MODES = ['foot', 'wheeled', 'tracked'] as const;
const WATER = ['ocean', 'coastal-ocean', 'lake'];

const catalogue: TerrainCatalogue = loadDefaultCatalogue();
const rule = (terrain: string, mode: string): ModeRule => getTerrain(catalogue, terrain).movement[mode]!;
const impassable: ModeRule = { cost: 'impassable', playable: false };
const along = (cost: number): ModeRule => ({ cost, playable: true });
const crossing = (cost: number): ModeRule => ({ cost, playable: false });

describe('default.json', () => {
  it('loads, through a JSON import, as a versioned catalogue', () => {
    expect(defaultJson.format).toBe('sandtable-terrain-catalogue');
    expect(defaultJson.version).toBe(1);
    expect(catalogue.terrains.length).toBeGreaterThanOrEqual(AREA.length + LINEAR.length);
  });

  it('is in canonical form: serializing it gives back the file byte for byte', () => {
    expect(serializeCatalogue(catalogue)).toBe(defaultCatalogueText());
  });

  it('reports errors with its name and the JSON path', () => {
    const broken = structuredClone(defaultJson) as { terrains: { movement: Record<string, { cost: unknown }> }[] };
    broken.terrains[12]!.movement.boat!.cost = -1;
    expect(errorOf(() => parseCatalogue(broken, 'default.json'))).toBe(
      'default.json: $.terrains[12].movement.boat.cost: expected a number ≥ 0 or "impassable", got -1',
    );
  });

  it('has every area and linear terrain of the patent and SPEC, in the right class', () => {
    for (const id of AREA) expect(getTerrain(catalogue, id).class, id).toBe('area');
    for (const id of LINEAR) expect(getTerrain(catalogue, id).class, id).toBe('linear');
  });

  it('has the movement modes foot, wheeled, tracked, boat, rail and air', () => {
    expect(catalogue.modes.map((m) => m.id)).toEqual(['foot', 'wheeled', 'tracked', 'boat', 'rail', 'air']);
  });

  it('keeps human-curated terrain stark and natural terrain natural', () => {
    for (const id of ['fields', 'orchard', 'urban', 'village', 'road', 'railroad', 'wall', 'hedgerow', 'canal']) {
      expect(getTerrain(catalogue, id).humanCurated, id).toBe(true);
    }
    for (const id of ['forest', 'clear', 'mountains', 'river', 'ridge', 'forest-edge', 'foothills']) {
      expect(getTerrain(catalogue, id).humanCurated, id).toBe(false);
    }
  });
});

describe('default.json movement costs', () => {
  it('air: everything playable at cost 1', () => {
    for (const t of catalogue.terrains) expect(t.movement.air, t.id).toEqual(along(1));
  });

  it('clear ground costs 1 for every land mode; forest and mountains cost more', () => {
    for (const m of LAND_MODES) expect(rule('clear', m)).toEqual(along(1));
    expect([rule('forest', 'foot'), rule('forest', 'wheeled'), rule('forest', 'tracked')]).toEqual([along(2), along(4), along(3)]);
    expect(rule('mountains', 'foot')).toEqual(along(3));
    expect(rule('mountains', 'wheeled')).toEqual(impassable);
    expect(rule('swamp', 'wheeled')).toEqual(impassable);
  });

  it('water is for boats: impassable to land modes, cost 1 for boats', () => {
    for (const id of WATER) {
      for (const m of LAND_MODES) expect(rule(id, m), `${id} ${m}`).toEqual(impassable);
      expect(rule(id, 'boat'), id).toEqual(along(1));
    }
  });

  it('boats cannot enter dry land', () => {
    const wet = new Set([...WATER, 'swamp', 'marsh', 'tidal-flat']);
    for (const t of catalogue.terrains) {
      if (t.class === 'area' && !wet.has(t.id)) expect(t.movement.boat, t.id).toEqual(impassable);
    }
    expect(rule('clear', 'boat')).toEqual(impassable);
  });

  it('boats move along rivers and canals, and under bridges', () => {
    for (const id of ['river', 'canal', 'river-ford', 'river-bridge', 'rail-bridge', 'canal-bridge']) {
      expect(rule(id, 'boat'), id).toEqual(along(1));
    }
    expect(rule('river-cataract', 'boat')).toEqual(impassable);
  });

  it('a river is crossed, not entered, by land modes: foot +2, tracked +3, wheeled not at all', () => {
    expect([rule('river', 'foot'), rule('river', 'wheeled'), rule('river', 'tracked')]).toEqual([
      crossing(2),
      impassable,
      crossing(3),
    ]);
    for (const m of LAND_MODES) expect(rule('river-ford', m)).toEqual(crossing(1));
  });

  it('a bridge lets every land mode, wheeled included, cross a river', () => {
    for (const m of LAND_MODES) {
      const r = rule('river-bridge', m);
      expect(r.playable, m).toBe(true);
      expect(r.cost, m).toBe(0.5);
    }
  });

  it('roads speed land modes; railroads are crossed freely and carry only trains', () => {
    for (const m of LAND_MODES) {
      expect(rule('road', m)).toEqual(along(0.5));
      expect(rule('railroad', m)).toEqual(crossing(0));
    }
    expect(rule('railroad', 'rail')).toEqual(along(0.25));
    expect(rule('road', 'rail')).toEqual(impassable);
    expect(rule('urban', 'rail').playable).toBe(true);
    expect(rule('clear', 'rail')).toEqual(impassable);
  });

  it('walls can be walked along; walls and hedgerows stop or slow vehicles', () => {
    expect(rule('wall', 'foot').playable).toBe(true);
    expect(rule('wall', 'wheeled')).toEqual(impassable);
    expect(rule('hedgerow', 'foot')).toEqual(crossing(1));
    expect(rule('hedgerow', 'wheeled')).toEqual(crossing(2));
  });

  it('cliffs stop every land mode; escarpments stop wheels, ramps do not', () => {
    for (const m of LAND_MODES) expect(rule('cliff', m), m).toEqual(impassable);
    expect(rule('escarpment', 'wheeled')).toEqual(impassable);
    expect(rule('escarpment', 'foot')).toEqual(crossing(2));
    for (const m of LAND_MODES) expect(rule('escarpment-ramp', m), m).toEqual(crossing(0));
  });

  it('a crossing never cuts a road, railroad or waterway: the composite is playable wherever its members were', () => {
    const carriers = new Set(['road', 'railroad', 'river', 'canal', 'stream']);
    for (const c of catalogue.composites) {
      for (const member of c.pair.filter((id) => carriers.has(id))) {
        for (const mode of catalogue.modes) {
          if (rule(member, mode.id).playable) {
            expect(rule(c.result, mode.id).playable, `${c.pair.join(' + ')} → ${c.result}, ${mode.id} along ${member}`).toBe(true);
          }
        }
      }
    }
  });
});

describe('default.json blending data', () => {
  it('composes crossings in either order: bridges, level crossings, crossroads', () => {
    const composite = (a: string, b: string) => findComposite(catalogue, a, b)?.result;
    expect(composite('river', 'road')).toBe('river-bridge');
    expect(composite('road', 'river')).toBe('river-bridge');
    expect(composite('river', 'railroad')).toBe('rail-bridge');
    expect(composite('road', 'railroad')).toBe('level-crossing');
    expect(composite('road', 'road')).toBe('crossroads');
  });

  it('ranks rivers above railroads above roads (SPEC §8)', () => {
    const r = (id: string) => linearRank(catalogue, id)!;
    expect(r('river')).toBeLessThan(r('railroad'));
    expect(r('railroad')).toBeLessThan(r('road'));
    expect(r('road')).toBeLessThan(r('trail'));
  });

  it('lays forest edge, foothills, and beach / cliff / tidal flat by elevation', () => {
    expect(bandAt(findTransition(catalogue, 'clear', 'forest')!, 0).fill).toEqual([{ terrain: 'forest-edge', weight: 1 }]);
    expect(bandAt(findTransition(catalogue, 'mountains', 'clear')!, 0).fill).toEqual([{ terrain: 'foothills', weight: 1 }]);
    const coast = findTransition(catalogue, 'plains', 'ocean')!;
    expect(coast.width).toBeGreaterThanOrEqual(2);
    expect(bandAt(coast, 0)).toEqual({ fill: [{ terrain: 'tidal-flat', weight: 1 }], edge: undefined });
    expect(bandAt(coast, 5)).toEqual({ fill: [{ terrain: 'sand', weight: 1 }], edge: 'beach' });
    expect(bandAt(coast, 80)).toEqual({ fill: [{ terrain: 'rocky', weight: 1 }], edge: 'cliff' });
  });

  it('has no band between human-curated terrains and their neighbours (they stay stark)', () => {
    for (const t of catalogue.terrains) {
      if (t.class === 'area' && t.humanCurated) {
        for (const other of catalogue.terrains) expect(findTransition(catalogue, t.id, other.id), `${t.id} ↔ ${other.id}`).toBeUndefined();
      }
    }
  });
});
