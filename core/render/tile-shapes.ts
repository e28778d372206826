/**
 * What a drawn tile is made of, for every painter (the app's SVG, the tile sheets' PDF, SVG
 * and PNG, the exports): fills, strokes and text in the tile's own units round its centre,
 * y down. Text stays text here; each painter letters it its own way (the sheets with the
 * stroke font, the app as SVG text).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */

export type TileShape =
  /** Rings of x, y pairs filled together (non-zero). */
  | { readonly kind: 'fill'; readonly colour: string; readonly rings: readonly (readonly number[])[] }
  | { readonly kind: 'stroke'; readonly colour: string; readonly width: number; readonly lines: readonly (readonly number[])[]; readonly dash?: readonly [number, number] }
  /** (x, y) is the baseline point at `anchor`; `height` the capital height. */
  | { readonly kind: 'text'; readonly text: string; readonly x: number; readonly y: number; readonly height: number; readonly colour: string; readonly anchor: 'start' | 'middle' | 'end' };

/** A regular polygon approximating a circle. */
export function circle(cx: number, cy: number, r: number, n = 32): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(cx + r * Math.cos((2 * Math.PI * i) / n), cy + r * Math.sin((2 * Math.PI * i) / n));
  return out;
}
