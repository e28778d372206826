import { describe, expect, it } from 'vitest';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { strokeTextFont, strokeTextString } from './pdf-stroke-text.js';
import { PdfPainter } from './pdf-page.js';

describe('the invisible text layer under stroke-font lettering', () => {
  it('encodes ASCII as itself, the stroke font\'s other characters from 128, the rest as ?', () => {
    expect(strokeTextString('Ab 1;').toString()).toBe('<416220313b>');
    expect(strokeTextString('×→é').toString()).toBe('<80823f>');
  });

  it('is one Type 3 font per document, with a ToUnicode map back to what was written', async () => {
    const doc = await PDFDocument.create();
    const ref = strokeTextFont(doc);
    expect(strokeTextFont(doc)).toBe(ref);
    const font = doc.context.lookup(ref, PDFDict);
    expect(font.get(PDFName.of('Subtype'))).toBe(PDFName.of('Type3'));
    const toUnicode = font.lookup(PDFName.of('ToUnicode'));
    expect(toUnicode).toBeInstanceOf(PDFRawStream);
    const cmap = toUnicode instanceof PDFRawStream ? new TextDecoder().decode(decodePDFRawStream(toUnicode).decode()) : '';
    expect(cmap).toContain('<41> <0041>');
    expect(cmap).toContain('<80> <00D7>');
    expect(cmap).toContain('<82> <2192>');
  });

  it('draws the text as strokes and writes its invisible copy in render mode 3, then restores visible text', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([200, 100]);
    const painter = new PdfPainter(doc, page);
    painter.strokeText([{ x: 100, y: 50, text: 'page 1', colour: '#000000' }], 10, 1.2, 'middle');
    expect(painter.paths).toBe(1);
    painter.finish();
    const fonts = page.node.Resources()!.lookup(PDFName.of('Font'), PDFDict);
    expect(fonts.entries()).toHaveLength(1);
    const ops = new TextDecoder().decode(decodePDFRawStream(doc.context.lookup(page.node.Contents(), PDFArray).lookup(0, PDFRawStream)).decode());
    // 'page 1' is 6 glyphs: (6·6 − 2) units of 10/6 pt, centred on x = 100.
    expect(ops).toMatch(/3 Tr\n1 0 0 -1 71.67 50 Tm\n<706167652031> Tj\n0 Tr\nET/);
  });
});
