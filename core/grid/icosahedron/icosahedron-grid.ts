/**
 * The whole-planet map kind (SPEC §2 `icosahedron`): hexagons on a sphere with 12 pentagons
 * at the icosahedron's vertices, addressed by integer latitude/longitude (seed, CLAIM 1 (E)).
 *
 * Storage is rings in latitude order, longitude within a ring (lattice.ts); topology is O(1)
 * arithmetic on the strip lattice (topology.ts); geometry is the geodesic construction
 * (embedding.ts); distances and ranges are exact searches (search.ts). This file wires them to
 * the `Grid` contract and adds what the globe alone needs (pentagons, centres, linear axes).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { inSystem, latLon, type CoordOf, type LatLon } from '../coordinates.js';
import type { Coord, GridSize, Layout, ModelPoint, Wrap } from '../types.js';
import type { CoordSystem } from '../coordinates.js';
import type { GlobeGrid, LinearAxis } from '../capabilities.js';
import { DEFAULT_LAYOUT, NO_WRAP } from '../types.js';
import { checkGlobeSide } from '../size.js';
import { nearestStripPoint, spherePoint } from './embedding.js';
import { IcosaLattice } from './lattice.js';
import { GlobeSearch } from './search.js';
import { IcosaTopology } from './topology.js';

/** Largest side: keeps 3·tileCount edge slots inside 32-bit integers. */
export const MAX_ICOSAHEDRON_SIDE = 8191;

const SYSTEMS: readonly CoordSystem[] = Object.freeze(['latlon'] as CoordSystem[]);

/** Axis of a linear tile on an AL-FORM globe: 0, 1, 2 = X-, Y-, Z-AXIS (SPEC §3). */
export type { LinearAxis } from '../capabilities.js';

export class IcosahedronGrid implements GlobeGrid {
  readonly kind = 'icosahedron' as const;
  readonly size: GridSize;
  readonly wrap: Wrap = NO_WRAP;
  readonly tileCount: number;
  readonly directions = 6;
  readonly modelDimensions = 3 as const;
  readonly coordSystem: CoordSystem = 'latlon';
  readonly coordSystems: readonly CoordSystem[] = SYSTEMS;
  readonly edgeSlotsPerTile = 3;
  /** Side L: hexagons between two vertex pentagons along an icosahedron edge. */
  readonly side: number;
  /** n = L + 1: lattice steps along an icosahedron edge; latitude runs 0…3n. */
  readonly n: number;

  private readonly lattice: IcosaLattice;
  private readonly topo: IcosaTopology;
  private readonly search: GlobeSearch;
  private readonly centerBuf: Float64Array;
  private readonly scratchNb = new Int32Array(6);
  private readonly scratchPick = new Int32Array(3);

  constructor(side: number) {
    checkGlobeSide(side);
    if (side > MAX_ICOSAHEDRON_SIDE) {
      throw new Error(`icosahedron side L must be at most ${MAX_ICOSAHEDRON_SIDE} (edge slots must fit 32-bit integers), got ${side}`);
    }
    this.side = side;
    this.n = side + 1;
    this.size = Object.freeze({ kind: 'icosahedron', side });
    this.lattice = new IcosaLattice(this.n);
    this.topo = new IcosaTopology(this.lattice);
    this.tileCount = this.lattice.tileCount;
    this.centerBuf = this.buildCenters();
    this.search = new GlobeSearch(this.topo, this.centerBuf);
  }

  private buildCenters(): Float64Array {
    const T = this.tileCount;
    const n = this.n;
    const L = new IcosaLattice(n);
    const out = new Float64Array(3 * T);
    const w = new Int32Array(3);
    for (let i = 0; i < T; i++) {
      L.decode(i);
      spherePoint(n, L.k, L.a, L.b, w, out, 3 * i);
    }
    return out;
  }

  private checkIndex(i: number, what = 'tile index'): void {
    if (!Number.isInteger(i) || i < 0 || i >= this.tileCount) {
      throw new RangeError(`${what} must be an integer in 0…${this.tileCount - 1}, got ${i}`);
    }
  }

  // ── storage ───────────────────────────────────────────────────────────

  /** Dense index of [lat, lon]; lon is taken modulo its ring; lat outside 0…3n (or non-integers) → −1. */
  index(coord: Coord): number {
    if (coord.length !== 2) {
      throw new Error(`latlon coordinate must have 2 numbers [lat, lon], got ${coord.length}`);
    }
    const lat = coord[0]!;
    const lon = coord[1]!;
    if (!Number.isInteger(lat) || !Number.isInteger(lon) || lat < 0 || lat > 3 * this.n) return -1;
    const size = this.lattice.ringSize(lat);
    const m = lon % size;
    return this.lattice.ringOffset(lat) + (m < 0 ? m + size : m);
  }

  coord(index: number): LatLon {
    this.checkIndex(index);
    this.lattice.decode(index);
    return latLon(this.lattice.lat, this.lattice.lon);
  }

  toSystem<S extends CoordSystem>(index: number, system: S): CoordOf[S] {
    this.checkSystem(system);
    return inSystem(system, this.coord(index));
  }

  fromSystem(coord: Coord, system: CoordSystem): number {
    this.checkSystem(system);
    return this.index(coord);
  }

  private checkSystem(system: CoordSystem): void {
    if (system !== 'latlon') {
      throw new Error(`icosahedron grid supports only the 'latlon' coordinate system, got '${String(system)}'`);
    }
  }

  // ── topology ──────────────────────────────────────────────────────────

  neighbor(index: number, dir: number): number {
    if (index >>> 0 !== index || index >= this.tileCount) this.checkIndex(index);
    if (dir >>> 0 !== dir) return -1;
    return this.topo.neighbor(index, dir);
  }

  neighbors(index: number, out: Int32Array): number {
    if (index >>> 0 !== index || index >= this.tileCount) this.checkIndex(index);
    return this.topo.neighbors(index, out);
  }

  degree(index: number): number {
    if (index >>> 0 !== index || index >= this.tileCount) this.checkIndex(index);
    return this.topo.degree(index);
  }

  isPentagon(index: number): boolean {
    if (index >>> 0 !== index || index >= this.tileCount) this.checkIndex(index);
    return this.topo.isPentagon(index);
  }

  /** The 12 pentagon indices: V0, U_0…U_4 (lat n), W_0…W_4 (lat 2n), V11. */
  pentagons(): Int32Array {
    return this.topo.pentagons();
  }

  distance(a: number, b: number): number {
    this.checkIndex(a);
    this.checkIndex(b);
    return this.search.distance(a, b);
  }

  range(center: number, radius: number): Int32Array {
    return this.walk('range', center, radius);
  }

  ring(center: number, radius: number): Int32Array {
    return this.walk('ring', center, radius);
  }

  spiral(center: number, radius: number): Int32Array {
    return this.walk('spiral', center, radius);
  }

  /** Checks a walk's centre and radius, then asks the search for the walk. */
  private walk(walk: 'range' | 'ring' | 'spiral', center: number, radius: number): Int32Array {
    this.checkIndex(center, `${walk} centre`);
    checkRadius(radius);
    return this.search[walk](center, radius);
  }

  line(a: number, b: number): Int32Array {
    this.checkIndex(a);
    this.checkIndex(b);
    return this.search.line(a, b);
  }

  /**
   * Turns the tile's centre about the axis through the pivot's centre by steps·360°/degree
   * (72° about a pentagon, 60° about a hexagon), clockwise seen from outside, and picks the
   * tile there. About a pentagon this is an exact symmetry of the globe; about a hexagon it is
   * the nearest tile to the turned centre.
   */
  rotate(index: number, pivot: number, steps: number): number {
    this.checkIndex(index);
    this.checkIndex(pivot, 'pivot');
    if (!Number.isInteger(steps)) throw new Error(`rotation steps must be an integer, got ${steps}`);
    const deg = this.topo.degree(pivot);
    const m = ((steps % deg) + deg) % deg;
    if (m === 0 || index === pivot) return index;
    const C = this.centerBuf;
    const kx = C[3 * pivot]!, ky = C[3 * pivot + 1]!, kz = C[3 * pivot + 2]!;
    const vx = C[3 * index]!, vy = C[3 * index + 1]!, vz = C[3 * index + 2]!;
    // Clockwise seen from outside is a negative turn about the outward axis (Rodrigues).
    const t = (-2 * Math.PI * m) / deg;
    const c = Math.cos(t);
    const s = Math.sin(t);
    const kv = kx * vx + ky * vy + kz * vz;
    const x = vx * c + (ky * vz - kz * vy) * s + kx * kv * (1 - c);
    const y = vy * c + (kz * vx - kx * vz) * s + ky * kv * (1 - c);
    const z = vz * c + (kx * vy - ky * vx) * s + kz * kv * (1 - c);
    return this.pickDirection(x, y, z);
  }

  // ── edges ─────────────────────────────────────────────────────────────

  edgeSlot(index: number, dir: number): number {
    if (index >>> 0 !== index || index >= this.tileCount) this.checkIndex(index);
    if (dir >>> 0 !== dir) return -1;
    return this.topo.edgeSlot(index, dir);
  }

  // ── layout ────────────────────────────────────────────────────────────

  /** Centre on the sphere of radius layout.size (origin and rotation do not apply to the globe). */
  center(index: number, layout: Layout = DEFAULT_LAYOUT): number[] {
    this.checkIndex(index);
    const C = this.centerBuf;
    const s = layout.size;
    return [C[3 * index]! * s, C[3 * index + 1]! * s, C[3 * index + 2]! * s];
  }

  /** Mean spacing of the globe's tiles × the radius: hexagon area (√3/2)·s² × tileCount = 4π. */
  spacing(layout: Layout = DEFAULT_LAYOUT): number {
    return layout.size * Math.sqrt((8 * Math.PI) / (Math.sqrt(3) * this.tileCount));
  }

  /**
   * The tile polygon on the sphere: one corner per pair of consecutive neighbours (the
   * normalised centroid of the tile and those two centres), counter-clockwise seen from outside.
   */
  corners(index: number, layout: Layout = DEFAULT_LAYOUT): number[][] {
    this.checkIndex(index);
    const nb = this.scratchNb;
    const deg = this.topo.neighbors(index, nb);
    const C = this.centerBuf;
    const s = layout.size;
    const out: number[][] = [];
    // Neighbours run clockwise, so walk them backwards.
    for (let d = deg - 1; d >= 0; d--) {
      const p = nb[d]!;
      const q = nb[(d + 1) % deg]!;
      const x = C[3 * index]! + C[3 * p]! + C[3 * q]!;
      const y = C[3 * index + 1]! + C[3 * p + 1]! + C[3 * q + 1]!;
      const z = C[3 * index + 2]! + C[3 * p + 2]! + C[3 * q + 2]!;
      const m = s / Math.hypot(x, y, z);
      out.push([x * m, y * m, z * m]);
    }
    return out;
  }

  /** The tile whose cell holds the direction of `point` from the globe's centre; −1 for the centre itself. */
  pick(point: ModelPoint, _layout: Layout = DEFAULT_LAYOUT): number {
    if (point.length !== 3) {
      throw new Error(`icosahedron pick expects a 3D point [x, y, z], got ${point.length} numbers`);
    }
    const x = point[0]!;
    const y = point[1]!;
    const z = point[2]!;
    const len = Math.hypot(x, y, z);
    if (!(len > 0) || !Number.isFinite(len)) return -1;
    return this.pickDirection(x / len, y / len, z / len);
  }

  /** Lattice candidate from the face's barycentric coordinates, then downhill to the nearest centre. */
  private pickDirection(x: number, y: number, z: number): number {
    const P = this.scratchPick;
    nearestStripPoint(this.n, x, y, z, P);
    let cur = this.lattice.canon(P[0]!, P[1]!, P[2]!);
    const C = this.centerBuf;
    const nb = this.scratchNb;
    let best = C[3 * cur]! * x + C[3 * cur + 1]! * y + C[3 * cur + 2]! * z;
    for (;;) {
      const deg = this.topo.neighbors(cur, nb);
      let next = -1;
      for (let d = 0; d < deg; d++) {
        const j = nb[d]!;
        const dot = C[3 * j]! * x + C[3 * j + 1]! * y + C[3 * j + 2]! * z;
        if (dot > best) {
          best = dot;
          next = j;
        }
      }
      if (next < 0) return cur;
      cur = next;
    }
  }

  // ── globe extras ──────────────────────────────────────────────────────

  /** Tile centres, xyz per tile on the unit sphere. Shared, not copied: read only. */
  centers(): Float64Array {
    return this.centerBuf;
  }

  /**
   * Axis of a linear tile on an AL-FORM globe (odd L, SPEC §3): the direction pair {d, d+3}
   * joining its two area neighbours, {0,3} → 0, {1,4} → 1, {2,5} → 2.
   *
   * It is the cube coordinate that stays even on a flat AL-FORM hex map: there direction pair
   * {0,3} is (0,+1,−1)/(0,−1,+1), which keeps x, so the linear tile between two area tiles
   * along it has x even and y, z odd — an X-AXIS tile; likewise {1,4} keeps y (Y-AXIS) and
   * {2,5} keeps z (Z-AXIS). The globe's directions are numbered like the flat map's (0 = +lon
   * ≙ (0,+1,−1), clockwise), so the names carry over tile by tile.
   *
   * In strip coordinates area tiles are those with α and β both even; a linear tile with α
   * odd and β even lies between area tiles along a (directions 2, 5), α even and β odd along b
   * (1, 4), both odd along b−a (0, 3).
   */
  linearAxis(index: number): LinearAxis {
    this.checkIndex(index);
    if (this.side % 2 === 0) {
      throw new Error(`linearAxis needs an AL-FORM globe (odd side L, SPEC §3), got L = ${this.side}`);
    }
    const L = this.lattice;
    L.decode(index);
    const oddA = (L.a & 1) === 1;
    const oddB = (L.b & 1) === 1;
    if (!oddA && !oddB) {
      throw new Error(`tile ${index} (lat ${L.lat}, lon ${L.lon}) is an area tile; linearAxis applies to linear tiles only`);
    }
    return oddA && oddB ? 0 : oddB ? 1 : 2;
  }
}

function checkRadius(radius: number): void {
  if (!Number.isInteger(radius) || radius < 0) {
    throw new Error(`radius must be an integer ≥ 0, got ${radius}`);
  }
}
