/**
 * The map's labels in the picture exports: SVG keeps them as text (with a halo and the turn)
 * unless text goes as paths, PNG draws their letters with a light halo, the PDF page strokes
 * them with a searchable invisible copy turned the same way; a region keeps only its own.
 */
import { describe, expect, it } from 'vitest';
import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { TerrainMap } from '../map/terrain-map.js';
import { loadDefaultCatalogue } from '../terrain/catalogue.testkit.js';
import type { MapLabel } from '../map/labels.js';
import { renderSvg } from './svg.js';
import { renderPng } from './png.js';
import { decode } from 'fast-png';
import { PdfPainter } from './pdf-page.js';
import { buildExportScene } from './scene.js';
import { labelStrokes } from './map-labels.js';
import { LABEL_LOOKS } from '../map/label-look.js';

const catalogue = loadDefaultCatalogue();

function labelled(labels: Omit<MapLabel, 'id'>[]): TerrainMap {
  const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 10, height: 8 }, palette: ['forest'], meta: { name: 'Ardennes' } });
  map.layers.terrain.fill(1);
  map.labels = labels.map((l, k) => ({ ...l, id: `l${k + 1}` }));
  return map;
}

const town = (tile: number, over: Partial<MapLabel> = {}): Omit<MapLabel, 'id'> => ({ text: 'Bastogne', anchor: { tile }, style: 'place', size: 0.5, rotation: 0, ...over });

describe('labels in the exports', () => {
  it('SVG: a text element per label, with the style, the halo and the turn; none when the map has none', () => {
    const svg = renderSvg(labelled([town(33), town(12, { text: 'Ourthe', style: 'river', rotation: 30 })]), catalogue, { tileMm: 16 }).text;
    expect(svg).toContain('inkscape:label="Labels"');
    expect(svg).toMatch(/<text class="label-place"[^>]*font-weight="bold"[^>]*fill="#1b1b1b" stroke="#ffffff"[^>]*paint-order="stroke">Bastogne<\/text>/);
    expect(svg).toMatch(/<text class="label-river"[^>]*transform="rotate\(-30 [^"]+\)"[^>]*font-style="italic"[^>]*>Ourthe<\/text>/);
    expect(renderSvg(labelled([]), catalogue, { tileMm: 16 }).text).not.toContain('label-');
  });

  it('SVG with text as paths: no text element, the letters as halo and ink strokes', () => {
    const svg = renderSvg(labelled([town(33)]), catalogue, { tileMm: 16, textAsPaths: true }).text;
    expect(svg).not.toContain('Bastogne</text>');
    expect(svg).toMatch(/stroke="#ffffff"[^>]*stroke-width="[\d.]+"[^/]*d="M/);
    expect(svg).toMatch(/stroke="#1b1b1b"/);
  });

  it('PNG: the label is drawn (ink and halo pixels where forest was) and counted', () => {
    const plain = renderPng(labelled([]), catalogue, { tileMm: 16, grid: false, numbers: false });
    const named = renderPng(labelled([town(33, { size: 0.8 })]), catalogue, { tileMm: 16, grid: false, numbers: false });
    expect(named.drawn.names).toBe(1);
    expect(plain.drawn.names).toBe(0);
    const a = decode(plain.bytes).data;
    const b = decode(named.bytes).data;
    let white = 0;
    let ink = 0;
    for (let i = 0; i < b.length; i += 3) {
      if (a[i] === b[i] && a[i + 1] === b[i + 1] && a[i + 2] === b[i + 2]) continue;
      if (b[i]! > 240 && b[i + 1]! > 240 && b[i + 2]! > 240) white++;
      else if (b[i]! < 60 && b[i + 1]! < 60 && b[i + 2]! < 60) ink++;
    }
    expect(white).toBeGreaterThan(50);
    expect(ink).toBeGreaterThan(20);
  });

  it('PDF: halo and ink strokes, and a searchable copy along the turned baseline', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([400, 300]);
    const painter = new PdfPainter(doc, page);
    painter.mapLabels([{ x: 200, y: 150, angle: Math.PI / 2, size: 20, text: 'Ourthe', style: 'river' }]);
    expect(painter.paths).toBe(2);
    painter.finish();
    const ops = new TextDecoder().decode(decodePDFRawStream(doc.context.lookup(page.node.Contents(), PDFArray).lookup(0, PDFRawStream)).decode());
    // Turned a quarter (clockwise on the page, y down): the matrix is (0 1 1 0), the text string 'Ourthe'.
    expect(ops).toMatch(/3 Tr\n\/\S+ 14.4 Tf\n0 1 1 0 [\d.]+ [\d.]+ Tm\n<4f7572746865> Tj\n0 Tr\nET/);
  });

  it('a region keeps the labels inside it; strokes turn with the label and italic ones slant', () => {
    const map = labelled([town(0), town(79, { text: 'Far' })]);
    expect(buildExportScene(map, catalogue).mapLabels.map((l) => l.text)).toEqual(['Bastogne', 'Far']);
    expect(buildExportScene(map, catalogue, { region: { from: 0, to: 11 } }).mapLabels.map((l) => l.text)).toEqual(['Bastogne']);
    const flat = labelStrokes({ x: 0, y: 0, angle: 0, size: 10, text: 'I', style: 'hex' });
    const turned = labelStrokes({ x: 0, y: 0, angle: Math.PI / 2, size: 10, text: 'I', style: 'hex' });
    // The I's stem is vertical; turned a quarter it lies along x.
    const stem = (l: number[][]) => l.find((s) => s.length === 4 && Math.abs(s[0]! - s[2]!) + Math.abs(s[1]! - s[3]!) > 5)!;
    const a = stem(flat.lines);
    const b = stem(turned.lines);
    expect(Math.abs(a[0]! - a[2]!)).toBeLessThan(1e-9);
    expect(Math.abs(b[1]! - b[3]!)).toBeLessThan(1e-9);
    const italic = labelStrokes({ x: 0, y: 0, angle: 0, size: 10, text: 'I', style: 'note' });
    expect(Math.abs(stem(italic.lines)[0]! - stem(italic.lines)[2]!)).toBeGreaterThan(0.5);
    expect(flat.halo).toBe(LABEL_LOOKS.hex.halo);
    expect(flat.haloWidth).toBeGreaterThan(flat.inkWidth);
  });
});
