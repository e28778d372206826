/**
 * Maps assembled from vector tiles, from the shell (issue 12; core/assemble):
 *   sandtable assemble --library LIB --kind K --size S [--alform [--river C;C…]] [--region C;C…] [--seed N]
 *                      [--connected T[,T…]] [--mode geomorph] [--fixed fixed.json]
 *                      [--counts counts.json] [--fill TERRAIN] [--catalogue F] [--coords SYSTEM] -o map.json [--json]
 *       → {"ok", "tiles", "backtracks", "ms"}; unsatisfiable: exit 1, the conflict (reason and
 *         region) as one line on stderr and in the JSON
 *   sandtable assemble --from painted.json --library LIB [--seed N] [--connected T,…] [--strict] -o map.json [--json]
 *       → realizes a painted map: every painted cell filled honouring its painting (AL-FORM:
 *         the painted linear tiles laid first, rivers blocking, roads with terrain)
 *         (assemble-painted.ts); a cell no tile honours: exit 1 naming it with the reason
 *   sandtable check <map.json> --library LIB [--connected T[,T…]] [--counts counts.json] [--painting [--strict]] [--json]
 *       (--painting: the instances honour the painting; JSON adds {"painting": {painted, honoured, violations}})
 *       → {"ok", "violations": [{"kind", "where", "why"}]}; exit 1 with violations
 * `check` is core/assemble's independent checker (check.ts), not the solver's bookkeeping.
 * The written map holds the instances and the terrain derived from them (map JSON version 2);
 * `--fill` is the ground under them where a tile draws no area (as `new --fill`).
 * `--alform`: an AL-FORM map of that size, area tiles assembled across linear tiles, with
 * `--river` a river on the linear tiles (assemble-alform.ts); `check` of an AL-FORM map runs
 * the AL-FORM checks.
 */
import type { Io } from '../io.js';
import { UsageError } from '../io.js';
import { GRID_OPTIONS, gridSpecFrom, parse, parseInteger } from '../args.js';
import { MAP_FILE_OPTIONS, mapCodec, mapFileArg, requireOutput } from '../map-file.js';
import type { CoordCodec } from '../coord-codec.js';
import { readConnected, readCounts, readFixed, readTileSet } from '../tile-set.js';
import type { TileSet } from '../tile-set.js';
import {
  ASSEMBLY_MODES,
  mapRules,
  ASSEMBLY_MODE_NAMES,
  AssemblyLibrary,
  InstanceLayer,
  applyInstancePlan,
  assemble,
  buildTopology,
  shapeClassesOf,
  checkAssembly,
  isAssemblyMode,
  networkRolesOf,
  networkShape,
  placementsOf,
  planInstances,
} from '../../core/assemble/index.js';
import { TerrainMap } from '../../core/map/terrain-map.js';
import { fillArea } from '../../core/map/paint.js';
import { mapFromJsonText, mapToJsonText } from '../../core/map/map-json.js';
import { seedProblem } from '../../core/derive/options.js';
import { tileLabel } from '../../core/map/paint.js';
import { checkPaintingOf, realizePainted } from './assemble-painted.js';
import { alformCheckOf, assembleAlFormMap, readRiver, requireAreaCells, writeAlFormResult } from './assemble-alform.js';

export const assembleHelp = 'assemble --library LIB --kind K --size S [--alform [--river C;C…]] [--region C;C…] [--seed N] [--connected T,…] [--mode geomorph] [--fixed f.json] [--counts c.json] [--fill T] [--loose] -o map.json | assemble --from painted.json --library LIB [--strict] [--loose] -o map.json   fill a map with fitting vector tiles (--from: realize its painting); rivers and roads end only at a source, mouth, settlement or the border unless --loose';
export const checkHelp = 'check <map.json> --library LIB [--connected T,…] [--counts c.json] [--painting [--strict]]   verify a map of tile instances independently (mismatches, connectivity, counts; --json adds the sources, mouths, loops, dead ends of its networks and its patch sizes; on AL-FORM maps matching across linear tiles and rerouting)';

export function assembleCommand(argv: string[], io: Io): number {
  const { values, positionals } = parse('assemble', argv, {
    ...GRID_OPTIONS,
    library: { type: 'string' },
    river: { type: 'string' },
    region: { type: 'string' },
    seed: { type: 'string' },
    connected: { type: 'string' },
    mode: { type: 'string' },
    fixed: { type: 'string' },
    counts: { type: 'string' },
    fill: { type: 'string' },
    ...MAP_FILE_OPTIONS,
    from: { type: 'string' },
    ...{ strict: { type: 'boolean', default: false }, loose: { type: 'boolean', default: false } },
  });
  if (positionals.length) throw new UsageError(`assemble: unexpected argument "${positionals[0]}" (the map is written with -o)`);
  const output = requireOutput('assemble', values.output, '<map.json>');
  const modeName = (values.mode as string | undefined) ?? 'classic';
  // A mode is an entry of core/assemble/modes.ts: the command needs nothing more to offer it.
  if (!isAssemblyMode(modeName)) throw new UsageError(`assemble: --mode must be one of ${ASSEMBLY_MODE_NAMES.join(', ')}, got "${modeName}"`);
  const mode = ASSEMBLY_MODES[modeName];
  if (typeof values.from === 'string') {
    const set = readTileSet('assemble', values.library, values.catalogue as string | undefined);
    const map = mapFromJsonText(io.readText(values.from), values.from);
    const seed = values.seed === undefined ? 0 : parseInteger(values.seed as string, 'assemble: --seed', 0);
    const connected = readConnected('assemble', values.connected);
    const options = mode.assemble({ seed, ...(values.loose ? {} : mapRules(set.catalogue)), ...(connected ? { connectivity: { terrains: connected } } : {}) });
    return realizePainted({ map, set, output, options, json: values.json === true, strict: values.strict === true }, io);
  }
  const spec = gridSpecFrom('assemble', values);
  const seed = values.seed === undefined ? 0 : parseInteger(values.seed as string, 'assemble: --seed', 0);
  const badSeed = seedProblem(seed);
  if (badSeed !== null) throw new UsageError(`assemble: --${badSeed}`);
  const connected = readConnected('assemble', values.connected);
  const set = readTileSet('assemble', values.library, values.catalogue as string | undefined);

  if (values.river !== undefined && !spec.alform) throw new UsageError('assemble: --river lays a river on the linear tiles of an AL-FORM map; add --alform');
  const map = TerrainMap.create({ size: spec.size, wrap: spec.wrap, alform: spec.alform });
  if (values.fill !== undefined) {
    try {
      fillArea(map, set.catalogue, values.fill as string);
    } catch (e) {
      throw new UsageError(`assemble: --fill: ${(e as Error).message}`);
    }
  }
  const codec = mapCodec(map, values.coords);
  const region = values.region === undefined ? undefined : readRegion(values.region as string, codec);
  const fixed = values.fixed === undefined ? [] : readFixed(io, values.fixed as string, codec, set.tiles);
  const counts = values.counts === undefined ? undefined : readCounts(io, values.counts as string, set.tiles);
  const river = typeof values.river === 'string' ? readRiver(values.river, codec, map, set) : null;
  if (spec.alform) {
    if (region) requireAreaCells(map, region, codec, '--region');
    requireAreaCells(map, fixed.map((f) => f.cell), codec, '--fixed');
  }

  const started = performance.now();
  const topology = spec.alform ? null : buildTopology(map.grid);
  const library = new AssemblyLibrary(set.tiles, mode.library({ match: set.match, ...(topology ? { shapeClasses: shapeClassesOf(topology) } : {}) }));
  const start = new InstanceLayer(map.grid);
  for (const f of fixed) start.set(f.cell, f.tile, f.code);
  const options = mode.assemble({ seed, ...(values.loose ? {} : mapRules(set.catalogue)), ...(topology ? { topology } : {}), ...(region ? { region } : {}), ...(counts ? { counts } : {}), ...(connected ? { connectivity: { terrains: connected } } : {}) });
  const result = topology ? assemble(start, library, options) : assembleAlFormMap(start, library, options, river);
  if (!result.ok) {
    const ms = Math.round(performance.now() - started);
    const where = result.region.map((c) => codec.encode(c));
    const line = `${result.reason}: ${result.message} (region ${where.map((w) => (Array.isArray(w) ? w.join(',') : w)).join(';')})`;
    if (values.json) io.out(`${JSON.stringify({ ok: false, tiles: 0, backtracks: result.stats.backjumps, ms, reason: result.reason, region: where, message: result.message })}\n`);
    io.err(`sandtable assemble: ${line}\n`);
    return 1;
  }
  if (topology) applyInstancePlan(map, planInstances(map, library, placementsOf(result.layer), { library: set.label, topology }));
  else writeAlFormResult(map, library, result as Extract<ReturnType<typeof assembleAlFormMap>, { ok: true }>, set);
  const ms = Math.round(performance.now() - started);
  io.writeText(output, mapToJsonText(map));
  const tiles = map.instances!.placedCount();
  const report = { ok: true, tiles, backtracks: result.stats.backjumps, ms };
  io.out(values.json ? `${JSON.stringify(report)}\n` : `assembled ${tiles} tiles (${result.stats.backjumps} backtracks, ${ms} ms) → ${output}\n`);
  return 0;
}

export function checkCommand(argv: string[], io: Io): number {
  const { values, positionals } = parse('check', argv, {
    library: { type: 'string' },
    connected: { type: 'string' },
    counts: { type: 'string' },
    catalogue: { type: 'string' },
    json: { type: 'boolean', default: false },
    painting: { type: 'boolean', default: false },
    strict: { type: 'boolean', default: false },
  });
  const file = mapFileArg('check', positionals, 'check <map.json> --library LIB');
  const connected = readConnected('check', values.connected);
  const set = readTileSet('check', values.library, values.catalogue as string | undefined);
  const map = mapFromJsonText(io.readText(file), file);
  const instances = map.instances;
  if (!instances) throw new Error(`${file}: the map holds no tile instances (map format version 2 with "instances")`);
  requireTiles(file, instances, set);
  if (map.linear) requireTiles(`${file} (linear tiles)`, map.linear.instances, set);
  const counts = values.counts === undefined ? undefined : readCounts(io, values.counts as string, set.tiles);
  const violations = checkAssembly(map, instances, set.tiles, {
    match: set.match,
    ...(counts ? { counts } : {}),
    ...(connected ? { connectivity: { terrains: connected } } : {}),
    ...(map.spec.alform ? { alform: alformCheckOf(map, instances, set) } : {}),
  });
  const painting = values.painting ? checkPaintingOf(map, instances, set, values.strict === true) : null;
  if (painting) for (const v of painting.violations) violations.push({ kind: 'painting', where: tileLabel(map, v.cell), why: v.why });
  // How the map reads as a map (issue 25): counts, not violations — a designer's library may lack source tiles.
  const networks = map.spec.alform ? null : networkShape(map.grid, instances, set.tiles, networkRolesOf(set.catalogue));
  if (values.json) io.out(`${JSON.stringify({ ok: violations.length === 0, violations, ...(networks ? { networks } : {}), ...(painting ? { painting: { painted: painting.painted, honoured: painting.honoured, violations: painting.violations.length } } : {}) })}\n`);
  else io.out(violations.length === 0 ? `${file}: ok (${instances.placedCount()} instances)\n` : `${violations.map((v) => `${v.kind} at ${v.where}: ${v.why}`).join('\n')}\n`);
  return violations.length === 0 ? 0 : 1;
}

/** `--region "0,0;1,0;…"`: tiles in the map's coordinates (or --coords). */
function readRegion(text: string, codec: CoordCodec): number[] {
  const cells = new Set<number>();
  for (const part of text.split(';').map((s) => s.trim())) {
    if (part === '') continue;
    cells.add(codec.decode(part, 'assemble --region'));
  }
  if (cells.size === 0) throw new UsageError('assemble: --region names no tiles (coordinates separated by ";")');
  return [...cells].sort((a, b) => a - b);
}

/** Every tile the map places must be in LIB; the table says where a missing one came from. */
function requireTiles(file: string, instances: InstanceLayer, set: TileSet): void {
  const ids = new Set(set.tiles.map((t) => t.id));
  const table = instances.tileTable();
  for (let c = 0; c < instances.cellCount; c++) {
    const p = instances.get(c);
    if (!p || ids.has(p.tile)) continue;
    const info = table.find((t) => t.id === p.tile)!;
    throw new Error(`${file}: cell ${c} holds tile "${p.tile}"${info.library ? ` from library "${info.library}"` : ''}, which --library ${set.label} does not have`);
  }
}
