/**
 * Derived (tactical) maps in a project (SPEC §7): which map a derived map was made from,
 * from which selection at which ratio and seed, and what the derivation used — the parent's
 * ground and the substitutes, as hashes. That makes derivation a cache:
 *
 * - the same parent, selection, ratio and seed find the map derived before (`find`);
 * - it is fresh while the parent's ground (`groundHash`) and the substitutes hash as they
 *   did when its content was derived; otherwise it is stale. The ground is only what the
 *   derivation reads (core/derive/dependency.ts: the selection, the blend margin and the
 *   routes' reach), stored with the link (`dependency`, project-schema.ts version 3), and the
 *   substitutes only those of the terrains found there, so an edit elsewhere on the parent
 *   leaves the child fresh. Links written before version 3 have no dependency: their hash is
 *   the whole parent's (`groundHash`) until they are derived again;
 * - deriving a stale map again writes the new content into the same map as ONE journal
 *   entry (`refresh`), so it is undoable like any edit, and undoing it puts back the hashes
 *   the old content came from (derived_edits, project-schema.ts version 2).
 *
 * Deleting a parent keeps its derived maps and drops their link (parent_id NULL): they are
 * maps in their own right, maybe edited since. Links are read and written by
 * derived-records.ts, grounds hashed by derived-ground.ts.
 *
 * Must not depend on: Electron, DOM.
 */
import { TerrainMap } from '../../core/map/terrain-map.js';
import type { GroundDependency } from '../../core/derive/dependency.js';
import { ArgReader, InputError } from './args.js';
import type { StoreContext } from './context.js';
import { diffInto, groundHash, groundOf, networkDiff, sameShape } from './derived-ground.js';
import type { LinkRow } from './derived-records.js';
import { LINK_SELECT, encodeDependency, readHashes, readKey, selectionKey, toLink } from './derived-records.js';
import type { JournalEntry, Journal } from './journal.js';
import type { MapStore, MapSummary } from './map-store.js';
import { readTransaction, writeTransaction } from './sqlite.js';


/** What a derivation was asked for: its cache key. */
export interface DerivationKey {
  readonly parentId: string;
  /** Tile indices of the parent, the reference first. */
  readonly selection: readonly number[];
  readonly ratio: number;
  readonly seed: number;
}

/** What a derivation used, hashed: the parent's ground and the substitutes it could use. */
export interface DerivationHashes {
  readonly groundHash: string;
  readonly substitutesHash: string;
  /**
   * The parent's values `groundHash` covers (groundOf); absent: the whole parent (the hash
   * of `groundHash(parentId)`). Kept by `add` and `refresh`; a link's dependency is a function
   * of its key and the parent's grid, so undo and redo leave it as it is.
   */
  readonly dependency?: GroundDependency;
}

/** The ground a dependency covers, now: its hash, and the terrains found there (whose substitutes count). */
export interface DependencyGround {
  readonly groundHash: string;
  readonly terrains: string[];
}

export interface DerivedLink {
  readonly mapId: string;
  /** Null once the parent was deleted. */
  readonly parentId: string | null;
  readonly selection: number[];
  readonly ratio: number;
  readonly seed: number;
  /** The hashes the map's current content was derived from. */
  readonly groundHash: string;
  readonly substitutesHash: string;
  /** The parent's values `groundHash` covers; null on links written before it was kept (the whole parent). */
  readonly dependency: GroundDependency | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** How `refresh` wrote the new content. */
export interface RefreshResult {
  /** The journal entry (undoable); null when nothing changed or the map had to be replaced. */
  readonly entry: JournalEntry | null;
  /** True when the new content had another grid or other layers, so the map was replaced (its undo history is gone). */
  readonly replaced: boolean;
  readonly summary: MapSummary;
}

/** Longest chain of derivations followed (a strategic map derived 64 times over is far below 1 m per tile). */
const MAX_CHAIN = 64;

export class DerivedStore {
  private readonly db;

  constructor(
    private readonly ctx: StoreContext,
    private readonly maps: MapStore,
    private readonly journal: Journal,
  ) {
    this.db = ctx.db;
  }

  /** The link of a derived map, or null when the map was not derived (or does not exist). */
  get(mapId: string): DerivedLink | null {
    const id = new ArgReader().id(mapId, 'mapId');
    const row = this.db.prepare(`${LINK_SELECT} WHERE map_id = ?`).get(id) as LinkRow | undefined;
    return row ? toLink(row) : null;
  }

  /** The map derived before with exactly this key, or null. */
  find(key: DerivationKey): DerivedLink | null {
    const k = readKey(new ArgReader(), key, 'key');
    const row = this.db.prepare(`${LINK_SELECT} WHERE parent_id = ? AND ratio = ? AND seed = ? AND selection_key = ?`).get(k.parentId, k.ratio, k.seed, selectionKey(k.selection)) as
      | LinkRow
      | undefined;
    return row ? toLink(row) : null;
  }

  /** Maps derived from `parentId`, oldest first. */
  children(parentId: string): DerivedLink[] {
    const id = new ArgReader().id(parentId, 'parentId');
    return (this.db.prepare(`${LINK_SELECT} WHERE parent_id = ? ORDER BY created_at, map_id`).all(id) as LinkRow[]).map(toLink);
  }

  /** Every link, for summaries. */
  list(): DerivedLink[] {
    return (this.db.prepare(`${LINK_SELECT} ORDER BY map_id`).all() as LinkRow[]).map(toLink);
  }

  /** Ids from the root of the derivation chain down to `mapId` (just `[mapId]` for a map not derived). */
  chain(mapId: string): string[] {
    const id = new ArgReader().id(mapId, 'mapId');
    return readTransaction(this.db, () => {
      if (!this.maps.has(id)) throw new InputError('argument', 'mapId', `no map with id "${id}" in this project`);
      const parentOf = this.db.prepare('SELECT parent_id FROM derived_maps WHERE map_id = ?').pluck();
      const out = [id];
      for (let p = parentOf.get(id) as string | null | undefined; p != null && !out.includes(p) && out.length < MAX_CHAIN; p = parentOf.get(p) as string | null | undefined) {
        out.push(p);
      }
      return out.reverse();
    });
  }

  /** SHA-256 of a map's ground (derived-ground.ts `groundHash`). */
  groundHash(mapId: string): string {
    const id = new ArgReader().id(mapId, 'mapId');
    return readTransaction(this.db, () => groundHash(this.db, id));
  }

  /** The parent's ground under `dependency`, now (derived-ground.ts `groundOf`). */
  groundOf(parentId: string, dependency: GroundDependency): DependencyGround {
    const id = new ArgReader().id(parentId, 'parentId');
    return readTransaction(this.db, () => groundOf(this.db, id, dependency));
  }


  /** Stores a newly derived map and its link in one transaction. */
  add(map: TerrainMap, key: DerivationKey, hashes: DerivationHashes, options: { name?: string } = {}): MapSummary {
    const r = new ArgReader();
    const k = readKey(r, key, 'key');
    const h = readHashes(r, hashes, 'hashes');
    return writeTransaction(this.db, () => {
      if (!this.maps.has(k.parentId)) throw new InputError('argument', 'key.parentId', `no map with id "${k.parentId}" in this project`);
      const existing = this.find(k);
      if (existing) throw new InputError('argument', 'key', `map "${existing.mapId}" is already derived from this selection of "${k.parentId}" at 1:${k.ratio}, seed ${k.seed}; refresh it instead`);
      const summary = this.maps.put(map, options.name === undefined ? {} : { name: options.name });
      const now = this.ctx.now();
      this.db
        .prepare(
          `INSERT INTO derived_maps (map_id, parent_id, selection, selection_key, ratio, seed, ground_hash, substitutes_hash, ground_tiles, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(summary.id, k.parentId, JSON.stringify(k.selection), selectionKey(k.selection), k.ratio, k.seed, h.groundHash, h.substitutesHash, encodeDependency(h.dependency), now, now);
      return summary;
    });
  }

  /**
   * Writes freshly derived content into derived map `mapId` as one journal entry labelled
   * `label` (undo puts back the old content and its hashes), updates its meta and records
   * the hashes it was derived from. When the new content has another grid or another set of
   * layers, the map is replaced instead (its undo history goes, as with any replaced map).
   */
  refresh(mapId: string, map: TerrainMap, hashes: DerivationHashes, label = 'Derive again'): RefreshResult {
    const r = new ArgReader();
    const id = r.id(mapId, 'mapId');
    if (!(map instanceof TerrainMap)) return r.fail('map', 'a TerrainMap', map);
    const h = readHashes(r, hashes, 'hashes');
    const meta = r.jsonObject(map.meta, 'map.meta');
    return writeTransaction(this.db, () => {
      const link = this.get(id);
      if (!link) throw new InputError('argument', 'mapId', `map "${id}" is not a derived map of this project`);
      const stored = this.maps.load(id);
      const name = this.maps.get(id)!.name;
      let entry: JournalEntry | null = null;
      let replaced = false;
      if (!sameShape(stored, map)) {
        this.maps.put(map, { id, name });
        replaced = true;
      } else {
        const { palette, changes } = diffInto(stored, map);
        // The derived roads and streets change with the ground, in the same undo step.
        const networks = networkDiff(stored, map, palette);
        if (changes.length || networks.length) {
          entry = this.journal.edit(id, changes, { label, ...(palette.length > stored.palette.length ? { palette } : {}), ...(networks.length ? { networks } : {}) });
          this.db
            .prepare(
              `INSERT INTO derived_edits (map_id, seq, before_ground_hash, before_substitutes_hash, after_ground_hash, after_substitutes_hash) VALUES (?, ?, ?, ?, ?, ?)`,
            )
            .run(id, entry.seq, link.groundHash, link.substitutesHash, h.groundHash, h.substitutesHash);
        }
        this.db.prepare('UPDATE maps SET meta = ? WHERE id = ?').run(JSON.stringify({ ...meta, name }), id);
      }
      this.setHashes(id, h);
      // The content now answers to this dependency (a link from before version 3 gains one).
      if (h.dependency !== undefined) this.db.prepare('UPDATE derived_maps SET ground_tiles = ? WHERE map_id = ?').run(encodeDependency(h.dependency), id);
      return { entry, replaced, summary: this.maps.get(id)! };
    });
  }

  /**
   * Called by the project inside the transaction that undid or redid journal entry `seq` of
   * `mapId`: a re-derivation's entry carries the hashes of the content it leaves.
   */
  replayed(mapId: string, seq: number, direction: 'undo' | 'redo'): void {
    const row = this.db.prepare('SELECT * FROM derived_edits WHERE map_id = ? AND seq = ?').get(mapId, seq) as
      | { before_ground_hash: string; before_substitutes_hash: string; after_ground_hash: string; after_substitutes_hash: string }
      | undefined;
    if (!row) return;
    this.setHashes(
      mapId,
      direction === 'undo'
        ? { groundHash: row.before_ground_hash, substitutesHash: row.before_substitutes_hash }
        : { groundHash: row.after_ground_hash, substitutesHash: row.after_substitutes_hash },
    );
  }

  private setHashes(mapId: string, h: DerivationHashes): void {
    this.db.prepare('UPDATE derived_maps SET ground_hash = ?, substitutes_hash = ?, updated_at = ? WHERE map_id = ?').run(h.groundHash, h.substitutesHash, this.ctx.now(), mapId);
  }
}
