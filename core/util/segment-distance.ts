/**
 * Squared distance from a point to the segment a–b, in any dimension (flat model points or
 * the globe's 3-D centres): the brush (core/alform/brush.ts) and the freehand linear stroke
 * (core/alform/linear-stroke.ts) both ask how far a tile centre lies from the pointer's path.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
export function segmentDistance2(p: readonly number[], a: readonly number[], b: readonly number[]): number {
  let ab2 = 0;
  let dot = 0;
  for (let k = 0; k < a.length; k++) {
    const ab = b[k]! - a[k]!;
    ab2 += ab * ab;
    dot += (p[k]! - a[k]!) * ab;
  }
  const t = ab2 > 0 ? Math.min(1, Math.max(0, dot / ab2)) : 0;
  let s = 0;
  for (let k = 0; k < a.length; k++) {
    const d = p[k]! - (a[k]! + t * (b[k]! - a[k]!));
    s += d * d;
  }
  return s;
}
