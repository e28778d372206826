/**
 * The app's drawing of through-tile networks (network-drawing.ts's shapes) as ONE coloured
 * triangle buffer, drawn after (B) in buffer order (no depth test), so what comes later lies
 * on top: every line's casing, then bridges and fords over the rivers, then the lines
 * (railroads: ties, then the rail; trails: dashes), then junction dots and level crossings.
 * Each segment is a quad with a round joint (a small polygon) at each inner point, so arcs
 * sampled every ~10° draw without notches.
 *
 * Styles by the terrain's `pattern` (symbols.ts `lineLook`): `rail-ties` ties across the
 * line, `dashes` dashes; every network is cased in a darker shade of its colour.
 *
 * Globes: cased ribbons on the sphere, in the same order with the bridges after the casing and
 * the marks last; bridges and marks are the flat shapes, lifted from their tile's tangent plane.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { NetworkBridge, NetworkDrawing, NetworkMark } from './network-drawing.js';
import { lineLook, rgbaOf, shade } from './symbols.js';
import { ribbon, type TriangleBuffers } from './overlay-geometry.js';
import type { ModelPoint } from '../grid/types.js';
import { liftToSphere } from './network-globe.js';
import { dashes, railTies, TIE_WIDTH, bridgeShapes, CROSSING_INK, CROSSING_PAPER, DECK_COLOUR, discPolygon, fordShapes, levelCrossingShapes, PARAPET_COLOUR } from './network-symbols.js';

export interface NetworkMesh {
  /** xyz per vertex (z = 0). */
  readonly positions: Float32Array;
  /** rgba per vertex. */
  readonly colors: Uint8Array;
  readonly indices: Uint32Array;
  readonly triangleCount: number;
}

type Rgba = readonly [number, number, number, number];
const JOINT_SIDES = 8;
/** Turns (radians) above which the mitre is capped and a round joint drawn. */
const JOINT_TURN = 1.0;

/** The unit left normal of segment k (points k and k + 1) of a polyline; zero for a point repeated. */
function unitNormal(xy: readonly number[], k: number): [number, number] {
  const dx = xy[2 * k + 2]! - xy[2 * k]!;
  const dy = xy[2 * k + 3]! - xy[2 * k + 1]!;
  const l = Math.hypot(dx, dy);
  return l > 0 ? [-dy / l, dx / l] : [0, 0];
}

class TriangleSink {
  readonly pos: number[] = [];
  readonly col: number[] = [];
  readonly idx: number[] = [];
  /** Globes: where a plane point of the bridge or mark being drawn lies on the sphere (null: the flat map's plane, z = 0). */
  lift: ((x: number, y: number) => readonly number[]) | null = null;

  vertex(x: number, y: number, c: Rgba): number {
    if (this.lift) {
      const [px, py, pz] = this.lift(x, y);
      this.pos.push(px!, py!, pz!);
    } else this.pos.push(x, y, 0);
    this.col.push(c[0], c[1], c[2], c[3]);
    return this.pos.length / 3 - 1;
  }

  /** A convex polygon (x, y pairs) as a fan. */
  polygon(xy: readonly number[], c: Rgba): void {
    const first = this.vertex(xy[0]!, xy[1]!, c);
    for (let i = 2; i < xy.length; i += 2) this.vertex(xy[i]!, xy[i + 1]!, c);
    const n = xy.length / 2;
    for (let k = 1; k + 1 < n; k++) this.idx.push(first, first + k, first + k + 1);
  }

  /** The segment a–b as a quad `2 × half` wide. */
  segment(ax: number, ay: number, bx: number, by: number, half: number, c: Rgba): void {
    const l = Math.hypot(bx - ax, by - ay);
    if (l === 0) return;
    const nx = (-(by - ay) / l) * half;
    const ny = ((bx - ax) / l) * half;
    this.polygon([ax + nx, ay + ny, ax - nx, ay - ny, bx - nx, by - ny, bx + nx, by + ny], c);
  }

  disc(x: number, y: number, r: number, c: Rgba): void {
    this.polygon(discPolygon(x, y, r, JOINT_SIDES), c);
  }

  /**
   * A polyline `2 × half` wide as one strip, mitred at each inner point (no notch along an
   * arc's ~10° steps); where it turns sharper than JOINT_TURN the mitre is capped and a round
   * joint fills the outside. Round ends when `caps`.
   */
  line(xy: readonly number[], half: number, c: Rgba, caps: boolean): void {
    const n = xy.length / 2;
    if (n < 2) return;
    const first = this.pos.length / 3;
    for (let k = 0; k < n; k++) {
      const x = xy[2 * k]!;
      const y = xy[2 * k + 1]!;
      // Unit normals of the segments before and after the point (the one there is at the ends).
      let [ax, ay] = unitNormal(xy, Math.max(0, k - 1));
      let [bx, by] = unitNormal(xy, Math.min(n - 2, k));
      // A repeated point has no direction of its own: take its neighbour's.
      if (ax === 0 && ay === 0) [ax, ay] = [bx, by];
      if (bx === 0 && by === 0) [bx, by] = [ax, ay];
      let mx = ax + bx;
      let my = ay + by;
      const ml = Math.hypot(mx, my);
      const cos = ml / 2;
      if (ml < 1e-9) [mx, my] = [ax, ay];
      else [mx, my] = [mx / ml, my / ml];
      const sharp = k > 0 && k < n - 1 && cos < Math.cos(JOINT_TURN / 2);
      const m = half / Math.max(cos, 0.5);
      this.vertex(x + mx * m, y + my * m, c);
      this.vertex(x - mx * m, y - my * m, c);
      if (sharp) this.disc(x, y, half, c);
    }
    // The strip's vertices are the pairs laid down above, discs between them: index by pair.
    const pairs: number[] = [];
    for (let v = first, k = 0; k < n; k++) {
      pairs.push(v);
      v += 2;
      if (k > 0 && k < n - 1 && this.sharpAt(xy, k)) v += JOINT_SIDES;
    }
    for (let k = 0; k + 1 < n; k++) {
      const a = pairs[k]!;
      const b = pairs[k + 1]!;
      this.idx.push(a, a + 1, b, a + 1, b + 1, b);
    }
    if (caps) {
      this.disc(xy[0]!, xy[1]!, half, c);
      this.disc(xy[2 * n - 2]!, xy[2 * n - 1]!, half, c);
    }
  }

  private sharpAt(xy: readonly number[], k: number): boolean {
    let [ax, ay] = unitNormal(xy, k - 1);
    let [bx, by] = unitNormal(xy, k);
    if (ax === 0 && ay === 0) [ax, ay] = [bx, by];
    if (bx === 0 && by === 0) [bx, by] = [ax, ay];
    return Math.hypot(ax + bx, ay + by) / 2 < Math.cos(JOINT_TURN / 2);
  }

  /** Triangles already laid out (xyz positions, indices into them), in one colour. */
  triangles(t: TriangleBuffers, c: Rgba): void {
    const first = this.pos.length / 3;
    for (let i = 0; i < t.positions.length; i += 3) {
      this.pos.push(t.positions[i]!, t.positions[i + 1]!, t.positions[i + 2]!);
      this.col.push(c[0], c[1], c[2], c[3]);
    }
    for (const i of t.indices) this.idx.push(first + i);
  }

  finish(): NetworkMesh {
    return { positions: Float32Array.from(this.pos), colors: Uint8Array.from(this.col), indices: Uint32Array.from(this.idx), triangleCount: this.idx.length / 3 };
  }
}

/**
 * The triangles of a network drawing, in draw order (see the header). Globes (`dims` 3): each
 * line a cased ribbon on the sphere of radius `globeRadius` (just above the linear layer).
 */
export function buildNetworkMesh(drawing: NetworkDrawing, globeRadius = 1): NetworkMesh {
  const sink = new TriangleSink();
  const { terrains, width } = drawing;
  if (drawing.dims === 3) {
    const surface = { globe: true, level: globeRadius };
    for (const pass of ['casing', 'line'] as const) {
      for (const l of drawing.lines) {
        const t = terrains[l.kind];
        if (!t) continue;
        const points: ModelPoint[] = [];
        for (let i = 0; i + 2 < l.xy.length; i += 3) points.push([l.xy[i]!, l.xy[i + 1]!, l.xy[i + 2]!] as ModelPoint);
        const w = width[l.kind]!;
        sink.triangles(ribbon(surface, points, pass === 'casing' ? w * 0.8 : w * 0.5, 0), rgbaOf(pass === 'casing' ? shade(t.colour, 0.55) : t.colour));
      }
      // Bridges lie on the rivers under the roads; junction dots and crossings on top (each in its tile's tangent plane, lifted).
      const symbols = pass === 'casing' ? drawing.bridges : drawing.marks;
      for (const item of symbols) {
        const frame = item.frame;
        if (!frame) continue;
        sink.lift = (x, y) => liftToSphere(frame, x, y, globeRadius);
        if ('style' in item) bridge(sink, item, drawing);
        else mark(sink, item, drawing);
        sink.lift = null;
      }
    }
    return sink.finish();
  }
  for (const l of drawing.lines) {
    const t = terrains[l.kind];
    if (t) sink.line(l.xy, width[l.kind]! * 0.8, rgbaOf(shade(t.colour, 0.55)), true);
  }
  for (const b of drawing.bridges) bridge(sink, b, drawing);
  for (const l of drawing.lines) {
    const t = terrains[l.kind];
    if (!t) continue;
    const w = width[l.kind]!;
    const c = rgbaOf(t.colour);
    const look = lineLook(t);
    if (look.ties) {
      for (const [x0, y0, x1, y1] of railTies(l.xy, w)) sink.segment(x0!, y0!, x1!, y1!, w * TIE_WIDTH / 2, c);
      sink.line(l.xy, w * 0.28, c, false);
    } else if (look.dash) {
      sink.line(l.xy, w * 0.5, rgbaOf(shade(t.colour, 1.5)), true);
      for (const d of dashes(l.xy, w * 2.5, w * 1.5)) sink.line(d, w * 0.5, c, false);
    } else sink.line(l.xy, w * 0.5, c, true);
  }
  for (const m of drawing.marks) mark(sink, m, drawing);
  return sink.finish();
}

function bridge(sink: TriangleSink, b: NetworkBridge, drawing: NetworkDrawing): void {
  if (b.style === 'ford') {
    const stones = b.stones;
    const f = fordShapes(b);
    sink.polygon(f.band, rgbaOf(stones, 220));
    for (const [x, y] of f.stones) sink.polygon(discPolygon(x, y, f.stoneRadius, 6), rgbaOf(shade(stones, 0.7)));
    return;
  }
  const s = bridgeShapes(b, drawing.width[b.kind]!);
  const parapet = rgbaOf(PARAPET_COLOUR);
  sink.polygon(s.parapet, parapet);
  for (const [x0, y0, x1, y1] of s.wings) sink.segment(x0!, y0!, x1!, y1!, s.wingWidth / 2, parapet);
  sink.polygon(s.deck, rgbaOf(DECK_COLOUR));
}

function mark(sink: TriangleSink, m: NetworkMark, drawing: NetworkDrawing): void {
  const w = Math.max(...m.kinds.map((k) => drawing.width[k]!));
  if (m.type === 'level-crossing') {
    const l = levelCrossingShapes(m, w);
    sink.polygon(l.ink, rgbaOf(CROSSING_INK));
    sink.polygon(l.paper, rgbaOf(CROSSING_PAPER));
    for (const [x0, y0, x1, y1] of l.cross) sink.segment(x0!, y0!, x1!, y1!, l.crossWidth / 2, rgbaOf(CROSSING_INK));
    return;
  }
  const t = drawing.terrains[m.kinds[0]!];
  if (t) sink.polygon(discPolygon(m.x, m.y, w * 0.75), rgbaOf(t.colour));
}
