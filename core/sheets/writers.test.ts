import { describe, expect, it } from 'vitest';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { composeSheets } from './compose.js';
import { manifestSheetTiles } from './sources.js';
import { sheetRaster } from './write-png.js';
import { sheetSvg } from './write-svg.js';
import { sheetsPdf } from './write-pdf.js';
import { TRACK_COLOURS } from './track-art.js';
import { rgbaOf } from '../render/symbols.js';
import { SAMPLE_MANIFEST, SAMPLE_TRACK } from './sheets.testkit.js';

const tiles = manifestSheetTiles(SAMPLE_MANIFEST, SAMPLE_TRACK, 2);

describe('tile-sheet writers, one layout', () => {
  it('paints the tile\'s own colour into the bleed and the cut line where the layout puts it (PNG)', () => {
    const set = composeSheets(tiles, { layout: 'die', bleedMm: 6, tileMm: 38, manifestPage: false });
    const dpi = 200;
    const r = sheetRaster(set.drawings[0]!, dpi);
    const p = set.layout.pages[0]![0]!;
    const at = (xMm: number, yMm: number) => {
      const o = (Math.round((yMm * dpi) / 25.4) * r.width + Math.round((xMm * dpi) / 25.4)) * 4;
      return Array.from(r.rgba.subarray(o, o + 3));
    };
    const yellow = rgbaOf(TRACK_COLOURS.yellow!).slice(0, 3);
    expect(at(p.cx - 6, p.cy - 19 - 3)).toEqual(yellow);
    expect(at(p.cx - 6, p.cy - 19 - 6.6)).toEqual([255, 255, 255]);
    expect(Math.max(...at(p.cx - 6, p.cy - 19))).toBeLessThan(120);
  });

  it('writes the same pages to PDF and SVG, SVG with one Inkscape layer per part', async () => {
    const set = composeSheets(tiles, { layout: 'grid', cut: 'marks', dieTemplate: true, backColour: '#204080' });
    const pdf = await sheetsPdf(set, 'sample');
    expect(pdf.pages).toBe(set.drawings.length);
    expect(pdf.paths).toBeGreaterThan(set.layout.pages.flat().length);
    const svg = sheetSvg(set.drawings[0]!);
    for (const id of ['bleed', 'art', 'marks', 'die', 'text']) expect(svg).toContain(`id="layer-${id}" inkscape:groupmode="layer"`);
    expect(svg).not.toContain('id="layer-cut"');
    expect(sheetSvg(set.drawings[1]!)).toContain('#204080');
  });

  it('letters page text as stroke-font paths: the PDF carries its only font (Type 3, the searchable copy), the SVG no <text>', async () => {
    const set = composeSheets(tiles, { layout: 'die', title: 'sample' });
    const doc = await PDFDocument.load((await sheetsPdf(set)).bytes);
    const fonts = doc.context.enumerateIndirectObjects().map(([, o]) => o).filter((o): o is PDFDict => o instanceof PDFDict && o.get(PDFName.of('Type')) === PDFName.of('Font'));
    expect(fonts.map((f) => f.get(PDFName.of('Subtype')))).toEqual([PDFName.of('Type3')]);
    const manifest = sheetSvg(set.drawings.at(-1)!);
    expect(manifest).not.toContain('<text');
    expect(manifest).toMatch(/<g aria-label="Tile manifest: 6 tiles, \d+ printed on \d sheets">\s*<path d="M/);
  });
});
