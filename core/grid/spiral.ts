/**
 * The spiral every grid kind builds the same way: rings 0…last around a centre, one after
 * the other in one Int32Array (SPEC §2: spiral = ring 0, ring 1, …). Each kind supplies its
 * own ring walk.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */

/** Rings `ring(0)` … `ring(last)` concatenated in order. */
export function spiralOfRings(last: number, ring: (radius: number) => Int32Array): Int32Array {
  const rings: Int32Array[] = [];
  let total = 0;
  for (let r = 0; r <= last; r++) {
    const tiles = ring(r);
    rings.push(tiles);
    total += tiles.length;
  }
  const out = new Int32Array(total);
  let k = 0;
  for (const tiles of rings) {
    out.set(tiles, k);
    k += tiles.length;
  }
  return out;
}
