/**
 * A tiny synchronous listener list, for what stores tell each other and the views (an edit
 * applied, a map opened, the tool changed) without one store reaching into another's state.
 *
 * Renderer layer, pure.
 */
export class Emitter<T> {
  private readonly listeners = new Set<(value: T) => void>();

  on(listener: (value: T) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(value: T): void {
    for (const l of [...this.listeners]) l(value);
  }
}
