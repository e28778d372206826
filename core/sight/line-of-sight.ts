/**
 * Line of sight and field of vision on every map kind (SPEC §4).
 *
 * The model. Sight runs in a straight line between tile centres — on flat maps in the
 * map's unit frame (to the nearest image of the target on wrapped maps), on the globe
 * along the chord between the unit-sphere centres, i.e. under the great-circle arc. The
 * tiles it passes are found exactly (walk.ts). The eye is at the observer tile's ground
 * (elevation layer + terrain elevationOffset) + `observerHeight`; the target point at its
 * ground + `targetHeight`. On the globe the line is straight in space, so the planet's
 * curvature (radius `planetRadius`, metres) lowers it relative to the ground between.
 * The two end tiles never block (you stand on the hedge, at the edge of the wood). A tile
 * in between blocks when
 *  - its ground + terrain height rises above the line where the tile's centre projects
 *    onto it (a ridge hides the ground behind it; a forest canopy blocks what is lower);
 *  - it is area terrain that blocks sight through it (forest, town): you see into the
 *    first such tile — it can be the target — but not through it;
 *  - it is a linear tile (AL-FORM maps) whose terrain blocks sight across it, and the line
 *    crosses its border — the boundary line between its two area tiles, i.e. the classic
 *    map's edge — inside the tile; a line running along a hedgerow is not blocked by it.
 *    On square maps a VERTEX tile's border runs towards those of its edge neighbours that
 *    carry blocking terrain (both ways when none does);
 *  - it is a linear tile whose terrain blocks sight along it (a tree line) and the line
 *    passes through it without crossing its border.
 * Degenerate cases: a tile the line only touches at a corner can block only by a border
 * crossing (a hedge is continuous through its junctions); where the line runs exactly along
 * the boundary of two tiles, it is blocked by height, through- or along-terrain only if
 * both tiles block.
 * Classic maps carry linear terrain on tile edges: a line stepping from a tile to its
 * neighbour through their shared edge is blocked by that edge's terrain if it blocks sight
 * across or rises above the line; on square maps a diagonal step through a corner reads the
 * vertex terrain; on hex-topology maps a step through a corner is blocked when two of the
 * three edges meeting there block across (a hedge running through that corner).
 *
 * Symmetry: the same tiles are walked in both directions and every test is geometric, so
 * LOS(a, b) with heights (h1, h2) equals LOS(b, a) with (h2, h1): with equal observer and
 * target heights, line of sight is symmetric. `blockedAt` is the blocking tile nearest the
 * observer (for an edge or vertex: the tile on the observer's side of it). The walk starts
 * at the observer and stops at the first blocker, so hidden tiles cost little.
 *
 * Field of vision = { t within `radius` grid hops : lineOfSight(from, t).visible }. On flat
 * maps the ray tree (fov-tree.ts) finds that set at shadowcasting speed, deciding each tile
 * by sound bounds of this same model or by this LOS itself; elsewhere it is exactly the loop.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { hasVertices } from '../grid/capabilities.js';
import type { TerrainMap } from '../map/terrain-map.js';
import { TileClass } from '../alform/classify.js';
import { tileClasses } from '../alform/tile-classes.js';
import type { SightTables } from './tables.js';
import { checkSightTables } from './tables.js';
import type { Lattice } from './walk.js';
import * as Walk from './walk.js';
import { SightWalk, latticeOf } from './walk.js';
import type { FovWork } from './fov-tree.js';
import { treeFieldOfVision } from './fov-tree.js';
import { crossesFlat, crossesGlobe } from './border-crossing.js';

// Module-local copies: read in every step of every walk, so no import indirection.
const CELL = Walk.CELL;
const GRAZED = Walk.GRAZED;
const PAIR = Walk.PAIR;
const PAIR_PARTNER = Walk.PAIR_PARTNER;

export interface SightOptions {
  /** Metres above the observer's ground (default 2). */
  readonly observerHeight?: number;
  /** Metres above the target's ground (default 2). */
  readonly targetHeight?: number;
  /** Globe only: the planet's radius in metres (default the Earth's, 6 371 000). */
  readonly planetRadius?: number;
}

export interface SightResult {
  readonly visible: boolean;
  /** The blocking tile nearest the observer, −1 when visible (or, on the globe, when the planet itself is in the way between antipodes). */
  readonly blockedAt: number;
}

const DEFAULT_EYE = 2;
const EARTH_RADIUS = 6_371_000;
const EPS = 1e-9;

/**
 * Reusable line-of-sight evaluator for one map: owns the walk buffers, so repeated
 * queries (a field of vision) allocate nothing per tile.
 */
export class SightCaster {
  private readonly walk = new SightWalk();
  private readonly lattice: Lattice | null;
  private readonly globe: boolean;
  private readonly cls: Uint8Array | null;
  /** Work of the last field of vision: ray-tree nodes examined and exact lines of sight run. */
  readonly work: FovWork = { nodes: 0, casts: 0 };
  private readonly nb: Int32Array;
  get classes(): Uint8Array | null {
    return this.cls;
  }
  private readonly nb2: Int32Array;
  private readonly areaDir = new Int32Array(4);
  private observerHeight = DEFAULT_EYE;
  private targetHeight = DEFAULT_EYE;
  private radius = EARTH_RADIUS;
  // Per-query segment heights.
  private zStart = 0;
  private zEnd = 0;

  constructor(
    readonly map: TerrainMap,
    readonly tables: SightTables,
  ) {
    checkSightTables(map, tables);
    const grid = map.grid;
    this.globe = grid.kind === 'icosahedron';
    this.lattice = this.globe ? null : latticeOf(grid);
    this.cls = map.spec.alform ? tileClasses(grid) : null;
    this.nb = new Int32Array(grid.directions);
    this.nb2 = new Int32Array(grid.directions);
    if (this.lattice) {
      // Direction from a linear cell of each coordinate parity to an area neighbour (all-even coordinates).
      const lat = this.lattice;
      for (let p = 0; p < 4; p++) {
        this.areaDir[p] = -1;
        for (let d = 0; d < lat.dirs; d++) {
          if ((((p >> 1) + lat.da[d]!) & 1) === 0 && (((p & 1) + lat.db[d]!) & 1) === 0) {
            this.areaDir[p] = d;
            break;
          }
        }
      }
    }
  }

  lineOfSight(from: number, to: number, options: SightOptions = {}): SightResult {
    this.setOptions(options);
    const b = this.cast(from, to);
    return { visible: b === NOT_BLOCKED, blockedAt: b === NOT_BLOCKED || b === PLANET ? -1 : b };
  }

  /** Tiles within `radius` grid hops of `from` that `from` can see, ascending. */
  fieldOfVision(from: number, radius: number, options: SightOptions = {}): Int32Array {
    if (!Number.isInteger(radius) || radius < 0) throw new Error(`field of vision radius must be an integer ≥ 0 (grid hops), got ${radius}`);
    this.checkTile(from, 'observer');
    this.setOptions(options);
    if (this.lattice) {
      const fast = treeFieldOfVision(this, this.lattice, from, radius, this.observerHeight, this.targetHeight, this.work);
      if (fast) return fast;
    }
    const range = this.map.grid.range(from, radius);
    this.work.nodes = 0;
    this.work.casts = range.length;
    let k = 0;
    for (let i = 0; i < range.length; i++) {
      const t = range[i]!;
      if (this.cast(from, t) === NOT_BLOCKED) range[k++] = t;
    }
    return range.slice(0, k);
  }

  /** The exact line of sight with the heights last set (for the ray tree, fov-tree.ts). */
  sees(from: number, to: number): boolean {
    return this.cast(from, to) === NOT_BLOCKED;
  }

  /** Ground of tile t: elevation layer + its terrain's elevation offset, metres. */
  groundAt(t: number): number {
    return this.ground(t);
  }

  private setOptions(options: SightOptions): void {
    const { observerHeight = DEFAULT_EYE, targetHeight = DEFAULT_EYE, planetRadius = EARTH_RADIUS } = options;
    for (const [name, v] of [
      ['observerHeight', observerHeight],
      ['targetHeight', targetHeight],
    ] as const) {
      if (!Number.isFinite(v)) throw new Error(`${name} must be a finite number of metres, got ${v}`);
    }
    if (!(planetRadius > 0)) throw new Error(`planetRadius must be a positive number of metres, got ${planetRadius}`);
    this.observerHeight = observerHeight;
    this.targetHeight = targetHeight;
    this.radius = planetRadius;
  }

  private checkTile(t: number, what: string): void {
    const n = this.map.grid.tileCount;
    if (!Number.isInteger(t) || t < 0 || t >= n) throw new RangeError(`${what} tile ${t} is outside the map (0…${n - 1})`);
  }

  private ground(t: number): number {
    const e = this.map.layers.elevation;
    return (e ? e[t]! : 0) + this.tables.elevationOffset[this.map.layers.terrain[t]!]!;
  }

  /** Height of the sight line (metres) at parameter s. */
  private altitude(s: number): number {
    if (!this.globe) return this.zStart + s * (this.zEnd - this.zStart);
    const w = this.walk;
    const R = this.radius;
    const r0 = R + this.zStart;
    const r1 = R + this.zEnd;
    const x = w.ax * r0 + s * ((w.ax + w.vx) * r1 - w.ax * r0);
    const y = w.ay * r0 + s * ((w.ay + w.vy) * r1 - w.ay * r0);
    const z = w.az * r0 + s * ((w.az + w.vz) * r1 - w.az * r0);
    return Math.sqrt(x * x + y * y + z * z) - R;
  }

  /** Returns NOT_BLOCKED, PLANET, or the blocking tile nearest `from`. Walks from the observer and stops at the first blocker. */
  private cast(from: number, to: number): number {
    this.checkTile(from, 'from');
    this.checkTile(to, 'to');
    if (from === to) return NOT_BLOCKED;
    const w = this.walk;
    if (this.lattice) w.startFlat(this.lattice, from, to);
    else w.startGlobe(this.map.grid, from, to, this.nb);
    if (!w.ok) return PLANET;
    this.zStart = this.ground(from) + this.observerHeight;
    this.zEnd = this.ground(to) + this.targetHeight;
    let prevMain = 0;
    let i = 1;
    while (w.advance()) {
      for (; i < w.count; i++) {
        const kind = w.kind[i]!;
        if (kind === CELL || kind === PAIR) {
          if (this.stepBlocks(prevMain, i) >= 0) return w.tile[prevMain]!;
          prevMain = i;
        }
        const b = this.sampleBlocks(i, from, to);
        if (b >= 0) return b;
      }
    }
    return w.ok ? NOT_BLOCKED : PLANET;
  }

  /** The tile that blocks at sample i (for a PAIR: only if both do), or −1. */
  private sampleBlocks(i: number, from: number, to: number): number {
    const w = this.walk;
    const t = w.tile[i]!;
    const kind = w.kind[i]!;
    if (kind === PAIR_PARTNER) return -1; // judged together with its PAIR
    if (kind === PAIR) {
      const q = w.tile[i + 1]!;
      if (t >= 0 && t !== from && t !== to && this.crossBlocks(i)) return t;
      if (q >= 0 && q !== from && q !== to && this.crossBlocks(i + 1)) return q;
      if (t >= 0 && q >= 0 && t !== from && t !== to && q !== from && q !== to && this.bodyBlocks(i) && this.bodyBlocks(i + 1)) return t < q ? t : q;
      return -1;
    }
    if (t < 0 || t === from || t === to) return -1;
    if (this.crossBlocks(i)) return t;
    if (kind === GRAZED) return -1;
    return this.bodyBlocks(i) ? t : -1;
  }

  /** Height, through- and along-blocking of the tile at sample i. */
  private bodyBlocks(i: number): boolean {
    const w = this.walk;
    const t = w.tile[i]!;
    const k = this.map.layers.terrain[t]!;
    const tb = this.tables;
    if (this.ground(t) + tb.height[k]! > this.altitude(w.s[i]!) + EPS) return true;
    const linear = this.cls !== null && this.cls[t] !== TileClass.AREA;
    if (!linear) return tb.blocksThrough[k] === 1;
    return tb.blocksAlong[k] === 1 && !this.crosses(i);
  }

  /** A linear tile whose terrain blocks sight across it, crossed by the line. */
  private crossBlocks(i: number): boolean {
    if (this.cls === null) return false;
    const t = this.walk.tile[i]!;
    if (this.cls[t] === TileClass.AREA) return false;
    if (this.tables.blocksAcross[this.map.layers.terrain[t]!] !== 1) return false;
    return this.crosses(i);
  }

  /** Whether the line crosses linear sample i's border (the boundary between its area tiles) inside the tile. */
  private crosses(i: number): boolean {
    const w = this.walk;
    if (this.lattice) {
      const lat = this.lattice;
      const a = w.a[i]!;
      const b = w.b[i]!;
      const parity = ((a & 1) << 1) | (b & 1);
      if (this.map.grid.kind === 'square') {
        if (parity === 2) return crossesFlat(this.walk, lat, i, 1, 0); // X-EDGE: area tiles east and west
        if (parity === 1) return crossesFlat(this.walk, lat, i, 0, 1); // Y-EDGE: area tiles north and south
        // VERTEX: its border runs towards the blocking edge tiles beside it.
        const across = this.tables.blocksAcross;
        const terr = this.map.layers.terrain;
        const blocks = (x: number, y: number) => {
          const n = lat.grid.indexXY(x, y);
          return n >= 0 && across[terr[n]!] === 1;
        };
        let h = blocks(a - 1, b) || blocks(a + 1, b);
        let v = blocks(a, b - 1) || blocks(a, b + 1);
        if (!h && !v) h = v = true;
        return (h && crossesFlat(this.walk, lat, i, 0, 1)) || (v && crossesFlat(this.walk, lat, i, 1, 0));
      }
      const d = this.areaDir[parity]!;
      return d >= 0 && crossesFlat(this.walk, lat, i, lat.dx[d]!, lat.dy[d]!);
    }
    return crossesGlobe(this.walk, this.map.grid, this.cls!, this.nb2, i);
  }

  // ── classic maps: terrain on the edges and vertices crossed between cells ──

  /** On a classic map, whether the step from main sample p into main sample i is blocked by edge or vertex terrain; −1 if not. */
  private stepBlocks(p: number, i: number): number {
    if (this.map.spec.alform) return -1;
    const w = this.walk;
    const x = w.tile[p]!;
    const y = w.tile[i]!;
    if (x < 0 || y < 0) return -1;
    const grid = this.map.grid;
    const dir = w.dir[i]!;
    // Leaving a PAIR run also happens at a corner: the one where both cells of the pair meet the next.
    if (!w.corner[i] && w.kind[p] !== PAIR) {
      const slot = grid.edgeSlot(x, dir);
      return slot >= 0 && this.edgeBlocks(this.map.layers.edges![slot]!, x, y, (w.s[p]! + w.s[i]!) / 2) ? 1 : -1;
    }
    if (hasVertices(grid)) {
      if (!(dir & 1)) return -1;
      const slot = grid.vertexSlot(x, dir);
      return slot >= 0 && this.edgeBlocks(this.map.layers.vertices![slot]!, x, y, (w.s[p]! + w.s[i]!) / 2) ? 1 : -1;
    }
    // Hex topology: the third cell at this corner is a grazed one, or a PAIR partner on either side.
    let z = -1;
    for (let k = p + 1; k < i && z < 0; k++) if (w.kind[k] === GRAZED || w.kind[k] === PAIR_PARTNER) z = w.tile[k]!;
    if (z < 0 && w.kind[i] === PAIR && i + 1 < w.count) z = w.tile[i + 1]!;
    if (z < 0) return -1;
    const k1 = this.edgeBetween(x, y);
    const k2 = this.edgeBetween(x, z);
    const k3 = this.edgeBetween(y, z);
    const across = this.tables.blocksAcross;
    const count = (k1 >= 0 && across[k1] === 1 ? 1 : 0) + (k2 >= 0 && across[k2] === 1 ? 1 : 0) + (k3 >= 0 && across[k3] === 1 ? 1 : 0);
    return count >= 2 ? 1 : -1;
  }

  /** Layer value of the edge terrain between neighbouring tiles x and y, or −1. */
  private edgeBetween(x: number, y: number): number {
    if (x < 0 || y < 0) return -1;
    const grid = this.map.grid;
    const deg = grid.neighbors(x, this.nb2);
    for (let d = 0; d < deg; d++) {
      if (this.nb2[d] === y) {
        const slot = grid.edgeSlot(x, d);
        return slot < 0 ? -1 : this.map.layers.edges![slot]!;
      }
    }
    return -1;
  }

  private edgeBlocks(k: number, x: number, y: number, s: number): boolean {
    if (k === 0) return false;
    const tb = this.tables;
    if (tb.blocksAcross[k] === 1) return true;
    const e = this.map.layers.elevation;
    const ground = e ? (e[x]! + e[y]!) / 2 : 0;
    return ground + tb.elevationOffset[k]! + tb.height[k]! > this.altitude(s) + EPS;
  }
}

const NOT_BLOCKED = -1;
const PLANET = -2;

/** Line of sight from tile `from` to tile `to` (see the module header for the model). */
export function lineOfSight(map: TerrainMap, tables: SightTables, from: number, to: number, options: SightOptions = {}): SightResult {
  return new SightCaster(map, tables).lineOfSight(from, to, options);
}

/** The tiles within `radius` grid hops of `from` that are visible from it, ascending. */
export function fieldOfVision(map: TerrainMap, tables: SightTables, from: number, radius: number, options: SightOptions = {}): Int32Array {
  return new SightCaster(map, tables).fieldOfVision(from, radius, options);
}
