/**
 * A tile library file (SPEC §10): one SQLite file holding terrain catalogues and movement
 * modes, maps (substitute maps among them), raster tiles, 18xx track tiles and games,
 * substitute-map slots and vector-form tiles. `openLibrary` gives the typed service API the app will expose over
 * IPC; every call validates its arguments and every multi-row change is one transaction.
 *
 * Must not depend on: Electron, DOM. (Plain Node + better-sqlite3; the CLI uses it too.)
 */
import { statSync } from 'node:fs';
import { ArgReader } from './args.js';
import { CatalogueStore } from './catalogue-store.js';
import { StoreFile } from './store-file.js';
import type { StoreContext } from './context.js';
import { LIBRARY_MIGRATIONS } from './library-schema.js';
import type { MapStats } from './map-store.js';
import { MapStore } from './map-store.js';
import type { PackImportOptions, PackImportResult } from './pack.js';
import { exportLibraryPack, importLibraryPack } from './pack.js';
import type { RasterStats } from './raster-store.js';
import { RasterTileStore } from './raster-store.js';
import type { ConnectionOptions, SqliteDb } from './sqlite.js';
import { openDatabase, readTransaction, writeTransaction } from './sqlite.js';
import { SubstituteStore } from './substitute-store.js';
import { LibrarySubstituteSource } from './substitute-source.js';
import type { SeedOptions, SeedResult } from './substitute-seed.js';
import { seedDefaultSubstitutes } from './substitute-seed.js';
import { GameStore } from './game-store.js';
import { TrackTileStore } from './track-store.js';
import type { VectorStats } from './vector-store.js';
import { VectorTileStore } from './vector-store.js';

export interface StoreOptions extends ConnectionOptions {
  /** Clock for created_at / updated_at (ISO-8601); tests pass a fixed one. */
  now?: () => string;
}

export interface LibraryInfo {
  readonly name: string | null;
  readonly description: string | null;
}

export interface LibraryStats {
  readonly schemaVersion: number;
  /** Main file plus WAL, bytes. */
  readonly fileBytes: number;
  readonly catalogues: ReturnType<CatalogueStore['stats']>;
  readonly maps: MapStats;
  readonly raster: RasterStats;
  readonly track: ReturnType<TrackTileStore['stats']>;
  readonly games: ReturnType<GameStore['stats']>;
  readonly substitutes: number;
  readonly vector: VectorStats;
}

export class Library extends StoreFile {
  readonly catalogues: CatalogueStore;
  readonly maps: MapStore;
  readonly raster: RasterTileStore;
  readonly track: TrackTileStore;
  readonly games: GameStore;
  readonly substitutes: SubstituteStore;
  readonly vector: VectorTileStore;

  /** @internal use openLibrary */
  constructor(
    path: string,
    db: SqliteDb,
    now: () => string,
  ) {
    super(path, db);
    const ctx: StoreContext = { db, now };
    this.catalogues = new CatalogueStore(ctx);
    this.maps = new MapStore(ctx);
    this.raster = new RasterTileStore(ctx);
    this.track = new TrackTileStore(ctx);
    this.games = new GameStore(ctx);
    this.substitutes = new SubstituteStore(ctx);
    this.vector = new VectorTileStore(ctx);
  }

  info(): LibraryInfo {
    const rows = this.db.prepare(`SELECT key, value FROM meta WHERE key IN ('name', 'description')`).all() as { key: string; value: string }[];
    const get = (key: string) => rows.find((row) => row.key === key)?.value ?? null;
    return { name: get('name'), description: get('description') };
  }

  /** Sets the library's name and description shown when it is shared (null clears one). */
  setInfo(info: { name?: string | null; description?: string | null }): LibraryInfo {
    const r = new ArgReader();
    const o = r.strictObject(info, 'info', ['name', 'description']);
    const name = o.name === undefined || o.name === null ? o.name : r.name(o.name, 'info.name');
    const description = o.description === undefined || o.description === null ? o.description : r.optionalString(o.description, 'info.description', 10_000);
    writeTransaction(this.db, () => {
      for (const [key, value] of [
        ['name', name],
        ['description', description],
      ] as const) {
        if (value === undefined) continue;
        if (value === null) this.db.prepare('DELETE FROM meta WHERE key = ?').run(key);
        else this.db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(key, value);
      }
    });
    return this.info();
  }

  stats(): LibraryStats {
    return readTransaction(this.db, () => ({
      schemaVersion: this.schemaVersion,
      fileBytes: fileBytes(this.path),
      catalogues: this.catalogues.stats(),
      maps: this.maps.stats(),
      raster: this.raster.stats(),
      track: this.track.stats(),
      games: this.games.stats(),
      substitutes: this.db.prepare('SELECT count(*) FROM substitutes').pluck().get() as number,
      vector: this.vector.stats(),
    }));
  }

  /** The whole library as a gzip-compressed library pack (docs/store.md). */
  exportPack(): Buffer {
    return exportLibraryPack(this);
  }

  /** Imports a library pack (gzip or plain JSON) in one transaction. */
  importPack(data: Uint8Array | string, options: PackImportOptions = {}): PackImportResult {
    return importLibraryPack(this, data, options);
  }

  /**
   * Fills every empty substitute slot of catalogue `catalogueId` (every terrain, lattice and
   * default ratio) with a default substitute map, in one transaction (substitute-seed.ts).
   */
  seedDefaultSubstitutes(catalogueId: string, options: SeedOptions = {}): SeedResult {
    return seedDefaultSubstitutes(this, catalogueId, options);
  }

  /** The substitutes of catalogue `catalogueId` as a derivation's SubstituteSource (substitute-source.ts). */
  substituteSource(catalogueId: string): LibrarySubstituteSource {
    return new LibrarySubstituteSource(this, catalogueId);
  }

}

/** Opens (creating if absent) a library file and brings its schema up to date. */
export function openLibrary(path: string, options: StoreOptions = {}): Library {
  const db = openDatabase(path, 'library', LIBRARY_MIGRATIONS, options);
  return new Library(path, db, options.now ?? (() => new Date().toISOString()));
}

export function fileBytes(path: string): number {
  let total = 0;
  for (const suffix of ['', '-wal']) {
    try {
      total += statSync(path + suffix).size;
    } catch {
      // No WAL file right now: nothing to add.
    }
  }
  return total;
}
