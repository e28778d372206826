/**
 * Snapping placed instances to their neighbours when a map is DRAWN (patent MAP ASSEMBLY step
 * (4), core/vector snap.ts): wherever a line or an area's edge crosses a shared edge, and
 * whatever the distance to the crossing it matched on the neighbour's side, both curves are
 * bent inside their own tiles to meet at one point with one control vector. The placing ghost (core/render vector-ghost.ts) and the vector map
 * (core/render vector-map.ts) both ask here, so what the ghost shows is what placing draws.
 *
 * Only pairs that do not already meet are moved (core/vector tolerance.ts): a pair within
 * MEET_TOLERANCE is left as drawn (its tangents too); every other matched pair is snapped.
 * Each side decides every edge's targets from the same two unsnapped instances
 * (`snapTargets`) before bending, so the two cells, each snapped on its own, draw one meeting
 * point. What is reported (`gaps`) is only what cannot meet: an end on an edge whose
 * neighbour's edge does not match (matching's steps (2) and (3) fail), drawn stopping there. Most instances of a map
 * meet their neighbours (tiles drawn to the same edge positions): for them `snapped` answers
 * null without building anything, and the map keeps its one tessellation per tile. On flat
 * maps the decision per pair of (tile, placement) across an edge is made once and cached.
 *
 * Classic maps only: on AL-FORM maps area instances meet across linear tiles, whose rerouted
 * geometry is drawn separately (reroute.ts), so nothing is snapped there.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { IcosahedronGrid } from '../grid/icosahedron/icosahedron-grid.js';
import type { Grid } from '../grid/types.js';
import type { EdgeIndicators, PositionIndicator } from '../vector/indicators.js';
import { edgeIndicators } from '../vector/indicators.js';
import type { MatchedPair, MatchOptions } from '../vector/match.js';
import { matchEdges } from '../vector/match.js';
import type { EndTarget } from '../vector/snap.js';
import { bendTo, snapTargets } from '../vector/snap.js';
import { MEET_TOLERANCE } from '../vector/tolerance.js';
import type { VectorTile } from '../vector/types.js';
import { cellShapeOf, edgeDirections, facingBack } from './cell-geometry.js';
import { globeEdgeParameter } from './edge-arc.js';
import type { InstanceLayer } from '../map/instance-layer.js';
import { decodePlacement } from '../map/orientation-code.js';
import { placedTile } from './placed-tile.js';

/** Globe cells each have their own shape: keep at most this many placed instances at hand. */
const GLOBE_CACHE = 4096;
/** `InstanceSnapper.cellId` beside a shared geometry id (≥ 0). */
const UNSEEN = -3;
const OWN = -2;
const NONE = -1;

/**
 * An end of `cell`'s instance on the edge towards a placed neighbour whose edge does not match
 * it (no partner to meet): the line or area edge is drawn stopping at the edge.
 */
export interface SnapGap {
  readonly cell: number;
  readonly dir: number;
  readonly neighbour: number;
  /** The element of `cell`'s instance whose end it is, and its terrain. */
  readonly element: string;
  readonly terrain: string;
  /** Where along the edge, from its anchor (0…1). */
  readonly t: number;
}

export interface SnapOptions {
  readonly match?: MatchOptions;
}

/** An instance in its cell's frame (placed-tile.ts) with its edge indicators. */
export interface PlacedGeometry {
  readonly tile: VectorTile;
  readonly indicators: readonly EdgeIndicators[];
}

export const placedGeometry = (tile: VectorTile): PlacedGeometry => ({ tile, indicators: edgeIndicators(tile) });

export interface SnappedInstance {
  /** The geometry with every near pair snapped; the input itself when nothing moved. */
  readonly tile: VectorTile;
  /** Pairs moved. */
  readonly snapped: number;
  readonly gaps: SnapGap[];
}

/** What one shared edge asks of A: the pairs to snap, and A's ends with no partner across. */
interface EdgeSnap {
  readonly near: readonly MatchedPair[];
  readonly unmatched: readonly PositionIndicator[];
}

const NOTHING: EdgeSnap = { near: [], unmatched: [] };

/** Whether every crossing of A's edge meets B's in order (no matching needed). */
function meetInOrder(a: readonly PositionIndicator[], b: readonly PositionIndicator[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0, n = a.length; i < n; i++) if (Math.abs(a[i]!.t - (1 - b[n - 1 - i]!.t)) > MEET_TOLERANCE) return false;
  return true;
}

/** A necessary condition of matchEdges, without its allocations: the same terrain at each place in order (reorderable terrains aside). */
function sameTerrainsInOrder(a: readonly PositionIndicator[], b: readonly PositionIndicator[], match: MatchOptions | undefined): boolean {
  for (let i = 0, n = a.length; i < n; i++) {
    const x = a[i]!;
    const y = b[n - 1 - i]!;
    if (x.terrain === y.terrain && x.kind === y.kind) continue;
    // A reorderable terrain may sit elsewhere: leave that to matchEdges.
    if (match?.reorderable && (match.reorderable(x.terrain) || match.reorderable(y.terrain))) return true;
    return false;
  }
  return true;
}

/** A's crossings of an edge that does not match (none: NOTHING). */
const unmatched = (positions: readonly PositionIndicator[] | undefined): EdgeSnap => (positions?.length ? { near: [], unmatched: positions } : NOTHING);

/**
 * The shared edge between A (its edge `d`) and B (its edge `e`): the matched pairs that do not
 * meet yet, or, where the edges do not match (the fit rule keeps that out of a map placed by
 * hand; a map assembled elsewhere is the checker's too, check.ts), A's ends on it.
 */
function edgeSnap(a: PlacedGeometry, d: number, b: PlacedGeometry, e: number, options: SnapOptions): EdgeSnap {
  const ia = a.indicators.find((x) => x.dir === d);
  const ib = b.indicators.find((x) => x.dir === e);
  if (!ia || !ib) return unmatched(ia?.positions);
  // Crossings that meet are drawn as they are (the presence sets are the checker's, check.ts).
  if (meetInOrder(ia.positions, ib.positions)) return NOTHING;
  // Edges that cannot match (different counts or presence: most edges of a map not assembled
  // by matching) are settled before matchEdges, which words a message for every failure.
  if (ia.positions.length !== ib.positions.length || ia.presence.length !== ib.presence.length || ia.presence.some((k, i) => ib.presence[i] !== k)) return unmatched(ia.positions);
  if (!sameTerrainsInOrder(ia.positions, ib.positions, options.match)) return unmatched(ia.positions);
  const m = matchEdges(ia, ib, options.match);
  if (!m.ok) return unmatched(ia.positions);
  // B walks the shared edge the other way: its t is A's 1 − t.
  const near = m.pairs.filter((p) => Math.abs(p.a.t - (1 - p.b.t)) > MEET_TOLERANCE);
  return near.length ? { near, unmatched: [] } : NOTHING;
}

/** One shared edge of a cell: its edge d, the neighbour n and n's edge e facing back. */
interface SnapEdge {
  readonly d: number;
  readonly e: number;
  readonly n: number;
  readonly other: PlacedGeometry;
  readonly s: EdgeSnap;
}

/**
 * Bends A to meet every edge's near pairs: all targets are decided from the unsnapped
 * instances first (each neighbour decides from the same two), then A's ends bend.
 */
function apply(grid: Grid, cell: number, tile: VectorTile, edges: readonly SnapEdge[]): { tile: VectorTile; snapped: number } {
  const targets: EndTarget[] = [];
  for (const { d, e, n, other, s } of edges) {
    if (s.near.length === 0) continue;
    const param = grid instanceof IcosahedronGrid ? { a: globeEdgeParameter(grid, cell, tile.shape, d), b: globeEdgeParameter(grid, n, other.tile.shape, e) } : undefined;
    targets.push(...snapTargets(tile, d, other.tile, e, s.near, param).a);
  }
  return { tile: bendTo(tile, targets), snapped: targets.length };
}

const gapsOf = (cell: number, dir: number, neighbour: number, s: EdgeSnap): SnapGap[] =>
  s.unmatched.map((p) => ({ cell, dir, neighbour, element: p.element, terrain: p.terrain, t: p.t }));

/**
 * `mine` (the instance or ghost on `cell`, in the cell's frame) snapped to every placed
 * neighbour `across(n)` gives.
 */
export function snapToNeighbours(grid: Grid, cell: number, mine: PlacedGeometry, across: (n: number) => PlacedGeometry | null, options: SnapOptions = {}): SnappedInstance {
  const edges: SnapEdge[] = [];
  const gaps: SnapGap[] = [];
  for (const d of edgeDirections(grid, cell)) {
    const n = grid.neighbor(cell, d);
    const other = n < 0 ? null : across(n);
    if (!other) continue;
    const e = facingBack(grid, cell, d, n);
    const s = edgeSnap(mine, d, other, e, options);
    edges.push({ d, e, n, other, s });
    gaps.push(...gapsOf(cell, d, n, s));
  }
  return { ...apply(grid, cell, mine.tile, edges), gaps };
}

/**
 * The instances of a map layer as drawn: per cell, null when its instance meets every
 * neighbour (draw the tile's shared tessellation), else its own snapped geometry. Placed
 * geometry is made once per (tile, placement, shape) on flat maps and globe pentagons, and
 * the decision per pair of those across an edge once; globe hexagons each have their own
 * polygon, so theirs is made per cell (a bounded cache).
 */
export class InstanceSnapper {
  /** Ends with no partner across found so far, each by its own cell. */
  readonly gaps: SnapGap[] = [];
  /** Instances drawn from their own snapped geometry so far. */
  instancesSnapped = 0;
  /** Per cell: the shared geometry id, OWN (its own polygon), NONE, or UNSEEN. */
  private readonly cellId: Int32Array;
  private readonly shared: (PlacedGeometry | null)[] = [];
  /** Per shared id: crossings by edge direction. */
  private readonly sharedPositions: (readonly PositionIndicator[])[][] = [];
  private readonly sharedKey = new Map<number, number>();
  private readonly own = new Map<number, PlacedGeometry | null>();
  /** The decision per (shared id A, edge, shared id B, edge). */
  private readonly edges = new Map<number, EdgeSnap>();
  private readonly shapeIndex = new Map<string, number>();
  /** Flat grids: a cell's edge directions by its degree (edgeDirections, made once). */
  private readonly dirsByDegree = new Map<number, readonly number[]>();

  constructor(
    private readonly grid: Grid,
    readonly layer: InstanceLayer,
    private readonly tiles: (id: string) => VectorTile | null,
    private readonly options: SnapOptions = {},
  ) {
    this.cellId = new Int32Array(layer.cellCount).fill(UNSEEN);
  }

  /**
   * Placed or cleared instances on `cells` (pass their neighbours too): what was decided for
   * them is asked again. Gaps already reported stay in `gaps` (a whole-map build reports once).
   */
  forget(cells: Iterable<number>): void {
    for (const c of cells) {
      this.cellId[c] = UNSEEN;
      this.own.delete(c);
    }
  }

  /** The instance on `cell` in its cell's frame, unsnapped; null when empty or its tile is not at hand. */
  placed(cell: number): PlacedGeometry | null {
    const id = this.idOf(cell);
    return id >= 0 ? this.shared[id]! : id === OWN ? this.ownOf(cell) : null;
  }

  /** The instance on `cell` snapped to its neighbours, or null when nothing there needs snapping. */
  snapped(cell: number): VectorTile | null {
    const idA = this.idOf(cell);
    const a = idA >= 0 ? this.shared[idA]! : idA === OWN ? this.ownOf(cell) : null;
    if (!a) return null;
    let edges: SnapEdge[] | null = null;
    for (const d of this.directions(cell)) {
      const n = this.grid.neighbor(cell, d);
      if (n < 0) continue;
      const idB = this.idOf(n);
      if (idB === NONE) continue;
      const e = facingBack(this.grid, cell, d, n);
      let s: EdgeSnap;
      if (idA >= 0 && idB >= 0) {
        const pa = this.sharedPositions[idA]![d] ?? [];
        const pb = this.sharedPositions[idB]![e] ?? [];
        // The common case, decided without a lookup: nothing crosses, or every crossing meets.
        if ((pa.length === 0 && pb.length === 0) || meetInOrder(pa, pb)) continue;
        // A small-integer key while ids stay under 2048 (a tile set of 170 hexagon tiles in 12 placements).
        const key = idA < 2048 && idB < 2048 ? (idA * 2048 + idB) * 64 + d * 8 + e : -1;
        const hit = key < 0 ? undefined : this.edges.get(key);
        s = hit ?? edgeSnap(a, d, this.shared[idB]!, e, this.options);
        if (!hit && key >= 0) this.edges.set(key, s);
      } else {
        const b = this.placed(n);
        if (!b) continue;
        s = edgeSnap(a, d, b, e, this.options);
      }
      if (s === NOTHING) continue;
      for (const g of gapsOf(cell, d, n, s)) this.gaps.push(g);
      if (s.near.length) (edges ??= []).push({ d, e, n, other: this.placed(n)!, s });
    }
    if (!edges) return null;
    this.instancesSnapped++;
    return apply(this.grid, cell, a.tile, edges).tile;
  }

  private directions(cell: number): readonly number[] {
    if (this.grid.kind === 'icosahedron') return edgeDirections(this.grid, cell);
    const k = this.grid.degree(cell);
    let dirs = this.dirsByDegree.get(k);
    if (!dirs) this.dirsByDegree.set(k, (dirs = edgeDirections(this.grid, cell)));
    return dirs;
  }

  private idOf(cell: number): number {
    const known = this.cellId[cell]!;
    if (known !== UNSEEN) return known;
    const ref = this.layer.tileRef[cell]!;
    let id = NONE;
    if (ref >= 0) {
      // Snapping is the classic maps' rule (vector-map.ts): the cell is the grid's own.
      const shape = cellShapeOf(this.grid, cell, false);
      if (shape.name === 'polygon') id = OWN;
      else {
        let k = this.shapeIndex.get(shape.name);
        if (k === undefined) this.shapeIndex.set(shape.name, (k = this.shapeIndex.size));
        const code = this.layer.code[cell]!;
        const key = (ref * 256 + code) * 8 + k;
        const hit = this.sharedKey.get(key);
        if (hit !== undefined) id = hit;
        else {
          const tile = this.tiles(this.layer.tileIds[ref]!);
          const g = tile ? placedGeometry(placedTile(tile, decodePlacement(code), shape)) : null;
          id = g ? this.shared.length : NONE;
          if (g) {
            this.shared.push(g);
            const byDir: (readonly PositionIndicator[])[] = [];
            for (const ind of g.indicators) byDir[ind.dir] = ind.positions;
            this.sharedPositions.push(byDir);
            // A tile not at hand yet (its geometry is fetched after placing) is asked again next time.
            this.sharedKey.set(key, id);
          }
        }
      }
    }
    this.cellId[cell] = id;
    return id;
  }

  private ownOf(cell: number): PlacedGeometry | null {
    let g = this.own.get(cell);
    if (g === undefined) {
      const tile = this.tiles(this.layer.tileIds[this.layer.tileRef[cell]!]!);
      g = tile ? placedGeometry(placedTile(tile, decodePlacement(this.layer.code[cell]!), cellShapeOf(this.grid, cell, false))) : null;
      if (this.own.size >= GLOBE_CACHE) this.own.clear();
      this.own.set(cell, g);
    }
    return g;
  }
}
