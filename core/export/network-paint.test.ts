import { describe, expect, it } from 'vitest';
import { parseXml, type XmlElement } from '../util/xml.js';
import { loadDefaultCatalogue } from '../terrain/catalogue.testkit.js';
import { renderSvg } from './svg.js';
import { renderPng } from './png.js';
import { networkSampleMap } from '../render/network.testkit.js';
import { buildExportScene } from './scene.js';
import { PARAPET_COLOUR, CROSSING_PAPER } from '../render/network-symbols.js';

const catalogue = loadDefaultCatalogue();

function all(el: XmlElement, name: string, out: XmlElement[] = []): XmlElement[] {
  if (el.name === name) out.push(el);
  for (const c of el.children) all(c, name, out);
  return out;
}

describe('exports draw through-tile networks', () => {
  const map = networkSampleMap();

  it('the scene carries the drawing: road, railroad and trail lines, one bridge, one ford, a level crossing', () => {
    const scene = buildExportScene(map, catalogue);
    const kinds = new Set(scene.networks.lines.map((l) => map.palette[l.kind - 1]));
    expect([...kinds].sort()).toEqual(['railroad', 'road', 'trail']);
    expect(scene.networks.bridges.map((b) => b.style).sort()).toEqual(['bridge', 'ford']);
    expect(scene.networks.marks.some((m) => m.type === 'level-crossing')).toBe(true);
    expect(scene.legend.map((e) => e.terrain.id)).toEqual(expect.arrayContaining(['road', 'railroad', 'trail']));
  });

  it('SVG: in the linear layer, the road stroked in its colour, the bridge parapets and the crossing box filled', () => {
    const root = parseXml(renderSvg(map, catalogue).text, 'map.svg');
    const linear = all(root, 'g').find((g) => g.attr('id') === 'linear')!;
    const strokes = linear.children.map((p) => p.attr('stroke'));
    const fills = linear.children.map((p) => p.attr('fill'));
    expect(strokes).toContain('#7a4a2a');
    expect(fills).toContain(PARAPET_COLOUR);
    expect(fills).toContain(CROSSING_PAPER);
  });

  it('PNG: the network lines are counted among what was drawn', () => {
    const withNet = renderPng(map, catalogue, { size: 400 }).drawn.lines;
    const bare = map.clone();
    bare.setNetworks(null);
    expect(withNet - renderPng(bare, catalogue, { size: 400 }).drawn.lines).toBe(buildExportScene(map, catalogue).networks.lines.length);
  });
});
