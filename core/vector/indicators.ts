/**
 * TERRAIN-POSITION-INDICATORS and TERRAIN-PRESENCE-INDICATORS of every edge or edge
 * segment (patent CLAIM 2; SPEC §6), always computed from the geometry, never stored.
 *
 * Positions: the crossing ends on the edge (classify.ts), sorted by their distance from the
 * edge's anchor vertex, nearest first (the patent's preferred sorting), each with its
 * parameter t. Each indicator has a `key`, what matching compares: the terrain for a line;
 * for an area also its height (contours) and which way along the edge the area lies from the
 * crossing (`before` = towards the anchor, `after` = away from it), so a forest edge only
 * continues into a forest edge whose forest is on the same side.
 *
 * Presence: the area terrains (with their height, for contours) that cover the WHOLE edge.
 * All area elements of one terrain (and height) bound one region. Where they cross the
 * boundary, the boundary's in/out status follows from the crossings alone: walking the
 * boundary clockwise, it is inside just after a crossing whose area lies `after` it and
 * outside just after one whose area lies `before` it (validate.ts rejects crossings that do
 * not alternate). An edge with no crossing of that region takes the status there. A region
 * with no crossing at all is bounded by closed curves only; the boundary is inside it when
 * one of them has its inside on the outside (a clearing in a forest).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { sampleCurve } from './bezier.js';
import type { Crossing, EndName } from './classify.js';
import { crossings } from './classify.js';
import type { AreaElement, VectorTile } from './types.js';
import { signedArea } from './vec2.js';

export type AlongSide = 'before' | 'after';

export interface PositionIndicator {
  /** The element whose end this is, and which end. */
  readonly element: string;
  readonly end: EndName;
  readonly kind: 'line' | 'area';
  readonly terrain: string;
  /** Parameter along the edge from its anchor vertex, 0…1. */
  readonly t: number;
  /** Areas only: the area lies towards the anchor (`before`) or away from it (`after`). */
  readonly inside?: AlongSide;
  /** Contours only. */
  readonly height?: number;
  /** What matching compares (see the module header). */
  readonly key: string;
}

export interface EdgeIndicators {
  /** The edge's name: the grid direction it faces. */
  readonly dir: number;
  /** Ordered by t, nearest the anchor first. */
  readonly positions: readonly PositionIndicator[];
  /** Presence keys, sorted, without repeats. */
  readonly presence: readonly string[];
}

/** The presence key of an area terrain: its id, and `@height` for a contour. */
export const presenceKey = (terrain: string, height?: number): string => (height === undefined ? terrain : `${terrain}@${height}`);

export function positionKey(kind: 'line' | 'area', terrain: string, inside?: AlongSide, height?: number): string {
  return kind === 'line' ? `line:${terrain}` : `area:${presenceKey(terrain, height)}:${inside}`;
}

/** For an area crossing: which way along the edge (clockwise = growing t) the area lies. */
export function insideAlong(element: AreaElement, end: EndName): AlongSide {
  // Inside on the left of a curve that starts on the boundary and heads in: clockwise along
  // the boundary from there is on its left. A curve that ends on the boundary mirrors that.
  const leftAfter = end === 'start';
  return (element.side === 'left') === leftAfter ? 'after' : 'before';
}

export function positionIndicator(c: Crossing): PositionIndicator {
  const el = c.element;
  if (el.kind === 'line') {
    return { element: el.id, end: c.end, kind: 'line', terrain: el.terrain, t: c.t, key: positionKey('line', el.terrain) };
  }
  const inside = insideAlong(el, c.end);
  const base = { element: el.id, end: c.end, kind: 'area' as const, terrain: el.terrain, t: c.t, inside, key: positionKey('area', el.terrain, inside, el.height) };
  return el.height === undefined ? base : { ...base, height: el.height };
}

export const comparePositions = (a: PositionIndicator, b: PositionIndicator): number =>
  a.t - b.t || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) || (a.element < b.element ? -1 : a.element > b.element ? 1 : 0) || (a.end < b.end ? -1 : a.end > b.end ? 1 : 0);

/** One region per presence key: the area elements that bound it and their crossings. */
interface Region {
  readonly elements: AreaElement[];
  readonly crossings: { edgeIndex: number; t: number; inside: AlongSide; element: string }[];
}

export function areaRegions(tile: VectorTile, all: readonly Crossing[] = crossings(tile)): Map<string, Region> {
  const regions = new Map<string, Region>();
  const region = (key: string): Region => {
    let r = regions.get(key);
    if (!r) regions.set(key, (r = { elements: [], crossings: [] }));
    return r;
  };
  for (const el of tile.elements) if (el.kind === 'area') region(presenceKey(el.terrain, el.height)).elements.push(el);
  const edgeIndex = new Map(tile.shape.edges.map((e, i) => [e.dir, i]));
  for (const c of all) {
    if (c.element.kind !== 'area') continue;
    region(presenceKey(c.element.terrain, c.element.height)).crossings.push({
      edgeIndex: edgeIndex.get(c.dir)!,
      t: c.t,
      inside: insideAlong(c.element, c.end),
      element: c.element.id,
    });
  }
  for (const r of regions.values()) r.crossings.sort((a, b) => a.edgeIndex - b.edgeIndex || a.t - b.t);
  return regions;
}

/** A closed area curve whose inside is its outside: the tile boundary lies in its region. */
export function loopHoldsBoundary(el: AreaElement): boolean {
  const ccw = signedArea(sampleCurve(el.curve, 16).map((s) => s.p)) > 0;
  return ccw === (el.side === 'right');
}

function presentOnEdge(region: Region, edgeIndex: number): boolean {
  const cs = region.crossings;
  if (cs.length === 0) return region.elements.some((el) => el.curve.closed && loopHoldsBoundary(el));
  if (cs.some((c) => c.edgeIndex === edgeIndex)) return false;
  let prev = cs[cs.length - 1]!;
  for (const c of cs) if (c.edgeIndex < edgeIndex) prev = c;
  return prev.inside === 'after';
}

/** The indicators of every edge, in the shape's edge order (clockwise from the top). */
export function edgeIndicators(tile: VectorTile): EdgeIndicators[] {
  const all = crossings(tile);
  const regions = areaRegions(tile, all);
  return tile.shape.edges.map((edge, i) => {
    const positions = all.filter((c) => c.dir === edge.dir).map(positionIndicator).sort(comparePositions);
    const presence = [...regions.entries()].filter(([, r]) => presentOnEdge(r, i)).map(([k]) => k).sort();
    return { dir: edge.dir, positions, presence };
  });
}

export function indicatorsOf(all: readonly EdgeIndicators[], dir: number): EdgeIndicators {
  const e = all.find((x) => x.dir === dir);
  if (!e) throw new RangeError(`no edge facing direction ${dir}`);
  return e;
}
