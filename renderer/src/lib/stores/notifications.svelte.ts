/**
 * Messages (toasts) and the one call the user is waiting for (`busy`, shown as an
 * indeterminate progress bar). `run` wraps every call a store makes on the user's behalf, so
 * a failure always reaches the user as one line and never as an unhandled rejection.
 *
 * A message's time counts from when it is first drawn (`shown`, called by Toasts.svelte on
 * the next frame), not from when it was pushed: the message that a map opened is pushed
 * just before the view builds that map, which may hold the first frame for seconds.
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
  private readonly timed = new Set<number>();

  info(text: string): void {
    this.push('info', text);
  }

  error(text: string): void {
    this.push('error', text);
  }

  dismiss(id: number): void {
    this.toasts = this.toasts.filter((t) => t.id !== id);
    this.timed.delete(id);
  }

  /** Toast `id` is on screen: it goes after its kind's time. */
  shown(id: number): void {
    const toast = this.toasts.find((t) => t.id === id);
    if (!toast || this.timed.has(id)) return;
    this.timed.add(id);
    setTimeout(() => this.dismiss(id), SHOW_MS[toast.kind]);
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
    this.toasts.push({ id: ++this.lastId, kind, text });
  }
}
