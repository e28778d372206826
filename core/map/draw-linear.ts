/**
 * Drawing a linear feature on an AL-FORM map: a stroke's chain of linear tiles (core/alform
 * linear-stroke.ts) becomes ONE edit, and where it meets features already on the map the
 * catalogue's crossing rules decide each tile (core/terrain/crossing.ts: river + road →
 * river-bridge where the road crosses, the river kept where the road runs along it).
 *
 * Whether the stroke crosses a feature is read from the chain itself: a run of consecutive
 * chain tiles carrying one feature (before the edit) is a CROSSING when it is at most
 * MAX_CROSSING_RUN tiles long — a hexside chain crossing another obliquely shares one or
 * two hexsides with it, a square one the VERTEX tile where they cross — and the stroke runs
 * ALONG the feature when the run is longer. A single-tile stroke crosses too: a click with
 * the road on a river places a bridge.
 *
 * Planned like every paint (core/map/paint.ts): validated first, nothing changed, applied
 * with `applyPlan`, so the journal records it as one undo step restoring every tile.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainMap } from './terrain-map.js';
import type { LayerChange, PaintPlan } from './paint.js';
import { checkNoInstance, checkTile, growingPalette, PaintError, tileLabel } from './paint.js';
import type { TerrainCatalogue } from '../terrain/types.js';
import { findTerrain } from '../terrain/lookup.js';
import { drawnOver, sharesFeature } from '../terrain/crossing.js';
import { chainBreak } from '../alform/linear-stroke.js';
import { edgeChainBreak, tilesOfEdge } from '../alform/classic-stroke.js';
import { tileClasses } from '../alform/tile-classes.js';
import { quoted } from '../util/bounded.js';

/** Longest run of shared tiles that still counts as crossing a feature (see the header). */
export const MAX_CROSSING_RUN = 2;

/** Plans drawing linear `terrainId` along `chain` (stroke order, each tile joined to the next). */
export function planLinearStroke(map: TerrainMap, catalogue: TerrainCatalogue, chain: ArrayLike<number>, terrainId: string): PaintPlan {
  if (!map.spec.alform) throw new PaintError('a drawn chain of linear tiles needs an AL-FORM map; classic maps take linear terrain on tile edges');
  checkLinearTerrain(catalogue, terrainId);
  for (let k = 0; k < chain.length; k++) checkTile(map, chain[k]!);
  const gap = chainBreak(map.grid, tileClasses(map.grid), chain);
  if (gap >= 0) {
    const at = tileLabel(map, chain[gap]!);
    throw new PaintError(
      gap === 0 || tileClasses(map.grid)[chain[gap]!] === 0
        ? `${at} is an area tile; a drawn stroke runs over linear tiles only`
        : `the stroke is not one connected chain: ${at} does not adjoin ${tileLabel(map, chain[gap - 1]!)}`,
    );
  }
  return strokePlan(map, catalogue, 'terrain', chain, terrainId, (t) => checkNoInstance(map, t));
}

/**
 * The plan of a stroke over the positions `at` of layer `layer` (tiles or edge slots), each
 * position once, in stroke order; `visit` sees each position before its change is made.
 */
function strokePlan(map: TerrainMap, catalogue: TerrainCatalogue, layer: LayerChange['layer'], at: ArrayLike<number>, terrainId: string, visit?: (index: number) => void): PaintPlan {
  const values = layer === 'terrain' ? map.layers.terrain : map.layers.edges!;
  const { palette, valueOf } = growingPalette(map);
  const existing = Array.from({ length: at.length }, (_, k) => map.terrainOf(values[at[k]!]!));
  const results = drawnAlong(catalogue, existing, terrainId);
  const seen = new Set<number>();
  const changes: LayerChange[] = [];
  for (let k = 0; k < at.length; k++) {
    const i = at[k]!;
    if (seen.has(i)) continue;
    seen.add(i);
    visit?.(i);
    // Only a terrain a change puts down joins the palette.
    if (results[k] !== existing[k]) changes.push({ layer, index: i, before: values[i]!, after: valueOf(results[k]!) });
  }
  return { changes, palette };
}

/**
 * What each stroke position becomes: `existing` holds the terrain there before the stroke,
 * in stroke order. Runs of consecutive positions on one feature are crossings when at most
 * MAX_CROSSING_RUN long (see the header); core/terrain/crossing.ts decides each tile.
 */
export function drawnAlong(catalogue: TerrainCatalogue, existing: readonly string[], terrainId: string): string[] {
  const n = existing.length;
  const across = new Uint8Array(n);
  for (let k = 0; k < n; ) {
    if (existing[k] === '') {
      k++;
      continue;
    }
    let j = k + 1;
    while (j < n && sharesFeature(catalogue, existing[j - 1]!, existing[j]!)) j++;
    // A stroke that starts or ends on its own feature continues it (a road extended from its
    // end, a branch from its middle): no crossroads there.
    const continues = (k === 0 || j === n) && sharesFeature(catalogue, existing[k]!, terrainId);
    if (j - k <= MAX_CROSSING_RUN && !continues) across.fill(1, k, j);
    k = j;
  }
  return existing.map((e, k) => drawnOver(catalogue, e, terrainId, across[k] === 1));
}

/**
 * Plans drawing linear `terrainId` along a run of a CLASSIC map's tile edges (`slots` in
 * stroke order, each meeting the next: core/alform/classic-stroke.ts), with the same crossing
 * rules as on linear tiles.
 */
export function planEdgeStroke(map: TerrainMap, catalogue: TerrainCatalogue, slots: ArrayLike<number>, terrainId: string): PaintPlan {
  if (map.spec.alform || !map.layers.edges) throw new PaintError('a drawn run of tile edges needs a classic map; AL-FORM maps keep linear terrain on linear tiles');
  checkLinearTerrain(catalogue, terrainId);
  const edges = map.layers.edges;
  const gap = edgeChainBreak(map.grid, slots);
  if (gap >= 0) {
    const s = slots[gap]!;
    throw new PaintError(
      Number.isInteger(s) && s >= 0 && s < edges.length && gap > 0
        ? `the stroke is not one connected run of edges: edge slot ${s} does not meet edge slot ${slots[gap - 1]!}`
        : `edge slot ${s} is not an edge of this map`,
    );
  }
  const plan = strokePlan(map, catalogue, 'edges', slots, terrainId);
  for (const c of plan.changes) for (const t of tilesOfEdge(map.grid, c.index)) checkNoInstance(map, t);
  return plan;
}

function checkLinearTerrain(catalogue: TerrainCatalogue, terrainId: string): void {
  const terrain = findTerrain(catalogue, terrainId);
  if (!terrain) throw new PaintError(`${quoted(terrainId)} is not a terrain of catalogue ${quoted(catalogue.name)}`);
  if (terrain.class !== 'linear') throw new PaintError(`a drawn stroke takes linear terrain; ${quoted(terrainId)} is area terrain`);
}
