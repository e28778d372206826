/**
 * Where a label sits on a globe (icosahedron maps; issue 30 item 1): the unit-sphere point
 * of its anchor — a tile's centre, a point [x, y, z], the middle of a chain of tiles — and,
 * for a chain, the direction the chain runs there, so the app (text facing the camera,
 * turned along the chain as it is seen) and the lon/lat exports (core/export/map-labels.ts)
 * set a river's name along it. The flat placement is labels.ts `placeLabel`.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { LabelledMap, MapLabel } from './labels.js';
import { areaAcross } from './labels.js';

export type Vec3 = readonly [number, number, number];

export interface SpherePlacement {
  /** The label's centre on the unit sphere. */
  readonly at: Vec3;
  /**
   * Along-anchors: the unit tangent at `at` pointing the way the chain runs, first tile to
   * last (null for a tile or a point: those stand upright, turned by `turn` only).
   */
  readonly along: Vec3 | null;
  /** The designer's turn, radians counter-clockwise. */
  readonly turn: number;
  /** Text height in unit-sphere units (an area tile across, times the label's size). */
  readonly height: number;
}

/**
 * The label's place on the globe, or null where it has none: a two-number point (written
 * before globe labels existed) names no place on the sphere.
 */
export function placeOnSphere(map: LabelledMap, label: MapLabel): SpherePlacement | null {
  const { grid } = map;
  const height = label.size * areaAcross(map);
  const turn = (label.rotation * Math.PI) / 180;
  const a = label.anchor;
  if ('point' in a) return a.point.length === 3 ? { at: unit(a.point), along: null, turn, height } : null;
  if ('tile' in a) return { at: unit(grid.center(a.tile)), along: null, turn, height };
  const pts = a.along.map((t) => unit(grid.center(t)));
  const at = unit(midpointOfChain(pts));
  const first = pts[0]!;
  const last = pts[pts.length - 1]!;
  // The chain's overall direction (first to last), laid on the sphere's tangent plane at `at`.
  const d = [last[0] - first[0], last[1] - first[1], last[2] - first[2]] as const;
  const k = d[0] * at[0] + d[1] * at[1] + d[2] * at[2];
  const t: Vec3 = [d[0] - k * at[0], d[1] - k * at[1], d[2] - k * at[2]];
  return { at, along: Math.hypot(...t) > 1e-12 ? unit(t) : null, turn, height };
}

/** The point halfway along a 3-D polyline (by chord length; the caller puts it back on the sphere). */
function midpointOfChain(pts: readonly Vec3[]): Vec3 {
  const lengths = pts.slice(1).map((p, k) => Math.hypot(p[0] - pts[k]![0], p[1] - pts[k]![1], p[2] - pts[k]![2]));
  let rest = lengths.reduce((s, l) => s + l, 0) / 2;
  for (let k = 0; k < lengths.length; k++) {
    if (rest <= lengths[k]! || k === lengths.length - 1) {
      const f = lengths[k]! > 0 ? Math.min(1, rest / lengths[k]!) : 0;
      const [a, b] = [pts[k]!, pts[k + 1]!];
      return [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f];
    }
    rest -= lengths[k]!;
  }
  return pts[0]!;
}

function unit(p: readonly number[]): Vec3 {
  const l = Math.hypot(p[0]!, p[1]!, p[2]!) || 1;
  return [p[0]! / l, p[1]! / l, p[2]! / l];
}
