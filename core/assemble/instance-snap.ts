/**
 * Snapping placed instances to their neighbours when a map is DRAWN (patent MAP ASSEMBLY step
 * (4), core/vector snap.ts `snapAcross`): where a line or an area's edge crosses a shared
 * edge near the crossing it matched on the neighbour's side, both curves are drawn meeting
 * exactly. The placing ghost (core/render vector-ghost.ts) and the vector map
 * (core/render vector-map.ts) both ask here, so what the ghost shows is what placing draws.
 *
 * Only pairs that do not already meet are moved: a pair within EXACT of each other is left
 * as drawn (its tangents too), a pair within SNAP_TOLERANCE is snapped, one farther off is
 * left and reported as a gap. Each side decides from the same two unsnapped instances and
 * `snapAcross` moves both ends to the mean point and direction, so the two cells, each
 * snapped on its own, draw one meeting point. Most instances of a map meet their neighbours
 * exactly (tiles drawn to the same edge positions): for them `snapped` answers null without
 * building anything, and the map keeps its one tessellation per tile.
 *
 * Classic maps only: on AL-FORM maps area instances meet across linear tiles, whose rerouted
 * geometry is drawn separately (reroute.ts), so nothing is snapped there.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Grid } from '../grid/types.js';
import type { EdgeIndicators, PositionIndicator } from '../vector/indicators.js';
import { edgeIndicators } from '../vector/indicators.js';
import type { MatchedPair, MatchOptions } from '../vector/match.js';
import { matchEdges } from '../vector/match.js';
import { snapAcross } from '../vector/snap.js';
import { SNAP_TOLERANCE } from '../vector/tolerance.js';
import type { VectorTile } from '../vector/types.js';
import { cellShapeOf, edgeDirections, facingBack } from './cell-geometry.js';
import type { InstanceLayer } from './instance-layer.js';
import { decodePlacement } from './orientation-code.js';
import { placedTile } from './placed-tile.js';

/** Two crossings closer than this (in edge lengths) already meet: float noise of orientation and warp. */
const EXACT = 1e-9;
/** Globe cells each have their own shape: keep at most this many placed instances at hand. */
const GLOBE_CACHE = 4096;

/** A matched pair of crossings too far apart to snap (left as drawn). */
export interface SnapGap {
  readonly cell: number;
  readonly dir: number;
  readonly neighbour: number;
  /** The element of `cell`'s instance, and the neighbour's it was matched with. */
  readonly element: string;
  readonly other: string;
  /** How far apart the two crossings are, in lengths of the shared edge. */
  readonly gap: number;
}

export interface SnapOptions {
  readonly match?: MatchOptions;
  /** In edge lengths; SNAP_TOLERANCE when absent. */
  readonly tolerance?: number;
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

/** How far A's crossing is from B's across a shared edge (B walks it the other way). */
const gapOf = (p: MatchedPair): number => Math.abs(p.a.t - (1 - p.b.t));

/** Whether every crossing of A's edge meets B's in order within EXACT (no matching needed). */
function meetExactly(a: readonly PositionIndicator[], b: readonly PositionIndicator[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0, n = a.length; i < n; i++) if (Math.abs(a[i]!.t - (1 - b[n - 1 - i]!.t)) > EXACT) return false;
  return true;
}

/**
 * `mine` (the instance or ghost on `cell`, in the cell's frame) snapped to every placed
 * neighbour `across(n)` gives. Neighbours that do not match are left alone (the fit rule
 * keeps them out of a map placed by hand; a map assembled elsewhere is the checker's).
 */
export function snapToNeighbours(grid: Grid, cell: number, mine: PlacedGeometry, across: (n: number) => PlacedGeometry | null, options: SnapOptions = {}): SnappedInstance {
  const tolerance = options.tolerance ?? SNAP_TOLERANCE;
  let tile = mine.tile;
  let snapped = 0;
  const gaps: SnapGap[] = [];
  for (const d of edgeDirections(grid, cell)) {
    const n = grid.neighbor(cell, d);
    if (n < 0) continue;
    const other = across(n);
    if (!other) continue;
    const e = facingBack(grid, cell, d, n);
    const a = mine.indicators.find((x) => x.dir === d);
    const b = other.indicators.find((x) => x.dir === e);
    if (!a || !b || meetExactly(a.positions, b.positions)) continue;
    const m = matchEdges(a, b, options.match);
    if (!m.ok) continue;
    const near: MatchedPair[] = [];
    for (const p of m.pairs) {
      const g = gapOf(p);
      if (g <= EXACT) continue;
      if (g <= tolerance) near.push(p);
      else gaps.push({ cell, dir: d, neighbour: n, element: p.a.element, other: p.b.element, gap: g });
    }
    if (near.length === 0) continue;
    tile = snapAcross(tile, d, other.tile, e, near).a;
    snapped += near.length;
  }
  return { tile, snapped, gaps };
}

/**
 * The instances of a map layer as drawn: per cell, null when its instance meets every
 * neighbour exactly (draw the tile's shared tessellation), else its own snapped geometry.
 * Placed geometry is cached per (tile, placement, shape) on flat maps, per cell on the globe.
 */
export class InstanceSnapper {
  /** Gaps found so far, each shared edge once (from its lower cell). */
  readonly gaps: SnapGap[] = [];
  /** Instances drawn from their own snapped geometry so far. */
  instancesSnapped = 0;
  private readonly cache = new Map<string, PlacedGeometry | null>();

  constructor(
    private readonly grid: Grid,
    private readonly layer: InstanceLayer,
    private readonly tiles: (id: string) => VectorTile | null,
    private readonly options: SnapOptions = {},
  ) {}

  /** The instance on `cell` in its cell's frame, unsnapped; null when empty or its tile is not at hand. */
  placed(cell: number): PlacedGeometry | null {
    const ref = this.layer.tileRef[cell]!;
    if (ref < 0) return null;
    const shape = cellShapeOf(this.grid, cell);
    const code = this.layer.code[cell]!;
    const key = shape.name === 'polygon' ? `@${cell}` : `${ref}:${code}:${shape.name}`;
    let g = this.cache.get(key);
    if (g === undefined) {
      const tile = this.tiles(this.layer.tileIds[ref]!);
      g = tile ? placedGeometry(placedTile(tile, decodePlacement(code), shape)) : null;
      if (shape.name === 'polygon' && this.cache.size >= GLOBE_CACHE) this.cache.clear();
      this.cache.set(key, g);
    }
    return g;
  }

  /** The instance on `cell` snapped to its neighbours, or null when nothing there needs snapping. */
  snapped(cell: number): VectorTile | null {
    const mine = this.placed(cell);
    if (!mine) return null;
    const s = snapToNeighbours(this.grid, cell, mine, (n) => this.placed(n), this.options);
    for (const g of s.gaps) if (g.cell < g.neighbour) this.gaps.push(g);
    if (s.snapped === 0) return null;
    this.instancesSnapped++;
    return s.tile;
  }
}
