/**
 * A globe's labels in the lon/lat exports: each at the longitude and latitude of its place on
 * the sphere, in degrees of height, a river's name turned along its chain; SVG keeps the
 * text, PNG draws it, the PDF carries it as searchable text.
 */
import { describe, expect, it } from 'vitest';
import { decode } from 'fast-png';
import { PDFDocument, PDFArray, PDFRawStream, PDFStream, decodePDFRawStream } from 'pdf-lib';
import { TerrainMap } from '../map/terrain-map.js';
import { loadDefaultCatalogue } from '../terrain/catalogue.testkit.js';
import type { MapLabel } from '../map/labels.js';
import { buildExportScene } from './scene.js';
import { renderSvg } from './svg.js';
import { renderPng } from './png.js';
import { renderPdf } from './pdf.js';

const catalogue = loadDefaultCatalogue();
const DEG = 180 / Math.PI;

function globe(labels: Omit<MapLabel, 'id'>[]): TerrainMap {
  const map = TerrainMap.create({ size: { kind: 'icosahedron', side: 6 }, palette: ['forest'], meta: { name: 'World' } });
  map.layers.terrain.fill(1);
  map.labels = labels.map((l, k) => ({ ...l, id: `l${k + 1}` }));
  return map;
}

const s = Math.SQRT1_2;
const madrid: Omit<MapLabel, 'id'> = { text: 'Madrid', anchor: { point: [s, s, 0] }, style: 'place', size: 1, rotation: 0 };

describe('labels on a globe export', () => {
  it('the scene puts a point label at its longitude and latitude and a tile label at its centre, heights in degrees', () => {
    const map = globe([madrid, { text: 'Pole', anchor: { tile: 0 }, style: 'hex', size: 1, rotation: 0 }, { text: 'Old', anchor: { point: [0.2, 0.3] }, style: 'note', size: 1, rotation: 0 }]);
    const labels = buildExportScene(map, catalogue).mapLabels;
    // The two-number point (written before globe labels) names no place on the sphere: left out.
    expect(labels.map((l) => l.text)).toEqual(['Madrid', 'Pole']);
    expect(labels[0]!.x).toBeCloseTo(45, 9);
    expect(labels[0]!.y).toBeCloseTo(0, 9);
    expect(labels[0]!.height).toBeCloseTo(map.grid.spacing() * DEG, 9);
    const c = map.grid.center(0);
    expect(labels[1]!.y).toBeCloseTo(Math.asin(c[2]! / Math.hypot(c[0]!, c[1]!, c[2]!)) * DEG, 6);
  });

  it('a river name along an east–west chain lies flat; one along a north–south chain stands across', () => {
    const map = globe([]);
    const g = map.grid;
    const eq = (lon: number): number => g.pick([Math.cos(lon / DEG), Math.sin(lon / DEG), 0]);
    const ew = chainFrom(map, eq(10), eq(40));
    const ns = chainFrom(map, g.pick([Math.cos(0.5), 0, Math.sin(0.5)]), g.pick([Math.cos(-0.5), 0, Math.sin(-0.5)]));
    map.labels = [
      { id: 'a', text: 'Ebro', anchor: { along: ew }, style: 'river', size: 1, rotation: 0 },
      { id: 'b', text: 'Rhone', anchor: { along: ns }, style: 'river', size: 1, rotation: 0 },
    ];
    const [a, b] = buildExportScene(map, catalogue).mapLabels;
    expect(Math.abs(a!.angle)).toBeLessThan(0.35);
    expect(Math.abs(b!.angle)).toBeGreaterThan(1.1);
    expect(Math.abs(b!.angle)).toBeLessThanOrEqual(Math.PI / 2);
  });

  it('SVG, PNG and PDF of a globe carry the label', async () => {
    const svg = renderSvg(globe([madrid]), catalogue, { tileMm: 4 }).text;
    expect(svg).toMatch(/<text class="label-place"[^>]*>Madrid<\/text>/);
    const plain = renderPng(globe([]), catalogue, { size: 720, grid: false, numbers: false });
    const named = renderPng(globe([madrid]), catalogue, { size: 720, grid: false, numbers: false });
    expect(named.drawn.names).toBe(1);
    // Pixels change round lon 45°, lat 0° (x = 450, y = 180 of 720 × 360) and nowhere far from it.
    const [a, b] = [decode(plain.bytes), decode(named.bytes)];
    let near = 0;
    let far = 0;
    for (let y = 0; y < 360; y++) {
      for (let x = 0; x < 720; x++) {
        const i = (y * 720 + x) * b.channels;
        if (a.data[i] === b.data[i] && a.data[i + 1] === b.data[i + 1] && a.data[i + 2] === b.data[i + 2]) continue;
        if (Math.abs(x - 450) < 100 && Math.abs(y - 180) < 40) near++;
        else far++;
      }
    }
    expect(near).toBeGreaterThan(50);
    expect(far).toBe(0);
    const pdf = await PDFDocument.load((await renderPdf(globe([madrid]), catalogue, { tileMm: 4, legend: false })).bytes);
    const text = pdf.getPages().map((p) => contents(pdf, p.node.Contents())).join('\n');
    expect(text).toContain(hex('Madrid'));
  });
});

/** The tiles of the grid's line from a to b: a chain of neighbours. */
function chainFrom(map: TerrainMap, a: number, b: number): number[] {
  return Array.from(map.grid.line(a, b));
}

function hex(t: string): string {
  return `<${[...t].map((c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join('')}>`;
}

function contents(doc: PDFDocument, c: unknown): string {
  const streams = c instanceof PDFArray ? c.asArray().map((r) => doc.context.lookup(r)) : [c];
  return streams.map((st) => (st instanceof PDFRawStream ? new TextDecoder().decode(decodePDFRawStream(st).decode()) : st instanceof PDFStream ? new TextDecoder().decode(st.getContents()) : '')).join('\n');
}
