/**
 * The key printed with a map: title, one swatch per terrain present (area swatches with their
 * symbol, linear features as a short stroke with their casing or dashes), and a scale bar in
 * tiles (and in centimetres when the print scale is known). Laid out in columns to a given
 * width; every writer draws it through the same Painter as the map.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Painter, TextItem } from './compose.js';
import type { ExportScene } from './scene.js';
import { lineLook, shade, symbolColour, terrainSymbol } from '../render/symbols.js';
import { railTies, TIE_WIDTH } from '../render/network-symbols.js';

/** Text cap height → the legend's row height and column width. */
const ROW = 2.6;
const COLUMN = 22;

export interface LegendLayout {
  readonly columns: number;
  readonly rows: number;
  readonly height: number;
}

/** How the legend of `scene` fits `width` output units at cap height `cap` (title and scale bar row included). */
export function legendLayout(scene: ExportScene, width: number, cap: number): LegendLayout {
  const columns = Math.max(1, Math.floor(width / (COLUMN * cap)));
  const rows = Math.ceil(scene.legend.length / columns);
  return { columns, rows, height: (rows + 2) * ROW * cap + cap };
}

/**
 * Draws the legend with its top left at (left, top). `tilePx`: an area tile across in output
 * units (the scale bar's unit); `tileMm`: the same on paper, when printing (adds centimetres).
 */
export function drawLegend(scene: ExportScene, left: number, top: number, width: number, cap: number, painter: Painter, tilePx: number, tileMm?: number): LegendLayout {
  const layout = legendLayout(scene, width, cap);
  painter.layer?.('legend');
  const row = ROW * cap;
  const colW = width / layout.columns;
  const texts: TextItem[] = [];
  texts.push({ x: left, y: top + row * 0.75, text: scene.title, colour: '#1a1a1a' });
  const sw = cap * 1.9;
  scene.legend.forEach((entry, i) => {
    const col = i % layout.columns;
    const r = Math.floor(i / layout.columns);
    const x = left + col * colW;
    const y = top + (r + 1) * row;
    const t = entry.terrain;
    if (t.class === 'area') {
      const box = [x, y, x + sw, y, x + sw, y + sw, x, y + sw];
      painter.tiles(entry.index, t.colour, (ring) => ring(box));
      const sym = terrainSymbol(t);
      if (sym) {
        const fills: number[][] = [];
        const lines: number[][] = [];
        const rr = sw / 2;
        for (const part of sym.parts) {
          const out: number[] = [];
          for (let k = 0; k < part.xy.length; k += 2) out.push(x + rr + part.xy[k]! * rr, y + rr * 0.8 + part.xy[k + 1]! * rr);
          (part.kind === 'fill' ? fills : lines).push(out);
        }
        if (fills.length) painter.fills(symbolColour(t), fills);
        if (lines.length) painter.strokes(symbolColour(t), sym.lineWidth * rr, lines);
      }
      painter.strokes('#2b2b2b', Math.max(0.5, cap * 0.08), [[...box, x, y]]);
    } else {
      const look = lineLook(t);
      const w = Math.max(1.5, cap * (t.width === 'wide' ? 0.7 : t.width === 'medium' ? 0.5 : 0.35));
      const seg = [x, y + sw / 2, x + sw, y + sw / 2];
      if (look.casing) painter.strokes(look.casing, w * 1.6, [seg]);
      // A network (runs through tiles) as the map draws it (network-paint.ts): cased, rail ties across.
      if (t.class === 'linear' && t.runs === 'through') painter.strokes(shade(t.colour, 0.55), w * 1.6, [seg]);
      if (look.ties) {
        painter.strokes(t.colour, w * TIE_WIDTH, railTies(seg, w));
        painter.strokes(t.colour, w * 0.55, [seg]);
      } else painter.strokes(t.colour, w, [seg], look.dash ? [w * 2.5, w * 1.5] : undefined);
    }
    texts.push({ x: x + sw + cap * 0.8, y: y + sw / 2 + cap / 2, text: t.name, colour: '#1a1a1a' });
  });

  // Scale bar: five tiles (fewer if the legend is narrow), in alternating blocks.
  const barY = top + (layout.rows + 1) * row + row * 0.3;
  let n = 5;
  while (n > 1 && n * tilePx > width * 0.6) n--;
  const h = cap * 0.6;
  for (let k = 0; k < n; k++) {
    const x0 = left + k * tilePx;
    const block = [x0, barY, x0 + tilePx, barY, x0 + tilePx, barY + h, x0, barY + h];
    painter.tiles(0, k % 2 ? '#ffffff' : '#1a1a1a', (ring) => ring(block));
  }
  painter.strokes('#1a1a1a', Math.max(0.5, cap * 0.08), [[left, barY, left + n * tilePx, barY, left + n * tilePx, barY + h, left, barY + h, left, barY]]);
  const cm = tileMm ? ` = ${((n * tileMm) / 10).toFixed(1)} cm` : '';
  texts.push({ x: left + n * tilePx + cap, y: barY + h, text: `${n} tiles${cm}`, colour: '#1a1a1a' });
  painter.text(texts, cap, 'start');
  return layout;
}
