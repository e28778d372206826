/**
 * Sorting a few numbers with a partner each: the scanline crossings of the raster export
 * (with their winding) and the covered intervals of an outline edge (with their ends).
 *
 * Must not depend on: anything outside core/util.
 */

/** Mutable numbers by index: a plain array or a typed one. */
export type NumberArray = { [i: number]: number; readonly length: number };

/**
 * Sorts `keys[0…count)` ascending in place, moving `partners[i]` with `keys[i]` (stable).
 * Insertion sort: the callers sort a handful of entries, where it beats Array.sort.
 */
export function sortPairs(keys: NumberArray, partners: NumberArray, count: number = keys.length): void {
  for (let i = 1; i < count; i++) {
    const k = keys[i]!;
    const p = partners[i]!;
    let j = i - 1;
    while (j >= 0 && keys[j]! > k) {
      keys[j + 1] = keys[j]!;
      partners[j + 1] = partners[j]!;
      j--;
    }
    keys[j + 1] = k;
    partners[j + 1] = p;
  }
}
