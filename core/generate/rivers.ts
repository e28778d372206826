/**
 * Stage 2b, rivers on LINEAR tiles (hexsides; square maps' edges and vertices): water runs
 * along the borders between area tiles, as on a hex wargame map (Xconq's hexside rivers are
 * the precedent). A second priority flood runs over the linear tiles from their outlets — a
 * linear tile beside water (the sea or a lake) or on the map's edge — so every linear tile has
 * a downhill path to one; each land area tile sheds its rain into its lowest bordering linear
 * tile; accumulation runs down the linear flow; tiles past the river threshold (a fifth of it on the globe) are rivers,
 * 'stream' below RIVER_FACTOR × the threshold and 'river' above (widening downstream).
 *
 * Because accumulation only grows downstream, every river tile's downstream tile is a river
 * tile too, down to an outlet: no river ends inland. Heights in metres are made to fall by at
 * least a metre a step along the flow (`metres`), so no river tile is higher than the tile
 * upstream of it, whatever the rounding.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import FlatQueue from 'flatqueue';
import type { AreaLattice } from './lattice.js';
import { FLAT_RISE, Water, type AreaDrainage } from './drainage.js';

/** Threshold of a river at river amount 1: this fraction of the map's area drains through it. */
export const RIVER_THRESHOLD = 0.0018;
/**
 * On the globe the threshold is this share of the flat one: a planet holds many continents'
 * worth of area, and a river is as long as on a continent map, not a planet's share longer.
 */
export const GLOBE_RIVER_SCALE = 0.2;
/** A river carries this many times the threshold; below it, a stream. */
export const RIVER_FACTOR = 4;

export const LinearWater = { DRY: 0, STREAM: 1, RIVER: 2 } as const;

export interface LinearDrainage {
  /** Per grid tile: 1 for a linear tile beside water or on the map's edge (an outlet). */
  readonly outlet: Uint8Array;
  /** Per grid tile: 1 for a linear tile whose every area neighbour is water (no river there). */
  readonly wet: Uint8Array;
  /** Per grid tile: the linear tile downstream (−1: outlet, wet, or an area tile). */
  readonly down: Int32Array;
  /** Linear tiles in flood order (downstream first). */
  readonly order: Int32Array;
  /** Per grid tile: filled height of linear tiles. */
  readonly filled: Float32Array;
  /** Per grid tile: accumulated flow (fraction of the map's area). */
  readonly flow: Float32Array;
  /** Per grid tile: LinearWater code. */
  readonly river: Uint8Array;
}

export function drainLinear(lat: AreaLattice, drain: AreaDrainage, rivers: number): LinearDrainage {
  const grid = lat.grid;
  const n = grid.tileCount;
  const cls = lat.classes;
  const outlet = new Uint8Array(n);
  const wet = new Uint8Array(n);
  const elev = new Float32Array(n);
  const out = new Int32Array(8);
  const queue = new FlatQueue<number>();
  const seen = new Uint8Array(n);
  for (let t = 0; t < n; t++) {
    if (cls[t] === 0) continue;
    const d = grid.neighbors(t, out);
    let lowest = Infinity;
    let water = false;
    let dry = false;
    let edge = false;
    for (let k = 0; k < d; k++) {
      const m = out[k]!;
      if (m < 0) {
        edge = true;
        continue;
      }
      const a = lat.areaOf[m]!;
      if (a < 0) continue;
      if (drain.water[a] !== Water.LAND) water = true;
      else {
        dry = true;
        lowest = Math.min(lowest, drain.filled[a]!);
      }
    }
    if (!dry) {
      wet[t] = 1;
      continue;
    }
    elev[t] = lowest;
    if (water || edge) {
      outlet[t] = 1;
      seen[t] = 1;
      queue.push(t, lowest);
    }
  }
  const down = new Int32Array(n).fill(-1);
  const order: number[] = [];
  const filled = Float32Array.from(elev);
  while (queue.length > 0) {
    const t = queue.pop()!;
    order.push(t);
    const d = grid.neighbors(t, out);
    for (let k = 0; k < d; k++) {
      const m = out[k]!;
      if (m < 0 || cls[m] === 0 || wet[m] === 1 || seen[m] === 1) continue;
      seen[m] = 1;
      filled[m] = Math.max(elev[m]!, filled[t]! + FLAT_RISE);
      down[m] = t;
      queue.push(m, filled[m]!);
    }
  }
  const flow = shedRain(lat, drain, filled, wet, Int32Array.from(order), down);
  const river = new Uint8Array(n);
  if (rivers > 0) {
    const threshold = (RIVER_THRESHOLD / rivers) * (lat.sphere ? GLOBE_RIVER_SCALE : 1);
    for (let t = 0; t < n; t++) if (flow[t]! >= threshold) river[t] = flow[t]! >= threshold * RIVER_FACTOR ? LinearWater.RIVER : LinearWater.STREAM;
  }
  return { outlet, wet, down, order: Int32Array.from(order), filled, flow, river };
}

/** Each land area tile's share (1/areas) into its lowest bordering dry linear tile, then down the flow. */
function shedRain(lat: AreaLattice, drain: AreaDrainage, filled: Float32Array, wet: Uint8Array, order: Int32Array, down: Int32Array): Float32Array {
  const flow = new Float32Array(lat.grid.tileCount);
  const share = 1 / lat.tiles.length;
  const S = lat.slots;
  for (let a = 0; a < lat.tiles.length; a++) {
    if (drain.water[a] !== Water.LAND) continue;
    let best = -1;
    for (let s = 0; s < S; s++) {
      const l = lat.link[a * S + s]!;
      if (l < 0 || wet[l] === 1) continue;
      if (best < 0 || filled[l]! < filled[best]! || (filled[l] === filled[best] && l < best)) best = l;
    }
    if (best >= 0) flow[best] = flow[best]! + share;
  }
  for (let k = order.length - 1; k >= 0; k--) {
    const t = order[k]!;
    const d = down[t]!;
    if (d >= 0) flow[d] = flow[d]! + flow[t]!;
  }
  return flow;
}
