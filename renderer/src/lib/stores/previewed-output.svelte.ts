/**
 * What the Export and Print-tile-sheets dialogs' stores share: a debounced preview picture
 * (a later request outdates an earlier one still under way), the one-at-a-time write run as
 * a noted job with its line as the toast, and the desktop app's native Save dialog.
 *
 * Renderer layer: Svelte runes, no DOM beyond timers.
 */
import type { Services } from '../../../../contract/api.js';
import type { Notifications } from './notifications.svelte.js';

export interface PreviewImage {
  src: string;
  width: number;
  height: number;
}

/** A preview operation's answer: a PNG in base64 and its size. */
interface PreviewPng {
  base64: string;
  width: number;
  height: number;
}

export abstract class PreviewedOutput {
  preview = $state<PreviewImage | null>(null);
  previewError = $state<string | null>(null);
  busy = $state(false);
  private previewTimer: ReturnType<typeof setTimeout> | null = null;
  private previewSeq = 0;

  constructor(
    protected readonly api: Services,
    protected readonly notes: Notifications,
  ) {}

  /** Forgets the picture and any preview still waiting (the dialog closed). */
  protected dropPreview(): void {
    this.preview = null;
    if (this.previewTimer) clearTimeout(this.previewTimer);
  }

  /** Runs `load` a moment after the last call (typing a size does not render each digit). */
  protected debounce(load: () => Promise<void>, delayMs: number): void {
    if (this.previewTimer) clearTimeout(this.previewTimer);
    this.previewTimer = setTimeout(() => void load(), delayMs);
  }

  /**
   * Shows the PNG `render` answers, or its failure in `describe`'s words; the answer, or null
   * when it failed or a later preview began meanwhile (then nothing is shown).
   */
  protected async showPreview<R extends PreviewPng>(render: () => Promise<R>, describe = (e: Error) => e.message): Promise<R | null> {
    const seq = ++this.previewSeq;
    try {
      const r = await render();
      if (seq !== this.previewSeq) return null;
      this.preview = { src: `data:image/png;base64,${r.base64}`, width: r.width, height: r.height };
      this.previewError = null;
      return r;
    } catch (e) {
      if (seq === this.previewSeq) this.previewError = describe(e as Error);
      return null;
    }
  }

  /** Shows `message` where the picture would be (there is nothing to draw); outdates any preview under way. */
  protected refusePreview(message: string): void {
    ++this.previewSeq;
    this.preview = null;
    this.previewError = message;
  }

  /** Runs `write` (one at a time) as a job named `label`; the line it answers is the toast. True when written. */
  protected async writeOnce(label: string, write: () => Promise<string>): Promise<boolean> {
    if (this.busy) return false;
    this.busy = true;
    try {
      return await this.notes.run(
        label,
        async () => {
          this.notes.info(await write());
          return true;
        },
        false,
      );
    } finally {
      this.busy = false;
    }
  }

  /** Desktop app: the native Save dialog; null when cancelled. */
  async choosePath(defaultName: string): Promise<string | null> {
    const { path } = await this.api.dialog.save({ purpose: 'export', defaultName });
    return path;
  }
}
