/**
 * The topology shared by hex-rectangle and offset-square maps (the patent: their
 * transformation sets are identical): W columns x = 0 … W−1 of H tiles; column x holds the
 * 120° axial y from Y0(x) to Y0(x)+H−1; dense index = x·H + (y − Y0(x)). Subclasses add
 * only geometry (centre, corners, pick).
 *
 * Shapes (SPEC §2, §3):
 * - classic: Y0(x) = ⌊x/2⌋ — odd columns sit half a tile lower (Red Blob's "odd-q" look).
 * - alform: the map you get by doubling a classic map (tile (x, y) → (2x, 2y), edges in
 *   between): Y0(X) = 2⌊X/4⌋ for even X, (X−1)/2 for odd X. The doubled area tiles of
 *   classic column x start at 2⌊x/2⌋; the linear tiles between columns x and x+1 start at x.
 *
 * Wrapping: y: (x, y) ≡ (x, y+H). x: (x, y) ≡ (x+W, y + Y0(x+W) − Y0(x)) = (x+W, y + W/2)
 * with Y0 extended to all integers; the stagger must continue across the seam, so W must be
 * even (classic) or a multiple of 4 (alform).
 *
 * Hot paths (neighbour, distance) are integer arithmetic on the dense index with small
 * per-(column mod 4) tables; nothing is allocated per tile.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { axial120, inSystem, type Axial120, type CoordOf } from '../coordinates.js';
import type { Coord, GridSize, Layout, ModelPoint, Wrap } from '../types.js';
import type { CoordSystem } from '../coordinates.js';
import { DEFAULT_LAYOUT, NO_WRAP } from '../types.js';
import { checkRectangle } from '../size.js';
import { mod } from '../layout.js';
import { DX120, DY120, axial120ToAxial60, axial120ToCube, axial60ToAxial120, rotateAxial120 } from './axial.js';
import { lineTiles, ringTiles, spiralTiles } from './hex-walks.js';

export type ColumnShape = 'classic' | 'alform';
export const COLUMN_SHAPES: readonly ColumnShape[] = ['classic', 'alform'];

/** First 120° axial y of column x, for any integer x (the extension the x seam needs). */
export function columnStart(shape: ColumnShape, x: number): number {
  if (shape === 'classic') return Math.floor(x / 2);
  return x & 1 ? (x - 1) / 2 : 2 * Math.floor(x / 4);
}

export abstract class ColumnGrid {
  readonly size: GridSize;
  readonly tileCount: number;
  readonly directions = 6;
  readonly modelDimensions = 2 as const;
  readonly coordSystem: CoordSystem = 'axial120';
  abstract readonly coordSystems: readonly CoordSystem[];
  readonly edgeSlotsPerTile = 3;

  /** Y0(x+1) − Y0(x), indexed by x & 3 (both shapes repeat every 4 columns). */
  private readonly rise = new Int32Array(4);
  /** x − 2·Y0(x), indexed by x & 3: the column's stagger in half tiles (used by distance). */
  private readonly phase = new Int32Array(4);
  private readonly wrapX: boolean;
  private readonly wrapY: boolean;
  /** Change of the in-column position k for a step in direction d from column x: [(x & 3)·6 + d]. */
  private readonly stepK = new Int32Array(24);
  /** Dense-index change for a step that stays inside the map: [(x & 3)·6 + d]. */
  private readonly stepIndex = new Int32Array(24);

  constructor(
    readonly kind: 'hex-rectangle' | 'offset-square',
    readonly width: number,
    readonly height: number,
    readonly wrap: Wrap = NO_WRAP,
    readonly shape: ColumnShape = 'classic',
  ) {
    checkRectangle(kind, width, height, wrap);
    if (!COLUMN_SHAPES.includes(shape)) throw new Error(`${kind} shape must be "classic" or "alform", got ${JSON.stringify(shape)}`);
    if (wrap.x) {
      const period = shape === 'classic' ? 2 : 4;
      if (width % period !== 0) {
        throw new Error(
          `${kind} (${shape}) wrapped along x needs a width that is a multiple of ${period} so the column stagger continues across the seam, got ${width}`,
        );
      }
    }
    this.size = { kind, width, height };
    this.tileCount = width * height;
    this.wrapX = wrap.x;
    this.wrapY = wrap.y;
    for (let m = 0; m < 4; m++) {
      this.rise[m] = columnStart(shape, m + 1) - columnStart(shape, m);
      this.phase[m] = m - 2 * columnStart(shape, m);
    }
    for (let m = 0; m < 4; m++) {
      for (let d = 0; d < 6; d++) {
        const dx = DX120[d]!;
        const shift = dx === 1 ? this.rise[m]! : dx === -1 ? -this.rise[(m + 3) & 3]! : 0;
        this.stepK[m * 6 + d] = DY120[d]! - shift;
        this.stepIndex[m * 6 + d] = dx * height + DY120[d]! - shift;
      }
    }
  }

  /** First 120° axial y of column x. */
  columnStart(x: number): number {
    return columnStart(this.shape, x);
  }

  // ── storage ──────────────────────────────────────────────────────────
  index(coord: Coord): number {
    if (coord.length !== 2) throw new Error(`${this.kind} coordinates are 120° axial [x, y], got ${JSON.stringify(coord)}`);
    return this.indexXY(coord[0]!, coord[1]!);
  }

  /** Allocation-free index of the tile at 120° axial (x, y), wrapping applied; −1 off the map. */
  indexXY(x: number, y: number): number {
    if (!Number.isInteger(x) || !Number.isInteger(y)) return -1;
    const w = this.width;
    const h = this.height;
    if (x < 0 || x >= w) {
      if (!this.wrapX) return -1;
      const nx = mod(x, w);
      y += ((nx - x) / w) * (w / 2);
      x = nx;
    }
    let k = y - columnStart(this.shape, x);
    if (k < 0 || k >= h) {
      if (!this.wrapY) return -1;
      k = mod(k, h);
    }
    return x * h + k;
  }

  coord(index: number): Axial120 {
    this.check(index);
    const x = Math.floor(index / this.height);
    return axial120(x, columnStart(this.shape, x) + index - x * this.height);
  }

  toSystem<S extends CoordSystem>(index: number, system: S): CoordOf[S] {
    const [x, y] = this.coord(index);
    switch (system) {
      case 'axial120':
        return inSystem(system, [x, y]);
      case 'axial60':
        return inSystem(system, axial120ToAxial60(x, y));
      case 'cube':
        if (this.coordSystems.includes('cube')) return inSystem(system, axial120ToCube(x, y));
    }
    throw this.unsupported(system);
  }

  fromSystem(coord: Coord, system: CoordSystem): number {
    switch (system) {
      case 'axial120':
        return this.index(coord);
      case 'axial60': {
        if (coord.length !== 2) throw new Error(`60° axial coordinates are [x, y], got ${JSON.stringify(coord)}`);
        const [x, y] = axial60ToAxial120(coord[0]!, coord[1]!);
        return this.indexXY(x, y);
      }
      case 'cube':
        if (this.coordSystems.includes('cube')) {
          if (coord.length !== 3) throw new Error(`cube coordinates are [x, y, z], got ${JSON.stringify(coord)}`);
          const [cx, cy, cz] = coord as [number, number, number];
          if (cx + cy + cz !== 0) throw new Error(`cube coordinates must sum to 0, got ${JSON.stringify(coord)}`);
          return this.indexXY(cx, -cz);
        }
    }
    throw this.unsupported(system);
  }

  private unsupported(system: CoordSystem): Error {
    return new Error(`${this.kind} maps use ${this.coordSystems.join(', ')} coordinates, not ${system}`);
  }

  // ── topology ─────────────────────────────────────────────────────────
  neighbor(index: number, dir: number): number {
    const h = this.height;
    const x = (index / h) | 0;
    const k = index - x * h;
    const m = (x & 3) * 6 + dir;
    let nx = x + DX120[dir]!;
    let nk = k + this.stepK[m]!;
    if (nx < 0 || nx >= this.width) {
      // In-column position k is unchanged by the seam's translation (x+W, y+W/2).
      if (!this.wrapX) return -1;
      nx = nx < 0 ? nx + this.width : nx - this.width;
    }
    if (nk < 0 || nk >= h) {
      if (!this.wrapY) return -1;
      nk = nk < 0 ? nk + h : nk - h;
    }
    return nx * h + nk;
  }

  neighbors(index: number, out: Int32Array): number {
    const h = this.height;
    const x = (index / h) | 0;
    const k = index - x * h;
    if (x > 0 && x < this.width - 1 && k > 0 && k < h - 1) {
      // Interior: every step is a constant change of the dense index for this column phase.
      const m = (x & 3) * 6;
      const s = this.stepIndex;
      out[0] = index + s[m]!;
      out[1] = index + s[m + 1]!;
      out[2] = index + s[m + 2]!;
      out[3] = index + s[m + 3]!;
      out[4] = index + s[m + 4]!;
      out[5] = index + s[m + 5]!;
      return 6;
    }
    for (let d = 0; d < 6; d++) out[d] = this.neighbor(index, d);
    return 6;
  }

  degree(_index: number): number {
    return 6;
  }

  /** TILE-SPACING: the layout's size (SPEC §2; offset-square: the side of a brick). */
  spacing(layout: Layout = DEFAULT_LAYOUT): number {
    return layout.size;
  }

  isPentagon(_index: number): boolean {
    return false;
  }

  distance(a: number, b: number): number {
    const h = this.height;
    const ax = (a / h) | 0;
    const bx = (b / h) | 0;
    let dx = bx - ax;
    // v = 2dy − dx = 2Δk + (2·Y0(bx) − bx) − (2·Y0(ax) − ax). It is unchanged by the x seam's
    // translation (W, W/2), so the seam only shortens |dx|.
    let v = 2 * (b - bx * h - a + ax * h) + this.phase[ax & 3]! - this.phase[bx & 3]!;
    if (dx < 0) dx = -dx;
    if (this.wrapX && dx > this.width - dx) dx = this.width - dx;
    if (this.wrapY) {
      const h2 = 2 * h;
      v %= h2;
      if (v < 0) v += h2;
      if (v > h) v = h2 - v;
    } else if (v < 0) v = -v;
    return (dx + (v > dx ? v : dx)) >> 1;
  }

  /**
   * Column by column: in column x (|dx| = a columns away, the shortest way round) a tile is
   * within r iff a ≤ r and |2dy − dx| ≤ 2r − a, an interval of y. No search, output-sized work.
   */
  range(center: number, radius: number): Int32Array {
    this.check(center);
    this.checkRadius(radius);
    const w = this.width;
    const h = this.height;
    const cx = (center / h) | 0;
    const cy = columnStart(this.shape, cx) + center - cx * h;
    const cap = Math.min(this.tileCount, 3 * radius * (radius + 1) + 1);
    const out = new Int32Array(cap);
    let n = 0;
    const x0 = this.wrap.x ? 0 : Math.max(0, cx - radius);
    const x1 = this.wrap.x ? w - 1 : Math.min(w - 1, cx + radius);
    for (let x = x0; x <= x1; x++) {
      const dx = x - cx;
      let a = dx < 0 ? -dx : dx;
      if (this.wrap.x && a > w - a) a = w - a;
      if (a > radius) continue;
      // |2(y − cy) − dx| ≤ 2r − a  ⇔  y ∈ [cy + ⌈(dx − s)/2⌉, cy + ⌊(dx + s)/2⌋], s = 2r − a.
      const s = 2 * radius - a;
      const y0 = cy + Math.ceil((dx - s) / 2);
      const y1 = cy + Math.floor((dx + s) / 2);
      const base = x * h;
      const k0 = y0 - columnStart(this.shape, x);
      const k1 = y1 - columnStart(this.shape, x);
      if (!this.wrap.y) {
        for (let k = Math.max(0, k0); k <= Math.min(h - 1, k1); k++) out[n++] = base + k;
      } else if (k1 - k0 + 1 >= h) {
        for (let k = 0; k < h; k++) out[n++] = base + k;
      } else {
        // The interval wraps round the column at most once: emit the low part first to stay sorted.
        const lo = mod(k0, h);
        const hi = lo + (k1 - k0);
        if (hi >= h) for (let k = 0; k <= hi - h; k++) out[n++] = base + k;
        for (let k = lo; k <= Math.min(hi, h - 1); k++) out[n++] = base + k;
      }
    }
    return n === out.length ? out : out.slice(0, n);
  }

  ring(center: number, radius: number): Int32Array {
    this.check(center);
    this.checkRadius(radius);
    if (radius > this.maxDistance()) return new Int32Array(0);
    const [cx, cy] = this.coord(center) as [number, number];
    return ringTiles(this, center, cx, cy, radius, this.wrap.x || this.wrap.y);
  }

  spiral(center: number, radius: number): Int32Array {
    this.check(center);
    this.checkRadius(radius);
    const [cx, cy] = this.coord(center) as [number, number];
    return spiralTiles(this, center, cx, cy, radius, this.maxDistance(), this.wrap.x || this.wrap.y);
  }

  line(a: number, b: number): Int32Array {
    this.check(a);
    this.check(b);
    const [ax, ay] = this.coord(a) as [number, number];
    const [dx, dy] = this.displacement(a, b);
    return lineTiles(this, a, ax, ay, b, dx, dy);
  }

  /** Rotates about the pivot in 120° axial offset space (the shortest offset on wrapped maps). */
  rotate(index: number, pivot: number, steps: number): number {
    this.check(index);
    this.check(pivot);
    if (!Number.isInteger(steps)) throw new Error(`rotation steps must be an integer (60° each), got ${steps}`);
    if (steps % 6 === 0) return index;
    const [px, py] = this.coord(pivot) as [number, number];
    const [dx, dy] = this.displacement(pivot, index);
    const [rx, ry] = rotateAxial120(dx, dy, steps);
    return this.indexXY(px + rx, py + ry);
  }

  /** 120° axial offset from a to b; on wrapped maps the shortest one. */
  displacement(a: number, b: number): [number, number] {
    const [ax, ay] = this.coord(a) as [number, number];
    const [bx, by] = this.coord(b) as [number, number];
    let dx = bx - ax;
    let dy = by - ay;
    const w = this.width;
    if (this.wrap.x) {
      if (dx > w / 2) {
        dx -= w;
        dy -= w / 2;
      } else if (dx < -w / 2) {
        dx += w;
        dy += w / 2;
      }
    }
    if (this.wrap.y) {
      // Choose dy + mH with |2dy − dx| smallest (that is the y part of the distance).
      const h = this.height;
      const m = Math.round((dx / 2 - dy) / h);
      dy += m * h;
    }
    return [dx, dy];
  }

  // ── edges ────────────────────────────────────────────────────────────
  /** Directions 0–2 own the edge (slot 3·tile + d); 3–5 are the neighbour's edge d − 3. */
  edgeSlot(index: number, dir: number): number {
    const n = this.neighbor(index, dir);
    if (n < 0) return -1;
    return dir < 3 ? index * 3 + dir : n * 3 + dir - 3;
  }

  // ── layout ───────────────────────────────────────────────────────────
  abstract center(index: number, layout?: Layout): number[];
  abstract corners(index: number, layout?: Layout): number[][];
  abstract pick(point: ModelPoint, layout?: Layout): number;

  /** An upper bound of any distance on this map (rings beyond it are empty). */
  protected maxDistance(): number {
    return this.width + this.height;
  }

  protected check(index: number): void {
    if (!Number.isInteger(index) || index < 0 || index >= this.tileCount) {
      throw new RangeError(`tile index ${index} is outside this ${this.width}x${this.height} ${this.kind} map (0…${this.tileCount - 1})`);
    }
  }

  protected checkRadius(radius: number): void {
    if (!Number.isInteger(radius) || radius < 0) throw new RangeError(`radius must be an integer ≥ 0, got ${radius}`);
  }
}
