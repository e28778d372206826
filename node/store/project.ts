/**
 * A project file (SPEC §10): the maps being worked on and the undo/redo journal of their
 * edits, in one SQLite file next to (not inside) the libraries it draws from.
 *
 * Must not depend on: Electron, DOM.
 */
import { ArgReader } from './args.js';
import { StoreFile } from './store-file.js';
import type { StoreContext } from './context.js';
import { DerivedStore } from './derived-store.js';
import type { DocumentReplay } from './document-edits.js';
import { DocumentEdits } from './document-edits.js';
import { FolderGrants } from './folder-grants.js';
import type { EditOptions, JournalEntry, Replay, TileChange } from './journal.js';
import { DEFAULT_JOURNAL_LIMIT, Journal } from './journal.js';
import { MapStore } from './map-store.js';
import { diffInto, networkDiff, sameShape } from './derived-ground.js';
import type { TerrainMap } from '../../core/map/terrain-map.js';
import { PROJECT_MIGRATIONS } from './project-schema.js';
import type { StoreOptions } from './library.js';
import type { SqliteDb } from './sqlite.js';
import { openDatabase, writeTransaction } from './sqlite.js';
import type { ProjectAccess, WriterInfo } from './writer-lock.js';
import { WriterLock } from './writer-lock.js';

export interface ProjectOptions extends StoreOptions {
  /** Journal entries kept per map (default 1000); the oldest are dropped first. */
  journalLimit?: number;
  /**
   * One writer per project (writer-lock.ts): `exclusive` claims the lock or throws
   * ProjectLockedError, `read-only` never writes, `take-over` claims it from whoever holds
   * it. Default `shared`: no lock (tools and tests).
   */
  access?: ProjectAccess;
}

export class Project extends StoreFile {
  readonly maps: MapStore;
  readonly journal: Journal;
  /** Derived maps and their links to their parents (derived-store.ts). */
  readonly derived: DerivedStore;
  /** Folders outside a chosen file's own that the designer allowed reading from (folder-grants.ts). */
  readonly folderGrants: FolderGrants;
  /** Journal steps that change no tile: label edits and resizes (document-edits.ts). */
  readonly documents: DocumentEdits;

  /** This connection's writer lock (writer-lock.ts). */
  readonly lock: WriterLock;
  /** The holder a take-over displaced (null otherwise). */
  readonly displaced: WriterInfo | null;
  /**
   * SQLite's `data_version` when this connection opened: it changes only when another
   * connection commits, so a read-only window can tell whether the writer committed since it
   * read the project (node/services/project-follow.ts).
   */
  readonly openedVersion: number;

  /** @internal use openProject */
  constructor(
    path: string,
    db: SqliteDb,
    now: () => string,
    journalLimit: number,
    access: ProjectAccess = 'shared',
  ) {
    super(path, db);
    this.lock = new WriterLock(db, path, access, now);
    const ctx: StoreContext = { db, now };
    this.journal = new Journal(ctx, journalLimit);
    // Journal entries describe changes to a map's old contents: replacing it drops them.
    this.maps = new MapStore(ctx, (id) => this.journal.clear(id));
    this.derived = new DerivedStore(ctx, this.maps, this.journal);
    this.folderGrants = new FolderGrants(db);
    this.documents = new DocumentEdits(ctx, this.maps, this.journal);
    if (access === 'take-over') {
      // Undo never reaches back into the other process's edits: this session's history starts here.
      this.journal.startHistoryHere();
    }
    this.displaced = this.lock.acquire();
    this.openedVersion = dataVersion(db);
  }

  /** Read-only (by choice, or because another window took over)? */
  get readOnly(): boolean {
    return this.lock.access === 'read-only' || (this.lock.access !== 'shared' && !this.lock.holds());
  }

  override close(): void {
    this.lock.release();
    super.close();
  }

  /** Applies an edit to a map and records it for undo (journal.ts). */
  edit(mapId: string, changes: readonly TileChange[], options: EditOptions = {}): JournalEntry {
    return this.journal.edit(mapId, changes, options);
  }

  /** True for a map the file held before through-tile networks existed, not yet converted (project migration 8). */
  storedBeforeNetworks(mapId: string): boolean {
    return this.db.prepare('SELECT 1 FROM maps_before_networks WHERE map_id = ?').get(mapId) !== undefined;
  }

  /**
   * Converts a map stored before through-tile networks: journals the edit that turns it into
   * `next` (the same grid and layers, its roads moved into the network layer) as ONE undo
   * step, and marks it converted in the same transaction, so it is converted once (undo
   * brings the old roads back, and they stay). Null when nothing differs.
   */
  convertBeforeNetworks(mapId: string, next: TerrainMap, label: string): JournalEntry | null {
    return writeTransaction(this.db, () => {
      const stored = this.maps.load(mapId);
      if (!sameShape(stored, next)) throw new Error(`map "${mapId}": a conversion in place keeps the grid and layers; this one changes them`);
      const { palette, changes } = diffInto(stored, next);
      const networks = networkDiff(stored, next, palette);
      this.db.prepare('DELETE FROM maps_before_networks WHERE map_id = ?').run(mapId);
      if (changes.length === 0 && networks.length === 0) return null;
      return this.journal.edit(mapId, changes, { label, ...(palette.length > stored.palette.length ? { palette } : {}), ...(networks.length ? { networks } : {}) });
    });
  }

  /** Reverts the map's latest edit; undoing a re-derivation also restores what the old content was derived from. */
  undo(mapId: string): ProjectReplay | null {
    return this.replay(mapId, 'undo');
  }

  redo(mapId: string): ProjectReplay | null {
    return this.replay(mapId, 'redo');
  }

  /** One transaction: the journal's tile changes, then what the entry recorded beside them (derived hashes, labels, a whole map). */
  private replay(mapId: string, direction: 'undo' | 'redo'): ProjectReplay | null {
    return writeTransaction(this.db, () => {
      const replay = direction === 'undo' ? this.journal.undo(mapId) : this.journal.redo(mapId);
      if (!replay) return null;
      this.derived.replayed(mapId, replay.seq, direction);
      const document = this.documents.replayed(mapId, replay.seq, direction);
      return document ? { ...replay, document } : replay;
    });
  }

}

/** An undo or redo: the journal's tile changes, and for a step that changed no tile what it put back. */
export interface ProjectReplay extends Replay {
  readonly document?: DocumentReplay;
}

/** SQLite's count of other connections' commits seen by `db` (PRAGMA data_version). */
export function dataVersion(db: SqliteDb): number {
  return db.pragma('data_version', { simple: true }) as number;
}

export function openProject(path: string, options: ProjectOptions = {}): Project {
  const journalLimit = options.journalLimit === undefined ? DEFAULT_JOURNAL_LIMIT : new ArgReader().integer(options.journalLimit, 'options.journalLimit', 1, 1_000_000);
  const db = openDatabase(path, 'project', PROJECT_MIGRATIONS, options);
  try {
    return new Project(path, db, options.now ?? (() => new Date().toISOString()), journalLimit, options.access ?? 'shared');
  } catch (e) {
    db.close();
    throw e;
  }
}
