/**
 * Generated worlds from the shell (issue 27):
 *   sandtable generate --kind K --size S [--alform] --seed N [--land 0.35] [--rivers 1.0]
 *     [--mountains 1.0] [--settlements 40] [--climate temperate]
 *     [--lock map.json --keep rivers,settlements] -o world.json
 *   sandtable check-world world.json [--json]
 * The work is core/generate's; this file reads flags and prints what came out.
 */
import type { Io } from '../io.js';
import { UsageError } from '../io.js';
import { GRID_OPTIONS, gridSpecFrom, parse, parseInteger, parseNumber } from '../args.js';
import { mapFileArg, requireOutput } from '../map-file.js';
import { mapFromJsonText, mapToJsonText } from '../../core/map/map-json.js';
import { formatSize } from '../../core/grid/size.js';
import { generateWorld } from '../../core/generate/world.js';
import { CLIMATE_BANDS, worldParams, type ClimateBand, type WorldParams } from '../../core/generate/params.js';
import { checkWorld } from '../../core/generate/check-world.js';
import { InputError } from '../../core/util/input-error.js';
import { LOCKABLE, type Lockable, type WorldLocks } from '../../core/generate/locks.js';

export const generateHelp = 'generate --kind K --size S [--alform] --seed N [--land F] [--rivers F] [--mountains F] [--settlements N] [--climate BAND] [--lock map.json --keep rivers,settlements] -o world.json   generate a world';
export const checkWorldHelp = 'check-world <world.json> [--json]   count what breaks seed 004: straight borders, parallel features, crossing angles, road setback, three features, uphill or inland-ending rivers';

export function generateCommand(argv: string[], io: Io): number {
  const { values, positionals } = parse('generate', argv, {
    ...GRID_OPTIONS,
    seed: { type: 'string' },
    land: { type: 'string' },
    rivers: { type: 'string' },
    mountains: { type: 'string' },
    settlements: { type: 'string' },
    climate: { type: 'string' },
    lock: { type: 'string' },
    keep: { type: 'string' },
    output: { type: 'string', short: 'o' },
  });
  if (positionals.length) throw new UsageError(`generate: unexpected argument "${positionals[0]}"`);
  if (values.wrap !== undefined) throw new UsageError('generate: --wrap is not supported; generated worlds do not wrap');
  const spec = gridSpecFrom('generate', values);
  const output = requireOutput('generate', values.output, '<world.json>');
  const params = paramsFrom(values);
  const locks = locksFrom(values, io);
  let world;
  try {
    world = generateWorld({ size: spec.size, alform: spec.alform ?? false }, params, locks);
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new UsageError(`generate: ${(e as Error).message}`);
  }
  io.writeText(output, mapToJsonText(world.map));
  const s = world.stages;
  const riverTiles = s.rivers.river.reduce((n, r) => n + (r ? 1 : 0), 0);
  const summary = {
    output,
    kind: world.map.spec.kind,
    size: formatSize(world.map.spec.size),
    alform: world.map.spec.alform,
    tileCount: world.map.tileCount,
    seed: params.seed,
    landTiles: s.elevation.land.reduce((n, v) => n + v, 0),
    riverTiles,
    railways: s.networks.railways.length,
    roads: s.networks.roads.length,
    unrouted: s.networks.unrouted,
    kept: locks ? locks.keep : [],
    droppedLocks: s.droppedLocks,
    settlements: { village: 0, town: 0, city: 0, ...Object.fromEntries(['village', 'town', 'city'].map((k) => [k, s.settlements.filter((x) => x.size === k).length])) },
  };
  io.out(values.json ? `${JSON.stringify(summary)}\n` : `generated ${output}: ${summary.kind} ${summary.size}${summary.alform ? ' AL-FORM' : ''}, seed ${summary.seed}, ${summary.landTiles} land tiles, ${riverTiles} river tiles, ${s.settlements.length} settlements\n`);
  return 0;
}

/** --lock map.json --keep rivers,settlements: the layers kept from an earlier map. */
function locksFrom(values: Record<string, unknown>, io: Io): WorldLocks | undefined {
  const lock = values.lock as string | undefined;
  const keep = values.keep as string | undefined;
  if (lock === undefined && keep === undefined) return undefined;
  if (lock === undefined || keep === undefined) throw new UsageError('generate: --lock and --keep go together (--lock map.json --keep rivers,settlements)');
  const layers = keep.split(',').map((k) => k.trim()).filter(Boolean);
  for (const k of layers) if (!(LOCKABLE as readonly string[]).includes(k)) throw new UsageError(`generate: --keep takes ${LOCKABLE.join(', ')}, got "${k.slice(0, 40)}"`);
  if (layers.length === 0) throw new UsageError(`generate: --keep needs one or more of ${LOCKABLE.join(', ')}`);
  return { map: mapFromJsonText(io.readText(lock), lock), keep: layers as Lockable[] };
}

function paramsFrom(values: Record<string, unknown>): WorldParams {
  const partial: { -readonly [K in keyof WorldParams]?: WorldParams[K] } = {};
  if (values.seed !== undefined) partial.seed = parseInteger(values.seed as string, 'generate: --seed', 0);
  if (values.land !== undefined) partial.land = parseNumber(values.land as string, 'generate: --land');
  if (values.rivers !== undefined) partial.rivers = parseNumber(values.rivers as string, 'generate: --rivers');
  if (values.mountains !== undefined) partial.mountains = parseNumber(values.mountains as string, 'generate: --mountains');
  if (values.settlements !== undefined) partial.settlements = parseInteger(values.settlements as string, 'generate: --settlements', 0);
  if (values.climate !== undefined) {
    if (!(CLIMATE_BANDS as readonly string[]).includes(values.climate as string)) throw new UsageError(`generate: --climate must be one of ${CLIMATE_BANDS.join(', ')}, got "${String(values.climate).slice(0, 40)}"`);
    partial.climate = values.climate as ClimateBand;
  }
  try {
    return worldParams(partial);
  } catch (e) {
    throw new UsageError(`generate: ${(e as Error).message}`);
  }
}

export function checkWorldCommand(argv: string[], io: Io): number {
  const { values, positionals } = parse('check-world', argv, { json: { type: 'boolean', default: false } });
  const file = mapFileArg('check-world', positionals, 'check-world <world.json>');
  const counts = checkWorld(mapFromJsonText(io.readText(file), file));
  if (values.json) io.out(`${JSON.stringify(counts)}\n`);
  else {
    const lines = Object.entries(counts)
      .filter(([k]) => k !== 'elevation')
      .map(([k, v]) => `  ${k}: ${v}`);
    io.out(`${file}:\n${lines.join('\n')}${counts.elevation ? '' : '\n  (no elevation layer: river counts not checked)'}\n`);
  }
  return 0;
}
