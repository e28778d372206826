import { describe, expect, it } from 'vitest';
import { checkSheetOptions, pageSizeMm, SHEET_PAPER_NAMES, parseLength, type SheetOptions } from './options.js';
import { backPoint, layoutSheets, markGutter, type PlacedTile } from './layout.js';
import { cropMarks, insideConvex } from './marks.js';
import { composeSheets } from './compose.js';
import { manifestSheetTiles } from './sources.js';
import { SAMPLE_MANIFEST, SAMPLE_TRACK } from './sheets.testkit.js';

const SQRT3 = Math.sqrt(3);
const TOL = 0.01;

/** Distance between the midpoints of opposite edges k and k+3 of a ring: the width across flats. */
function acrossFlats(ring: readonly number[], k = 0): number {
  const n = ring.length / 2;
  const mid = (i: number) => [(ring[(2 * i) % ring.length]! + ring[(2 * i + 2) % ring.length]!) / 2, (ring[(2 * i + 1) % ring.length]! + ring[(2 * i + 3) % ring.length]!) / 2];
  const [ax, ay] = mid(k);
  const [bx, by] = mid(k + n / 2);
  return Math.hypot(ax! - bx!, ay! - by!);
}

function insideBox(ring: readonly number[], b: { x: number; y: number; w: number; h: number }): boolean {
  for (let i = 0; i < ring.length; i += 2) if (ring[i]! < b.x - 1e-9 || ring[i]! > b.x + b.w + 1e-9 || ring[i + 1]! < b.y - 1e-9 || ring[i + 1]! > b.y + b.h + 1e-9) return false;
  return true;
}

/** The ring shrunk toward its centre by 1 µm, so shared edges do not count as overlap. */
const shrunk = (p: PlacedTile) => p.bleed.map((v, i) => (i % 2 ? p.cy + (v - p.cy) * 0.99999 : p.cx + (v - p.cx) * 0.99999));

const counts = [5, 17, 3, 40];
const cases: SheetOptions[] = [];
for (const layout of ['individual', 'die', 'grid'] as const)
  for (const paper of SHEET_PAPER_NAMES)
    for (const landscape of [false, true])
      for (const bleedMm of [0, 3, 6]) cases.push({ layout, paper, landscape, bleedMm, cut: bleedMm === 3 ? 'marks' : 'lines', backColour: bleedMm === 6 ? '#223344' : undefined });

describe('tile-sheet layout geometry (docs/tile-sheets.md)', () => {
  it.each(['hex', 'square'] as const)('keeps every %s tile, bleed and mark inside the printable area, on every paper, layout and bleed', (kind) => {
    for (const c of cases) {
      const o = checkSheetOptions(c);
      const l = layoutSheets(counts, kind, o);
      const [w, h] = pageSizeMm(o);
      expect([l.printable.x, l.printable.y, l.printable.w, l.printable.h]).toEqual([o.marginMm, o.marginMm, w - 2 * o.marginMm, h - 2 * o.marginMm]);
      for (const page of l.pages) {
        for (const p of page) {
          expect(insideBox(p.cut, l.printable)).toBe(true);
          expect(insideBox(p.bleed, l.printable)).toBe(true);
          if (o.layout === 'individual' || o.cut === 'marks') for (const m of cropMarks(p.cut, o)) expect(insideBox(m, l.printable), `${c.layout} ${c.paper}`).toBe(true);
        }
      }
      expect(l.pages.flat().length).toBe(counts.reduce((a, b) => a + b, 0));
    }
  });

  it('sizes each tile across flats as asked, grows its bleed by exactly the bleed, and pitches the die layout by the documented amounts', () => {
    for (const bleedMm of [0, 3, 6]) {
      const o = checkSheetOptions({ layout: 'die', paper: 'letter', bleedMm, tileMm: parseLength('1.5in', 'tile') });
      expect(o.tileMm).toBeCloseTo(38.1, 9);
      const l = layoutSheets([60], 'hex', o);
      const page = l.pages[0]!;
      for (const p of page) {
        for (let k = 0; k < 3; k++) {
          expect(Math.abs(acrossFlats(p.cut, k) - 38.1)).toBeLessThan(TOL);
          expect(Math.abs(acrossFlats(p.bleed, k) - (38.1 + 2 * bleedMm))).toBeLessThan(TOL);
        }
      }
      const F = 38.1 + 2 * bleedMm;
      const at = (row: number, col: number) => page.find((p) => p.row === row && p.col === col)!;
      // Down a column: one bleed hex's height; across: ¾ of its width (2F/√3); odd columns half a tile lower.
      expect(Math.abs(at(1, 0).cy - at(0, 0).cy - F)).toBeLessThan(TOL);
      expect(Math.abs(at(0, 1).cx - at(0, 0).cx - 0.75 * ((2 * F) / SQRT3))).toBeLessThan(TOL);
      expect(Math.abs(at(0, 1).cy - at(0, 0).cy - F / 2)).toBeLessThan(TOL);
      // Neighbours' centres are F apart: the bleed hexes tessellate (with bleed 0 the cut lines are shared).
      expect(Math.abs(Math.hypot(at(0, 1).cx - at(0, 0).cx, at(0, 1).cy - at(0, 0).cy) - F)).toBeLessThan(TOL);
      if (bleedMm === 0) {
        const shared = at(0, 0).cut.filter((_, i) => i % 2 === 0).map((x, i) => [x, at(0, 0).cut[2 * i + 1]!]).filter(([x, y]) => [0, 1, 2, 3, 4, 5].some((j) => Math.hypot(at(0, 1).cut[2 * j]! - x!, at(0, 1).cut[2 * j + 1]! - y!) < TOL));
        expect(shared).toHaveLength(2);
      }
    }
  });

  it('pitches the grid and individual layouts by bleed boxes and mark gutters, and centres the block', () => {
    const o = checkSheetOptions({ layout: 'individual', paper: 'a4', bleedMm: 3, tileMm: 38 });
    const l = layoutSheets([30], 'square', o);
    expect(l.pitch).toEqual([38 + 6 + 2 * markGutter(o), 38 + 6 + 2 * markGutter(o)]);
    expect(Math.abs(l.block.x - l.printable.x - (l.printable.x + l.printable.w - l.block.x - l.block.w))).toBeLessThan(TOL);
    const g = layoutSheets([30], 'square', checkSheetOptions({ layout: 'grid', paper: 'a4', bleedMm: 6, tileMm: 38 }));
    const [a, b] = g.pages[0]!;
    expect(Math.abs(b!.cx - a!.cx - 50)).toBeLessThan(TOL);
  });

  it('never lets one tile\'s bleed reach over another\'s (each bleed is its own colour)', () => {
    for (const layout of ['individual', 'die', 'grid'] as const) {
      for (const bleedMm of [0, 3, 6]) {
        const l = layoutSheets([80], 'hex', checkSheetOptions({ layout, bleedMm, paper: 'a3' }));
        const page = l.pages[0]!;
        for (const p of page) for (const q of page) if (p !== q && Math.hypot(p.cx - q.cx, p.cy - q.cy) < 80) for (let i = 0; i < 12; i += 2) expect(insideConvex(shrunk(q), p.bleed[i]! * 0.5 + p.cx * 0.5, p.bleed[i + 1]! * 0.5 + p.cy * 0.5)).toBe(false);
      }
    }
  });

  it('puts crop marks outside the bleed, starting the mark offset past it', () => {
    const o = checkSheetOptions({ layout: 'individual', bleedMm: 3, markOffsetMm: 1.5 });
    const l = layoutSheets([1], 'hex', o);
    const p = l.pages[0]![0]!;
    const marks = cropMarks(p.cut, o);
    expect(marks).toHaveLength(12);
    for (const m of marks) {
      expect(insideConvex(p.bleed, m[0]!, m[1]!)).toBe(false);
      // Back along the mark by offset / sin 60°, the edge's line meets the bleed's edge: a hair further is inside it.
      const len = Math.hypot(m[2]! - m[0]!, m[3]! - m[1]!);
      const back = (d: number) => [m[0]! - ((m[2]! - m[0]!) / len) * d, m[1]! - ((m[3]! - m[1]!) / len) * d] as const;
      expect(insideConvex(p.bleed, ...back((1.5 - TOL) / Math.sin(Math.PI / 3)))).toBe(false);
      expect(insideConvex(p.bleed, ...back((1.5 + TOL) / Math.sin(Math.PI / 3)))).toBe(true);
      expect(Math.abs(Math.hypot(m[2]! - m[0]!, m[3]! - m[1]!) - o.markLengthMm)).toBeLessThan(TOL);
    }
  });

  it.each([
    ['long', false],
    ['short', false],
    ['long', true],
    ['short', true],
  ] as const)('lands each back behind its front (%s edge, landscape %s), offset as asked', (duplex, landscape) => {
    const tiles = manifestSheetTiles(SAMPLE_MANIFEST, SAMPLE_TRACK, 2);
    const set = composeSheets(tiles, { duplex, landscape, backColour: '#204080', paper: 'letter', layout: 'die' });
    const { pageW, pageH } = set.layout;
    const portrait = pageH > pageW;
    for (let s = 0; s < set.layout.pages.length; s++) {
      const front = set.layout.pages[s]!;
      const back = set.drawings[2 * s + 1]!;
      expect(back.kind).toBe('back');
      const rings = back.layers.bleed.flatMap((it) => (it.kind === 'fill' ? it.rings : []));
      expect(rings).toHaveLength(front.length);
      front.forEach((p, k) => {
        // Turning the sheet over: about the vertical axis for long-edge portrait and short-edge landscape.
        const flipX = (duplex === 'long') === portrait;
        for (let i = 0; i < p.bleed.length; i += 2) {
          const seenX = flipX ? pageW - rings[k]![i]! : rings[k]![i]!;
          const seenY = flipX ? rings[k]![i + 1]! : pageH - rings[k]![i + 1]!;
          expect(Math.abs(seenX - p.bleed[i]!) + Math.abs(seenY - p.bleed[i + 1]!)).toBeLessThan(TOL);
        }
      });
    }
    const shifted = composeSheets(tiles, { duplex, landscape, backColour: '#204080', backOffsetMm: [0.8, -0.5] });
    const [bx, by] = backPoint(shifted.layout, 10, 20);
    const [cx, cy] = backPoint(set.layout, 10, 20);
    expect([bx - cx, by - cy].map((v) => Math.round(v * 100) / 100)).toEqual([0.8, -0.5]);
  });

  it('prints every manifest tile in its count (unlimited as asked, board-only tiles not at all)', () => {
    const tiles = manifestSheetTiles(SAMPLE_MANIFEST, SAMPLE_TRACK, 4);
    expect(tiles.map((t) => [t.id, t.count])).toEqual([['8', 7], ['9', 4], ['3', 2], ['57', 4], ['15', 3], ['63', 3]]);
    const set = composeSheets(tiles, { layout: 'individual', paper: 'a4' });
    const placed = set.layout.pages.flat();
    tiles.forEach((t, i) => expect(placed.filter((p) => p.tile === i)).toHaveLength(t.count));
    expect(set.drawings.at(-1)!.kind).toBe('manifest');
    const text = set.drawings.at(-1)!.texts.map((t) => t.text).join('\n');
    expect(text).toContain('6 tiles, 23 printed');
  });

  it('refuses bad options and tiles too large for the page with one line', () => {
    expect(() => checkSheetOptions({ bleedMm: 4 })).toThrow(/^bleed \(mm\) must be one of 0, 3, 6, got 4$/);
    expect(() => checkSheetOptions({ paper: 'b5' as 'a4' })).toThrow(/paper must be one of letter, a4, a3, 11x17, 12x18/);
    expect(() => parseLength('2 cubits', 'tile size')).toThrow(/tile size must be a length such as 38mm or 1.5in/);
    expect(() => layoutSheets([1], 'hex', checkSheetOptions({ tileMm: 200, paper: 'letter' }))).toThrow(/does not fit the letter page's printable area/);
    expect(() => manifestSheetTiles({ game: 'g', tiles: [{ tileId: '999', quantity: 1 }], upgrades: [] }, SAMPLE_TRACK, 1)).toThrow(/tile "999": the manifest lists a tile the library does not have/);
  });
});
