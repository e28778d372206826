/**
 * What the catalogue editor offers in its choosers: the fill patterns and symbols the map
 * drawing knows (the one import of that list in the renderer; core owns it), the street
 * layouts and linear width classes of core/terrain, and reading a cost field.
 *
 * Renderer layer, no DOM.
 */
import { SYMBOL_PATTERNS } from '../../../core/render/symbols.js';
import { LINEAR_WIDTHS, STREET_LAYOUTS, type MovementCost } from '../../../core/terrain/types.js';

export const PATTERN_CHOICES: readonly string[] = SYMBOL_PATTERNS;
export { LINEAR_WIDTHS, STREET_LAYOUTS };

/**
 * A cost as typed: a number, or "impassable" (also "∞" or "-"); anything else comes back as
 * NaN so that core's check names it ("expected a number ≥ 0 or "impassable"").
 */
export function readCost(text: string): MovementCost {
  const t = text.trim().toLowerCase();
  if (t === 'impassable' || t === '∞' || t === '-') return 'impassable';
  return t === '' ? Number.NaN : Number(t);
}

/** A number field as typed; empty is NaN (core says what it expected). */
export function readNumberField(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}
