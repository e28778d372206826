/**
 * What every call's arguments are refused for whatever their schema says (issue 24): a key
 * that names a property of Object.prototype (`__proto__`, `constructor`, `toString`, …) or
 * `prototype`, and a NUL character in any string or key. The schema's objects refuse every
 * key they do not list (schema.ts, by own-property lookup); this module covers what the
 * schemas leave free: JSON fields (a catalogue, a mapping whose tile keys are free) and
 * records read further by core. Such a key could reach an `obj[key] = …` somewhere behind
 * the door and change a prototype; a NUL could cut a path or a name short in SQLite or the
 * file system. Neither has a place in a designer's data, so both are refused at the door,
 * with the usual one line naming the operation and the `$.path`.
 *
 * Pure TypeScript: imported by main, preload and renderer alike.
 */
import { InputError } from '../core/util/input-error.js';

/** Object.prototype's own names (listed, so a polluted prototype cannot widen or narrow the list) and `prototype`. */
const PROTOTYPE_NAMES: ReadonlySet<string> = new Set([
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'toLocaleString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
]);

/** Whether `key` names a prototype property: never a key of call arguments, at any depth. */
export function isPrototypeName(key: string): boolean {
  return PROTOTYPE_NAMES.has(key);
}

/** `$.a.key` for a plain name, `$.a["1 2"]` for any other (escaped, so a NUL or a newline stays visible and on one line). */
export function keyPath(path: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

/** Refuses a string holding NUL, saying where. */
export function refuseNul(text: string, path: string, source: string): void {
  const at = text.indexOf('\u0000');
  if (at >= 0) throw new InputError(source, path, `a NUL character at position ${at}; no string may hold NUL`);
}

/** Refuses an object key that is a prototype name or holds NUL; `path` is the object's. */
export function refuseKey(key: string, path: string, source: string): void {
  refuseNul(key, keyPath(path, key), source);
  if (isPrototypeName(key)) throw new InputError(source, keyPath(path, key), `"${key}" is a prototype name, never a field or a key`);
}

/**
 * Walks a JSON-shaped value (objects and arrays at any depth) and refuses a prototype-name
 * key or a NUL in any key or string, naming the first one found. Iterative, so a deeply
 * nested value cannot overflow the stack; a value seen twice (a cycle from Electron's
 * structured clone) is walked once. Typed arrays hold no strings and are skipped.
 */
export function guardJson(value: unknown, path: string, source: string): void {
  const stack: [unknown, string][] = [[value, path]];
  const seen = new Set<object>();
  while (stack.length) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') refuseNul(v, at, source);
    if (typeof v !== 'object' || v === null || seen.has(v) || ArrayBuffer.isView(v)) continue;
    seen.add(v);
    if (Array.isArray(v)) {
      for (let k = v.length - 1; k >= 0; k--) stack.push([v[k], `${at}[${k}]`]);
      continue;
    }
    const keys = Object.keys(v);
    for (const key of keys) refuseKey(key, at, source);
    for (let k = keys.length - 1; k >= 0; k--) stack.push([(v as Record<string, unknown>)[keys[k]!], keyPath(at, keys[k]!)]);
  }
}
