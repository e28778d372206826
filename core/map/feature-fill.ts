/**
 * Fill on a linear feature (the fill tool clicked on a river, road …, SPEC §11): the whole
 * connected feature changes to another linear terrain, THROUGH its crossings — a river with
 * bridges is one river: the fill walks over every linear tile carrying the clicked feature
 * (core/terrain/crossing.ts `featureFamilies`), and a composite keeps its other member,
 * recomposed by the catalogue (a river-bridge filled from river to canal becomes a
 * canal-bridge; without a composite the higher-priority terrain stays, as when drawing).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainMap } from './terrain-map.js';
import type { LayerChange, PaintPlan } from './paint.js';
import { checkNoInstance, checkTile, growingPalette, PaintError } from './paint.js';
import type { TerrainCatalogue } from '../terrain/types.js';
import { findTerrain } from '../terrain/lookup.js';
import { drawnOver, featureFamilies } from '../terrain/crossing.js';
import { TileClass } from '../alform/classify.js';
import { tileClasses } from '../alform/tile-classes.js';
import { quoted } from '../util/bounded.js';

/** The linear tiles of the feature through `start` (AL-FORM maps), start first; empty when it carries none. */
export function featureRegion(map: TerrainMap, catalogue: TerrainCatalogue, start: number): number[] {
  const cls = tileClasses(map.grid);
  const layer = map.layers.terrain;
  if (!map.spec.alform || start < 0 || start >= map.tileCount || cls[start] === TileClass.AREA || layer[start] === 0) return [];
  const families = featureFamilies(catalogue, map.terrainOf(layer[start]!));
  // Per palette value: does that terrain carry one of the clicked features?
  const carries = [false, ...map.palette.map((id) => featureFamilies(catalogue, id).some((f) => families.includes(f)))];
  const seen = new Uint8Array(map.tileCount);
  const out = [start];
  seen[start] = 1;
  const nb = new Int32Array(map.grid.directions);
  for (let k = 0; k < out.length; k++) {
    const deg = map.grid.neighbors(out[k]!, nb);
    for (let d = 0; d < deg; d++) {
      const u = nb[d]!;
      if (u < 0 || seen[u] || cls[u] === TileClass.AREA || !carries[layer[u]!]) continue;
      seen[u] = 1;
      out.push(u);
    }
  }
  return out;
}

/** Plans the fill of the feature through `start` with linear `terrainId` (see the header). */
export function planFeatureFill(map: TerrainMap, catalogue: TerrainCatalogue, start: number, terrainId: string): PaintPlan {
  checkTile(map, start);
  const terrain = findTerrain(catalogue, terrainId);
  if (!terrain) throw new PaintError(`${quoted(terrainId)} is not a terrain of catalogue ${quoted(catalogue.name)}`);
  if (terrain.class !== 'linear') throw new PaintError(`a feature fill takes linear terrain; ${quoted(terrainId)} is area terrain`);
  const tiles = featureRegion(map, catalogue, start);
  if (tiles.length === 0) throw new PaintError(`there is no linear feature on tile ${map.grid.coord(start).join(',')} to fill`);
  const layer = map.layers.terrain;
  const old = featureFamilies(catalogue, map.terrainOf(layer[start]!));
  const { palette, valueOf } = growingPalette(map);
  const changes: LayerChange[] = [];
  for (const t of tiles) {
    checkNoInstance(map, t);
    const existing = map.terrainOf(layer[t]!);
    const kept = featureFamilies(catalogue, existing).filter((f) => !old.includes(f));
    const after = kept.reduce((acc, f) => drawnOver(catalogue, f, acc, true), terrainId);
    if (after === existing) continue;
    changes.push({ layer: 'terrain', index: t, before: layer[t]!, after: valueOf(after) });
  }
  return { changes, palette };
}
