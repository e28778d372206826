/**
 * SVG of a map or a region: terrain areas as one path per terrain, symbols, the grid, linear
 * features as stroked paths (round caps and joins, dashes for trails), tile numbers as text
 * (or, with `textAsPaths`, as stroked paths of the built-in stroke font, so the file needs no
 * font to open, print or cut), and the legend. Each part is an Inkscape layer
 * (inkscape:groupmode="layer"), so a designer can hide the grid or recolour a terrain in one
 * place. Sized in millimetres at the print scale `tileMm`; the viewBox is in CSS pixels
 * (96 per inch). Written with core/formats/xml.ts, so text is escaped.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainMap } from '../map/terrain-map.js';
import type { TerrainCatalogue } from '../terrain/types.js';
import type { XmlOut } from '../util/xml.js';
import { writeXml } from '../util/xml.js';
import type { Painter } from './compose.js';
import { drawMap, viewOf } from './compose.js';
import { drawLegend, legendLayout } from './legend.js';
import type { ExportOptions } from './options.js';
import { checkExportOptions } from './options.js';
import { buildExportScene } from './scene.js';
import { textPolylines } from './stroke-font.js';
import type { MapLabelItem } from './map-labels.js';
import { labelStrokes } from './map-labels.js';
import { LABEL_LOOKS } from '../map/label-look.js';

const PX_PER_MM = 96 / 25.4;
/** Cap height of Helvetica-like fonts as a fraction of the font size. */
export const CAP_HEIGHT = 0.716;

const num = (v: number): string => (Math.round(v * 100) / 100).toString();

function ringPath(xy: ArrayLike<number>, close: boolean): string {
  let d = `M${num(xy[0]!)} ${num(xy[1]!)}`;
  for (let i = 2; i + 1 < xy.length; i += 2) d += `L${num(xy[i]!)} ${num(xy[i + 1]!)}`;
  return close ? `${d}Z` : d;
}

export interface SvgResult {
  readonly text: string;
  readonly width: number;
  readonly height: number;
}

export function renderSvg(map: TerrainMap, catalogue: TerrainCatalogue, options: ExportOptions = {}): SvgResult {
  const o = checkExportOptions(options);
  const scene = buildExportScene(map, catalogue, { region: o.region });
  const scale = (o.tileMm * PX_PER_MM) / scene.areaAcross;
  const mapW = (scene.bounds.x1 - scene.bounds.x0) * scale;
  const mapH = (scene.bounds.y1 - scene.bounds.y0) * scale;
  const cap = Math.max(8, Math.min(18, mapW / 90));
  const legend = o.legend ? legendLayout(scene, mapW - 2 * cap, cap) : null;
  const width = mapW;
  const height = mapH + (legend ? legend.height + cap : 0);

  const painter = new SvgPainter(o.textAsPaths);
  painter.group('background', 'Background');
  painter.current.push({ name: 'rect', attrs: [['width', num(width)], ['height', num(height)], ['fill', '#ffffff']] });
  drawMap(scene, viewOf(scene.bounds, scale), o, painter);
  if (legend) drawLegend(scene, cap, mapH + cap * 0.5, mapW - 2 * cap, cap, painter, scene.areaAcross * scale, o.tileMm);
  const root: XmlOut = {
    name: 'svg',
    attrs: [
      ['xmlns', 'http://www.w3.org/2000/svg'],
      ['xmlns:inkscape', 'http://www.inkscape.org/namespaces/inkscape'],
      ['width', `${num(width / PX_PER_MM)}mm`],
      ['height', `${num(height / PX_PER_MM)}mm`],
      ['viewBox', `0 0 ${num(width)} ${num(height)}`],
    ],
    children: [{ name: 'title', text: scene.title }, ...painter.groups],
  };
  return { text: writeXml(root), width, height };
}

class SvgPainter implements Painter {
  readonly groups: XmlOut[] = [];
  current: XmlOut[] = [];
  private readonly layers = new Map<string, XmlOut[]>();

  constructor(private readonly textAsPaths: boolean) {}

  group(id: string, label: string): void {
    const existing = this.layers.get(id);
    if (existing) {
      this.current = existing;
      return;
    }
    const children: XmlOut[] = [];
    this.layers.set(id, children);
    this.groups.push({ name: 'g', attrs: [['id', id], ['inkscape:groupmode', 'layer'], ['inkscape:label', label]], children });
    this.current = children;
  }

  layer(name: 'terrain' | 'symbols' | 'grid' | 'linear' | 'numbers' | 'labels' | 'legend'): void {
    this.group(name, name[0]!.toUpperCase() + name.slice(1));
  }

  tiles(terrain: number, colour: string, each: (ring: (xy: ArrayLike<number>) => void) => void): void {
    const parts: string[] = [];
    each((xy) => parts.push(ringPath(xy, true)));
    if (parts.length) this.current.push({ name: 'path', attrs: [['class', `terrain-${terrain}`], ['fill', colour], ['d', parts.join('')]] });
  }

  fills(colour: string, rings: readonly ArrayLike<number>[]): void {
    if (rings.length) this.current.push({ name: 'path', attrs: [['fill', colour], ['d', rings.map((r) => ringPath(r, true)).join('')]] });
  }

  strokes(colour: string, width: number, lines: readonly ArrayLike<number>[], dash?: readonly [number, number]): void {
    if (!lines.length) return;
    this.current.push({
      name: 'path',
      attrs: [
        ['fill', 'none'],
        ['stroke', colour],
        ['stroke-width', num(width)],
        ['stroke-linecap', dash ? 'butt' : 'round'],
        ['stroke-linejoin', 'round'],
        ['stroke-dasharray', dash ? `${num(dash[0])} ${num(dash[1])}` : undefined],
        ['d', lines.map((l) => ringPath(l, false)).join('')],
      ],
    });
  }

  /** Map labels as text (a designer edits them in Inkscape), or with `textAsPaths` as stroke-font paths: halo under ink. */
  mapLabels(items: readonly MapLabelItem[]): void {
    for (const it of items) {
      if (this.textAsPaths) {
        const l = labelStrokes(it);
        this.strokes(l.halo, l.haloWidth, l.lines);
        this.strokes(l.ink, l.inkWidth, l.lines);
        continue;
      }
      const look = LABEL_LOOKS[it.style];
      const turn = (it.angle * 180) / Math.PI;
      this.current.push({
        name: 'text',
        attrs: [
          ['class', `label-${it.style}`],
          ['x', num(it.x)],
          ['y', num(it.y)],
          ['transform', Math.abs(turn) > 0.01 ? `rotate(${num(turn)} ${num(it.x)} ${num(it.y)})` : undefined],
          ['font-family', look.family === 'serif' ? 'Georgia, "Times New Roman", serif' : 'Helvetica, Arial, sans-serif'],
          ['font-size', num(it.size)],
          ['font-weight', look.bold ? 'bold' : undefined],
          ['font-style', look.italic ? 'italic' : undefined],
          ['text-anchor', 'middle'],
          ['dominant-baseline', 'central'],
          ['fill', look.fill],
          ['stroke', look.halo],
          ['stroke-width', num(2 * look.haloWidth * it.size)],
          ['stroke-linejoin', 'round'],
          ['paint-order', 'stroke'],
        ],
        text: it.text,
      });
    }
  }

  text(items: readonly { x: number; y: number; text: string; colour: string }[], size: number, anchor: 'start' | 'middle' | 'end'): void {
    if (this.textAsPaths) {
      const byColour = new Map<string, ArrayLike<number>[]>();
      for (const it of items) {
        const list = byColour.get(it.colour) ?? [];
        list.push(...textPolylines(it.text, it.x, it.y, size, anchor));
        byColour.set(it.colour, list);
      }
      for (const [colour, lines] of byColour) this.strokes(colour, Math.max(0.5, size / 6.5), lines);
      return;
    }
    const children: XmlOut[] = items.map((it) => ({ name: 'text', attrs: [['x', num(it.x)], ['y', num(it.y)], ['fill', it.colour === '#1a1a1a' ? undefined : it.colour]], text: it.text }));
    this.current.push({
      name: 'g',
      attrs: [['font-family', 'Helvetica, Arial, sans-serif'], ['font-size', num(size / CAP_HEIGHT)], ['text-anchor', anchor], ['fill', '#1a1a1a']],
      children,
    });
  }
}
