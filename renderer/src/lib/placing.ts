/**
 * The placing tool's choices among the placements that fit (issue 13, SPEC §6 assembly by
 * hand): which placement a hovered tile shows, and what the rotate and mirror keys turn it
 * to — only ever to another placement that fits there (the main process says which:
 * `maps.fitting`). Placement codes and their orientations are core/assemble's
 * (orientation-code.ts); nothing here decides what fits.
 *
 * Renderer layer, pure: no DOM, no Svelte.
 */
import { decodePlacement } from '../../../core/map/orientation-code.js';
import { orientationName } from '../../../core/vector/orientation.js';

/** The placement shown at a tile: the one the designer turned to if it fits there, else the first that fits; null when none does. */
export function placementAt(allowed: readonly number[] | undefined, preferred: number): number | null {
  if (!allowed || allowed.length === 0) return null;
  return allowed.includes(preferred) ? preferred : allowed[0]!;
}

const rotationOf = (code: number): number => decodePlacement(code).orientation.rotation;
const mirrored = (code: number): boolean => decodePlacement(code).orientation.mirror !== 'none';

/**
 * The next placement clockwise among those allowed with the same mirror as `current` (any
 * mirror when none other has it); `current` itself when it is the only one.
 */
export function rotateAmong(allowed: readonly number[], current: number): number {
  const same = allowed.filter((c) => mirrored(c) === mirrored(current));
  const ring = (same.length > 1 || !allowed.includes(current) ? same : allowed).slice().sort((a, b) => rotationOf(a) - rotationOf(b) || a - b);
  if (ring.length === 0) return allowed[0] ?? current;
  const r = rotationOf(current);
  return ring.find((c) => rotationOf(c) > r) ?? ring[0]!;
}

/** The mirrored placement nearest in rotation to `current` among those allowed; null when no placement of the other mirror fits. */
export function mirrorAmong(allowed: readonly number[], current: number): number | null {
  const other = allowed.filter((c) => mirrored(c) !== mirrored(current));
  if (other.length === 0) return null;
  const r = rotationOf(current);
  const gap = (c: number) => {
    const d = Math.abs(rotationOf(c) - r) % 360;
    return Math.min(d, 360 - d);
  };
  return other.slice().sort((a, b) => gap(a) - gap(b) || a - b)[0]!;
}

/** "r60", "m120" — as the CLI and the library name orientations. */
export function placementLabel(code: number): string {
  const p = decodePlacement(code);
  return orientationName(p.orientation) + (p.pentagonRotation === undefined ? '' : ` p${72 * p.pentagonRotation}`);
}
