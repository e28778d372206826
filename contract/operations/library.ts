/**
 * Tile libraries open in the app (issue 13): the user library and the library files the user
 * opened, with library-level undo and redo; their tiles are tiles.ts's.
 *
 * Part of the renderer ↔ main contract (../contract.ts): imported by both sides; no Node, no DOM.
 */

import { s } from '../schema.js';
import { path, type OperationTable } from './fields.js';

/** `user` (the app's library) or the id `library.open` gave an opened file. */
export const libraryId = s.string({ min: 1, max: 40, pattern: /^[a-z0-9-]+$/ });

/** The id of the app's own library in `library.*` and `tiles.*`. */
export const USER_LIBRARY_ID = 'user';

/** A library as the panel lists it. */
export interface LibraryEntry {
  /** `user` for the app's library. */
  id: string;
  name: string;
  /** The file; null for the user library (it lives in the app's data folder). */
  path: string | null;
  tiles: number;
  canUndo: boolean;
  canRedo: boolean;
  /** What undo/redo would undo or redo ("rename “Ford”"), for the buttons' titles. */
  undoLabel: string | null;
  redoLabel: string | null;
}

/** What a library edit answers: the library after it (its undo state). */
export interface LibraryEdit {
  library: LibraryEntry;
  /** The step's label ("delete 3 tiles"); null when nothing was undone or redone. */
  label: string | null;
}

export const LIBRARY_OPERATIONS = {
  /** The user library first, then the library files opened this session. */
  'library.list': { args: s.object({}) },
  /**
   * Opens a library file: `path` must be one the user chose (Open dialog, drag and drop, the
   * command line) or lie in an allowed folder (node/services/file-capabilities.ts);
   * `create`: make a new, empty library there when no file is.
   */
  'library.open': { args: s.object({ path, create: s.optional(s.boolean()) }) },
  'library.close': { args: s.object({ library: libraryId }) },
  /** Library-level undo/redo of tile edits (rename, duplicate, delete, tag, import), in this session. */
  'library.undo': { args: s.object({ library: libraryId }) },
  'library.redo': { args: s.object({ library: libraryId }) },
} as const satisfies OperationTable;

export interface LibraryResults {
  'library.list': LibraryEntry[];
  'library.open': LibraryEntry;
  'library.close': LibraryEntry[];
  'library.undo': LibraryEdit;
  'library.redo': LibraryEdit;
}
