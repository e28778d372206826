/**
 * The geometry of 18xx track on a tile, as the printed games draw it: track between two sides
 * runs straight across (opposite sides), in a gentle arc (one side between them, radius 3R/2
 * round the point 2r out beyond the middle side) or in a sharp arc (adjacent sides, radius R/2
 * round their shared corner); r is half the flat-to-flat width and R the corner radius. Every
 * arc meets its sides at right angles, so track runs on into the next tile without a kink.
 * Track to a junction leaves its side square too and bends toward the junction.
 *
 * Coordinates are y down around the tile's centre; side k faces the angle 90° + 60°·k (+30°
 * on pointy-topped boards), the numbering core/track/types.ts describes.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */

export type Point = readonly [number, number];

/** How track between two sides bends: across, one side between, or adjacent sides. */
export type CurveKind = 'straight' | 'gentle' | 'sharp';

/** Points on arcs: enough that a 40 px tile shows no facets. */
const ARC_STEPS = 24;

/** The frame of one tile: its size and whether side 0 is at the bottom (flat) or lower left (pointy). */
export interface TileFrame {
  /** Flat-to-flat width. */
  readonly size: number;
  readonly pointy: boolean;
}

export const halfWidth = (f: TileFrame) => f.size / 2;
export const cornerRadius = (f: TileFrame) => f.size / Math.sqrt(3);

/** Angle (radians, y down) toward side k; a fractional k (k + 0.5) points at a corner. */
export function sideAngle(f: TileFrame, k: number): number {
  return ((90 + 60 * k + (f.pointy ? 30 : 0)) * Math.PI) / 180;
}

/** The middle of side k. */
export function sidePoint(f: TileFrame, k: number): Point {
  const a = sideAngle(f, k);
  return [halfWidth(f) * Math.cos(a), halfWidth(f) * Math.sin(a)];
}

/** The hexagon's corners, clockwise on a y-down page (corner k lies between sides k and k+1). */
export function hexRing(f: TileFrame, grow = 0): number[] {
  const R = cornerRadius(f) + (grow * 2) / Math.sqrt(3);
  const out: number[] = [];
  for (let k = 0; k < 6; k++) {
    const a = sideAngle(f, k + 0.5);
    out.push(R * Math.cos(a), R * Math.sin(a));
  }
  return out;
}

/** Sides a and b apart (0…3). */
export function sideDistance(a: number, b: number): number {
  const d = Math.abs(a - b) % 6;
  return Math.min(d, 6 - d);
}

export function curveKind(a: number, b: number): CurveKind {
  const d = sideDistance(a, b);
  return d === 3 ? 'straight' : d === 2 ? 'gentle' : 'sharp';
}

/** The arc's centre and radius for track from side a to side b (null: straight across). */
export function sideArc(f: TileFrame, a: number, b: number): { centre: Point; radius: number } | null {
  const d = sideDistance(a, b);
  if (d === 3 || d === 0) return null;
  // The side (or corner) half way round from a to b, the short way.
  const forward = (((b - a) % 6) + 6) % 6 <= 3;
  const mid = a + (forward ? d / 2 : -d / 2);
  const R = cornerRadius(f);
  const away = d === 1 ? R : 2 * halfWidth(f);
  const ang = sideAngle(f, mid);
  return { centre: [away * Math.cos(ang), away * Math.sin(ang)], radius: d === 1 ? R / 2 : (3 * R) / 2 };
}

/** Track from side a to side b as a polyline from a's middle to b's. */
export function sideToSide(f: TileFrame, a: number, b: number): number[] {
  const [ax, ay] = sidePoint(f, a);
  const [bx, by] = sidePoint(f, b);
  const arc = sideArc(f, a, b);
  if (!arc) return [ax, ay, bx, by];
  const [cx, cy] = arc.centre;
  const t0 = Math.atan2(ay - cy, ax - cx);
  let t1 = Math.atan2(by - cy, bx - cx);
  // The short way round (the arc inside the tile spans 60° or 120°).
  while (t1 - t0 > Math.PI) t1 -= 2 * Math.PI;
  while (t0 - t1 > Math.PI) t1 += 2 * Math.PI;
  const out: number[] = [];
  for (let i = 0; i <= ARC_STEPS; i++) {
    const t = t0 + ((t1 - t0) * i) / ARC_STEPS;
    out.push(i === 0 ? ax : i === ARC_STEPS ? bx : cx + arc.radius * Math.cos(t), i === 0 ? ay : i === ARC_STEPS ? by : cy + arc.radius * Math.sin(t));
  }
  return out;
}

/**
 * Track from side k to a junction at p: straight when p lies on the line in from the side
 * (the centre, or a city toward that side); otherwise a quadratic curve whose handle lies on
 * that line, so the track still leaves the side square.
 */
export function sideToPoint(f: TileFrame, k: number, p: Point): number[] {
  const [sx, sy] = sidePoint(f, k);
  const a = sideAngle(f, k);
  const [nx, ny] = [-Math.cos(a), -Math.sin(a)];
  const along = (p[0] - sx) * nx + (p[1] - sy) * ny;
  const off = Math.abs((p[0] - sx) * ny - (p[1] - sy) * nx);
  if (off < 1e-9 * f.size || along <= 0) return [sx, sy, p[0], p[1]];
  const [hx, hy] = [sx + nx * along * 0.6, sy + ny * along * 0.6];
  const out: number[] = [];
  for (let i = 0; i <= ARC_STEPS; i++) {
    const t = i / ARC_STEPS;
    const u = 1 - t;
    out.push(u * u * sx + 2 * u * t * hx + t * t * p[0], u * u * sy + 2 * u * t * hy + t * t * p[1]);
  }
  return out;
}

/** The point half way along a polyline (by length) and the unit direction of travel there. */
export function midwayAlong(line: readonly number[]): { at: Point; dir: Point } {
  const n = line.length / 2;
  let total = 0;
  for (let i = 1; i < n; i++) total += Math.hypot(line[2 * i]! - line[2 * i - 2]!, line[2 * i + 1]! - line[2 * i - 1]!);
  let left = total / 2;
  for (let i = 1; i < n; i++) {
    const dx = line[2 * i]! - line[2 * i - 2]!;
    const dy = line[2 * i + 1]! - line[2 * i - 1]!;
    const len = Math.hypot(dx, dy);
    if (len >= left && len > 0) {
      const t = left / len;
      return { at: [line[2 * i - 2]! + dx * t, line[2 * i - 1]! + dy * t], dir: [dx / len, dy / len] };
    }
    left -= len;
  }
  return { at: [line[0] ?? 0, line[1] ?? 0], dir: [1, 0] };
}
