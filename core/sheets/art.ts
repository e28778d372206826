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
