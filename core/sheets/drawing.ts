/**
 * One page of a tile-sheet print as the writers receive it: named layers of vector shapes
 * (core/sheets/art.ts) and page text, millimetres from the top-left, y down.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { ArtItem } from './art.js';

export const LAYER_NAMES = ['bleed', 'art', 'cut', 'marks', 'die'] as const;
export type LayerName = (typeof LAYER_NAMES)[number];

/**
 * Page furniture (footers, the manifest), lettered in the stroke font like the tiles' own text
 * (core/export/stroke-font.ts): paths in every writer, no font to embed or substitute; the PDF
 * keeps an invisible searchable copy, the SVG the words as each group's aria-label. `size` is
 * the cap height, mm.
 */
export interface PageText {
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly size: number;
  readonly anchor: 'start' | 'middle' | 'end';
}

/** Stroke width of page text as a fraction of its cap height (the PNG, SVG and PDF writers share it). */
export const TEXT_WEIGHT = 0.12;
export const TEXT_COLOUR = '#1a1a1a';

export interface SheetDrawing {
  readonly kind: 'front' | 'back' | 'manifest';
  readonly width: number;
  readonly height: number;
  readonly layers: Readonly<Record<LayerName, ArtItem[]>>;
  readonly texts: readonly PageText[];
}

export function emptyLayers(): Record<LayerName, ArtItem[]> {
  return { bleed: [], art: [], cut: [], marks: [], die: [] };
}
