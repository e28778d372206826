/**
 * The square grid (SPEC §2): cartesian (x, y), y up, eight neighbours in the patent's order
 * N, NE, E, SE, S, SW, W, NW. Diagonal neighbours share a vertex, not an edge, so distance
 * is the Chebyshev metric (one hop per king's move). Dense index = y·W + x.
 *
 * Classic square maps carry terrain on tile edges (2 slots a tile: N and E edge) and on
 * tile vertices (1 slot a tile: the NE vertex) — see `edgeSlot` / `vertexSlot`.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { cartesian, inSystem, type Cartesian, type CoordOf } from '../coordinates.js';
import type { Coord, GridSize, Layout, ModelPoint, Wrap } from '../types.js';
import type { CoordSystem } from '../coordinates.js';
import type { IndexXYGrid, VertexGrid } from '../capabilities.js';
import { DEFAULT_LAYOUT, NO_WRAP } from '../types.js';
import { checkRectangle } from '../size.js';
import { spiralOfRings } from '../spiral.js';
import { fromModel, mod, toModel, wrapDelta } from '../layout.js';

/** SPEC §2 transformation set; the position is the direction. */
export const SQUARE_DIRECTIONS: readonly (readonly [number, number])[] = [
  [0, 1],
  [1, 1],
  [1, 0],
  [1, -1],
  [0, -1],
  [-1, -1],
  [-1, 0],
  [-1, 1],
];
const DX = Int32Array.from(SQUARE_DIRECTIONS, (d) => d[0]);
const DY = Int32Array.from(SQUARE_DIRECTIONS, (d) => d[1]);

export class SquareGrid implements VertexGrid, IndexXYGrid {
  readonly kind = 'square' as const;
  readonly size: GridSize;
  readonly tileCount: number;
  readonly directions = 8;
  readonly modelDimensions = 2 as const;
  readonly coordSystem: CoordSystem = 'cartesian';
  readonly coordSystems: readonly CoordSystem[] = ['cartesian'];
  readonly edgeSlotsPerTile = 2;
  readonly vertexSlotsPerTile = 1;

  constructor(
    readonly width: number,
    readonly height: number,
    readonly wrap: Wrap = NO_WRAP,
  ) {
    checkRectangle('square', width, height, wrap);
    this.size = { kind: 'square', width, height };
    this.tileCount = width * height;
  }

  // ── storage ──
  index(coord: Coord): number {
    if (coord.length !== 2) throw new Error(`square coordinates are [x, y], got ${JSON.stringify(coord)}`);
    return this.indexXY(coord[0]!, coord[1]!);
  }

  /** Allocation-free index of (x, y); −1 off the map. */
  indexXY(x: number, y: number): number {
    const { width: w, height: h } = this;
    if (!Number.isInteger(x) || !Number.isInteger(y)) return -1;
    if (this.wrap.x) x = mod(x, w);
    else if (x < 0 || x >= w) return -1;
    if (this.wrap.y) y = mod(y, h);
    else if (y < 0 || y >= h) return -1;
    return y * w + x;
  }

  coord(index: number): Cartesian {
    this.check(index);
    return cartesian(index % this.width, Math.floor(index / this.width));
  }

  toSystem<S extends CoordSystem>(index: number, system: S): CoordOf[S] {
    if (system !== 'cartesian') throw new Error(`square maps use cartesian coordinates, not ${system}`);
    return inSystem(system, this.coord(index));
  }

  fromSystem(coord: Coord, system: CoordSystem): number {
    if (system !== 'cartesian') throw new Error(`square maps use cartesian coordinates, not ${system}`);
    return this.index(coord);
  }

  // ── topology ──
  neighbor(index: number, dir: number): number {
    const w = this.width;
    const x = index % w;
    const y = (index - x) / w;
    return this.indexXY(x + DX[dir]!, y + DY[dir]!);
  }

  neighbors(index: number, out: Int32Array): number {
    const { width: w, height: h } = this;
    const x = index % w;
    const y = (index - x) / w;
    if (!this.wrap.x && !this.wrap.y && x > 0 && y > 0 && x < w - 1 && y < h - 1) {
      // Interior fast path: pure offsets in the dense index.
      out[0] = index + w;
      out[1] = index + w + 1;
      out[2] = index + 1;
      out[3] = index - w + 1;
      out[4] = index - w;
      out[5] = index - w - 1;
      out[6] = index - 1;
      out[7] = index + w - 1;
      return 8;
    }
    for (let d = 0; d < 8; d++) out[d] = this.indexXY(x + DX[d]!, y + DY[d]!);
    return 8;
  }

  degree(): number {
    return 8;
  }

  isPentagon(_index: number): boolean {
    return false;
  }

  /** Shortest (wrap-aware) displacement from a to b. */
  private delta(a: number, b: number): [number, number] {
    const w = this.width;
    const ax = a % w;
    const bx = b % w;
    let dx = bx - ax;
    let dy = (b - bx) / w - (a - ax) / w;
    if (this.wrap.x) dx = wrapDelta(dx, w);
    if (this.wrap.y) dy = wrapDelta(dy, this.height);
    return [dx, dy];
  }

  distance(a: number, b: number): number {
    const w = this.width;
    const ax = a % w;
    const bx = b % w;
    let dx = Math.abs(bx - ax);
    let dy = Math.abs((b - bx) / w - (a - ax) / w);
    if (this.wrap.x && dx > w - dx) dx = w - dx;
    if (this.wrap.y && dy > this.height - dy) dy = this.height - dy;
    return dx > dy ? dx : dy;
  }

  range(center: number, radius: number): Int32Array {
    this.check(center);
    const { width: w, height: h } = this;
    const cx = center % w;
    const cy = (center - cx) / w;
    // On a wrapped axis every column is within floor(w/2); clamping keeps the loop finite and dedupe handles even w.
    const rx = this.wrap.x ? Math.min(radius, Math.floor(w / 2)) : radius;
    const ry = this.wrap.y ? Math.min(radius, Math.floor(h / 2)) : radius;
    const out: number[] = [];
    for (let dy = -ry; dy <= ry; dy++) {
      for (let dx = -rx; dx <= rx; dx++) {
        const i = this.indexXY(cx + dx, cy + dy);
        if (i >= 0) out.push(i);
      }
    }
    return sortedUnique(out);
  }

  ring(center: number, radius: number): Int32Array {
    this.check(center);
    if (radius === 0) return Int32Array.of(center);
    const w = this.width;
    const cx = center % w;
    const cy = (center - cx) / w;
    const seen = new Set<number>();
    const out: number[] = [];
    // Walk the square's perimeter clockwise from its top-left corner.
    const pushAt = (x: number, y: number) => {
      const i = this.indexXY(x, y);
      if (i >= 0 && !seen.has(i) && this.distance(center, i) === radius) {
        seen.add(i);
        out.push(i);
      }
    };
    for (let x = -radius; x < radius; x++) pushAt(cx + x, cy + radius);
    for (let y = radius; y > -radius; y--) pushAt(cx + radius, cy + y);
    for (let x = radius; x > -radius; x--) pushAt(cx + x, cy - radius);
    for (let y = -radius; y < radius; y++) pushAt(cx - radius, cy + y);
    return Int32Array.from(out);
  }

  spiral(center: number, radius: number): Int32Array {
    return spiralOfRings(radius, (r) => this.ring(center, r));
  }

  line(a: number, b: number): Int32Array {
    this.check(a);
    this.check(b);
    const [dx, dy] = this.delta(a, b);
    const n = Math.max(Math.abs(dx), Math.abs(dy));
    const ax = a % this.width;
    const ay = (a - ax) / this.width;
    const out = new Int32Array(n + 1);
    for (let i = 0; i <= n; i++) {
      // Round half away from the start so a→b and b→a pick mirror-image tiles.
      const fx = n === 0 ? 0 : roundHalfAway((dx * i) / n);
      const fy = n === 0 ? 0 : roundHalfAway((dy * i) / n);
      out[i] = this.indexXY(ax + fx, ay + fy);
    }
    return out;
  }

  rotate(index: number, pivot: number, steps: number): number {
    this.check(index);
    this.check(pivot);
    let [dx, dy] = this.delta(pivot, index);
    const k = mod(steps, 4);
    for (let s = 0; s < k; s++) [dx, dy] = [dy, -dx]; // 90° clockwise with y up
    const px = pivot % this.width;
    return this.indexXY(px + dx, (pivot - px) / this.width + dy);
  }

  // ── edges and vertices ──
  /** N edge → slot 2i, E edge → slot 2i+1; S and W are the neighbour's N and E. Diagonals are vertices: −1. */
  edgeSlot(index: number, dir: number): number {
    if (dir & 1) return -1;
    const n = this.neighbor(index, dir);
    if (n < 0) return -1;
    switch (dir) {
      case 0:
        return index * 2;
      case 2:
        return index * 2 + 1;
      case 4:
        return n * 2;
      default:
        return n * 2 + 1;
    }
  }

  /** Vertex slots: one a tile, its NE corner. A corner exists only where all four tiles are on the map. */
  vertexSlot(index: number, dir: number): number {
    if (!(dir & 1)) return -1;
    const diag = this.neighbor(index, dir);
    if (diag < 0) return -1;
    switch (dir) {
      case 1:
        return index;
      case 3:
        return this.neighbor(index, 4);
      case 5:
        return diag;
      default:
        return this.neighbor(index, 6);
    }
  }

  // ── layout ──
  center(index: number, layout?: Layout): number[] {
    this.check(index);
    const x = index % this.width;
    return toModel(x, (index - x) / this.width, layout);
  }

  /** TILE-SPACING: the layout's size (SPEC §2). */
  spacing(layout: Layout = DEFAULT_LAYOUT): number {
    return layout.size;
  }

  corners(index: number, layout?: Layout): number[][] {
    this.check(index);
    const x = index % this.width;
    const y = (index - x) / this.width;
    return [
      toModel(x + 0.5, y - 0.5, layout),
      toModel(x + 0.5, y + 0.5, layout),
      toModel(x - 0.5, y + 0.5, layout),
      toModel(x - 0.5, y - 0.5, layout),
    ];
  }

  pick(point: ModelPoint, layout?: Layout): number {
    const [ux, uy] = fromModel(point[0]!, point[1]!, layout);
    return this.indexXY(Math.round(ux), Math.round(uy));
  }

  private check(index: number): void {
    if (!Number.isInteger(index) || index < 0 || index >= this.tileCount) {
      throw new RangeError(`tile index ${index} is outside this ${this.width}x${this.height} square map (0…${this.tileCount - 1})`);
    }
  }
}

function roundHalfAway(v: number): number {
  return v < 0 ? -Math.round(-v) : Math.round(v);
}

export function sortedUnique(values: number[]): Int32Array {
  const a = Int32Array.from(values).sort();
  let k = 0;
  for (let i = 0; i < a.length; i++) if (i === 0 || a[i] !== a[i - 1]) a[k++] = a[i]!;
  return a.slice(0, k);
}
