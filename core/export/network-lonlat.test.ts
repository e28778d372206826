/** A globe's networks in its PNG and SVG pictures: projected to degrees, with as many bridges as the road crosses rivers. */
import { describe, expect, it } from 'vitest';
import { parseXml, type XmlElement } from '../util/xml.js';
import { loadDefaultCatalogue } from '../terrain/catalogue.testkit.js';
import { networkGlobeSampleMap } from '../render/network.testkit.js';
import { buildNetworkDrawing } from '../render/network-drawing.js';
import { buildExportScene } from './scene.js';
import { renderSvg } from './svg.js';
import { renderPng } from './png.js';
import { networksOnLonLat } from './network-lonlat.js';
import { toLonLat } from './lonlat.js';
import { CROSSING_PAPER, DECK_COLOUR, PARAPET_COLOUR } from '../render/network-symbols.js';

const catalogue = loadDefaultCatalogue();

function all(el: XmlElement, name: string, out: XmlElement[] = []): XmlElement[] {
  if (el.name === name) out.push(el);
  for (const c of el.children) all(c, name, out);
  return out;
}

describe('globe exports draw through-tile networks', () => {
  const { map, road, crossings } = networkGlobeSampleMap();

  it('the scene carries the drawing in degrees: the road from centre to centre, a bridge per crossing, the junction and level crossing', () => {
    const scene = buildExportScene(map, catalogue, { wrapCopies: false });
    const n = scene.networks;
    expect(n.dims).toBe(2);
    expect(n.bridges).toHaveLength(crossings);
    expect(n.marks.map((m) => m.type).sort()).toEqual(['junction', 'level-crossing']);
    for (const b of n.bridges) expect(Math.abs(b.y)).toBeLessThanOrEqual(90);
    // The road's ends are its first and last tiles' centres, in degrees.
    const ll = [0, 0];
    const ends = n.lines.flatMap((l) => [l.xy.slice(0, 2), l.xy.slice(-2)]);
    for (const t of [road[0]!, road[road.length - 1]!]) {
      const c = map.grid.center(t);
      toLonLat(c[0]!, c[1]!, c[2]!, ll);
      expect(ends.some(([x, y]) => Math.abs(x! - ll[0]!) % 360 < 1e-6 && Math.abs(y! - ll[1]!) < 1e-6)).toBe(true);
    }
    // Widths in degrees: a road a fraction of a tile across (tiles are a few degrees on a side-5 globe).
    const roadWidth = n.width[map.palette.indexOf('road') + 1]!;
    expect(roadWidth).toBeGreaterThan(0.1);
    expect(roadWidth).toBeLessThan(scene.areaAcross);
    expect(scene.legend.map((e) => e.terrain.id)).toEqual(expect.arrayContaining(['road', 'railroad']));
  });

  it('wrap copies repeat a line that reaches past ±180, and only such lines', () => {
    const drawing = buildNetworkDrawing(map, catalogue);
    const plain = networksOnLonLat(drawing, false);
    const wrapped = networksOnLonLat(drawing, true);
    const past = plain.lines.filter((l) => l.xy.some((v, i) => i % 2 === 0 && Math.abs(v) > 180)).length;
    expect(wrapped.lines.length).toBe(plain.lines.length + past);
  });

  it('SVG: a parapet and a deck for each bridge, the level crossing box, the road stroked', () => {
    const root = parseXml(renderSvg(map, catalogue).text, 'globe.svg');
    const paths = all(root, 'path');
    const count = (fill: string) => paths.filter((p) => p.attr('fill') === fill).reduce((n, p) => n + (p.attr('d')!.match(/M/g)?.length ?? 0), 0);
    expect(count(PARAPET_COLOUR)).toBe(crossings);
    expect(count(DECK_COLOUR)).toBe(crossings);
    expect(count(CROSSING_PAPER)).toBe(1);
    expect(paths.some((p) => p.attr('stroke') === '#7a4a2a')).toBe(true);
  });

  it('PNG: the network lines are counted among what was drawn', () => {
    const withNet = renderPng(map, catalogue, { size: 400 }).drawn.lines;
    const bare = map.clone();
    bare.setNetworks(null);
    expect(withNet - renderPng(bare, catalogue, { size: 400 }).drawn.lines).toBe(buildExportScene(map, catalogue).networks.lines.length);
  });
});
