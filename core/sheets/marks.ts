/**
 * Crop marks and registration marks (issue 29; geometry in docs/tile-sheets.md).
 *
 * A crop mark continues a cut edge past its corner, outside the art: it starts where the
 * edge's line leaves the bleed plus `markOffsetMm` — (bleed + offset) / sin θ from the corner,
 * θ the turn between the two edges (60° on a hex, 90° on a square) — and runs `markLengthMm`.
 * On packed layouts a mark that would fall on another tile's bleed is left out.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { circle } from './art.js';
import type { CheckedSheetOptions } from './options.js';

/** Marks for the corners of one cut ring: two per corner, each [x0, y0, x1, y1]. */
export function cropMarks(cut: readonly number[], o: Pick<CheckedSheetOptions, 'bleedMm' | 'markOffsetMm' | 'markLengthMm'>): number[][] {
  const n = cut.length / 2;
  const turn = (2 * Math.PI) / n;
  const t0 = (o.bleedMm + o.markOffsetMm) / Math.sin(turn);
  const t1 = t0 + o.markLengthMm;
  const out: number[][] = [];
  for (let i = 0; i < n; i++) {
    const cx = cut[2 * i]!;
    const cy = cut[2 * i + 1]!;
    // The edges arriving at and leaving this corner, each continued past it.
    for (const j of [(i + n - 1) % n, (i + 1) % n]) {
      const dx = cx - cut[2 * j]!;
      const dy = cy - cut[2 * j + 1]!;
      const len = Math.hypot(dx, dy);
      out.push([cx + (dx / len) * t0, cy + (dy / len) * t0, cx + (dx / len) * t1, cy + (dy / len) * t1]);
    }
  }
  return out;
}

/** Inside a convex ring (either winding), or on its edge. */
export function insideConvex(ring: readonly number[], x: number, y: number): boolean {
  const n = ring.length / 2;
  let sign = 0;
  for (let i = 0; i < n; i++) {
    const ax = ring[2 * i]!;
    const ay = ring[2 * i + 1]!;
    const bx = ring[(2 * i + 2) % ring.length]!;
    const by = ring[(2 * i + 3) % ring.length]!;
    const c = (bx - ax) * (y - ay) - (by - ay) * (x - ax);
    if (Math.abs(c) < 1e-9) continue;
    if (sign === 0) sign = Math.sign(c);
    else if (Math.sign(c) !== sign) return false;
  }
  return true;
}

/** A registration target at (x, y): a circle and a cross, for lining up fronts and backs. */
export function registrationMark(x: number, y: number): { circle: number[]; cross: number[][] } {
  const r = 2.5;
  return { circle: [...circle(x, y, r), x + r, y], cross: [[x - 3.5, y, x + 3.5, y], [x, y - 3.5, x, y + 3.5]] };
}
