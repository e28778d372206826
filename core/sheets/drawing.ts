/**
 * One page of a tile-sheet print as the writers receive it: named layers of vector shapes
 * (core/sheets/art.ts) and page text, millimetres from the top-left, y down.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { ArtItem } from './art.js';

export const LAYER_NAMES = ['bleed', 'art', 'cut', 'marks', 'die'] as const;
export type LayerName = (typeof LAYER_NAMES)[number];

/** Page furniture in a real font (PDF Helvetica, SVG <text>): searchable. `size` is the cap height, mm. */
export interface PageText {
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly size: number;
  readonly anchor: 'start' | 'middle' | 'end';
}

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
