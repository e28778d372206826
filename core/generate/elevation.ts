/**
 * Stage 1, elevation: continents from fractal 3-D noise, mountain chains from ridged noise
 * gated by a slow mask (plate-like ranges rather than speckle), the coast warped twice — a
 * broad warp in world units (bays, headlands, peninsulas) and seed 004's coastline pass of
 * 2–5 tiles — and sea level set so that the target fraction of area tiles is land.
 * Every value is sampled at the tile's WORLD position (lattice.ts), so a larger map of the
 * same seed keeps its continents; only the finest octaves (added while they are larger than
 * a tile) are new, and the coastline pass is sized in world units for the same reason.
 *
 * Output is relative height per area tile: 0 at sea level, 1 the highest peak, −1 the deepest
 * sea.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { AreaLattice } from './lattice.js';
import type { WorldParams } from './params.js';
import { fbm, noiseField, ridged } from './noise.js';

export interface Elevation {
  /** Relative height per area tile (see the header). */
  readonly height: Float32Array;
  /** 1 for land, 0 for sea, per area tile. */
  readonly land: Uint8Array;
}

/** Base continent frequency in world units: about three continents across a flat map. */
const FLAT_FREQUENCY = 2.6;
const SPHERE_FREQUENCY = 1.4;

/** Octaves until the finest wavelength is about two tiles. */
export function octavesFor(frequency: number, tileWorld: number, min: number, max: number): number {
  const n = Math.ceil(Math.log2(1 / Math.max(frequency * tileWorld * 2, 1e-9)));
  return Math.max(min, Math.min(max, n));
}

export function generateElevation(lat: AreaLattice, params: WorldParams): Elevation {
  const n = lat.tiles.length;
  const raw = new Float32Array(n);
  const cont = noiseField(params.seed, 'continents');
  const ridge = noiseField(params.seed, 'ridges');
  const mask = noiseField(params.seed, 'ridgeMask');
  const warp = noiseField(params.seed, 'coastWarp');
  const f = lat.sphere ? SPHERE_FREQUENCY : FLAT_FREQUENCY;
  const octaves = octavesFor(f, lat.tileWorld, 4, 10);
  const ridgeOctaves = octavesFor(f * 2.5, lat.tileWorld, 3, 8);
  // Broad warp and seed 004's coastline pass (4× the base frequency), both in world units so
  // a larger map keeps its coast: 0.025 is 2–5 tiles at 80–200 tiles across.
  const broad = 0.06;
  const coast = lat.sphere ? 0.05 : 0.025;
  const box = lat.sphere ? null : extent(lat);
  for (let a = 0; a < n; a++) {
    const t = lat.tiles[a]!;
    let x = lat.world[t * 3]!;
    let y = lat.world[t * 3 + 1]!;
    let z = lat.world[t * 3 + 2]!;
    const wx = fbm(warp, x * 1.5, y * 1.5, z * 1.5 + 3.1, 2);
    const wy = fbm(warp, x * 1.5 + 9.2, y * 1.5, z * 1.5, 2);
    const wz = lat.sphere ? fbm(warp, x * 1.5, y * 1.5 + 4.7, z * 1.5, 2) : 0;
    const cx = fbm(warp, x * f * 4, y * f * 4, z * f * 4 + 40, 3);
    const cy = fbm(warp, x * f * 4 + 40, y * f * 4, z * f * 4, 3);
    const cz = lat.sphere ? fbm(warp, x * f * 4, y * f * 4 + 40, z * f * 4, 3) : 0;
    x += broad * wx + coast * cx;
    y += broad * wy + coast * cy;
    z += broad * wz + coast * cz;
    let e = fbm(cont, x * f, y * f, z * f, octaves);
    const m = smoothstep(0.05, 0.45, fbm(mask, x * f * 0.8, y * f * 0.8, z * f * 0.8 + 11, 2));
    // Ridges only where the mask lets them (half the world or so): no noise spent elsewhere.
    if (m > 0 && params.mountains > 0) e += params.mountains * 0.5 * m * (ridged(ridge, x * f * 2.5, y * f * 2.5, z * f * 2.5, ridgeOctaves) - 0.35);
    if (box) e -= edgeFalloff(x, y, box);
    raw[a] = e;
  }
  return seaLevel(raw, params.land);
}

/** The largest world x and y of the area tiles (the flat map's extent; the smallest is 0). */
function extent(lat: AreaLattice): [number, number] {
  let w = 0;
  let h = 0;
  for (const t of lat.tiles) {
    w = Math.max(w, lat.world[t * 3]!);
    h = Math.max(h, lat.world[t * 3 + 1]!);
  }
  return [w, h];
}

/** Flat maps are continents: the land sinks within 12 % of the map's edge. */
function edgeFalloff(x: number, y: number, [w, h]: [number, number]): number {
  const d = Math.min(x, y, w - x, h - y);
  const d0 = 0.12;
  return d >= d0 ? 0 : 0.7 * ((d0 - d) / d0) ** 2;
}

function smoothstep(a: number, b: number, v: number): number {
  const t = Math.max(0, Math.min(1, (v - a) / (b - a)));
  return t * t * (3 - 2 * t);
}

/** Sea level at the quantile that leaves `land` of the tiles above it; heights rescaled to [−1, 1]. */
export function seaLevel(raw: Float32Array, land: number): Elevation {
  const n = raw.length;
  const sorted = Float32Array.from(raw).sort();
  const k = Math.min(n - 1, Math.max(0, Math.floor(n * (1 - land))));
  const sea = sorted[k]!;
  const lo = sorted[0]!;
  const hi = sorted[n - 1]!;
  const height = new Float32Array(n);
  const isLand = new Uint8Array(n);
  for (let a = 0; a < n; a++) {
    const e = raw[a]!;
    if (e >= sea) {
      isLand[a] = 1;
      // Lowlands are most of a continent: heights eased toward the sea.
      height[a] = hi > sea ? ((e - sea) / (hi - sea)) ** 1.5 : 0;
    } else height[a] = -(sea - e) / Math.max(sea - lo, 1e-9);
  }
  return { height, land: isLand };
}
