/**
 * A tile-sheet page as SVG (issue 29), millimetre-sized, one Inkscape layer per part of the
 * print (bleed, art, cut lines, marks, die line, text) so a designer or a die-cut service
 * can hide or recolour one; one file per sheet. Page text is stroke-font paths, as Inkscape's
 * "object to path" leaves it: a group per line labelled with its words (aria-label), so the
 * sheet looks the same wherever it is opened and no font is substituted.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { writeXml, type XmlOut } from '../util/xml.js';
import type { ArtItem } from './art.js';
import { textPolylines } from '../export/stroke-font.js';
import { LAYER_NAMES, TEXT_COLOUR, TEXT_WEIGHT, type SheetDrawing } from './drawing.js';

const LABELS: Readonly<Record<(typeof LAYER_NAMES)[number], string>> = { bleed: 'bleed', art: 'art', cut: 'cut lines', marks: 'marks', die: 'die line' };
const n = (v: number) => String(Math.round(v * 1000) / 1000);
/** A path with explicit L commands: some renderers (ImageMagick's own) misread implicit line-tos after M. */
const d = (xy: readonly number[], close: boolean) => `M${n(xy[0]!)} ${n(xy[1]!)}${xy.length > 2 ? `L${xy.slice(2).map(n).join(' ')}` : ''}${close ? 'Z' : ''}`;

export function sheetSvg(page: SheetDrawing): string {
  const layer = (id: string, label: string, children: XmlOut[]): XmlOut => ({ name: 'g', attrs: [['id', id], ['inkscape:groupmode', 'layer'], ['inkscape:label', label]], children });
  const layers = LAYER_NAMES.filter((name) => page.layers[name].length).map((name) => layer(`layer-${name}`, LABELS[name], page.layers[name].map(svgItem)));
  const text: XmlOut[] = page.texts.map((t) => ({
    name: 'g',
    attrs: [['aria-label', t.text]],
    children: [svgItem({ kind: 'stroke', colour: TEXT_COLOUR, width: t.size * TEXT_WEIGHT, lines: textPolylines(t.text, t.x, t.y, t.size, t.anchor) })],
  }));
  if (text.length) layers.push(layer('layer-text', 'text', text));
  return writeXml({
    name: 'svg',
    attrs: [
      ['xmlns', 'http://www.w3.org/2000/svg'],
      ['xmlns:inkscape', 'http://www.inkscape.org/namespaces/inkscape'],
      ['width', `${n(page.width)}mm`],
      ['height', `${n(page.height)}mm`],
      ['viewBox', `0 0 ${n(page.width)} ${n(page.height)}`],
    ],
    children: [{ name: 'rect', attrs: [['width', n(page.width)], ['height', n(page.height)], ['fill', '#ffffff'], ['stroke', 'none']] }, ...layers],
  });
}

function svgItem(it: ArtItem): XmlOut {
  if (it.kind === 'fill') return { name: 'path', attrs: [['d', it.rings.map((r) => d(r, true)).join('')], ['fill', it.colour], ['stroke', 'none']] };
  return {
    name: 'path',
    attrs: [
      ['d', it.lines.map((l) => d(l, false)).join('')],
      ['fill', 'none'],
      ['stroke', it.colour],
      ['stroke-width', n(it.width)],
      ['stroke-linecap', it.dash ? 'butt' : 'round'],
      ['stroke-linejoin', 'round'],
      ['stroke-dasharray', it.dash ? it.dash.map(n).join(' ') : undefined],
    ],
  };
}
