/**
 * The range check every option reader runs (picture exports, tile sheets): a number outside
 * [lo, hi] — or not an integer where one is wanted — is refused with one line naming the
 * option, the range and what came, thrown as the reader's own error class.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */

/** A range check that throws `fail(message)`; an absent value (undefined) passes. */
export function rangeCheck(fail: (message: string) => Error) {
  return (what: string, v: number | undefined, lo: number, hi: number, integer = false): void => {
    if (v === undefined) return;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < lo || v > hi || (integer && !Number.isInteger(v))) {
      throw fail(`${what} must be ${integer ? 'an integer' : 'a number'} from ${lo} to ${hi}, got ${String(v).slice(0, 40)}`);
    }
  };
}
