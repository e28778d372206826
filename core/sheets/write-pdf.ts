/**
 * A tile-sheet print as one vector PDF (issue 29): every page of `composeSheets` painted
 * through the map print's page painter (core/export/pdf-page.ts: raw content streams, one
 * per page), layers in order — bleed, art, cut lines, marks, die line — then the page text as
 * stroke-font lines over an invisible searchable copy (PdfPainter.strokeText). Lettering on the
 * tiles is strokes too (art.ts): the file needs no font it does not carry.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { PDFDocument } from '../export/pdf-lib.js';
import { PdfPainter } from '../export/pdf-page.js';
import type { ArtItem } from './art.js';
import { LAYER_NAMES, TEXT_COLOUR, TEXT_WEIGHT, type SheetDrawing } from './drawing.js';
import type { SheetSet } from './compose.js';

export const PT_PER_MM = 72 / 25.4;

export interface SheetPdf {
  readonly bytes: Uint8Array;
  readonly pages: number;
  /** Fill and stroke operations written (tests and the bench count work, not time). */
  readonly paths: number;
}

export async function sheetsPdf(set: SheetSet, title = 'Tile sheets'): Promise<SheetPdf> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setCreator('Sandtable');
  doc.setProducer('Sandtable (pdf-lib)');
  let paths = 0;
  for (const d of set.drawings) {
    const page = doc.addPage([d.width * PT_PER_MM, d.height * PT_PER_MM]);
    const painter = new PdfPainter(doc, page);
    paintDrawing(painter, d);
    paths += painter.paths;
    painter.finish();
  }
  return { bytes: await doc.save({ useObjectStreams: true }), pages: set.drawings.length, paths };
}

const pt = (xy: readonly number[]) => xy.map((v) => v * PT_PER_MM);

function paintDrawing(painter: PdfPainter, d: SheetDrawing): void {
  for (const name of LAYER_NAMES) for (const it of d.layers[name]) paintItem(painter, it);
  for (const t of d.texts) painter.strokeText([{ x: t.x * PT_PER_MM, y: t.y * PT_PER_MM, text: t.text, colour: TEXT_COLOUR }], t.size * PT_PER_MM, t.size * TEXT_WEIGHT * PT_PER_MM, t.anchor);
}

function paintItem(painter: PdfPainter, it: ArtItem): void {
  if (it.kind === 'fill') painter.fills(it.colour, it.rings.map(pt));
  else painter.strokes(it.colour, it.width * PT_PER_MM, it.lines.map(pt), it.dash ? [it.dash[0] * PT_PER_MM, it.dash[1] * PT_PER_MM] : undefined);
}
