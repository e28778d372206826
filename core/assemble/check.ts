/**
 * An independent checker of assembled maps, for tests and for maps assembled elsewhere: it
 * shares none of the solver's bookkeeping (no signatures, support counts or candidate
 * tables). It rebuilds each instance's geometry (placed-tile.ts), matches every shared edge
 * with core/vector's `matchTiles`, snaps it with `snapAcross` and matches again, checks the
 * map's outer edges, the user's fixed tiles and the quantity limits, and finds the network
 * of the chosen terrains with its own breadth-first search.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Grid } from '../grid/types.js';
import type { EdgeIndicators } from '../vector/indicators.js';
import { edgeIndicators, indicatorsOf } from '../vector/indicators.js';
import type { MatchOptions } from '../vector/match.js';
import type { TileShape } from '../vector/shape.js';
import type { VectorTile } from '../vector/types.js';
import type { InstanceLayer } from '../map/instance-layer.js';
import { decodePlacement } from '../map/orientation-code.js';
import { placedTile } from './placed-tile.js';
import { cellShapeOf } from './cell-geometry.js';
import type { AlFormCheck } from './check-alform.js';
import { alformAcross, checkAlFormAreas, checkAlFormLinear, matchEdge } from './check-alform.js';
import type { Violation } from './violation.js';

export interface CheckOptions {
  readonly match?: MatchOptions;
  /** The map's outer edges: `closed` (nothing crosses), `open` (something crosses) or `any`. */
  readonly boundary?: 'closed' | 'open' | 'any';
  /** Cells that must hold an instance (default: none required). */
  readonly region?: ArrayLike<number>;
  /** Instances the user fixed, which must still be there. */
  readonly fixed?: readonly { readonly cell: number; readonly tile: string; readonly code: number }[];
  /** Instances per tile id: a number is the most allowed; `{ min, max }` bounds both ways. */
  readonly counts?: Readonly<Record<string, number | { readonly min?: number; readonly max?: number }>>;
  /** The network of these terrains must be one connected component. */
  readonly connectivity?: { readonly terrains: readonly string[] };
  /**
   * The map is AL-FORM: area instances meet across one linear tile (check-alform.ts), with
   * these linear tiles and this rerouted geometry. `instances` then holds the area tiles.
   */
  readonly alform?: AlFormCheck;
}

export function checkAssembly(map: Grid | { readonly grid: Grid }, instances: InstanceLayer, library: readonly VectorTile[], options: CheckOptions = {}): Violation[] {
  const grid = 'grid' in map ? map.grid : map;
  const out: Violation[] = [];
  const view = new PlacedView(grid, instances, library, options.alform);

  if (options.region) {
    for (let i = 0; i < options.region.length; i++) {
      const c = options.region[i]!;
      if (!instances.has(c)) out.push({ kind: 'missing', where: `cell ${c}`, why: 'the region cell holds no instance' });
    }
  }

  const boundary = options.boundary ?? 'any';
  if (options.alform) {
    checkAlFormAreas(grid, view.placed, view.original, { ...(options.match ? { match: options.match } : {}), boundary, alform: options.alform }, out);
    checkAlFormLinear(grid, options.alform, options.match, out);
  } else checkClassicEdges(view, boundary, options.match, out);
  checkFixed(instances, options.fixed ?? [], out);
  if (options.counts) checkCounts(grid, instances, options.counts, out);
  if (options.connectivity) checkConnectivity(view, options.connectivity.terrains, out);
  return out;
}

interface Geometry {
  readonly tile: VectorTile;
  readonly indicators: EdgeIndicators[];
}

/** The instances as placed tiles (rebuilt here, cached per cell) and the grid's edges between them. */
class PlacedView {
  private readonly tiles: Map<string, VectorTile>;
  private readonly geometry = new Map<number, Geometry>();
  private readonly rerouted = new Map<number, Geometry>();

  constructor(
    readonly grid: Grid,
    private readonly instances: InstanceLayer,
    library: readonly VectorTile[],
    private readonly alform: AlFormCheck | undefined,
  ) {
    this.tiles = new Map(library.map((t) => [t.id, t]));
    for (const [c, t] of alform?.rerouted ?? []) this.rerouted.set(c, { tile: t, indicators: edgeIndicators(t) });
  }

  /** The geometry drawn at cell c: an AL-FORM reroute where there is one, else the instance as placed. */
  readonly placed = (c: number): Geometry | null => this.rerouted.get(c) ?? this.original(c);

  /** The instance at cell c as placed from its library tile, or null for an empty cell. */
  readonly original = (c: number): Geometry | null => {
    const inst = this.instances.get(c);
    if (!inst) return null;
    let g = this.geometry.get(c);
    if (!g) {
      const tile = this.tiles.get(inst.tile);
      if (!tile) throw new RangeError(`cell ${c} holds tile "${inst.tile}", which the library does not have`);
      const t = placedTile(tile, decodePlacement(inst.code), this.shapeOf(c));
      this.geometry.set(c, (g = { tile: t, indicators: edgeIndicators(t) }));
    }
    return g;
  };

  /** The independent checker's own read of the cell (cell-geometry.ts), the drawn polygon on an AL-FORM globe. */
  private shapeOf(c: number): TileShape {
    return cellShapeOf(this.grid, c, this.alform !== undefined);
  }

  edgeDirs(c: number): number[] {
    const grid = this.grid;
    return grid.kind === 'square' ? [0, 2, 4, 6] : Array.from({ length: grid.degree(c) }, (_, d) => d);
  }

  /** Across an edge: the classic neighbour, or on an AL-FORM map the area tile across the linear tile. */
  across(c: number, d: number): { n: number; e: number } {
    if (this.alform) return alformAcross(this.grid, c, d);
    const n = this.grid.neighbor(c, d);
    return { n, e: n < 0 ? -1 : this.backDir(c, d, n) };
  }

  /** The direction from neighbour n back to c (c's direction d leads to n). */
  backDir(c: number, d: number, n: number): number {
    const grid = this.grid;
    if (grid.kind !== 'icosahedron') {
      const o = (d + grid.directions / 2) % grid.directions;
      if (grid.neighbor(n, o) === c) return o;
    }
    return this.edgeDirs(n).find((e) => grid.neighbor(n, e) === c)!;
  }
}

/** Classic maps: every shared edge matches, before and after snapping; the outer edges are as required. */
function checkClassicEdges(view: PlacedView, boundary: 'closed' | 'open' | 'any', match: MatchOptions | undefined, out: Violation[]): void {
  const grid = view.grid;
  for (let c = 0; c < grid.tileCount; c++) {
    const a = view.placed(c);
    if (!a) continue;
    for (const d of view.edgeDirs(c)) {
      const n = grid.neighbor(c, d);
      if (n < 0) {
        const crossings = indicatorsOf(a.indicators, d).positions.length;
        if (boundary === 'closed' && crossings > 0) out.push({ kind: 'boundary', where: `cell ${c} edge ${d}`, why: `${crossings} crossing(s) on an outer edge required closed` });
        if (boundary === 'open' && crossings === 0) out.push({ kind: 'boundary', where: `cell ${c} edge ${d}`, why: 'nothing crosses an outer edge required open' });
        continue;
      }
      if (n < c) continue;
      const b = view.placed(n);
      if (!b) continue;
      const e = view.backDir(c, d, n);
      matchEdge(a.tile, d, b.tile, e, `cell ${c} edge ${d} ↔ cell ${n} edge ${e}`, match, out);
    }
  }
}

/** The user's fixed instances are still there, unchanged. */
function checkFixed(instances: InstanceLayer, fixed: NonNullable<CheckOptions['fixed']>, out: Violation[]): void {
  for (const f of fixed) {
    const inst = instances.get(f.cell);
    if (!inst || inst.tile !== f.tile || inst.code !== f.code) {
      out.push({ kind: 'fixed', where: `cell ${f.cell}`, why: `fixed tile "${f.tile}" (placement ${f.code}) replaced by ${inst ? `"${inst.tile}" (placement ${inst.code})` : 'nothing'}` });
    }
  }
}

/** Instances per tile id within their bounds. */
function checkCounts(grid: Grid, instances: InstanceLayer, counts: NonNullable<CheckOptions['counts']>, out: Violation[]): void {
  const tally = new Map<string, number>();
  for (let c = 0; c < grid.tileCount; c++) {
    const inst = instances.get(c);
    if (inst) tally.set(inst.tile, (tally.get(inst.tile) ?? 0) + 1);
  }
  for (const [id, spec] of Object.entries(counts)) {
    const n = tally.get(id) ?? 0;
    const { min, max } = typeof spec === 'number' ? { min: undefined, max: spec } : spec;
    if (max !== undefined && n > max) out.push({ kind: 'count', where: `tile "${id}"`, why: `${n} instances, at most ${max} allowed` });
    if (min !== undefined && n < min) out.push({ kind: 'count', where: `tile "${id}"`, why: `${n} instances, at least ${min} required` });
  }
}

/** The network of `terrainIds` is one component: a breadth-first search of its own over crossings that meet. */
function checkConnectivity(view: PlacedView, terrainIds: readonly string[], out: Violation[]): void {
  const grid = view.grid;
  const terrains = new Set(terrainIds);
  const isNode = (c: number): boolean => {
    const g = view.placed(c);
    return g !== null && g.tile.elements.some((e) => terrains.has(e.terrain));
  };
  const crosses = (c: number, d: number): boolean => indicatorsOf(view.placed(c)!.indicators, d).positions.some((p) => terrains.has(p.terrain));
  const component = new Int32Array(grid.tileCount).fill(-1);
  const sizes: number[] = [];
  for (let s = 0; s < grid.tileCount; s++) {
    if (component[s]! >= 0 || !isNode(s)) continue;
    const id = sizes.length;
    let size = 0;
    const queue = [s];
    component[s] = id;
    for (let head = 0; head < queue.length; head++) {
      const c = queue[head]!;
      size++;
      for (const d of view.edgeDirs(c)) {
        const { n, e } = view.across(c, d);
        if (n < 0 || component[n]! >= 0 || !isNode(n)) continue;
        if (!crosses(c, d) || !crosses(n, e)) continue;
        component[n] = id;
        queue.push(n);
      }
    }
    sizes.push(size);
  }
  if (sizes.length > 1) out.push({ kind: 'connectivity', where: `${sizes.length} components`, why: `the ${[...terrains].join(', ')} network falls apart into pieces of ${sizes.join(', ')} cells` });
}
