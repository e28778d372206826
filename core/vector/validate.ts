/**
 * Validation of a vector tile's geometry, with one message per problem that names the
 * element (SPEC §6). Importers (json.ts, svg.ts) run it so a bad drawing fails at the door;
 * the indicators (indicators.ts) of a tile that passes are well defined.
 *
 * Rules, and why:
 *   • a curve may touch the boundary only at its ends: an end on the boundary is how an
 *     element crosses an edge (patent CLAIM 2 (B)); a curve touching an edge in its middle
 *     would cross without an indicator, so matching could not see it;
 *   • an end may not lie on a vertex: it would belong to two edges at once;
 *   • an open area curve must end on edges at both ends, and every area needs a side
 *     (patent CLAIM 2 (C), the "uphill/interior binary indicator");
 *   • contours may not cross each other (an elevation cannot be two heights);
 *   • the crossings of one area region must alternate in and out along the boundary;
 *   • points are always interior (patent CLAIM 2 (A)).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Curve } from './bezier.js';
import { cubicIntersections, evalCubic, lineRoots, sampleCurve, segment, segmentCount } from './bezier.js';
import { crossings, endCrossing } from './classify.js';
import { areaRegions } from './indicators.js';
import type { TileShape } from './shape.js';
import { insideDistance } from './shape.js';
import { EDGE_TOLERANCE } from './tolerance.js';
import type { CurveElement, VectorTile } from './types.js';
import { distance, segmentDistance, sub } from './vec2.js';
import { InputError } from '../util/input-error.js';

export interface VectorIssue {
  /** Id of the element at fault, or null for the tile as a whole. */
  readonly element: string | null;
  readonly message: string;
}

export interface ValidateOptions {
  /** Terrain ids the elements may use (a catalogue's); unchecked when absent. */
  readonly terrains?: ReadonlySet<string>;
}

const fmt = (n: number): string => (Math.round(n * 1000) / 1000).toString();
const at = (p: readonly [number, number]): string => `(${fmt(p[0])}, ${fmt(p[1])})`;

/** Structure of a curve: 3n+1 finite points, a closed one ending where it starts. */
export function curveStructureProblem(curve: Curve): string | null {
  const n = curve.points.length;
  if (n < 4 || (n - 1) % 3 !== 0) return `a curve needs 3n+1 points (start, then two control points and an end per cubic segment), got ${n}`;
  if (curve.points.some((p) => !Number.isFinite(p[0]) || !Number.isFinite(p[1]))) return 'a curve point is not a finite number';
  if (curve.closed && distance(curve.points[0]!, curve.points[n - 1]!) > 1e-9) return 'a closed curve must end where it starts';
  return null;
}

export function validateTile(tile: VectorTile, options: ValidateOptions = {}): VectorIssue[] {
  const issues: VectorIssue[] = [];
  const shape = tile.shape;
  const seen = new Set<string>();
  for (const el of tile.elements) {
    const name = `${el.kind} "${el.id}"`;
    const add = (message: string) => issues.push({ element: el.id, message: `${name}: ${message}` });
    if (el.id === '') issues.push({ element: el.id, message: `an element of terrain "${el.terrain}" has an empty id` });
    if (seen.has(el.id)) add('the id is used by another element too');
    seen.add(el.id);
    if (options.terrains && !options.terrains.has(el.terrain)) add(`unknown terrain "${el.terrain}"`);
    if (el.kind === 'point') {
      const d = insideDistance(shape, el.at);
      if (d < -EDGE_TOLERANCE) add(`lies outside the tile at ${at(el.at)}; points are always interior`);
      else if (d <= EDGE_TOLERANCE) add(`lies on the tile's edge at ${at(el.at)}; points are always interior`);
      continue;
    }
    const structural = curveStructureProblem(el.curve);
    if (structural) {
      add(structural);
      continue;
    }
    if (el.kind === 'area') {
      if (el.side !== 'left' && el.side !== 'right') add('an area needs a side (left or right of the curve: inside, or uphill for a contour)');
      if (el.height !== undefined && !Number.isFinite(el.height)) add('a contour height must be a finite number');
    }
    for (const m of boundaryProblems(tile, el)) add(m);
  }
  if (issues.length) return issues;

  // Contours that cross each other.
  const contours = tile.elements.filter((e): e is CurveElement => e.kind === 'area' && e.height !== undefined);
  for (let i = 0; i < contours.length; i++) {
    for (let j = i + 1; j < contours.length; j++) {
      const hit = curvesMeet(contours[i]!.curve, contours[j]!.curve);
      if (hit) issues.push({ element: contours[i]!.id, message: `contour "${contours[i]!.id}" crosses contour "${contours[j]!.id}" near ${at(hit)}` });
    }
  }
  // Area crossings that do not alternate in and out.
  for (const [key, region] of areaRegions(tile, crossings(tile))) {
    const cs = region.crossings;
    for (let i = 0; i < cs.length; i++) {
      const a = cs[i]!, b = cs[(i + 1) % cs.length]!;
      if (cs.length > 1 && a.inside === b.inside) {
        issues.push({
          element: b.element,
          message: `area "${b.element}": the areas of "${key}" disagree about which side is inside: going clockwise, its edge crossing follows that of "${a.element}" with the area on the same side`,
        });
        break;
      }
    }
    if (cs.length % 2 === 1) issues.push({ element: cs[0]!.element, message: `area "${cs[0]!.element}": the areas of "${key}" cross the tile boundary an odd number of times` });
  }
  return issues;
}

function curvesMeet(a: Curve, b: Curve): readonly [number, number] | null {
  for (let i = 0; i < segmentCount(a); i++) {
    for (let j = 0; j < segmentCount(b); j++) {
      const hits = cubicIntersections(segment(a, i), segment(b, j));
      if (hits.length) return hits[0]!;
    }
  }
  return null;
}

/** Ends on vertices, area ends off the boundary, and the middle of a curve touching or leaving the tile. */
function boundaryProblems(tile: VectorTile, el: CurveElement): string[] {
  const out: string[] = [];
  const shape = tile.shape;
  const start = endCrossing(shape, el, 'start');
  const end = endCrossing(shape, el, 'end');
  for (const c of [start, end]) if (c?.onVertex) out.push(`its ${c.end} lies on a vertex of the tile (edge ${c.dir}, t = ${fmt(c.t)}); move it along the edge`);
  if (el.kind === 'area' && !el.curve.closed && (!start || !end)) {
    out.push(`an open area curve must start and end on tile edges (its ${!start ? 'start' : 'end'} is inside the tile); close it or extend it to an edge`);
  }
  const middle = curveMiddleProblem(shape, el.curve, start !== null, end !== null);
  if (middle) out.push(middle);
  return out;
}

/**
 * Whether the middle of a curve leaves the tile or touches its boundary (the stretches next to
 * an end that crosses an edge may run along it). Validation and snapping's bends
 * (snap-bend.ts) both ask here, so a bent end obeys the rule a drawn one does.
 */
export function curveMiddleProblem(shape: TileShape, curve: Curve, startCrosses: boolean, endCrosses: boolean): string | null {
  const samples = sampleCurve(curve, 48);
  const n = segmentCount(curve);
  const step = 1 / 48;
  // The stretches next to a crossing end may run along the boundary; nothing else may.
  let headEnd = -1;
  let tailStart = n + 1;
  if (startCrosses) {
    headEnd = 0;
    for (const s of samples) {
      if (Math.abs(insideDistance(shape, s.p)) > EDGE_TOLERANCE) break;
      headEnd = s.u;
    }
  }
  if (endCrosses) {
    tailStart = n;
    for (let k = samples.length - 1; k >= 0; k--) {
      if (Math.abs(insideDistance(shape, samples[k]!.p)) > EDGE_TOLERANCE) break;
      tailStart = samples[k]!.u;
    }
  }
  for (const s of samples) {
    if (s.u <= headEnd || s.u >= tailStart) continue;
    const d = insideDistance(shape, s.p);
    if (d < -EDGE_TOLERANCE) return `leaves the tile near ${at(s.p)}`;
    if (d <= EDGE_TOLERANCE) return `touches the tile's edge in its middle near ${at(s.p)}; only its ends may lie on an edge`;
  }
  // Exact crossings of the edges between samples.
  for (let i = 0; i < n; i++) {
    const q = segment(curve, i);
    for (const e of shape.edges) {
      for (const t of lineRoots(q, e.from, sub(e.to, e.from))) {
        const u = i + t;
        if (u <= headEnd + step || u >= tailStart - step) continue;
        const p = evalCubic(q, t);
        if (segmentDistance(p, e.from, e.to).distance <= EDGE_TOLERANCE) return `touches the tile's edge ${e.dir} in its middle near ${at(p)}; only its ends may lie on an edge`;
      }
    }
  }
  return null;
}

/** Throws the first problem as an InputError naming `source` and the element. */
export function assertValidTile(tile: VectorTile, source: string, options: ValidateOptions = {}): void {
  const issues = validateTile(tile, options);
  if (issues.length) {
    const first = issues[0]!;
    throw new InputError(source, first.element === null ? `tile "${tile.id}"` : `tile "${tile.id}", element "${first.element}"`, first.message);
  }
}
