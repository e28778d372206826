/**
 * Hex coordinate math shared by every hex-topology grid (hex-rectangle, offset-square,
 * hex-hexagon): the three coordinate systems of SPEC §2, distance, rounding, 60° rotation,
 * and the flat-top unit geometry. Pure functions on numbers; no grid, no bounds, no wrapping.
 *
 *          N (0,+1)                 120° axial (x, y): the x axis points south-east,
 *   NW (−1,0)    NE (+1,+1)         120° from the y axis (north). Hexagons are flat-topped:
 *          ( x,y )                  one neighbour straight north.
 *   SW (−1,−1)   SE (+1,0)          60° axial = (cube.x, cube.y); 120° axial (a, b) is
 *          S (0,−1)                 cube (a, b − a, −b).
 *
 * Unit frame (tile spacing 1, y up): centre(x, y) = x·(√3/2, −1/2) + y·(0, 1).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte, or any grid class.
 */

import type { Axial120, Axial60, Cube } from '../coordinates.js';
import { axial120, axial60, cube } from '../coordinates.js';

/** SPEC §2 transformation sets: the position in the list is the direction (0 = +Y, clockwise). */
export const AXIAL120_DIRECTIONS: readonly (readonly [number, number])[] = [
  [0, 1],
  [1, 1],
  [1, 0],
  [0, -1],
  [-1, -1],
  [-1, 0],
];
export const AXIAL60_DIRECTIONS: readonly (readonly [number, number])[] = [
  [0, 1],
  [1, 0],
  [1, -1],
  [0, -1],
  [-1, 0],
  [-1, 1],
];
export const CUBE_DIRECTIONS: readonly (readonly [number, number, number])[] = [
  [0, 1, -1],
  [1, 0, -1],
  [1, -1, 0],
  [0, -1, 1],
  [-1, 0, 1],
  [-1, 1, 0],
];

/** 120° axial steps as typed arrays, for hot loops. */
export const DX120 = Int32Array.from(AXIAL120_DIRECTIONS, (d) => d[0]);
export const DY120 = Int32Array.from(AXIAL120_DIRECTIONS, (d) => d[1]);

const SQRT3 = Math.sqrt(3);
const HALF_SQRT3 = SQRT3 / 2;

// ── conversions ─────────────────────────────────────────────────────────

// `0 - v` rather than `-v`: negating 0 gives −0, which deep-equality checks tell apart from 0.
// Each takes the components of one system and returns the tagged tuple of the other.
export function axial120ToCube(x: number, y: number): Cube {
  return cube(x, y - x, 0 - y);
}

export function cubeToAxial120(x: number, _y: number, z: number): Axial120 {
  return axial120(x, 0 - z);
}

export function axial120ToAxial60(x: number, y: number): Axial60 {
  return axial60(x, y - x);
}

export function axial60ToAxial120(x: number, y: number): Axial120 {
  return axial120(x, x + y);
}

export function axial60ToCube(x: number, y: number): Cube {
  return cube(x, y, 0 - x - y);
}

export function cubeToAxial60(x: number, y: number, _z: number): Axial60 {
  return axial60(x, y);
}

// ── distance ────────────────────────────────────────────────────────────

export function cubeDistance(dx: number, dy: number, dz: number): number {
  return Math.max(Math.abs(dx), Math.abs(dy), Math.abs(dz));
}

/**
 * Hop count of a 120° axial displacement. max(|dx|, |dy|, |dy − dx|) rewritten as
 * (a + max(a, |v|)) / 2 with a = |dx| and v = 2dy − dx: the wrapped grids reduce a and v
 * separately (v does not change under the x seam's translation), so this is the form they use.
 */
export function axial120Distance(dx: number, dy: number): number {
  const a = dx < 0 ? -dx : dx;
  const v = 2 * dy - dx;
  const av = v < 0 ? -v : v;
  return (a + (av > a ? av : a)) / 2;
}

// ── rounding ────────────────────────────────────────────────────────────

/** Nearest hex to a fractional cube point (the component with the largest error is recomputed). */
export function cubeRound(fx: number, fy: number, fz: number): Cube {
  let rx = Math.round(fx);
  let ry = Math.round(fy);
  let rz = Math.round(fz);
  const ex = Math.abs(rx - fx);
  const ey = Math.abs(ry - fy);
  const ez = Math.abs(rz - fz);
  if (ex > ey && ex > ez) rx = -ry - rz;
  else if (ey > ez) ry = -rx - rz;
  else rz = -rx - ry;
  // Math.round(-0.5) is −0; keep coordinates plain integers.
  return cube(rx + 0, ry + 0, rz + 0);
}

/** Nearest hex to a fractional 120° axial point. */
export function axial120Round(fx: number, fy: number): Axial120 {
  const c = cubeRound(fx, fy - fx, -fy);
  return axial120(c[0], 0 - c[2]);
}

// ── rotation ────────────────────────────────────────────────────────────

/**
 * Rotates a 120° axial offset by `steps` × 60° clockwise (negative: counter-clockwise).
 * One clockwise step maps direction d to d + 1: cube (x, y, z) → (−z, −x, −y), which in
 * 120° axial is (a, b) → (b, b − a).
 */
export function rotateAxial120(dx: number, dy: number, steps: number): Axial120 {
  let a = dx;
  let b = dy;
  const k = ((steps % 6) + 6) % 6;
  for (let s = 0; s < k; s++) {
    const na = b;
    b = b - a;
    a = na;
  }
  return axial120(a, b);
}

// ── lines ───────────────────────────────────────────────────────────────

/**
 * The n+1 hexes from (0,0) to the 120° axial offset (dx, dy), n = its distance, by cube
 * interpolation and rounding (Red Blob). Points exactly between two hexes are common (any
 * line along a hex edge), so both ends are nudged by a tiny cube vector; `nudge` = +1 or −1
 * picks which side wins, so a caller can retry with the other side when one leaves its map.
 * Returns interleaved [x0, y0, x1, y1, …].
 */
export function axial120LineOffsets(dx: number, dy: number, nudge: 1 | -1 = 1): Int32Array {
  const n = axial120Distance(dx, dy);
  const out = new Int32Array(2 * (n + 1));
  const ex = 1e-6 * nudge;
  const ey = 2e-6 * nudge;
  const ez = -3e-6 * nudge;
  const cx = dx;
  const cy = dy - dx;
  const cz = -dy;
  for (let i = 1; i <= n; i++) {
    const t = i / n;
    const c = cubeRound(cx * t + ex, cy * t + ey, cz * t + ez);
    out[2 * i] = c[0];
    out[2 * i + 1] = -c[2];
  }
  return out;
}

// ── rings ───────────────────────────────────────────────────────────────

/**
 * Calls `visit(dx, dy)` for the 6·radius offsets at exactly `radius` from (0,0), walking
 * clockwise round the ring from the one straight south-west; radius 0 visits (0,0) once.
 */
export function forEachRingOffset(radius: number, visit: (dx: number, dy: number) => void): void {
  if (radius === 0) {
    visit(0, 0);
    return;
  }
  // Start at SW·radius; walking N, NE, SE, S, SW, NW for `radius` steps each closes the ring clockwise.
  let x = -radius;
  let y = -radius;
  for (let side = 0; side < 6; side++) {
    const sx = DX120[side]!;
    const sy = DY120[side]!;
    for (let j = 0; j < radius; j++) {
      visit(x, y);
      x += sx;
      y += sy;
    }
  }
}

// ── unit-frame geometry (flat-top, spacing 1) ──────────────────────────

/** Circumradius of a flat-top hexagon whose adjoining centres are 1 apart. */
export const HEX_CIRCUMRADIUS = 1 / SQRT3;

export function axial120ToUnit(x: number, y: number): [number, number] {
  return [HALF_SQRT3 * x, y - x / 2];
}

/** Fractional 120° axial coordinate of a unit-frame point (the inverse of `axial120ToUnit`). */
export function unitToAxial120(ux: number, uy: number): [number, number] {
  const x = ux / HALF_SQRT3;
  return [x, uy + x / 2];
}

/**
 * Corner offsets of a flat-top hexagon in the unit frame, counter-clockwise from the east
 * corner. The edge towards direction d lies between corners (7 − d) mod 6 and (8 − d) mod 6,
 * i.e. direction 0 (N) between corners 1 and 2.
 */
export const HEX_CORNER_OFFSETS: readonly (readonly [number, number])[] = Array.from({ length: 6 }, (_, c) => {
  const a = (c * Math.PI) / 3;
  return [HEX_CIRCUMRADIUS * Math.cos(a), HEX_CIRCUMRADIUS * Math.sin(a)] as const;
});
