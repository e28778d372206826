/**
 * What a tile looks like on a sheet, as vector shapes every writer paints the same way
 * (PDF, SVG, PNG): fills, strokes and lettering in millimetres around the tile's centre,
 * y down. Lettering on tiles is drawn with the single-stroke font (core/export/stroke-font.ts)
 * as strokes, so a tile's number and revenue print without any font file.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { textPolylines, type TextAnchor } from '../export/stroke-font.js';

export type ArtItem =
  /** Rings of x, y pairs filled together (non-zero). */
  | { readonly kind: 'fill'; readonly colour: string; readonly rings: readonly (readonly number[])[] }
  | { readonly kind: 'stroke'; readonly colour: string; readonly width: number; readonly lines: readonly (readonly number[])[]; readonly dash?: readonly [number, number] };

/** Outline kinds the layouts know: a flat-topped hexagon or a square. */
export type OutlineKind = 'hex' | 'square';

export interface TileArt {
  readonly outlineKind: OutlineKind;
  /** The tile's background: fills its cut outline and its bleed. */
  readonly ground: string;
  /** In paint order, mm around the centre, y down; drawn clipped to nothing (the art stays inside the outline by construction). */
  readonly items: readonly ArtItem[];
}

/** A tile to print: its art, how many, and the name the manifest page lists. */
export interface SheetTile {
  readonly id: string;
  readonly label: string;
  readonly count: number;
  /** The art at a given flat-to-flat size (mm); called once per tile kind, not per copy. */
  art(sizeMm: number): TileArt;
}

const SQRT3 = Math.sqrt(3);

/** The cut outline of a tile of `kind` with flat-to-flat `size`, grown by `grow` mm on every side, around (cx, cy). */
export function outlineRing(kind: OutlineKind, size: number, grow = 0, cx = 0, cy = 0): number[] {
  const r = size / 2 + grow;
  if (kind === 'square') return [cx - r, cy - r, cx + r, cy - r, cx + r, cy + r, cx - r, cy + r];
  // Flat-topped: corners at 0°, 60° … at the circumradius 2r/√3; clockwise on a y-down page.
  const R = (2 * r) / SQRT3;
  const out: number[] = [];
  for (let k = 0; k < 6; k++) out.push(cx + R * Math.cos((k * Math.PI) / 3), cy + R * Math.sin((k * Math.PI) / 3));
  return out;
}

/** Width and height of an outline's bounding box (flat-topped hex: 2r/√3·2 wide, 2r tall). */
export function outlineBox(kind: OutlineKind, size: number): [number, number] {
  return kind === 'square' ? [size, size] : [(2 * size) / SQRT3, size];
}

/** Lettering as stroke-font strokes: `height` is the cap height in mm, (x, y) the baseline point. */
export function letters(text: string, x: number, y: number, height: number, colour: string, anchor: TextAnchor = 'middle'): ArtItem {
  const lines = textPolylines(text, x, y, height, anchor);
  return { kind: 'stroke', colour, width: Math.max(0.18, height * 0.14), lines };
}

/** A regular polygon approximating a circle (enough points to look round at print size). */
export function circle(cx: number, cy: number, r: number, n = 32): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(cx + r * Math.cos((2 * Math.PI * i) / n), cy + r * Math.sin((2 * Math.PI * i) / n));
  return out;
}

/** Outward unit normals of an outline's sides (flat-topped hex: toward 30°, 90° … y down; square: the axes). */
function sideNormals(kind: OutlineKind): [number, number][] {
  if (kind === 'square') return [[1, 0], [0, 1], [-1, 0], [0, -1]];
  return Array.from({ length: 6 }, (_, k) => [Math.cos(((30 + 60 * k) * Math.PI) / 180), Math.sin(((30 + 60 * k) * Math.PI) / 180)]);
}

/**
 * The art with every stroke that ends on a side of the cut outline (within 0.01 mm) carried
 * on outward into the bleed, its round cap stopping at the bleed's edge: track and roads run
 * off the tile, so a cut that lands a little outside the line shows track, not a blob and paper.
 * Lines stay as they are where the bleed is narrower than half their width.
 */
export function strokesIntoBleed(art: TileArt, size: number, bleed: number): TileArt {
  const normals = sideNormals(art.outlineKind);
  // Only a line that arrives at a side from inside: one running along the outline stays as it is.
  const extend = (line: readonly number[], at: number, by: number): number[] => {
    const [x, y] = [line[at]!, line[at + 1]!];
    const [px, py] = at ? [line[at - 2]!, line[at - 1]!] : [line[2]!, line[3]!];
    const on = normals.filter(([nx, ny]) => Math.abs(x * nx + y * ny - size / 2) < 0.01);
    const n = on[0];
    // A corner (on two sides) has no one way out.
    if (on.length !== 1 || !n || px * n[0] + py * n[1] > size / 2 - 0.01) return [];
    return [x + n[0] * by, y + n[1] * by];
  };
  const items = art.items.map((it): ArtItem => {
    if (it.kind !== 'stroke' || bleed - it.width / 2 <= 0) return it;
    const reach = bleed - it.width / 2;
    return { ...it, lines: it.lines.map((l) => (l.length < 4 ? l : [...extend(l, 0, reach), ...l, ...extend(l, l.length - 2, reach)])) };
  });
  return { ...art, items };
}
