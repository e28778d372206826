import { describe, expect, it } from 'vitest';
import { errorOf, loadDefaultCatalogue, minimalCatalogueJson } from './catalogue.testkit.js';
import { parseCatalogue } from './parse.js';
import { catalogueToJson, serializeCatalogue } from './serialize.js';
import type { TerrainCatalogue } from './types.js';

describe('serializeCatalogue', () => {
  const catalogues: [string, TerrainCatalogue][] = [
    ['minimal', parseCatalogue(minimalCatalogueJson())],
    ['default', loadDefaultCatalogue()],
  ];

  for (const [name, c] of catalogues) {
    it(`round-trips the ${name} catalogue: parse(serialize(c)) equals c`, () => {
      const text = serializeCatalogue(c);
      const back = parseCatalogue(JSON.parse(text), name);
      expect(back).toEqual(c);
      expect(serializeCatalogue(back)).toBe(text);
    });
  }

  it('keeps optional fields only where they were given', () => {
    const c = parseCatalogue(minimalCatalogueJson());
    const json = catalogueToJson(c) as { description?: string; modes: object[]; terrains: object[] };
    expect('description' in json).toBe(false);
    expect(json.modes[0]).toEqual({ id: 'foot', name: 'Foot' });
    expect(json.modes[1]).toEqual({ id: 'boat', name: 'Boat', description: 'Water only.' });
    expect('secondaryColour' in json.terrains[0]!).toBe(false);
    expect(json.terrains[1]).toMatchObject({ secondaryColour: '#204020', pattern: 'trees' });
  });

  it('round-trips the optional vector-tile property reorderable, and leaves it out when absent', () => {
    const json = minimalCatalogueJson() as { terrains: Record<string, unknown>[] };
    json.terrains[0]!.reorderable = true;
    const c = parseCatalogue(json);
    expect(c.terrains[0]!.reorderable).toBe(true);
    expect('reorderable' in c.terrains[1]!).toBe(false);
    const back = parseCatalogue(JSON.parse(serializeCatalogue(c)));
    expect(back).toEqual(c);
  });

  it('writes keys in canonical order, whatever order the input had', () => {
    const j = minimalCatalogueJson();
    j.terrains[0] = Object.fromEntries(Object.entries(j.terrains[0] as object).reverse());
    const json = catalogueToJson(parseCatalogue(j)) as { terrains: object[] };
    expect(Object.keys(json.terrains[0]!)).toEqual([
      'id', 'class', 'name', 'colour', 'humanCurated', 'elevationOffset', 'height', 'cover', 'concealment', 'blocksSightThrough', 'movement',
    ]);
    expect(Object.keys(json.terrains[5]!)).toEqual([
      'id', 'class', 'name', 'colour', 'humanCurated', 'elevationOffset', 'height', 'cover', 'concealment', 'width', 'blocksSightAcross',
      'blocksSightAlong', 'movement',
    ]);
  });

  it('puts short records on one line and ends with a newline', () => {
    const text = serializeCatalogue(parseCatalogue(minimalCatalogueJson()));
    expect(text.endsWith('}\n')).toBe(true);
    expect(text).toContain('"movement": { "foot": { "cost": 1, "playable": true }, "boat": { "cost": "impassable", "playable": false } }');
    expect(text).toContain('{ "pair": ["river", "road"], "result": "river-bridge" }');
    for (const line of text.split('\n')) expect(line.length).toBeLessThanOrEqual(120);
    // Six modes no longer fit one line: one rule per line.
    expect(serializeCatalogue(loadDefaultCatalogue())).toContain('\n        "foot": { "cost": 1, "playable": true },\n');
  });

  it('refuses to write a hand-built catalogue that breaks a rule', () => {
    const c = parseCatalogue(minimalCatalogueJson());
    const bad: TerrainCatalogue = { ...c, terrains: [{ ...c.terrains[0]!, cover: 2 }, ...c.terrains.slice(1)] };
    expect(errorOf(() => serializeCatalogue(bad))).toBe('serializeCatalogue: $.terrains[0].cover: expected a number from 0 to 1, got 2');
  });
});
