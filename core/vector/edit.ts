/**
 * Editing a vector tile's elements in place (the vector tile editor, issue 13): find what is
 * under the pointer, move an anchor (its handles travel with it), move a handle (the opposite
 * one mirrors it while the anchor is smooth), insert an anchor on a segment, delete one, and
 * set an element's terrain, side or height. Every function returns a new tile (tiles are
 * plain readonly data), so the editor's history is a list of tiles.
 *
 * Curve layout (bezier.ts): points[3k] are anchors, points[3k±1] their handles. A closed
 * curve repeats its first anchor at the end; both copies move together.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Curve } from './bezier.js';
import { curveFromCubics, segment, segmentCount, splitCubic, sampleCurve } from './bezier.js';
import { snapToBoundary } from './pen.js';
import type { TileShape } from './shape.js';
import type { VectorElement, VectorTile } from './types.js';
import { add, distance, segmentDistance, sub, windingNumber, type Vec2 } from './vec2.js';

/** What the pointer is over: a handle or anchor of the selected element, or an element. */
export type EditTarget =
  | { readonly kind: 'handle'; readonly element: string; readonly index: number }
  | { readonly kind: 'anchor'; readonly element: string; readonly index: number }
  | { readonly kind: 'element'; readonly element: string };

export const isAnchorIndex = (i: number): boolean => i % 3 === 0;

/**
 * The target nearest p within `tol`: the selected element's handles and anchors first (they
 * sit on top), then points, lines and area outlines, then the inside of closed areas.
 */
export function hitTest(tile: VectorTile, p: Vec2, tol: number, selected: string | null = null): EditTarget | null {
  const sel = selected === null ? undefined : tile.elements.find((e) => e.id === selected);
  if (sel && sel.kind !== 'point') {
    const pts = sel.curve.points;
    let best: EditTarget | null = null;
    let bestD = tol;
    pts.forEach((q, i) => {
      const d = distance(q, p);
      // An anchor wins a tie with its own handles (a corner's handles sit on it).
      if (d < bestD || (d <= bestD && best?.kind === 'handle' && isAnchorIndex(i))) {
        bestD = d;
        best = isAnchorIndex(i) ? { kind: 'anchor', element: sel.id, index: i } : { kind: 'handle', element: sel.id, index: i };
      }
    });
    if (best) return best;
  }
  if (sel && sel.kind === 'point' && distance(sel.at, p) <= tol) return { kind: 'anchor', element: sel.id, index: 0 };
  let best: EditTarget | null = null;
  let bestD = tol;
  for (let k = tile.elements.length - 1; k >= 0; k--) {
    const e = tile.elements[k]!;
    const d = e.kind === 'point' ? distance(e.at, p) : curveDistance(e.curve, p);
    if (d < bestD) {
      bestD = d;
      best = { kind: 'element', element: e.id };
    }
  }
  if (best) return best;
  for (let k = tile.elements.length - 1; k >= 0; k--) {
    const e = tile.elements[k]!;
    if (e.kind === 'area' && e.curve.closed && windingNumber(sampleCurve(e.curve, 12).map((s) => s.p), p) !== 0) return { kind: 'element', element: e.id };
  }
  return null;
}

/** Distance from p to the curve (flattened finely enough for picking). */
export function curveDistance(c: Curve, p: Vec2): number {
  const s = sampleCurve(c, 24);
  let d = Infinity;
  for (let i = 1; i < s.length; i++) d = Math.min(d, segmentDistance(p, s[i - 1]!.p, s[i]!.p).distance);
  return d;
}

function mapElement(tile: VectorTile, id: string, f: (e: VectorElement) => VectorElement | null): VectorTile {
  const elements: VectorElement[] = [];
  let found = false;
  for (const e of tile.elements) {
    if (e.id !== id) elements.push(e);
    else {
      found = true;
      const next = f(e);
      if (next) elements.push(next);
    }
  }
  if (!found) throw new RangeError(`the tile has no element "${id}"`);
  return { ...tile, elements };
}

const withPoints = (c: Curve, points: Vec2[]): Curve => ({ closed: c.closed, points });

/**
 * Moves anchor `index` to `to`, its handles by the same amount. The two ends of an open curve
 * snap onto the tile's boundary when brought near it (that is how an element crosses an edge).
 */
export function moveAnchor(tile: VectorTile, id: string, index: number, to: Vec2): VectorTile {
  return mapElement(tile, id, (e) => {
    if (e.kind === 'point') return { ...e, at: to };
    const pts = e.curve.points.slice();
    const last = pts.length - 1;
    const isEnd = !e.curve.closed && (index === 0 || index === last);
    const target = isEnd ? snapToBoundary(tile.shape, to) : to;
    const delta = sub(target, pts[index]!);
    const shift = (i: number) => {
      if (i >= 0 && i <= last) pts[i] = add(pts[i]!, delta);
    };
    const twins = e.curve.closed && (index === 0 || index === last) ? [0, last] : [index];
    for (const i of twins) pts[i] = target;
    for (const i of twins) {
      shift(i - 1);
      shift(i + 1);
    }
    return { ...e, curve: withPoints(e.curve, pts) };
  });
}

/** The anchor a handle belongs to, and the opposite handle of that anchor (or null at an open end). */
function handlePartners(c: Curve, index: number): { anchor: number; opposite: number | null } {
  const last = c.points.length - 1;
  const anchor = index % 3 === 1 ? index - 1 : index + 1;
  let opposite: number | null = index % 3 === 1 ? anchor - 1 : anchor + 1;
  if (opposite < 0) opposite = c.closed ? last - 1 : null;
  else if (opposite > last) opposite = c.closed ? 1 : null;
  return { anchor, opposite };
}

/**
 * Moves handle `index` to `to`. With `smooth` the opposite handle of the same anchor turns to
 * stay opposite (keeping its own length), as Inkscape keeps a smooth node smooth.
 */
export function moveHandle(tile: VectorTile, id: string, index: number, to: Vec2, smooth: boolean): VectorTile {
  if (isAnchorIndex(index)) throw new RangeError('an anchor is moved with moveAnchor');
  return mapElement(tile, id, (e) => {
    if (e.kind === 'point') return e;
    const pts = e.curve.points.slice();
    pts[index] = to;
    const { anchor, opposite } = handlePartners(e.curve, index);
    if (smooth && opposite !== null) {
      const a = pts[anchor]!;
      const len = distance(pts[opposite]!, a);
      const d = sub(a, to);
      const l = Math.hypot(d[0], d[1]);
      if (l > 1e-12 && len > 1e-12) pts[opposite] = [a[0] + (d[0] / l) * len, a[1] + (d[1] / l) * len];
    }
    return { ...e, curve: withPoints(e.curve, pts) };
  });
}

/** Splits segment `seg` at parameter t (de Casteljau): the curve keeps its shape, with one more anchor. */
export function insertAnchor(tile: VectorTile, id: string, seg: number, t: number): VectorTile {
  return mapElement(tile, id, (e) => {
    if (e.kind === 'point') return e;
    const n = segmentCount(e.curve);
    if (seg < 0 || seg >= n) throw new RangeError(`segment ${seg} is outside 0…${n - 1}`);
    const cubics = Array.from({ length: n }, (_, i) => segment(e.curve, i));
    const [a, b] = splitCubic(cubics[seg]!, t);
    cubics.splice(seg, 1, a, b);
    return { ...e, curve: curveFromCubics(cubics, e.curve.closed) };
  });
}

/** The segment and parameter of the curve point nearest p (for inserting an anchor there). */
export function nearestOnCurve(c: Curve, p: Vec2): { seg: number; t: number; distance: number } {
  let best = { seg: 0, t: 0, distance: Infinity };
  const per = 32;
  for (let i = 0; i < segmentCount(c); i++) {
    const s = sampleCurve({ points: segment(c, i), closed: false }, per);
    for (const { p: q, u } of s) {
      const d = distance(q, p);
      if (d < best.distance) best = { seg: i, t: Math.min(1, Math.max(0, u)), distance: d };
    }
  }
  return best;
}

/**
 * Deletes anchor `index`: its two segments become one, keeping the outer handles. An element
 * left with fewer anchors than it needs (two open, three closed) is deleted with it.
 */
export function deleteAnchor(tile: VectorTile, id: string, index: number): VectorTile {
  return mapElement(tile, id, (e) => {
    if (e.kind === 'point') return null;
    const anchors = segmentCount(e.curve) + (e.curve.closed ? 0 : 1);
    if (anchors - 1 < (e.curve.closed ? 3 : 2)) return null;
    const pts = e.curve.points.slice();
    const last = pts.length - 1;
    if (!e.curve.closed && index === 0) return { ...e, curve: withPoints(e.curve, pts.slice(3)) };
    if (!e.curve.closed && index === last) return { ...e, curve: withPoints(e.curve, pts.slice(0, -3)) };
    if (e.curve.closed && (index === 0 || index === last)) return { ...e, curve: withPoints(e.curve, rotateClosed(pts)) };
    pts.splice(index - 1, 3);
    return { ...e, curve: withPoints(e.curve, pts) };
  });
}

/** A closed curve without its first anchor: starts at the second anchor, and the last segment keeps the outer handles. */
function rotateClosed(pts: Vec2[]): Vec2[] {
  const last = pts.length - 1;
  // Segments: [P0 a b P1] [P1 … P2] … [Pk-1 c d P0]. Merge [Pk-1 c d P0] and [P0 a b P1] into [Pk-1 c b P1].
  const merged: Vec2[] = pts.slice(3, last - 2); // P1 … Pk-1 with their handles, ending on Pk-1
  merged.push(pts[last - 2]!, pts[2]!, pts[3]!);
  return merged;
}

export function deleteElement(tile: VectorTile, id: string): VectorTile {
  return mapElement(tile, id, () => null);
}

export interface ElementProps {
  readonly terrain?: string;
  readonly side?: 'left' | 'right';
  /** A contour's or spot's height; null removes it. */
  readonly height?: number | null;
}

/** Sets terrain, side (areas) or height (areas and points). */
export function setElementProps(tile: VectorTile, id: string, props: ElementProps): VectorTile {
  return mapElement(tile, id, (e) => {
    let next: VectorElement = props.terrain === undefined ? e : { ...e, terrain: props.terrain };
    if (props.side !== undefined && next.kind === 'area') next = { ...next, side: props.side };
    if (props.height !== undefined && next.kind !== 'line') {
      const { height: _drop, ...rest } = next;
      next = props.height === null ? (rest as VectorElement) : ({ ...rest, height: props.height } as VectorElement);
    }
    return next;
  });
}

/** Adds an element (already given a fresh id). */
export const addElement = (tile: VectorTile, element: VectorElement): VectorTile => ({ ...tile, elements: [...tile.elements, element] });

/** A new empty tile of a shape. */
export const emptyTile = (id: string, shape: TileShape, name?: string): VectorTile => ({ id, shape, elements: [], ...(name ? { name } : {}) });
