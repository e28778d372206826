/**
 * Which contour height labels (core/render contour-labels.ts) the view draws and their glyph
 * instances: only once a glyph cell would be readable (label-layout.ts's MIN_GLYPH_PX, the
 * rule the tile numbers follow), at the tile's own scale up to the calm MAX_GLYPH_PX, and only
 * the labels in view — typed arrays, so panning a big map touches only the visible labels.
 *
 * Renderer layer, but pure: no DOM, no Three.js.
 */
import { CONTOUR_LABEL_SIZE, type ContourLabels } from '../../../../core/render/contour-labels.js';
import { LABEL_CHARS, MAX_GLYPH_PX, MAX_LABELS, MIN_GLYPH_PX } from './label-layout.js';

/** On-screen glyph cell height (CSS px) of contour labels at `pxPerUnit`, or 0 while too small to read. */
export function contourGlyphPixels(labels: Pick<ContourLabels, 'unit'>, pxPerUnit: number): number {
  const px = CONTOUR_LABEL_SIZE * labels.unit * pxPerUnit;
  // Never larger than the tile-relative size core laid the boxes out for: they stay clear of each other.
  return px < MIN_GLYPH_PX ? 0 : Math.min(px, MAX_GLYPH_PX);
}

/** Glyph instances: anchor xyz and direction xyz of its label; the glyph's centre from the label's (cell heights) and its atlas index. */
export interface ContourGlyphs {
  readonly count: number;
  readonly labels: number;
  readonly anchors: Float32Array;
  readonly along: Float32Array;
  readonly glyphs: Float32Array;
}

const GLYPH_INDEX = new Map([...LABEL_CHARS].map((ch, i) => [ch, i]));

/**
 * The glyphs of the labels whose anchor lies in the box (flat maps; null: all, the globe
 * culls the far side on the GPU), at most MAX_LABELS labels. `advance(g)`: the pen advance
 * of glyph g in cell heights (the atlas measures it). `out`: arrays to reuse when big enough.
 */
export function layoutContourGlyphs(
  labels: ContourLabels,
  box: readonly [x0: number, x1: number, y0: number, y1: number] | null,
  advance: (glyph: number) => number,
  out?: { anchors: Float32Array; along: Float32Array; glyphs: Float32Array },
): ContourGlyphs {
  const p = labels.positions;
  const picks: number[] = [];
  for (let k = 0; k < labels.count && picks.length < MAX_LABELS; k++) {
    if (box && (p[3 * k]! < box[0] || p[3 * k]! > box[1] || p[3 * k + 1]! < box[2] || p[3 * k + 1]! > box[3])) continue;
    picks.push(k);
  }
  let count = 0;
  for (const k of picks) count += labels.texts[k]!.length;
  const fits = (a: Float32Array | undefined, n: number) => (a && a.length >= n ? a : new Float32Array(Math.max(96, Math.ceil(n * 1.5))));
  const anchors = fits(out?.anchors, 3 * count);
  const along = fits(out?.along, 3 * count);
  const glyphs = fits(out?.glyphs, 2 * count);
  const fallback = GLYPH_INDEX.get('?')!;
  let g = 0;
  for (const k of picks) {
    const text = labels.texts[k]!;
    const index = [...text].map((ch) => GLYPH_INDEX.get(ch.toUpperCase()) ?? fallback);
    let pen = -index.reduce((w, i) => w + advance(i), 0) / 2;
    for (const i of index) {
      const w = advance(i);
      anchors.set(p.subarray(3 * k, 3 * k + 3), 3 * g);
      along.set(labels.directions.subarray(3 * k, 3 * k + 3), 3 * g);
      glyphs[2 * g] = pen + w / 2;
      glyphs[2 * g + 1] = i;
      pen += w;
      g++;
    }
  }
  return { count, labels: picks.length, anchors, along, glyphs };
}
