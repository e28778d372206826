/**
 * Seed 004's linear-feature rules on the through-tile network model (core/map network-*):
 * railways and roads run centre to centre through AREA tiles, rivers along LINEAR tiles
 * (hexsides). One home for the rules, read by the router (networks.ts) and by check-world:
 *
 * - a link crossing a river linear tile crosses at 60–120° (a bridge), never along it;
 * - the exclusion zone of a river is the area tiles beside it: no link there runs within 45°
 *   of the river's direction;
 * - a road enters or leaves a railway tile only at 60–120° to the railway (a level crossing),
 *   never where a river also borders it (three features on one tile), never through a
 *   railway junction; it runs within 45° of a railway in a neighbouring tile never;
 * - setback: a road runs within 45° of a river at two steps from it never (so a road
 *   following a valley keeps 3 tiles or more from the river);
 * - settlements are exempt, and so is every link with an end on or beside a settlement tile
 *   (features converge in towns and separate as they leave).
 *
 * Directions are unit vectors in world space (lattice.ts), so angles hold on the globe too.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { AreaLattice } from './lattice.js';

export type Vec = [number, number, number];

/** Why a link breaks the rules (0: it does not). */
export const Breach = { NONE: 0, RIVER_ANGLE: 1, PARALLEL_RIVER: 2, RAIL_ANGLE: 3, PARALLEL_RAIL: 4, SETBACK: 5, TRIPLE: 6 } as const;
export type BreachCode = (typeof Breach)[keyof typeof Breach];

/** |cos| at or above this: within 45°, parallel. */
export const PARALLEL_COS = Math.SQRT1_2;
/** |cos| at or below this: 60–120°, a clean crossing. */
export const CROSSING_COS = 0.5;

/** What is already on the ground when a link is judged. */
export interface FeatureField {
  readonly lat: AreaLattice;
  /** Per GRID tile: 1 where a linear tile carries a river or stream. */
  readonly river: Uint8Array;
  /** Per GRID tile: the river's direction at a river linear tile (3 floats). */
  readonly along: Float64Array;
  /** Per area tile: 1 on settlement tiles and their neighbours. */
  readonly exempt: Uint8Array;
  /** Per area tile: steps to the nearest river side (1 = beside one), 0 = none near. */
  readonly riverSteps: Uint8Array;
  /** Per area tile: the nearest river linear tile (−1 none). */
  readonly nearestRiver: Int32Array;
  /** Per area tile: railway spokes (0 none). */
  readonly railSpokes: Uint8Array;
  /** Per area tile: the railway's direction through it (3 floats). */
  readonly railDir: Float64Array;
  /** Per area tile: 1 when it or a neighbour carries a railway (setRail keeps it). */
  readonly railNear: Uint8Array;
}

const dot = (a: ArrayLike<number>, ai: number, b: ArrayLike<number>, bi: number): number => a[ai]! * b[bi]! + a[ai + 1]! * b[bi + 1]! + a[ai + 2]! * b[bi + 2]!;

function unit(v: Vec): Vec {
  const r = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / r, v[1] / r, v[2] / r];
}

/** Unit vector from area tile `a` to the area tile across its slot `s`. */
export function linkVector(lat: AreaLattice, a: number, s: number): Vec {
  const b = lat.nbr[a * lat.slots + s]!;
  const p = lat.tiles[a]! * 3;
  const q = lat.tiles[b]! * 3;
  return unit([lat.world[q]! - lat.world[p]!, lat.world[q + 1]! - lat.world[p + 1]!, lat.world[q + 2]! - lat.world[p + 2]!]);
}

/**
 * The river's direction on every river linear tile: along the hexside (perpendicular to the
 * line between its two area tiles, in the tangent plane on the globe); on a square VERTEX,
 * from one river neighbour to the other.
 */
export function riverDirections(lat: AreaLattice, river: Uint8Array): Float64Array {
  const grid = lat.grid;
  const along = new Float64Array(grid.tileCount * 3);
  const out = new Int32Array(8);
  const w = lat.world;
  for (let t = 0; t < grid.tileCount; t++) {
    if (river[t] !== 1) continue;
    const d = grid.neighbors(t, out);
    const areas: number[] = [];
    const rivers: number[] = [];
    for (let k = 0; k < d; k++) {
      const m = out[k]!;
      if (m < 0) continue;
      if (lat.classes[m] === 0) areas.push(m);
      else if (river[m] === 1) rivers.push(m);
    }
    let v: Vec;
    if (areas.length === 2) {
      const n: Vec = [w[areas[1]! * 3]! - w[areas[0]! * 3]!, w[areas[1]! * 3 + 1]! - w[areas[0]! * 3 + 1]!, w[areas[1]! * 3 + 2]! - w[areas[0]! * 3 + 2]!];
      // Along = n turned 90° in the plane of the map (flat: about z; globe: about the tile's normal).
      v = lat.sphere ? cross(n, [w[t * 3]!, w[t * 3 + 1]!, w[t * 3 + 2]!]) : [-n[1], n[0], 0];
    } else {
      const [e1, e2] = rivers.length >= 2 ? [rivers[0]!, rivers[1]!] : [t, rivers[0] ?? t];
      v = [w[e2 * 3]! - w[e1 * 3]!, w[e2 * 3 + 1]! - w[e1 * 3 + 1]!, w[e2 * 3 + 2]! - w[e1 * 3 + 2]!];
    }
    along.set(unit(v), t * 3);
  }
  return along;
}

function cross(a: Vec, b: Vec): Vec {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

/** Steps from each area tile to the nearest river side (1 = beside), up to `max`, and which river. */
export function riverDistance(lat: AreaLattice, river: Uint8Array, max: number): { steps: Uint8Array; nearest: Int32Array } {
  const n = lat.tiles.length;
  const steps = new Uint8Array(n);
  const nearest = new Int32Array(n).fill(-1);
  const queue: number[] = [];
  for (let a = 0; a < n; a++) {
    for (let s = 0; s < lat.slots; s++) {
      const l = lat.link[a * lat.slots + s]!;
      if (l >= 0 && river[l] === 1) {
        steps[a] = 1;
        nearest[a] = l;
        queue.push(a);
        break;
      }
    }
  }
  for (let h = 0; h < queue.length; h++) {
    const a = queue[h]!;
    if (steps[a]! >= max) continue;
    for (let s = 0; s < lat.slots; s++) {
      const b = lat.nbr[a * lat.slots + s]!;
      if (b >= 0 && steps[b] === 0) {
        steps[b] = steps[a]! + 1;
        nearest[b] = nearest[a]!;
        queue.push(b);
      }
    }
  }
  return { steps, nearest };
}

/** Settlement tiles and their neighbours. */
export function exemptTiles(lat: AreaLattice, settlement: (a: number) => boolean): Uint8Array {
  const out = new Uint8Array(lat.tiles.length);
  for (let a = 0; a < lat.tiles.length; a++) {
    if (!settlement(a)) continue;
    out[a] = 1;
    for (let s = 0; s < lat.slots; s++) {
      const b = lat.nbr[a * lat.slots + s]!;
      if (b >= 0) out[b] = 1;
    }
  }
  return out;
}

/** Records the railway spokes of area tile `a` (slots) into the field's rail arrays. */
export function setRail(field: FeatureField, a: number, slots: readonly number[]): void {
  const { lat } = field;
  field.railSpokes[a] = slots.length;
  if (slots.length > 0) {
    field.railNear[a] = 1;
    for (let s = 0; s < lat.slots; s++) {
      const b = lat.nbr[a * lat.slots + s]!;
      if (b >= 0) field.railNear[b] = 1;
    }
  }
  let v: Vec = [0, 0, 0];
  if (slots.length === 1) v = linkVector(lat, a, slots[0]!);
  else if (slots.length >= 2) {
    const p = linkVector(lat, a, slots[0]!);
    const q = linkVector(lat, a, slots[1]!);
    v = unit([q[0] - p[0], q[1] - p[1], q[2] - p[2]]);
  }
  field.railDir.set(v, a * 3);
}

/** Whether the link from `a` across slot `s` breaks a rule for a `road` (else a railway). */
export function linkBreach(field: FeatureField, a: number, s: number, road: boolean): BreachCode {
  const { lat } = field;
  const S = lat.slots;
  const b = lat.nbr[a * S + s]!;
  const crossed = lat.link[a * S + s]!;
  const riverCrossed = crossed >= 0 && field.river[crossed] === 1;
  const exempt = field.exempt[a] === 1 || field.exempt[b] === 1;
  // Most links meet nothing: decide that before computing their direction.
  if (!riverCrossed && (exempt || (field.riverSteps[a] === 0 && field.riverSteps[b] === 0 && (!road || (field.railNear[a] === 0 && field.railNear[b] === 0))))) return Breach.NONE;
  const V: ArrayLike<number> = linkVector(lat, a, s);
  if (riverCrossed && Math.abs(dot(V, 0, field.along, crossed * 3)) > CROSSING_COS) return Breach.RIVER_ANGLE;
  if (exempt) return Breach.NONE;
  for (let e = 0; e < 2; e++) {
    const t = e === 0 ? a : b;
    if (field.riverSteps[t] !== 1) continue;
    for (let k = 0; k < S; k++) {
      const l = lat.link[t * S + k]!;
      if (l < 0 || l === crossed || field.river[l] !== 1) continue;
      if (Math.abs(dot(V, 0, field.along, l * 3)) >= PARALLEL_COS) return Breach.PARALLEL_RIVER;
    }
  }
  if (!road) return Breach.NONE;
  if (field.railNear[a] === 0 && field.railNear[b] === 0) return setback(field, V, a, b);
  for (let e = 0; e < 2; e++) {
    const t = e === 0 ? a : b;
    if (field.railSpokes[t] === 0) continue;
    if (field.riverSteps[t] === 1) return Breach.TRIPLE;
    if (field.railSpokes[t]! > 2 || Math.abs(dot(V, 0, field.railDir, t * 3)) > CROSSING_COS) return Breach.RAIL_ANGLE;
  }
  if (field.railSpokes[a] === 0 && field.railSpokes[b] === 0) {
    for (let e = 0; e < 2; e++) {
      const t = e === 0 ? a : b;
      for (let k = 0; k < S; k++) {
        const r = lat.nbr[t * S + k]!;
        if (r >= 0 && field.railSpokes[r]! > 0 && Math.abs(dot(V, 0, field.railDir, r * 3)) >= PARALLEL_COS) return Breach.PARALLEL_RAIL;
      }
    }
  }
  return setback(field, V, a, b);
}

/** A road link along a river two steps away (inside the setback). */
function setback(field: FeatureField, V: ArrayLike<number>, a: number, b: number): BreachCode {
  for (let e = 0; e < 2; e++) {
    const t = e === 0 ? a : b;
    const l = field.nearestRiver[t]!;
    if (field.riverSteps[t] === 2 && l >= 0 && Math.abs(dot(V, 0, field.along, l * 3)) >= PARALLEL_COS) return Breach.SETBACK;
  }
  return Breach.NONE;
}
