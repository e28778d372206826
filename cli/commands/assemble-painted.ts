/**
 * `sandtable assemble --from map.json` (issue 25: the painted map is the constraint): realizes
 * a painted classic map — every painted cell filled with a vector tile that honours its
 * painting (core/assemble painted.ts, the one rule the app's placing and assembly use) — and
 * the painting part of `sandtable check`. A cell no tile of --library can honour stops the
 * command with the cell and the reason, never filled with something else.
 */
import type { Io } from '../io.js';
import type { TileSet } from '../tile-set.js';
import { AssemblyLibrary, InstanceLayer, applyInstancePlan, assemble, buildTopology, buildAlFormTopology, checkPainting, paintedConstraint, placementsOf, planInstances, realizePaintedAlForm, shapeClassesOf } from '../../core/assemble/index.js';
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
  if (map.spec.alform) return realizePaintedAlFormMap(r, io);
  const started = performance.now();
  const topology = buildTopology(map.grid);
  const library = new AssemblyLibrary(set.tiles, { match: set.match, shapeClasses: shapeClassesOf(topology) });
  const start = map.instances ?? new InstanceLayer(map.grid);
  // Cells that already hold a tile keep it and are free: their derived terrain is not painting.
  const allowed = paintedConstraint(map, topology, library, set.catalogue, { tags: (id) => set.tags.get(id) ?? [], strict: r.strict, instances: start });
  const fail = failWith(r, io);
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

/** Reports a realization that stopped: the cells (three in words, all in JSON) and why; exit 1. */
function failWith(r: RealizeRequest, io: Io): (message: string, cells: readonly { cell: number; reason: string }[]) => number {
  const { map } = r;
  return (message, cells) => {
    if (r.json) io.out(`${JSON.stringify({ ok: false, tiles: 0, message, cells: cells.map((c) => ({ at: map.grid.coord(c.cell).join(','), why: c.reason })) })}\n`);
    io.err(`sandtable assemble: ${message}${cells.length ? `: ${cells.slice(0, 3).map((c) => `${tileLabel(map, c.cell)}: ${c.reason}`).join('; ')}${cells.length > 3 ? ` (and ${cells.length - 3} more)` : ''}` : ''}\n`);
    return 1;
  };
}

/**
 * `assemble --from` on an AL-FORM map (core/assemble realize-alform.ts): the painted linear
 * tiles laid as the linear layer, the painted area tiles filled, the area terrain rerouted
 * round rivers. The painted terrain stays what was painted (a composite's note is printed).
 */
function realizePaintedAlFormMap(r: RealizeRequest, io: Io): number {
  const { map, set } = r;
  const started = performance.now();
  const fail = failWith(r, io);
  if (!map.layers.terrain.some((v) => v !== 0)) return fail('the map has nothing painted to realize', []);
  const out = realizePaintedAlForm(map, { tiles: set.tiles, catalogue: set.catalogue, match: set.match, tags: (id) => set.tags.get(id) ?? [] }, { ...r.options, strict: r.strict });
  if (!out.ok) return fail(out.message, out.cells);
  const painted = Array.from({ length: map.tileCount }, (_, c) => map.terrainAt(c));
  applyInstancePlan(map, planInstances(map, new AssemblyLibrary(set.tiles, { match: set.match }), placementsOf(out.result.layer), { library: set.label }));
  map.setLinear(out.result.linear);
  // The painting is the designer's: what the tiles derive never replaces a painted value.
  painted.forEach((t, c) => {
    if (t !== '' && map.terrainAt(c) !== t) map.setTerrain(c, t);
  });
  const ms = Math.round(performance.now() - started);
  io.writeText(r.output, mapToJsonText(map));
  const tiles = out.region.length;
  const linear = out.linear.features.reduce((n, f) => n + f.cells.length, 0);
  for (const n of out.linear.notes.slice(0, 3)) io.err(`sandtable assemble: note: ${tileLabel(map, n.cell)}: ${n.note}\n`);
  const report = { ok: true, tiles, linear, features: out.linear.features.length, backtracks: out.result.stats.backjumps, ms, notes: out.linear.notes.map((n) => ({ at: map.grid.coord(n.cell).join(','), note: n.note })) };
  io.out(r.json ? `${JSON.stringify(report)}\n` : `realized ${tiles} painted area tiles and ${linear} painted linear tiles in ${out.linear.features.length} feature(s) (${out.result.stats.backjumps} backtracks, ${ms} ms) → ${r.output}\n`);
  return 0;
}

/** The painting part of `check`: on AL-FORM maps the area tiles (their linear painting is the linear layer's, checked by the AL-FORM checks). */
export function checkPaintingOf(map: TerrainMap, instances: InstanceLayer, set: TileSet, strict: boolean): PaintingCheck {
  const topology = map.spec.alform ? buildAlFormTopology(map.grid) : buildTopology(map.grid);
  const library = new AssemblyLibrary(set.tiles, { match: set.match, shapeClasses: shapeClassesOf(topology) });
  return checkPainting(map, topology, instances, library, set.catalogue, { tags: (id) => set.tags.get(id) ?? [], strict });
}
