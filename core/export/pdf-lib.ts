/**
 * The few pdf-lib pieces the PDF export uses, in one place (pdf-lib is pure JavaScript: no
 * DOM, no Node), plus raw-operator helpers for what its page API lacks (clipping, joins).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { PDFOperator, PDFPage } from 'pdf-lib';
import { clip, endPath, popGraphicsState, pushGraphicsState, rectangle } from 'pdf-lib';

export { LineCapStyle, LineJoinStyle, PDFDocument, StandardFonts, rgb, setLineJoin } from 'pdf-lib';

export function pushOperators(page: PDFPage, ...ops: PDFOperator[]): void {
  page.pushOperators(...ops);
}

/** Clips what follows to a rectangle given y-down from the page's top, until `endClip`. */
export function beginClip(page: PDFPage, x: number, yTop: number, w: number, h: number): void {
  page.pushOperators(pushGraphicsState(), rectangle(x, page.getHeight() - yTop - h, w, h), clip(), endPath());
}

export function endClip(page: PDFPage): void {
  page.pushOperators(popGraphicsState());
}
