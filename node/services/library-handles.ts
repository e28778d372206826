/**
 * The libraries the app has open (issue 13): the user library (userData, context.ts) and
 * the library files the designer opened this session, each with an id for `library.*` and
 * `tiles.*` (`user`, `file-1`, …) and its undo history (library-history.ts). Paths arrive
 * already checked against the file rules (file-capabilities.ts) by the service.
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import { existsSync } from 'node:fs';
import { basename, extname } from 'node:path';
import type { LibraryEntry } from '../../contract/contract.js';
import { USER_LIBRARY_ID } from '../../contract/contract.js';
import type { Library } from '../store/index.js';
import { openLibrary } from '../store/index.js';
import { LibraryHistory } from './library-history.js';

export interface OpenLibrary {
  readonly id: string;
  /** The file; null for the user library. */
  readonly path: string | null;
  readonly library: Library;
  readonly history: LibraryHistory;
}

export class LibraryHandles {
  private readonly files = new Map<string, OpenLibrary>();
  private userHandle: OpenLibrary | null = null;
  private next = 1;

  constructor(
    private readonly userLibrary: () => Library,
    private readonly now?: () => string,
  ) {}

  /** The library `id`, or one line saying which are open. */
  get(id: string): OpenLibrary {
    if (id === USER_LIBRARY_ID) return this.user();
    const found = this.files.get(id);
    if (!found) throw new Error(`no library "${id}" is open (open ones: ${this.list().map((l) => l.id).join(', ')})`);
    return found;
  }

  list(): OpenLibrary[] {
    return [this.user(), ...this.files.values()];
  }

  /** Opens the library file at `path` (absolute, checked); the same file twice gives the same id. */
  open(path: string, create: boolean): OpenLibrary {
    for (const h of this.files.values()) if (h.path === path) return h;
    if (!existsSync(path) && !create) throw new Error(`${path}: no library file there (create: true makes a new one)`);
    const library = openLibrary(path, this.now ? { now: this.now } : {});
    const handle: OpenLibrary = { id: `file-${this.next++}`, path, library, history: new LibraryHistory(library) };
    this.files.set(handle.id, handle);
    return handle;
  }

  close(id: string): void {
    if (id === USER_LIBRARY_ID) throw new Error('the user library stays open (it holds the catalogue and the substitutes)');
    const h = this.get(id);
    h.library.close();
    this.files.delete(id);
  }

  /** Closes the opened files and forgets the user library's handle (the app closes the library itself). */
  closeAll(): void {
    for (const h of this.files.values()) h.library.close();
    this.files.clear();
    this.userHandle = null;
  }

  entry(h: OpenLibrary): LibraryEntry {
    const info = h.library.info();
    const name = h.path === null ? 'My library' : (info.name ?? basename(h.path, extname(h.path)));
    return {
      id: h.id,
      name,
      path: h.path,
      tiles: h.library.vector.stats().count,
      canUndo: h.history.canUndo,
      canRedo: h.history.canRedo,
      undoLabel: h.history.undoLabel,
      redoLabel: h.history.redoLabel,
    };
  }

  private user(): OpenLibrary {
    const library = this.userLibrary();
    // The app may close and reopen its library (shutdown); a new connection gets a new history.
    if (this.userHandle?.library !== library) this.userHandle = { id: USER_LIBRARY_ID, path: null, library, history: new LibraryHistory(library) };
    return this.userHandle;
  }
}
