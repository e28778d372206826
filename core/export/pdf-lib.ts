/**
 * The pdf-lib pieces the PDF export uses, in one place (pdf-lib is pure JavaScript: no DOM,
 * no Node). Pages are drawn by pdf-page.ts straight into content streams.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
export { PDFDocument, StandardFonts } from 'pdf-lib';
