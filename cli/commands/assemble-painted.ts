/**
 * `sandtable assemble --from map.json` (issue 25: the painted map is the constraint): realizes
 * a painted classic map — every painted cell filled with a vector tile that honours its
 * painting (core/assemble painted.ts, the one rule the app's placing and assembly use) — and
 * the painting part of `sandtable check`. A cell no tile of --library can honour stops the
 * command with the cell and the reason, never filled with something else.
 */
import type { Io } from '../io.js';
import { UsageError } from '../io.js';
import type { TileSet } from '../tile-set.js';
import { AssemblyLibrary, InstanceLayer, applyInstancePlan, assemble, buildTopology, checkPainting, paintedConstraint, placementsOf, planInstances, shapeClassesOf } from '../../core/assemble/index.js';
import type { AssembleOptions, PaintingCheck } from '../../core/assemble/index.js';
import type { TerrainMap } from '../../core/map/terrain-map.js';
import { tileLabel } from '../../core/map/paint.js';
import { mapToJsonText } from '../../core/map/map-json.js';

export interface RealizeRequest {
  readonly map: TerrainMap;
  readonly set: TileSet;
  readonly output: string;
  readonly options: Omit<AssembleOptions, 'topology' | 'allowed' | 'region'>;
  readonly json: boolean;
  readonly strict: boolean;
}

/** Fills the painted cells of `map` honouring the painting, and writes the map to `output`. */
export function realizePainted(r: RealizeRequest, io: Io): number {
  const { map, set } = r;
  if (map.spec.alform) throw new UsageError('assemble --from: realizing a painted AL-FORM map is not supported yet; its painting is read on classic maps');
  const started = performance.now();
  const topology = buildTopology(map.grid);
  const library = new AssemblyLibrary(set.tiles, { match: set.match, shapeClasses: shapeClassesOf(topology) });
  const start = map.instances ?? new InstanceLayer(map.grid);
  // Cells that already hold a tile keep it and are free: their derived terrain is not painting.
  const allowed = paintedConstraint(map, topology, library, set.catalogue, { tags: (id) => set.tags.get(id) ?? [], strict: r.strict, instances: start });
  const fail = (message: string, cells: readonly { cell: number; reason: string }[]): number => {
    if (r.json) io.out(`${JSON.stringify({ ok: false, tiles: 0, message, cells: cells.map((c) => ({ at: map.grid.coord(c.cell).join(','), why: c.reason })) })}\n`);
    io.err(`sandtable assemble: ${message}${cells.length ? `: ${cells.slice(0, 3).map((c) => `${tileLabel(map, c.cell)}: ${c.reason}`).join('; ')}${cells.length > 3 ? ` (and ${cells.length - 3} more)` : ''}` : ''}\n`);
    return 1;
  };
  if (allowed.refused.length) return fail(`${allowed.refused.length} painted cell(s) no tile of ${set.label} honours`, allowed.refused);
  if (allowed.painted.length === 0) return fail('the map has nothing painted to realize', []);
  const result = assemble(start, library, { ...r.options, topology, allowed, region: allowed.painted });
  if (!result.ok) {
    return fail(`${result.reason}: ${result.message}`, result.region.slice(0, 20).map((c) => ({ cell: c, reason: `in the conflicting region; it asks for a ${allowed.describe(c) ?? 'tile'}` })));
  }
  applyInstancePlan(map, planInstances(map, library, placementsOf(result.layer), { library: set.label, topology }));
  const ms = Math.round(performance.now() - started);
  io.writeText(r.output, mapToJsonText(map));
  const tiles = allowed.painted.length;
  const report = { ok: true, tiles, backtracks: result.stats.backjumps, ms };
  io.out(r.json ? `${JSON.stringify(report)}\n` : `realized ${tiles} painted tiles (${result.stats.backjumps} backtracks, ${ms} ms) → ${r.output}\n`);
  return 0;
}

/** The painting part of `check` on a classic map (AL-FORM maps: null, their linear painting is the linear layer's). */
export function checkPaintingOf(map: TerrainMap, instances: InstanceLayer, set: TileSet, strict: boolean): PaintingCheck | null {
  if (map.spec.alform) return null;
  const topology = buildTopology(map.grid);
  const library = new AssemblyLibrary(set.tiles, { match: set.match, shapeClasses: shapeClassesOf(topology) });
  return checkPainting(map, topology, instances, library, set.catalogue, { tags: (id) => set.tags.get(id) ?? [], strict });
}
