/**
 * Drawn tile shapes (tile-shapes.ts) as SVG markup: the app's game board and manifest draw
 * 18xx tiles through it, and the side-by-side check against Rails' own tile pictures writes
 * our pictures with it. Text stays SVG text (a sans-serif face, the height as cap height).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TileShape } from './tile-shapes.js';

const num = (v: number) => (Math.round(v * 100) / 100).toString();

/** SVG path data of polylines (closed: each ends with Z). */
export function pathData(lines: readonly (readonly number[])[], closed: boolean): string {
  const parts: string[] = [];
  for (const l of lines) {
    if (l.length < 4) continue;
    let d = `M${num(l[0]!)} ${num(l[1]!)}`;
    for (let i = 2; i < l.length; i += 2) d += `L${num(l[i]!)} ${num(l[i + 1]!)}`;
    parts.push(closed ? `${d}Z` : d);
  }
  return parts.join('');
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** One SVG element per shape, in paint order. */
export function shapeSvg(s: TileShape): string {
  if (s.kind === 'fill') return `<path d="${pathData(s.rings, true)}" fill="${s.colour}"/>`;
  if (s.kind === 'stroke') {
    const dash = s.dash ? ` stroke-dasharray="${num(s.dash[0])} ${num(s.dash[1])}"` : '';
    return `<path d="${pathData(s.lines, false)}" fill="none" stroke="${s.colour}" stroke-width="${num(s.width)}" stroke-linejoin="round"${dash}/>`;
  }
  // Cap height is about 0.72 of the font size in common sans-serif faces.
  return `<text x="${num(s.x)}" y="${num(s.y)}" font-size="${num(s.height / 0.72)}" font-family="sans-serif" font-weight="bold" text-anchor="${s.anchor}" fill="${s.colour}">${escape(s.text)}</text>`;
}

/** A standalone SVG document of the shapes, `width` × `height` round the origin. */
export function shapesSvgDocument(shapes: readonly TileShape[], width: number, height: number): string {
  const body = shapes.map(shapeSvg).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${num(width)}" height="${num(height)}" viewBox="${num(-width / 2)} ${num(-height / 2)} ${num(width)} ${num(height)}">${body}</svg>`;
}

/** Shapes placed at points (a board's hexes), as one SVG document of the box `bounds` on `background`. */
export function placedShapesSvgDocument(items: readonly { readonly centre: readonly [number, number]; readonly shapes: readonly TileShape[] }[], bounds: readonly [number, number, number, number], background: string): string {
  const [x0, y0, x1, y1] = bounds;
  const [w, h] = [x1 - x0, y1 - y0];
  const body = items.map((it) => `<g transform="translate(${num(it.centre[0])} ${num(it.centre[1])})">${it.shapes.map(shapeSvg).join('')}</g>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${num(w)}" height="${num(h)}" viewBox="${num(x0)} ${num(y0)} ${num(w)} ${num(h)}"><rect x="${num(x0)}" y="${num(y0)}" width="${num(w)}" height="${num(h)}" fill="${background}"/>${body}</svg>`;
}
