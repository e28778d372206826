/**
 * The main process's events to the renderer (job progress, project changes): listeners come
 * and go (a window, an SSE client), and one that throws never stops the others.
 *
 * Plain TypeScript: must not depend on Electron or DOM.
 */
import type { AppEvent } from '../../contract/contract.js';

export class EventHub {
  private readonly listeners = new Set<(event: AppEvent) => void>();

  on(listener: (event: AppEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: AppEvent): void {
    for (const l of [...this.listeners]) {
      try {
        l(event);
      } catch {
        // One broken listener (a closed window, a dropped SSE client) must not stop the others.
      }
    }
  }
}
