/**
 * A typed array twice as long holding `a`'s values: how the hot structures (the solver's
 * trail and queue, the float heap, the outline coverage lists) grow without a pass per push.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
type Growable = Int32Array<ArrayBufferLike> | Float64Array<ArrayBufferLike>;

export function doubled<T extends Growable>(a: T): T {
  const make = a.constructor as new (length: number) => T;
  const b = new make(Math.max(1, a.length * 2));
  b.set(a);
  return b;
}
