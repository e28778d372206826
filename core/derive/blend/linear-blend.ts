/**
 * The LINEAR blending function and the final one (SPEC §7; patent: linear substitutes are
 * blended "by a linear function over the ordered set", then over the area result). Linear
 * terrains meeting on one tile are taken in the catalogue's `linearPriority` order and
 * folded through its composites (river + road → river-bridge, river + railroad →
 * rail-bridge, road + railroad → level-crossing); without a composite the higher-priority
 * terrain is kept. The final function lays the linear result over the area blend's edge
 * terrain (beach, cliff) the same way, so a road along a beach stays a road.
 *
 * Like the area blend, the window version asks its source about GLOBAL coordinates only,
 * so overlapping windows agree and the same inputs give the same map.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainCatalogue } from '../../terrain/types.js';
import { findComposite, linearRank } from '../../terrain/lookup.js';
import type { AreaCandidates, AreaBlendOptions } from './area-blend.js';
import { blendArea, MAX_CANDIDATES } from './area-blend.js';
import type { BlendWindow } from './window.js';
import { windowTiles } from './window.js';

/** One terrain for a linear tile from the linear terrains placed on it ('' for none). */
export function blendLinearSet(catalogue: TerrainCatalogue, terrains: readonly string[]): string {
  const ranked: { id: string; rank: number }[] = [];
  for (const id of terrains) {
    if (id === '') continue;
    const rank = linearRank(catalogue, id);
    if (rank === undefined) throw new Error(`linear blending needs linear terrains of catalogue "${catalogue.name}"; got "${id}"`);
    ranked.push({ id, rank });
  }
  if (ranked.length === 0) return '';
  // Priority order, ties by id: the result never depends on the order substitutes came in.
  ranked.sort((a, b) => a.rank - b.rank || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  let result = ranked[0]!.id;
  for (let k = 1; k < ranked.length; k++) {
    const composite = findComposite(catalogue, result, ranked[k]!.id);
    if (composite !== undefined) result = composite.result;
  }
  return result;
}

/** The final function for one linear tile: the linear blend laid over the area blend's edge terrain. */
export function combineAreaLinear(catalogue: TerrainCatalogue, areaEdge: string, linear: string): string {
  if (linear === '') return areaEdge;
  if (areaEdge === '') return linear;
  return blendLinearSet(catalogue, [linear, areaEdge]);
}

/** Linear terrains placed on linear tiles, by global tile coordinates (same contract as AreaCandidates.at). */
export type LinearCandidates = Pick<AreaCandidates, 'palette' | 'at'>;

/**
 * Blends the linear candidates of every linear tile of the window and lays them over what
 * the map already holds there (the area blend's edges). Mutates `window.map`.
 */
export function blendLinear(window: BlendWindow, catalogue: TerrainCatalogue, candidates: LinearCandidates): void {
  const tiles = windowTiles(window);
  const { map } = window;
  const buf = new Uint8Array(MAX_CANDIDATES);
  const ids: string[] = [];
  const t = map.layers.terrain;
  for (let i = 0; i < tiles.count; i++) {
    const gx = tiles.gx[i]!;
    const gy = tiles.gy[i]!;
    // Linear tiles are the ones with an odd global coordinate, on every kind.
    if (((gx | gy) & 1) === 0) continue;
    const n = candidates.at(gx, gy, buf);
    if (!Number.isInteger(n) || n < 0 || n > MAX_CANDIDATES) {
      throw new Error(`linear candidate source must return a count 0…${MAX_CANDIDATES} at (${gx}, ${gy}), got ${n}`);
    }
    if (n === 0) continue;
    ids.length = 0;
    for (let k = 0; k < n; k++) {
      const c = buf[k]!;
      if (c < 1 || c > candidates.palette.length) {
        throw new Error(`linear candidate at (${gx}, ${gy}) must be a palette index 1…${candidates.palette.length}, got ${c}`);
      }
      ids.push(candidates.palette[c - 1]!);
    }
    t[i] = map.terrainIndex(combineAreaLinear(catalogue, map.terrainOf(t[i]!), blendLinearSet(catalogue, ids)));
  }
}

export interface BlendOptions extends AreaBlendOptions {
  readonly linear?: LinearCandidates;
}

/** The whole blend of a window: area, then linear over it (the patent's order). Mutates `window.map`. */
export function blendWindow(window: BlendWindow, options: BlendOptions): void {
  blendArea(window, options);
  if (options.linear !== undefined) blendLinear(window, options.catalogue, options.linear);
}
