/**
 * hex-hexagon maps (SPEC §2): flat-top hexagons filling one big hexagon of diameter D (tiles
 * along any axis; D odd, radius R = (D−1)/2), centred on cube (0,0,0): the tiles with
 * max(|x|,|y|,|z|) ≤ R, 3R(R+1)+1 of them. Preferred coordinates cube; 60° and 120° axial
 * convert. No wrap: only the rectangular kinds wrap (a hexagon map's seams would join its
 * sides three ways round, which none of the tools we exchange maps with does).
 *
 * Dense index: column by column (constant x, the straight lines of a flat-top map, as on
 * hex-rectangle), each column bottom to top. Column x has 2R+1−|x| ≥ R+1 tiles. Two tables
 * of O(R) entries make both directions O(1) arithmetic: the 2R+2 column starts (coordinate
 * → index: one lookup), and the column at every (R+1)-th index (index → coordinate: one
 * division, one lookup, one comparison, since a run of R+1 indices crosses at most one
 * column boundary).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { cube, inSystem, type CoordOf, type Cube } from '../coordinates.js';
import type { Coord, GridSize, HexOrientation, Layout, ModelPoint, Wrap } from '../types.js';
import type { CoordSystem } from '../coordinates.js';
import type { IndexXYGrid } from '../capabilities.js';
import { DEFAULT_LAYOUT, NO_WRAP } from '../types.js';
import { checkHexagonDiameter, MAX_TILES } from '../size.js';
import { DX120, DY120, rotateAxial120 } from './axial.js';
import { checkOrientation, hexCenter, hexCorners, pickHex } from './hex-geometry.js';
import { lineTiles, ringTiles, spiralTiles } from './hex-walks.js';

export class HexHexagonGrid implements IndexXYGrid {
  readonly kind = 'hex-hexagon' as const;
  readonly size: GridSize;
  readonly wrap: Wrap = NO_WRAP;
  readonly tileCount: number;
  readonly directions = 6;
  readonly modelDimensions = 2 as const;
  readonly coordSystem: CoordSystem = 'cube';
  readonly coordSystems: readonly CoordSystem[] = ['cube', 'axial60', 'axial120'];
  readonly edgeSlotsPerTile = 3;
  readonly radius: number;
  /** Dense index of the first tile of column x at [x + R]; [2R+1] = tileCount. */
  private readonly colStart: Int32Array;
  /** Column (x + R) of index b·(R+1), at [b]. */
  private readonly blockColumn: Int32Array;
  private readonly block: number;

  constructor(
    readonly diameter: number,
    wrap: Wrap = NO_WRAP,
    /** Flat-top or pointy-top hexes (types.ts `HexOrientation`): geometry only. */
    readonly orientation: HexOrientation = 'flat',
  ) {
    checkHexagonDiameter(diameter);
    checkOrientation(orientation);
    if (wrap.x || wrap.y) throw new Error(`hex-hexagon maps do not wrap (got wrap x=${wrap.x} y=${wrap.y}); only the rectangular kinds wrap`);
    const r = (diameter - 1) / 2;
    const count = 3 * r * (r + 1) + 1;
    if (count > MAX_TILES) throw new Error(`hex-hexagon diameter ${diameter} has ${count} tiles; the limit is ${MAX_TILES}`);
    this.radius = r;
    this.tileCount = count;
    this.size = { kind: 'hex-hexagon', diameter };
    this.colStart = new Int32Array(2 * r + 2);
    for (let j = 0; j <= 2 * r; j++) this.colStart[j + 1] = this.colStart[j]! + 2 * r + 1 - Math.abs(j - r);
    this.block = r + 1;
    this.blockColumn = new Int32Array(Math.ceil(count / this.block));
    for (let b = 0, j = 0; b < this.blockColumn.length; b++) {
      while (this.colStart[j + 1]! <= b * this.block) j++;
      this.blockColumn[b] = j;
    }
  }

  // ── storage ──────────────────────────────────────────────────────────
  index(coord: Coord): number {
    if (coord.length !== 3) throw new Error(`hex-hexagon coordinates are cube [x, y, z], got ${JSON.stringify(coord)}`);
    const [x, y, z] = coord as [number, number, number];
    if (x + y + z !== 0) throw new Error(`cube coordinates must sum to 0, got ${JSON.stringify(coord)}`);
    return this.indexXY(x, -z);
  }

  /** Allocation-free index of the tile at 120° axial (x, y) (cube (x, y − x, −y)); −1 off the map. */
  indexXY(x: number, y: number): number {
    if (!Number.isInteger(x) || !Number.isInteger(y)) return -1;
    const r = this.radius;
    if (x < -r || x > r) return -1;
    const lo = x > 0 ? x - r : -r;
    const hi = x < 0 ? x + r : r;
    if (y < lo || y > hi) return -1;
    return this.colStart[x + r]! + y - lo;
  }

  /** Column (120° axial x) of a dense index. */
  private columnOf(index: number): number {
    let j = this.blockColumn[(index / this.block) | 0]!;
    if (index >= this.colStart[j + 1]!) j++;
    return j - this.radius;
  }

  /** 120° axial [x, y] of a tile. */
  axial(index: number): [number, number] {
    this.check(index);
    const x = this.columnOf(index);
    const r = this.radius;
    const lo = x > 0 ? x - r : -r;
    return [x, lo + index - this.colStart[x + r]!];
  }

  coord(index: number): Cube {
    const [x, y] = this.axial(index);
    return cube(x, y - x, 0 - y);
  }

  toSystem<S extends CoordSystem>(index: number, system: S): CoordOf[S] {
    const [x, y] = this.axial(index);
    switch (system) {
      case 'cube':
        return inSystem(system, [x, y - x, 0 - y]);
      case 'axial60':
        return inSystem(system, [x, y - x]);
      case 'axial120':
        return inSystem(system, [x, y]);
      default:
        throw new Error(`hex-hexagon maps use cube, axial60 or axial120 coordinates, not ${system}`);
    }
  }

  fromSystem(coord: Coord, system: CoordSystem): number {
    switch (system) {
      case 'cube':
        return this.index(coord);
      case 'axial60':
        if (coord.length !== 2) throw new Error(`60° axial coordinates are [x, y], got ${JSON.stringify(coord)}`);
        return this.indexXY(coord[0]!, coord[0]! + coord[1]!);
      case 'axial120':
        if (coord.length !== 2) throw new Error(`120° axial coordinates are [x, y], got ${JSON.stringify(coord)}`);
        return this.indexXY(coord[0]!, coord[1]!);
      default:
        throw new Error(`hex-hexagon maps use cube, axial60 or axial120 coordinates, not ${system}`);
    }
  }

  // ── topology ─────────────────────────────────────────────────────────
  neighbor(index: number, dir: number): number {
    const x = this.columnOf(index);
    const r = this.radius;
    const lo = x > 0 ? x - r : -r;
    const y = lo + index - this.colStart[x + r]!;
    return this.indexXY(x + DX120[dir]!, y + DY120[dir]!);
  }

  neighbors(index: number, out: Int32Array): number {
    const x = this.columnOf(index);
    const r = this.radius;
    const cs = this.colStart;
    const lo = x > 0 ? x - r : -r;
    const hi = x < 0 ? x + r : r;
    const y = lo + index - cs[x + r]!;
    if (x > -r && x < r && y > lo && y < hi) {
      // Interior: the columns either side start one lower or one higher than this one.
      const j = x + r;
      const left = cs[j - 1]! - (x > 0 ? x - 1 - r : -r); // dense index of (x−1, 0) extended
      const right = cs[j + 1]! - (x + 1 > 0 ? x + 1 - r : -r); // dense index of (x+1, 0) extended
      out[0] = index + 1;
      out[1] = right + y + 1;
      out[2] = right + y;
      out[3] = index - 1;
      out[4] = left + y - 1;
      out[5] = left + y;
      return 6;
    }
    for (let d = 0; d < 6; d++) out[d] = this.indexXY(x + DX120[d]!, y + DY120[d]!);
    return 6;
  }

  degree(_index: number): number {
    return 6;
  }

  isPentagon(_index: number): boolean {
    return false;
  }

  distance(a: number, b: number): number {
    // Hot path: columnOf and axial120Distance written out, so nothing depends on inlining.
    const r = this.radius;
    const cs = this.colStart;
    const bc = this.blockColumn;
    let ja = bc[(a / this.block) | 0]!;
    if (a >= cs[ja + 1]!) ja++;
    let jb = bc[(b / this.block) | 0]!;
    if (b >= cs[jb + 1]!) jb++;
    const ax = ja - r;
    const bx = jb - r;
    const dy = (bx > 0 ? bx : 0) + b - cs[jb]! - (ax > 0 ? ax : 0) - a + cs[ja]!;
    let dx = bx - ax;
    let v = 2 * dy - dx;
    if (dx < 0) dx = -dx;
    if (v < 0) v = -v;
    return (dx + (v > dx ? v : dx)) >> 1;
  }

  /** Column by column: the hexes within `radius` form one y interval per column. */
  range(center: number, radius: number): Int32Array {
    this.checkRadius(radius);
    const [cx, cy] = this.axial(center);
    const R = this.radius;
    const out = new Int32Array(Math.min(this.tileCount, 3 * radius * (radius + 1) + 1));
    let n = 0;
    for (let x = Math.max(-R, cx - radius); x <= Math.min(R, cx + radius); x++) {
      const dx = x - cx;
      const colLo = x > 0 ? x - R : -R;
      const colHi = x < 0 ? x + R : R;
      const y0 = Math.max(colLo, cy + Math.max(-radius, dx - radius));
      const y1 = Math.min(colHi, cy + Math.min(radius, dx + radius));
      const base = this.colStart[x + R]! - colLo;
      for (let y = y0; y <= y1; y++) out[n++] = base + y;
    }
    return n === out.length ? out : out.slice(0, n);
  }

  ring(center: number, radius: number): Int32Array {
    this.checkRadius(radius);
    const [cx, cy] = this.axial(center);
    if (radius > 2 * this.radius) return new Int32Array(0);
    return ringTiles(this, center, cx, cy, radius, false);
  }

  spiral(center: number, radius: number): Int32Array {
    this.checkRadius(radius);
    const [cx, cy] = this.axial(center);
    return spiralTiles(this, center, cx, cy, radius, 2 * this.radius, false);
  }

  line(a: number, b: number): Int32Array {
    const [ax, ay] = this.axial(a);
    const [bx, by] = this.axial(b);
    return lineTiles(this, a, ax, ay, b, bx - ax, by - ay);
  }

  rotate(index: number, pivot: number, steps: number): number {
    if (!Number.isInteger(steps)) throw new Error(`rotation steps must be an integer (60° each), got ${steps}`);
    const [x, y] = this.axial(index);
    const [px, py] = this.axial(pivot);
    const [rx, ry] = rotateAxial120(x - px, y - py, steps);
    return this.indexXY(px + rx, py + ry);
  }

  // ── edges ────────────────────────────────────────────────────────────
  /** Directions 0–2 own the edge (slot 3·tile + d); 3–5 are the neighbour's edge d − 3. */
  edgeSlot(index: number, dir: number): number {
    const n = this.neighbor(index, dir);
    if (n < 0) return -1;
    return dir < 3 ? index * 3 + dir : n * 3 + dir - 3;
  }

  // ── layout ───────────────────────────────────────────────────────────
  center(index: number, layout?: Layout): number[] {
    const [x, y] = this.axial(index);
    return hexCenter(x, y, layout, this.orientation);
  }

  /** TILE-SPACING: the layout's size (SPEC §2). */
  spacing(layout: Layout = DEFAULT_LAYOUT): number {
    return layout.size;
  }

  corners(index: number, layout?: Layout): number[][] {
    const [x, y] = this.axial(index);
    return hexCorners(x, y, layout, this.orientation);
  }

  pick(point: ModelPoint, layout?: Layout): number {
    const [x, y] = pickHex(point, layout, this.orientation);
    return this.indexXY(x, y);
  }

  private check(index: number): void {
    if (!Number.isInteger(index) || index < 0 || index >= this.tileCount) {
      throw new RangeError(`tile index ${index} is outside this diameter-${this.diameter} hex-hexagon map (0…${this.tileCount - 1})`);
    }
  }

  private checkRadius(radius: number): void {
    if (!Number.isInteger(radius) || radius < 0) throw new RangeError(`radius must be an integer ≥ 0, got ${radius}`);
  }
}
