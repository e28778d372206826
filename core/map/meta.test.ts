import { describe, expect, it } from 'vitest';
import { readDerivedMeta, readImportMeta, readMapMeta, requireDerivedMeta } from './meta.js';
import type { MapMeta } from './meta.js';
import { mapFromJson, mapToJson } from './map-json.js';
import { TerrainMap } from './terrain-map.js';
import { inputErrorMessage } from '../util/input-error.testkit.js';

const DERIVED = { parent: 'p1', selection: [12, 13], ratio: 10, seed: 3, lattice: 'square', origin: [8, -4] };
const TILED = { format: 'tiled', file: 'a.tmx', mapping: { tiles: { 'Desert:29': 'sand' }, default: 'clear' }, skipped: ['objects'] };
const WESNOTH = { format: 'wesnoth', file: 'b.map', mapping: { codes: { 'G*': 'clear' }, default: '' } };

describe('map metadata', () => {
  it('reads derived and import records into typed values and keeps other keys', () => {
    const meta = readMapMeta({ name: 'Ardennes', derived: DERIVED, import: TILED, tiled: { layoutRotation: 270 } }, 'x.json');
    expect(meta).toEqual({ name: 'Ardennes', derived: DERIVED, import: TILED, tiled: { layoutRotation: 270 } });
    // Typed: no cast between the file and the fields.
    const origin: readonly [number, number] | undefined = meta.derived?.origin;
    expect(origin).toEqual([8, -4]);
    expect(meta.import?.format === 'tiled' && meta.import.mapping.default).toBe('clear');
    expect(readImportMeta(WESNOTH, 'x')).toEqual(WESNOTH);
  });

  const badDerived: [string, Record<string, unknown>, string][] = [
    ['a missing ratio', { ...DERIVED, ratio: undefined }, 'x.json: $.meta.derived.ratio: expected an integer 1…2147483647, got nothing'],
    ['a fractional seed', { ...DERIVED, seed: 0.5 }, 'x.json: $.meta.derived.seed: expected an integer'],
    ['an unknown lattice', { ...DERIVED, lattice: 'triangle' }, 'x.json: $.meta.derived.lattice: expected one of "square", "offset-square", "hex", got "triangle"'],
    ['a bad tile in the selection', { ...DERIVED, selection: [1, -2] }, 'x.json: $.meta.derived.selection[1]: expected an integer 0…'],
    ['an empty selection', { ...DERIVED, selection: [] }, 'x.json: $.meta.derived.selection: expected at least one tile (the reference first), got an array of 0'],
    ['a short origin', { ...DERIVED, origin: [4] }, 'x.json: $.meta.derived.origin: expected a pair [x, y], got an array of 1'],
    ['a numeric parent', { ...DERIVED, parent: 7 }, 'x.json: $.meta.derived.parent: expected a string, got 7'],
    ['a typo', { ...DERIVED, raito: 10 }, 'x.json: $.meta.derived.raito: unknown field'],
  ];
  it.each(badDerived)('a derived record with %s is an InputError naming the field', (_, derived, want) => {
    expect(inputErrorMessage(() => readMapMeta({ derived }, 'x.json'))).toContain(want);
  });

  const badImport: [string, Record<string, unknown>, string][] = [
    ['an unknown format', { ...TILED, format: 'rails' }, 'x.json: $.meta.import.format: expected one of "tiled", "wesnoth", got "rails"'],
    ['no file', { ...WESNOTH, file: undefined }, 'x.json: $.meta.import.file: expected a string, got nothing'],
    ['a bad Tiled mapping key', { ...TILED, mapping: { tiles: { Desert: 'sand' }, default: 'clear' } }, 'x.json: $.meta.import.mapping.tiles["Desert"]: expected a key'],
    ['a Wesnoth mapping without default', { ...WESNOTH, mapping: { codes: {} } }, 'x.json: $.meta.import.mapping.default: expected a string, got nothing'],
    ['skipped layers on a Wesnoth import', { ...WESNOTH, skipped: ['x'] }, 'x.json: $.meta.import.skipped: unknown field'],
  ];
  it.each(badImport)('an import record with %s is an InputError naming the field', (_, record, want) => {
    expect(inputErrorMessage(() => readMapMeta({ import: record }, 'x.json'))).toContain(want);
  });

  it('a map file with bad derived metadata fails to load with the field named', () => {
    const json: Record<string, unknown> = { ...mapToJson(TerrainMap.create({ size: { kind: 'square', width: 2, height: 2 } })) };
    json.meta = { derived: { ...DERIVED, lattice: 'hexagon' } };
    expect(inputErrorMessage(() => mapFromJson(json, 'tactical.json'))).toContain('tactical.json: $.meta.derived.lattice: expected one of');
    json.meta = { name: 3 };
    expect(inputErrorMessage(() => mapFromJson(json, 'tactical.json'))).toBe('tactical.json: $.meta.name: expected a string, got 3');
    json.meta = { derived: DERIVED, import: WESNOTH };
    expect(mapFromJson(json, 'tactical.json').meta).toEqual({ derived: DERIVED, import: WESNOTH });
  });

  it('requireDerivedMeta names a map that was not derived', () => {
    const meta: MapMeta = { name: 'plain' };
    expect(() => requireDerivedMeta(meta, 'plain.json')).toThrow('plain.json is not a derived map: it has no meta.derived');
    expect(requireDerivedMeta({ derived: readDerivedMeta(DERIVED, 'x') }, 'x').ratio).toBe(10);
  });
});
