/**
 * Where the tile numbers go in the flat view (tile-labels.ts draws them): a bucket index of
 * the labelled tiles' anchors (near the top of each tile, as printed maps carry them), the
 * visible ones for a frustum, and their characters laid out as glyph instances — typed
 * arrays only, so a zoomed-in view of a million-tile map touches just the tiles in view.
 *
 * Numbers are drawn only when a tile is wide enough on screen to read them (`labelsReadable`);
 * zoomed out they would be clutter, and the number of tiles in view explodes.
 *
 * Renderer layer, but pure: no DOM, no Three.js.
 */
import type { TerrainMap } from '../../../../core/map/terrain-map.js';
import type { TileNumbering } from '../../../../core/map/numbering.js';

/** Characters the atlas holds; any other prints as '?'. */
export const LABEL_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ,-?.';

/** Height of a glyph cell (the caps are ~0.57 of it) as a fraction of the distance between neighbouring numbered tiles. */
export const GLYPH_HEIGHT = 0.2;
/** The label's middle sits this fraction of that distance above the tile centre (printed maps number near the top edge). */
export const ANCHOR_RISE = 0.3;
/** Smallest on-screen cell height (CSS px) worth drawing (caps of ~7 px), and the largest drawn (caps of ~15 px). */
export const MIN_GLYPH_PX = 12;
export const MAX_GLYPH_PX = 26;
/** The most labels drawn at once. */
export const MAX_LABELS = 6000;

/** The on-screen cell height at `pxPerUnit`: it grows with the zoom, between the readable minimum and a calm maximum. */
export function glyphPixels(index: Pick<LabelIndex, 'across'>, pxPerUnit: number): number {
  return Math.min(MAX_GLYPH_PX, GLYPH_HEIGHT * index.across * pxPerUnit);
}

export interface LabelIndex {
  /** Distance between neighbouring numbered tiles (model units). */
  readonly across: number;
  /** Labelled tiles, bucketed: tiles of bucket b are tiles[starts[b] … starts[b+1]). */
  readonly tiles: Int32Array;
  readonly x: Float32Array;
  readonly y: Float32Array;
  readonly starts: Uint32Array;
  readonly minX: number;
  readonly minY: number;
  readonly cell: number;
  readonly cols: number;
  readonly rows: number;
}

/** True when glyph cells would be at least MIN_GLYPH_PX tall at `pxPerUnit` CSS pixels per model unit. */
export function labelsReadable(index: Pick<LabelIndex, 'across'>, pxPerUnit: number): boolean {
  return GLYPH_HEIGHT * index.across * pxPerUnit >= MIN_GLYPH_PX;
}

/**
 * Buckets the tiles that can carry a number: every tile of a classic map, the area tiles of
 * an AL-FORM map (`classes`, core/alform tile classes, 0 = AREA; linear tiles have no number,
 * core/map/numbering.ts). One pass over the map's tiles; `across` is the classic tile
 * spacing (twice the grid's on AL-FORM).
 */
export function buildLabelIndex(map: TerrainMap, classes: Uint8Array | null): LabelIndex {
  const grid = map.grid;
  const across = grid.spacing() * (map.spec.alform ? 2 : 1);
  const n = map.tileCount;
  const keep: number[] = [];
  const xs: number[] = [];
  const ys: number[] = [];
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let t = 0; t < n; t++) {
    if (classes && classes[t] !== 0) continue;
    const c = grid.center(t);
    const x = c[0]!;
    const y = c[1]! + ANCHOR_RISE * across;
    keep.push(t);
    xs.push(x);
    ys.push(y);
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  const cell = 4 * across;
  const cols = Math.max(1, Math.ceil((maxX - minX) / cell) + 1);
  const rows = Math.max(1, Math.ceil((maxY - minY) / cell) + 1);
  const bucketOf = (k: number) => Math.floor((ys[k]! - minY) / cell) * cols + Math.floor((xs[k]! - minX) / cell);
  const starts = new Uint32Array(cols * rows + 1);
  for (let k = 0; k < keep.length; k++) starts[bucketOf(k) + 1]!++;
  for (let b = 0; b < cols * rows; b++) starts[b + 1]! += starts[b]!;
  const fill = starts.slice(0, cols * rows);
  const tiles = new Int32Array(keep.length);
  const x = new Float32Array(keep.length);
  const y = new Float32Array(keep.length);
  for (let k = 0; k < keep.length; k++) {
    const at = fill[bucketOf(k)]!++;
    tiles[at] = keep[k]!;
    x[at] = xs[k]!;
    y[at] = ys[k]!;
  }
  return { across, tiles, x, y, starts, minX: keep.length ? minX : 0, minY: keep.length ? minY : 0, cell, cols, rows };
}

/** Positions (into `index`) of the anchors inside the box, at most `limit` (null when there are more: too many to read). */
export function visibleLabels(index: LabelIndex, x0: number, x1: number, y0: number, y1: number, limit = MAX_LABELS): number[] | null {
  const c0 = Math.max(0, Math.floor((x0 - index.minX) / index.cell));
  const c1 = Math.min(index.cols - 1, Math.floor((x1 - index.minX) / index.cell));
  const r0 = Math.max(0, Math.floor((y0 - index.minY) / index.cell));
  const r1 = Math.min(index.rows - 1, Math.floor((y1 - index.minY) / index.cell));
  const out: number[] = [];
  for (let r = r0; r <= r1; r++) {
    for (let c = c0; c <= c1; c++) {
      const b = r * index.cols + c;
      for (let k = index.starts[b]!; k < index.starts[b + 1]!; k++) {
        const x = index.x[k]!;
        const y = index.y[k]!;
        if (x < x0 || x > x1 || y < y0 || y > y1) continue;
        if (out.length >= limit) return null;
        out.push(k);
      }
    }
  }
  return out;
}

/** Glyph instances of the labels at `picks`: anchor x, y; the glyph's centre from the label's centre (in cell heights); glyph index. */
export interface GlyphRun {
  readonly count: number;
  readonly anchors: Float32Array;
  readonly glyphs: Float32Array;
}

const GLYPH_INDEX = new Map([...LABEL_CHARS].map((ch, i) => [ch, i]));

/**
 * `advance(g)`: how far glyph g moves the pen, in cell heights (proportional: "I" is narrower
 * than "W"; the atlas measures them). Each label is centred on its anchor.
 */
export function layoutGlyphs(
  index: LabelIndex,
  picks: readonly number[],
  numbering: TileNumbering,
  advance: (glyph: number) => number,
  out?: { anchors: Float32Array; glyphs: Float32Array },
): GlyphRun {
  const texts: string[] = [];
  let count = 0;
  for (const k of picks) {
    const text = numbering(index.tiles[k]!) ?? '';
    texts.push(text);
    count += text.length;
  }
  let anchors = out?.anchors;
  let glyphs = out?.glyphs;
  if (!anchors || anchors.length < 2 * count) anchors = new Float32Array(Math.max(64, 2 * count * 1.5));
  if (!glyphs || glyphs.length < 2 * count) glyphs = new Float32Array(Math.max(64, 2 * count * 1.5));
  let g = 0;
  const fallback = GLYPH_INDEX.get('?')!;
  picks.forEach((k, p) => {
    const text = texts[p]!;
    let width = 0;
    for (const ch of text) width += advance(GLYPH_INDEX.get(ch.toUpperCase()) ?? fallback);
    let pen = -width / 2;
    for (let i = 0; i < text.length; i++, g++) {
      const glyph = GLYPH_INDEX.get(text[i]!.toUpperCase()) ?? fallback;
      const w = advance(glyph);
      anchors![2 * g] = index.x[k]!;
      anchors![2 * g + 1] = index.y[k]!;
      glyphs![2 * g] = pen + w / 2;
      glyphs![2 * g + 1] = glyph;
      pen += w;
    }
  });
  return { count, anchors, glyphs };
}
