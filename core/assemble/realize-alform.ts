/**
 * Realizing a painted AL-FORM map with vector tiles (issue 25, patent AL-FORM-MAP ASSEMBLY
 * from a painted strategic map): the painted linear tiles become the linear layer
 * (painted-linear.ts: rivers and walls BLOCKING, roads WITH-TERRAIN, the rest PASS-THRU), the
 * painted area tiles are filled by the one solver under the painting's rule (painted.ts), and
 * the area terrain meeting a blocking linear tile is rerouted (alform-assemble.ts). The CLI's
 * `assemble --from` and the app's auto-assemble both call this, so they realize alike.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { TileClass } from '../alform/classify.js';
import type { TerrainCatalogue } from '../terrain/catalogue.js';
import type { TerrainMap } from '../map/terrain-map.js';
import { InstanceLayer } from '../map/instance-layer.js';
import type { MatchOptions } from '../vector/match.js';
import type { VectorTile } from '../vector/types.js';
import type { AlFormAssembleOptions, AlFormAssembleResult } from './alform-assemble.js';
import { assembleAlForm } from './alform-assemble.js';
import { buildAlFormTopology } from './alform-topology.js';
import { AssemblyLibrary } from './library.js';
import { shapeClassesOf } from './topology.js';
import type { PaintedConstraint } from './painted.js';
import { paintedConstraint } from './painted.js';
import type { LinearRealization } from './painted-linear.js';
import { realizeLinearPainting } from './painted-linear.js';

export interface PaintedTileSet {
  readonly tiles: readonly VectorTile[];
  readonly catalogue: TerrainCatalogue;
  readonly match?: MatchOptions;
  /** A tile's library categories (what it depicts, painted.ts). */
  readonly tags?: (tileId: string) => readonly string[];
}

export type RealizeAlFormOptions = Omit<AlFormAssembleOptions, 'region' | 'linear' | 'linearTiles' | 'allowed' | 'topology'> & {
  /** Area cells to realize (default every painted area tile); others keep what they hold. */
  readonly region?: readonly number[];
  /** An unpainted side carries no line at all (painted.ts `strict`). */
  readonly strict?: boolean;
};

export type RealizeAlFormResult =
  | { readonly ok: false; readonly stage: 'linear' | 'area' | 'solve'; readonly message: string; readonly cells: readonly { readonly cell: number; readonly reason: string }[]; readonly linear: LinearRealization | null }
  | { readonly ok: true; readonly result: Extract<AlFormAssembleResult, { ok: true }>; readonly linear: LinearRealization; readonly allowed: PaintedConstraint; readonly region: readonly number[] };

/**
 * Realizes the painting of the AL-FORM `map`: its placed area instances are kept (as fixed
 * tiles) and the painted area tiles without one are filled. Nothing is written to `map`.
 */
export function realizePaintedAlForm(map: TerrainMap, set: PaintedTileSet, options: RealizeAlFormOptions): RealizeAlFormResult {
  const linear = realizeLinearPainting(map, set.tiles, set.catalogue, set.match, map.linear);
  if (linear.refused.length) return { ok: false, stage: 'linear', message: `${linear.refused.length} painted linear feature(s) no tile of the set can lay`, cells: linear.refused, linear };
  const topology = buildAlFormTopology(map.grid);
  // The whole set: the painting's rule keeps the painted linear kinds off the area tiles' edges.
  const library = new AssemblyLibrary(set.tiles, { match: set.match, shapeClasses: shapeClassesOf(topology) });
  const start = map.instances?.clone() ?? new InstanceLayer(map.grid);
  const allowed = paintedConstraint(map, topology, library, set.catalogue, { tags: set.tags, strict: options.strict, instances: start });
  if (allowed.refused.length) return { ok: false, stage: 'area', message: `${allowed.refused.length} painted area tile(s) no tile of the set honours`, cells: allowed.refused, linear };
  const wanted = options.region ? new Set(options.region) : null;
  const region = allowed.painted.filter((c) => topology.tileClass[c] === TileClass.AREA && (!wanted || wanted.has(c)));
  const { strict: _strict, region: _region, ...rest } = options;
  const result = assembleAlForm(start, library, { ...rest, topology, allowed, region, linear: linear.linear, linearTiles: linear.linearTiles });
  if (!result.ok) {
    return { ok: false, stage: 'solve', message: `${result.reason}: ${result.message}`, cells: result.region.slice(0, 20).map((c) => ({ cell: c, reason: `in the conflicting region; it asks for a ${allowed.describe(c) ?? 'tile'}` })), linear };
  }
  return { ok: true, result, linear, allowed, region };
}
