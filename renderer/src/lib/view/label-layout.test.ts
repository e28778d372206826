import { describe, expect, it } from 'vitest';
import { TerrainMap } from '../../../../core/map/terrain-map.js';
import { tileNumbering } from '../../../../core/map/numbering.js';
import { tileClasses } from '../../../../core/alform/tile-classes.js';
import { LABEL_CHARS, buildLabelIndex, glyphPixels, labelsReadable, layoutGlyphs, visibleLabels } from './label-layout.js';

describe('tile number layout', () => {
  it('indexes every tile of a classic map and finds exactly those in a box', () => {
    const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 30, height: 20 } });
    const index = buildLabelIndex(map, null);
    expect(index.tiles.length).toBe(map.tileCount);
    const all = visibleLabels(index, -1e9, 1e9, -1e9, 1e9)!;
    expect(all.length).toBe(map.tileCount);
    // A small box: the same answer as a brute-force scan.
    const [x0, x1, y0, y1] = [3, 9, 2, 7];
    const got = visibleLabels(index, x0, x1, y0, y1)!.map((k) => index.tiles[k]).sort((a, b) => a! - b!);
    const want = [...index.tiles.keys()].filter((k) => index.x[k]! >= x0 && index.x[k]! <= x1 && index.y[k]! >= y0 && index.y[k]! <= y1).map((k) => index.tiles[k]).sort((a, b) => a! - b!);
    expect(got).toEqual(want);
    expect(got.length).toBeGreaterThan(10);
    // Too many to read: null rather than thousands of glyphs.
    expect(visibleLabels(index, -1e9, 1e9, -1e9, 1e9, 100)).toBeNull();
  });

  it('numbers only the area tiles of an AL-FORM map', () => {
    const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 13, height: 9 }, alform: true });
    const classes = tileClasses(map.grid);
    const index = buildLabelIndex(map, classes);
    const areas = [...classes].filter((c) => c === 0).length;
    expect(index.tiles.length).toBe(areas);
    expect(index.across).toBeCloseTo(2 * map.grid.spacing());
  });

  it('shows numbers only where a glyph is at least 7 px tall', () => {
    const index = { across: 1 };
    expect(labelsReadable(index, 40)).toBe(false);
    expect(labelsReadable(index, 60)).toBe(true);
    expect(glyphPixels(index, 60)).toBe(12);
    expect(glyphPixels(index, 1000)).toBe(26);
  });

  it('lays out one glyph per character, centred on the anchor, each as wide as its advance', () => {
    const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 12, height: 10 } });
    const index = buildLabelIndex(map, null);
    const numbering = tileNumbering(map, 'ccrr')!;
    const picks = [0, 1, 2];
    const run = layoutGlyphs(index, picks, numbering, () => 1);
    expect(run.count).toBe(12);
    const text = numbering(index.tiles[0]!)!;
    expect([...text].map((_, i) => run.glyphs[2 * i])).toEqual([-1.5, -0.5, 0.5, 1.5]);
    // Proportional: a narrow glyph (the 1 of "0101" is index 1) takes less room.
    const narrow = layoutGlyphs(index, [0], numbering, (g) => (g === 1 ? 0.5 : 1));
    const widths = [...text].map((ch) => (ch === '1' ? 0.5 : 1));
    let pen = -widths.reduce((a, b) => a + b, 0) / 2;
    const centres = widths.map((w) => ((pen += w), pen - w / 2));
    expect(text).toMatch(/1/);
    expect(Array.from(narrow.glyphs.subarray(0, 2 * text.length)).filter((_, k) => k % 2 === 0)).toEqual(centres);
    expect([...text].map((_, i) => LABEL_CHARS[run.glyphs[2 * i + 1]!])).toEqual([...text]);
    expect(run.anchors[0]).toBe(index.x[0]);
  });
});
