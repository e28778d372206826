import { describe, expect, it } from 'vitest';
import { decode } from 'fast-png';
import { loadDefaultCatalogue } from '../terrain/catalogue.testkit.js';
import { sampleMap } from './export.testkit.js';
import { PAGE_CUT_COLOUR, renderPrintPreview } from './print-preview.js';
import { renderPdf } from './pdf.js';
import { rgbaOf } from '../render/symbols.js';

const catalogue = loadDefaultCatalogue();
const map = sampleMap(24, 18);

function cutPixels(bytes: Uint8Array): number {
  const img = decode(bytes);
  const [r, g, b] = rgbaOf(PAGE_CUT_COLOUR);
  let n = 0;
  for (let i = 0; i < img.data.length; i += img.channels) if (Math.abs(img.data[i]! - r) < 8 && Math.abs(img.data[i + 1]! - g) < 8 && Math.abs(img.data[i + 2]! - b) < 8) n++;
  return n;
}

describe('the print preview', () => {
  it('outlines as many pages as the PDF prints, where its pages cut', async () => {
    const options = { paper: 'a4', landscape: false, tileMm: 19, overlapMm: 6 } as const;
    const preview = renderPrintPreview(map, catalogue, options, 360);
    const pdf = await renderPdf(map, catalogue, { ...options, legend: false });
    expect(preview.pages).toBe(pdf.pages);
    expect(preview.pages).toBeGreaterThan(1);
    expect(Math.max(preview.width, preview.height)).toBe(360);
    expect(cutPixels(preview.bytes)).toBeGreaterThan(200);
  });

  it('draws no cuts when the map fits one page', () => {
    const preview = renderPrintPreview(map, catalogue, { paper: 'a3', landscape: true, tileMm: 4 }, 360);
    expect(preview.pages).toBe(1);
    expect(cutPixels(preview.bytes)).toBe(0);
  });
});
