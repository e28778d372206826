/**
 * A small schema language for IPC arguments: each schema both validates untrusted input
 * (throwing InputError with the JSON path and what was expected) and gives the TypeScript
 * type through `Infer`, so the contract states every operation's shape exactly once.
 *
 * Pure TypeScript: imported by main, preload and renderer alike.
 */
import { InputError, describeValue } from '../core/util/input-error.js';
import { guardJson, keyPath, refuseNul } from './guard.js';

export interface Schema<T> {
  /** Human description of what is expected, for messages. */
  readonly expected: string;
  parse(value: unknown, path: string, source: string): T;
}

export type Infer<S> = S extends Schema<infer T> ? T : never;

function fail(source: string, path: string, expected: string, value: unknown): never {
  throw new InputError(source, path, `expected ${expected}, got ${describeValue(value)}`);
}

export const s = {
  string(options: { min?: number; max?: number; pattern?: RegExp } = {}): Schema<string> {
    const { min = 0, max = 10_000, pattern } = options;
    const expected = `a string of ${min}…${max} characters${pattern ? ` matching ${pattern}` : ''}`;
    return {
      expected,
      parse(value, path, source) {
        if (typeof value !== 'string' || value.length < min || value.length > max || (pattern && !pattern.test(value))) fail(source, path, expected, value);
        refuseNul(value, path, source);
        return value;
      },
    };
  },
  int(min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): Schema<number> {
    const expected = `an integer ${min}…${max}`;
    return {
      expected,
      parse(value, path, source) {
        if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) fail(source, path, expected, value);
        return value;
      },
    };
  },
  number(min = -Infinity, max = Infinity): Schema<number> {
    const expected = min === -Infinity && max === Infinity ? 'a finite number' : `a number ${min}…${max}`;
    return {
      expected,
      parse(value, path, source) {
        if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) fail(source, path, expected, value);
        return value;
      },
    };
  },
  boolean(): Schema<boolean> {
    return {
      expected: 'true or false',
      parse(value, path, source) {
        if (typeof value !== 'boolean') fail(source, path, 'true or false', value);
        return value;
      },
    };
  },
  literal<const T extends string>(...options: T[]): Schema<T> {
    const expected = `one of ${options.map((o) => JSON.stringify(o)).join(', ')}`;
    return {
      expected,
      parse(value, path, source) {
        if (typeof value !== 'string' || !(options as string[]).includes(value)) fail(source, path, expected, value);
        return value as T;
      },
    };
  },
  array<T>(item: Schema<T>, max = 1_000_000): Schema<T[]> {
    const expected = `an array of at most ${max} (${item.expected})`;
    return {
      expected,
      parse(value, path, source) {
        if (!Array.isArray(value) || value.length > max) fail(source, path, expected, value);
        return value.map((v, k) => item.parse(v, `${path}[${k}]`, source));
      },
    };
  },
  optional<T>(inner: Schema<T>): Schema<T | undefined> & { optional: true } {
    return {
      optional: true,
      expected: `${inner.expected} or nothing`,
      parse(value, path, source) {
        return value === undefined ? undefined : inner.parse(value, path, source);
      },
    };
  },
  /** `null` or what `inner` takes (a cleared value: `vectorTile: null` clears an instance). */
  nullable<T>(inner: Schema<T>): Schema<T | null> {
    return {
      expected: `${inner.expected} or null`,
      parse(value, path, source) {
        return value === null ? null : inner.parse(value, path, source);
      },
    };
  },
  /**
   * Any JSON value (validated further by the service that receives it, e.g. a map file), but
   * never a prototype-name key or a NUL at any depth (guard.ts): its keys are free, so the
   * service may index by them.
   */
  json(): Schema<unknown> {
    return {
      expected: 'JSON data',
      parse(value, path, source) {
        guardJson(value, path, source);
        return value;
      },
    };
  },
  object<P extends Record<string, Schema<unknown>>>(props: P): Schema<ObjectOf<P>> {
    const keys = Object.keys(props);
    const expected = `an object with ${keys.join(', ') || 'no fields'}`;
    return {
      expected,
      parse(value, path, source) {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(source, path, expected, value);
        const obj = value as Record<string, unknown>;
        // Own properties only, both ways: `key in props` would take `__proto__`, `constructor`
        // or `toString` as known fields, and `obj[key]` would read them through the prototype.
        for (const key of Object.keys(obj)) {
          if (!Object.hasOwn(props, key)) throw new InputError(source, keyPath(path, key), `unknown field; expected only ${keys.join(', ') || 'no fields'}`);
        }
        const out: Record<string, unknown> = {};
        for (const key of keys) {
          const v = props[key]!.parse(Object.hasOwn(obj, key) ? obj[key] : undefined, `${path}.${key}`, source);
          if (v !== undefined) out[key] = v;
        }
        return out as ObjectOf<P>;
      },
    };
  },
};

type OptionalKeys<P> = { [K in keyof P]: P[K] extends { optional: true } ? K : never }[keyof P];
type RequiredKeys<P> = Exclude<keyof P, OptionalKeys<P>>;
export type ObjectOf<P extends Record<string, Schema<unknown>>> = { [K in RequiredKeys<P>]: Infer<P[K]> } & { [K in OptionalKeys<P>]?: Infer<P[K]> };
