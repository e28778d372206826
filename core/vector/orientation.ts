/**
 * Mirroring and rotating a vector tile within its own shape (patent MAP ASSEMBLY step 1),
 * with the orientations of core/alform (`Orientation`: an optional mirror, x → −x or
 * y → −y, then a clockwise rotation in degrees). An orientation must be a symmetry of the
 * shape; which ones a tile class allows is SPEC §3 (`allowedOrientations`).
 *
 * Edges move with the shape: edge d goes to the edge its midpoint lands on. A rotation keeps
 * every edge's anchor and parameter; a mirror reverses the clockwise order, so an edge's far
 * end becomes its anchor (t → 1 − t), its positions reverse, an area's `before`/`after`
 * swap, and every area's left/right side swaps.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Orientation } from '../alform/classify.js';
import { transformCurve } from './bezier.js';
import type { EdgeIndicators, PositionIndicator } from './indicators.js';
import { comparePositions, positionKey } from './indicators.js';
import type { TileShape } from './shape.js';
import type { VectorElement, VectorTile } from './types.js';
import type { Affine } from './vec2.js';
import { affineDeterminant, applyAffine, composeAffine, distance, lerp } from './vec2.js';

export type { Orientation };
export const IDENTITY_ORIENTATION: Orientation = Object.freeze({ rotation: 0, mirror: 'none' });

/** cos and sin of whole degrees, exact at multiples of 90. */
function cosSin(deg: number): [number, number] {
  const d = ((deg % 360) + 360) % 360;
  if (d === 0) return [1, 0];
  if (d === 90) return [0, 1];
  if (d === 180) return [-1, 0];
  if (d === 270) return [0, -1];
  const r = (d * Math.PI) / 180;
  return [Math.cos(r), Math.sin(r)];
}

/** The linear map of an orientation: mirror first, then rotate clockwise. */
export function orientationMatrix(o: Orientation): Affine {
  const [c, s] = cosSin(o.rotation);
  const rotate: Affine = [c, -s, s, c, 0, 0];
  const mirror: Affine = o.mirror === 'x' ? [-1, 0, 0, 1, 0, 0] : o.mirror === 'y' ? [1, 0, 0, -1, 0, 0] : [1, 0, 0, 1, 0, 0];
  return composeAffine(rotate, mirror);
}

export const isMirroring = (o: Orientation): boolean => affineDeterminant(orientationMatrix(o)) < 0;

export function describeOrientation(o: Orientation): string {
  return `${o.mirror === 'none' ? '' : `mirror ${o.mirror}, `}rotation ${o.rotation}°`;
}

/**
 * Edge d → the edge it becomes. Throws when the orientation is not a symmetry of the shape
 * (a 90° turn of an offset-square, whose side midpoints are edge-segment ends).
 */
export function edgeMap(shape: TileShape, o: Orientation): Map<number, number> {
  const m = orientationMatrix(o);
  const tol = 1e-9;
  for (const c of shape.corners) {
    const p = applyAffine(m, c);
    if (!shape.corners.some((k) => distance(k, p) < tol)) {
      throw new RangeError(`${describeOrientation(o)} is not a symmetry of the ${shape.name} tile shape`);
    }
  }
  const out = new Map<number, number>();
  for (const e of shape.edges) {
    const mid = applyAffine(m, lerp(e.from, e.to, 0.5));
    const target = shape.edges.find((f) => distance(lerp(f.from, f.to, 0.5), mid) < tol)!;
    out.set(e.dir, target.dir);
  }
  return out;
}

export function orientElement(el: VectorElement, m: Affine): VectorElement {
  if (el.kind === 'point') return { ...el, at: applyAffine(m, el.at) };
  if (el.kind === 'line') return { ...el, curve: transformCurve(el.curve, m) };
  const side = affineDeterminant(m) < 0 ? (el.side === 'left' ? 'right' : 'left') : el.side;
  return { ...el, curve: transformCurve(el.curve, m), side };
}

/** The tile as it looks after the orientation, in the same shape's frame. */
export function orientTile(tile: VectorTile, o: Orientation): VectorTile {
  edgeMap(tile.shape, o);
  const m = orientationMatrix(o);
  return { ...tile, elements: tile.elements.map((el) => orientElement(el, m)) };
}

/** The indicators of the oriented tile, computed from the original indicators alone. */
export function orientIndicators(shape: TileShape, indicators: readonly EdgeIndicators[], o: Orientation): EdgeIndicators[] {
  const map = edgeMap(shape, o);
  const mirrored = isMirroring(o);
  const moved = indicators.map((ind): EdgeIndicators => {
    const positions = mirrored ? ind.positions.map(mirrorPosition).sort(comparePositions) : ind.positions;
    return { dir: map.get(ind.dir)!, positions, presence: ind.presence };
  });
  return shape.edges.map((e) => moved.find((x) => x.dir === e.dir)!);
}

function mirrorPosition(p: PositionIndicator): PositionIndicator {
  if (p.kind === 'line') return { ...p, t: 1 - p.t };
  const inside = p.inside === 'after' ? 'before' : 'after';
  return { ...p, t: 1 - p.t, inside, key: positionKey('area', p.terrain, inside, p.height) };
}

/**
 * The orientations a library tile of this shape may take: the shape's symmetries, each a
 * rotation by the shape's step with or without a mirror, in the canonical "mirror x, then
 * rotate" form (mirror y is mirror x turned 180°). A globe polygon has only the identity.
 * Listed rotations first, then mirrored, each by growing angle: the store's bit masks and
 * names (`orientationName`) index this list.
 */
export function shapeOrientations(shape: TileShape): Orientation[] {
  if (shape.rotationStep === 0) return [IDENTITY_ORIENTATION];
  const steps: number[] = [];
  for (let r = 0; r < 360; r += shape.rotationStep) steps.push(r);
  return [...steps.map((rotation) => ({ rotation, mirror: 'none' as const })), ...steps.map((rotation) => ({ rotation, mirror: 'x' as const }))];
}

/** The same orientation as a canonical "mirror x, then rotate" one (mirror y = mirror x + 180°). */
export function canonicalOrientation(o: Orientation): Orientation {
  if (o.mirror === 'y') return { rotation: (((o.rotation + 180) % 360) + 360) % 360, mirror: 'x' };
  return { rotation: ((o.rotation % 360) + 360) % 360, mirror: o.mirror };
}

/** `r60` (turn 60° clockwise) or `m60` (mirror left–right, then turn 60°), as the raster store names them. */
export function orientationName(o: Orientation): string {
  const c = canonicalOrientation(o);
  return `${c.mirror === 'x' ? 'm' : 'r'}${c.rotation}`;
}

/**
 * Reads an orientation name for a shape: `r60`, `m60`, also written `m r60`, `mr60` or `m`
 * (= `m0`). Throws a RangeError naming the shape's orientations when the text is not one of
 * them (a 90° turn of a hexagon, a typo).
 */
export function parseOrientation(shape: TileShape, text: string): Orientation {
  const allowed = shapeOrientations(shape);
  const m = /^\s*(m)?\s*(?:r?\s*(\d{1,3}))?\s*$|^\s*r\s*(\d{1,3})\s*$/.exec(text);
  const list = allowed.map(orientationName).join(', ');
  if (!m || (m[1] === undefined && m[2] === undefined && m[3] === undefined) || text.trim() === '') {
    throw new RangeError(`expected an orientation such as r60 or m120 (mirror, then turn clockwise); the ${shape.name} tile takes ${list}; got ${JSON.stringify(text)}`);
  }
  const mirrored = m[1] !== undefined;
  const rotation = Number(m[2] ?? m[3] ?? 0);
  const found = allowed.find((o) => o.rotation === rotation && (o.mirror === 'x') === mirrored);
  if (!found) throw new RangeError(`${JSON.stringify(text.trim())} is not an orientation of the ${shape.name} tile; it takes ${list}`);
  return found;
}
