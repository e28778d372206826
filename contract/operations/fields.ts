/**
 * Argument fields more than one operation group checks the same way (a map id, a path, a
 * tile index, a terrain id, a non-empty list), and the shape of a group's operation table.
 * A field one group alone uses lives in that group's module.
 *
 * Part of the renderer ↔ main contract (../contract.ts): imported by both sides; no Node, no DOM.
 */
import { InputError } from '../../core/util/input-error.js';
import { s, type Schema } from '../schema.js';

/** A group's operations: name → argument schema. */
export type OperationTable = Record<string, { args: Schema<unknown> }>;

export const id = s.string({ min: 1, max: 200 });
export const path = s.string({ min: 1, max: 4096 });
/** A tile is addressed by its dense index; the renderer gets coordinates from core. */
export const tile = s.int(0, 2 ** 31 - 2);
export const mode = s.string({ min: 1, max: 100, pattern: /^[a-z0-9-]+$/ });
export const terrainId = s.string({ min: 0, max: 100, pattern: /^[a-z0-9-]*$/ });

/** A list of at least one item: an empty selection has no reference tile. */
export function nonEmpty<T>(list: Schema<T[]>): Schema<T[]> {
  const expected = `${list.expected}, not empty`;
  return {
    expected,
    parse(value, path, source) {
      const out = list.parse(value, path, source);
      if (out.length === 0) throw new InputError(source, path, `expected ${expected}, got an empty array`);
      return out;
    },
  };
}
