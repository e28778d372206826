/**
 * Messages (toasts) and the one call the user is waiting for (`busy`, shown as an
 * indeterminate progress bar). `run` wraps every call a store makes on the user's behalf, so
 * a failure always reaches the user as one line and never as an unhandled rejection.
 *
 * Renderer layer: timers only, no DOM.
 */
export interface Toast {
  id: number;
  kind: 'error' | 'info';
  text: string;
}

/** How long a message stays (errors longer: they usually need reading). */
const SHOW_MS = { error: 9000, info: 3500 } as const;

export class Notifications {
  toasts = $state<Toast[]>([]);
  /** A call the user is waiting for. */
  busy = $state<string | null>(null);
  private lastId = 0;

  info(text: string): void {
    this.push('info', text);
  }

  error(text: string): void {
    this.push('error', text);
  }

  dismiss(id: number): void {
    this.toasts = this.toasts.filter((t) => t.id !== id);
  }

  /** Runs a call, showing `label` as busy while it runs and any failure as an error message. */
  async run<T>(label: string | null, work: () => Promise<T>, fallback?: T): Promise<T> {
    if (label) this.busy = label;
    try {
      return await work();
    } catch (e) {
      this.error(e instanceof Error ? e.message : String(e));
      return fallback as T;
    } finally {
      if (label && this.busy === label) this.busy = null;
    }
  }

  private push(kind: Toast['kind'], text: string): void {
    const id = ++this.lastId;
    this.toasts.push({ id, kind, text });
    setTimeout(() => this.dismiss(id), SHOW_MS[kind]);
  }
}
