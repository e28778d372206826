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
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { NetworkBridge, NetworkDrawing, NetworkMark } from './network-drawing.js';
import { lineLook, rgbaOf, shade } from './symbols.js';
import type { TerrainCatalogue } from '../terrain/types.js';
import { findTerrain } from '../terrain/lookup.js';

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
const PARAPET = '#3b3028';
const DECK = '#b8a888';

class TriangleSink {
  readonly pos: number[] = [];
  readonly col: number[] = [];
  readonly idx: number[] = [];

  private vertex(x: number, y: number, c: Rgba): number {
    this.pos.push(x, y, 0);
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

  disc(x: number, y: number, r: number, c: Rgba, sides = JOINT_SIDES): void {
    const xy: number[] = [];
    for (let k = 0; k < sides; k++) xy.push(x + r * Math.cos((2 * Math.PI * k) / sides), y + r * Math.sin((2 * Math.PI * k) / sides));
    this.polygon(xy, c);
  }

  /** A polyline `2 × half` wide with round joints (and round ends when `caps`). */
  line(xy: readonly number[], half: number, c: Rgba, caps: boolean): void {
    for (let i = 0; i + 3 < xy.length; i += 2) this.segment(xy[i]!, xy[i + 1]!, xy[i + 2]!, xy[i + 3]!, half, c);
    for (let i = caps ? 0 : 2; i < xy.length - (caps ? 0 : 2); i += 2) this.disc(xy[i]!, xy[i + 1]!, half, c);
  }

  finish(): NetworkMesh {
    return { positions: Float32Array.from(this.pos), colors: Uint8Array.from(this.col), indices: Uint32Array.from(this.idx), triangleCount: this.idx.length / 3 };
  }
}

/** Walks a polyline, calling `at(x, y, dx, dy)` every `step` of its length from `offset`. */
function every(xy: readonly number[], step: number, offset: number, at: (x: number, y: number, dx: number, dy: number) => void): void {
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

/** The parts of a polyline in dashes `on` long, `off` apart. */
function dashes(xy: readonly number[], on: number, off: number): number[][] {
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

/** The triangles of a network drawing, in draw order (see the header). */
export function buildNetworkMesh(drawing: NetworkDrawing, catalogue: TerrainCatalogue): NetworkMesh {
  const sink = new TriangleSink();
  const { terrains, width } = drawing;
  for (const l of drawing.lines) {
    const t = terrains[l.kind];
    if (t) sink.line(l.xy, width[l.kind]! * 0.8, rgbaOf(shade(t.colour, 0.55)), true);
  }
  for (const b of drawing.bridges) bridge(sink, b, catalogue, drawing);
  for (const l of drawing.lines) {
    const t = terrains[l.kind];
    if (!t) continue;
    const w = width[l.kind]!;
    const c = rgbaOf(t.colour);
    const look = lineLook(t);
    if (look.ties) {
      every(l.xy, w * 1.6, w * 0.8, (x, y, dx, dy) => sink.segment(x - dy * w, y + dx * w, x + dy * w, y - dx * w, w * 0.22, c));
      sink.line(l.xy, w * 0.28, c, false);
    } else if (look.dash) {
      sink.line(l.xy, w * 0.5, rgbaOf(shade(t.colour, 1.5)), true);
      for (const d of dashes(l.xy, w * 2.5, w * 1.5)) sink.line(d, w * 0.5, c, false);
    } else sink.line(l.xy, w * 0.5, c, true);
  }
  for (const m of drawing.marks) mark(sink, m, drawing);
  return sink.finish();
}

function bridge(sink: TriangleSink, b: NetworkBridge, catalogue: TerrainCatalogue, drawing: NetworkDrawing): void {
  const { x, y, dx, dy, length, width } = b;
  /** The rectangle ±along the road and ±across it round the crossing's middle. */
  const rect = (along: number, across: number): number[] => {
    const [ax, ay, cx, cy] = [dx * along, dy * along, -dy * across, dx * across];
    return [x - ax + cx, y - ay + cy, x - ax - cx, y - ay - cy, x + ax - cx, y + ay - cy, x + ax + cx, y + ay + cy];
  };
  if (b.style === 'ford') {
    const stones = findTerrain(catalogue, b.composite)?.secondaryColour ?? '#c9b98a';
    sink.polygon(rect(length / 2, width / 2), rgbaOf(stones, 220));
    every([x - (dx * length) / 2, y - (dy * length) / 2, x + (dx * length) / 2, y + (dy * length) / 2], width / 2, width / 4, (px, py) => {
      sink.disc(px - dy * width * 0.3, py + dx * width * 0.3, width * 0.12, rgbaOf(shade(stones, 0.7)), 6);
      sink.disc(px + dy * width * 0.3, py - dx * width * 0.3, width * 0.12, rgbaOf(shade(stones, 0.7)), 6);
    });
    return;
  }
  // Parapets: the wider dark slab with splayed wings at the four corners; the deck over it.
  const parapet = rgbaOf(PARAPET);
  sink.polygon(rect(length / 2, width / 2), parapet);
  const w = drawing.width[b.kind]!;
  for (const s of [1, -1]) {
    for (const e of [1, -1]) {
      const px = x + dx * e * (length / 2) - dy * s * (width / 2);
      const py = y + dy * e * (length / 2) + dx * s * (width / 2);
      const qx = px + (dx * e - dy * s) * w * 0.7;
      const qy = py + (dy * e + dx * s) * w * 0.7;
      sink.segment(px, py, qx, qy, w * 0.16, parapet);
    }
  }
  sink.polygon(rect(length / 2 - w * 0.05, width / 2 - w * 0.25), rgbaOf(DECK));
}

function mark(sink: TriangleSink, m: NetworkMark, drawing: NetworkDrawing): void {
  const w = Math.max(...m.kinds.map((k) => drawing.width[k]!));
  if (m.type === 'level-crossing') {
    // A white square with a dark cross: the road/rail crossing warning of topographic maps.
    sink.polygon([m.x - w, m.y - w, m.x + w, m.y - w, m.x + w, m.y + w, m.x - w, m.y + w], rgbaOf('#2a2a2a'));
    sink.polygon([m.x - w * 0.8, m.y - w * 0.8, m.x + w * 0.8, m.y - w * 0.8, m.x + w * 0.8, m.y + w * 0.8, m.x - w * 0.8, m.y + w * 0.8], rgbaOf('#f4f1e8'));
    sink.segment(m.x - w * 0.7, m.y - w * 0.7, m.x + w * 0.7, m.y + w * 0.7, w * 0.12, rgbaOf('#2a2a2a'));
    sink.segment(m.x - w * 0.7, m.y + w * 0.7, m.x + w * 0.7, m.y - w * 0.7, w * 0.12, rgbaOf('#2a2a2a'));
    return;
  }
  const t = drawing.terrains[m.kinds[0]!];
  if (t) sink.disc(m.x, m.y, w * 0.75, rgbaOf(t.colour), 12);
}
