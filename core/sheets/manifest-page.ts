/**
 * The manifest pages at the end of a tile-sheet print (issue 29): every tile with its count
 * and where each copy is — sheet, row and column — so a designer checks the cut pile against
 * the game's manifest. Plain searchable text (pdftotext reads it).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { SheetTile } from './art.js';
import { emptyLayers, type PageText, type SheetDrawing } from './drawing.js';
import { FOOTER_MM, type SheetLayout } from './layout.js';

const LINE_MM = 4.6;
const TEXT_MM = 2.4;
/** Columns (mm from the printable area's left): the tile's name, its count (right-aligned), the positions. */
const COUNT_AT = 66;
const POSITIONS_AT = 72;
const LABEL_CHARS = 34;

/** A name cut to fit its column ("..." rather than an ellipsis: the stroke font has no such glyph). */
const short = (label: string) => (label.length > LABEL_CHARS ? `${label.slice(0, LABEL_CHARS - 3)}...` : label);

/** Where each copy of tile i lies: "sheet 1: r1c2 r1c3; sheet 2: r4c1". */
export function tilePositions(layout: SheetLayout, count: number): string[] {
  const by: Map<number, string[]>[] = Array.from({ length: count }, () => new Map());
  for (const page of layout.pages) for (const p of page) (by[p.tile]!.get(p.page) ?? by[p.tile]!.set(p.page, []).get(p.page)!).push(`r${p.row + 1}c${p.col + 1}`);
  return by.map((m) => [...m].map(([page, at]) => `sheet ${page + 1}: ${at.join(' ')}`).join('; '));
}

export function manifestDrawings(layout: SheetLayout, tiles: readonly SheetTile[]): SheetDrawing[] {
  const p = layout.printable;
  const positions = tilePositions(layout, tiles.length);
  const wrapAt = Math.max(20, Math.floor((p.w - POSITIONS_AT - 4) / (TEXT_MM * 0.62)));
  const rows: [string, string, string][] = [];
  tiles.forEach((t, i) => wrap(positions[i]!, wrapAt).forEach((part, k) => rows.push(k ? ['', '', part] : [short(t.label), String(t.count), part])));
  const total = tiles.reduce((a, t) => a + t.count, 0);
  const perPage = Math.max(1, Math.floor((p.h - 2 * FOOTER_MM - 14) / LINE_MM));
  const pages: SheetDrawing[] = [];
  for (let start = 0; start === 0 || start < rows.length; start += perPage) {
    const k = pages.length;
    const texts: PageText[] = [{ text: `${layout.options.title ? `${layout.options.title} - ` : ''}manifest`, x: layout.pageW / 2, y: 0, size: 0, anchor: 'middle' }];
    let y = p.y + FOOTER_MM + 5;
    texts.push({ text: `Tile manifest${k ? ' (continued)' : ''}: ${tiles.length} tiles, ${total} printed on ${layout.pages.length} sheets`, x: p.x + 4, y, size: 3.2, anchor: 'start' });
    y += LINE_MM * 1.6;
    for (const [a, b, c] of [['tile', 'count', 'sheet and position (row, column)'] as const, ...rows.slice(start, start + perPage)]) {
      if (a) texts.push({ text: a, x: p.x + 4, y, size: TEXT_MM, anchor: 'start' });
      if (b) texts.push({ text: b, x: p.x + COUNT_AT, y, size: TEXT_MM, anchor: 'end' });
      texts.push({ text: c, x: p.x + POSITIONS_AT, y, size: TEXT_MM, anchor: 'start' });
      y += LINE_MM;
    }
    pages.push({ kind: 'manifest', width: layout.pageW, height: layout.pageH, layers: emptyLayers(), texts });
  }
  return pages;
}

function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + word.length + 1 > width) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...out, line];
}
