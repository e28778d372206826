/**
 * The thin adapter of STYLE.md "hot paths without garbage": core/render hands over typed
 * arrays (positions, colours, indices), and these helpers wrap them in Three.js buffer
 * attributes without copying, replace them when core rebuilds an element, and upload only a
 * dirty range when core recolours a tile in place (`addUpdateRange` + `needsUpdate`).
 *
 * Renderer layer: Three.js, no DOM of its own, no Node.
 */
import { BufferAttribute, BufferGeometry, type TypedArray } from 'three';

export interface MeshArrays {
  positions: Float32Array;
  /** rgb or rgba per vertex; Uint8 arrays are read as 0…255 normalised. */
  colors: Uint8Array | Float32Array;
  colorSize: 3 | 4;
  indices?: Uint32Array | null;
}

function colorAttribute(colors: Uint8Array | Float32Array, size: 3 | 4): BufferAttribute {
  return new BufferAttribute(colors, size, colors instanceof Uint8Array);
}

/** A geometry over `arrays` (shared, not copied). */
export function geometryFrom(arrays: MeshArrays): BufferGeometry {
  const g = new BufferGeometry();
  setArrays(g, arrays);
  return g;
}

/**
 * Points `g` at new arrays (a rebuild of one element, e.g. new outlines for another mode).
 * Attributes of the same length are refilled in place, so the GPU buffer is reused.
 */
export function setArrays(g: BufferGeometry, arrays: MeshArrays): void {
  replaceAttribute(g, 'position', arrays.positions, 3, false);
  replaceAttribute(g, 'color', arrays.colors, arrays.colorSize, arrays.colors instanceof Uint8Array);
  if (arrays.indices) {
    const idx = g.getIndex();
    if (idx && idx.array.length === arrays.indices.length && idx.array.constructor === arrays.indices.constructor) {
      (idx.array as Uint32Array).set(arrays.indices);
      idx.needsUpdate = true;
    } else g.setIndex(new BufferAttribute(arrays.indices, 1));
  } else if (g.getIndex()) g.setIndex(null);
  g.setDrawRange(0, Infinity);
  g.computeBoundingSphere();
}

function replaceAttribute(g: BufferGeometry, name: string, array: TypedArray, size: number, normalized: boolean): void {
  const old = g.getAttribute(name) as BufferAttribute | undefined;
  if (old && old.array === array) {
    old.needsUpdate = true;
    return;
  }
  if (old && old.array.length === array.length && old.array.constructor === array.constructor && old.itemSize === size) {
    (old.array as TypedArray).set(array);
    old.needsUpdate = true;
    return;
  }
  g.setAttribute(name, name === 'color' ? colorAttribute(array as Uint8Array | Float32Array, size as 3 | 4) : new BufferAttribute(array, size, normalized));
}

/**
 * After core changed the colour of vertices [first, first + count) in the array this
 * geometry shares: upload just those (`count` in vertices).
 */
export function markColorRange(g: BufferGeometry, first: number, count: number): void {
  const attr = g.getAttribute('color') as BufferAttribute | undefined;
  if (!attr || count <= 0) return;
  attr.addUpdateRange(first * attr.itemSize, count * attr.itemSize);
  attr.needsUpdate = true;
}
