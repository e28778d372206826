/**
 * Shared fixtures for the blend tests: the default catalogue, windows of every kind, and a
 * candidate source that imitates placed substitutes (SPEC §7): large tiles of SPAN tiles,
 * each filled with one terrain chosen by a hash of its position, with the shared border rows
 * of neighbouring substitutes overlapping (both terrains are candidates there). Its borders
 * are straight lines of global coordinates (columns and rows of cartesian or 120° axial
 * coordinates), the worst case for straight runs.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import defaultJson from '../../../resources/terrain/default.json' with { type: 'json' };
import { parseCatalogue } from '../../terrain/parse.js';
import { TerrainMap } from '../../map/terrain-map.js';
import { hash2 } from './noise.js';
import type { AreaCandidates } from './area-blend.js';
import { windowTiles } from './window.js';

export const catalogue = parseCatalogue(defaultJson, 'default.json');

export const SPAN = 12;

/** The window kinds a blend works on. */
export const KINDS = ['square', 'hex-rectangle', 'offset-square'] as const;
export type WindowKind = (typeof KINDS)[number];

/** Large-tile terrain of a test world (a function of the large tile's position only). */
export function blockSource(terrains: readonly string[], worldSeed: number): AreaCandidates {
  const blockOf = (g: number): number => Math.floor(g / SPAN);
  return {
    palette: terrains,
    at(gx, gy, out) {
      let n = 0;
      const bx = [blockOf(gx)];
      const by = [blockOf(gy)];
      // The substitute of the next large tile reaches back over the shared border row.
      if (gx % SPAN === 0) bx.push(blockOf(gx) - 1);
      if (gy % SPAN === 0) by.push(blockOf(gy) - 1);
      for (const x of bx) {
        for (const y of by) {
          const k = 1 + (hash2(worldSeed, x, y) % terrains.length);
          let seen = false;
          for (let i = 0; i < n; i++) if (out[i] === k) seen = true;
          if (!seen) out[n++] = k;
        }
      }
      return n;
    },
    elevation(gx, gy) {
      return (hash2(worldSeed + 1, Math.floor(gx / SPAN), Math.floor(gy / SPAN)) % 40) - 5;
    },
  };
}

export function emptyWindow(width: number, height: number, kind: WindowKind = 'square'): TerrainMap {
  return TerrainMap.create({ size: { kind, width, height }, alform: true });
}

/** Terrain id of every tile of a window, keyed by its global coordinates "gx,gy". */
export function byGlobal(map: TerrainMap, originX: number, originY: number): Map<string, string> {
  const tiles = windowTiles({ map, originX, originY });
  const out = new Map<string, string>();
  for (let i = 0; i < tiles.count; i++) out.set(`${tiles.gx[i]},${tiles.gy[i]}`, map.terrainAt(i));
  return out;
}

/** Global coordinates of every area tile of a window with its terrain id. */
export function areaTiles(map: TerrainMap, originX: number, originY: number): { gx: number; gy: number; id: string }[] {
  const tiles = windowTiles({ map, originX, originY });
  const out: { gx: number; gy: number; id: string }[] = [];
  for (let i = 0; i < tiles.count; i++) {
    const gx = tiles.gx[i]!;
    const gy = tiles.gy[i]!;
    if (((gx | gy) & 1) === 0) out.push({ gx, gy, id: map.terrainAt(i) });
  }
  return out;
}

/** The blocky blend the organic one replaces: the first candidate by palette order, no transitions. */
export function naiveBlend(map: TerrainMap, originX: number, originY: number, source: AreaCandidates): void {
  const tiles = windowTiles({ map, originX, originY });
  const buf = new Uint8Array(16);
  for (let i = 0; i < tiles.count; i++) {
    const gx = tiles.gx[i]!;
    const gy = tiles.gy[i]!;
    if (((gx | gy) & 1) !== 0) continue;
    const n = source.at(gx, gy, buf);
    let best = 0;
    for (let k = 0; k < n; k++) if (best === 0 || buf[k]! < best) best = buf[k]!;
    map.layers.terrain[i] = best === 0 ? 0 : map.terrainIndex(source.palette[best - 1]!);
  }
}
