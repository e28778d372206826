/**
 * What the flat-map geometry builders need to know about a grid, computed once per build
 * without an object per tile: every tile's integer coordinate (cartesian on square maps,
 * 120° axial on the hex-topology kinds) in two Int32Arrays, the linear map from coordinates
 * to the grid's unit frame (adjoining centres 1 apart), and the layout as one affine
 * transform (SPEC §2 layout: p' = R(rotation)·(size·p) + origin, the rotation including a
 * pointy-top map's quarter turn, core/grid/capabilities.ts `gridLayout`).
 *
 * Unit frames (the grids' own, see core/grid): square (x, y); offset-square (x, y − x/2);
 * hex (√3/2·x, y − x/2).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Grid, Layout } from '../grid/types.js';
import type { IndexXYGrid } from '../grid/capabilities.js';
import { DEFAULT_LAYOUT } from '../grid/types.js';
import { gridLayout, hasIndexXY } from '../grid/capabilities.js';
import { cosSinDegrees } from '../grid/layout.js';
import { SquareGrid, SQUARE_DIRECTIONS } from '../grid/square/square-grid.js';
import { ColumnGrid } from '../grid/hex/column-grid.js';
import { HexHexagonGrid } from '../grid/hex/hex-hexagon.js';
import { AXIAL120_DIRECTIONS } from '../grid/hex/axial.js';

/** Geometry families: the two hex kinds share one. */
export type FlatFamily = 'square' | 'offset-square' | 'hex';

const SQRT3_2 = Math.sqrt(3) / 2;

export class FlatFrame {
  readonly family: FlatFamily;
  readonly grid: IndexXYGrid;
  readonly tileCount: number;
  /** Coordinate of every tile, in index order. */
  readonly xs: Int32Array;
  readonly ys: Int32Array;
  /** Unit frame = M·(x, y): ux = m00·x + m01·y, uy = m10·x + m11·y. */
  readonly m00: number;
  readonly m01: number;
  readonly m10: number;
  readonly m11: number;
  /** Layout: model = (a·ux + b·uy + e, c·ux + d·uy + f). */
  readonly a: number;
  readonly b: number;
  readonly c: number;
  readonly d: number;
  readonly e: number;
  readonly f: number;
  readonly size: number;
  /** Neighbour coordinate steps in direction order (8 on square maps, 6 otherwise). */
  readonly dx: Int32Array;
  readonly dy: Int32Array;
  /** Model-space translation of one wrap period along x / y (zero when that axis does not wrap). */
  readonly periodX: readonly [number, number];
  readonly periodY: readonly [number, number];

  constructor(grid: Grid, layout: Layout = DEFAULT_LAYOUT) {
    if (!hasIndexXY(grid)) throw new Error(`flat map geometry needs a flat grid, got ${grid.kind}`);
    if (!(layout.size > 0) || !Number.isFinite(layout.size)) throw new Error(`layout size must be a positive number, got ${layout.size}`);
    this.grid = grid;
    this.tileCount = grid.tileCount;
    const n = grid.tileCount;
    this.xs = new Int32Array(n);
    this.ys = new Int32Array(n);
    let periodUx = 0;
    let periodUy = 0;
    if (grid instanceof SquareGrid) {
      this.family = 'square';
      const w = grid.width;
      for (let i = 0, y = 0; y < grid.height; y++) {
        for (let x = 0; x < w; x++, i++) {
          this.xs[i] = x;
          this.ys[i] = y;
        }
      }
      if (grid.wrap.x) periodUx = w;
      if (grid.wrap.y) periodUy = grid.height;
    } else if (grid instanceof ColumnGrid) {
      this.family = grid.kind === 'offset-square' ? 'offset-square' : 'hex';
      const h = grid.height;
      for (let i = 0, x = 0; x < grid.width; x++) {
        const y0 = grid.columnStart(x);
        for (let k = 0; k < h; k++, i++) {
          this.xs[i] = x;
          this.ys[i] = y0 + k;
        }
      }
      // The x seam translates (x, y) by (W, W/2), which keeps y − x/2: a pure unit-frame x shift.
      if (grid.wrap.x) periodUx = this.family === 'hex' ? SQRT3_2 * grid.width : grid.width;
      if (grid.wrap.y) periodUy = h;
    } else if (grid instanceof HexHexagonGrid) {
      this.family = 'hex';
      const r = grid.radius;
      for (let i = 0, x = -r; x <= r; x++) {
        const lo = x > 0 ? x - r : -r;
        const hi = x < 0 ? x + r : r;
        for (let y = lo; y <= hi; y++, i++) {
          this.xs[i] = x;
          this.ys[i] = y;
        }
      }
    } else {
      throw new Error(`no flat geometry for grid kind ${grid.kind}`);
    }
    if (this.family === 'square') {
      this.m00 = 1;
      this.m01 = 0;
      this.m10 = 0;
      this.m11 = 1;
    } else {
      this.m00 = this.family === 'hex' ? SQRT3_2 : 1;
      this.m01 = 0;
      this.m10 = -0.5;
      this.m11 = 1;
    }
    const dirs = this.family === 'square' ? SQUARE_DIRECTIONS : AXIAL120_DIRECTIONS;
    this.dx = Int32Array.from(dirs, (v) => v[0]);
    this.dy = Int32Array.from(dirs, (v) => v[1]);

    // The grid's own layout: a pointy-top hex map turns the flat-top unit frame a quarter turn.
    const [cos, sin] = cosSinDegrees(gridLayout(grid, layout).rotation);
    this.size = layout.size;
    this.a = cos * layout.size;
    this.b = -sin * layout.size;
    this.c = sin * layout.size;
    this.d = cos * layout.size;
    this.e = layout.origin[0];
    this.f = layout.origin[1];
    this.periodX = [this.a * periodUx, this.c * periodUx];
    this.periodY = [this.b * periodUy, this.d * periodUy];
  }

  /** Unit-frame x of coordinate (x, y). */
  ux(x: number, y: number): number {
    return this.m00 * x + this.m01 * y;
  }

  uy(x: number, y: number): number {
    return this.m10 * x + this.m11 * y;
  }

  /** Dense index at (x, y), wrapping applied; −1 off the map. */
  indexAt(x: number, y: number): number {
    return this.grid.indexXY(x, y);
  }

  /** Writes the model-space point of unit-frame (ux, uy) at out[o…o+2] (z = 0). */
  put(out: Float32Array, o: number, ux: number, uy: number): void {
    out[o] = this.a * ux + this.b * uy + this.e;
    out[o + 1] = this.c * ux + this.d * uy + this.f;
    out[o + 2] = 0;
  }
}
