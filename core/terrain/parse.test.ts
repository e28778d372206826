import { describe, expect, it } from 'vitest';
import { errorOf, minimalCatalogueJson, type Json } from './catalogue.testkit.js';
import { parseCatalogue } from './parse.js';
import { serializeCatalogue } from './serialize.js';
import { CatalogueError } from './types.js';

/** [what is wrong, how to break the minimal catalogue, the exact message]. */
type Case = readonly [string, (j: Json) => void, string];

function messageFor(mutate: (j: Json) => void): string {
  const j = minimalCatalogueJson();
  mutate(j);
  return errorOf(() => parseCatalogue(j, 'test.json'));
}

function runCases(cases: readonly Case[]): void {
  for (const [what, mutate, message] of cases) {
    it(what, () => expect(messageFor(mutate)).toBe(message));
  }
}

/** A property of the other class of terrain set on terrain `index` (an `area` or a `linear` one of the minimal catalogue): refused, saying why. */
function notAllowed(terrainClass: 'area' | 'linear', index: number, property: string, value: unknown, why: string): Case {
  return [`${terrainClass} terrain with ${property}`, (j) => (j.terrains[index][property] = value), `test.json: $.terrains[${index}].${property}: not allowed on ${terrainClass} terrain (${why})`];
}

describe('parseCatalogue accepts', () => {
  it('the minimal catalogue, frozen all the way down', () => {
    const c = parseCatalogue(minimalCatalogueJson(), 'test.json');
    expect(c.terrains.map((t) => t.id)).toEqual([
      'clear', 'forest', 'forest-edge', 'sand', 'ocean', 'river', 'road', 'river-bridge', 'beach', 'cliff',
    ]);
    expect(c.modes.map((m) => m.id)).toEqual(['foot', 'boat']);
    expect(Object.isFrozen(c)).toBe(true);
    expect(Object.isFrozen(c.terrains)).toBe(true);
    expect(Object.isFrozen(c.terrains[1])).toBe(true);
    expect(Object.isFrozen(c.terrains[1]!.movement)).toBe(true);
    expect(Object.isFrozen(c.terrains[1]!.movement.foot)).toBe(true);
    expect(Object.isFrozen(c.transitions[1]!.between)).toBe(true);
  });

  it('a street layout on built-up area terrain, kept through serialization', () => {
    const j = minimalCatalogueJson();
    j.terrains[0].streets = 'organic';
    const c = parseCatalogue(j, 'test.json');
    expect(c.terrains[0]).toMatchObject({ streets: 'organic' });
    expect(c.terrains[1]).not.toHaveProperty('streets');
    expect(parseCatalogue(JSON.parse(serializeCatalogue(c)), 'again.json').terrains[0]).toMatchObject({ streets: 'organic' });
  });

  it('colours in any case, stored lower case', () => {
    const c = parseCatalogue(minimalCatalogueJson());
    expect(c.terrains[0]!.colour).toBe('#c0d080');
  });

  it('a catalogue without transitions, composites or priority (they default to empty)', () => {
    const j = minimalCatalogueJson();
    delete j.transitions;
    delete j.composites;
    delete j.linearPriority;
    const c = parseCatalogue(j);
    expect(c.transitions).toEqual([]);
    expect(c.composites).toEqual([]);
    expect(c.linearPriority).toEqual([]);
  });

  it('an unplayable linear terrain with a crossing cost, and one that is impassable', () => {
    const c = parseCatalogue(minimalCatalogueJson());
    const river = c.terrains.find((t) => t.id === 'river')!;
    expect(river.movement.foot).toEqual({ cost: 2, playable: false });
    const cliff = c.terrains.find((t) => t.id === 'cliff')!;
    expect(cliff.movement.foot).toEqual({ cost: 'impassable', playable: false });
  });

  it('does not keep a reference to the input', () => {
    const j = minimalCatalogueJson();
    const c = parseCatalogue(j);
    j.terrains[0].name = 'changed';
    j.terrains[0].movement.foot.cost = 9;
    expect(c.terrains[0]!.name).toBe('clear');
    expect(c.terrains[0]!.movement.foot!.cost).toBe(1);
  });

  it('throws CatalogueError carrying source and path', () => {
    const j = minimalCatalogueJson();
    j.terrains[3].cover = 2;
    try {
      parseCatalogue(j, 'x.json');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(CatalogueError);
      expect((e as CatalogueError).source).toBe('x.json');
      expect((e as CatalogueError).path).toBe('$.terrains[3].cover');
    }
  });

  it('names the source "catalogue" when none is given', () => {
    expect(errorOf(() => parseCatalogue(null))).toBe('catalogue: $: expected a terrain catalogue object, got null');
  });
});

describe('parseCatalogue rejects, at the top level', () => {
  it('a non-object', () => {
    expect(errorOf(() => parseCatalogue([], 'test.json'))).toBe('test.json: $: expected a terrain catalogue object, got an array of 0');
  });
  runCases([
    [
      'an unknown property',
      (j) => (j.colour = '#000000'),
      'test.json: $.colour: unknown property "colour" (expected one of: format, version, name, description, modes, terrains, transitions, composites, linearPriority)',
    ],
    ['a wrong format', (j) => (j.format = 'tiled-map'), 'test.json: $.format: expected "sandtable-terrain-catalogue", got "tiled-map"'],
    ['a newer version', (j) => (j.version = 2), 'test.json: $.version: expected 1 (the catalogue version this build reads), got 2'],
    ['a missing name', (j) => delete j.name, 'test.json: $.name: expected a non-empty string, got nothing'],
    ['a blank name', (j) => (j.name = '  '), 'test.json: $.name: expected a non-empty string, got "  "'],
    ['a non-string description', (j) => (j.description = 3), 'test.json: $.description: expected a non-empty string, got 3'],
    ['no modes', (j) => (j.modes = []), 'test.json: $.modes: expected a non-empty array, got an array of 0'],
    ['terrains that are not an array', (j) => (j.terrains = {}), 'test.json: $.terrains: expected an array, got an object'],
    ['transitions that are not an array', (j) => (j.transitions = 'none'), 'test.json: $.transitions: expected an array, got "none"'],
  ]);
});

describe('parseCatalogue rejects, in movement modes', () => {
  runCases([
    ['a mode that is not an object', (j) => (j.modes[0] = 'foot'), 'test.json: $.modes[0]: expected a movement mode object, got "foot"'],
    ['a mode id that is not kebab-case', (j) => (j.modes[0].id = 'Foot'), 'test.json: $.modes[0].id: expected a kebab-case id such as "river-ford", got "Foot"'],
    ['a mode without a name', (j) => delete j.modes[1].name, 'test.json: $.modes[1].name: expected a non-empty string, got nothing'],
    [
      'a mode with an unknown property',
      (j) => (j.modes[1].speed = 3),
      'test.json: $.modes[1].speed: unknown property "speed" (expected one of: id, name, description)',
    ],
    [
      'a duplicate mode id',
      (j) => {
        j.modes[1].id = 'foot';
      },
      // Every terrain now defines "boat", which is no longer a mode.
      'test.json: $.terrains[0].movement.boat: unknown movement mode "boat" (catalogue modes: foot, foot)',
    ],
  ]);

  it('a duplicate mode id, when terrains are consistent with it', () => {
    const j = minimalCatalogueJson();
    j.modes[1].id = 'foot';
    for (const t of j.terrains) delete t.movement.boat;
    expect(errorOf(() => parseCatalogue(j, 'test.json'))).toBe('test.json: $.modes[1].id: duplicate movement mode id "foot" (first at $.modes[0])');
  });
});

describe('parseCatalogue rejects, in terrains', () => {
  runCases([
    ['a terrain that is not an object', (j) => (j.terrains[2] = 7), 'test.json: $.terrains[2]: expected a terrain object, got 7'],
    ['an unknown class', (j) => (j.terrains[0].class = 'volume'), 'test.json: $.terrains[0].class: expected "area" or "linear", got "volume"'],
    [
      'an unknown property',
      (j) => (j.terrains[0].color = '#ffffff'),
      'test.json: $.terrains[0].color: unknown property "color" (expected one of: id, class, name, colour, secondaryColour, pattern, humanCurated, elevationOffset, height, cover, concealment, movement, reorderable, interchangeable, blocksSightThrough, streets, width, blocksSightAcross, blocksSightAlong, runs, networkCost, crossing)',
    ],
    notAllowed('area', 1, 'blocksSightAcross', true, 'area terrain blocks sight through it: use blocksSightThrough'),
    notAllowed('area', 1, 'blocksSightAlong', false, 'area terrain blocks sight through it: use blocksSightThrough'),
    notAllowed('area', 0, 'width', 'wide', 'only linear tiles have a width class'),
    notAllowed('linear', 5, 'blocksSightThrough', true, 'linear terrain blocks sight across or along it: use blocksSightAcross / blocksSightAlong'),
    notAllowed('linear', 5, 'streets', 'grid', 'only built-up area terrain has a street layout'),
    ['a bad street layout', (j) => (j.terrains[0].streets = 'radial'), 'test.json: $.terrains[0].streets: expected "grid" or "organic", got "radial"'],
    ['a bad id', (j) => (j.terrains[0].id = 'clear ground'), 'test.json: $.terrains[0].id: expected a kebab-case id such as "river-ford", got "clear ground"'],
    ['a missing name', (j) => delete j.terrains[0].name, 'test.json: $.terrains[0].name: expected a non-empty string, got nothing'],
    ['a bad colour', (j) => (j.terrains[0].colour = 'green'), 'test.json: $.terrains[0].colour: expected a colour "#rrggbb", got "green"'],
    ['a short colour', (j) => (j.terrains[0].colour = '#0f0'), 'test.json: $.terrains[0].colour: expected a colour "#rrggbb", got "#0f0"'],
    [
      'a bad secondary colour',
      (j) => (j.terrains[1].secondaryColour = 1),
      'test.json: $.terrains[1].secondaryColour: expected a colour "#rrggbb", got 1',
    ],
    ['a bad pattern name', (j) => (j.terrains[1].pattern = 'Trees!'), 'test.json: $.terrains[1].pattern: expected a kebab-case id such as "river-ford", got "Trees!"'],
    ['a missing humanCurated', (j) => delete j.terrains[0].humanCurated, 'test.json: $.terrains[0].humanCurated: expected true or false, got nothing'],
    ['a string humanCurated', (j) => (j.terrains[0].humanCurated = 'yes'), 'test.json: $.terrains[0].humanCurated: expected true or false, got "yes"'],
    ['a non-numeric elevation', (j) => (j.terrains[0].elevationOffset = 'high'), 'test.json: $.terrains[0].elevationOffset: expected a number of metres, got "high"'],
    ['a negative height', (j) => (j.terrains[0].height = -1), 'test.json: $.terrains[0].height: expected a number ≥ 0, got -1'],
    ['cover above 1', (j) => (j.terrains[0].cover = 1.5), 'test.json: $.terrains[0].cover: expected a number from 0 to 1, got 1.5'],
    ['negative concealment', (j) => (j.terrains[0].concealment = -0.1), 'test.json: $.terrains[0].concealment: expected a number from 0 to 1, got -0.1'],
    ['a missing blocksSightThrough', (j) => delete j.terrains[0].blocksSightThrough, 'test.json: $.terrains[0].blocksSightThrough: expected true or false, got nothing'],
    ['a missing linear width', (j) => delete j.terrains[5].width, 'test.json: $.terrains[5].width: expected "narrow", "medium" or "wide", got nothing'],
    ['an unknown linear width', (j) => (j.terrains[5].width = 'huge'), 'test.json: $.terrains[5].width: expected "narrow", "medium" or "wide", got "huge"'],
    ['a missing blocksSightAcross', (j) => delete j.terrains[5].blocksSightAcross, 'test.json: $.terrains[5].blocksSightAcross: expected true or false, got nothing'],
    ['a missing blocksSightAlong', (j) => delete j.terrains[5].blocksSightAlong, 'test.json: $.terrains[5].blocksSightAlong: expected true or false, got nothing'],
    [
      'a duplicate id',
      (j) => (j.terrains[2].id = 'clear'),
      'test.json: $.terrains[2].id: duplicate terrain id "clear" (first at $.terrains[0])',
    ],
  ]);
});

describe('parseCatalogue rejects, in movement rules', () => {
  runCases([
    ['movement that is not an object', (j) => (j.terrains[0].movement = []), 'test.json: $.terrains[0].movement: expected an object with one rule per movement mode, got an array of 0'],
    [
      'a missing mode',
      (j) => delete j.terrains[1].movement.boat,
      'test.json: $.terrains[1].movement: terrain "forest" lacks movement mode "boat" (every terrain must define every mode of the catalogue: foot, boat)',
    ],
    [
      'several missing modes',
      (j) => (j.terrains[1].movement = {}),
      'test.json: $.terrains[1].movement: terrain "forest" lacks movement modes "foot", "boat" (every terrain must define every mode of the catalogue: foot, boat)',
    ],
    [
      'an unknown mode',
      (j) => (j.terrains[1].movement.hover = { cost: 1, playable: true }),
      'test.json: $.terrains[1].movement.hover: unknown movement mode "hover" (catalogue modes: foot, boat)',
    ],
    ['a rule that is not an object', (j) => (j.terrains[0].movement.foot = 1), 'test.json: $.terrains[0].movement.foot: expected a movement rule {"cost", "playable"}, got 1'],
    [
      'a negative cost',
      (j) => (j.terrains[6].movement.boat.cost = -1),
      'test.json: $.terrains[6].movement.boat.cost: expected a number ≥ 0 or "impassable", got -1',
    ],
    ['a misspelt impassable', (j) => (j.terrains[0].movement.foot.cost = 'blocked'), 'test.json: $.terrains[0].movement.foot.cost: expected a number ≥ 0 or "impassable", got "blocked"'],
    ['an infinite cost', (j) => (j.terrains[0].movement.foot.cost = Infinity), 'test.json: $.terrains[0].movement.foot.cost: expected a number ≥ 0 or "impassable", got Infinity'],
    ['a missing playable', (j) => delete j.terrains[0].movement.foot.playable, 'test.json: $.terrains[0].movement.foot.playable: expected true or false, got nothing'],
    [
      'an extra rule property',
      (j) => (j.terrains[0].movement.foot.speed = 2),
      'test.json: $.terrains[0].movement.foot.speed: unknown property "speed" (expected one of: cost, playable)',
    ],
    [
      'a playable terrain that is impassable',
      (j) => (j.terrains[0].movement.foot = { cost: 'impassable', playable: true }),
      'test.json: $.terrains[0].movement.foot.cost: expected a number ≥ 0 for a playable terrain (its tiles are entered or moved along), got "impassable"',
    ],
    [
      'an unplayable area terrain with a cost',
      (j) => (j.terrains[0].movement.boat = { cost: 3, playable: false }),
      'test.json: $.terrains[0].movement.boat.cost: expected "impassable" for an unplayable area terrain (it cannot be entered), got 3',
    ],
  ]);
});

describe('parseCatalogue rejects, in transitions', () => {
  runCases([
    ['a rule that is not an object', (j) => (j.transitions[0] = 'forest-edge'), 'test.json: $.transitions[0]: expected a transition rule {"between", "band", "width"}, got "forest-edge"'],
    ['between with three sides', (j) => j.transitions[0].between.push('sand'), 'test.json: $.transitions[0].between: expected an array of two sides, got an array of 3'],
    ['an empty side', (j) => (j.transitions[0].between[1] = []), 'test.json: $.transitions[0].between[1]: expected a terrain id or a non-empty array of terrain ids, got an array of 0'],
    ['a repeated id in a side', (j) => (j.transitions[1].between[0] = ['clear', 'clear']), 'test.json: $.transitions[1].between[0][1]: "clear" is listed twice'],
    [
      'an unknown terrain in a side',
      (j) => (j.transitions[0].between[0] = 'woods'),
      'test.json: $.transitions[0].between[0]: unknown terrain "woods" (a transition side must name an area terrain of this catalogue)',
    ],
    [
      'an unknown terrain in a list side',
      (j) => (j.transitions[1].between[0] = ['clear', 'woods']),
      'test.json: $.transitions[1].between[0][1]: unknown terrain "woods" (a transition side must name an area terrain of this catalogue)',
    ],
    [
      'a linear terrain as a side',
      (j) => (j.transitions[0].between[1] = 'river'),
      'test.json: $.transitions[0].between[1]: expected an area terrain (a transition side), "river" is linear',
    ],
    [
      'a terrain on both sides',
      (j) => (j.transitions[1].between[1] = ['ocean', 'forest']),
      'test.json: $.transitions[1].between: "forest" is on both sides (a terrain needs no band against itself)',
    ],
    [
      'a pair covered twice',
      (j) => j.transitions.push({ between: ['ocean', 'forest'], band: 'sand', width: 2 }),
      'test.json: $.transitions[3].between: ocean ↔ forest is already covered by $.transitions[1] (each pair may have one rule)',
    ],
    ['a width of 5', (j) => (j.transitions[0].width = 5), 'test.json: $.transitions[0].width: expected an integer from 2 to 4, got 5'],
    ['a width of 1', (j) => (j.transitions[0].width = 1), 'test.json: $.transitions[0].width: expected an integer from 2 to 4, got 1'],
    ['a fractional width', (j) => (j.transitions[0].width = 2.5), 'test.json: $.transitions[0].width: expected an integer from 2 to 4, got 2.5'],
    ['a missing band', (j) => delete j.transitions[0].band, 'test.json: $.transitions[0].band: expected a terrain id, a weighted list, or {"byElevation": [...]}, got nothing'],
    [
      'an unknown band terrain',
      (j) => (j.transitions[0].band = 'scrub'),
      'test.json: $.transitions[0].band: unknown terrain "scrub" (a band fill must name an area terrain of this catalogue)',
    ],
    [
      'a linear band terrain',
      (j) => (j.transitions[0].band = 'road'),
      'test.json: $.transitions[0].band: expected an area terrain (a band fill), "road" is linear',
    ],
    ['a weight of 0', (j) => (j.transitions[2].band[0].weight = 0), 'test.json: $.transitions[2].band[0].weight: expected a number > 0, got 0'],
    ['a missing weight', (j) => delete j.transitions[2].band[1].weight, 'test.json: $.transitions[2].band[1].weight: expected a number > 0, got nothing'],
    ['a repeated weighted terrain', (j) => (j.transitions[2].band[1].terrain = 'clear'), 'test.json: $.transitions[2].band[1].terrain: "clear" is listed twice'],
    [
      'an unknown weighted terrain',
      (j) => (j.transitions[2].band[1].terrain = 'dunes'),
      'test.json: $.transitions[2].band[1].terrain: unknown terrain "dunes" (a band fill must name an area terrain of this catalogue)',
    ],
    [
      'a linear edge',
      (j) => (j.transitions[2].edge = 'sand'),
      'test.json: $.transitions[2].edge: expected a linear terrain (a band edge), "sand" is area',
    ],
    ['an empty byElevation', (j) => (j.transitions[1].band.byElevation = []), 'test.json: $.transitions[1].band.byElevation: expected a non-empty array, got an array of 0'],
    [
      'elevation steps out of order',
      (j) => j.transitions[1].band.byElevation.unshift({ below: 20, terrain: 'sand' }),
      "test.json: $.transitions[1].band.byElevation[1].below: expected a number greater than the previous step's 20, got 10",
    ],
    [
      'a last step with "below"',
      (j) => (j.transitions[1].band.byElevation[1].below = 100),
      'test.json: $.transitions[1].band.byElevation[1].below: the last step must omit "below" so that every elevation has a band, got 100',
    ],
    [
      'an earlier step without "below"',
      (j) => delete j.transitions[1].band.byElevation[0].below,
      'test.json: $.transitions[1].band.byElevation[0].below: expected a number of metres (only the last step may omit it), got nothing',
    ],
    [
      'an area terrain as a step edge',
      (j) => (j.transitions[1].band.byElevation[0].edge = 'sand'),
      'test.json: $.transitions[1].band.byElevation[0].edge: expected a linear terrain (a band edge), "sand" is area',
    ],
    [
      'a linear step terrain',
      (j) => (j.transitions[1].band.byElevation[1].terrain = 'cliff'),
      'test.json: $.transitions[1].band.byElevation[1].terrain: expected an area terrain (a band fill), "cliff" is linear',
    ],
    [
      'a rule edge with a byElevation band',
      (j) => (j.transitions[1].edge = 'beach'),
      'test.json: $.transitions[1].edge: not allowed with a "byElevation" band (give each elevation step its own "edge")',
    ],
    [
      'an unknown step property',
      (j) => (j.transitions[1].band.byElevation[0].above = 3),
      'test.json: $.transitions[1].band.byElevation[0].above: unknown property "above" (expected one of: below, terrain, edge)',
    ],
  ]);
});

describe('parseCatalogue rejects, in composites and priority', () => {
  runCases([
    ['a pair of one', (j) => (j.composites[0].pair = ['river']), 'test.json: $.composites[0].pair: expected an array of two linear terrain ids, got an array of 1'],
    ['a missing result', (j) => delete j.composites[0].result, 'test.json: $.composites[0].result: expected a kebab-case id such as "river-ford", got nothing'],
    [
      'an unknown terrain in a pair',
      (j) => (j.composites[0].pair[1] = 'railroad'),
      'test.json: $.composites[0].pair[1]: unknown terrain "railroad" (a composite pair must name a linear terrain of this catalogue)',
    ],
    [
      'an area terrain in a pair',
      (j) => (j.composites[0].pair[0] = 'forest'),
      'test.json: $.composites[0].pair[0]: expected a linear terrain (a composite pair), "forest" is area',
    ],
    [
      'an unknown result',
      (j) => (j.composites[0].result = 'bridge'),
      'test.json: $.composites[0].result: unknown terrain "bridge" (a composite result must name a linear terrain of this catalogue)',
    ],
    [
      'a pair out of priority order',
      (j) => (j.composites[0].pair = ['road', 'river']),
      'test.json: $.composites[0].pair: expected the higher-priority terrain first (["river", "road"]: "river" ranks above "road" in linearPriority), got ["road", "river"]',
    ],
    [
      'a pair defined twice',
      (j) => j.composites.push({ pair: ['river', 'road'], result: 'road' }),
      'test.json: $.composites[2].pair: river + road is already defined by $.composites[0]',
    ],
    [
      'an unknown priority entry',
      (j) => j.linearPriority.push('canal'),
      'test.json: $.linearPriority[2]: unknown terrain "canal" (linearPriority must name a linear terrain of this catalogue)',
    ],
    [
      'an area terrain in the priority',
      (j) => j.linearPriority.push('forest'),
      'test.json: $.linearPriority[2]: expected a linear terrain (linearPriority), "forest" is area',
    ],
    ['a repeated priority entry', (j) => j.linearPriority.push('river'), 'test.json: $.linearPriority[2]: "river" is listed twice (first at $.linearPriority[0])'],
  ]);

  it('orders unlisted linear terrains after listed ones, in catalogue order', () => {
    // Unlisted river-bridge (index 7) ranks below listed road, so [road, river-bridge] is in order…
    const ok = minimalCatalogueJson();
    ok.composites.push({ pair: ['road', 'river-bridge'], result: 'river-bridge' });
    expect(() => parseCatalogue(ok)).not.toThrow();
    // …and [river-bridge, beach] too (catalogue order), but not [beach, river-bridge].
    const bad = minimalCatalogueJson();
    bad.composites.push({ pair: ['beach', 'river-bridge'], result: 'beach' });
    expect(errorOf(() => parseCatalogue(bad, 'test.json'))).toBe(
      'test.json: $.composites[2].pair: expected the higher-priority terrain first (["river-bridge", "beach"]: "river-bridge" ranks above "beach" in linearPriority), got ["beach", "river-bridge"]',
    );
  });
});

describe('interchangeable terrains', () => {
  it('are read, written back, and refused when unknown, of the other class or the terrain itself', () => {
    const json = minimalCatalogueJson();
    const areas = json.terrains.filter((t: Json) => t.class === 'area');
    areas[0].interchangeable = [areas[1].id];
    const cat = parseCatalogue(structuredClone(json), 'x.json');
    expect(cat.terrains.find((t) => t.id === areas[0].id)!.interchangeable).toEqual([areas[1].id]);
    expect(parseCatalogue(JSON.parse(serializeCatalogue(cat)), 'y.json')).toEqual(cat);
    areas[0].interchangeable = ['nowhere'];
    expect(errorOf(() => parseCatalogue(structuredClone(json), 'x.json'))).toContain('interchangeable[0]: unknown terrain "nowhere"');
    areas[0].interchangeable = [areas[0].id];
    expect(errorOf(() => parseCatalogue(structuredClone(json), 'x.json'))).toContain('always interchangeable with itself');
    const linear = json.terrains.find((t: Json) => t.class === 'linear');
    areas[0].interchangeable = [linear.id];
    expect(errorOf(() => parseCatalogue(structuredClone(json), 'x.json'))).toContain('expected an area terrain');
  });
});
