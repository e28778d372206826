import { describe, expect, it } from 'vitest';
import type { ContourLabels } from '../../../../core/render/contour-labels.js';
import { CONTOUR_LABEL_SIZE } from '../../../../core/render/contour-labels.js';
import { contourGlyphPixels, layoutContourGlyphs } from './contour-label-layout.js';
import { LABEL_CHARS, MAX_GLYPH_PX, MIN_GLYPH_PX } from './label-layout.js';

const labels: ContourLabels = {
  count: 3,
  positions: Float32Array.from([0, 0, 0, 5, 5, 0, 1, 0.5, 0]),
  directions: Float32Array.from([1, 0, 0, 0.6, 0.8, 0, 0, 1, 0]),
  texts: ['100', '200', '12.5'],
  unit: 0.5,
  stats: { laidOut: 1, instances: 3 },
};

describe('contour label glyphs', () => {
  it('shows labels only once readable, growing with the zoom up to the calm size', () => {
    const readableAt = MIN_GLYPH_PX / (CONTOUR_LABEL_SIZE * labels.unit);
    expect(contourGlyphPixels(labels, readableAt * 0.99)).toBe(0);
    expect(contourGlyphPixels(labels, readableAt)).toBeCloseTo(MIN_GLYPH_PX, 9);
    expect(contourGlyphPixels(labels, readableAt * 100)).toBe(MAX_GLYPH_PX);
  });

  it('lays out the characters of the labels in view, centred on their anchor and along their line', () => {
    const run = layoutContourGlyphs(labels, [-1, 2, -1, 2], () => 0.5);
    expect(run.labels).toBe(2);
    expect(run.count).toBe(3 + 4);
    // '100' centred: pens at −0.75, −0.25, 0.25 → centres −0.5, 0, 0.5.
    expect(Array.from(run.glyphs.subarray(0, 6))).toEqual([-0.5, 1, 0, 0, 0.5, 0]);
    expect(LABEL_CHARS[run.glyphs[2 * 5 + 1]!]).toBe('.');
    // Each glyph carries its label's anchor and direction.
    expect(Array.from(run.anchors.subarray(3 * 3, 3 * 4))).toEqual([1, 0.5, 0]);
    expect(Array.from(run.along.subarray(3 * 3, 3 * 4))).toEqual([0, 1, 0]);
    // No box (the globe): all of them.
    expect(layoutContourGlyphs(labels, null, () => 0.5).labels).toBe(3);
  });
});
