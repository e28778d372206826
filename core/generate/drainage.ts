/**
 * Stage 2, drainage, on the area tiles: depressions filled by priority flood (Barnes et al.;
 * mapgen4 does the same) from the sea and the map's border, so every land tile has a
 * downstream neighbour and a path down to the sea, a lake or the border; where filling holds
 * water deeper than LAKE_DEPTH over two or more tiles, a lake; flow accumulation as a fraction
 * of the whole map's area (so thresholds mean the same at every size).
 *
 * Rivers themselves run on linear tiles (rivers.ts); this stage decides where water stands.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import FlatQueue from 'flatqueue';
import type { AreaLattice } from './lattice.js';

export const Water = { LAND: 0, SEA: 1, LAKE: 2 } as const;

/** Filled water deeper than this (relative height) over at least LAKE_MIN_TILES tiles is a lake. */
export const LAKE_DEPTH = 0.01;
export const LAKE_MIN_TILES = 2;
/** The smallest rise per step of filled ground, so flow never stalls on a flat. */
export const FLAT_RISE = 1e-5;

export interface AreaDrainage {
  /** Height with depressions filled (lakes at their level); the input height elsewhere. */
  readonly filled: Float32Array;
  /** Downstream area tile of each land tile (−1: water, or land draining off the map's border). */
  readonly down: Int32Array;
  /** Area tiles in flood order: each tile after its downstream one. */
  readonly order: Int32Array;
  /** Water per area tile (Water codes). */
  readonly water: Uint8Array;
  /** Flow accumulation: the fraction of the map's area draining through each tile. */
  readonly flow: Float32Array;
}

/**
 * Priority flood over the area lattice; `land` marks land tiles (1). Sea tiles and land tiles
 * on the map's border are the outlets.
 */
export function drainArea(lat: AreaLattice, height: Float32Array, land: Uint8Array): AreaDrainage {
  const n = lat.tiles.length;
  const S = lat.slots;
  const filled = Float32Array.from(height);
  const down = new Int32Array(n).fill(-1);
  const order = new Int32Array(n);
  const seen = new Uint8Array(n);
  const queue = new FlatQueue<number>();
  for (let a = 0; a < n; a++) {
    if (land[a] === 0 || lat.border[a] === 1) {
      seen[a] = 1;
      queue.push(a, filled[a]!);
    }
  }
  let k = 0;
  while (queue.length > 0) {
    const a = queue.pop()!;
    order[k++] = a;
    for (let s = 0; s < S; s++) {
      const b = lat.nbr[a * S + s]!;
      if (b < 0 || seen[b] === 1) continue;
      seen[b] = 1;
      filled[b] = Math.max(height[b]!, filled[a]! + FLAT_RISE);
      down[b] = a;
      queue.push(b, filled[b]!);
    }
  }
  const water = new Uint8Array(n);
  for (let a = 0; a < n; a++) if (land[a] === 0) water[a] = Water.SEA;
  markLakes(lat, height, filled, water);
  const flow = accumulate(order, down, water, n);
  return { filled, down, order, water, flow };
}

/** Connected depressions deeper than LAKE_DEPTH become lakes at their highest filled level. */
function markLakes(lat: AreaLattice, height: Float32Array, filled: Float32Array, water: Uint8Array): void {
  const n = height.length;
  const S = lat.slots;
  const deep = (a: number): boolean => water[a] === Water.LAND && filled[a]! - height[a]! > LAKE_DEPTH;
  const done = new Uint8Array(n);
  const stack: number[] = [];
  for (let a = 0; a < n; a++) {
    if (done[a] === 1 || !deep(a)) continue;
    const comp: number[] = [];
    done[a] = 1;
    stack.push(a);
    while (stack.length) {
      const c = stack.pop()!;
      comp.push(c);
      for (let s = 0; s < S; s++) {
        const b = lat.nbr[c * S + s]!;
        if (b >= 0 && done[b] === 0 && deep(b)) {
          done[b] = 1;
          stack.push(b);
        }
      }
    }
    if (comp.length < LAKE_MIN_TILES) continue;
    let level = -Infinity;
    for (const c of comp) level = Math.max(level, filled[c]!);
    for (const c of comp) {
      water[c] = Water.LAKE;
      filled[c] = level;
    }
  }
}

/** Flow accumulation: each land tile's share of the map (1/n) passed down, upstream first. */
export function accumulate(order: Int32Array, down: Int32Array, water: Uint8Array, n: number): Float32Array {
  const flow = new Float32Array(n);
  for (let a = 0; a < n; a++) if (water[a] === Water.LAND) flow[a] = 1 / n;
  for (let k = order.length - 1; k >= 0; k--) {
    const a = order[k]!;
    const d = down[a]!;
    if (d >= 0 && water[a] === Water.LAND) flow[d] = flow[d]! + flow[a]!;
  }
  return flow;
}

/** Where a land tile's water ends: the water tile reached, or −1 when it drains off the border. */
export function outletOf(drain: AreaDrainage, a: number): number {
  let c = a;
  for (let guard = 0; guard <= drain.down.length; guard++) {
    if (drain.water[c] !== Water.LAND) return c;
    const d = drain.down[c]!;
    if (d < 0) return -1;
    c = d;
  }
  throw new Error(`drainage loops at area tile ${a}`);
}
