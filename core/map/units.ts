/**
 * The three integers a map's layers are made of, told apart in the type: a tile index
 * (0 … tileCount − 1), an edge slot of the classic edge layer (grid.edgeSlot), and a palette
 * value (0 = no terrain, k = palette[k − 1]). All are `number` at run time and in the typed
 * arrays; swapping two of them (`terrainAt(value)`, `writeValue(map, layer, after, index)`)
 * used to compile and then read the wrong tile.
 *
 * They are flavours, not strict brands: the tag is optional, so a plain number — a loop
 * counter, a byte read from a Uint8Array in a hot loop — passes where any of them is wanted
 * without a cast, while a value already known to be one of them is refused where another is
 * wanted. The factories are identities that say which is meant.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */

interface Unit<U extends string> {
  readonly __unit?: U;
}

/** Dense tile index 0 … tileCount − 1. */
export type TileIndex = number & Unit<'tile'>;
/** Slot of the classic edge (or vertex) layer: grid.edgeSlot / vertexSlot. */
export type EdgeSlot = number & Unit<'slot'>;
/** Layer value: 0 = no terrain, k = 1…255 = palette[k − 1]. */
export type PaletteValue = number & Unit<'palette'>;

export const tileIndex = (i: number): TileIndex => i;
export const edgeSlot = (s: number): EdgeSlot => s;
export const paletteValue = (v: number): PaletteValue => v;
