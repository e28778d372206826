/**
 * The Painter of one PDF page (pdf-lib): the map as vectors — one filled path per terrain,
 * stroked paths with round caps and joins — and text in Helvetica, so the numbers and labels
 * stay searchable text (`pdftotext` reads them). Output units are points, y down from the
 * page's top; pdf-lib's drawSvgPath flips them onto PDF's y-up page.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { PDFFont, PDFPage } from 'pdf-lib';
import { LineCapStyle, LineJoinStyle, rgb, setLineJoin, pushOperators } from './pdf-lib.js';
import type { Painter, TextItem } from './compose.js';
import { rgbaOf } from './symbols.js';

/** Cap height of Helvetica as a fraction of its size. */
const HELVETICA_CAP = 0.718;
const n2 = (v: number): string => (Math.round(v * 100) / 100).toString();

export const colourOf = (hex: string) => {
  const [r, g, b] = rgbaOf(hex);
  return rgb(r / 255, g / 255, b / 255);
};

function path(xy: ArrayLike<number>, close: boolean): string {
  let d = `M${n2(xy[0]!)} ${n2(xy[1]!)}`;
  for (let i = 2; i + 1 < xy.length; i += 2) d += `L${n2(xy[i]!)} ${n2(xy[i + 1]!)}`;
  return close ? `${d}Z` : d;
}

export class PdfPainter implements Painter {
  /** Paths written (tests assert work, not time). */
  paths = 0;

  constructor(
    private readonly page: PDFPage,
    private readonly font: PDFFont,
  ) {
    pushOperators(page, setLineJoin(LineJoinStyle.Round));
  }

  private draw(d: string, options: Parameters<PDFPage['drawSvgPath']>[1]): void {
    if (!d) return;
    this.paths++;
    this.page.drawSvgPath(d, { x: 0, y: this.page.getHeight(), ...options });
  }

  tiles(_terrain: number, colour: string, each: (ring: (xy: ArrayLike<number>) => void) => void): void {
    const parts: string[] = [];
    each((xy) => parts.push(path(xy, true)));
    // A hair of stroke in the fill colour closes the anti-aliasing seams viewers show between abutting fills.
    this.draw(parts.join(''), { color: colourOf(colour), borderColor: colourOf(colour), borderWidth: 0.15 });
  }

  fills(colour: string, rings: readonly ArrayLike<number>[]): void {
    this.draw(rings.map((r) => path(r, true)).join(''), { color: colourOf(colour) });
  }

  strokes(colour: string, width: number, lines: readonly ArrayLike<number>[], dash?: readonly [number, number]): void {
    this.draw(lines.map((l) => path(l, false)).join(''), {
      borderColor: colourOf(colour),
      borderWidth: width,
      borderLineCap: dash ? LineCapStyle.Butt : LineCapStyle.Round,
      ...(dash ? { borderDashArray: [dash[0], dash[1]] } : {}),
    });
  }

  text(items: readonly TextItem[], size: number, anchor: 'start' | 'middle' | 'end'): void {
    const fontSize = size / HELVETICA_CAP;
    const h = this.page.getHeight();
    for (const it of items) {
      const w = anchor === 'start' ? 0 : this.font.widthOfTextAtSize(it.text, fontSize);
      const x = anchor === 'middle' ? it.x - w / 2 : anchor === 'end' ? it.x - w : it.x;
      this.page.drawText(it.text, { x, y: h - it.y, size: fontSize, font: this.font, color: colourOf(it.colour) });
    }
  }
}
