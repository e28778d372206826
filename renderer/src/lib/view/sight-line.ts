/**
 * The line of sight as drawn (issue 30: "drawn as a stair-step along hexsides"): one straight
 * line from the observer's centre to the target's — a great-circle arc on the globe — not the
 * chain of tiles the sight check walks. A blocked line is split where it passes the blocking
 * tile: seen up to the point on the line nearest that tile's centre, blocked after it.
 * Points are sampled about one per tile, so the globe's arc hugs the sphere.
 *
 * Renderer layer: no DOM, no Three.js.
 */
import type { Grid } from '../../../../core/grid/types.js';

export interface SightLine {
  /** Points of the seen part (observer first). */
  readonly seen: number[][];
  /** Points of the blocked part (from the blocking point to the target); empty when visible. */
  readonly blocked: number[][];
}

export function sightLine(grid: Grid, from: number, to: number, blockedAt: number): SightLine {
  const a = grid.center(from);
  const b = grid.center(to);
  const steps = Math.max(1, grid.distance(from, to));
  const at = (t: number): number[] => {
    const p = a.map((v, k) => v + (b[k]! - v) * t);
    if (grid.modelDimensions !== 3) return p;
    // On the sphere: back out to the radius the two centres share.
    const r = Math.hypot(...a);
    const len = Math.hypot(...p) || 1;
    return p.map((v) => (v * r) / len);
  };
  const cut = blockedAt >= 0 && blockedAt !== from ? nearestT(a, b, grid.center(blockedAt)) : 1;
  const run = (t0: number, t1: number): number[][] => {
    const n = Math.max(1, Math.ceil(steps * (t1 - t0)));
    return Array.from({ length: n + 1 }, (_, k) => at(t0 + ((t1 - t0) * k) / n));
  };
  return { seen: cut > 0 ? run(0, cut) : [], blocked: cut < 1 ? run(cut, 1) : [] };
}

/** The parameter t ∈ [0, 1] of the point on segment a→b nearest c. */
function nearestT(a: readonly number[], b: readonly number[], c: readonly number[]): number {
  let dot = 0;
  let len2 = 0;
  for (let k = 0; k < a.length; k++) {
    const d = b[k]! - a[k]!;
    dot += (c[k]! - a[k]!) * d;
    len2 += d * d;
  }
  return len2 > 0 ? Math.min(1, Math.max(0, dot / len2)) : 0;
}
