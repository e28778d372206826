/**
 * Stage 5, settlements where people settle: flat, dry-footed ground by the sea, a lake or a
 * river, in a bearable climate; scored per area tile, then placed best first at least a
 * spacing apart (in world units, from the land's area and the count asked for, so the same
 * seed puts its cities in the same places at every size). The first tenth (at least one)
 * are cities — an 'urban' tile and its land neighbours —, the next quarter towns (one
 * 'urban' tile), the rest villages ('village').
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { AreaLattice } from './lattice.js';
import { Water, type AreaDrainage } from './drainage.js';
import type { Climate } from './climate.js';
import { fbm, noiseField } from './noise.js';

export type SettlementSize = 'village' | 'town' | 'city';

export interface Settlement {
  /** Area index of its centre tile. */
  readonly at: number;
  readonly size: SettlementSize;
  /** Area tiles it covers (the centre first). */
  readonly tiles: readonly number[];
}

const UNSETTLED = new Set(['mountains', 'glacier', 'swamp', 'marsh', 'ocean', 'coastal-ocean', 'lake']);

/** How good a place `a` is (0 = never). */
export function settlementScore(lat: AreaLattice, a: number, terrain: readonly string[], drain: AreaDrainage, climate: Climate, riverNear: Uint8Array, height: Float32Array): number {
  if (drain.water[a] !== Water.LAND || UNSETTLED.has(terrain[a]!) || lat.border[a] === 1) return 0;
  let score = 1 - Math.min(1, Math.max(0, height[a]!) * 2);
  let coast = false;
  for (let s = 0; s < lat.slots; s++) {
    const b = lat.nbr[a * lat.slots + s]!;
    if (b >= 0 && drain.water[b] !== Water.LAND) coast = true;
  }
  if (coast) score += 0.8;
  if (riverNear[a] === 1) score += 1;
  const t = climate.temperature[a]!;
  score -= Math.abs(t - 14) / 30;
  score += 0.3 * climate.moisture[a]!;
  return Math.max(0.01, score);
}

/**
 * Places up to `count` settlements in all; `kept` (locked ones, already on the map) count
 * toward it, hold their tiles and keep the spacing; the new ones are returned after them.
 */
export function placeSettlements(lat: AreaLattice, seed: number, count: number, terrain: readonly string[], drain: AreaDrainage, climate: Climate, riverNear: Uint8Array, height: Float32Array, kept: readonly Settlement[] = []): Settlement[] {
  const n = lat.tiles.length;
  if (count <= kept.length) return [...kept];
  const noise = noiseField(seed, 'settlements');
  const candidates: { a: number; score: number }[] = [];
  let landTiles = 0;
  for (let a = 0; a < n; a++) {
    if (drain.water[a] === Water.LAND) landTiles++;
    const s = settlementScore(lat, a, terrain, drain, climate, riverNear, height);
    if (s <= 0) continue;
    const t = lat.tiles[a]!;
    // Jitter in world units, so ties break the same way at every size.
    const j = 0.25 * fbm(noise, lat.world[t * 3]! * 40, lat.world[t * 3 + 1]! * 40, lat.world[t * 3 + 2]! * 40, 1);
    candidates.push({ a, score: s + j });
  }
  candidates.sort((p, q) => q.score - p.score || p.a - q.a);
  // Spacing: half the side of the land's share per settlement, in world units.
  const spacing = 0.5 * Math.sqrt((landTiles * lat.tileWorld * lat.tileWorld) / count);
  const placed: number[] = kept.map((k) => k.at);
  const taken = new Uint8Array(n);
  for (const k of kept) for (const a of k.tiles) taken[a] = 1;
  for (const { a } of candidates) {
    if (placed.length >= count) break;
    if (taken[a] === 1) continue;
    const t = lat.tiles[a]!;
    let ok = true;
    for (const p of placed) {
      const u = lat.tiles[p]!;
      const d = Math.hypot(lat.world[t * 3]! - lat.world[u * 3]!, lat.world[t * 3 + 1]! - lat.world[u * 3 + 1]!, lat.world[t * 3 + 2]! - lat.world[u * 3 + 2]!);
      if (d < spacing) {
        ok = false;
        break;
      }
    }
    if (ok) placed.push(a);
  }
  const fresh = placed.slice(kept.length);
  const cities = fresh.length && !kept.some((k) => k.size === 'city') ? Math.max(1, Math.round(fresh.length / 10)) : Math.round(fresh.length / 10);
  const towns = Math.round(fresh.length / 4);
  for (const a of fresh) taken[a] = 1;
  return [...kept, ...fresh.map((a, k) => {
    const size: SettlementSize = k < cities ? 'city' : k < cities + towns ? 'town' : 'village';
    const tiles = [a];
    if (size === 'city') {
      for (let s = 0; s < lat.slots; s++) {
        const b = lat.nbr[a * lat.slots + s]!;
        if (b >= 0 && taken[b] === 0 && drain.water[b] === Water.LAND && terrain[b] !== 'mountains' && terrain[b] !== 'glacier') {
          taken[b] = 1;
          tiles.push(b);
        }
      }
    }
    return { at: a, size, tiles };
  })];
}

/** The terrain a settlement's tiles take. */
export function settlementTerrain(size: SettlementSize): string {
  return size === 'village' ? 'village' : 'urban';
}
