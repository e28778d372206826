/**
 * Prototype-name keys and NUL are refused at every depth of every call (issue 24): in the
 * schema's objects (as unknown fields, by own-property lookup), inside arrays, in the free
 * keys of JSON fields (a mapping's tile keys), and NUL in any string or key; each with one
 * line naming the operation and the `$.path`, and nothing polluted.
 */
import { describe, expect, it } from 'vitest';
import { validateCall } from './contract.js';
import { refused } from './contract.testkit.js';
import { guardJson, isPrototypeName, keyPath } from './guard.js';

/** `value` with an own enumerable `key`, as JSON.parse makes it (an assignment to `__proto__` would set the prototype instead). */
function withKey<T extends object>(value: T, key: string, v: unknown): T {
  Object.defineProperty(value, key, { value: v, enumerable: true, writable: true, configurable: true });
  return value;
}

describe('JSON.parse and prototype names', () => {
  it('makes "__proto__" an own property (so the validator sees it), without touching the prototype', () => {
    const parsed = JSON.parse('{"id":"m","__proto__":{"polluted":true}}') as Record<string, unknown>;
    expect(Object.hasOwn(parsed, '__proto__')).toBe(true);
    expect(Object.keys(parsed)).toEqual(['id', '__proto__']);
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('the schema objects refuse prototype names as unknown fields', () => {
  for (const key of ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__']) {
    it(`refuses ${key} at the top and nested`, () => {
      expect(refused('maps.load', withKey({ id: 'm' }, key, {}))).toBe(`maps.load: $.${key}: unknown field; expected only id`);
      expect(refused('app.info', withKey({}, key, 1))).toBe(`app.info: $.${key}: unknown field; expected only no fields`);
      const fits = withKey({ id: 'm', tile: 3 }, key, 'x');
      expect(refused('tiles.list', { library: 'user', fits })).toBe(`tiles.list: $.fits.${key}: unknown field; expected only id, tile`);
      const placement = withKey({ tile: 4, vectorTile: 'a' }, key, null);
      expect(refused('maps.placeInstances', { id: 'm', placements: [{ tile: 1, vectorTile: null }, placement] })).toBe(
        `maps.placeInstances: $.placements[1].${key}: unknown field; expected only tile, vectorTile, placement`,
      );
    });
  }

  it('reads only own fields: a required field inherited from the prototype is missing', () => {
    const args = Object.create({ id: 'inherited' }) as object;
    expect(refused('maps.load', args)).toBe('maps.load: $.id: expected a string of 1…200 characters, got nothing');
  });
});

describe('free keys (JSON fields, records) refuse prototype names', () => {
  it('in a mapping\'s tile keys, at any depth, and inside arrays', () => {
    const tiles = withKey({ '1': 'forest' }, '__proto__', 'clear');
    expect(refused('maps.import', { fileName: 'a.tmx', text: '<map/>', mapping: { tiles } })).toBe(
      'maps.import: $.mapping.tiles.__proto__: "__proto__" is a prototype name, never a field or a key',
    );
    expect(refused('maps.importFile', { path: '/a.tmx', mapping: { tiles: { constructor: 'forest' } } })).toMatch(/^maps\.importFile: \$\.mapping\.tiles\.constructor: "constructor" is a prototype name/);
    expect(refused('catalogue.update', { edits: [{ op: 'updateTerrain', id: 'forest', patch: { toString: 'x' } }] })).toMatch(/^catalogue\.update: \$\.edits\[0\]\.patch\.toString: /);
  });

  it('in a pasted region', () => {
    const region = withKey({ format: 'sandtable-region' }, '__proto__', {});
    expect(refused('maps.paste', { id: 'm', anchor: 0, region })).toMatch(/^maps\.paste: \$\.region\.__proto__: /);
  });

  it('keeps an ordinary free key', () => {
    expect(validateCall('maps.importFile', { path: '/a.tmx', mapping: { tiles: { '1': 'forest', proto: 'clear', constructors: 'x' } } }).args).toBeTruthy();
  });
});

describe('NUL', () => {
  it('is refused in any string, naming the field and the position', () => {
    expect(refused('maps.load', { id: 'a\u0000b' })).toBe('maps.load: $.id: a NUL character at position 1; no string may hold NUL');
    expect(refused('project.open', { path: '/home/d/x.sandtable\u0000.txt' })).toMatch(/^project\.open: \$\.path: a NUL character at position 19;/);
    expect(refused('tiles.delete', { library: 'user', tiles: ['a', '\u0000'] })).toMatch(/^tiles\.delete: \$\.tiles\[1\]: a NUL character/);
    expect(refused('maps.import', { fileName: 'a.tmx', text: '<map/>', mapping: { tiles: { '1': 'for\u0000est' } } })).toMatch(/^maps\.import: \$\.mapping\.tiles\["1"\]: a NUL character at position 3/);
  });

  it('is refused in a key, shown escaped on one line', () => {
    const message = refused('maps.importFile', { path: '/a.tmx', mapping: { tiles: { 'a\u0000b': 'forest' } } });
    expect(message).toBe('maps.importFile: $.mapping.tiles["a\\u0000b"]: a NUL character at position 1; no string may hold NUL');
    expect(refused('maps.load', { id: 'm', 'x\u0000': 1 })).toBe('maps.load: $["x\\u0000"]: unknown field; expected only id');
  });
});

describe('guardJson', () => {
  it('walks a deep value without overflowing the stack, and a cycle once', () => {
    let deep: unknown = 'leaf\u0000';
    for (let k = 0; k < 100_000; k++) deep = [deep];
    // Refused (an InputError, not a RangeError), in one line that the message bound cuts.
    expect(() => guardJson(deep, '$', 'test')).toThrow(/^test: \$(\[0\]){100}.*\(message of \d+ characters cut\)$/);
    let shallow: unknown = 'leaf\u0000';
    for (let k = 0; k < 3; k++) shallow = [{ a: shallow }];
    expect(() => guardJson(shallow, '$', 'test')).toThrow(/^test: \$\[0\]\.a\[0\]\.a\[0\]\.a: a NUL character at position 4;/);
    const cycle: Record<string, unknown> = { a: 1 };
    cycle.self = cycle;
    expect(() => guardJson(cycle, '$', 'test')).not.toThrow();
  });

  it('names prototype names and writes paths', () => {
    expect(isPrototypeName('__proto__')).toBe(true);
    expect(isPrototypeName('proto')).toBe(false);
    expect(keyPath('$', 'tiles')).toBe('$.tiles');
    expect(keyPath('$', '12')).toBe('$["12"]');
  });
});
