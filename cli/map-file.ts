/**
 * The steps the map-editing commands (new, paint, draw, derive, assemble) share: the options
 * they all take (--coords, -o, --catalogue, --json), the one map file they read, the tiles
 * named in the map's coordinates or --coords, and the map written back. One copy, so the
 * commands say the same thing for the same mistake.
 */
import type { Io } from './io.js';
import { UsageError } from './io.js';
import type { Options } from './args.js';
import { coordCodec, type CoordCodec } from './coord-codec.js';
import { mapToJsonText } from '../core/map/map-json.js';
import type { TerrainMap } from '../core/map/terrain-map.js';

/** --coords SYSTEM, -o FILE, --catalogue FILE, --json. */
export const MAP_FILE_OPTIONS: Options = {
  coords: { type: 'string' },
  output: { type: 'string', short: 'o' },
  catalogue: { type: 'string' },
  json: { type: 'boolean', default: false },
};

/** The command's only positional, the map file; `usage` is the short form named when there is not exactly one. */
export function mapFileArg(command: string, positionals: readonly string[], usage: string): string {
  if (positionals.length !== 1) throw new UsageError(`${command}: expected exactly one map file (${usage})`);
  return positionals[0]!;
}

/** A flag that may be given more than once and must be given at least once. */
export function requireStrings(command: string, value: unknown, flag: string, expected: string): string[] {
  const list = value as string[] | undefined;
  if (!list?.length) throw new UsageError(`${command}: missing --${flag} (${expected})`);
  return list;
}

/** `-o FILE` where it is required; `what` names the file in the message (`<map.json>`). */
export function requireOutput(command: string, value: unknown, what: string): string {
  if (typeof value !== 'string' || !value) throw new UsageError(`${command}: missing -o ${what}`);
  return value;
}

/** Tile coordinates as the command reads and prints them: `--coords`, or the map's own system. */
export function mapCodec(map: TerrainMap, coords: unknown): CoordCodec {
  return coordCodec(map.grid, typeof coords === 'string' ? coords : map.grid.coordSystem);
}

/** How many numbers one coordinate has in a `;`-less list (cube coordinates by default take 3). */
export function coordArity(map: TerrainMap, coords: unknown): number {
  return map.grid.coordSystem === 'cube' && coords === undefined ? 3 : 2;
}

/** Writes the edited map to `-o`, or back over the file it came from; returns where it went. */
export function saveMap(io: Io, map: TerrainMap, output: unknown, file: string): string {
  const to = typeof output === 'string' && output ? output : file;
  io.writeText(to, mapToJsonText(map));
  return to;
}
