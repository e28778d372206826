/**
 * A cache keyed by a typed record instead of an ad-hoc string: each cache names its key
 * type and the one function that turns a key into the Map key (open-maps.ts `openMapKey`,
 * derived-status.ts `hashKey`), so two call sites cannot spell the same key two ways.
 * With a `limit`, the least recently used entry is dropped first.
 *
 * Plain TypeScript: must not depend on Electron, DOM or Node.
 */
export class KeyedCache<K, V> {
  private readonly entries = new Map<string, V>();

  constructor(
    private readonly keyOf: (key: K) => string,
    private readonly limit = Infinity,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The entry, now the most recently used. */
  get(key: K): V | undefined {
    const k = this.keyOf(key);
    const value = this.entries.get(k);
    if (value === undefined) return undefined;
    // Re-insert: Map iteration order is our least-recently-used order.
    this.entries.delete(k);
    this.entries.set(k, value);
    return value;
  }

  set(key: K, value: V): void {
    const k = this.keyOf(key);
    this.entries.delete(k);
    this.entries.set(k, value);
    while (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
  }

  /** The entry, made by `make` (and kept) when there is none. */
  getOrSet(key: K, make: () => V): V {
    const found = this.get(key);
    if (found !== undefined) return found;
    const value = make();
    this.set(key, value);
    return value;
  }

  delete(key: K): boolean {
    return this.entries.delete(this.keyOf(key));
  }

  clear(): void {
    this.entries.clear();
  }
}
