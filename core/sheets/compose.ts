/**
 * The pages of a tile-sheet print as drawings in named layers (issue 29), made once from the
 * layout for every writer: fronts (bleed, art, cut, marks, die), backs when duplex is asked
 * for (each front's back, mirrored to land behind it), and the manifest pages.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { strokesIntoBleed, type ArtItem, type SheetTile, type TileArt } from './art.js';
import { checkSheetOptions, type SheetOptions } from './options.js';
import { FOOTER_MM, REGISTRATION_MM, backPoint, layoutSheets, type PlacedTile, type SheetLayout } from './layout.js';
import { cropMarks, insideConvex, registrationMark } from './marks.js';
import { manifestDrawings } from './manifest-page.js';
import { emptyLayers, type PageText, type SheetDrawing } from './drawing.js';

export type { SheetDrawing } from './drawing.js';

export interface SheetSet {
  readonly layout: SheetLayout;
  readonly drawings: readonly SheetDrawing[];
}

const CUT = '#202020';
const DIE = '#ec008c';
const CUT_MM = 0.2;
const DIE_MM = 0.1;

/** All pages for `tiles` (each in its count); `back`, when given, is drawn on every back. */
export function composeSheets(tiles: readonly SheetTile[], options: SheetOptions, back?: TileArt): SheetSet {
  const o = checkSheetOptions(options);
  const printed = tiles.filter((t) => t.count > 0);
  if (!printed.length) throw new Error('no tiles to print: every count is 0');
  const arts = printed.map((t) => strokesIntoBleed(t.art(o.tileMm), o.tileMm, o.bleedMm));
  const kinds = [...new Set(arts.map((a) => a.outlineKind))];
  if (kinds.length > 1) throw new Error(`the tiles mix ${kinds.join(' and ')} outlines; print each shape on its own sheets`);
  const layout = layoutSheets(printed.map((t) => t.count), kinds[0]!, o);
  const drawings: SheetDrawing[] = [];
  layout.pages.forEach((placed, i) => {
    drawings.push(frontPage(layout, placed, arts, footer(o.title, `sheet ${i + 1} of ${layout.pages.length}`, o.backColour ? ' (front)' : '')));
    if (o.backColour) drawings.push(backPage(layout, placed, o.backColour, back, footer(o.title, `sheet ${i + 1} of ${layout.pages.length}`, ' (back)')));
  });
  if (o.manifestPage) drawings.push(...manifestDrawings(layout, printed));
  if (o.pageNumbers) drawings.forEach((d, k) => footerText(layout, d, k, drawings.length));
  return { layout, drawings };
}

const footer = (title: string | undefined, sheet: string, side: string) => `${title ? `${title} - ` : ''}${sheet}${side}`;


function frontPage(layout: SheetLayout, placed: readonly PlacedTile[], arts: readonly TileArt[], label: string): SheetDrawing {
  const o = layout.options;
  const layers = emptyLayers();
  for (const p of placed) {
    const art = arts[p.tile]!;
    if (o.bleedMm > 0) layers.bleed.push({ kind: 'fill', colour: art.ground, rings: [p.bleed] }, ...bleedArt(art, (o.tileMm + 2 * o.bleedMm) / o.tileMm, p.cx, p.cy));
    layers.art.push(...art.items.map((it) => moved(it, p.cx, p.cy)));
  }
  const cutRings = placed.map((p) => [...p.cut, p.cut[0]!, p.cut[1]!]);
  if (o.cut === 'lines') layers.cut.push({ kind: 'stroke', colour: CUT, width: CUT_MM, lines: cutRings });
  if (o.cut === 'marks' || o.layout === 'individual') layers.marks.push({ kind: 'stroke', colour: CUT, width: CUT_MM, lines: marksOf(layout, placed) });
  if (o.dieTemplate) layers.die.push({ kind: 'stroke', colour: DIE, width: DIE_MM, lines: cutRings });
  if (o.backColour) layers.marks.push(...registration(layout, (x, y) => [x, y]));
  return { kind: 'front', width: layout.pageW, height: layout.pageH, layers, texts: [{ text: label, x: layout.pageW / 2, y: 0, size: 0, anchor: 'middle' }] };
}

function backPage(layout: SheetLayout, placed: readonly PlacedTile[], colour: string, art: TileArt | undefined, label: string): SheetDrawing {
  const layers = emptyLayers();
  const at = (x: number, y: number) => backPoint(layout, x, y);
  // One fill of every back: abutting bleeds in one path leave no anti-aliasing seam between them.
  layers.bleed.push({ kind: 'fill', colour, rings: placed.map((p) => mirrored(p.bleed, at)) });
  for (const p of placed) {
    const [cx, cy] = at(p.cx, p.cy);
    if (art) layers.art.push(...art.items.map((it) => moved(it, cx, cy)));
  }
  layers.marks.push(...registration(layout, at));
  return { kind: 'back', width: layout.pageW, height: layout.pageH, layers, texts: [{ text: label, x: layout.pageW / 2, y: 0, size: 0, anchor: 'middle' }] };
}

/** The page's label in the footer band, plus the running page number. */
function footerText(layout: SheetLayout, d: SheetDrawing, k: number, total: number): void {
  const texts = d.texts as PageText[];
  const label = texts.shift()?.text ?? '';
  const p = layout.printable;
  const y = p.y + p.h - (layout.options.backColour ? REGISTRATION_MM : 0) - (FOOTER_MM - 2.2) / 2;
  texts.push({ text: `${label}   page ${k + 1} of ${total}`, x: layout.pageW / 2, y, size: 2.2, anchor: 'middle' });
}

function mirrored(ring: readonly number[], at: (x: number, y: number) => [number, number]): number[] {
  const out: number[] = [];
  for (let i = 0; i < ring.length; i += 2) out.push(...at(ring[i]!, ring[i + 1]!));
  return out;
}

/**
 * The art's fills grown about the tile's centre until its outline meets the bleed's: the
 * colours at the tile's edge carry on into the bleed (a forest reaching the edge stays green
 * there), and nothing leaves the bleed outline. Strokes stay out: their caps would cross it.
 */
function bleedArt(art: TileArt, k: number, cx: number, cy: number): ArtItem[] {
  const grow = (xy: readonly number[]) => xy.map((v, i) => v * k + (i % 2 ? cy : cx));
  return art.items.flatMap((it) => (it.kind === 'fill' ? [{ ...it, rings: it.rings.map(grow) }] : []));
}

export function moved(it: ArtItem, dx: number, dy: number): ArtItem {
  const shift = (xy: readonly number[]) => xy.map((v, i) => v + (i % 2 ? dy : dx));
  return it.kind === 'fill' ? { ...it, rings: it.rings.map(shift) } : { ...it, lines: it.lines.map(shift) };
}

/** Crop marks of every tile; on packed layouts, only those clear of every other tile's bleed. */
function marksOf(layout: SheetLayout, placed: readonly PlacedTile[]): number[][] {
  const o = layout.options;
  const out: number[][] = [];
  const reach = layout.pitch[0] + layout.pitch[1];
  for (const p of placed) {
    for (const m of cropMarks(p.cut, o)) {
      const mx = (m[0]! + m[2]!) / 2;
      const my = (m[1]! + m[3]!) / 2;
      const blocked = o.layout !== 'individual' && placed.some((q) => q !== p && Math.abs(q.cx - mx) < reach && Math.abs(q.cy - my) < reach && (insideConvex(q.bleed, m[0]!, m[1]!) || insideConvex(q.bleed, m[2]!, m[3]!) || insideConvex(q.bleed, mx, my)));
      if (!blocked) out.push(m);
    }
  }
  return out;
}

/** Registration targets at the middle of each side of the printable area, in its duplex band. */
function registration(layout: SheetLayout, at: (x: number, y: number) => [number, number]): ArtItem[] {
  const p = layout.printable;
  const h = REGISTRATION_MM / 2;
  const spots: [number, number][] = [[p.x + p.w / 2, p.y + h], [p.x + p.w / 2, p.y + p.h - h], [p.x + h, p.y + p.h / 2], [p.x + p.w - h, p.y + p.h / 2]];
  const lines: number[][] = [];
  for (const [x, y] of spots) {
    const [bx, by] = at(x, y);
    const m = registrationMark(bx, by);
    lines.push(m.circle, ...m.cross);
  }
  return [{ kind: 'stroke', colour: '#000000', width: 0.15, lines }];
}
