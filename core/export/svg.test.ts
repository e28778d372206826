import { describe, expect, it } from 'vitest';
import { parseXml, type XmlElement } from '../util/xml.js';
import { loadDefaultCatalogue } from '../terrain/catalogue.testkit.js';
import { renderSvg } from './svg.js';
import { sampleMap } from './export.testkit.js';

const catalogue = loadDefaultCatalogue();

function all(el: XmlElement, name: string, out: XmlElement[] = []): XmlElement[] {
  if (el.name === name) out.push(el);
  for (const c of el.children) all(c, name, out);
  return out;
}

describe('SVG export', () => {
  const map = sampleMap(10, 7);

  it('is well-formed XML with one Inkscape layer per part, one path per terrain, strokes and numbers', () => {
    const r = renderSvg(map, catalogue);
    const root = parseXml(r.text, 'map.svg');
    expect(root.name).toBe('svg');
    expect(root.attr('width')).toMatch(/^\d+(\.\d+)?mm$/);
    const layers = all(root, 'g').filter((g) => g.attr('inkscape:groupmode') === 'layer').map((g) => g.attr('id'));
    expect(layers).toEqual(['background', 'terrain', 'symbols', 'grid', 'linear', 'numbers', 'legend']);
    const terrainLayer = all(root, 'g').find((g) => g.attr('id') === 'terrain')!;
    const fills = terrainLayer.children.map((p) => p.attr('fill'));
    expect(new Set(fills).size).toBe(fills.length);
    const linear = all(root, 'g').find((g) => g.attr('id') === 'linear')!;
    const river = linear.children.find((p) => p.attr('stroke') === '#3a78c9');
    expect(river?.attr('fill')).toBe('none');
    expect(river?.attr('stroke-linecap')).toBe('round');
    const texts = all(root, 'text').map((t) => t.text);
    expect(texts).toContain('0101');
    expect(texts).toContain('1007');
    expect(texts).toContain('Forest');
  });

  it('writes lettering as stroked paths when asked, with no <text> left', () => {
    const r = renderSvg(map, catalogue, { textAsPaths: true });
    const root = parseXml(r.text, 'map.svg');
    expect(all(root, 'text')).toHaveLength(0);
    const numbers = all(root, 'g').find((g) => g.attr('id') === 'numbers')!;
    expect(numbers.children.length).toBeGreaterThan(0);
    expect(numbers.children.every((p) => p.name === 'path' && p.attr('fill') === 'none')).toBe(true);
  });

  it('escapes the map name and sizes the drawing at the print scale', () => {
    const named = sampleMap(6, 4);
    named.meta = { name: 'Fish & <Chips>' };
    const a = renderSvg(named, catalogue, { tileMm: 10, legend: false });
    const b = renderSvg(named, catalogue, { tileMm: 20, legend: false });
    expect(parseXml(a.text, 'a.svg').children.find((c) => c.name === 'title')!.text).toBe('Fish & <Chips>');
    expect(b.width / a.width).toBeCloseTo(2, 5);
  });
});
