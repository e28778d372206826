/**
 * The pentagon warp (patent CLAIM 2, FIG. 103–104; SPEC §6): a hexagon vector tile fitted
 * to a pentagon, or to one of the globe's non-regular hexagons, by a per-triangle
 * barycentric (parametric) mapping.
 *
 * The source hexagon is cut into its six centre triangles (centre, edge k's anchor, edge k's
 * far end). For a pentagon one sector is dropped — `drop`, by default sector 5 (the north-
 * west), so the instance's orientation of the hexagon tile (orientation.ts, applied before
 * the warp) chooses which part of the drawing is given up — and the other five, in clockwise
 * order, map onto the pentagon's five centre triangles; hexagon edge k becomes pentagon edge
 * k below the dropped one and k − 1 above it. For a six-sided target the six sectors map one
 * to one. Both shapes have inscribed radius 1 (shape.ts: "equal inscribed diameters").
 *
 * Inside one triangle the map is affine, so a point with barycentric coordinates (λ0, λ1,
 * λ2) goes to the same combination of the target triangle's corners, and a point at
 * parameter t along an edge lands at parameter t along the image edge: edge parameters, and
 * so the indicators, are preserved exactly and warped tiles still match their neighbours.
 * Curves are split where they cross a triangle border (a spoke from the centre to a corner)
 * and each piece is mapped through its own triangle's affine map. An affine map takes a
 * cubic Bézier to the cubic Bézier of the mapped control points, so the re-fitted pieces
 * are the exact image of the curve: the error bound is 0 (up to rounding) and every curve
 * inside the hexagon stays inside the target. The image is C0 at a spoke, where the two
 * triangles' maps differ; the tangent turns there by the small angle between them.
 *
 * Elements that enter the dropped sector cannot be fitted without cutting them; they are
 * left out and listed in `omitted`, so the library can prefer orientations that drop an
 * empty sector.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Cubic } from './bezier.js';
import { curveFromCubics, evalCubic, lineRoots, segment, segmentCount, subCubic } from './bezier.js';
import type { TileShape } from './shape.js';
import type { VectorElement, VectorTile } from './types.js';
import type { Affine, Vec2 } from './vec2.js';
import { applyAffine, cross, dot } from './vec2.js';

export interface WarpResult {
  readonly tile: VectorTile;
  /** Ids of elements left out because they enter the dropped sector. */
  readonly omitted: readonly string[];
}

/** The linear map taking triangle (0, a, b) to (0, a2, b2). */
function triangleMap(a: Vec2, b: Vec2, a2: Vec2, b2: Vec2): Affine {
  const det = a[0] * b[1] - a[1] * b[0];
  // inverse of [a b] (columns)
  const i00 = b[1] / det, i01 = -b[0] / det, i10 = -a[1] / det, i11 = a[0] / det;
  const m00 = a2[0] * i00 + b2[0] * i10;
  const m01 = a2[0] * i01 + b2[0] * i11;
  const m10 = a2[1] * i00 + b2[1] * i10;
  const m11 = a2[1] * i01 + b2[1] * i11;
  return [m00, m10, m01, m11, 0, 0];
}

/** Index of the centre triangle (edge index) of a convex shape holding p. */
export function sectorOf(shape: TileShape, p: Vec2): number {
  let best = 0;
  let bestScore = -Infinity;
  shape.edges.forEach((e, i) => {
    // Inside the wedge from e.from to e.to (clockwise) when p is right of 0→from and left of 0→to.
    const s = Math.min(-cross(e.from, p), cross(e.to, p));
    if (s > bestScore) {
      bestScore = s;
      best = i;
    }
  });
  return best;
}

/** Splits a cubic where it crosses the spokes from the centre through the shape's corners. */
function splitAtSpokes(q: Cubic, shape: TileShape): Cubic[] {
  const ts: number[] = [];
  for (const c of shape.corners) {
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

/**
 * Warps a tile drawn on the hexagon (after its orientation) onto `target`: a pentagon (drop
 * one sector, default 5) or a six-sided polygon (no drop).
 */
export function warpHexTile(tile: VectorTile, target: TileShape, drop = 5): WarpResult {
  const source = tile.shape;
  if (source.name !== 'hex') throw new RangeError(`the warp fits hexagon tiles; this tile is a ${source.name}`);
  const n = target.edges.length;
  if (n !== 5 && n !== 6) throw new RangeError(`the warp targets a pentagon or a hexagon, not a ${n}-sided ${target.name}`);
  const dropped = n === 5 ? drop : -1;
  if (n === 5 && !(Number.isInteger(drop) && drop >= 0 && drop < 6)) throw new RangeError(`the dropped sector is 0…5, got ${drop}`);
  const maps: (Affine | null)[] = source.edges.map((e, i) => {
    if (i === dropped) return null;
    const j = dropped >= 0 && i > dropped ? i - 1 : i;
    const f = target.edges[j]!;
    return triangleMap(e.from, e.to, f.from, f.to);
  });
  const omitted: string[] = [];
  const elements: VectorElement[] = [];
  for (const el of tile.elements) {
    if (el.kind === 'point') {
      const m = maps[sectorOf(source, el.at)];
      if (!m) omitted.push(el.id);
      else elements.push({ ...el, at: applyAffine(m, el.at) });
      continue;
    }
    const pieces: Cubic[] = [];
    let lost = false;
    for (let s = 0; s < segmentCount(el.curve) && !lost; s++) {
      for (const piece of splitAtSpokes(segment(el.curve, s), source)) {
        const m = maps[sectorOf(source, evalCubic(piece, 0.5))];
        if (!m) {
          lost = true;
          break;
        }
        const mapped: Cubic = [applyAffine(m, piece[0]), applyAffine(m, piece[1]), applyAffine(m, piece[2]), applyAffine(m, piece[3])];
        // Pieces meet on a spoke, where both triangles' maps agree: join them exactly.
        const prev = pieces[pieces.length - 1];
        pieces.push(prev ? [prev[3], mapped[1], mapped[2], mapped[3]] : mapped);
      }
    }
    if (lost) {
      omitted.push(el.id);
      continue;
    }
    if (el.curve.closed) {
      const last = pieces[pieces.length - 1]!;
      pieces[pieces.length - 1] = [last[0], last[1], last[2], pieces[0]![0]];
    }
    elements.push({ ...el, curve: curveFromCubics(pieces, el.curve.closed) });
  }
  return { tile: { ...tile, shape: target, elements }, omitted };
}
