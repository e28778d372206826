/**
 * Tile ↔ model-space transform shared by the flat kinds (SPEC §2 "tile ↔ model-space
 * transforms with a layout: orientation, size, origin"). Grids compute positions in their
 * own unit frame (adjoining centres 1 apart); the layout scales, rotates (CCW, degrees) and
 * translates that frame. Pure arithmetic, no allocation beyond the returned pair.
 */
import type { Layout } from './types.js';
import { DEFAULT_LAYOUT } from './types.js';

/** Unit-frame point → model space. */
export function toModel(ux: number, uy: number, layout: Layout = DEFAULT_LAYOUT): number[] {
  const { size, origin, rotation } = layout;
  if (rotation === 0) return [ux * size + origin[0], uy * size + origin[1]];
  const a = (rotation * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  return [(ux * c - uy * s) * size + origin[0], (ux * s + uy * c) * size + origin[1]];
}

/** Model-space point → unit frame (the inverse of `toModel`). */
export function fromModel(px: number, py: number, layout: Layout = DEFAULT_LAYOUT): [number, number] {
  const { size, origin, rotation } = layout;
  if (!(size > 0)) throw new Error(`layout size must be a positive number, got ${size}`);
  const x = (px - origin[0]) / size;
  const y = (py - origin[1]) / size;
  if (rotation === 0) return [x, y];
  const a = (-rotation * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  return [x * c - y * s, x * s + y * c];
}

/** Shortest signed displacement from a to b on an axis of length n (wrapped) — in (−n/2, n/2]. */
export function wrapDelta(d: number, n: number): number {
  let r = d % n;
  if (r > n / 2) r -= n;
  else if (r <= -n / 2) r += n;
  return r;
}

/** Euclidean modulo: the result is in [0, n). */
export function mod(a: number, n: number): number {
  const r = a % n;
  return r < 0 ? r + n : r;
}
