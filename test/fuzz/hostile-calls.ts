/**
 * Seeded hostile variants of a valid call (router.fuzz.test.ts): one mutation each, at a
 * random depth — a prototype-name key (`__proto__`, `constructor`, `toString`, …) added to
 * some object of the arguments (the root, a nested field, an object inside an array, a JSON
 * field's free keys), a NUL put into some string, or a NUL put into some key. Half of them
 * travel as JSON text and are parsed again, as browser mode receives them. Each says the
 * `$.path` its refusal must name. Test-only.
 */
import { randomInt, type Random } from '../../core/util/random.js';
import { keyPath } from '../../contract/guard.js';

export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'toLocaleString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable', '__defineGetter__', '__lookupSetter__'];

const PAYLOADS: (() => unknown)[] = [() => ({ polluted: true }), () => 'x', () => 1, () => null, () => [], () => ({}), () => ({ toString: 'pwned' })];

export type MutationKind = 'prototype key' | 'NUL in a string' | 'NUL in a key';

export interface HostileCall {
  kind: MutationKind;
  args: unknown;
  /** Where the mutation is: the refusal must name this path. */
  path: string;
}

type Obj = Record<string, unknown>;

interface Slots {
  objects: { obj: Obj; path: string }[];
  strings: { holder: Obj | unknown[]; key: string | number; path: string }[];
}

/** Every object (not array) and every string slot of `value`, with its path. */
function slotsOf(value: unknown): Slots {
  const slots: Slots = { objects: [], strings: [] };
  const walk = (v: unknown, path: string) => {
    if (Array.isArray(v)) {
      v.forEach((item, k) => (typeof item === 'string' ? slots.strings.push({ holder: v, key: k, path: `${path}[${k}]` }) : walk(item, `${path}[${k}]`)));
    } else if (typeof v === 'object' && v !== null) {
      slots.objects.push({ obj: v as Obj, path });
      for (const [key, item] of Object.entries(v)) {
        if (typeof item === 'string') slots.strings.push({ holder: v as Obj, key, path: keyPath(path, key) });
        else walk(item, keyPath(path, key));
      }
    }
  };
  walk(value, '$');
  return slots;
}

/** Sets an own enumerable property, as JSON.parse does (plain assignment to `__proto__` would set the prototype). */
function defineOwn(obj: Obj, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

function withNul(text: string, r: Random): string {
  const at = randomInt(r, text.length + 1);
  return `${text.slice(0, at)}\u0000${text.slice(at)}`;
}

const pick = <T>(r: Random, list: readonly T[]): T => list[randomInt(r, list.length)]!;

/** One hostile variant of `valid` (left as it is: the variant is a deep copy). */
export function hostileCall(valid: unknown, r: Random): HostileCall {
  const args = JSON.parse(JSON.stringify(valid)) as unknown;
  const slots = slotsOf(args);
  const roll = randomInt(r, 3);
  let out: HostileCall;
  if (roll === 1 && slots.strings.length) {
    const slot = pick(r, slots.strings);
    (slot.holder as Obj)[slot.key as string] = withNul((slot.holder as Obj)[slot.key as string] as string, r);
    out = { kind: 'NUL in a string', args, path: slot.path };
  } else if (roll === 2) {
    const { obj, path } = pick(r, slots.objects);
    const keys = Object.keys(obj);
    const old = keys.length ? pick(r, keys) : 'field';
    const key = withNul(old, r);
    const value = obj[old] ?? 1;
    delete obj[old];
    defineOwn(obj, key, value);
    out = { kind: 'NUL in a key', args, path: keyPath(path, key) };
  } else {
    const { obj, path } = pick(r, slots.objects);
    const key = pick(r, PROTOTYPE_KEYS);
    defineOwn(obj, key, pick(r, PAYLOADS)());
    out = { kind: 'prototype key', args, path: keyPath(path, key) };
  }
  // Browser mode's way in: JSON text parsed again (JSON.parse keeps `__proto__` as an own key).
  if (r() < 0.5) out.args = JSON.parse(JSON.stringify(out.args));
  return out;
}
