/**
 * The pentagon warp (patent CLAIM 2, FIG. 103–104; SPEC §6): a hexagon vector tile fitted
 * to a pentagon, or to one of the globe's non-regular hexagons, by a parametric conversion
 * of the coordinates of all its points and lines. Nothing is left out.
 *
 * For a six-sided target the six centre triangles (centre, edge k's anchor, edge k's far end)
 * map one to one, each by its affine (barycentric) map. For a pentagon the six sectors are
 * mapped onto five continuously (warp-map.ts): `drop` (default 5, the north-west; the
 * instance's orientation, applied before the warp, chooses which part of the drawing it is)
 * names the sector the pentagon has no room for, and its area is shared with its two
 * neighbours, so every element stays, closed curves stay closed and inside, and an injective,
 * orientation-keeping map keeps contours' nesting and uphill sides.
 *
 * Edges: one hexagon edge, the COLLAPSED edge, has no pentagon edge; the other five map onto
 * the pentagon's, clockwise, at the same parameter t (exact to rounding), so indicators are
 * kept and warped tiles still match their neighbours. The collapsed edge is the dropped
 * edge itself (hexagon edge k → pentagon edge k below it, k − 1 above). When the dropped
 * edge carries crossings, a neighbouring edge that carries none collapses instead (the one
 * before it first) and the dropped edge's crossings take that neighbour's pentagon edge at
 * their own parameters. When both neighbours carry crossings too, the dropped edge's
 * crossings end on the pentagon corner between them: the element is kept and REPORTED.
 *
 * Curves: in the three sectors the map treats affinely the image of a cubic is the cubic of
 * the mapped control points, exact; in the three blended sectors it is refitted within
 * WARP_TOLERANCE (warp-fit.ts). An element whose refitted image would cross itself (and
 * whose drawing does not) is reported too.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Cubic, Curve } from './bezier.js';
import { cubicIntersections, segment, segmentCount } from './bezier.js';
import { crossings } from './classify.js';
import type { TileShape } from './shape.js';
import type { VectorElement, VectorTile } from './types.js';
import type { Vec2 } from './vec2.js';
import { warpCurve } from './warp-fit.js';
import type { SectorWarp } from './warp-map.js';
import { oneToOneWarp, pentagonWarp } from './warp-map.js';

export { sectorOf } from './warp-map.js';
export { WARP_TOLERANCE } from './warp-fit.js';

/** An element kept by the warp that the designer should look at: one bounded line. */
export interface WarpReport {
  readonly element: string;
  readonly message: string;
}

export interface WarpResult {
  readonly tile: VectorTile;
  /** Elements kept but not cleanly: ending on a pentagon corner, or crossing themselves. */
  readonly reported: readonly WarpReport[];
  /** Hexagon edge k → target edge index; −1 for the pentagon's collapsed edge. */
  readonly edgeImage: readonly number[];
  /** The largest measured distance of a refitted curve from the exact image (0 when none). */
  readonly error: number;
}

/** The hexagon edge the pentagon gives no edge of its own; see the file comment. */
function collapsedEdge(tile: VectorTile, drop: number): { edge: number; blocked: string[] } {
  const byEdge = (k: number) => crossings(tile).filter((c) => c.dir === k).map((c) => c.element.id);
  const onDrop = byEdge(drop);
  if (onDrop.length === 0) return { edge: drop, blocked: [] };
  for (const k of [(drop + 5) % 6, (drop + 1) % 6]) if (byEdge(k).length === 0) return { edge: k, blocked: [] };
  return { edge: drop, blocked: [...new Set(onDrop)] };
}

const fmt = (p: Vec2) => `(${p[0].toFixed(3)}, ${p[1].toFixed(3)})`;

/** Where two non-adjacent cubics of a curve meet, if they do. */
export function selfCrossing(curve: Curve): Vec2 | null {
  const n = segmentCount(curve);
  const qs: Cubic[] = Array.from({ length: n }, (_, i) => segment(curve, i));
  for (let i = 0; i < n; i++) {
    for (let j = i + 2; j < n; j++) {
      if (curve.closed && i === 0 && j === n - 1) continue;
      const hit = cubicIntersections(qs[i]!, qs[j]!);
      if (hit.length) return hit[0]!;
    }
  }
  return null;
}

/**
 * Warps a tile drawn on the hexagon (after its orientation) onto `target`: a pentagon (sector
 * `drop`, default 5, shared with its neighbours) or a six-sided polygon (one to one).
 */
export function warpHexTile(tile: VectorTile, target: TileShape, drop = 5): WarpResult {
  const source = tile.shape;
  if (source.name !== 'hex') throw new RangeError(`the warp fits hexagon tiles; this tile is a ${source.name}`);
  const n = target.edges.length;
  if (n !== 5 && n !== 6) throw new RangeError(`the warp targets a pentagon or a hexagon, not a ${n}-sided ${target.name}`);
  if (n === 5 && !(Number.isInteger(drop) && drop >= 0 && drop < 6)) throw new RangeError(`the dropped sector is 0…5, got ${drop}`);
  const reported: WarpReport[] = [];
  let warp: SectorWarp;
  if (n === 6) warp = oneToOneWarp(source, target);
  else {
    const { edge, blocked } = collapsedEdge(tile, drop);
    warp = pentagonWarp(source, target, drop, edge);
    for (const id of blocked) {
      reported.push({ element: id, message: `"${id}" crosses hexagon edge ${drop}, which the pentagon gives up, and both neighbouring edges carry crossings too: its end lands on a pentagon corner` });
    }
  }
  let error = 0;
  const elements = tile.elements.map((el): VectorElement => {
    if (el.kind === 'point') return { ...el, at: warp.apply(el.at) };
    const w = warpCurve(el.curve, warp, source, target);
    error = Math.max(error, w.error);
    if (w.refitted) {
      const hit = selfCrossing(w.curve);
      if (hit && !selfCrossing(el.curve)) reported.push({ element: el.id, message: `"${el.id}" would cross itself after the warp near ${fmt(hit)}` });
    }
    return { ...el, curve: w.curve };
  });
  return { tile: { ...tile, shape: target, elements }, reported, edgeImage: warp.edgeImage, error };
}
