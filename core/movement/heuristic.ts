/**
 * Lower bounds on the number of grid hops between a tile and a goal, for A* (SPEC §4:
 * "A* with an admissible heuristic for each kind, globe included"). Multiplied by the
 * graph's least cost per hop, a bound never overestimates a path's cost, because every
 * movement-graph edge that spans s hops costs at least s × that least cost.
 *
 * - Flat kinds: the grid's own distance, which is the exact hop count (wrap-aware) and O(1).
 * - The globe: the angle between the two tile centres divided by the largest angle any
 *   single hop spans on this globe (measured once per grid). Every hop turns by at most
 *   that angle, so no walk of fewer hops can cover the angle; it needs no coordinate
 *   arithmetic across the icosahedron's sectors.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Grid } from '../grid/types.js';

export interface GoalBound {
  setGoal(goal: number): void;
  /** A lower bound on the hop count from `u` to the goal. */
  hops(u: number): number;
}

class GridDistanceBound implements GoalBound {
  private goal = 0;
  constructor(private readonly grid: Grid) {}
  setGoal(goal: number): void {
    this.goal = goal;
  }
  hops(u: number): number {
    return this.grid.distance(u, this.goal);
  }
}

/** Unit-sphere centres (x, y, z interleaved) and the widest hop angle of a globe grid. */
interface GlobeGeometry {
  /** The grid's own centres (IcosahedronGrid.centers()): shared, read only. */
  readonly centers: Float64Array;
  readonly maxHopAngle: number;
}

/** A grid that keeps its tiles' unit-sphere centres (the icosahedron grid). */
interface SphereCentres {
  centers(): Float64Array;
}

const globes = new WeakMap<Grid, GlobeGeometry>();

export function globeGeometry(grid: Grid): GlobeGeometry {
  let geo = globes.get(grid);
  if (geo) return geo;
  const n = grid.tileCount;
  const own = (grid as Partial<SphereCentres>).centers;
  if (typeof own !== 'function') throw new Error(`globe geometry needs a grid with unit-sphere centres, got ${grid.kind}`);
  // The grid's own array: the centres are computed once, on the unit sphere, when the grid is built.
  const centers = own.call(grid);
  let minDot = 1;
  const nb = new Int32Array(grid.directions);
  for (let i = 0; i < n; i++) {
    const deg = grid.neighbors(i, nb);
    for (let d = 0; d < deg; d++) {
      const j = nb[d]!;
      if (j < 0) continue;
      const dot = centers[3 * i]! * centers[3 * j]! + centers[3 * i + 1]! * centers[3 * j + 1]! + centers[3 * i + 2]! * centers[3 * j + 2]!;
      if (dot < minDot) minDot = dot;
    }
  }
  // A hair wider than measured, so rounding in acos can never make the bound overestimate.
  const maxHopAngle = Math.acos(Math.max(-1, Math.min(1, minDot))) * (1 + 1e-9) + 1e-12;
  geo = { centers, maxHopAngle };
  globes.set(grid, geo);
  return geo;
}

class AngularBound implements GoalBound {
  private gx = 0;
  private gy = 0;
  private gz = 0;
  private readonly centers: Float64Array;
  private readonly perHop: number;
  constructor(grid: Grid) {
    const geo = globeGeometry(grid);
    this.centers = geo.centers;
    this.perHop = 1 / geo.maxHopAngle;
  }
  setGoal(goal: number): void {
    const c = this.centers;
    this.gx = c[3 * goal]!;
    this.gy = c[3 * goal + 1]!;
    this.gz = c[3 * goal + 2]!;
  }
  hops(u: number): number {
    const c = this.centers;
    const dot = c[3 * u]! * this.gx + c[3 * u + 1]! * this.gy + c[3 * u + 2]! * this.gz;
    return Math.acos(dot > 1 ? 1 : dot < -1 ? -1 : dot) * this.perHop;
  }
}

export function goalBoundFor(grid: Grid): GoalBound {
  return grid.kind === 'icosahedron' ? new AngularBound(grid) : new GridDistanceBound(grid);
}
