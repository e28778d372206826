/**
 * Label rectangles for contour-labels.ts: a box centred on its line, `half` long each way
 * along the unit direction (ux, uy) and `across` each way across it; overlap by separating axes,
 * distance to a point, and how far a point lies inside a convex tile shape.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TileShape } from '../vector/shape.js';

export interface LabelBox {
  x: number;
  y: number;
  ux: number;
  uy: number;
  half: number;
  across: number;
}

export function labelCorners(b: LabelBox, pad = 0): [number, number][] {
  const nx = -b.uy * (b.across + pad);
  const ny = b.ux * (b.across + pad);
  const lx = b.ux * (b.half + pad);
  const ly = b.uy * (b.half + pad);
  return [
    [b.x - lx - nx, b.y - ly - ny],
    [b.x + lx - nx, b.y + ly - ny],
    [b.x + lx + nx, b.y + ly + ny],
    [b.x - lx + nx, b.y - ly + ny],
  ];
}

/** Signed distance inside a convex shape (negative outside): the least over its edges. */
export function insideBy(shape: TileShape, x: number, y: number): number {
  const c = shape.corners;
  // The corners' winding decides which side of an edge is inside.
  let area = 0;
  for (let i = 0; i < c.length; i++) {
    const a = c[i]!;
    const b = c[(i + 1) % c.length]!;
    area += a[0] * b[1] - b[0] * a[1];
  }
  const sign = area > 0 ? 1 : -1;
  let d = Infinity;
  for (let i = 0; i < c.length; i++) {
    const a = c[i]!;
    const b = c[(i + 1) % c.length]!;
    const ex = b[0] - a[0];
    const ey = b[1] - a[1];
    const l = Math.hypot(ex, ey);
    d = Math.min(d, (sign * (ex * (y - a[1]) - ey * (x - a[0]))) / l);
  }
  return d;
}

/** Separating axes of two label rectangles (`pad`: grow `a` by this much all round). */
export function boxesOverlap(a: LabelBox, b: LabelBox, pad = 0): boolean {
  const ca = labelCorners(a, pad);
  const cb = labelCorners(b);
  for (const [ux, uy] of [
    [a.ux, a.uy],
    [-a.uy, a.ux],
    [b.ux, b.uy],
    [-b.uy, b.ux],
  ] as const) {
    const pa = ca.map(([x, y]) => x * ux + y * uy);
    const pb = cb.map(([x, y]) => x * ux + y * uy);
    if (Math.max(...pa) <= Math.min(...pb) || Math.max(...pb) <= Math.min(...pa)) return false;
  }
  return true;
}

/** Distance from a point to a label rectangle (0 inside). */
export function boxDistance(b: LabelBox, x: number, y: number): number {
  const rx = x - b.x;
  const ry = y - b.y;
  const along = Math.abs(rx * b.ux + ry * b.uy) - b.half;
  const across = Math.abs(-rx * b.uy + ry * b.ux) - b.across;
  return Math.hypot(Math.max(0, along), Math.max(0, across));
}
