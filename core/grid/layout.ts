/**
 * Tile ↔ model-space transform shared by the flat kinds (SPEC §2 "tile ↔ model-space
 * transforms with a layout: orientation, size, origin"). Grids compute positions in their
 * own unit frame (adjoining centres 1 apart); the layout scales, rotates (CCW, degrees) and
 * translates that frame. Pure arithmetic, no allocation beyond the returned pair.
 */
import type { HexOrientation, Layout } from './types.js';
import { DEFAULT_LAYOUT } from './types.js';

/**
 * Layout rotation (CCW degrees) a pointy-top hex map adds to its layout: 270, a quarter turn
 * clockwise — the flat-top columns become rows counted down the page (core/coords/common.ts
 * explains why 270 and not 90). A rotation, not a reflection, so directions still run
 * clockwise and a 60° step is still a 60° turn on the page.
 */
export const POINTY_TOP_ROTATION = 270;

/** The layout a grid of this orientation draws with: `layout` turned by the orientation's rotation. */
export function orientLayout(layout: Layout = DEFAULT_LAYOUT, orientation: HexOrientation = 'flat'): Layout {
  if (orientation === 'flat') return layout;
  return { size: layout.size, origin: layout.origin, rotation: layout.rotation + POINTY_TOP_ROTATION };
}

/** cos and sin at 0°, 90°, 180°, 270° (shared, not copied: hot loops ask per tile). */
const QUARTER_TURNS: readonly (readonly [number, number])[] = [
  [1, 0],
  [0, 1],
  [-1, 0],
  [0, -1],
];

/**
 * cos and sin of a rotation in degrees, exact at the quarter turns (Math.cos(3π/2) is
 * −1.8e−16, not 0: a pointy-top map would place centres a hair off the lattice otherwise).
 */
export function cosSinDegrees(degrees: number): readonly [number, number] {
  const q = (((degrees % 360) + 360) % 360) / 90;
  if (Number.isInteger(q)) return QUARTER_TURNS[q]!;
  const a = (degrees * Math.PI) / 180;
  return [Math.cos(a), Math.sin(a)];
}

/** Unit-frame point → model space. */
export function toModel(ux: number, uy: number, layout: Layout = DEFAULT_LAYOUT): number[] {
  const { size, origin, rotation } = layout;
  if (rotation === 0) return [ux * size + origin[0], uy * size + origin[1]];
  const [c, s] = cosSinDegrees(rotation);
  return [(ux * c - uy * s) * size + origin[0], (ux * s + uy * c) * size + origin[1]];
}

/** Model-space point → unit frame (the inverse of `toModel`). */
export function fromModel(px: number, py: number, layout: Layout = DEFAULT_LAYOUT): [number, number] {
  const { size, origin, rotation } = layout;
  if (!(size > 0)) throw new Error(`layout size must be a positive number, got ${size}`);
  const x = (px - origin[0]) / size;
  const y = (py - origin[1]) / size;
  if (rotation === 0) return [x, y];
  const [c, s] = cosSinDegrees(-rotation);
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
