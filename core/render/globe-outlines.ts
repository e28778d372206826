/**
 * Elements (C) and (D) on the globe (see outlines.ts for the model). Linear strips are
 * clipped against the area edges in the gnomonic projection about each edge's midpoint,
 * where the edge and the pieces' chords are straight lines.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { GlobeFrame } from './globe-frame.js';
import type { MeshBuffers } from './pieces.js';
import { PieceRole } from './pieces.js';
import type { OutlineStyles } from './outline-style.js';
import { clipSegment, winding } from './clip.js';
import { areaOutlines, barrierOutlines, EdgeCoverage, linearOutlines, type Outlines } from './edge-coverage.js';

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
  const eps = frame.spacing * 1e-4;
  const cov = new EdgeCoverage(area.pieceCount * 6);
  if (classes) fileGlobeLinear(frame, classes, area, linear, styles.playable, terrain, cov, eps);
  return {
    area: areaOutlines(area, across, cov, styles, false, pentagonDegrees(frame), rC / rA, eps * rC),
    linear: linearOutlines(linear, styles, eps * rB, rD / rB),
    barriers: barrierOutlines(area, across, linear, styles, false, pentagonDegrees(frame), rC / rA, rD / rB, eps * rB),
  };
}

/** Files every playable linear strip of an AL-FORM globe against the area edges it covers. */
function fileGlobeLinear(
  frame: GlobeFrame,
  classes: Uint8Array,
  area: MeshBuffers,
  linear: MeshBuffers,
  playable: Uint8Array,
  terrain: Uint8Array,
  cov: EdgeCoverage,
  eps: number,
): void {
  const nb = frame.neighbours;
  const lpos = linear.positions;
  let piece = 0;
  const fileAlong = (s: number, whole: boolean) => {
    const axis = classes[s]! - X_AXIS;
    for (let side = axis; side <= axis + 3; side += 3) {
      const tile = nb[6 * s + side]!;
      const ap = area.firstPiece[tile]!;
      if (ap < 0 || !playable[area.terrain[ap]!]) continue;
      const d = nb[6 * tile + 5]! < 0 ? 5 : 6;
      let e = 0;
      while (e < d && nb[6 * tile + e] !== s) e++;
      if (whole) cov.add(6 * ap + e, 0, 1);
      else clipGnomonic(area.positions, ap, e, d, lpos, piece, cov, eps);
    }
  };
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

/**
 * Clips edge e of area piece ap (of degree d) against linear piece `piece` in the gnomonic
 * projection about the edge's midpoint, and files the covered interval.
 */
function clipGnomonic(apos: Float32Array, ap: number, e: number, d: number, lpos: Float32Array, piece: number, cov: EdgeCoverage, eps: number): void {
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
  if (!ok) return;
  const da = ax * mx + ay * my + az * mz;
  const db = bx * mx + by * my + bz * mz;
  const u0 = (ax * e1x + ay * e1y + az * e1z) / da;
  const v0 = (ax * e2x + ay * e2y + az * e2z) / da;
  const u1 = (bx * e1x + by * e1y + bz * e1z) / db;
  const v1 = (bx * e2x + by * e2y + bz * e2z) / db;
  if (clipSegment(u0, v0, u1, v1, cov.px, cov.py, 6, winding(cov.px, cov.py, 6), eps, cov.t)) cov.add(6 * ap + e, cov.t[0]!, cov.t[1]!);
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
