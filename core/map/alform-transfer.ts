/**
 * Classic map ↔ AL-FORM map (SPEC §3; patent "AL-FORM-TRANSFORMATION-PROCESSES"):
 * (A) area terrain of tile (x, y) goes to the area tile (2x, 2y);
 * (B) terrain on edge E of tile (x, y) goes to the linear tile between the two doubled tiles;
 * (C) on square maps, terrain on a tile vertex goes to the VERTEX tile between the four.
 * The patent writes (B) as (2x + T[E].x, 2y + T[E].y); that constant-offset form only holds
 * where the coordinates are affine (not across the globe's sector seams), so we locate the
 * linear tile topologically — the tile adjoining both doubled tiles — which is the patent's
 * tile wherever its formula applies and the right tile everywhere else.
 * Every classic tile, edge and vertex has exactly one AL-FORM tile and vice versa, so the
 * transfer is lossless both ways.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Grid, GridSize } from '../grid/types.js';
import { TerrainMap } from './terrain-map.js';
import { alformSizeOf, classicSizeOf } from '../grid/alform-size.js';
import { correspondence } from '../alform/correspondence.js';
import { transferNetworks } from './network-transfer.js';

/** An empty map of `size` with `map`'s wrap, palette, layers and meta: the other form's blank. */
function emptyCounterpart(map: TerrainMap, size: GridSize, alform: boolean): TerrainMap {
  return TerrainMap.create({ size, wrap: map.spec.wrap, alform, palette: map.palette, elevation: map.layers.elevation !== null, meta: { ...map.meta } });
}

/** Classic map → AL-FORM map of size 2M−1 (2M on wrapped axes), 2D−1 or 2L+1. */
export function classicToAlform(map: TerrainMap): TerrainMap {
  if (map.spec.alform) throw new Error('this map is already AL-FORM');
  const al = emptyCounterpart(map, alformSizeOf(map.spec.size, map.spec.wrap), true);
  const c = correspondence(map.grid, al.grid);
  const src = map.layers;
  const dst = al.layers;
  for (let i = 0; i < c.tile.length; i++) dst.terrain[c.tile[i]!] = src.terrain[i]!;
  scatter(c.edge, src.edges!, dst.terrain);
  if (c.vertex && src.vertices) scatter(c.vertex, src.vertices, dst.terrain);
  if (src.elevation && dst.elevation) {
    for (let i = 0; i < c.tile.length; i++) dst.elevation[c.tile[i]!] = src.elevation[i]!;
    fillLinearElevation(al.grid, c.tile, dst.elevation);
  }
  transferNetworks(map, al, c.tile);
  return al;
}

/** AL-FORM map → the classic map it stands for; the exact inverse of `classicToAlform`. */
export function alformToClassic(map: TerrainMap): TerrainMap {
  if (!map.spec.alform) throw new Error('this map is not AL-FORM');
  const classic = emptyCounterpart(map, classicSizeOf(map.spec.size, map.spec.wrap), false);
  const c = correspondence(classic.grid, map.grid);
  const src = map.layers;
  const dst = classic.layers;
  for (let i = 0; i < c.tile.length; i++) dst.terrain[i] = src.terrain[c.tile[i]!]!;
  gather(c.edge, src.terrain, dst.edges!);
  if (c.vertex && dst.vertices) gather(c.vertex, src.terrain, dst.vertices);
  if (src.elevation && dst.elevation) for (let i = 0; i < c.tile.length; i++) dst.elevation[i] = src.elevation[c.tile[i]!]!;
  if (map.networks) {
    const classicOf = new Int32Array(map.tileCount).fill(-1);
    c.tile.forEach((a, i) => (classicOf[a] = i));
    transferNetworks(map, classic, classicOf);
  }
  return classic;
}

function scatter(slots: Int32Array, from: Uint8Array, to: Uint8Array): void {
  for (let s = 0; s < slots.length; s++) if (slots[s]! >= 0) to[slots[s]!] = from[s]!;
}

function gather(slots: Int32Array, from: Uint8Array, to: Uint8Array): void {
  for (let s = 0; s < slots.length; s++) if (slots[s]! >= 0) to[s] = from[slots[s]!]!;
}

/** Linear tiles have no elevation of their own in a classic map: give them the mean of the area tiles they touch. */
function fillLinearElevation(al: Grid, areaTiles: Int32Array, elevation: Int16Array): void {
  const isArea = new Uint8Array(al.tileCount);
  for (const a of areaTiles) isArea[a] = 1;
  const nb = new Int32Array(al.directions);
  for (let i = 0; i < al.tileCount; i++) {
    if (isArea[i]) continue;
    let sum = 0;
    let count = 0;
    const deg = al.neighbors(i, nb);
    for (let d = 0; d < deg; d++) {
      const m = nb[d]!;
      if (m >= 0 && isArea[m]) {
        sum += elevation[m]!;
        count++;
      }
    }
    elevation[i] = count ? Math.round(sum / count) : 0;
  }
}
