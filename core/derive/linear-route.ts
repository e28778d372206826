/**
 * Linear features on the derived map (SPEC §7 "place the linear tiles' substitutes";
 * issue 6: "a river or road continuous on the strategic map is one connected chain of
 * linear tiles across the derived map, entering and leaving where the strategic one does").
 *
 * Continuity is built in, not hoped for:
 * - PORTS. Where two edge-sharing large linear tiles carry the same feature (the same
 *   terrain, or composites sharing a member: a river-bridge continues both a river and a
 *   road), their substitutes' shared side gets one PORT: a small linear tile of that side,
 *   picked by a hash of the unordered pair of positions, so both tiles pick the same one.
 * - ROUTES. Inside each large linear tile the feature is routed over small linear tiles
 *   from port to port (a tree when three or more meet), so the chain through a large tile
 *   is connected and meets its neighbours' chains exactly at the ports. A feature that
 *   ends (or stands alone) runs on to the side facing the far end of its tile, where the
 *   strategic line ends too.
 * - STYLE. Natural features (rivers, streams, trails, ridges) cross a seeded noise cost
 *   field and meander; human-curated ones (roads, railroads, walls) take near-uniform costs
 *   and run straight. Where the terrain's substitute (placed with the tile's orientation)
 *   draws the feature, costs drop, so a designer who redraws a river substitute bends every
 *   derived river that way; a substitute cell holding a variant of the feature (a ford: a
 *   composite containing it) replaces the feature where the route passes.
 * Each route is a pure function of the large tile's neighbourhood, the seed and global
 * coordinates, so overlapping windows agree.
 *
 * On square maps an empty VERTEX tile between two large linear tiles of one feature joins
 * them (the AL-FORM map is 8-connected; the feature turns the corner through the vertex).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainCatalogue } from '../terrain/types.js';
import { findTerrain } from '../terrain/lookup.js';
import { featureFamilies } from '../terrain/crossing.js';
import { TileClass } from '../alform/classify.js';
import { hashString, noise2, valueNoise } from './blend/noise.js';
import type { Placement } from './placement.js';
import { latticeSteps, pointKey, unitPoint } from './placement.js';
import { portTile, sharedCells, sidePortCandidates } from './linear-ports.js';
import { cachedIn } from '../util/once-per.js';

/** One routed feature in one large tile: global small tiles → global palette value. */
export interface Route {
  readonly feature: string;
  readonly tiles: Map<number, number>;
}

/** A route before pruning, with its ports (global keys) and the side each lies on. */
interface RawRoute extends Route {
  readonly ports: readonly { readonly key: number; readonly side: number }[];
}

/** Inverse of pointKey. */
function keyPoint(key: number): [number, number] {
  const x = Math.floor(key / 0x200000);
  return [x - 0x100000, key - x * 0x200000 - 0x100000];
}

/** The directions whose neighbours share a side with a large tile (square: the four orthogonal ones). */
function sideSteps(placement: Placement): readonly (readonly [number, number])[] {
  const steps = latticeSteps(placement.lattice);
  return placement.lattice === 'square' ? steps.filter(([x, y]) => x === 0 || y === 0) : steps;
}

export class LinearRouter {
  private readonly cache = new Map<number, readonly Route[]>();

  private readonly families = new Map<string, readonly string[]>();
  /** Per side step: substitute indices of the small LINEAR tiles on that side, sorted by (dx, dy). */
  private readonly sidePorts: Int32Array[];
  private readonly steps: readonly (readonly [number, number])[];
  private readonly natural = new Map<string, boolean>();

  constructor(
    private readonly placement: Placement,
    private readonly catalogue: TerrainCatalogue,
  ) {
    this.steps = sideSteps(placement);
    const p = placement;
    this.moves = p.lattice === 'square' ? [[0, 1], [1, 0], [0, -1], [-1, 0]] : latticeSteps(p.lattice);
    this.shared = sharedCells(p);
    this.sidePorts = sidePortCandidates(p, this.steps, this.moves, this.shared);
  }
  private readonly moves: readonly (readonly number[])[];
  /** 1 on substitute cells that a neighbouring substitute covers too. */
  private readonly shared: Uint8Array;

  private familiesOf(id: string): readonly string[] {
    let f = this.families.get(id);
    if (f === undefined) {
      // Area terrain on a linear tile (a map painted all over) carries no feature.
      f = findTerrain(this.catalogue, id)?.class === 'area' ? [] : featureFamilies(this.catalogue, id);
      this.families.set(id, f);
    }
    return f;
  }

  /** Features carried by the large LINEAR tile at (px, py), including a square vertex's joins. */
  featuresAt(px: number, py: number): readonly string[] {
    const p = this.placement;
    const cls = p.largeClass(px, py);
    if (cls === TileClass.AREA) return [];
    const own = this.familiesOf(p.largeTerrain(px, py));
    if (cls !== TileClass.VERTEX) return own;
    // A square vertex joins a feature that two of its four edge tiles carry, whatever it holds
    // itself (a road turning the corner where a river runs through the vertex crosses it there).
    const counts = new Map<string, number>();
    for (const [sx, sy] of this.steps) {
      for (const f of this.familiesOf(p.largeTerrain(px + sx, py + sy))) counts.set(f, (counts.get(f) ?? 0) + 1);
    }
    const joined = [...counts].filter(([f, n]) => n >= 2 && !own.includes(f)).map(([f]) => f).sort();
    return joined.length === 0 ? own : [...own, ...joined];
  }

  private isNatural(feature: string): boolean {
    let n = this.natural.get(feature);
    if (n === undefined) {
      const t = findTerrain(this.catalogue, feature);
      n = t === undefined || !t.humanCurated;
      this.natural.set(feature, n);
    }
    return n;
  }

  /**
   * The routes of every feature of the large linear tile at (px, py) (memoized). Where the
   * shared side zigzags, the cells either side of a port can touch each other, and the port
   * would close a three-tile loop: then both tiles drop the port and the chain steps straight
   * from one tile's cell to the other's (each tile sees the same raw routes, so both decide
   * alike and the chain stays connected).
   */
  routes(px: number, py: number): readonly Route[] {
    return cachedIn(this.cache, pointKey(px, py), () => this.rawRoutes(px, py).map((raw) => this.pruned(px, py, raw)));
  }

  private rawRoutes(px: number, py: number): readonly RawRoute[] {
    return cachedIn(this.rawCache, pointKey(px, py), () => this.features(px, py).map((f) => this.route(px, py, f)));
  }
  private readonly rawCache = new Map<number, readonly RawRoute[]>();

  private pruned(px: number, py: number, raw: RawRoute): Route {
    let tiles: Map<number, number> | null = null;
    for (const { key, side } of raw.ports) {
      const [sx, sy] = this.steps[side]!;
      const other = this.rawRoutes(px + sx, py + sy).find((r) => r.feature === raw.feature);
      if (other === undefined || !other.ports.some((q) => q.key === key)) continue;
      const mine = this.touching(raw.tiles, key);
      const theirs = this.touching(other.tiles, key);
      if (!mine.some((a) => theirs.some((b) => this.adjacent(a, b)))) continue;
      tiles ??= new Map(raw.tiles);
      tiles.delete(key);
    }
    return { feature: raw.feature, tiles: tiles ?? raw.tiles };
  }

  /** Keys of the route's tiles next to global tile `key` (one linear step away). */
  private touching(tiles: ReadonlyMap<number, number>, key: number): number[] {
    const [x, y] = keyPoint(key);
    const out: number[] = [];
    for (const [dx, dy] of this.moves) {
      const k = pointKey(x + dx!, y + dy!);
      if (tiles.has(k)) out.push(k);
    }
    return out;
  }

  private adjacent(a: number, b: number): boolean {
    const [ax, ay] = keyPoint(a);
    const [bx, by] = keyPoint(b);
    return this.moves.some(([dx, dy]) => ax + dx! === bx && ay + dy! === by);
  }

  private features(px: number, py: number): readonly string[] {
    if (this.placement.view.tileAt(px, py) < 0) return [];
    return this.featuresAt(px, py);
  }

  /** Port tile (substitute index) of side `s` of the tile at (px, py) for `feature` (see linear-ports.ts). */
  private port(px: number, py: number, s: number, feature: string): number {
    return portTile(this.placement, this.sidePorts[s]!, this.steps[s]!, px, py, feature);
  }

  private route(px: number, py: number, feature: string): RawRoute {
    const p = this.placement;
    const tiles = new Map<number, number>();
    const ports: number[] = [];
    const joined: { key: number; side: number }[] = [];
    const linearSides: number[] = [];
    const cx = p.centreX(px);
    const cy = p.centreY(py);
    this.steps.forEach(([sx, sy], s) => {
      const qx = px + sx;
      const qy = py + sy;
      if (p.largeClass(qx, qy) === TileClass.AREA) return;
      linearSides.push(s);
      if (!this.features(qx, qy).includes(feature)) return;
      const k = this.port(px, py, s, feature);
      if (k >= 0 && !ports.includes(k)) {
        ports.push(k);
        joined.push({ key: pointKey(cx + p.offsets[2 * k]!, cy + p.offsets[2 * k + 1]!), side: s });
      }
    });
    // A line that ends here (or stands alone) still spans its tile: run on to the far side(s).
    while (ports.length < 2) {
      let bestK = -1;
      let bestD = -1;
      for (const s of linearSides) {
        const k = this.port(px, py, s, feature);
        if (k < 0 || ports.includes(k)) continue;
        const d = ports.length === 0 ? this.sideSpread(s, linearSides) : this.distance(k, ports[0]!);
        if (d > bestD) {
          bestD = d;
          bestK = k;
        }
      }
      if (bestK < 0) break;
      ports.push(bestK);
    }
    const value = p.valueOf(feature);
    const variants = this.variantCells(px, py, feature);
    const cost = this.costs(px, py, feature);
    // A route keeps to its own tile's cells, touching the shared sides only at its ports: the
    // neighbour's route meets it there and nowhere else, so chains never close small loops
    // or run twice along a side.
    for (let i = 0; i < cost.length; i++) if (this.shared[i] === 1 && !ports.includes(i)) cost[i] = Infinity;
    const inTree = new Uint8Array(p.classes.length);
    if (ports.length > 0) inTree[ports[0]!] = 1;
    for (let j = 1; j < ports.length; j++) this.connect(ports[j]!, inTree, cost, px, py);
    for (let i = 0; i < inTree.length; i++) {
      if (inTree[i] === 0) continue;
      tiles.set(pointKey(cx + p.offsets[2 * i]!, cy + p.offsets[2 * i + 1]!), variants?.[i] || value);
    }
    return { feature, tiles, ports: joined };
  }

  /** For a first port: how far side s's middle lies from the other linear sides' (prefers a side opposite another). */
  private sideSpread(s: number, sides: readonly number[]): number {
    const [ax, ay] = this.steps[s]!;
    let best = 0;
    for (const t of sides) {
      const [bx, by] = this.steps[t]!;
      best = Math.max(best, (ax - bx) ** 2 + (ay - by) ** 2);
    }
    return best;
  }

  private distance(i: number, j: number): number {
    const p = this.placement;
    const [ax, ay] = unitPoint(p.lattice, p.offsets[2 * i]!, p.offsets[2 * i + 1]!);
    const [bx, by] = unitPoint(p.lattice, p.offsets[2 * j]!, p.offsets[2 * j + 1]!);
    return (ax - bx) ** 2 + (ay - by) ** 2;
  }

  /** Substitute cells holding a variant of `feature` (a composite containing it), as global values; null if none. */
  private variantCells(px: number, py: number, feature: string): Uint8Array | null {
    const sub = this.substituteOf(px, py);
    if (sub === null) return null;
    const p = this.placement;
    // A composite of two features this tile routes anyway (a bridge: river + road) comes out
    // where the two routes really cross (the linear blend); painting it along one of them
    // would put a bridge beside the road.
    const others = this.features(px, py).filter((f) => f !== feature);
    const out = new Uint8Array(sub.length);
    let any = false;
    for (let i = 0; i < sub.length; i++) {
      const v = sub[i]!;
      if (v === 0 || !p.isLinear(v)) continue;
      const id = p.idOf(v);
      const families = this.familiesOf(id);
      if (id !== feature && families.includes(feature) && !families.some((f) => others.includes(f))) {
        out[i] = v;
        any = true;
      }
    }
    return any ? out : null;
  }

  /** The oriented substitute cells of the large tile's own terrain, or null. */
  private substituteOf(px: number, py: number): Uint8Array | null {
    const p = this.placement;
    const terrain = p.largeTerrain(px, py);
    if (terrain === '') return null;
    const k = p.pickOrientation(px, py, p.orientationsFor(p.largeClass(px, py)));
    return p.placedSubstitute(terrain, k)?.cells ?? null;
  }

  /** Cost of entering each substitute tile (Infinity on area tiles). */
  private costs(px: number, py: number, feature: string): Float64Array {
    const p = this.placement;
    const out = new Float64Array(p.classes.length);
    const natural = this.isNatural(feature);
    const s = hashString(p.seed ^ 0x7a3d1c5b, feature);
    const sub = this.substituteOf(px, py);
    const cx = p.centreX(px);
    const cy = p.centreY(py);
    const period = Math.max(2, Math.round(p.ratio / 4));
    for (let i = 0; i < out.length; i++) {
      if (p.classes[i] === TileClass.AREA) {
        out[i] = Infinity;
        continue;
      }
      const gx = cx + p.offsets[2 * i]!;
      const gy = cy + p.offsets[2 * i + 1]!;
      let c = natural ? 1 + 4 * valueNoise(s, gx, gy, period) + noise2(s ^ 0x1f, gx, gy) : 1 + 0.05 * noise2(s, gx, gy);
      const v = sub?.[i] ?? 0;
      if (v !== 0 && p.isLinear(v) && this.familiesOf(p.idOf(v)).includes(feature)) c *= 0.2;
      out[i] = c;
    }
    return out;
  }

  /** Dijkstra from every tile already in the tree to `target`; adds the path to the tree. */
  private connect(target: number, inTree: Uint8Array, cost: Float64Array, px: number, py: number): void {
    const p = this.placement;
    const n = inTree.length;
    if (inTree[target] === 1) return;
    const dist = new Float64Array(n).fill(Infinity);
    const prev = new Int32Array(n).fill(-1);
    const done = new Uint8Array(n);
    for (let i = 0; i < n; i++) if (inTree[i] === 1) dist[i] = 0;
    // Regions hold a few hundred tiles: a linear scan for the minimum is simple and fast enough.
    const moves = this.moves;
    for (;;) {
      let u = -1;
      let best = Infinity;
      for (let i = 0; i < n; i++) {
        if (done[i] === 0 && dist[i]! < best) {
          best = dist[i]!;
          u = i;
        }
      }
      if (u < 0) break;
      if (u === target) break;
      done[u] = 1;
      const ux = p.offsets[2 * u]!;
      const uy = p.offsets[2 * u + 1]!;
      for (const [dx, dy] of moves) {
        const v = p.offsetIndex(ux + dx!, uy + dy!);
        if (v < 0 || done[v] === 1 || cost[v] === Infinity) continue;
        const d = best + cost[v]!;
        if (d < dist[v]!) {
          dist[v] = d;
          prev[v] = u;
        }
      }
    }
    if (dist[target] === Infinity) {
      throw new Error(`internal: no route for a linear feature inside the large tile at (${px}, ${py})`);
    }
    for (let v = target; v >= 0 && inTree[v] === 0; v = prev[v]!) inTree[v] = 1;
  }
}
