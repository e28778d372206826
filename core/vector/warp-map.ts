/**
 * The point map of the pentagon warp (warp.ts): every point of the hexagon goes to a point
 * of the pentagon, continuously, and no part of the hexagon is given up.
 *
 * A point p in hexagon sector k (centre, edge k's anchor, edge k's far end) has two
 * parametric coordinates: s, how far out it lies (0 at the centre, 1 on edge k), and t, the
 * edge parameter where the ray from the centre through p meets edge k. The map moves the
 * boundary coordinate u = k + t and, in the blended sectors, the distance from the centre.
 *
 * One hexagon edge, the COLLAPSED edge c, has no pentagon edge; the other five map onto the
 * pentagon's five in clockwise order, each at the same t (so their crossings keep their
 * parameters and the tile still matches its neighbours). Three sectors are blended: c and
 * its two neighbours. Deep inside, they share the pentagon's two sectors beside c's corner
 * evenly (each hexagon sector gets two thirds of a pentagon sector) and every point keeps its
 * distance from the centre, times the scale the affine neighbours have along their shared
 * spokes (1.0705 for the regular pentagon), so a feature there keeps its shape; towards the
 * boundary the blend turns, smoothly (C1), into the boundary map (the angle from the centre
 * on, the distance from RADIUS_BLEND_FROM on), and within EDGE_TOLERANCE of the
 * boundary it IS the boundary map: sectors c ± 1 affine and exact, sector c pressed onto the
 * spoke to c's corner. No element comes that close to edge c without crossing it (validate.ts
 * forbids a curve's middle within EDGE_TOLERANCE of an edge), and warp.ts picks c so that no
 * crossing lies on it where it can. The other three sectors are today's affine triangle
 * maps, exact.
 *
 * Inside the blend the map is smooth except on the spokes (hexagon corners) and the ray
 * through the midpoint of edge c (where the image crosses to the other pentagon sector);
 * `cutDirections` lists them so curves are cut there before they are refitted.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TileShape } from './shape.js';
import { EDGE_TOLERANCE } from './tolerance.js';
import type { Affine, Vec2 } from './vec2.js';
import { applyAffine, cross, length, lerp, scale } from './vec2.js';

export interface SectorWarp {
  /** The image of a point of the source hexagon. */
  apply(p: Vec2): Vec2;
  /** Per source sector: its affine map where the warp is affine there, else null (blended). */
  readonly affine: readonly (Affine | null)[];
  /** Directions from the centre where curves must be cut (the map kinks there). */
  readonly cutDirections: readonly Vec2[];
  /** Hexagon edge → target edge index, −1 for the collapsed edge. */
  readonly edgeImage: readonly number[];
}

/** The linear map taking triangle (0, a, b) to (0, a2, b2). */
export function triangleMap(a: Vec2, b: Vec2, a2: Vec2, b2: Vec2): Affine {
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

/** Six sectors onto six (a globe hexagon): affine one to one, exact. */
export function oneToOneWarp(source: TileShape, target: TileShape): SectorWarp {
  const affine = source.edges.map((e, i) => triangleMap(e.from, e.to, target.edges[i]!.from, target.edges[i]!.to));
  return {
    apply: (p) => applyAffine(affine[sectorOf(source, p)]!, p),
    affine,
    cutDirections: source.corners,
    edgeImage: source.edges.map((_, i) => i),
  };
}

/**
 * Hexagon edge → pentagon edge when sector `drop` is the one the orientation gives up and
 * edge `collapsed` (drop or a neighbour) is the one with no image: the others keep the order
 * and the default names (k below drop, k − 1 above); the dropped edge, when it is not the
 * collapsed one, takes the collapsed neighbour's pentagon edge.
 */
export function pentagonEdgeImage(drop: number, collapsed: number): number[] {
  const byDefault = (k: number) => (k < drop ? k : k - 1);
  return [0, 1, 2, 3, 4, 5].map((k) => (k === collapsed ? -1 : k === drop ? byDefault(collapsed) : byDefault(k)));
}

/**
 * Where the distance from the centre starts to blend into the boundary map's (radial
 * coordinate s). Inside it the shared sectors keep every point's distance from the centre
 * (times the spokes' scale), so closed features there keep their shape; the angle blends
 * from the centre on, so lines reaching the edges bend gently.
 */
export const RADIUS_BLEND_FROM = 0.5;

/** How much of the boundary map holds at radial coordinate s: 0 up to `from`, 1 within EDGE_TOLERANCE of the edge, C1. */
function boundaryWeight(s: number, from: number): number {
  const x = (s - from) / (1 - EDGE_TOLERANCE - from);
  if (x >= 1) return 1;
  if (x <= 0) return 0;
  const x4 = x * x * x * x;
  return x4 * (5 - 4 * x);
}

/** Six sectors onto the pentagon's five, collapsing hexagon edge `collapsed`. */
export function pentagonWarp(source: TileShape, target: TileShape, drop: number, collapsed: number): SectorWarp {
  const image = pentagonEdgeImage(drop, collapsed);
  const affine = source.edges.map((e, k) => {
    if (image[k]! < 0) return null;
    const f = target.edges[image[k]!]!;
    return triangleMap(e.from, e.to, f.from, f.to);
  });
  const c = collapsed;
  const after = image[(c + 1) % 6]!; // pentagon edge starting at c's corner
  const before = image[(c + 5) % 6]!; // pentagon edge ending there
  const blended = [(c + 5) % 6, c, (c + 1) % 6];
  const ce = source.edges[c]!;
  // The scale along the two outer spokes, where the blended sectors meet the affine ones.
  const spoke = [length(target.edges[before]!.from) / length(source.edges[(c + 5) % 6]!.from), length(target.edges[after]!.to) / length(source.edges[(c + 1) % 6]!.to)] as const;
  const apply = (p: Vec2): Vec2 => {
    const k = sectorOf(source, p);
    const m = affine[k];
    const e = source.edges[k]!;
    const cA = cross(e.from, p), cB = cross(p, e.to), D = cross(e.from, e.to);
    const s = (cA + cB) / D;
    if (m && (!blended.includes(k) || s >= 1 - EDGE_TOLERANCE)) return applyAffine(m, p);
    if (s <= 0) return [0, 0];
    const t = cA / (cA + cB);
    // w: boundary coordinate relative to the middle of edge c, in (−1.5, 1.5).
    const w = (k === c ? 0 : k === blended[2] ? 1 : -1) + t - 0.5;
    const even = (2 / 3) * w;
    const edge = Math.sign(w) * Math.max(Math.abs(w) - 0.5, 0);
    const v = even + boundaryWeight(s, 0) * (edge - even);
    const f = v >= 0 ? target.edges[after]! : target.edges[before]!;
    const q = lerp(f.from, f.to, v >= 0 ? v : 1 + v);
    // Distance from the centre: the boundary map's s·|q| near the edge; deep inside the point's
    // own distance times the spokes' scale (the affine neighbours' scale along their shared
    // spokes), so no ray is stretched towards c's corner (there |q| / |edge c's middle| = 1.236).
    const b = boundaryWeight(s, RADIUS_BLEND_FROM);
    const inner = (spoke[0] + ((w + 1.5) / 3) * (spoke[1] - spoke[0])) * length(p);
    return scale(q, b * s + ((1 - b) * inner) / length(q));
  };
  return { apply, affine: affine.map((m, k) => (blended.includes(k) ? null : m)), cutDirections: [...source.corners, lerp(ce.from, ce.to, 0.5)], edgeImage: image };
}
