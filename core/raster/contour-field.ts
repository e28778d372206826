/**
 * Elevation between contour lines (SPEC §6: "interpolated between contour lines"; the
 * patent: "prior art contour algorithms"). Every cell lies in a band between the nearest LOWER
 * contour (the one whose uphill side it is on) and the nearest HIGHER one (whose downhill side
 * it is on); its height is their heights weighted by the distances to them:
 *     h = (h_low · d_high + h_high · d_low) / (d_low + d_high).
 * Contours are drawn as 4-connected lines (traverse.ts) that act as barriers; each line cell
 * seeds its neighbours on its uphill side into the LOW field and those on its downhill side
 * into the HIGH field, with their distance from the contour segment; two chamfer sweeps per
 * pass (steps 1 and √2) carry (distance, height) outward without crossing a contour, so a
 * cell only ever hears of the contours that bound its own band. Spot heights seed the field
 * on their far side (a peak above the band: HIGH), so a closed top contour with a spot height
 * rises to it instead of staying flat. A cell with only a lower contour (a summit without a
 * spot height) keeps that height; one with only a higher contour (below the lowest line),
 * that one's.
 *
 * Error: distances are chamfer distances (within 8 % of euclidean), so between two contours
 * the interpolated height is within ~4 % of the interval of the exact distance-weighted value,
 * plus the one-cell quantization of the lines.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Raster } from './raster.js';
import { unitToCell } from './raster.js';
import { traverseCells } from './traverse.js';

export interface ContourLine {
  /** Unit-frame polyline (x0, y0, x1, y1, …). */
  readonly points: readonly number[];
  readonly height: number;
  /** The uphill side relative to the polyline's direction. */
  readonly side: 'left' | 'right';
}

export interface SpotHeight {
  readonly x: number;
  readonly y: number;
  readonly height: number;
  /** The contours that may be nearest it (its own tile's); default all. */
  readonly near?: readonly ContourLine[];
}

const NEAR = [-1, 0, 1, 0, 0, -1, 0, 1, -1, -1, 1, -1, -1, 1, 1, 1];
const SQRT2 = Math.SQRT2;

/**
 * Rasters wider or taller than this get their distance fields at half resolution (the chamfer
 * sweeps are most of the work), bilinearly upsampled, with the contour lines and spot heights
 * then drawn at full resolution at their exact heights: the error bound above grows by one cell
 * of slope. At 4096² that halves the time (bench/results/raster.json measures both).
 */
export const FULL_FIELD_MAX_SIDE = 2048;

/** Fills `r.elevation` from contours and spot heights; returns the number of contour cells. */
export function contourElevation(r: Raster, contours: readonly ContourLine[], spots: readonly SpotHeight[], fieldScale = Math.max(r.width, r.height) > FULL_FIELD_MAX_SIDE ? 2 : 1): number {
  if (r.frame.kind !== 'flat') throw new Error('contour elevation needs a flat raster');
  if (fieldScale !== 1) return coarseField(r, contours, spots, fieldScale);
  const passes = 1;
  const frame = r.frame;
  const W = r.width;
  const H = r.height;
  const n = W * H;
  const line = new Uint8Array(n);
  const dLow = new Float32Array(n).fill(Infinity);
  const hLow = new Float32Array(n);
  const dHigh = new Float32Array(n).fill(Infinity);
  const hHigh = new Float32Array(n);
  const elev = r.elevation;
  let cells = 0;
  const seed = (d: Float32Array, h: Float32Array, q: number, dist: number, height: number) => {
    if (dist < d[q]!) {
      d[q] = dist;
      h[q] = height;
    }
  };
  // Draw every contour first, so seeds never land on a line drawn later.
  for (const c of contours) {
    forSegments(r, c.points, (col, row) => {
      const p = row * W + col;
      if (!line[p]) cells++;
      line[p] = 1;
      elev[p] = c.height;
    });
  }
  for (const c of contours) {
    const up = c.side === 'left' ? 1 : -1;
    forSegments(r, c.points, (col, row, ax, ay, bx, by) => {
      const len = Math.hypot(bx - ax, by - ay) || 1;
      for (let k = 0; k < 16; k += 2) {
        const qc = col + NEAR[k]!;
        const qr = row + NEAR[k + 1]!;
        if (qc < 0 || qr < 0 || qc >= W || qr >= H) continue;
        const q = qr * W + qc;
        if (line[q]) continue;
        // Distance left of the segment in the unit frame (rows grow downwards, so the cross product flips).
        const s = -((bx - ax) * (qr - ay) - (by - ay) * (qc - ax)) / len;
        if (s * up > 0) seed(dLow, hLow, q, Math.abs(s), c.height);
        else seed(dHigh, hHigh, q, Math.abs(s), c.height);
      }
    });
  }
  // Spot heights: a peak above the contour nearest it (on that contour's uphill side) bounds its
  // band from above (HIGH); a pit below it, from below (LOW).
  for (const s of spots) {
    const [cf, rf] = unitToCell(frame, s.x, s.y);
    const col = Math.round(cf);
    const row = Math.round(rf);
    if (col < 0 || row < 0 || col >= W || row >= H) continue;
    const near = nearestContour(s.near ?? contours, s.x, s.y);
    const peak = near === null || (near.uphill ? s.height >= near.height : s.height > near.height);
    const p = row * W + col;
    line[p] = 1;
    elev[p] = s.height;
    for (let k = 0; k < 16; k += 2) {
      const qc = col + NEAR[k]!;
      const qr = row + NEAR[k + 1]!;
      if (qc < 0 || qr < 0 || qc >= W || qr >= H || line[qr * W + qc]) continue;
      if (peak) seed(dHigh, hHigh, qr * W + qc, k < 8 ? 1 : SQRT2, s.height);
      else seed(dLow, hLow, qr * W + qc, k < 8 ? 1 : SQRT2, s.height);
    }
  }
  for (let pass = 0; pass < passes; pass++) chamfer(W, H, line, dLow, hLow, dHigh, hHigh);
  for (let p = 0; p < n; p++) {
    if (line[p]) continue;
    const a = dLow[p]!;
    const b = dHigh[p]!;
    if (a !== Infinity && b !== Infinity) elev[p] = (hLow[p]! * b + hHigh[p]! * a) / (a + b);
    else if (a !== Infinity) elev[p] = hLow[p]!;
    else if (b !== Infinity) elev[p] = hHigh[p]!;
  }
  return cells;
}

function coarseField(r: Raster, contours: readonly ContourLine[], spots: readonly SpotHeight[], k: number): number {
  const frame = r.frame as Extract<Raster['frame'], { kind: 'flat' }>;
  const cw = Math.ceil(r.width / k);
  const ch = Math.ceil(r.height / k);
  const coarse: Raster = { ...r, width: cw, height: ch, frame: { kind: 'flat', left: frame.left, top: frame.top, cell: frame.cell * k }, elevation: new Float32Array(cw * ch) };
  contourElevation(coarse, contours, spots, 1);
  const ce = coarse.elevation;
  const W = r.width;
  for (let row = 0; row < r.height; row++) {
    let v = (row + 0.5) / k - 0.5;
    v = v < 0 ? 0 : v > ch - 1 ? ch - 1 : v;
    const r0 = Math.floor(v);
    const r1 = r0 + 1 < ch ? r0 + 1 : r0;
    const fv = v - r0;
    for (let col = 0, p = row * W; col < W; col++, p++) {
      let u = (col + 0.5) / k - 0.5;
      u = u < 0 ? 0 : u > cw - 1 ? cw - 1 : u;
      const c0 = Math.floor(u);
      const c1 = c0 + 1 < cw ? c0 + 1 : c0;
      const fu = u - c0;
      const a = ce[r0 * cw + c0]! * (1 - fu) + ce[r0 * cw + c1]! * fu;
      const b = ce[r1 * cw + c0]! * (1 - fu) + ce[r1 * cw + c1]! * fu;
      r.elevation[p] = a * (1 - fv) + b * fv;
    }
  }
  // The lines and spots themselves, exact, at full resolution.
  let cells = 0;
  for (const c of contours) {
    forSegments(r, c.points, (col, row) => {
      r.elevation[row * W + col] = c.height;
      cells++;
    });
  }
  for (const s of spots) {
    const [cf, rf] = unitToCell(frame, s.x, s.y);
    const col = Math.round(cf);
    const row = Math.round(rf);
    if (col >= 0 && row >= 0 && col < W && row < r.height) r.elevation[row * W + col] = s.height;
  }
  return cells;
}

/** Calls `visit` for each raster cell of each segment of a unit-frame polyline, with the segment in cell coordinates. */
function forSegments(r: Raster, pts: readonly number[], visit: (col: number, row: number, ax: number, ay: number, bx: number, by: number) => void): void {
  const frame = r.frame as Extract<Raster['frame'], { kind: 'flat' }>;
  for (let i = 0; i + 3 < pts.length; i += 2) {
    const [ax, ay] = unitToCell(frame, pts[i]!, pts[i + 1]!);
    const [bx, by] = unitToCell(frame, pts[i + 2]!, pts[i + 3]!);
    traverseCells(ax, ay, bx, by, r.width, r.height, (col, row) => visit(col, row, ax, ay, bx, by));
  }
}

/** The contour nearest a unit-frame point, and whether the point is on its uphill side. */
function nearestContour(contours: readonly ContourLine[], x: number, y: number): { height: number; uphill: boolean } | null {
  let best = Infinity;
  let out: { height: number; uphill: boolean } | null = null;
  for (const c of contours) {
    const p = c.points;
    for (let i = 0; i + 3 < p.length; i += 2) {
      const ax = p[i]!;
      const ay = p[i + 1]!;
      const ex = p[i + 2]! - ax;
      const ey = p[i + 3]! - ay;
      const len2 = ex * ex + ey * ey || 1;
      let t = ((x - ax) * ex + (y - ay) * ey) / len2;
      t = t < 0 ? 0 : t > 1 ? 1 : t;
      const d = Math.hypot(ax + t * ex - x, ay + t * ey - y);
      if (d < best) {
        best = d;
        const left = ex * (y - ay) - ey * (x - ax) > 0;
        out = { height: c.height, uphill: left === (c.side === 'left') };
      }
    }
  }
  return out;
}

/**
 * One forward and one backward chamfer sweep of both fields' (distance, height), never
 * through barrier cells (steps 1 and √2; both fields in one loop, so the barrier is read once).
 */
function chamfer(W: number, H: number, barrier: Uint8Array, d1: Float32Array, h1: Float32Array, d2: Float32Array, h2: Float32Array): void {
  // Forward: from the left and the row above (left, up, up-left, up-right); backward mirrors it.
  // Border cells go through `relax`; the interior, the hot loop, is written out.
  for (let x = 0; x < W; x++) relax(barrier, d1, h1, d2, h2, x, x > 0 ? -1 : 0, 0, 0, 0);
  for (let y = 1; y < H; y++) {
    const row = y * W;
    relax(barrier, d1, h1, d2, h2, row, 0, -W, 0, W > 1 ? -W + 1 : 0);
    sweepRow(barrier, d1, h1, d2, h2, row + 1, row + W - 1, -1, -W, -W - 1, -W + 1);
    if (W > 1) relax(barrier, d1, h1, d2, h2, row + W - 1, -1, -W, -W - 1, 0);
  }
  for (let x = W - 1; x >= 0; x--) relax(barrier, d1, h1, d2, h2, (H - 1) * W + x, x + 1 < W ? 1 : 0, 0, 0, 0);
  for (let y = H - 2; y >= 0; y--) {
    const row = y * W;
    relax(barrier, d1, h1, d2, h2, row + W - 1, 0, W, 0, W > 1 ? W - 1 : 0);
    sweepRowBack(barrier, d1, h1, d2, h2, row + W - 2, row, 1, W, W + 1, W - 1);
    if (W > 1) relax(barrier, d1, h1, d2, h2, row, 1, W, W + 1, 0);
  }
}

/** Interior cells first…last−1 of a forward row: every neighbour exists. */
function sweepRow(bar: Uint8Array, d1: Float32Array, h1: Float32Array, d2: Float32Array, h2: Float32Array, first: number, last: number, o1: number, o2: number, o3: number, o4: number): void {
  for (let p = first; p < last; p++) step(bar, d1, h1, d2, h2, p, o1, o2, o3, o4);
}

function sweepRowBack(bar: Uint8Array, d1: Float32Array, h1: Float32Array, d2: Float32Array, h2: Float32Array, first: number, last: number, o1: number, o2: number, o3: number, o4: number): void {
  for (let p = first; p > last; p--) step(bar, d1, h1, d2, h2, p, o1, o2, o3, o4);
}

/**
 * `relax` for an interior cell, unrolled on purpose: this runs twice per cell of a 4096²
 * field (33 M times), and keeping the four candidates in locals rather than calling `pull`
 * and writing the arrays each time is what keeps a 4096² contour map near a second.
 */
function step(bar: Uint8Array, d1: Float32Array, h1: Float32Array, d2: Float32Array, h2: Float32Array, p: number, o1: number, o2: number, o3: number, o4: number): void {
  if (bar[p]) return;
  let a = d1[p]!;
  let ah = h1[p]!;
  let b = d2[p]!;
  let bh = h2[p]!;
  let q = p + o1;
  if (!bar[q]) {
    if (d1[q]! + 1 < a) {
      a = d1[q]! + 1;
      ah = h1[q]!;
    }
    if (d2[q]! + 1 < b) {
      b = d2[q]! + 1;
      bh = h2[q]!;
    }
  }
  q = p + o2;
  if (!bar[q]) {
    if (d1[q]! + 1 < a) {
      a = d1[q]! + 1;
      ah = h1[q]!;
    }
    if (d2[q]! + 1 < b) {
      b = d2[q]! + 1;
      bh = h2[q]!;
    }
  }
  q = p + o3;
  if (!bar[q]) {
    if (d1[q]! + SQRT2 < a) {
      a = d1[q]! + SQRT2;
      ah = h1[q]!;
    }
    if (d2[q]! + SQRT2 < b) {
      b = d2[q]! + SQRT2;
      bh = h2[q]!;
    }
  }
  q = p + o4;
  if (!bar[q]) {
    if (d1[q]! + SQRT2 < a) {
      a = d1[q]! + SQRT2;
      ah = h1[q]!;
    }
    if (d2[q]! + SQRT2 < b) {
      b = d2[q]! + SQRT2;
      bh = h2[q]!;
    }
  }
  d1[p] = a;
  h1[p] = ah;
  d2[p] = b;
  h2[p] = bh;
}

/** Cell p takes a neighbour's (distance + step, height) where shorter; offsets of 0 mean no neighbour there. */
function relax(barrier: Uint8Array, d1: Float32Array, h1: Float32Array, d2: Float32Array, h2: Float32Array, p: number, o1: number, o2: number, o3: number, o4: number): void {
  if (barrier[p]) return;
  // Orthogonal neighbours cost 1, diagonal ones √2; an offset of 0 is "no such neighbour".
  if (o1 !== 0) pull(barrier, d1, h1, d2, h2, p, p + o1, 1);
  if (o2 !== 0) pull(barrier, d1, h1, d2, h2, p, p + o2, 1);
  if (o3 !== 0) pull(barrier, d1, h1, d2, h2, p, p + o3, SQRT2);
  if (o4 !== 0) pull(barrier, d1, h1, d2, h2, p, p + o4, SQRT2);
}

/** Both fields at p take q's distance + w (and q's height) where that is nearer. */
function pull(barrier: Uint8Array, d1: Float32Array, h1: Float32Array, d2: Float32Array, h2: Float32Array, p: number, q: number, w: number): void {
  if (barrier[q]) return;
  if (d1[q]! + w < d1[p]!) {
    d1[p] = d1[q]! + w;
    h1[p] = h1[q]!;
  }
  if (d2[q]! + w < d2[p]!) {
    d2[p] = d2[q]! + w;
    h2[p] = h2[q]!;
  }
}
