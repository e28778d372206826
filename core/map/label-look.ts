/**
 * How each label style class looks (core/map/labels.ts), in one place for the app's label
 * layer and every export (SVG, PNG, PDF): the typeface family, weight and slant, the fill and
 * the halo — an outline in a light colour round every glyph, so a name reads over forest,
 * water or a dark hill shade alike. Place names are upright serif capitals-and-lowercase in
 * near-black, river names italic serif in water blue (as on printed maps), hex labels a
 * small plain sans, notes italic sans in dark red so they are not taken for names.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { LabelStyle } from './labels.js';

export interface LabelLook {
  readonly family: 'serif' | 'sans-serif';
  readonly bold: boolean;
  readonly italic: boolean;
  /** CSS hex colour of the glyphs. */
  readonly fill: string;
  /** CSS hex colour of the outline round them. */
  readonly halo: string;
  /** Outline width as a fraction of the text height (each side). */
  readonly haloWidth: number;
}

export const LABEL_LOOKS: Readonly<Record<LabelStyle, LabelLook>> = {
  place: { family: 'serif', bold: true, italic: false, fill: '#1b1b1b', halo: '#ffffff', haloWidth: 0.16 },
  hex: { family: 'sans-serif', bold: false, italic: false, fill: '#202020', halo: '#ffffff', haloWidth: 0.14 },
  river: { family: 'serif', bold: false, italic: true, fill: '#1d4f91', halo: '#ffffff', haloWidth: 0.16 },
  note: { family: 'sans-serif', bold: false, italic: true, fill: '#7a1f1f', halo: '#fff8e1', haloWidth: 0.14 },
};

/** A CSS font shorthand for a label of `px` pixels ("italic bold 14px serif"). */
export function labelFont(style: LabelStyle, px: number): string {
  const look = LABEL_LOOKS[style];
  return `${look.italic ? 'italic ' : ''}${look.bold ? 'bold ' : ''}${px}px ${look.family}`;
}
