/**
 * The pen tool of the vector tile editor (issue 13), as Inkscape's Bézier pen works: each
 * click adds an anchor; dragging from it pulls out a smooth handle pair (the outgoing control
 * point follows the pointer, the incoming one mirrors it through the anchor); Enter or a
 * double click ends an open curve, a click on the first anchor closes it. The path being drawn
 * is editor state, not yet a tile element (a curve needs at least one segment, and validation
 * would reject a half-drawn one); `penElement` turns it into the element the tile keeps.
 *
 * Ends of open curves near the tile's boundary snap onto it, so a road drawn to the edge
 * really crosses the edge and gets its indicator (classify.ts, tolerance.ts).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Curve } from './bezier.js';
import { sampleCurve } from './bezier.js';
import { edgeOf, edgePoint, nearestEdge, type TileShape } from './shape.js';
import type { AreaElement, LineElement, VectorTile } from './types.js';
import { add, distance, signedArea, sub, type Vec2 } from './vec2.js';

export interface PenAnchor {
  readonly at: Vec2;
  /** Incoming and outgoing control points; equal to `at` for a corner. */
  readonly in: Vec2;
  readonly out: Vec2;
}

export interface PenPath {
  readonly kind: 'line' | 'area';
  readonly terrain: string;
  readonly anchors: readonly PenAnchor[];
}

/** How close (in shape units, the tile's inradius being 1) a click must be to snap or to close. */
export const PEN_SNAP = 0.06;

export const startPen = (kind: 'line' | 'area', terrain: string): PenPath => ({ kind, terrain, anchors: [] });

/** A corner anchor at p (snapped onto the boundary when near it). */
export function penAddAnchor(shape: TileShape, path: PenPath, p: Vec2): PenPath {
  const at = snapToBoundary(shape, p);
  return { ...path, anchors: [...path.anchors, { at, in: at, out: at }] };
}

/** Dragging after a click: the last anchor becomes smooth, its outgoing handle at `h`. */
export function penDragHandle(path: PenPath, h: Vec2): PenPath {
  const last = path.anchors[path.anchors.length - 1];
  if (!last) return path;
  const mirrored = sub(add(last.at, last.at), h);
  return { ...path, anchors: [...path.anchors.slice(0, -1), { at: last.at, in: mirrored, out: h }] };
}

/** Backspace while drawing: drops the last anchor. */
export const penUndoAnchor = (path: PenPath): PenPath => ({ ...path, anchors: path.anchors.slice(0, -1) });

/** True when p is on the first anchor (a click there closes the path). */
export function penClosesAt(path: PenPath, p: Vec2, tol = PEN_SNAP): boolean {
  return path.anchors.length >= 3 && distance(path.anchors[0]!.at, p) <= tol;
}

/** The cubic Bézier curve through the anchors; null until there are two (three to close). */
export function penCurve(path: PenPath, closed: boolean): Curve | null {
  const a = path.anchors;
  if (a.length < (closed ? 3 : 2)) return null;
  const points: Vec2[] = [a[0]!.at];
  const n = closed ? a.length : a.length - 1;
  for (let i = 0; i < n; i++) {
    const from = a[i]!, to = a[(i + 1) % a.length]!;
    points.push(from.out, to.in, to.at);
  }
  return { points, closed };
}

/**
 * The element the path becomes. An area closed on itself gets the side its loop encloses
 * (left of a counter-clockwise loop in the y-up tile space); an open area, which divides the
 * tile, starts with its inside on the left: the editor's side toggle flips it.
 */
export function penElement(path: PenPath, closed: boolean, id: string): LineElement | AreaElement | null {
  const curve = penCurve(path, closed);
  if (!curve) return null;
  if (path.kind === 'line') return { id, kind: 'line', terrain: path.terrain, curve };
  const side = closed ? enclosedSide(curve) : 'left';
  return { id, kind: 'area', terrain: path.terrain, curve, side };
}

/** The side of a closed curve its loop encloses. */
export function enclosedSide(curve: Curve): 'left' | 'right' {
  return signedArea(sampleCurve(curve, 16).map((s) => s.p)) >= 0 ? 'left' : 'right';
}

/** p moved onto the nearest boundary edge when within `tol` of it (corners stay corners). */
export function snapToBoundary(shape: TileShape, p: Vec2, tol = PEN_SNAP): Vec2 {
  const near = nearestEdge(shape, p);
  if (near.distance > tol) return p;
  const edge = edgeOf(shape, near.dir);
  return edgePoint(edge, Math.min(1, Math.max(0, near.t)));
}

/** An element id not yet used in the tile: `line-3`, `area-1`, `point-2`… */
export function freshElementId(tile: VectorTile, kind: 'line' | 'area' | 'point'): string {
  const used = new Set(tile.elements.map((e) => e.id));
  for (let k = 1; ; k++) if (!used.has(`${kind}-${k}`)) return `${kind}-${k}`;
}
