/**
 * A tile-sheet page as PNG at a chosen dpi (issue 29), through the export's software
 * rasterizer (core/render/software-raster.ts) as the map's PNG export does; page text in the
 * stroke font. The same drawing as the PDF and SVG, so the pixels land where the layout says.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { Raster } from '../render/software-raster.js';
import { rgbaOf } from '../render/symbols.js';
import { dashed } from '../export/png.js';
import { textPolylines } from '../export/stroke-font.js';
import { encodePngRgba } from '../util/png.js';
import { checkRasterSize } from '../util/limits.js';
import { MM_PER_IN } from './options.js';
import { LAYER_NAMES, TEXT_COLOUR, TEXT_WEIGHT, type SheetDrawing } from './drawing.js';

export interface SheetPng {
  readonly bytes: Uint8Array;
  readonly width: number;
  readonly height: number;
}

/** The page's raster (white paper), `dpi` pixels an inch. */
export function sheetRaster(page: SheetDrawing, dpi: number): Raster {
  const k = dpi / MM_PER_IN;
  const width = Math.round(page.width * k);
  const height = Math.round(page.height * k);
  checkRasterSize(width, height, 'sheet', `${dpi} dpi`);
  const raster = new Raster(width, height);
  const px = (xy: readonly number[]) => xy.map((v) => v * k);
  for (const name of LAYER_NAMES) {
    for (const it of page.layers[name]) {
      const colour = rgbaOf(it.colour);
      if (it.kind === 'fill') {
        raster.fillPolygon(it.rings.map(px), colour, 'smooth');
        continue;
      }
      const w = Math.max(1, it.width * k);
      for (const line of it.lines) {
        const xy = px(line);
        if (it.dash) for (const piece of dashed(xy, [it.dash[0] * k, it.dash[1] * k])) raster.stroke(piece, w, colour);
        else raster.stroke(xy, w, colour);
      }
    }
  }
  const ink = rgbaOf(TEXT_COLOUR);
  for (const t of page.texts) for (const l of textPolylines(t.text, t.x * k, t.y * k, t.size * k, t.anchor)) raster.stroke(l, Math.max(1, t.size * k * TEXT_WEIGHT), ink);
  return raster;
}

export function sheetPng(page: SheetDrawing, dpi: number): SheetPng {
  const r = sheetRaster(page, dpi);
  return { bytes: encodePngRgba(r.width, r.height, r.rgba), width: r.width, height: r.height };
}
