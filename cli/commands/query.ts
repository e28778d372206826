/**
 * `sandtable query --kind K --size S [--wrap x,y] [--alform] [--coords SYSTEM] [--layout s,ox,oy,rot] <op> …`
 * Grid questions from the shell: neighbors, distance, range, ring, spiral, line, rotate,
 * to-model, from-model. Coordinates are read and printed in the chosen system (the
 * kind's preferred one by default, or a form other tools use, see core/coords).
 */
import type { Io } from '../io.js';
import { UsageError } from '../io.js';
import { GRID_OPTIONS, gridSpecFrom, parse, parseCoord, parseInteger, parseNumber } from '../args.js';
import { createGrid } from '../../core/grid/create.js';
import type { Grid, Layout } from '../../core/grid/types.js';
import { coordCodec, coordSystemsFor } from '../coord-codec.js';

export const queryHelp =
  'query --kind K --size S [--coords SYSTEM] <neighbors C | distance C C | range C R | ring C R | spiral C R | line C C | rotate C PIVOT STEPS | to-model C | from-model X Y [Z]>';

const OPS = ['neighbors', 'distance', 'range', 'ring', 'spiral', 'line', 'rotate', 'to-model', 'from-model'] as const;

export function queryCommand(argv: string[], io: Io): number {
  const { values, positionals } = parse('query', argv, { ...GRID_OPTIONS, coords: { type: 'string' }, layout: { type: 'string' } });
  const spec = gridSpecFrom('query', values);
  let grid: Grid;
  try {
    grid = createGrid(spec);
  } catch (e) {
    throw new UsageError(`query: ${(e as Error).message}`);
  }
  const system = typeof values.coords === 'string' ? values.coords : grid.coordSystem;
  const codec = coordCodec(grid, system);
  const layout = parseLayout(values.layout as string | undefined);
  const [op, ...args] = positionals;
  if (!op || !(OPS as readonly string[]).includes(op)) throw new UsageError(`query: expected an operation, one of ${OPS.join(', ')}; got ${op ? `"${op}"` : 'nothing'}`);
  const tile = (k: number, what: string): number => {
    const text = args[k];
    if (text === undefined) throw new UsageError(`query ${op}: missing ${what}`);
    return codec.decode(text, `query ${op}: ${what}`);
  };
  const arity = (n: number, usage: string) => {
    if (args.length !== n) throw new UsageError(`query ${op}: expected ${usage}, got ${args.length} argument(s)`);
  };
  const list = (tiles: ArrayLike<number>) => Array.from(tiles, (t) => codec.encode(t));
  let result: unknown;
  switch (op as (typeof OPS)[number]) {
    case 'neighbors': {
      arity(1, 'one coordinate');
      const t = tile(0, 'coordinate');
      const out = new Int32Array(grid.directions);
      const deg = grid.neighbors(t, out);
      result = Array.from(out.subarray(0, deg), (n) => (n < 0 ? null : codec.encode(n)));
      break;
    }
    case 'distance':
      arity(2, 'two coordinates');
      result = grid.distance(tile(0, 'first coordinate'), tile(1, 'second coordinate'));
      break;
    case 'range':
    case 'ring':
    case 'spiral': {
      arity(2, 'a coordinate and a radius');
      const t = tile(0, 'centre');
      const r = parseInteger(args[1], `query ${op}: radius`, 0);
      result = list(op === 'range' ? grid.range(t, r) : op === 'ring' ? grid.ring(t, r) : grid.spiral(t, r));
      break;
    }
    case 'line':
      arity(2, 'two coordinates');
      result = list(grid.line(tile(0, 'start'), tile(1, 'end')));
      break;
    case 'rotate': {
      arity(3, 'a coordinate, a pivot and a number of steps');
      const r = grid.rotate(tile(0, 'coordinate'), tile(1, 'pivot'), parseInteger(args[2], 'query rotate: steps'));
      result = r < 0 ? null : codec.encode(r);
      break;
    }
    case 'to-model':
      arity(1, 'one coordinate');
      result = grid.center(tile(0, 'coordinate'), layout).map((v) => Math.round(v * 1e9) / 1e9);
      break;
    case 'from-model': {
      if (args.length !== grid.modelDimensions) throw new UsageError(`query from-model: expected ${grid.modelDimensions} model coordinates (${grid.modelDimensions === 3 ? 'X Y Z' : 'X Y'})`);
      const p = args.map((a, k) => parseNumber(a, `query from-model: model coordinate ${k + 1}`));
      const t = grid.pick(p, layout);
      result = t < 0 ? null : codec.encode(t);
      break;
    }
  }
  io.out(values.json ? `${JSON.stringify({ op, coords: system, result })}\n` : `${formatPlain(result)}\n`);
  return 0;
}

function parseLayout(text: string | undefined): Layout | undefined {
  if (text === undefined) return undefined;
  const parts = text.split(',').map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isFinite(p)) || !(parts[0]! > 0)) {
    throw new UsageError(`query: --layout must be size,originX,originY,rotationDegrees with size > 0, got "${text}"`);
  }
  return { size: parts[0]!, origin: [parts[1]!, parts[2]!], rotation: parts[3]! };
}

function formatPlain(result: unknown): string {
  // One coordinate prints as "3,4"; a list of tiles as "3,4 5,6 …" (null = off the map → "-").
  if (Array.isArray(result) && result.every((r) => typeof r === 'number')) return result.join(',');
  if (Array.isArray(result)) return result.map((r) => (Array.isArray(r) ? r.join(',') : r === null ? '-' : String(r))).join(' ');
  return result === null ? 'none' : String(result);
}

export { coordSystemsFor, parseCoord };
