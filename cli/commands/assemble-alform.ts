/**
 * The AL-FORM side of `sandtable assemble` and `sandtable check` (issue 12; core/assemble
 * alform-assemble.ts): area tiles of the library assembled across the linear tiles, the
 * linear tiles PASS-THRU except a river laid with `--river C;C…` (BLOCKING tiles of the
 * library's river tiles, core/assemble placeLinearFeature), the area terrain rerouted round
 * it. The written map holds the area instances and the linear layer (map JSON version 2);
 * the rerouted geometry is not stored: `check` reroutes the stored layers afresh and verifies
 * that geometry independently (core/assemble check-alform.ts).
 */
import { UsageError } from '../io.js';
import type { CoordCodec } from '../coord-codec.js';
import type { TileSet } from '../tile-set.js';
import type { AlFormAssembleResult, AlFormCheck, AssembleOptions, AssemblyLibrary, InstanceLayer } from '../../core/assemble/index.js';
import {
  LinearLayer,
  applyInstancePlan,
  assembleAlForm,
  buildAlFormTopology,
  deriveLinearTerrain,
  featureTiles,
  placeLinearFeature,
  placementsOf,
  planInstances,
  rerouteAlForm,
} from '../../core/assemble/index.js';
import type { TerrainMap } from '../../core/map/terrain-map.js';
import { TileClass } from '../../core/alform/classify.js';
import { tileClasses } from '../../core/alform/tile-classes.js';

/** `--region` and `--fixed` name area tiles on an AL-FORM map; a linear one is named in the map's coordinates. */
export function requireAreaCells(map: TerrainMap, cells: readonly number[], codec: CoordCodec, option: string): void {
  const cls = tileClasses(map.grid);
  const c = cells.find((k) => cls[k] !== TileClass.AREA);
  if (c === undefined) return;
  const at = codec.encode(c);
  throw new UsageError(`assemble: ${option}: ${Array.isArray(at) ? at.join(',') : String(at)} is a linear tile of the AL-FORM map; AL-FORM assembly places area tiles (rivers on linear tiles: --river)`);
}

/** The terrain `--river` lays, and whose tiles of the library it lays it with. */
export const RIVER_TERRAIN = 'river';

/** `--river "C;C;…"`: linear tiles in order, each adjoining the next, laid as one BLOCKING river. */
export function readRiver(text: string, codec: CoordCodec, map: TerrainMap, set: TileSet): { linear: LinearLayer; tiles: ReturnType<typeof featureTiles> } {
  const cells: number[] = [];
  for (const part of text.split(';').map((s) => s.trim())) {
    if (part === '') continue;
    const c = codec.decode(part, 'assemble --river');
    if (cells.includes(c)) throw new UsageError(`assemble: --river names ${part} twice (a river is a path of linear tiles)`);
    cells.push(c);
  }
  if (cells.length === 0) throw new UsageError('assemble: --river names no tiles (linear tiles separated by ";")');
  const tiles = featureTiles(set.tiles, RIVER_TERRAIN);
  if (tiles.length === 0) throw new UsageError(`assemble: --river: --library ${set.label} has no river tiles (tiles drawing only "${RIVER_TERRAIN}")`);
  const linear = new LinearLayer(map.grid);
  try {
    placeLinearFeature(linear, cells, tiles, undefined, set.match);
  } catch (e) {
    throw new UsageError(`assemble: --river: ${(e as Error).message}`);
  }
  return { linear, tiles };
}

/** Assembles the area tiles; a request AL-FORM assembly cannot take (a linear cell in --region or --fixed) is a usage error. */
export function assembleAlFormMap(
  start: InstanceLayer,
  library: AssemblyLibrary,
  options: AssembleOptions,
  river: { linear: LinearLayer; tiles: ReturnType<typeof featureTiles> } | null,
): AlFormAssembleResult {
  const { topology: _classic, ...rest } = options;
  try {
    return assembleAlForm(start, library, { ...rest, ...(river ? { linear: river.linear, linearTiles: river.tiles } : {}) });
  } catch (e) {
    if (e instanceof RangeError) throw new UsageError(`assemble --alform: ${e.message}`);
    throw e;
  }
}

/** Writes the result into the map: area instances and their terrain, the linear layer and the river's terrain. */
export function writeAlFormResult(map: TerrainMap, library: AssemblyLibrary, result: Extract<AlFormAssembleResult, { ok: true }>, set: TileSet): void {
  applyInstancePlan(map, planInstances(map, library, placementsOf(result.layer), { library: set.label }));
  map.setLinear(result.linear);
  deriveLinearTerrain(map, result.linear, set.tiles);
}

/** What `check` gives checkAssembly for an AL-FORM map: its linear layer and the geometry rerouted afresh. */
export function alformCheckOf(map: TerrainMap, instances: InstanceLayer, set: TileSet): AlFormCheck {
  const linear = map.linear ?? new LinearLayer(map.grid);
  const rerouted = rerouteAlForm(buildAlFormTopology(map.grid), instances, set.tiles, linear, { seed: 0, linearTiles: set.tiles });
  return { linear, linearTiles: set.tiles, ...(rerouted ? { rerouted: rerouted.tiles } : {}) };
}
