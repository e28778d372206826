/**
 * The small pictures a network drawing places (network-drawing.ts says where): a bridge — a
 * dark parapet slab across the river with splayed wings at its four corners and the paler
 * deck on it — a ford's band of stones, and a level crossing's boxed cross. Plain polygons
 * and segments in model space, so the app's mesh (network-mesh.ts) and the picture exports
 * (core/export network-paint.ts) draw the same shapes.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { NetworkBridge, NetworkMark } from './network-drawing.js';

export const PARAPET_COLOUR = '#3b3028';
export const DECK_COLOUR = '#b8a888';
export const CROSSING_INK = '#2a2a2a';
export const CROSSING_PAPER = '#f4f1e8';

export interface BridgeShapes {
  /** Convex polygons (x, y pairs), drawn in order: the parapet slab, then the deck. */
  readonly parapet: number[];
  readonly deck: number[];
  /** The wings: segments x0, y0, x1, y1, drawn `wingWidth` wide in the parapet colour. */
  readonly wings: number[][];
  readonly wingWidth: number;
}

export interface FordShapes {
  readonly band: number[];
  /** Stepping stones: centres x, y and a radius. */
  readonly stones: [number, number][];
  readonly stoneRadius: number;
}

/** The rectangle ±along the road and ±across it round a crossing's middle. */
function rect(b: NetworkBridge, along: number, across: number): number[] {
  const { x, y, dx, dy } = b;
  const [ax, ay, cx, cy] = [dx * along, dy * along, -dy * across, dx * across];
  return [x - ax + cx, y - ay + cy, x - ax - cx, y - ay - cy, x + ax - cx, y + ay - cy, x + ax + cx, y + ay + cy];
}

/** A bridge's shapes; `w` is the road's line width. */
export function bridgeShapes(b: NetworkBridge, w: number): BridgeShapes {
  const wings: number[][] = [];
  for (const s of [1, -1]) {
    for (const e of [1, -1]) {
      const px = b.x + b.dx * e * (b.length / 2) - b.dy * s * (b.width / 2);
      const py = b.y + b.dy * e * (b.length / 2) + b.dx * s * (b.width / 2);
      wings.push([px, py, px + (b.dx * e - b.dy * s) * w * 0.7, py + (b.dy * e + b.dx * s) * w * 0.7]);
    }
  }
  return { parapet: rect(b, b.length / 2, b.width / 2), deck: rect(b, b.length / 2 - w * 0.05, b.width / 2 - w * 0.25), wings, wingWidth: w * 0.32 };
}

/** A ford's band across the river and two rows of stepping stones. */
export function fordShapes(b: NetworkBridge): FordShapes {
  const stones: [number, number][] = [];
  const n = Math.max(2, Math.round(b.length / (b.width / 2)));
  for (let k = 0; k < n; k++) {
    const t = ((k + 0.5) / n - 0.5) * b.length;
    for (const s of [0.3, -0.3]) stones.push([b.x + b.dx * t - b.dy * s * b.width, b.y + b.dy * t + b.dx * s * b.width]);
  }
  return { band: rect(b, b.length / 2, b.width / 2), stones, stoneRadius: b.width * 0.12 };
}

/** A level crossing's box (ink, then paper) and its cross (segments, `crossWidth` wide). */
export function levelCrossingShapes(m: NetworkMark, w: number): { ink: number[]; paper: number[]; cross: number[][]; crossWidth: number } {
  const sq = (r: number) => [m.x - r, m.y - r, m.x + r, m.y - r, m.x + r, m.y + r, m.x - r, m.y + r];
  const c = w * 0.7;
  return {
    ink: sq(w),
    paper: sq(w * 0.8),
    cross: [
      [m.x - c, m.y - c, m.x + c, m.y + c],
      [m.x - c, m.y + c, m.x + c, m.y - c],
    ],
    crossWidth: w * 0.24,
  };
}

/** A regular polygon of `sides` round (x, y): dots at junctions, stepping stones. */
export function discPolygon(x: number, y: number, r: number, sides = 12): number[] {
  const xy: number[] = [];
  for (let k = 0; k < sides; k++) xy.push(x + r * Math.cos((2 * Math.PI * k) / sides), y + r * Math.sin((2 * Math.PI * k) / sides));
  return xy;
}

/** Walks a polyline, calling `at(x, y, dx, dy)` every `step` of its length from `offset`. */
export function every(xy: readonly number[], step: number, offset: number, at: (x: number, y: number, dx: number, dy: number) => void): void {
  let next = offset;
  let run = 0;
  for (let i = 0; i + 3 < xy.length; i += 2) {
    const [ax, ay, bx, by] = [xy[i]!, xy[i + 1]!, xy[i + 2]!, xy[i + 3]!];
    const l = Math.hypot(bx - ax, by - ay);
    while (l > 0 && next <= run + l) {
      const t = (next - run) / l;
      at(ax + t * (bx - ax), ay + t * (by - ay), (bx - ax) / l, (by - ay) / l);
      next += step;
    }
    run += l;
  }
}

/** Ties' width as a fraction of the rail's line width. */
export const TIE_WIDTH = 0.45;

/** A railroad's ties: segments across the line every 1.6 line widths, 2 widths long. */
export function railTies(xy: readonly number[], w: number): number[][] {
  const out: number[][] = [];
  every(xy, w * 1.6, w * 0.8, (x, y, dx, dy) => out.push([x - dy * w, y + dx * w, x + dy * w, y - dx * w]));
  return out;
}

/** The parts of a polyline in dashes `on` long, `off` apart. */
export function dashes(xy: readonly number[], on: number, off: number): number[][] {
  const out: number[][] = [];
  let cur: number[] | null = null;
  let phase = 0;
  for (let i = 0; i + 3 < xy.length; i += 2) {
    const [ax, ay, bx, by] = [xy[i]!, xy[i + 1]!, xy[i + 2]!, xy[i + 3]!];
    const l = Math.hypot(bx - ax, by - ay);
    let s = 0;
    while (s < l) {
      const inOn = phase < on;
      const left = inOn ? on - phase : on + off - phase;
      const e = Math.min(l, s + left);
      if (inOn) {
        if (!cur) cur = [ax + ((bx - ax) * s) / l, ay + ((by - ay) * s) / l];
        cur.push(ax + ((bx - ax) * e) / l, ay + ((by - ay) * e) / l);
      } else if (cur) {
        out.push(cur);
        cur = null;
      }
      phase = (phase + (e - s)) % (on + off);
      s = e;
    }
  }
  if (cur) out.push(cur);
  return out;
}
