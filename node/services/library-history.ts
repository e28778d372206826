/**
 * Library-level undo and redo (issue 13): the tile edits of one open library — rename,
 * duplicate, delete, tag, import — as steps that know how to undo and redo themselves, each
 * run in one library transaction. Kept for the session (a library file has no journal of
 * its own, unlike a project's maps); a new edit clears what was undone.
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import type { Library } from '../store/index.js';

export interface LibraryStep {
  /** What the designer sees on the Undo button ("rename “Ford”"). */
  readonly label: string;
  undo(lib: Library): void;
  redo(lib: Library): void;
}

/** How many steps are kept per library. */
export const MAX_LIBRARY_STEPS = 200;

export class LibraryHistory {
  private readonly done: LibraryStep[] = [];
  private readonly undone: LibraryStep[] = [];

  constructor(private readonly lib: Library) {}

  get canUndo(): boolean {
    return this.done.length > 0;
  }

  get canRedo(): boolean {
    return this.undone.length > 0;
  }

  get undoLabel(): string | null {
    return this.done.at(-1)?.label ?? null;
  }

  get redoLabel(): string | null {
    return this.undone.at(-1)?.label ?? null;
  }

  /** Records a step already applied. */
  push(step: LibraryStep): void {
    this.done.push(step);
    if (this.done.length > MAX_LIBRARY_STEPS) this.done.shift();
    this.undone.length = 0;
  }

  /** Undoes the last step; its label, or null when there is none. */
  undo(): string | null {
    return this.replay(this.done, this.undone, 'undo');
  }

  redo(): string | null {
    return this.replay(this.undone, this.done, 'redo');
  }

  /** Runs the last step of `from` one way (in one transaction) and moves it onto `to`. */
  private replay(from: LibraryStep[], to: LibraryStep[], which: 'undo' | 'redo'): string | null {
    const step = from.at(-1);
    if (!step) return null;
    this.lib.transaction(() => step[which](this.lib));
    to.push(from.pop()!);
    return step.label;
  }
}
