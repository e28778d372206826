/**
 * Small readers for validating untyped JSON: each checks one value and, when it is wrong,
 * throws a CatalogueError naming the JSONPath, what was expected and what was given.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */

import { CatalogueError } from './types.js';

export type JsonObject = Readonly<Record<string, unknown>>;

const KEBAB_ID = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
const COLOUR = /^#[0-9a-fA-F]{6}$/;
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export function fail(source: string, path: string, detail: string): never {
  throw new CatalogueError(source, path, detail);
}

/** A short, human description of a JSON value for "got …" in messages. */
export function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value.length > 48 ? `${value.slice(0, 48)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

export function expected(source: string, path: string, what: string, value: unknown): never {
  return fail(source, path, `expected ${what}, got ${describe(value)}`);
}

/** JSONPath of a property: `$.a.b`, or `$.a["odd key"]` when the key is not an identifier. */
export function prop(path: string, key: string): string {
  return IDENTIFIER.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An object whose keys are all in `allowed` (typos such as "color" are errors, not ignored). */
export function readObject(source: string, path: string, value: unknown, allowed: readonly string[], what = 'an object'): JsonObject {
  if (!isObject(value)) expected(source, path, what, value);
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) {
      fail(source, prop(path, key), `unknown property "${key}" (expected one of: ${allowed.join(', ')})`);
    }
  }
  return value;
}

export function readArray(source: string, path: string, value: unknown, minLength = 0): readonly unknown[] {
  const what = minLength === 0 ? 'an array' : minLength === 1 ? 'a non-empty array' : `an array of at least ${minLength}`;
  if (!Array.isArray(value) || value.length < minLength) expected(source, path, what, value);
  return value;
}

export function readString(source: string, path: string, value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') expected(source, path, 'a non-empty string', value);
  return value;
}

export function readId(source: string, path: string, value: unknown): string {
  if (typeof value !== 'string' || !KEBAB_ID.test(value)) expected(source, path, 'a kebab-case id such as "river-ford"', value);
  return value;
}

export function readBoolean(source: string, path: string, value: unknown): boolean {
  if (typeof value !== 'boolean') expected(source, path, 'true or false', value);
  return value;
}

export interface NumberRange {
  readonly min?: number;
  readonly max?: number;
  readonly integer?: boolean;
  /** Overrides the generated expectation text. */
  readonly what?: string;
}

export function readNumber(source: string, path: string, value: unknown, range: NumberRange = {}): number {
  const { min, max, integer = false } = range;
  const ok =
    typeof value === 'number' &&
    Number.isFinite(value) &&
    (!integer || Number.isInteger(value)) &&
    (min === undefined || value >= min) &&
    (max === undefined || value <= max);
  if (!ok) {
    const kind = integer ? 'an integer' : 'a number';
    const bounds =
      min !== undefined && max !== undefined ? ` from ${min} to ${max}` : min !== undefined ? ` ≥ ${min}` : max !== undefined ? ` ≤ ${max}` : '';
    expected(source, path, range.what ?? `${kind}${bounds}`, value);
  }
  return value;
}

/** `#rrggbb`, returned in lower case so equal colours compare equal. */
export function readColour(source: string, path: string, value: unknown): string {
  if (typeof value !== 'string' || !COLOUR.test(value)) expected(source, path, 'a colour "#rrggbb"', value);
  return value.toLowerCase();
}
