/**
 * A software rasterizer for the picture exports: no GPU, no canvas, no DOM, so the CLI
 * renders exactly what the app does. RGBA8, straight alpha, source-over blending.
 *
 * - `fillPolygon(…, 'tile')`: pixel-centre sampling, half-open on the right and bottom, so
 *   polygons that share an edge cover every pixel exactly once — no seams, no double
 *   blending. Used for the map's tiles (a partition of the plane).
 * - `fillPolygon(…, 'smooth')`: anti-aliased by four sub-scanlines per pixel row with exact
 *   horizontal coverage of each span. Used for strokes, symbols and text, drawn over tiles.
 * Polygons may be concave or self-intersecting (non-zero winding).
 * `stroke` builds a round-joined, round-capped thick polyline out of quads and discs and fills
 * it as one polygon set, so overlapping parts of one stroke do not blend twice.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { sortPairs } from '../util/sort-pairs.js';

export type Rgba = readonly [number, number, number, number];

const SUB = 4;
const STROKE_RUN = 12;
/** Strokes up to this wide (pixels) are drawn as thin lines (thinLine). */
const THIN = 2.5;

export class Raster {
  readonly rgba: Uint8Array;
  /** Coverage of the row being filled (smooth mode). */
  private readonly cover: Float32Array;
  private readonly px32: Uint32Array;
  /** Work counters (tests assert work, not time). */
  polygons = 0;
  spans = 0;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgba = [255, 255, 255, 255],
  ) {
    this.rgba = new Uint8Array(width * height * 4);
    const px = new Uint8Array(background);
    new Uint32Array(this.rgba.buffer).fill(new Uint32Array(px.buffer)[0]!);
    this.cover = new Float32Array(width + 2);
    this.px32 = new Uint32Array(this.rgba.buffer);
  }

  /**
   * Fills the rings (x, y pairs in pixels, y down) as one shape with non-zero winding.
   */
  fillPolygon(rings: readonly ArrayLike<number>[], colour: Rgba, mode: 'tile' | 'smooth' = 'smooth'): void {
    let y0 = Infinity;
    let y1 = -Infinity;
    let x0 = Infinity;
    let x1 = -Infinity;
    for (const r of rings) {
      for (let i = 1; i < r.length; i += 2) {
        const y = r[i]!;
        const x = r[i - 1]!;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
      }
    }
    if (!(y1 > 0 && y0 < this.height && x1 > 0 && x0 < this.width)) return;
    this.polygons++;
    const rowFrom = Math.max(0, Math.floor(y0));
    const rowTo = Math.min(this.height - 1, Math.ceil(y1));
    const xs: number[] = [];
    const ws: number[] = [];
    if (mode === 'tile') {
      // Opaque fills write whole pixels at once; others blend.
      const opaque = colour[3] === 255;
      const word = opaque ? packRgba(colour) : 0;
      const px32 = this.px32;
      for (let py = rowFrom; py <= rowTo; py++) {
        if (!crossings(rings, py + 0.5, xs, ws)) continue;
        sortPairs(xs, ws); // the crossings by x, carrying their winding
        let wind = 0;
        let start = 0;
        for (let i = 0; i < xs.length; i++) {
          const before = wind;
          wind += ws[i]!;
          if (before === 0 && wind !== 0) start = xs[i]!;
          else if (before !== 0 && wind === 0) {
            const from = Math.max(0, Math.ceil(start - 0.5));
            const to = Math.min(this.width, Math.ceil(xs[i]! - 0.5));
            if (to <= from) continue;
            this.spans++;
            const row = py * this.width;
            if (opaque) px32.fill(word, row + from, row + to);
            else for (let px = from; px < to; px++) this.blend(row + px, colour, 1);
          }
        }
      }
      return;
    }
    const cover = this.cover;
    const cx0 = Math.max(0, Math.floor(x0));
    const cx1 = Math.min(this.width, Math.ceil(x1) + 1);
    for (let py = rowFrom; py <= rowTo; py++) {
      cover.fill(0, cx0, cx1 + 1);
      let any = false;
      for (let s = 0; s < SUB; s++) {
        if (!crossings(rings, py + (s + 0.5) / SUB, xs, ws)) continue;
        any = true;
        this.spanWalk(xs, ws, this.addSub);
      }
      if (!any) continue;
      const row = py * this.width;
      for (let px = cx0; px < cx1 && px < this.width; px++) {
        const c = cover[px]!;
        if (c > 0.002) this.blend(row + px, colour, c > 1 ? 1 : c);
      }
    }
  }

  /** Strokes a polyline (pixels) `width` wide with round joins and caps. */
  stroke(xy: ArrayLike<number>, width: number, colour: Rgba, closed = false): void {
    if (width <= THIN) {
      const n = xy.length >> 1;
      for (let i = 0; i + 1 < n; i++) this.thinLine(xy[2 * i]!, xy[2 * i + 1]!, xy[2 * i + 2]!, xy[2 * i + 3]!, width, colour);
      if (closed && n > 2) this.thinLine(xy[2 * n - 2]!, xy[2 * n - 1]!, xy[0]!, xy[1]!, width, colour);
      return;
    }
    // In runs of a few segments: a scanline then crosses only the edges near it (a river
    // across the whole map as one shape would cost rows × all its edges). Joins between
    // runs blend twice at their anti-aliased rim only, invisible for opaque strokes.
    const n = xy.length >> 1;
    const all = closed && n > 2 ? [...Array.from(xy), xy[0]!, xy[1]!] : Array.from(xy);
    const m = all.length >> 1;
    if (m === 1) {
      this.fillPolygon(strokeRings(all, width / 2, false), colour, 'smooth');
      return;
    }
    for (let s = 0; s < m - 1; s += STROKE_RUN) {
      const run = all.slice(2 * s, 2 * Math.min(m, s + STROKE_RUN + 1));
      this.fillPolygon(strokeRings(run, width / 2, false), colour, 'smooth');
    }
  }

  /**
   * A line at most THIN pixels wide (grid lines, hairlines): walks the major axis pixel by
   * pixel and covers the pixels across it by their overlap with the line's band — exact
   * coverage for a thin straight band, O(length) instead of a polygon fill's O(area × edges).
   */
  thinLine(x0: number, y0: number, x1: number, y1: number, w: number, colour: Rgba): void {
    const steep = Math.abs(y1 - y0) > Math.abs(x1 - x0);
    // Work in (u, v) with u the major axis.
    let u0 = steep ? y0 : x0;
    let v0 = steep ? x0 : y0;
    let u1 = steep ? y1 : x1;
    let v1 = steep ? x1 : y1;
    if (u0 > u1) {
      [u0, u1] = [u1, u0];
      [v0, v1] = [v1, v0];
    }
    const du = u1 - u0;
    if (du <= 0) return;
    const slope = (v1 - v0) / du;
    const half = (w * Math.sqrt(1 + slope * slope)) / 2;
    const uMax = steep ? this.height : this.width;
    const vMax = steep ? this.width : this.height;
    const from = Math.max(0, Math.floor(u0));
    const to = Math.min(uMax, Math.ceil(u1));
    for (let pu = from; pu < to; pu++) {
      const a = pu > u0 ? pu : u0;
      const b = pu + 1 < u1 ? pu + 1 : u1;
      const fu = b - a;
      if (fu <= 0) continue;
      const vc = v0 + slope * ((a + b) / 2 - u0);
      const top = vc - half;
      const bot = vc + half;
      const pv0 = Math.max(0, Math.floor(top));
      const pv1 = Math.min(vMax - 1, Math.floor(bot));
      for (let pv = pv0; pv <= pv1; pv++) {
        const cov = (Math.min(pv + 1, bot) - Math.max(pv, top)) * fu;
        if (cov > 0.002) this.blend(steep ? pu * this.width + pv : pv * this.width + pu, colour, cov > 1 ? 1 : cov);
      }
    }
    this.spans++;
  }

  /** Calls span(a, b) for each run of non-zero winding along the crossings (sorted in place). */
  private spanWalk(xs: number[], ws: number[], span: (a: number, b: number) => void): void {
    const n = xs.length;
    sortPairs(xs, ws); // the crossings by x, carrying their winding
    let wind = 0;
    let start = 0;
    for (let i = 0; i < n; i++) {
      const before = wind;
      wind += ws[i]!;
      if (before === 0 && wind !== 0) start = xs[i]!;
      else if (before !== 0 && wind === 0 && xs[i]! > start) {
        this.spans++;
        span(start, xs[i]!);
      }
    }
  }

  private readonly addSub = (a: number, b: number): void => this.addSpan(a < 0 ? 0 : a, b > this.width ? this.width : b, 1 / SUB);

  private addSpan(a: number, b: number, w: number): void {
    if (b <= a) return;
    const cover = this.cover;
    const ia = Math.floor(a);
    const ib = Math.floor(b);
    if (ia === ib) {
      cover[ia] = cover[ia]! + (b - a) * w;
      return;
    }
    cover[ia] = cover[ia]! + (ia + 1 - a) * w;
    for (let i = ia + 1; i < ib; i++) cover[i] = cover[i]! + w;
    if (ib < cover.length) cover[ib] = cover[ib]! + (b - ib) * w;
  }

  private blend(p: number, c: Rgba, coverage: number): void {
    const o = 4 * p;
    const d = this.rgba;
    const a = (c[3] / 255) * coverage;
    if (a >= 0.999) {
      d[o] = c[0];
      d[o + 1] = c[1];
      d[o + 2] = c[2];
      d[o + 3] = 255;
      return;
    }
    if (d[o + 3] === 255) {
      // Opaque destination (the usual case: a background is always painted first).
      d[o] = d[o]! + Math.round((c[0] - d[o]!) * a);
      d[o + 1] = d[o + 1]! + Math.round((c[1] - d[o + 1]!) * a);
      d[o + 2] = d[o + 2]! + Math.round((c[2] - d[o + 2]!) * a);
      return;
    }
    const da = d[o + 3]! / 255;
    const oa = a + da * (1 - a);
    if (oa <= 0) return;
    d[o] = Math.round((c[0] * a + d[o]! * da * (1 - a)) / oa);
    d[o + 1] = Math.round((c[1] * a + d[o + 1]! * da * (1 - a)) / oa);
    d[o + 2] = Math.round((c[2] * a + d[o + 2]! * da * (1 - a)) / oa);
    d[o + 3] = Math.round(oa * 255);
  }
}


/** RGBA bytes as one little-endian 32-bit word (the layout of `rgba` read through a Uint32Array). */
function packRgba(c: Rgba): number {
  return (c[0] | (c[1] << 8) | (c[2] << 16) | (c[3] << 24)) >>> 0;
}

/** x of every edge crossing scanline y, with +1 / −1 for downward / upward edges. */
function crossings(rings: readonly ArrayLike<number>[], y: number, xs: number[], ws: number[]): boolean {
  xs.length = 0;
  ws.length = 0;
  for (const r of rings) {
    const n = r.length >> 1;
    for (let i = 0, j = n - 1; i < n; j = i++) {
      const ay = r[2 * j + 1]!;
      const by = r[2 * i + 1]!;
      if (ay <= y === by <= y) continue;
      const ax = r[2 * j]!;
      const bx = r[2 * i]!;
      xs.push(ax + ((y - ay) / (by - ay)) * (bx - ax));
      ws.push(by > ay ? 1 : -1);
    }
  }
  return xs.length > 0;
}

/** Rings whose union is the thick polyline: one quad per segment, one disc per vertex (all counter-clockwise… or any: non-zero). */
export function strokeRings(xy: ArrayLike<number>, h: number, closed: boolean): number[][] {
  const rings: number[][] = [];
  const n = xy.length >> 1;
  const disc = (x: number, y: number) => {
    const k = h > 6 ? 16 : 8;
    const ring: number[] = [];
    for (let i = 0; i < k; i++) ring.push(x + h * Math.cos((2 * Math.PI * i) / k), y + h * Math.sin((2 * Math.PI * i) / k));
    rings.push(ring);
  };
  const segs = closed ? n : n - 1;
  for (let s = 0; s < segs; s++) {
    const ax = xy[2 * s]!;
    const ay = xy[2 * s + 1]!;
    const bx = xy[2 * ((s + 1) % n)]!;
    const by = xy[2 * ((s + 1) % n) + 1]!;
    const len = Math.hypot(bx - ax, by - ay);
    if (len === 0) continue;
    const nx = (-(by - ay) / len) * h;
    const ny = ((bx - ax) / len) * h;
    // Same orientation for every quad and disc, so non-zero winding unions them.
    rings.push([ax + nx, ay + ny, bx + nx, by + ny, bx - nx, by - ny, ax - nx, ay - ny]);
  }
  // Round joins and caps; below two pixels wide they are invisible and cost most of the work.
  if (h > 1) for (let i = 0; i < n; i++) disc(xy[2 * i]!, xy[2 * i + 1]!);
  // Orient all rings the same way (positive area).
  for (const r of rings) if (ringArea(r) < 0) reverseRing(r);
  return rings;
}

export function ringArea(r: ArrayLike<number>): number {
  let a = 0;
  const n = r.length >> 1;
  for (let i = 0, j = n - 1; i < n; j = i++) a += r[2 * j]! * r[2 * i + 1]! - r[2 * i]! * r[2 * j + 1]!;
  return a / 2;
}

/** Reverses a flat x,y ring's point order in place. */
export function reverseRing(r: number[]): void {
  const n = r.length >> 1;
  for (let i = 0; i < n >> 1; i++) {
    const j = n - 1 - i;
    [r[2 * i], r[2 * j]] = [r[2 * j]!, r[2 * i]!];
    [r[2 * i + 1], r[2 * j + 1]] = [r[2 * j + 1]!, r[2 * i + 1]!];
  }
}
