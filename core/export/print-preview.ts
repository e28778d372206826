/**
 * The print preview (issue 30: "the print preview does not show where pages cut"): the map
 * as the PDF draws it, small, with each page's window outlined and numbered — the windows of
 * pdf.ts `pageWindows`, the one rule the PDF's pages follow, so what the preview shows is
 * where the printed pages cut. Neighbouring pages overlap by `overlapMm`: the overlap shows as
 * a strip between two lines.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainMap } from '../map/terrain-map.js';
import type { TerrainCatalogue } from '../terrain/types.js';
import type { ExportOptions } from './options.js';
import { checkExportOptions } from './options.js';
import { buildExportScene } from './scene.js';
import { pageWindows, planPages, PT_PER_MM } from './pdf.js';
import type { PngResult } from './png.js';
import { scenePng } from './png.js';

/** The colour of the page outlines: a proofing red no terrain uses. */
export const PAGE_CUT_COLOUR = '#e0218a';

export interface PrintPreview extends PngResult {
  readonly pages: number;
}

/** A PNG of about `size` pixels on its longest side with the page cuts of the PDF `options` would print. */
export function renderPrintPreview(map: TerrainMap, catalogue: TerrainCatalogue, options: ExportOptions, size: number, source = 'map'): PrintPreview {
  const o = checkExportOptions({ ...options, size, dpi: undefined, legend: false });
  const scene = buildExportScene(map, catalogue, { region: o.region });
  const print = (o.tileMm * PT_PER_MM) / scene.areaAcross;
  const plan = planPages((scene.bounds.x1 - scene.bounds.x0) * print, (scene.bounds.y1 - scene.bounds.y0) * print, o, source);
  const windows = pageWindows(plan);
  const png = scenePng(scene, o, source, (painter, scale) => {
    if (windows.length < 2) return;
    // Points on the printed map → preview pixels.
    const k = scale / print;
    const width = Math.max(1.5, size / 300);
    painter.strokes(
      PAGE_CUT_COLOUR,
      width,
      windows.map((w) => [w.x * k, w.y * k, (w.x + w.w) * k, w.y * k, (w.x + w.w) * k, (w.y + w.h) * k, w.x * k, (w.y + w.h) * k, w.x * k, w.y * k]),
      [width * 4, width * 2],
    );
    const cap = Math.max(7, Math.min(18, (Math.min(plan.cut.w, plan.cut.h) * k) / 8));
    painter.text(
      windows.map((w, n) => ({ x: (w.x + w.w / 2) * k, y: (w.y + w.h / 2) * k + cap / 2, text: String(n + 1), colour: PAGE_CUT_COLOUR })),
      cap,
      'middle',
    );
  });
  return { ...png, pages: windows.length };
}
