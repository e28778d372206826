/** KeyedCache: typed keys through one key function, least recently used dropped first. */
import { describe, expect, it } from 'vitest';
import { KeyedCache } from './keyed-cache.js';
import { openMapKey } from './open-maps.js';
import { hashKey } from './derived-status.js';

describe('KeyedCache', () => {
  it('finds an entry by an equal key record, not by identity', () => {
    const cache = new KeyedCache<{ a: string; b: number }, string>((k) => `${k.a}/${k.b}`);
    cache.set({ a: 'x', b: 1 }, 'one');
    expect(cache.get({ a: 'x', b: 1 })).toBe('one');
    expect(cache.get({ a: 'x', b: 2 })).toBeUndefined();
    expect(cache.getOrSet({ a: 'x', b: 2 }, () => 'two')).toBe('two');
    expect(cache.getOrSet({ a: 'x', b: 2 }, () => 'not made')).toBe('two');
    expect(cache.delete({ a: 'x', b: 1 })).toBe(true);
    expect(cache.size).toBe(1);
  });

  it('drops the least recently used entry beyond its limit', () => {
    const cache = new KeyedCache<number, string>(String, 2);
    cache.set(1, 'a');
    cache.set(2, 'b');
    cache.get(1);
    cache.set(3, 'c');
    expect([cache.get(1), cache.get(2), cache.get(3)]).toEqual(['a', undefined, 'c']);
  });
});

describe('cache keys', () => {
  it('tell apart what ad-hoc strings could confuse', () => {
    // An id with a space or a separator in it cannot collide with another key.
    expect(openMapKey({ generation: 1, mapId: '2/x' })).not.toBe(openMapKey({ generation: 12, mapId: 'x' }));
    expect(openMapKey({ generation: 1, mapId: 'x' })).not.toBe(openMapKey({ generation: 2, mapId: 'x' }));
    expect(hashKey({ hash: 'ground', parentId: 'p 10' })).not.toBe(hashKey({ hash: 'substitutes', parentId: 'p', ratio: 10 }));
    expect(hashKey({ hash: 'substitutes', parentId: 'p', ratio: 10 })).not.toBe(hashKey({ hash: 'substitutes', parentId: 'p', ratio: 12 }));
  });
});
