/**
 * A curve's image under the pentagon warp's point map (warp-map.ts).
 *
 * Each cubic is first cut (de Casteljau) where it crosses a direction in `cutDirections`,
 * so every piece lies in one sector of the source and one of the target. Where the sector's
 * map is affine the image of a cubic is the cubic of the mapped control points: exact, as
 * before. Where it is blended the map is smooth but not affine, so the image is refitted: a
 * cubic Hermite piece through the exact images of the piece's ends with the map's tangents
 * there (one-sided second-order differences), checked against the exact image at interior
 * parameters and cut in half while the error exceeds `WARP_TOLERANCE` or a control point
 * leaves the target (a cubic lies in its control points' hull, so a piece whose control
 * points are inside the convex target is inside it).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Cubic, Curve } from './bezier.js';
import { curveFromCubics, evalCubic, lineRoots, segment, segmentCount, splitCubic, subCubic } from './bezier.js';
import type { TileShape } from './shape.js';
import { insideDistance } from './shape.js';
import type { Vec2 } from './vec2.js';
import { applyAffine, distance, dot } from './vec2.js';
import type { SectorWarp } from './warp-map.js';
import { sectorOf } from './warp-map.js';

/** Largest distance (tile units, inscribed radius 1) of a refitted piece from the exact image. */
export const WARP_TOLERANCE = 1e-5;
/** How far a refitted control point may lie outside the target (rounding only). */
export const WARP_INSIDE_SLACK = 1e-13;
const MAX_DEPTH = 12;
const CHECK_AT = [0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875];

export interface WarpedCurve {
  readonly curve: Curve;
  /** Whether any piece went through a blended (refitted) sector. */
  readonly refitted: boolean;
  /** The largest measured error of a refitted piece (0 when none). */
  readonly error: number;
}

/** Cuts a cubic where it crosses the rays from the centre along `directions`. */
function cutAtRays(q: Cubic, directions: readonly Vec2[]): Cubic[] {
  const ts: number[] = [];
  for (const c of directions) {
    for (const t of lineRoots(q, [0, 0], c)) {
      // On the ray, or through the centre itself (where every sector meets).
      if (t > 1e-9 && t < 1 - 1e-9 && dot(evalCubic(q, t), c) > -1e-12) ts.push(t);
    }
  }
  ts.sort((x, y) => x - y);
  const cuts = [0, ...ts.filter((t, i) => i === 0 || t - ts[i - 1]! > 1e-9), 1];
  const out: Cubic[] = [];
  for (let i = 0; i + 1 < cuts.length; i++) out.push(subCubic(q, cuts[i]!, cuts[i + 1]!));
  return out;
}

/** d/dτ of map(q(τ)) at τ = 0 (forward) or 1 (backward), second order. */
function imageTangent(map: (p: Vec2) => Vec2, q: Cubic, at: 0 | 1, f0: Vec2): Vec2 {
  const h = 1e-5;
  const sgn = at === 0 ? 1 : -1;
  const f1 = map(evalCubic(q, at + sgn * h));
  const f2 = map(evalCubic(q, at + sgn * 2 * h));
  return [(sgn * (-3 * f0[0] + 4 * f1[0] - f2[0])) / (2 * h), (sgn * (-3 * f0[1] + 4 * f1[1] - f2[1])) / (2 * h)];
}

/** Refits the image of one piece inside a blended sector; pushes cubics, returns the worst error. */
function refit(map: (p: Vec2) => Vec2, target: TileShape, q: Cubic, a: Vec2, b: Vec2, depth: number, out: Cubic[]): number {
  const da = imageTangent(map, q, 0, a);
  const db = imageTangent(map, q, 1, b);
  const fit: Cubic = [a, [a[0] + da[0] / 3, a[1] + da[1] / 3], [b[0] - db[0] / 3, b[1] - db[1] / 3], b];
  let err = 0;
  for (const t of CHECK_AT) err = Math.max(err, distance(evalCubic(fit, t), map(evalCubic(q, t))));
  const inside = insideDistance(target, fit[1]) >= -WARP_INSIDE_SLACK && insideDistance(target, fit[2]) >= -WARP_INSIDE_SLACK;
  if ((err <= WARP_TOLERANCE && inside) || depth >= MAX_DEPTH) {
    out.push(fit);
    return err;
  }
  const [l, r] = splitCubic(q, 0.5);
  const m = map(l[3]);
  return Math.max(refit(map, target, l, a, m, depth + 1, out), refit(map, target, r, m, b, depth + 1, out));
}

/** The image of a curve drawn on `source` under `warp`, onto `target`. */
export function warpCurve(curve: Curve, warp: SectorWarp, source: TileShape, target: TileShape): WarpedCurve {
  const pieces: Cubic[] = [];
  let refitted = false;
  let error = 0;
  for (let s = 0; s < segmentCount(curve); s++) {
    for (const piece of cutAtRays(segment(curve, s), warp.cutDirections)) {
      const m = warp.affine[sectorOf(source, evalCubic(piece, 0.5))];
      // Pieces meet on a cut, where both sides' maps agree: join them exactly.
      const first = pieces.length === 0;
      const start = first ? (m ? applyAffine(m, piece[0]) : warp.apply(piece[0])) : pieces[pieces.length - 1]![3];
      if (m) {
        pieces.push([start, applyAffine(m, piece[1]), applyAffine(m, piece[2]), applyAffine(m, piece[3])]);
        continue;
      }
      refitted = true;
      error = Math.max(error, refit(warp.apply, target, piece, start, warp.apply(piece[3]), 0, pieces));
    }
  }
  if (curve.closed) {
    const last = pieces[pieces.length - 1]!;
    pieces[pieces.length - 1] = [last[0], last[1], last[2], pieces[0]![0]];
  }
  return { curve: curveFromCubics(pieces, curve.closed), refitted, error };
}
