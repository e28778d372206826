/**
 * Elements (C) and (D) of SPEC §5 for one MOVEMENT-MODE, recomputed from the (A) and (B)
 * buffers when the mode changes (only playability and line style depend on the mode; the
 * polygons do not):
 * (C) every edge of every PLAYABLE area polygon, minus the parts covered by PLAYABLE linear
 *     polygons (patent [0039]: outlines only about tiles a unit can enter; a road that can be
 *     walked along hides the area edge under it, an unplayable river does not);
 * (D) every edge of every PLAYABLE linear polygon.
 * Each polygon is traced with its own terrain's style (the patent traces each polygon), so
 * the edge between two playable area tiles of different terrains is drawn once for each;
 * between two of the same terrain the two tracings would be the same line, and it is drawn
 * once. Degenerate edges of the fixed-size pieces are skipped.
 *
 * Coverage is geometric (clip.ts), found from the linear side: each playable linear polygon
 * is clipped against the area edges it can reach — the two along its own tile and the two
 * along each feature sharing one of its junctions — and the covered intervals are filed
 * under those edges; the pass over the area polygons then reads one slot per edge. Where a
 * strip always spans its whole spine (hex, globe, half edges) its own edges are covered
 * whole without clipping, and it reaches past a junction only along an empty neighbour's
 * spine when the junction's third tile is drawn (the mitre of a bend), so only that
 * neighbour is clipped. On the globe the clipping runs in the
 * gnomonic projection about the edge's midpoint, where the edge and the pieces' chords are
 * straight lines.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { FlatFrame } from './flat-frame.js';
import type { FlatLinearBuilder } from './linear-flat.js';
import { SQUARE_VERTEX_CLASS, classTables, flatLinearClass } from './flat-junctions.js';
import type { GlobeFrame } from './globe-frame.js';
import type { MeshBuffers } from './pieces.js';
import { PieceRole } from './pieces.js';
import type { OutlineStyles } from './outline-style.js';
import { clipSegment, uncovered, winding } from './clip.js';
import type { LineBuffers } from './lines.js';
import { LineWriter } from './lines.js';
import { edgeDirection } from './area-mesh.js';

export interface Outlines {
  /** (C) */
  readonly area: LineBuffers;
  /** (D) */
  readonly linear: LineBuffers;
}

/** Covered intervals of area-polygon edges, filed per edge slot (area piece × corners + edge). */
class EdgeCoverage {
  readonly head: Int32Array;
  lo = new Float64Array(1024);
  hi = new Float64Array(1024);
  next = new Int32Array(1024);
  count = 0;
  readonly eLo = new Float64Array(64);
  readonly eHi = new Float64Array(64);
  readonly parts = new Float64Array(130);
  readonly t = new Float64Array(2);
  readonly px = new Float64Array(8);
  readonly py = new Float64Array(8);

  constructor(slots: number) {
    this.head = new Int32Array(slots).fill(-1);
  }

  add(slot: number, t0: number, t1: number): void {
    if (this.count === this.lo.length) {
      const n = this.count * 2;
      const lo = new Float64Array(n);
      lo.set(this.lo);
      const hi = new Float64Array(n);
      hi.set(this.hi);
      const next = new Int32Array(n);
      next.set(this.next);
      this.lo = lo;
      this.hi = hi;
      this.next = next;
    }
    const k = this.count++;
    this.lo[k] = t0;
    this.hi[k] = t1;
    this.next[k] = this.head[slot]!;
    this.head[slot] = k;
  }

  /** Uncovered parts of a slot's edge into `parts`; returns how many. */
  uncoveredParts(slot: number, minT: number): number {
    let n = 0;
    for (let k = this.head[slot]!; k >= 0 && n < 64; k = this.next[k]!) {
      this.eLo[n] = this.lo[k]!;
      this.eHi[n] = this.hi[k]!;
      n++;
    }
    return uncovered(this.eLo, this.eHi, n, minT, this.parts);
  }
}

/** (D): the edges of every playable linear piece, scaled by `scale` (globe layer radius ratio). */
function linearOutlines(linear: MeshBuffers, styles: OutlineStyles, eps: number, scale: number): LineBuffers {
  const k = linear.verticesPerPiece;
  const { playable } = styles;
  let count = 0;
  for (let p = 0; p < linear.pieceCount; p++) if (linear.owner[p]! >= 0 && playable[linear.terrain[p]!]) count++;
  const w = new LineWriter(count * k, styles.rgba);
  const pos = linear.positions;
  const eps2 = eps * eps;
  for (let p = 0; p < linear.pieceCount; p++) {
    const owner = linear.owner[p]!;
    const t = linear.terrain[p]!;
    if (owner < 0 || !playable[t]) continue;
    const v = 3 * k * p;
    for (let i = 0; i < k; i++) {
      const a = v + 3 * i;
      const b = v + 3 * (i + 1 === k ? 0 : i + 1);
      const dx = pos[b]! - pos[a]!;
      const dy = pos[b + 1]! - pos[a + 1]!;
      const dz = pos[b + 2]! - pos[a + 2]!;
      if (dx * dx + dy * dy + dz * dz <= eps2) continue;
      w.add(pos[a]! * scale, pos[a + 1]! * scale, pos[a + 2]! * scale, pos[b]! * scale, pos[b + 1]! * scale, pos[b + 2]! * scale, t, owner);
    }
  }
  return w.finish();
}

/**
 * (C) from the filed coverage. `across[slot]` is the area piece on the other side of each
 * edge (−1 for none); `degree[tile]` the polygon's corner count (null: 4 on square maps, else 6).
 */
function areaOutlines(area: MeshBuffers, across: Int32Array, cov: EdgeCoverage, styles: OutlineStyles, square: boolean, degree: Int32Array | null, scale: number, minLength: number): LineBuffers {
  const k = area.verticesPerPiece;
  const { playable } = styles;
  const ter = area.terrain;
  let count = 0;
  for (let p = 0; p < area.pieceCount; p++) if (area.owner[p]! >= 0 && playable[ter[p]!]) count++;
  const w = new LineWriter(count * k + cov.count, styles.rgba);
  const pos = area.positions;
  for (let p = 0; p < area.pieceCount; p++) {
    const tile = area.owner[p]!;
    const t = ter[p]!;
    if (tile < 0 || !playable[t]) continue;
    const deg = degree ? degree[tile]! : square ? 4 : 6;
    const v = 3 * k * p;
    w.reserve(deg + 8);
    for (let e = 0; e < deg; e++) {
      const slot = p * k + e;
      const q = across[slot]!;
      if (q >= 0 && q < p && ter[q] === t) continue; // the same line, drawn from the other side
      const a = v + 3 * (e === 0 ? deg - 1 : e - 1);
      const b = v + 3 * e;
      const x0 = pos[a]! * scale;
      const y0 = pos[a + 1]! * scale;
      const z0 = pos[a + 2]! * scale;
      const x1 = pos[b]! * scale;
      const y1 = pos[b + 1]! * scale;
      const z1 = pos[b + 2]! * scale;
      if (cov.head[slot]! < 0) {
        w.add(x0, y0, z0, x1, y1, z1, t, tile);
        continue;
      }
      const len = Math.sqrt((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0) + (z1 - z0) * (z1 - z0));
      const n = cov.uncoveredParts(slot, minLength / Math.max(len, minLength));
      w.reserve(n);
      for (let i = 0; i < n; i++) {
        const s0 = cov.parts[2 * i]!;
        const s1 = cov.parts[2 * i + 1]!;
        w.add(x0 + s0 * (x1 - x0), y0 + s0 * (y1 - y0), z0 + s0 * (z1 - z0), x0 + s1 * (x1 - x0), y0 + s1 * (y1 - y0), z0 + s1 * (z1 - z0), t, tile);
      }
    }
  }
  return w.finish();
}

/** The area piece across each edge of each flat area polygon (mode-independent; callers cache it). */
export function flatAcross(frame: FlatFrame, area: MeshBuffers, alform: boolean): Int32Array {
  const k = area.verticesPerPiece;
  const out = new Int32Array(area.pieceCount * k).fill(-1);
  const { xs, ys, dx, dy } = frame;
  const step = alform ? 2 : 1;
  for (let p = 0; p < area.pieceCount; p++) {
    const tile = area.owner[p]!;
    if (tile < 0) continue;
    for (let e = 0; e < k; e++) {
      const d = edgeDirection(frame.family, e);
      const i = frame.indexAt(xs[tile]! + step * dx[d]!, ys[tile]! + step * dy[d]!);
      if (i >= 0) out[p * k + e] = area.firstPiece[i]!;
    }
  }
  return out;
}

/** (C) and (D) on a flat map. `alform` = area tiles sit at their own coordinates (else at doubled ones). */
export function flatOutlines(frame: FlatFrame, area: MeshBuffers, across: Int32Array, linear: MeshBuffers, builder: FlatLinearBuilder, alform: boolean, styles: OutlineStyles): Outlines {
  const eps = frame.size * 1e-4;
  const k = area.verticesPerPiece;
  const family = frame.family;
  const hexLike = family === 'hex';
  const tables = classTables(family);
  const src = builder.source;
  const { playable } = styles;
  const apos = area.positions;
  const lpos = linear.positions;
  const lk = linear.verticesPerPiece;
  const cov = new EdgeCoverage(area.pieceCount * k);
  const [pxx, pxy] = frame.periodX;
  const [pyx, pyy] = frame.periodY;
  const lpx = pxx * pxx + pxy * pxy;
  const lpy = pyx * pyx + pyy * pyy;
  const xy = new Int32Array(2);
  const half = alform ? 1 : 2;
  let sign = 0;

  /** File piece p (already in cov.px/py) against the area edges along the feature at (x, y); `whole` = it covers them entirely. */
  const fileAlong = (x: number, y: number, whole: boolean) => {
    const cls = flatLinearClass(family, x, y);
    if (cls < 0 || (family === 'square' && cls === SQUARE_VERTEX_CLASS)) return;
    const table = tables[cls]!;
    for (let s = 0; s < 2; s++) {
      const tile = frame.indexAt((x + table.areas[2 * s]!) / half, (y + table.areas[2 * s + 1]!) / half);
      if (tile < 0) continue;
      const ap = area.firstPiece[tile]!;
      if (ap < 0 || !playable[area.terrain[ap]!]) continue;
      const e = table.areaEdges[s]!;
      if (whole) {
        cov.add(k * ap + e, 0, 1);
        continue;
      }
      const va = 3 * (k * ap + (e === 0 ? k - 1 : e - 1));
      const vb = 3 * (k * ap + e);
      let x0 = apos[va]!;
      let y0 = apos[va + 1]!;
      let x1 = apos[vb]!;
      let y1 = apos[vb + 1]!;
      // Across a wrap seam the edge sits one period away from the piece: bring it next to it.
      const ddx = x0 - cov.px[0]!;
      const ddy = y0 - cov.py[0]!;
      let sx = 0;
      let sy = 0;
      if (lpx > 0) {
        const m = Math.round((ddx * pxx + ddy * pxy) / lpx);
        sx += m * pxx;
        sy += m * pxy;
      }
      if (lpy > 0) {
        const m = Math.round((ddx * pyx + ddy * pyy) / lpy);
        sx += m * pyx;
        sy += m * pyy;
      }
      x0 -= sx;
      y0 -= sy;
      x1 -= sx;
      y1 -= sy;
      if (clipSegment(x0, y0, x1, y1, cov.px, cov.py, lk, sign, eps, cov.t)) cov.add(k * ap + e, cov.t[0]!, cov.t[1]!);
    }
  };

  for (let p = 0; p < linear.pieceCount; p++) {
    const owner = linear.owner[p]!;
    if (owner < 0 || linear.role[p] === PieceRole.SPUR || !playable[linear.terrain[p]!]) continue;
    const v = 3 * lk * p;
    for (let i = 0; i < lk; i++) {
      cov.px[i] = lpos[v + 3 * i]!;
      cov.py[i] = lpos[v + 3 * i + 1]!;
    }
    sign = winding(cov.px, cov.py, lk);
    if (sign === 0) continue;
    src.coordsOf(owner, xy);
    const x = xy[0]!;
    const y = xy[1]!;
    const cls = flatLinearClass(family, x, y);
    const always = linear.role[p] === PieceRole.POLYGON && tables[cls]!.always;
    fileAlong(x, y, always);
    if (hexLike) {
      // As on the globe: only the mitre of a bend reaches past a junction, along the empty arm.
      for (const end of tables[cls]!.ends) {
        const a = end.arms;
        const t1 = src.terrainAt(x + a[0]!, y + a[1]!);
        const t2 = src.terrainAt(x + a[2]!, y + a[3]!);
        if (t1 === 0 && t2 !== 0) fileAlong(x + a[0]!, y + a[1]!, false);
        else if (t2 === 0 && t1 !== 0) fileAlong(x + a[2]!, y + a[3]!, false);
      }
    } else builder.forEachJunctionPartner(x, y, cls, (ax, ay) => fileAlong(ax, ay, false));
  }
  return {
    area: areaOutlines(area, across, cov, styles, family === 'square', null, 1, eps),
    linear: linearOutlines(linear, styles, eps, 1),
  };
}

const X_AXIS = 7;

/** The area piece across each edge of each globe area polygon (mode-independent; callers cache it). */
export function globeAcross(frame: GlobeFrame, classes: Uint8Array | null, area: MeshBuffers): Int32Array {
  const nb = frame.neighbours;
  const out = new Int32Array(area.pieceCount * 6).fill(-1);
  for (let p = 0; p < area.pieceCount; p++) {
    const tile = area.owner[p]!;
    if (tile < 0) continue;
    const deg = nb[6 * tile + 5]! < 0 ? 5 : 6;
    for (let e = 0; e < deg; e++) {
      const s = nb[6 * tile + e]!;
      let other = s;
      if (classes) {
        const a = classes[s]! - X_AXIS;
        other = nb[6 * s + a]!;
        if (other === tile) other = nb[6 * s + a + 3]!;
      }
      out[6 * p + e] = area.firstPiece[other]!;
    }
  }
  return out;
}

/**
 * (C) and (D) on the globe. `classes` is null on a classic globe (no linear tiles: every
 * playable tile's edges are drawn whole). Radii: the buffers' own (rA, rB) and the layers'.
 */
export function globeOutlines(
  frame: GlobeFrame,
  classes: Uint8Array | null,
  area: MeshBuffers,
  across: Int32Array,
  linear: MeshBuffers,
  styles: OutlineStyles,
  radii: readonly [number, number, number, number],
  terrain: Uint8Array,
): Outlines {
  const [rA, rB, rC, rD] = radii;
  const nb = frame.neighbours;
  const eps = frame.spacing * 1e-4;
  const { playable } = styles;
  const apos = area.positions;
  const lpos = linear.positions;
  const cov = new EdgeCoverage(area.pieceCount * 6);
  let piece = 0;

  const fileAlong = (s: number, whole: boolean) => {
    const axis = classes![s]! - X_AXIS;
    for (let side = axis; side <= axis + 3; side += 3) {
      const tile = nb[6 * s + side]!;
      const ap = area.firstPiece[tile]!;
      if (ap < 0 || !playable[area.terrain[ap]!]) continue;
      const d = nb[6 * tile + 5]! < 0 ? 5 : 6;
      let e = 0;
      while (e < d && nb[6 * tile + e] !== s) e++;
      if (whole) {
        cov.add(6 * ap + e, 0, 1);
        continue;
      }
      const va = 3 * (6 * ap + (e === 0 ? d - 1 : e - 1));
      const vb = 3 * (6 * ap + e);
      const ax = apos[va]!;
      const ay = apos[va + 1]!;
      const az = apos[va + 2]!;
      const bx = apos[vb]!;
      const by = apos[vb + 1]!;
      const bz = apos[vb + 2]!;
      // Gnomonic frame about the edge's midpoint m: e1 along the edge, e2 = m × e1.
      let mx = ax + bx;
      let my = ay + by;
      let mz = az + bz;
      const ml = 1 / Math.sqrt(mx * mx + my * my + mz * mz);
      mx *= ml;
      my *= ml;
      mz *= ml;
      let e1x = bx - ax;
      let e1y = by - ay;
      let e1z = bz - az;
      const el = 1 / Math.sqrt(e1x * e1x + e1y * e1y + e1z * e1z);
      e1x *= el;
      e1y *= el;
      e1z *= el;
      const e2x = my * e1z - mz * e1y;
      const e2y = mz * e1x - mx * e1z;
      const e2z = mx * e1y - my * e1x;
      const v = 18 * piece;
      let ok = true;
      for (let i = 0; i < 6 && ok; i++) {
        const x = lpos[v + 3 * i]!;
        const y = lpos[v + 3 * i + 1]!;
        const z = lpos[v + 3 * i + 2]!;
        const dot = x * mx + y * my + z * mz;
        if (dot <= 0) ok = false;
        cov.px[i] = (x * e1x + y * e1y + z * e1z) / dot;
        cov.py[i] = (x * e2x + y * e2y + z * e2z) / dot;
      }
      if (!ok) continue;
      const da = ax * mx + ay * my + az * mz;
      const db = bx * mx + by * my + bz * mz;
      const u0 = (ax * e1x + ay * e1y + az * e1z) / da;
      const v0 = (ax * e2x + ay * e2y + az * e2z) / da;
      const u1 = (bx * e1x + by * e1y + bz * e1z) / db;
      const v1 = (bx * e2x + by * e2y + bz * e2z) / db;
      if (clipSegment(u0, v0, u1, v1, cov.px, cov.py, 6, winding(cov.px, cov.py, 6), eps, cov.t)) cov.add(6 * ap + e, cov.t[0]!, cov.t[1]!);
    }
  };

  if (classes) {
    for (let p = 0; p < linear.pieceCount; p++) {
      const s = linear.owner[p]!;
      if (s < 0 || linear.role[p] !== PieceRole.POLYGON || !playable[linear.terrain[p]!]) continue;
      piece = p;
      fileAlong(s, true);
      // Past a junction a strip covers only an empty neighbour's spine, and only when the
      // junction's third tile is drawn (the mitre of a bend); alone it ends in a point.
      const axis = classes[s]! - X_AXIS;
      for (let e = 1; e <= 4; e += 3) {
        const q1 = nb[6 * s + ((axis + e) % 6)]!;
        const q2 = nb[6 * s + ((axis + e + 1) % 6)]!;
        if (terrain[q1] === 0 && terrain[q2] !== 0) fileAlong(q1, false);
        else if (terrain[q2] === 0 && terrain[q1] !== 0) fileAlong(q2, false);
      }
    }
  }
  return {
    area: areaOutlines(area, across, cov, styles, false, pentagonDegrees(frame), rC / rA, eps * rC),
    linear: linearOutlines(linear, styles, eps * rB, rD / rB),
  };
}

const degreeCache = new WeakMap<GlobeFrame, Int32Array>();

function pentagonDegrees(frame: GlobeFrame): Int32Array {
  let d = degreeCache.get(frame);
  if (!d) {
    const nb = frame.neighbours;
    d = new Int32Array(frame.tileCount);
    for (let i = 0; i < frame.tileCount; i++) d[i] = nb[6 * i + 5]! < 0 ? 5 : 6;
    degreeCache.set(frame, d);
  }
  return d;
}
