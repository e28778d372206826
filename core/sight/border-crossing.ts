/**
 * Whether a sight line crosses a linear tile's border — the line between the area tiles on
 * either side of it — inside that tile: the test behind "blocks sight across" (see
 * line-of-sight.ts). Flat maps test against the lattice cell, the globe against the chord.
 * Free functions over the caster's walk, so line-of-sight.ts keeps only the model.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Grid } from '../grid/types.js';
import { TileClass } from '../alform/classify.js';
import { globeGeometry } from '../movement/heuristic.js';
import type { Lattice } from './lattice.js';
import type { SightWalk } from './walk.js';

const EPS = 1e-9;

/** Whether the walk's segment crosses, inside flat sample i's cell, the border with unit-frame normal (ux, uy). */
export function crossesFlat(w: SightWalk, lat: Lattice, i: number, ux: number, uy: number): boolean {
  const vu = w.vx * ux + w.vy * uy;
  const vlen = Math.hypot(w.vx, w.vy);
  if (Math.abs(vu) <= EPS * vlen * Math.hypot(ux, uy)) return false; // along the border, not across
  const cx = w.cx[i]!;
  const cy = w.cy[i]!;
  const s = ((cx - w.ax) * ux + (cy - w.ay) * uy) / vu;
  if (s < -EPS || s > 1 + EPS) return false;
  const rx = w.ax + s * w.vx - cx;
  const ry = w.ay + s * w.vy - cy;
  for (let d = 0; d < lat.dirs; d++) if (2 * (rx * lat.dx[d]! + ry * lat.dy[d]!) > lat.dd[d]! + 1e-7) return false;
  return true;
}

/** Whether the walk's chord crosses globe sample i's border (the line between its two area neighbours) inside the tile; `nb` is scratch. */
export function crossesGlobe(w: SightWalk, grid: Grid, cls: Uint8Array, nb: Int32Array, i: number): boolean {
  const t = w.tile[i]!;
  const c = globeGeometry(grid).centers;
  const deg = grid.neighbors(t, nb);
  let a1 = -1;
  let a2 = -1;
  for (let d = 0; d < deg; d++) {
    const n = nb[d]!;
    if (n >= 0 && cls[n] === TileClass.AREA) {
      if (a1 < 0) a1 = n;
      else a2 = n;
    }
  }
  if (a1 < 0 || a2 < 0) return false;
  const ux = c[3 * a2]! - c[3 * a1]!;
  const uy = c[3 * a2 + 1]! - c[3 * a1 + 1]!;
  const uz = c[3 * a2 + 2]! - c[3 * a1 + 2]!;
  const vu = w.vx * ux + w.vy * uy + w.vz * uz;
  const vlen = Math.hypot(w.vx, w.vy, w.vz);
  if (Math.abs(vu) <= EPS * vlen * Math.hypot(ux, uy, uz)) return false;
  const s = -(w.ax * ux + w.ay * uy + w.az * uz) / vu;
  if (s < -EPS || s > 1 + EPS) return false;
  const x = w.ax + s * w.vx;
  const y = w.ay + s * w.vy;
  const z = w.az + s * w.vz;
  const xlen = Math.hypot(x, y, z);
  for (let d = 0; d < deg; d++) {
    const n = nb[d]!;
    if (n < 0) continue;
    const dot = x * (c[3 * n]! - c[3 * t]!) + y * (c[3 * n + 1]! - c[3 * t + 1]!) + z * (c[3 * n + 2]! - c[3 * t + 2]!);
    if (dot > 1e-7 * xlen) return false;
  }
  return true;
}
