/**
 * Argument helpers shared by the commands: parsing with node:util's strict parser and turning
 * strings into grid specs and coordinates, each with a one-line message naming what was
 * expected.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './io.js';
import { GRID_KINDS, isGridKind, type GridKind } from '../core/grid/types.js';
import { parseSize, parseWrap } from '../core/grid/size.js';
import type { GridSpec } from '../core/grid/create.js';

export type Options = NonNullable<ParseArgsConfig['options']>;

/** Marks negative numbers ("-5", "-1,2") so the option parser takes them as values, not flags. */
const NEGATIVE = /^-\d[\d.,+-]*$/;
const MARK = '\u0000';

export function parse(command: string, argv: string[], options: Options) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv.map((a) => (NEGATIVE.test(a) ? MARK + a : a)), options, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError(`${command}: ${(e as Error).message.split('\n')[0]}`);
  }
  const unmark = (v: unknown): unknown => (typeof v === 'string' && v.startsWith(MARK) ? v.slice(1) : Array.isArray(v) ? v.map(unmark) : v);
  const values = Object.fromEntries(Object.entries(parsed.values).map(([k, v]) => [k, unmark(v)]));
  return { values: values as typeof parsed.values, positionals: parsed.positionals.map((p) => unmark(p) as string) };
}

export const GRID_OPTIONS: Options = {
  kind: { type: 'string' },
  size: { type: 'string' },
  wrap: { type: 'string' },
  alform: { type: 'boolean', default: false },
  /** Hex kinds: pointy-topped hexes, the grid's W columns drawn as W rows (core/grid/types.ts HexOrientation). */
  pointy: { type: 'boolean', default: false },
  json: { type: 'boolean', default: false },
};

/** The print flags `export` (PDF, SVG, PNG at dpi) and `sheets` share, with the same meaning; --page is --paper under the name print dialogs use. */
export const PRINT_OPTIONS: Options = {
  dpi: { type: 'string' },
  'tile-mm': { type: 'string' },
  paper: { type: 'string' },
  page: { type: 'string' },
  landscape: { type: 'boolean', default: false },
  'bleed-mm': { type: 'string' },
};

/** The paper asked for by --paper or --page (not both); undefined when neither. */
export function paperFlag(command: string, values: Record<string, unknown>): string | undefined {
  if (values.paper !== undefined && values.page !== undefined) throw new UsageError(`${command}: give --paper or --page, not both`);
  const paper = values.paper ?? values.page;
  return typeof paper === 'string' ? paper : undefined;
}

export function requireString(command: string, value: unknown, flag: string, expected: string): string {
  if (typeof value !== 'string' || value === '') throw new UsageError(`${command}: missing --${flag} (${expected})`);
  return value;
}

export function gridSpecFrom(command: string, values: Record<string, unknown>): GridSpec & { kind: GridKind } {
  const kind = requireString(command, values.kind, 'kind', GRID_KINDS.join('|'));
  if (!isGridKind(kind)) throw new UsageError(`${command}: --kind must be one of ${GRID_KINDS.join(', ')}, got "${kind}"`);
  const sizeText = requireString(command, values.size, 'size', kind === 'hex-hexagon' ? 'diameter D' : kind === 'icosahedron' ? 'side L' : 'WxH');
  try {
    const size = parseSize(kind, sizeText);
    const wrap = parseWrap(values.wrap as string | undefined);
    return { kind, size, wrap, alform: values.alform === true, ...(values.pointy === true ? { orientation: 'pointy' as const } : {}) };
  } catch (e) {
    throw new UsageError(`${command}: ${(e as Error).message}`);
  }
}

/** "3,4" or "1,-1,0" → numbers; the arity is checked by the grid. */
export function parseCoord(text: string, what = 'coordinate'): number[] {
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length < 2 || parts.length > 3 || parts.some((p) => !/^[-+]?\d+$/.test(p))) {
    throw new UsageError(`${what} must be integers separated by commas (e.g. 3,4 or 1,-1,0), got "${text}"`);
  }
  return parts.map(Number);
}

export function parseInteger(text: string | undefined, what: string, min = -Infinity): number {
  if (text === undefined || !/^[-+]?\d+$/.test(text.trim()) || Number(text) < min) {
    throw new UsageError(`${what} must be an integer${min > -Infinity ? ` ≥ ${min}` : ''}, got ${text === undefined ? 'nothing' : `"${text}"`}`);
  }
  return Number(text);
}

export function parseNumber(text: string | undefined, what: string): number {
  const v = text === undefined ? NaN : Number(text);
  if (text === undefined || text.trim() === '' || !Number.isFinite(v)) throw new UsageError(`${what} must be a number, got ${text === undefined ? 'nothing' : `"${text}"`}`);
  return v;
}
