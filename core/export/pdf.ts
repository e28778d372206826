/**
 * PDF for print (pdf-lib, no browser): the map at its print scale (`tileMm` across an area
 * tile) tiled over Letter, A4 or A3 pages, portrait or landscape, as 18xx-maker paginates a
 * map (equal pages, "page x of y"; ANCHORS.md). Each page has:
 * - the cut box (what remains after trimming): the page's equal share of the map, centred
 *   inside fixed margins, the map printed `bleedMm` past it so a trim a hair off leaves no
 *   white edge;
 * - neighbouring pages sharing `overlapMm` of map (a dashed line on the page marks where the
 *   next page's map begins: trim there, or glue over the overlap);
 * - crop marks at the cut box's corners and registration marks (circle and cross) at the
 *   middle of each side, outside the bleed;
 * - a footer: title, "page x of y", row and column, and a scale bar.
 * A last page carries the legend and the assembly plan (which page goes where).
 * The map is vectors throughout (pdf-page.ts); numbers and labels are searchable text.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainMap } from '../map/terrain-map.js';
import type { TerrainCatalogue } from '../terrain/types.js';
import { EXPORT_LIMITS } from '../util/limits.js';
import { InputError } from '../util/input-error.js';
import { drawMap, viewOf } from './compose.js';
import { drawLegend } from './legend.js';
import type { ExportOptions } from './options.js';
import { PAPERS, checkExportOptions } from './options.js';
import { PDFDocument, StandardFonts } from './pdf-lib.js';
import { PdfPainter } from './pdf-page.js';
import { buildExportScene } from './scene.js';

export const PT_PER_MM = 72 / 25.4;
/** Margin from the paper's edge to the marks, points (18xx-maker: 0.25 in). */
const MARGIN = 18;
/** Room for crop and registration marks between the margin and the bleed. */
const MARKS = 14;
/** Footer band under the bottom marks. */
const FOOTER = 16;

export interface PdfPlan {
  readonly pageWidth: number;
  readonly pageHeight: number;
  readonly columns: number;
  readonly rows: number;
  /** Cut box of every map page, points from the page's top left. */
  readonly cut: { readonly x: number; readonly y: number; readonly w: number; readonly h: number };
  readonly overlap: number;
  readonly bleed: number;
  readonly mapWidth: number;
  readonly mapHeight: number;
}

export interface PdfResult {
  readonly bytes: Uint8Array;
  readonly pages: number;
  readonly plan: PdfPlan;
}

/** The page grid for a map `mapW × mapH` points. */
export function planPages(mapW: number, mapH: number, o: ReturnType<typeof checkExportOptions>, source = 'map'): PdfPlan {
  const [pw, ph] = PAPERS[o.paper];
  const pageWidth = (o.landscape ? ph : pw) * PT_PER_MM;
  const pageHeight = (o.landscape ? pw : ph) * PT_PER_MM;
  const bleed = o.bleedMm * PT_PER_MM;
  const inset = MARGIN + MARKS + bleed;
  const area = { x: inset, y: inset, w: pageWidth - 2 * inset, h: pageHeight - 2 * inset - FOOTER };
  const overlap = Math.min(o.overlapMm * PT_PER_MM, area.w / 3, area.h / 3);
  const columns = Math.max(1, Math.ceil((mapW - overlap) / (area.w - overlap) - 1e-9));
  const rows = Math.max(1, Math.ceil((mapH - overlap) / (area.h - overlap) - 1e-9));
  // Equal pages (18xx-maker's pagination): the map is shared out evenly, so no page carries a
  // sliver; each page's cut box is its share, centred in the printable area.
  const w = columns > 1 ? (mapW - overlap) / columns + overlap : mapW;
  const h = rows > 1 ? (mapH - overlap) / rows + overlap : mapH;
  const cut = { x: area.x + (area.w - w) / 2, y: area.y + (area.h - h) / 2, w, h };
  if (columns * rows > EXPORT_LIMITS.maxPdfPages) {
    throw new InputError(source, 'the PDF export', `the map at ${o.tileMm} mm a tile needs ${columns}×${rows} = ${columns * rows} ${o.paper} pages; the limit is ${EXPORT_LIMITS.maxPdfPages} (choose a smaller tile size, a larger paper, or a region) (docs/limits.md)`);
  }
  return { pageWidth, pageHeight, columns, rows, cut, overlap, bleed, mapWidth: mapW, mapHeight: mapH };
}

/** A map page's window onto the map: points from the map's top left, and its place in the page grid. */
export interface PageWindow {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  readonly row: number;
  readonly column: number;
}

/**
 * Every map page's window, row by row: page (r, c) starts (cut − overlap) further along per
 * page, so neighbours share `overlap`. The one rule the PDF's pages and the print preview's
 * page cuts (print-preview.ts) follow.
 */
export function pageWindows(plan: PdfPlan): PageWindow[] {
  const { cut, overlap, columns, rows } = plan;
  const out: PageWindow[] = [];
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) out.push({ x: column * (cut.w - overlap), y: row * (cut.h - overlap), w: cut.w, h: cut.h, row, column });
  }
  return out;
}

export async function renderPdf(map: TerrainMap, catalogue: TerrainCatalogue, options: ExportOptions = {}, source = 'map'): Promise<PdfResult> {
  const o = checkExportOptions(options);
  const scene = buildExportScene(map, catalogue, { region: o.region });
  const scale = (o.tileMm * PT_PER_MM) / scene.areaAcross;
  const mapW = (scene.bounds.x1 - scene.bounds.x0) * scale;
  const mapH = (scene.bounds.y1 - scene.bounds.y0) * scale;
  const plan = planPages(mapW, mapH, o, source);
  const { cut, bleed, columns, rows } = plan;
  const total = columns * rows + (o.legend ? 1 : 0);

  const doc = await PDFDocument.create();
  doc.setTitle(scene.title);
  doc.setCreator('Sandtable');
  doc.setProducer('Sandtable (pdf-lib)');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const tilePt = scene.areaAcross * scale;
  let number = 0;
  for (const win of pageWindows(plan)) {
    const { row: r, column: c } = win;
    number++;
    const page = doc.addPage([plan.pageWidth, plan.pageHeight]);
    const painter = new PdfPainter(doc, page, font);
    // Map window of this page (pageWindows: the rule the print preview shares).
    const wx = win.x;
    const wy = win.y;
    const left = cut.x - wx;
    const top = cut.y - wy;
    const clipBox = { x0: cut.x - bleed, y0: cut.y - bleed, x1: cut.x + cut.w + bleed, y1: cut.y + cut.h + bleed };
    painter.beginClip(clipBox.x0, clipBox.y0, clipBox.x1 - clipBox.x0, clipBox.y1 - clipBox.y0);
    drawMap(scene, viewOf(scene.bounds, scale, left, top, clipBox), o, painter);
    painter.endClip();
    drawOverlapLines(painter, plan, c, r, { x0: Math.max(cut.x, left), y0: Math.max(cut.y, top), x1: Math.min(cut.x + cut.w, left + mapW), y1: Math.min(cut.y + cut.h, top + mapH) });
    drawMarks(painter, plan);
    const label = `${scene.title} - page ${number} of ${total} (row ${r + 1}, column ${c + 1})`;
    const footerY = plan.pageHeight - MARGIN - 2;
    painter.text([{ x: MARGIN, y: footerY, text: label, colour: '#1a1a1a' }], 6.5, 'start');
    scaleBar(painter, plan.pageWidth - MARGIN, footerY, tilePt, o.tileMm);
    painter.finish();
  }
  if (o.legend) {
    number++;
    const page = doc.addPage([plan.pageWidth, plan.pageHeight]);
    const painter = new PdfPainter(doc, page, font);
    const width = plan.pageWidth - 2 * (MARGIN + MARKS);
    const layout = drawLegend(scene, MARGIN + MARKS, MARGIN + MARKS, width, 9, painter, Math.min(tilePt, width / 8), o.tileMm);
    assemblyPlan(painter, plan, MARGIN + MARKS, MARGIN + MARKS + layout.height + 24, width, plan.pageHeight - 2 * (MARGIN + MARKS) - layout.height - 60);
    painter.text([{ x: MARGIN, y: plan.pageHeight - MARGIN - 2, text: `${scene.title} - page ${number} of ${total} (legend and assembly)`, colour: '#1a1a1a' }], 6.5, 'start');
    painter.finish();
  }
  const bytes = await doc.save();
  return { bytes, pages: total, plan };
}

/** Dashed lines where the neighbouring pages' map begins (trim or glue line). */
function drawOverlapLines(p: PdfPainter, plan: PdfPlan, c: number, r: number, map: { x0: number; y0: number; x1: number; y1: number }): void {
  const { cut, overlap } = plan;
  if (overlap <= 0) return;
  const lines: number[][] = [];
  // Only across the map itself, not the empty paper past its edge.
  if (c + 1 < plan.columns) lines.push([cut.x + cut.w - overlap, map.y0, cut.x + cut.w - overlap, map.y1]);
  if (r + 1 < plan.rows) lines.push([map.x0, cut.y + cut.h - overlap, map.x1, cut.y + cut.h - overlap]);
  if (lines.length) p.strokes('#d0021b', 0.4, lines, [3, 3]);
}

/** Crop marks on the cut lines outside the bleed; registration marks at the middle of each side. */
function drawMarks(p: PdfPainter, plan: PdfPlan): void {
  const { cut, bleed } = plan;
  const gap = bleed + 2;
  const len = MARKS - 4;
  const x0 = cut.x;
  const x1 = cut.x + cut.w;
  const y0 = cut.y;
  const y1 = cut.y + cut.h;
  const marks: number[][] = [];
  for (const x of [x0, x1]) {
    marks.push([x, y0 - gap, x, y0 - gap - len], [x, y1 + gap, x, y1 + gap + len]);
  }
  for (const y of [y0, y1]) {
    marks.push([x0 - gap, y, x0 - gap - len, y], [x1 + gap, y, x1 + gap + len, y]);
  }
  p.strokes('#000000', 0.3, marks);
  const reg: number[][] = [];
  const r = 3.5;
  const at: [number, number][] = [
    [(x0 + x1) / 2, y0 - gap - len / 2],
    [(x0 + x1) / 2, y1 + gap + len / 2],
    [x0 - gap - len / 2, (y0 + y1) / 2],
    [x1 + gap + len / 2, (y0 + y1) / 2],
  ];
  for (const [cx, cy] of at) {
    const circle: number[] = [];
    for (let k = 0; k <= 24; k++) circle.push(cx + r * Math.cos((k / 24) * 2 * Math.PI), cy + r * Math.sin((k / 24) * 2 * Math.PI));
    reg.push(circle, [cx - r * 1.5, cy, cx + r * 1.5, cy], [cx, cy - r * 1.5, cx, cy + r * 1.5]);
  }
  p.strokes('#000000', 0.3, reg);
}

function scaleBar(p: PdfPainter, right: number, baseline: number, tilePt: number, tileMm: number): void {
  let n = 5;
  while (n > 1 && n * tilePt > 150) n--;
  const h = 3;
  const text = `${n} tiles = ${((n * tileMm) / 10).toFixed(1)} cm`;
  const x0 = right - n * tilePt - 70;
  for (let k = 0; k < n; k++) {
    const b = [x0 + k * tilePt, baseline - h, x0 + (k + 1) * tilePt, baseline - h, x0 + (k + 1) * tilePt, baseline, x0 + k * tilePt, baseline];
    p.tiles(0, k % 2 ? '#ffffff' : '#1a1a1a', (ring) => ring(b));
  }
  p.strokes('#1a1a1a', 0.3, [[x0, baseline - h, x0 + n * tilePt, baseline - h, x0 + n * tilePt, baseline, x0, baseline, x0, baseline - h]]);
  p.text([{ x: x0 + n * tilePt + 4, y: baseline, text, colour: '#1a1a1a' }], 4.6, 'start');
}

/** The pages as a small grid with their numbers: how the sheets go together. */
function assemblyPlan(p: PdfPainter, plan: PdfPlan, left: number, top: number, width: number, height: number): void {
  p.text([{ x: left, y: top - 8, text: 'Assembly: trim on the crop marks, or glue each page over the dashed line of its neighbour', colour: '#1a1a1a' }], 6.5, 'start');
  const cell = Math.min(width / plan.columns, Math.max(20, height) / plan.rows, 60);
  const aspect = plan.cut.h / plan.cut.w;
  const cw = cell;
  const ch = cell * aspect > cell ? cell : cell * aspect;
  const items = [];
  const boxes: number[][] = [];
  for (let r = 0; r < plan.rows; r++) {
    for (let c = 0; c < plan.columns; c++) {
      const x = left + c * cw;
      const y = top + r * ch;
      boxes.push([x, y, x + cw, y, x + cw, y + ch, x, y + ch, x, y]);
      items.push({ x: x + cw / 2, y: y + ch / 2 + 3, text: String(r * plan.columns + c + 1), colour: '#1a1a1a' });
    }
  }
  p.strokes('#1a1a1a', 0.5, boxes);
  p.text(items, Math.min(8, ch / 3), 'middle');
}
