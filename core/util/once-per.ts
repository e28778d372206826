/**
 * Values computed once and kept: `cachedIn(cache, key, build)` returns the cached value or
 * builds, stores and returns it; `oncePer(build)` does so per key object, held weakly — grids
 * are immutable, so what is derived from one (its tile classes, its AL-FORM image, its sight
 * lattice) is derived once. One home for the memo pattern.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
export interface Cache<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): unknown;
}

export function cachedIn<K, V>(cache: Cache<K, V>, key: K, build: () => V): V {
  let value = cache.get(key);
  if (value === undefined) {
    value = build();
    cache.set(key, value);
  }
  return value;
}

export function oncePer<K extends object, V>(build: (key: K) => V): (key: K) => V {
  const cache = new WeakMap<K, V>();
  return (key) => cachedIn(cache, key, () => build(key));
}
