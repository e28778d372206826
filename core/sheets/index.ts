/**
 * Print-ready tile sheets (issue 29): layouts, art, duplex backs, manifest pages and the
 * PDF, SVG and PNG writers, all from one layout. See README.md and docs/tile-sheets.md.
 */
export * from './options.js';
export * from './art.js';
export * from './layout.js';
export * from './marks.js';
export * from './drawing.js';
export { composeSheets, type SheetSet } from './compose.js';
export * from './manifest-page.js';
export * from './sources.js';
export * from './track-art.js';
export * from './vector-art.js';
export * from './write-pdf.js';
export * from './write-svg.js';
export * from './write-png.js';
