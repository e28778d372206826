import { describe, expect, it } from 'vitest';
import { checkExportOptions } from './options.js';
import { PT_PER_MM, planPages } from './pdf.js';

describe('PDF page plan', () => {
  const a4 = checkExportOptions({ paper: 'a4', overlapMm: 6 });

  it('puts a small map on one page, its cut box the map itself, centred', () => {
    const p = planPages(300, 200, a4);
    expect([p.columns, p.rows]).toEqual([1, 1]);
    expect([p.cut.w, p.cut.h]).toEqual([300, 200]);
    expect(p.cut.x * 2 + p.cut.w).toBeCloseTo(p.pageWidth, 6);
    expect([p.pageWidth, p.pageHeight].map((v) => Math.round(v))).toEqual([595, 842]);
  });

  it('shares a large map out in equal pages that overlap by the overlap asked for', () => {
    const p = planPages(1200, 900, a4);
    const overlap = 6 * PT_PER_MM;
    expect(p.overlap).toBeCloseTo(overlap, 9);
    // Together the pages cover the map exactly: columns × cut − (columns − 1) × overlap.
    expect(p.columns * p.cut.w - (p.columns - 1) * overlap).toBeCloseTo(1200, 6);
    expect(p.rows * p.cut.h - (p.rows - 1) * overlap).toBeCloseTo(900, 6);
    // And one page fewer per axis would not fit in the printable area.
    const landscape = planPages(1200, 900, checkExportOptions({ paper: 'a4', landscape: true }));
    expect(landscape.pageWidth).toBeGreaterThan(landscape.pageHeight);
    expect(landscape.columns * landscape.rows).toBeLessThanOrEqual(p.columns * p.rows + 1);
  });

  it('refuses a plan past the page limit with one line', () => {
    expect(() => planPages(1e6, 1e6, a4, 'huge.json')).toThrow(/^huge\.json: the PDF export: the map at 16 mm a tile needs \d+×\d+ = \d+ a4 pages; the limit is 400/);
  });
});
