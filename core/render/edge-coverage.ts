/**
 * The shared half of outlines.ts and globe-outlines.ts: the covered intervals of area
 * edges as the linear side files them (EdgeCoverage), and the writers of (C) from that
 * coverage and of (D), the same on flat maps and on the globe.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { MeshBuffers } from './pieces.js';
import type { OutlineStyles } from './outline-style.js';
import { uncovered } from './clip.js';
import type { LineBuffers } from './lines.js';
import { LineWriter } from './lines.js';
import { doubled } from '../util/doubled.js';

/** Elements (C) and (D) of one movement mode. */
export interface Outlines {
  /** (C) */
  readonly area: LineBuffers;
  /** (D) */
  readonly linear: LineBuffers;
  /** What the mode cannot pass (outline-style.ts `barrier`): the rim of its impassable ground and the edges of its barrier lines. */
  readonly barriers: LineBuffers;
}

/** Covered intervals of area-polygon edges, filed per edge slot (area piece × corners + edge). */
export class EdgeCoverage {
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

  /** Slots filed since the last `clear` (so one coverage serves many outline blocks without refilling `head`). */
  private filed: number[] = [];

  constructor(slots: number) {
    this.head = new Int32Array(slots).fill(-1);
  }

  /** Forgets every filed interval; costs the slots filed, not the slots there are. */
  clear(): void {
    for (const slot of this.filed) this.head[slot] = -1;
    this.filed = [];
    this.count = 0;
  }

  add(slot: number, t0: number, t1: number): void {
    if (this.head[slot] === -1) this.filed.push(slot);
    if (this.count === this.lo.length) {
      this.lo = doubled(this.lo);
      this.hi = doubled(this.hi);
      this.next = doubled(this.next);
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

/**
 * Which pieces an outline pass reads: every piece of the mesh (null), or these piece indices
 * in this order (one spatial block of a large map, outline-blocks.ts).
 */
export type PieceList = ArrayLike<number> | null;

/** How many pieces `list` names (`all` when it is null). */
function listLength(list: PieceList, all: number): number {
  return list ? list.length : all;
}

/** (D): the edges of the playable linear pieces (all, or those `pieces` lists), scaled by `scale` (globe layer radius ratio). */
export function linearOutlines(linear: MeshBuffers, styles: OutlineStyles, eps: number, scale: number, pieces: PieceList = null): LineBuffers {
  const k = linear.verticesPerPiece;
  const { playable } = styles;
  let count = 0;
  const n = listLength(pieces, linear.pieceCount);
  for (let i = 0; i < n; i++) {
    const p = pieces ? pieces[i]! : i;
    if (linear.owner[p]! >= 0 && playable[linear.terrain[p]!]) count++;
  }
  const w = new LineWriter(count * k, styles.rgba);
  writeLinearEdges(w, linear, playable, scale, eps, pieces);
  return w.finish();
}

/** Writes every side of the linear pieces whose terrain `include` marks (degenerate sides skipped), scaled by `scale`. */
function writeLinearEdges(w: LineWriter, linear: MeshBuffers, include: Uint8Array, scale: number, eps: number, pieces: PieceList): void {
  const k = linear.verticesPerPiece;
  const pos = linear.positions;
  const eps2 = eps * eps;
  const n = listLength(pieces, linear.pieceCount);
  for (let i = 0; i < n; i++) {
    const p = pieces ? pieces[i]! : i;
    const owner = linear.owner[p]!;
    const t = linear.terrain[p]!;
    if (owner < 0 || !include[t]) continue;
    const v = 3 * k * p;
    w.reserve(k);
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
}

/**
 * (C) from the filed coverage. `across[slot]` is the area piece on the other side of each
 * edge (−1 for none); `degree[tile]` the polygon's corner count (null: 4 on square maps, else 6).
 */
export function areaOutlines(area: MeshBuffers, across: Int32Array, cov: EdgeCoverage, styles: OutlineStyles, square: boolean, degree: Int32Array | null, scale: number, minLength: number, pieces: PieceList = null): LineBuffers {
  const k = area.verticesPerPiece;
  const { playable } = styles;
  const ter = area.terrain;
  let count = 0;
  const n = listLength(pieces, area.pieceCount);
  for (let i = 0; i < n; i++) {
    const p = pieces ? pieces[i]! : i;
    if (area.owner[p]! >= 0 && playable[ter[p]!]) count++;
  }
  const w = new LineWriter(count * k + cov.count, styles.rgba);
  const pos = area.positions;
  for (let i = 0; i < n; i++) {
    const p = pieces ? pieces[i]! : i;
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

/**
 * The plain mark of what the mode cannot pass: every edge of a BARRIER area polygon that does
 * not face another barrier polygon (so impassable ground reads as one region, its rim drawn),
 * and every edge of a BARRIER linear piece (a river wheels cannot cross, as a thick line).
 * Scales and `degree` as in areaOutlines; `linearScale` the linear layer's.
 */
export function barrierOutlines(area: MeshBuffers, across: Int32Array, linear: MeshBuffers, styles: OutlineStyles, square: boolean, degree: Int32Array | null, scale: number, linearScale: number, eps: number, pieces: { area: PieceList; linear: PieceList } = { area: null, linear: null }): LineBuffers {
  const { barrier } = styles;
  const w = new LineWriter(64, styles.rgba);
  const k = area.verticesPerPiece;
  const pos = area.positions;
  const n = listLength(pieces.area, area.pieceCount);
  for (let i = 0; i < n; i++) {
    const p = pieces.area ? pieces.area[i]! : i;
    const tile = area.owner[p]!;
    const t = area.terrain[p]!;
    if (tile < 0 || !barrier[t]) continue;
    const deg = degree ? degree[tile]! : square ? 4 : 6;
    const v = 3 * k * p;
    w.reserve(deg);
    for (let e = 0; e < deg; e++) {
      const q = across[p * k + e]!;
      if (q >= 0 && barrier[area.terrain[q]!]) continue;
      const a = v + 3 * (e === 0 ? deg - 1 : e - 1);
      const b = v + 3 * e;
      w.add(pos[a]! * scale, pos[a + 1]! * scale, pos[a + 2]! * scale, pos[b]! * scale, pos[b + 1]! * scale, pos[b + 2]! * scale, t, tile);
    }
  }
  writeLinearEdges(w, linear, barrier, linearScale, eps, pieces.linear);
  return w.finish();
}
