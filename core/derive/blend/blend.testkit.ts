/**
 * Shared fixtures for the blend tests: the default catalogue and a candidate source that
 * imitates placed substitutes (SPEC §7): large tiles of SPAN tiles, each filled with one
 * terrain chosen by a hash of its position, with the shared border rows of neighbouring
 * substitutes overlapping (both terrains are candidates there).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import defaultJson from '../../../resources/terrain/default.json' with { type: 'json' };
import { parseCatalogue } from '../../terrain/parse.js';
import { TerrainMap } from '../../map/terrain-map.js';
import { hash2 } from './noise.js';
import type { AreaCandidates } from './area-blend.js';

export const catalogue = parseCatalogue(defaultJson, 'default.json');

export const SPAN = 12;

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

export function emptyWindow(width: number, height: number): TerrainMap {
  return TerrainMap.create({ size: { kind: 'square', width, height }, alform: true });
}

/** The blocky blend the organic one replaces: the first candidate by palette order, no transitions. */
export function naiveBlend(map: TerrainMap, originX: number, originY: number, source: AreaCandidates): void {
  const { width, height } = map.spec.size as { width: number; height: number };
  const buf = new Uint8Array(16);
  for (let y = 0; y < height; y += 2) {
    for (let x = 0; x < width; x += 2) {
      const n = source.at(originX + x, originY + y, buf);
      let best = 0;
      for (let k = 0; k < n; k++) if (best === 0 || buf[k]! < best) best = buf[k]!;
      map.layers.terrain[y * width + x] = best === 0 ? 0 : map.terrainIndex(source.palette[best - 1]!);
    }
  }
}
