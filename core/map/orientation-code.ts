/**
 * One byte per placed instance for its orientation (the instance layer, instance-layer.ts),
 * so a map of tile instances stays a few typed arrays (SPEC §3 "no object per tile").
 *
 *   bits 0      mirror: 0 none, 1 x (mirror y is stored as mirror x + 180°, the same motion,
 *               core/vector `sameOrientation`)
 *   bits 1…4    index into ROTATIONS (every rotation a shape allows: 90°, 60°, 72° steps)
 *   bits 5…7    0 for a tile placed on its own shape; 1 + s for a HEXAGON tile warped onto
 *               a globe pentagon (core/vector `warpHexTile`, sharing sector 5 of the oriented
 *               hexagon with its neighbours) and then turned by s·72° (s = 0…4) — the patent's
 *               pentagon warp: the hexagon orientation picks the squeezed part, the pentagon
 *               rotation where the rest goes.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Orientation } from '../alform/classify.js';

export const ROTATIONS = [0, 60, 72, 90, 120, 144, 180, 216, 240, 270, 288, 300] as const;

/** An instance's full transform within its cell: the orientation, and the pentagon warp if any. */
export interface Placement {
  readonly orientation: Orientation;
  /** Pentagon rotation steps (0…4) after warping a hexagon tile onto a pentagon; absent when not warped. */
  readonly pentagonRotation?: number;
}

export function encodePlacement(p: Placement): number {
  let { rotation } = p.orientation;
  let mirror = 0;
  if (p.orientation.mirror === 'x') mirror = 1;
  else if (p.orientation.mirror === 'y') {
    mirror = 1;
    rotation += 180;
  }
  rotation = ((rotation % 360) + 360) % 360;
  const r = (ROTATIONS as readonly number[]).indexOf(rotation);
  if (r < 0) throw new RangeError(`rotation ${p.orientation.rotation}° is not one a tile shape allows (${ROTATIONS.join(', ')})`);
  const warp = p.pentagonRotation === undefined ? 0 : 1 + p.pentagonRotation;
  if (!Number.isInteger(warp) || warp < 0 || warp > 5) throw new RangeError(`pentagon rotation is 0…4, got ${p.pentagonRotation}`);
  return mirror | (r << 1) | (warp << 5);
}

export function decodePlacement(code: number): Placement {
  const r = (code >> 1) & 15;
  const warp = code >> 5;
  if (r >= ROTATIONS.length || warp > 5 || code < 0 || code > 255) throw new RangeError(`orientation code ${code} is not a valid placement`);
  const orientation: Orientation = { rotation: ROTATIONS[r]!, mirror: code & 1 ? 'x' : 'none' };
  return warp === 0 ? { orientation } : { orientation, pentagonRotation: warp - 1 };
}
