/**
 * Where every tile goes on every sheet (issue 29), computed once for all writers; the
 * geometry is documented in docs/tile-sheets.md and tested number by number.
 *
 * Page frame: millimetres, origin at the page's top-left, y down. The printable area is the
 * page less `marginMm` on every side; inside it, bands are kept free for the footer (page
 * numbers, top and bottom alike so a mirrored back still clears it) and, on duplex prints,
 * for the registration marks. Tiles fill the rest as one block, centred:
 *   individual  a grid of cells, each the tile's bleed box plus a gutter of
 *               markOffset + markLength on every side, for the tile's own crop marks
 *   grid        bleed boxes edge to edge (pitch = tile + 2·bleed), a mark gutter around the block
 *   die         flat-topped hexes nested in offset columns (pitch ¾ of the bleed hex's width
 *               across, its height down, odd columns half a tile lower): with bleed 0 the
 *               tiles share their cut lines, with bleed b the bleed hexes tessellate, so a
 *               tile's bleed meets its neighbour's bleed halfway and never takes its colour
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { EXPORT_LIMITS } from '../util/limits.js';
import { outlineBox, outlineRing, type OutlineKind } from './art.js';
import { SheetOptionError, pageSizeMm, type CheckedSheetOptions } from './options.js';

/** Footer band kept free at the top and bottom of the printable area when pages are numbered. */
export const FOOTER_MM = 6;
/** Band kept free on every side for duplex registration marks. */
export const REGISTRATION_MM = 8;

export interface PlacedTile {
  /** Index into the tile list the layout was made from, and which copy of it. */
  readonly tile: number;
  readonly copy: number;
  readonly page: number;
  readonly row: number;
  readonly col: number;
  readonly cx: number;
  readonly cy: number;
  /** The cut outline and the bleed outline (cut grown by bleedMm), x, y pairs. */
  readonly cut: readonly number[];
  readonly bleed: readonly number[];
}

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export interface SheetLayout {
  readonly options: CheckedSheetOptions;
  readonly outlineKind: OutlineKind;
  readonly pageW: number;
  readonly pageH: number;
  readonly printable: Box;
  /** The block of tiles' box on a full page (bleed and mark gutters included). */
  readonly block: Box;
  /** Centre-to-centre distance across and down (die: between columns, and within one). */
  readonly pitch: readonly [number, number];
  readonly cols: number;
  readonly rows: number;
  readonly perPage: number;
  /** Tile pages (fronts); backs and manifest pages are added by the page composer. */
  readonly pages: readonly (readonly PlacedTile[])[];
}

interface Slot {
  readonly row: number;
  readonly col: number;
  readonly cx: number;
  readonly cy: number;
}

/** Lays out `counts[i]` copies of tile i in order, page after page. */
export function layoutSheets(counts: readonly number[], outlineKind: OutlineKind, o: CheckedSheetOptions): SheetLayout {
  const [pageW, pageH] = pageSizeMm(o);
  const m = o.marginMm;
  const printable = { x: m, y: m, w: pageW - 2 * m, h: pageH - 2 * m };
  const slots = pageSlots(outlineKind, o, printable);
  const total = counts.reduce((a, c) => a + c, 0);
  const pageCount = Math.ceil(total / slots.slots.length);
  if (pageCount * (o.backColour ? 2 : 1) > EXPORT_LIMITS.maxPdfPages) {
    throw new SheetOptionError(`${total} tiles need ${pageCount} sheets at ${slots.slots.length} a sheet; the limit is ${EXPORT_LIMITS.maxPdfPages} pages (print fewer tiles or use a larger page)`);
  }
  const pages: PlacedTile[][] = [];
  let k = 0;
  counts.forEach((count, tile) => {
    for (let copy = 0; copy < count; copy++, k++) {
      const page = Math.floor(k / slots.slots.length);
      const s = slots.slots[k % slots.slots.length]!;
      (pages[page] ??= []).push({ tile, copy, page, row: s.row, col: s.col, cx: s.cx, cy: s.cy, cut: outlineRing(outlineKind, o.tileMm, 0, s.cx, s.cy), bleed: outlineRing(outlineKind, o.tileMm, o.bleedMm, s.cx, s.cy) });
    }
  });
  return { options: o, outlineKind, pageW, pageH, printable, block: slots.block, pitch: slots.pitch, cols: slots.cols, rows: slots.rows, perPage: slots.slots.length, pages };
}

/** The gutter around each tile (individual) or the block (grid, die) where crop marks go. */
export function markGutter(o: CheckedSheetOptions): number {
  return o.markOffsetMm + o.markLengthMm;
}

function pageSlots(kind: OutlineKind, o: CheckedSheetOptions, p: Box): { slots: Slot[]; block: Box; pitch: [number, number]; cols: number; rows: number } {
  const band = (o.pageNumbers ? FOOTER_MM : 0) + (o.backColour ? REGISTRATION_MM : 0);
  const side = o.backColour ? REGISTRATION_MM : 0;
  const area = { x: p.x + side, y: p.y + band, w: p.w - 2 * side, h: p.h - 2 * band };
  const [bw, bh] = outlineBox(kind, o.tileMm + 2 * o.bleedMm);
  const g = markGutter(o);
  const die = o.layout === 'die' && kind === 'hex';
  let cols: number;
  let rows: number;
  let pitch: [number, number];
  let blockW: number;
  let blockH: number;
  if (o.layout === 'individual') {
    pitch = [bw + 2 * g, bh + 2 * g];
    cols = Math.floor(area.w / pitch[0]);
    rows = Math.floor(area.h / pitch[1]);
    blockW = cols * pitch[0];
    blockH = rows * pitch[1];
  } else {
    const edge = o.cut === 'marks' ? g : 0;
    pitch = die ? [0.75 * bw, bh] : [bw, bh];
    cols = Math.floor((area.w - 2 * edge - bw) / pitch[0] + 1e-9) + 1;
    const stagger = die && cols > 1 ? bh / 2 : 0;
    rows = Math.floor((area.h - 2 * edge - stagger) / bh + 1e-9);
    blockW = bw + (cols - 1) * pitch[0] + 2 * edge;
    blockH = rows * bh + stagger + 2 * edge;
  }
  if (cols < 1 || rows < 1) throw new SheetOptionError(`a ${o.tileMm.toFixed(1)} mm tile with ${o.bleedMm} mm bleed does not fit the ${o.paper} page's printable area (${area.w.toFixed(1)} × ${area.h.toFixed(1)} mm); choose a smaller tile, less margin or a larger page`);
  const block = { x: area.x + (area.w - blockW) / 2, y: area.y + (area.h - blockH) / 2, w: blockW, h: blockH };
  const inset = o.layout === 'individual' ? g : o.cut === 'marks' ? g : 0;
  const slots: Slot[] = [];
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const cx = block.x + inset + bw / 2 + col * pitch[0];
      const cy = block.y + inset + bh / 2 + row * pitch[1] + (die && col % 2 === 1 ? bh / 2 : 0);
      slots.push({ row, col, cx, cy });
    }
  }
  return { slots, block, pitch, cols, rows };
}

/** Where a back page puts what the front has at (x, y): mirrored about the page's axis the sheet turns on, then shifted. */
export function backPoint(layout: Pick<SheetLayout, 'pageW' | 'pageH' | 'options'>, x: number, y: number): [number, number] {
  const { pageW, pageH, options: o } = layout;
  const portrait = pageH >= pageW;
  // Turning over the long edge of a portrait sheet swaps left and right; of a landscape sheet, top and bottom.
  const swapX = (o.duplex === 'long') === portrait;
  const [dx, dy] = o.backOffsetMm;
  return swapX ? [pageW - x + dx, y + dy] : [x + dx, pageH - y + dy];
}
