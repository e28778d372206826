/**
 * Movement and sight from the shell (issue 3):
 *   sandtable path  <map.json> --mode M --from C --to C [--json]
 *   sandtable reach <map.json> --mode M --from C --budget B [--json]
 *   sandtable los   <map.json> --from C --to C [--observer-height H] [--target-height H] [--json]
 *   sandtable fov   <map.json> --from C --radius R [--observer-height H] [--json]
 * Coordinates are in the map's preferred system (or --coords); the terrain catalogue is
 * the default one unless --catalogue names another.
 */
import type { Io } from '../io.js';
import { UsageError } from '../io.js';
import { parse, parseInteger, parseNumber, type Options } from '../args.js';
import { loadCatalogue } from '../catalogue.js';
import { coordCodec, type CoordCodec } from '../coord-codec.js';
import { mapFromJsonText } from '../../core/map/map-json.js';
import type { TerrainMap } from '../../core/map/terrain-map.js';
import type { TerrainCatalogue } from '../../core/terrain/catalogue.js';
import { findMovementMode } from '../../core/terrain/lookup.js';
import { movementTablesFor } from '../../core/movement/tables.js';
import { buildMovementGraph } from '../../core/movement/graph.js';
import { PathFinder } from '../../core/movement/path-finder.js';
import { sightTablesFor } from '../../core/sight/tables.js';
import { fieldOfVision, lineOfSight } from '../../core/sight/line-of-sight.js';

export const pathHelp = 'path <map.json> --mode M --from C --to C   cheapest path and its cost';
export const reachHelp = 'reach <map.json> --mode M --from C --budget B   tiles reachable within a movement budget';
export const losHelp = 'los <map.json> --from C --to C [--observer-height H] [--target-height H]   line of sight';
export const fovHelp = 'fov <map.json> --from C --radius R [--observer-height H]   field of vision';

const COMMON: Options = {
  from: { type: 'string' },
  coords: { type: 'string' },
  catalogue: { type: 'string' },
  json: { type: 'boolean', default: false },
};

interface Context {
  map: TerrainMap;
  catalogue: TerrainCatalogue;
  codec: CoordCodec;
  values: Record<string, unknown>;
  from: number;
}

function open(command: string, argv: string[], io: Io, extra: Options): Context {
  const { values, positionals } = parse(command, argv, { ...COMMON, ...extra });
  if (positionals.length !== 1) throw new UsageError(`${command}: expected exactly one map file (${command} <map.json> …)`);
  const file = positionals[0]!;
  const map = mapFromJsonText(io.readText(file), file);
  const catalogue = loadCatalogue(values.catalogue as string | undefined);
  const codec = coordCodec(map.grid, typeof values.coords === 'string' ? values.coords : map.grid.coordSystem);
  const fromText = values.from;
  if (typeof fromText !== 'string') throw new UsageError(`${command}: missing --from (a tile coordinate)`);
  return { map, catalogue, codec, values, from: codec.decode(fromText, `${command} --from`) };
}

function tileArg(command: string, ctx: Context, flag: string): number {
  const text = ctx.values[flag];
  if (typeof text !== 'string') throw new UsageError(`${command}: missing --${flag} (a tile coordinate)`);
  return ctx.codec.decode(text, `${command} --${flag}`);
}

function modeArg(command: string, ctx: Context): string {
  const mode = ctx.values.mode;
  const modes = ctx.catalogue.modes.map((m) => m.id).join(', ');
  if (typeof mode !== 'string') throw new UsageError(`${command}: missing --mode (one of ${modes})`);
  if (!findMovementMode(ctx.catalogue, mode)) throw new UsageError(`${command}: --mode must be one of ${modes}, got "${mode}"`);
  return mode;
}

function finder(ctx: Context, mode: string): PathFinder {
  return new PathFinder(buildMovementGraph(ctx.map, movementTablesFor(ctx.catalogue, ctx.map, mode)));
}

const round = (v: number) => Math.round(v * 1000) / 1000;

export function pathCommand(argv: string[], io: Io): number {
  const ctx = open('path', argv, io, { mode: { type: 'string' }, to: { type: 'string' } });
  const mode = modeArg('path', ctx);
  const to = tileArg('path', ctx, 'to');
  const result = finder(ctx, mode).findPath(ctx.from, to);
  const fromText = JSON.stringify(ctx.codec.encode(ctx.from));
  const toText = JSON.stringify(ctx.codec.encode(to));
  if (!result) {
    const reason = `no path from ${fromText} to ${toText} for mode ${mode}`;
    if (ctx.values.json) io.out(`${JSON.stringify({ cost: null, tiles: [], reason })}\n`);
    else io.err(`sandtable path: ${reason}\n`);
    return 1;
  }
  const tiles = Array.from(result.tiles, (t) => ctx.codec.encode(t));
  io.out(ctx.values.json ? `${JSON.stringify({ cost: round(result.cost), tiles })}\n` : `cost ${round(result.cost)}: ${tiles.map((t) => (Array.isArray(t) ? t.join(',') : t)).join(' → ')}\n`);
  return 0;
}

export function reachCommand(argv: string[], io: Io): number {
  const ctx = open('reach', argv, io, { mode: { type: 'string' }, budget: { type: 'string' } });
  const mode = modeArg('reach', ctx);
  const budget = parseNumber(ctx.values.budget as string | undefined, 'reach: --budget');
  if (budget < 0) throw new UsageError(`reach: --budget must be ≥ 0, got ${budget}`);
  const f = finder(ctx, mode);
  const tiles = f.reach(ctx.from, budget);
  const list = Array.from(tiles, (t) => ({ coord: ctx.codec.encode(t), cost: round(f.costOf(t)) }));
  io.out(ctx.values.json ? `${JSON.stringify({ budget, count: list.length, tiles: list })}\n` : `${list.length} tiles within ${budget}\n`);
  return 0;
}

function heights(command: string, values: Record<string, unknown>) {
  const h = (flag: string) => (values[flag] === undefined ? undefined : parseNumber(values[flag] as string, `${command}: --${flag}`));
  const observerHeight = h('observer-height');
  const targetHeight = h('target-height');
  return { ...(observerHeight !== undefined ? { observerHeight } : {}), ...(targetHeight !== undefined ? { targetHeight } : {}) };
}

export function losCommand(argv: string[], io: Io): number {
  const ctx = open('los', argv, io, { to: { type: 'string' }, 'observer-height': { type: 'string' }, 'target-height': { type: 'string' } });
  const to = tileArg('los', ctx, 'to');
  const r = lineOfSight(ctx.map, sightTablesFor(ctx.catalogue, ctx.map), ctx.from, to, heights('los', ctx.values));
  const blockedAt = r.blockedAt < 0 ? null : ctx.codec.encode(r.blockedAt);
  io.out(ctx.values.json ? `${JSON.stringify({ visible: r.visible, blockedAt })}\n` : r.visible ? 'visible\n' : `blocked${blockedAt ? ` at ${JSON.stringify(blockedAt)}` : ''}\n`);
  return 0;
}

export function fovCommand(argv: string[], io: Io): number {
  const ctx = open('fov', argv, io, { radius: { type: 'string' }, 'observer-height': { type: 'string' }, 'target-height': { type: 'string' } });
  const radius = parseInteger(ctx.values.radius as string | undefined, 'fov: --radius', 0);
  const tiles = fieldOfVision(ctx.map, sightTablesFor(ctx.catalogue, ctx.map), ctx.from, radius, heights('fov', ctx.values));
  const list = Array.from(tiles, (t) => ctx.codec.encode(t));
  io.out(ctx.values.json ? `${JSON.stringify({ radius, count: list.length, tiles: list })}\n` : `${list.length} tiles visible within ${radius}\n`);
  return 0;
}
