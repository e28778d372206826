/**
 * The shared parameter of a globe cell's edge for snapping (core/vector snap.ts
 * `EdgeParameter`): each cell draws its tile in its own gnomonic tangent plane
 * (core/vector globe-shape.ts), where the straight edge is one great-circle arc of the sphere
 * but a given t along it lands on a slightly different point of the arc in each of the two
 * planes. The fraction of the arc's angle from the edge's anchor is the same on both sides, so
 * two ends meeting at one fraction meet at one point of the sphere.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { IcosahedronGrid } from '../grid/icosahedron/icosahedron-grid.js';
import type { V3 } from '../vector/globe-shape.js';
import { globeTileFrame } from '../vector/globe-shape.js';
import type { TileShape } from '../vector/shape.js';
import { edgeOf } from '../vector/shape.js';
import type { EdgeParameter } from '../vector/snap.js';
import type { Vec2 } from '../vector/vec2.js';

const dot = (a: V3, b: V3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const unit = (a: V3): V3 => {
  const l = Math.hypot(a[0], a[1], a[2]);
  return [a[0] / l, a[1] / l, a[2] / l];
};
const angle = (a: V3, b: V3): number => {
  const c: V3 = [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
  return Math.atan2(Math.hypot(c[0], c[1], c[2]), dot(a, b));
};

/** Cell `cell`'s edge `dir` (of `shape`, the shape its tile is drawn in) as an arc of the sphere. */
export function globeEdgeParameter(globe: IcosahedronGrid, cell: number, shape: TileShape, dir: number): EdgeParameter {
  const { centre: c, xAxis: X, yAxis: Y, scale } = globeTileFrame(globe, cell);
  // A shape point in the tangent plane (not yet on the sphere).
  const plane = (p: Vec2): V3 => [c[0] + (p[0] * X[0] + p[1] * Y[0]) / scale, c[1] + (p[0] * X[1] + p[1] * Y[1]) / scale, c[2] + (p[0] * X[2] + p[1] * Y[2]) / scale];
  const e = edgeOf(shape, dir);
  const u = plane(e.from), v = plane(e.to);
  const uv: V3 = [v[0] - u[0], v[1] - u[1], v[2] - u[2]];
  const uvLen2 = dot(uv, uv);
  const U = unit(u), V = unit(v);
  const whole = angle(U, V);
  return {
    toShared: (t) => angle(U, unit([u[0] + t * uv[0], u[1] + t * uv[1], u[2] + t * uv[2]])) / whole,
    fromShared: (f) => {
      // Slerp along the arc, then back onto the tangent plane and along the edge.
      const s = Math.sin(whole);
      const k0 = Math.sin((1 - f) * whole) / s, k1 = Math.sin(f * whole) / s;
      const P: V3 = [k0 * U[0] + k1 * V[0], k0 * U[1] + k1 * V[1], k0 * U[2] + k1 * V[2]];
      const g = 1 / dot(P, c);
      return dot([P[0] * g - u[0], P[1] * g - u[1], P[2] * g - u[2]], uv) / uvLen2;
    },
  };
}
