/**
 * Stage 3a, climate per area tile: temperature from latitude (the globe's own; a flat map
 * spans its climate band, north up) less a lapse with height; moisture from the distance to
 * water (sea and lakes, in world units, so the same at every size), rivers nearby, the
 * prevailing wind (trade winds from the east below 30°, westerlies to 60°, polar easterlies
 * above) lifting air up windward slopes and drying the lee, and a little noise.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { AreaLattice } from './lattice.js';
import type { ClimateBand, WorldParams } from './params.js';
import { Water, type AreaDrainage } from './drainage.js';
import { fbm, noiseField } from './noise.js';

export interface Climate {
  /** Degrees Celsius, per area tile. */
  readonly temperature: Float32Array;
  /** 0 (desert) – 1 (soaked), per area tile. */
  readonly moisture: Float32Array;
}

/** Latitudes (degrees) a flat map spans, south edge to north edge. */
export const BAND_LATITUDES: Record<ClimateBand, readonly [number, number]> = {
  polar: [62, 88],
  cold: [48, 68],
  temperate: [32, 56],
  warm: [18, 40],
  tropical: [-12, 18],
};

/** Distance to water (world units) past which air is dry. */
const DRY_DISTANCE = 0.3;

export function generateClimate(lat: AreaLattice, params: WorldParams, height: Float32Array, drain: AreaDrainage, riverNear: Uint8Array): Climate {
  const n = lat.tiles.length;
  const temperature = new Float32Array(n);
  const moisture = new Float32Array(n);
  const tnoise = noiseField(params.seed, 'temperature');
  const mnoise = noiseField(params.seed, 'moisture');
  const dist = waterDistance(lat, drain.water);
  const [south, north] = BAND_LATITUDES[params.climate];
  let maxY = 0;
  if (!lat.sphere) for (const t of lat.tiles) maxY = Math.max(maxY, lat.world[t * 3 + 1]!);
  for (let a = 0; a < n; a++) {
    const t = lat.tiles[a]!;
    const x = lat.world[t * 3]!;
    const y = lat.world[t * 3 + 1]!;
    const z = lat.world[t * 3 + 2]!;
    const latitude = lat.sphere ? (Math.asin(Math.max(-1, Math.min(1, z))) * 180) / Math.PI : south + (north - south) * (maxY > 0 ? y / maxY : 0.5);
    const h = Math.max(0, height[a]!);
    temperature[a] = 29 - 45 * (Math.abs(latitude) / 90) ** 1.5 - 26 * h + 3 * fbm(tnoise, x * 4, y * 4, z * 4, 2);
    if (drain.water[a] !== Water.LAND) {
      moisture[a] = 1;
      continue;
    }
    let m = 1 - Math.min(1, dist[a]! / DRY_DISTANCE);
    m = 0.45 * m + 0.4 * (0.5 + 0.5 * fbm(mnoise, x * 3, y * 3, z * 3, 3));
    if (riverNear[a] === 1) m += 0.1;
    m += orographic(lat, height, a, latitude);
    moisture[a] = Math.max(0, Math.min(1, m));
  }
  return { temperature, moisture };
}

/** Windward slopes wetter, lee slopes drier: the rise from the upwind neighbour. */
function orographic(lat: AreaLattice, height: Float32Array, a: number, latitude: number): number {
  const abs = Math.abs(latitude);
  // Wind blows toward +east for westerlies, −east for trade winds and polar easterlies.
  const sign = abs >= 30 && abs < 60 ? 1 : -1;
  const t = lat.tiles[a]!;
  const px = lat.world[t * 3]!;
  const py = lat.world[t * 3 + 1]!;
  const pz = lat.world[t * 3 + 2]!;
  // East on the sphere is z × p; on a flat map it is +x.
  const ex = lat.sphere ? -py : 1;
  const ey = lat.sphere ? px : 0;
  let best = -1;
  let bestDot = 0;
  for (let s = 0; s < lat.slots; s++) {
    const b = lat.nbr[a * lat.slots + s]!;
    if (b < 0) continue;
    const u = lat.tiles[b]!;
    const dot = -sign * ((lat.world[u * 3]! - px) * ex + (lat.world[u * 3 + 1]! - py) * ey + (lat.world[u * 3 + 2]! - pz) * 0);
    if (dot > bestDot) {
      bestDot = dot;
      best = b;
    }
  }
  if (best < 0) return 0;
  const rise = Math.max(0, height[a]!) - Math.max(0, height[best]!);
  return Math.max(-0.15, Math.min(0.15, rise * 3));
}

/** Breadth-first distance to the nearest water tile, in world units. */
function waterDistance(lat: AreaLattice, water: Uint8Array): Float32Array {
  const n = lat.tiles.length;
  const steps = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  for (let a = 0; a < n; a++) {
    if (water[a] !== Water.LAND) {
      steps[a] = 0;
      queue[tail++] = a;
    }
  }
  while (head < tail) {
    const a = queue[head++]!;
    for (let s = 0; s < lat.slots; s++) {
      const b = lat.nbr[a * lat.slots + s]!;
      if (b >= 0 && steps[b] < 0) {
        steps[b] = steps[a]! + 1;
        queue[tail++] = b;
      }
    }
  }
  const dist = new Float32Array(n);
  for (let a = 0; a < n; a++) dist[a] = steps[a]! < 0 ? DRY_DISTANCE : steps[a]! * lat.tileWorld;
  return dist;
}
