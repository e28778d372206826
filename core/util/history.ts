/**
 * An undo/redo history of immutable states (the vector tile editor keeps tiles in it): `push`
 * records a new present and forgets the redo branch, as every editor does. Bounded, so a long
 * session's history cannot grow without end (the oldest states fall off).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
export class History<T> {
  private past: T[] = [];
  private future: T[] = [];

  constructor(
    private current: T,
    private readonly limit = 500,
  ) {}

  get present(): T {
    return this.current;
  }

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }

  /** Records `next` as the present (nothing when it is the present itself). */
  push(next: T): void {
    if (next === this.current) return;
    this.past.push(this.current);
    if (this.past.length > this.limit) this.past.shift();
    this.future = [];
    this.current = next;
  }

  /** Applies `f` to every state, past and future too (the tile editor's tile became a copy with a new id). */
  mapAll(f: (state: T) => T): void {
    this.past = this.past.map(f);
    this.future = this.future.map(f);
    this.current = f(this.current);
  }

  /** Replaces the present without a history step (a drag in progress updates it; the drag's start was pushed once). */
  replace(next: T): void {
    this.current = next;
  }

  undo(): T {
    return this.step(this.past, this.future);
  }

  redo(): T {
    return this.step(this.future, this.past);
  }

  /** Undo and redo are one move, mirrored: the newest state of `from` becomes the present, the present goes on `to`. */
  private step(from: T[], to: T[]): T {
    const next = from.pop();
    if (next !== undefined) {
      to.push(this.current);
      this.current = next;
    }
    return this.current;
  }

  /** Starts over from `state` (a tile opened anew). */
  reset(state: T): void {
    this.past = [];
    this.future = [];
    this.current = state;
  }
}
