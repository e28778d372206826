/**
 * Errors for bad input that say what and where: the source (a file name or "argument"),
 * the place in it (a JSON path such as `$.layers.terrain.data[12]`, a line:column, an XPath)
 * and what was expected. Every parser in core throws these so the CLI and the app can show
 * one line that a designer can act on.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { bounded, boundedMessage, quoted } from './bounded.js';

export class InputError extends Error {
  constructor(
    readonly source: string,
    readonly where: string,
    readonly expected: string,
  ) {
    // One bounded line whatever the parts hold (a 4 000-character path, a 1 MiB id): core/util/bounded.ts.
    super(boundedMessage(`${bounded(source, 240)}: ${where}: ${expected}`));
    this.name = 'InputError';
  }
}

/** A short, safe rendering of a bad value for an error message. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'string') return quoted(value, 40);
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  return String(value);
}

/** Reads typed fields out of untrusted JSON, throwing InputError with the JSON path. */
export class JsonReader {
  constructor(readonly source: string) {}

  fail(path: string, expected: string, got: unknown): never {
    throw new InputError(this.source, path, `expected ${expected}, got ${describeValue(got)}`);
  }

  object(value: unknown, path: string): Record<string, unknown> {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) this.fail(path, 'an object', value);
    return value as Record<string, unknown>;
  }

  array(value: unknown, path: string): unknown[] {
    if (!Array.isArray(value)) this.fail(path, 'an array', value);
    return value;
  }

  string(value: unknown, path: string): string {
    if (typeof value !== 'string') this.fail(path, 'a string', value);
    return value;
  }

  boolean(value: unknown, path: string): boolean {
    if (typeof value !== 'boolean') this.fail(path, 'true or false', value);
    return value;
  }

  integer(value: unknown, path: string, min: number, max: number): number {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      this.fail(path, `an integer ${min}…${max}`, value);
    }
    return value;
  }

  number(value: unknown, path: string, min = -Infinity, max = Infinity): number {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
      this.fail(path, min === -Infinity && max === Infinity ? 'a finite number' : `a number ${min}…${max}`, value);
    }
    return value;
  }

  oneOf<T extends string>(value: unknown, path: string, options: readonly T[]): T {
    if (typeof value !== 'string' || !(options as readonly string[]).includes(value)) {
      this.fail(path, `one of ${options.map((o) => JSON.stringify(o)).join(', ')}`, value);
    }
    return value as T;
  }

  /** Rejects keys the format does not know, so typos are caught instead of silently ignored. */
  onlyKeys(obj: Record<string, unknown>, path: string, allowed: readonly string[]): void {
    for (const key of Object.keys(obj)) {
      if (!allowed.includes(key)) throw new InputError(this.source, `${path}.${key}`, `unknown field; expected only ${allowed.join(', ')}`);
    }
  }
}
