/**
 * INTERIOR-ONLY or EDGE-CROSSING, from the geometry alone (patent CLAIM 2, groups (A) and
 * (B)): an end of an open curve that lies within EDGE_TOLERANCE of the boundary crosses the
 * edge it is nearest to, at the parameter of its projection on that edge. Points and closed
 * curves are always interior.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { curveEnd, curveStart } from './bezier.js';
import type { TileShape } from './shape.js';
import { edgeOf, nearestEdge } from './shape.js';
import { EDGE_TOLERANCE, VERTEX_TOLERANCE } from './tolerance.js';
import type { CurveElement, VectorElement, VectorTile } from './types.js';
import { distance } from './vec2.js';

export type EndName = 'start' | 'end';

/** One end of a curve element that lies on an edge. */
export interface Crossing {
  readonly element: CurveElement;
  readonly end: EndName;
  /** Direction (name) of the edge. */
  readonly dir: number;
  /** Parameter along the edge from its anchor, 0…1. */
  readonly t: number;
  /** Within VERTEX_TOLERANCE of the edge's ends (an error, validate.ts). */
  readonly onVertex: boolean;
}

export function endCrossing(shape: TileShape, element: CurveElement, end: EndName): Crossing | null {
  if (element.curve.closed) return null;
  const p = end === 'start' ? curveStart(element.curve) : curveEnd(element.curve);
  const near = nearestEdge(shape, p);
  if (near.distance > EDGE_TOLERANCE) return null;
  const e = edgeOf(shape, near.dir);
  const onVertex = distance(p, e.from) <= VERTEX_TOLERANCE || distance(p, e.to) <= VERTEX_TOLERANCE;
  return { element, end, dir: near.dir, t: near.t, onVertex };
}

/** Every end of the tile's curves that lies on an edge, in element order (start before end). */
export function crossings(tile: VectorTile): Crossing[] {
  const out: Crossing[] = [];
  for (const el of tile.elements) {
    if (el.kind === 'point') continue;
    for (const end of ['start', 'end'] as const) {
      const c = endCrossing(tile.shape, el, end);
      if (c) out.push(c);
    }
  }
  return out;
}

export type Extent = 'interior-only' | 'edge-crossing';

export function extentOf(shape: TileShape, element: VectorElement): Extent {
  if (element.kind === 'point') return 'interior-only';
  return endCrossing(shape, element, 'start') || endCrossing(shape, element, 'end') ? 'edge-crossing' : 'interior-only';
}
