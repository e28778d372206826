/**
 * The Painter of one PDF page: the map as vectors — one filled path per terrain, stroked
 * paths with round caps and joins — and text in Helvetica, so numbers and labels stay
 * searchable (`pdftotext` reads them). It writes the page's content stream itself, as PDF
 * operators in one compressed stream, rather than through pdf-lib's drawSvgPath, which parses
 * an SVG path per call: on a 100×100-hex map that was most of the export's time. The stream
 * starts with a y flip, so coordinates are points y-down from the page's top like the other
 * writers'; text is flipped back upright in its own matrix.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { PDFDocument, PDFFont, PDFName, PDFPage } from 'pdf-lib';
import type { Painter, TextItem } from './compose.js';
import { rgbaOf } from '../render/symbols.js';
import { textPolylines, textWidthUnits, GLYPH_HEIGHT } from './stroke-font.js';
import { strokeTextFont, strokeTextString } from './pdf-stroke-text.js';
import type { MapLabelItem } from './map-labels.js';
import { labelStrokes } from './map-labels.js';

/** Cap height of Helvetica as a fraction of its size. */
const HELVETICA_CAP = 0.718;
const n2 = (v: number): string => (Math.round(v * 100) / 100).toString();
const n4 = (v: number): string => (Math.round(v * 10000) / 10000).toString();

function colourOps(hex: string, op: 'rg' | 'RG'): string {
  const [r, g, b] = rgbaOf(hex);
  return `${n2(r / 255)} ${n2(g / 255)} ${n2(b / 255)} ${op}`;
}

function pathOps(xy: ArrayLike<number>, close: boolean, out: string[]): void {
  out.push(`${n2(xy[0]!)} ${n2(xy[1]!)} m`);
  for (let i = 2; i + 1 < xy.length; i += 2) out.push(`${n2(xy[i]!)} ${n2(xy[i + 1]!)} l`);
  if (close) out.push('h');
}

export class PdfPainter implements Painter {
  /** Fill and stroke operations written (tests assert work, not time). */
  paths = 0;
  private readonly ops: string[] = [];
  private fontKey: PDFName | undefined;
  private strokeFontKey: PDFName | undefined;

  /** `font` (Helvetica) only for `text`; a page without it references no font it does not carry. */
  constructor(
    private readonly doc: PDFDocument,
    private readonly page: PDFPage,
    private readonly font?: PDFFont,
  ) {
    this.ops.push('q', `1 0 0 -1 0 ${n2(page.getHeight())} cm`, '1 j');
  }

  tiles(_terrain: number, colour: string, each: (ring: (xy: ArrayLike<number>) => void) => void): void {
    const before = this.ops.length;
    each((xy) => pathOps(xy, true, this.ops));
    if (this.ops.length === before) return;
    this.paths++;
    // A hair of stroke in the fill colour closes the seams viewers anti-alias between abutting fills.
    this.ops.splice(before, 0, colourOps(colour, 'rg'), colourOps(colour, 'RG'), '0.15 w');
    this.ops.push('B');
  }

  fills(colour: string, rings: readonly ArrayLike<number>[]): void {
    if (!rings.length) return;
    this.paths++;
    this.ops.push(colourOps(colour, 'rg'));
    for (const r of rings) pathOps(r, true, this.ops);
    this.ops.push('f');
  }

  strokes(colour: string, width: number, lines: readonly ArrayLike<number>[], dash?: readonly [number, number]): void {
    if (!lines.length) return;
    this.paths++;
    this.ops.push(colourOps(colour, 'RG'), `${n2(width)} w`, dash ? '0 J' : '1 J', dash ? `[${n2(dash[0])} ${n2(dash[1])}] 0 d` : '[] 0 d');
    for (const l of lines) pathOps(l, false, this.ops);
    this.ops.push('S');
  }

  text(items: readonly TextItem[], size: number, anchor: 'start' | 'middle' | 'end'): void {
    const font = this.font;
    if (!font) throw new Error('PdfPainter.text needs the page font; this painter was made without one');
    const fontSize = size / HELVETICA_CAP;
    this.fontKey ??= this.page.node.newFontDictionary(font.name, font.ref);
    this.ops.push('BT', `${this.fontKey.toString()} ${n2(fontSize)} Tf`);
    let colour = '';
    for (const it of items) {
      const w = anchor === 'start' ? 0 : font.widthOfTextAtSize(it.text, fontSize);
      const x = anchor === 'middle' ? it.x - w / 2 : anchor === 'end' ? it.x - w : it.x;
      if (it.colour !== colour) this.ops.push(colourOps((colour = it.colour), 'rg'));
      this.ops.push(`1 0 0 -1 ${n2(x)} ${n2(it.y)} Tm`, `${this.font.encodeText(it.text).toString()} Tj`);
    }
    this.ops.push('ET');
  }

  /**
   * Text as stroke-font lines (`size` the cap height, `weight` the stroke width): no font to
   * embed or substitute, the same lettering as the PNG and SVG writers. An invisible copy in
   * pdf-stroke-text.ts's Type 3 font lies under it, same start and advance, so it stays
   * searchable and selectable.
   */
  strokeText(items: readonly TextItem[], size: number, weight: number, anchor: 'start' | 'middle' | 'end'): void {
    if (!items.length) return;
    for (const it of items) this.strokes(it.colour, weight, textPolylines(it.text, it.x, it.y, size, anchor));
    this.strokeFontKey ??= this.page.node.newFontDictionary('SandtableText', strokeTextFont(this.doc));
    this.ops.push('BT', `${this.strokeFontKey.toString()} ${n2(size)} Tf`, '3 Tr');
    for (const it of items) {
      const w = (textWidthUnits(it.text) * size) / GLYPH_HEIGHT;
      const x = anchor === 'middle' ? it.x - w / 2 : anchor === 'end' ? it.x - w : it.x;
      this.ops.push(`1 0 0 -1 ${n2(x)} ${n2(it.y)} Tm`, `${strokeTextString(it.text).toString()} Tj`);
    }
    // The render mode is graphics state and outlives ET: back to visible for any later text.
    this.ops.push('0 Tr', 'ET');
  }

  /**
   * Map labels as stroke-font lines (halo under ink, the same lettering as the PNG), with an
   * invisible copy in pdf-stroke-text.ts's font along the same baseline, turned with it, so a
   * place name is found by a PDF reader's search.
   */
  mapLabels(items: readonly MapLabelItem[]): void {
    if (!items.length) return;
    for (const it of items) {
      const l = labelStrokes(it);
      this.strokes(l.halo, l.haloWidth, l.lines);
      this.strokes(l.ink, l.inkWidth, l.lines);
    }
    this.strokeFontKey ??= this.page.node.newFontDictionary('SandtableText', strokeTextFont(this.doc));
    this.ops.push('BT', '3 Tr');
    for (const it of items) {
      const cap = it.size * 0.72;
      const w = (textWidthUnits(it.text) * cap) / GLYPH_HEIGHT;
      const cos = Math.cos(it.angle);
      const sin = Math.sin(it.angle);
      // The baseline starts half the width before the centre and half the cap height below it (y down), turned by the angle.
      const x = it.x - (w / 2) * cos - (cap / 2) * sin;
      const y = it.y - (w / 2) * sin + (cap / 2) * cos;
      this.ops.push(`${this.strokeFontKey.toString()} ${n2(cap)} Tf`, `${n4(cos)} ${n4(sin)} ${n4(sin)} ${n4(-cos)} ${n2(x)} ${n2(y)} Tm`, `${strokeTextString(it.text).toString()} Tj`);
    }
    this.ops.push('0 Tr', 'ET');
  }

  /** Clips what follows to a rectangle (y-down), until `endClip`. */
  beginClip(x: number, y: number, w: number, h: number): void {
    this.ops.push('q', `${n2(x)} ${n2(y)} ${n2(w)} ${n2(h)} re`, 'W', 'n');
  }

  endClip(): void {
    this.ops.push('Q');
  }

  /** Writes the page's content stream. */
  finish(): void {
    this.ops.push('Q');
    const stream = this.doc.context.flateStream(this.ops.join('\n'));
    this.page.node.addContentStream(this.doc.context.register(stream));
  }
}
